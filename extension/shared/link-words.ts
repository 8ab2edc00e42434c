/**
 * The words for account links (`findAccountLinks`): the evidence that an
 * account is a slot's player, and why a link was held back for the host. The
 * panel and the popup both say them, in the host's language.
 */
import type { LinkEvidence, LinkHeldBack } from '../../src/engine';
import type { MessageKey, Translator } from './i18n';
import type { AccountLinkView } from './views';

const heldBackKey: { readonly [R in LinkHeldBack]: MessageKey } = {
  'link/several-slots': 'panel_link_reason_several_slots',
  'link/slot-has-poster': 'panel_link_reason_slot_has_poster',
  'link/weak-evidence': 'panel_link_reason_weak',
  'link/slot-claimed-twice': 'panel_link_reason_claimed_twice',
  'link/off': 'panel_link_reason_off',
};

/** One piece of evidence in words ("misspelling of “jilyne1991”"). */
function evidenceWords(t: Translator, e: LinkEvidence): string {
  switch (e.kind) {
    case 'renamed':
      return t('panel_evidence_renamed', e.name);
    case 'edit-distance':
      return t('panel_evidence_edit_distance', e.name);
    case 'initials':
      return t('panel_evidence_initials', e.name);
    case 'abbreviation':
      return t('panel_evidence_abbreviation', e.name);
    case 'shared-start':
      return t('panel_evidence_shared_start', e.name);
    case 'elimination':
      return t('panel_evidence_elimination');
    case 'took-over':
      return t('panel_evidence_took_over', e.lastPost);
  }
}

/** A link's evidence in words, joined. */
export function linkEvidenceWords(t: Translator, evidence: readonly LinkEvidence[]): string {
  return evidence.map((e) => evidenceWords(t, e)).join('; ');
}

/** Why a link was only suggested, in words. */
export function linkHeldBackWords(t: Translator, reason: LinkHeldBack): string {
  return t(heldBackKey[reason]);
}

/**
 * One link as a line: "X posts as Y (evidence)" when applied, "X may be Y (evidence), not linked: why" when
 * held back. The panel and the popup word it their own way (`keys`) with the same four parts.
 */
export function linkLineWords(
  t: Translator,
  link: AccountLinkView,
  keys: { readonly applied: MessageKey; readonly suggested: MessageKey },
): string {
  const evidence = linkEvidenceWords(t, link.evidence);
  return link.applied
    ? t(keys.applied, link.account, link.slot, evidence)
    : t(keys.suggested, link.account, link.slot, evidence, link.heldBack === null ? '' : linkHeldBackWords(t, link.heldBack));
}
