export * from './types';
export * from './rules';
export * from './holders';
export * from './detect';
export * from './ledger';
export * from './announced';
export * from './words';
export * from './reader';
