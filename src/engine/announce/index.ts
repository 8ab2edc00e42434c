export { escapeText, renderPlain, renderTemplate, type Dialect, type TemplateValue } from './render';
export {
  comparePhases,
  composeGameEnd,
  composePhaseStart,
  composePrivateMessages,
  composeVoteResult,
  composeWinner,
  revealOf,
  type PrivateMessage,
} from './compose';
export { composeNightResults } from './night-results';
