export * from './types';
export * from './zone';
export * from './clock';
export * from './posts';
export * from './compose';
export * from './query';
