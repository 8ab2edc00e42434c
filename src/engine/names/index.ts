export * from './match';
export * from './link';
export { accountStem } from './account-stem';
export * from './nicknames';
