export * from './types';
export { tallyDay } from './tally';
export { majorityVoteRules } from './post-tally';
export { majorityOf, tallyMajority } from './majority';
export { familyCourtBallots, tallyFamilyCourt } from './family-court';
export { colorCounts, currentBallot, huntRefusal, pluralityBallots, tallyWeightedPlurality, type HuntRefusal } from './weighted-plurality';
export { isVoteImmune, targetVoid, voterVoid } from './eligibility';
export { huntApprovalBallot, isNightImmune, isVoteImmuneToday } from './day-004';
export {
  approvalKey,
  huntApprovals,
  readHuntApprovals,
  type ApprovalCandidate,
  type ApprovalReadReason,
  type ApprovalVoidReason,
  type HuntApproval,
  type HuntApprovalCount,
} from './hunt-approvals';
export { opensVote, voteOpeningOf, type VoteOpening, type VoteOpeningSource } from './vote-opening';
export { voteOpeningsSet } from './vote-opening-set';
export { dayClockInput, voteOpensAfter, type DayTimes } from './day-clock';
export { dayDeadlines, dayProtections, secretaryChoices, voteOpensOn, type DayClockInput } from './day-004-roles';
