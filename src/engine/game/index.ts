export * from './types';
export {
  applyEvent,
  deriveState,
  factionOf,
  hasStatus,
  hasStatusFlag,
  isCountedAlive,
  phaseIndex,
  playerOf,
  roleAbilities,
} from './derive';
export {
  checkAction,
  checkForged,
  forgeable,
  forgedFormFor,
  forgesBlackening,
  peacefulRoleIds,
  takesText,
  type ActionCheck,
  type ActionRejection,
} from './actions';
export { slaveDayMoveTold, type SlaveDayMove } from './slave-told-004';
export { dayKillEvents, type DayShot } from './day-kills';
export { facelessTallies, type FacelessTally } from './day-moves-004';
export { facelessFaces } from './day-004-faceless';
export { morningExaminationEvents } from './examinations-004';
export {
  dayDeathCause,
  deathCauseMessage,
  deathCauseOf,
  deathCauseText,
  deathCauseWords,
  nightDeathCauses,
  type DeathCause,
  type DeathCauseLanguage,
} from './death-causes';
export { playerView, type PlayerView, type SeenPlayer } from './player-view';
export {
  ballotWords,
  parseGameScript,
  type Expectation,
  type GameScript,
  type ScriptError,
  type ScriptParse,
  type ScriptPlayer,
  type ScriptStep,
} from './script';
export { phaseLabel, playGame, type ExpectationResult, type PhaseReport, type PlayResult, type PlayRun, type Rejection } from './play';
export {
  applyNight,
  applyNightResolution,
  endDay,
  endNight,
  endedPhasePosts,
  eventsToAppend,
  nightRulesFor,
  refuseUnlessInProgress,
  resolveGameNight,
  settleBallot,
  startGame,
  statusEndNotice,
  type BallotSettled,
  type DayEnd,
  type DayVerdict,
  type EndedPhasePosts,
  type FlowOptions,
  type FlowRefusal,
  type FlowRefusalCode,
  type FlowStep,
  type NextPhase,
  type NightApplication,
  type NightApplied,
  type PhaseEnd,
} from './flow';
export { noteRefusal, notesToPost, type NoteRefusal } from './night-notes';
