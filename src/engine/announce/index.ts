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
export {
  causeIn,
  defaultPostLanguage,
  formatAmount,
  isPostLanguage,
  nightResultWordsIn,
  postPhaseName,
  pluralForm,
  postLanguages,
  postNames,
  postPhrases,
  templatesIn,
  type PluralPhrase,
  type PostNames,
  type PostPhrases,
} from './phrases';
