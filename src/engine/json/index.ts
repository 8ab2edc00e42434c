export * from './read';
export * from './formats';
