export * from './types';
export * from './zone';
export * from './order';
export * from './clock';
export * from './posts';
export * from './compose';
export * from './query';
export * from './deadline';
