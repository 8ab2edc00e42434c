export * from './rules';
export * from './extract';
export * from './tally';
export * from './cache';
