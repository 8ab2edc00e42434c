export * from './types';
export { countThread, countNames, deathsOfEvents, slotName } from './count';
export { composeVoteCountPost, type VoteCountFacts } from './compose';
export { countRulesFor, mafiascumRuleset, voteRulesOf } from './rules';
export { createThreadCounter, type ThreadCounter, type CounterStats } from './incremental';
