/**
 * The engine's public surface: everything outside src/engine imports from here.
 * Pure functions over plain data; no DOM, no browser, no clock, no Math.random.
 */
export * from './types';
export { createRng, type Rng } from './rng';
export { invariant, assertNever } from './invariant';
export * from './votes';
export * from './names';
export * from './setup/player-list';
export * from './setup/stated-rules';
export * from './setup/setup-check';
export * from './setup/rename';
export * from './setup/look-alike';
export * from './setup/role-groups';
export * from './night';
export * from './phases';
export * from './breaches';
export * from './game';
export * from './rules';
export * from './voting';
export * from './win';
export * from './announce';
/** The JSON reading kit (`json.object`, `json.array`…) and the readers of the engine's saved data. */
export * as json from './json';
export { formatProblem, formatProblems, readJsonText, readJsonValue, type JsonProblem, type Reader, type ReadResult } from './json/read';
export { scriptProblems } from './game/script';
export * from './count';
export * from './words';
