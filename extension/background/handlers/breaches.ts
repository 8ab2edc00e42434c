/**
 * The host's breach ledger for a game: the breaches the game's rules find in
 * its thread (the same ones the thread's panel lists), per player, with the
 * host's pardons, and the standing each player is left with under the
 * ruleset's thresholds (warned, mod kill due, exiled).
 */
import { buildLedger, type LedgerThresholds, type Pardon } from '../../../src/engine';
import { GavelError } from '../../shared/errors';
import type { Handlers } from '../../shared/messaging';
import {
  parseThreadKey,
  type BreachLedgerView,
  type BreachStanding,
  type GameRecord,
  type LedgerBreachView,
  type PardonEntry,
  type PlayerLedgerView,
} from '../../shared/protocol';
import { addPardon, getGame, listPardons, removePardon } from '../../storage/games';
import type { GavelDatabase } from '../../storage/schema';
import { contextFromGame } from '../count-view';
import { countThread, type ThreadCount } from '../thread-count';

type BreachMessages = 'breach/ledger' | 'breach/pardon' | 'breach/unpardon';

/** Most serious first: the order players are listed in. */
const standingOrder: Readonly<Record<BreachStanding, number>> = { exiled: 0, 'mod-kill-due': 1, warned: 2, clear: 3 };

async function mustGame(db: GavelDatabase, id: string): Promise<GameRecord> {
  const game = await getGame(db, id);
  if (game === null) throw new GavelError('game/not-found', `There is no game "${id}": it may have been deleted`);
  return game;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The ruleset's thresholds in a host's words. */
export function thresholdWords(t: LedgerThresholds): string {
  const parts: string[] = [];
  if (t.warningsPerStrike !== null && t.warningsPerStrike > 0) parts.push(`${plural(t.warningsPerStrike, 'warning')} make a strike`);
  if (t.strikesToModKill !== null) parts.push(`${plural(t.strikesToModKill, 'strike')}: mod kill`);
  if (t.strikesToExile !== null) parts.push(`${plural(t.strikesToExile, 'strike')}: exile`);
  return parts.length === 0 ? "Each breach's own sanction applies: these rules do not add warnings up to strikes." : `${parts.join('; ')}.`;
}

/** The game's thread counted with its context and pardons (null thread: no count, and why). */
async function countGame(db: GavelDatabase, game: GameRecord): Promise<ThreadCount | { readonly reason: string }> {
  if (game.threadKey === null) return { reason: 'This game has no thread yet: choose its thread in the setup' };
  const { origin, threadId } = parseThreadKey(game.threadKey);
  return countThread(db, origin, threadId, { game });
}

/** The ledger of a counted game under these pardons: the engine's breaches, in the words the thread's panel uses. */
function ledgerView(
  game: GameRecord,
  counted: ThreadCount | { readonly reason: string },
  pardons: readonly PardonEntry[],
): BreachLedgerView {
  const rules = contextFromGame(game).breachRules;
  const base = { gameId: game.id, rules: rules.id, thresholds: thresholdWords(rules.thresholds) };
  const unmatchedAll = pardons.map((p) => ({ breachId: p.breachId, note: p.note }));
  if ('reason' in counted) return { ...base, players: [], reason: counted.reason, unmatchedPardons: unmatchedAll };
  const { result } = counted;
  if (!result.ok) return { ...base, players: [], reason: result.reason, unmatchedPardons: unmatchedAll };
  const byId = new Map(result.count.breaches.map((v) => [v.id, v]));
  const pardonOf = new Map<string, PardonEntry>(pardons.map((p) => [p.breachId, p]));
  const enginePardons: Pardon[] = pardons.map((p) => ({ breachId: p.breachId, note: p.note }));
  const ledger = buildLedger(result.breaches, game.roster, rules, enginePardons);
  const players: PlayerLedgerView[] = ledger.players.map((player) => ({
    slot: player.slot,
    name: player.name,
    standing: player.status,
    warnings: player.warnings,
    strikes: player.strikes,
    breaches: player.entries.flatMap((entry): LedgerBreachView[] => {
      const view = byId.get(entry.id);
      if (view === undefined) return [];
      const { pardoned: _pardoned, ...rest } = view;
      const pardon = pardonOf.get(entry.id);
      return [{ ...rest, pardon: entry.pardoned && pardon !== undefined ? { note: pardon.note, pardonedAt: pardon.pardonedAt } : null }];
    }),
  }));
  // Players with breaches first, the most serious standing first; otherwise the roster's order.
  const order = players.map((p, i) => ({ p, i }));
  order.sort((a, b) => {
    const aHas = a.p.breaches.length > 0 ? 0 : 1;
    const bHas = b.p.breaches.length > 0 ? 0 : 1;
    return aHas - bHas || standingOrder[a.p.standing] - standingOrder[b.p.standing] || a.i - b.i;
  });
  const unmatched = new Set(ledger.unmatchedPardons);
  return {
    ...base,
    players: order.map((o) => o.p),
    reason: null,
    unmatchedPardons: pardons.filter((p) => unmatched.has(p.breachId)).map((p) => ({ breachId: p.breachId, note: p.note })),
    ...(result.count.numbering === undefined ? {} : { numbering: result.count.numbering }),
  };
}

/** The breach ledger messages; `now` stamps pardons. */
export function breachHandlers(db: () => GavelDatabase, now: () => number): Pick<Handlers, BreachMessages> {
  const ledgerOf = async (game: GameRecord): Promise<BreachLedgerView> =>
    ledgerView(game, await countGame(db(), game), await listPardons(db(), game.id));
  return {
    'breach/ledger': async ({ gameId }) => ledgerOf(await mustGame(db(), gameId)),
    'breach/pardon': async ({ gameId, breachId, note }) => {
      const game = await mustGame(db(), gameId);
      const why = note.trim();
      if (why === '') throw new GavelError('breach/no-note', 'A pardon needs a note: say why');
      const counted = await countGame(db(), game);
      const found = !('reason' in counted) && counted.result.ok && counted.result.breaches.some((b) => b.id === breachId);
      if (!found)
        throw new GavelError(
          'breach/unknown',
          `There is no breach "${breachId}" in ${game.title}: the thread or the setup may have changed`,
        );
      await addPardon(db(), { gameId, breachId, note: why, pardonedAt: now() });
      // A pardon changes the ledger, not the breaches: the thread is not counted again.
      return ledgerView(game, counted, await listPardons(db(), game.id));
    },
    'breach/unpardon': async ({ gameId, breachId }) => {
      const game = await mustGame(db(), gameId);
      if (!(await removePardon(db(), gameId, breachId)))
        throw new GavelError('breach/not-pardoned', `The breach "${breachId}" is not pardoned`);
      return ledgerOf(game);
    },
  };
}
