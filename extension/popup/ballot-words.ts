/**
 * The day's ballots in the host's words: a ballot's name ("the Priest's
 * re-vote"), why the witch hunt cannot be called, and the notes a tally gives
 * (the engine's own sentences, in the host's language, with the ruleset's
 * names of its roles and titles).
 */
import { noteIn, postNames, type Ruleset, type TallyNote } from '../../src/engine';
import type { MessageKey, Translator } from '../shared/i18n';
import type { HuntApprovalsView, HuntRefusal } from '../shared/protocol';

const ballotKeys: Readonly<Record<string, MessageKey>> = {
  lynch: 'popup_ballot_lynch',
  runoff: 'popup_ballot_runoff',
  revote: 'popup_ballot_revote',
  extra: 'popup_ballot_extra',
  hunt: 'popup_ballot_hunt',
  election: 'popup_ballot_election',
  'election-runoff': 'popup_ballot_election_runoff',
};

/** A ballot by its name in the host's language; a ballot of the host's own rules by its id. */
export function ballotName(ballot: string, t: Translator): string {
  const key = ballotKeys[ballot];
  return key === undefined ? ballot : t(key);
}

const huntRefusalKeys: Readonly<Record<HuntRefusal, MessageKey>> = {
  'hunt/mayor-in-office': 'popup_hunt_refused_mayor',
  'hunt/already-held': 'popup_hunt_refused_held',
  'hunt/extra-vote': 'popup_hunt_refused_extra',
  'hunt/too-few-alive': 'popup_hunt_refused_few',
  'hunt/other-ballot': 'popup_hunt_refused_other_ballot',
};

export function huntRefusalText(refusal: HuntRefusal, t: Translator): string {
  return t(huntRefusalKeys[refusal]);
}

type ApprovalReason = NonNullable<HuntApprovalsView['list'][number]['reason']>;

const approvalReasonKeys: Readonly<Record<ApprovalReason, MessageKey>> = {
  'approval/not-main': 'popup_hunt_approval_not_main',
  'approval/repeated': 'popup_hunt_approval_repeated',
  'approval/too-early': 'popup_hunt_approval_too_early',
  'approval/too-late': 'popup_hunt_approval_too_late',
};

/** Why an approval read in the thread does not count (004 L164). */
export function approvalReasonText(reason: ApprovalReason, t: Translator): string {
  return t(approvalReasonKeys[reason]);
}

/** A tally's note as the engine words it in the host's language. */
export function tallyNoteText(note: TallyNote, ruleset: Ruleset, t: Translator): string {
  return noteIn(note, t.language, postNames(ruleset, t.language));
}
