export * from './match';
export * from './nicknames';
