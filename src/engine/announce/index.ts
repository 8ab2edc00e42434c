export { escapeText, renderPlain, renderTemplate, type Dialect, type TemplateValue } from './render';
export {
  comparePhases,
  composeGameEnd,
  composePhaseStart,
  composePrivateMessages,
  composeVoteResult,
  composeWinner,
  postResultNames,
  revealOf,
  type PrivateMessage,
} from './compose';
export { composeNightResults } from './night-results';
export {
  causeIn,
  defaultPostLanguage,
  formatAmount,
  isPostLanguage,
  noteIn,
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
export { composeRolePms, rolePmPhrases, type RolePm, type RolePmGap, type RolePmPlayer } from './role-pms';
