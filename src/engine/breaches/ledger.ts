/**
 * The host's mod-kill ledger: per player, the breaches with their sanctions,
 * warnings and strikes counted, and the resulting status under the ruleset's
 * thresholds. Pardons are an input list; a pardoned breach stays in the
 * ledger, marked, with the host's note, and no longer counts.
 */
import { normalizeName } from '../names/match';
import type { Roster } from '../types';
import { currentName } from '../types';
import type { Breach, BreachLedger, BreachRules, LedgerEntry, Pardon, PlayerLedger, PlayerStatus } from './types';

function standing(entries: readonly LedgerEntry[], rules: BreachRules): { warnings: number; strikes: number; status: PlayerStatus } {
  let warnings = 0;
  let strikes = 0;
  let modKill = false;
  let exile = false;
  for (const e of entries) {
    if (e.pardoned) continue;
    switch (e.sanction) {
      case 'warning':
      case 'host-decides':
        warnings++;
        break;
      case 'strike':
        strikes++;
        break;
      case 'mod-kill':
        modKill = true;
        break;
      case 'exile':
        exile = true;
        break;
      case 'none':
      case 'not-counted':
      case 'vote-against-self':
        break;
    }
  }
  const t = rules.thresholds;
  if (t.warningsPerStrike !== null && t.warningsPerStrike > 0) strikes += Math.floor(warnings / t.warningsPerStrike);
  if (t.strikesToExile !== null && strikes >= t.strikesToExile) exile = true;
  if (t.strikesToModKill !== null && strikes >= t.strikesToModKill) modKill = true;
  const status: PlayerStatus = exile ? 'exiled' : modKill ? 'mod-kill-due' : warnings > 0 || strikes > 0 ? 'warned' : 'clear';
  return { warnings, strikes, status };
}

/**
 * The ledger: every roster slot (in roster order, clear ones too), then every
 * non-player who breached a rule (by name). Entries keep the breaches' order.
 *
 * @example
 * buildLedger(findBreaches(input, breachRules001), roster, breachRules001, [{ breachId: 'post/edited@123', note: 'typo fix, allowed' }])
 */
export function buildLedger(
  breaches: readonly Breach[],
  roster: Roster,
  rules: BreachRules,
  pardons: readonly Pardon[] = [],
): BreachLedger {
  const notes = new Map<string, string>();
  for (const p of pardons) notes.set(p.breachId, p.note);
  const entries: LedgerEntry[] = breaches.map((b) => {
    const note = notes.get(b.id);
    return note === undefined ? { ...b, pardoned: false } : { ...b, pardoned: true, pardonNote: note };
  });
  const players: PlayerLedger[] = roster.slots.map((slot) => {
    const own = entries.filter((e) => e.slot === slot.id);
    return { slot: slot.id, name: currentName(slot), entries: own, ...standing(own, rules) };
  });
  const others = new Map<string, { name: string; entries: LedgerEntry[] }>();
  for (const e of entries) {
    if (e.slot !== null) continue;
    const key = normalizeName(e.account);
    const known = others.get(key) ?? { name: e.account, entries: [] };
    known.entries.push(e);
    others.set(key, known);
  }
  for (const [, other] of [...others.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    players.push({ slot: null, name: other.name, entries: other.entries, ...standing(other.entries, rules) });
  }
  const ids = new Set(breaches.map((b) => b.id));
  return { rules: rules.id, players, unmatchedPardons: pardons.filter((p) => !ids.has(p.breachId)).map((p) => p.breachId) };
}
