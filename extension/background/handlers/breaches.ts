/**
 * The host's breach ledger for a game: the breaches the game's rules find in
 * its thread (the same ones the thread's panel lists), per player, with the
 * host's pardons, and the standing each player is left with under the
 * game's thresholds (warned, mod kill due, exiled). The host may change the
 * game's breach rules (they start as its ruleset's) and pardon several
 * breaches at once with one note.
 */
import { breachRulesReader, buildLedger, json, thresholdTerms, type BreachRules, type Pardon } from '../../../src/engine';
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
import { setGameBreachRules } from '../../storage/repository';
import type { GavelDatabase } from '../../storage/schema';
import { contextFromGame, presetBreachRules } from '../count-view';
import { countThread, type ThreadCount } from '../thread-count';

type BreachMessages = 'breach/ledger' | 'breach/pardon' | 'breach/unpardon' | 'breach/pardon-many' | 'breach/rules';

/** The most breaches one bulk pardon takes. */
export const maxBulkPardon = 2000;

/** Most serious first: the order players are listed in. */
const standingOrder: Readonly<Record<BreachStanding, number>> = { exiled: 0, 'mod-kill-due': 1, warned: 2, clear: 3 };

async function mustGame(db: GavelDatabase, id: string): Promise<GameRecord> {
  const game = await getGame(db, id);
  if (game === null) throw new GavelError('game/not-found', `There is no game "${id}": it may have been deleted`);
  return game;
}

/** Breach rules from a page, checked field by field: a rule the engine cannot apply is refused with where it is wrong. */
export function checkBreachRules(value: unknown): BreachRules {
  const read = json.readJsonValue(value, breachRulesReader, 'breach rules');
  if (!read.ok) throw new GavelError('breach/bad-rules', `These breach rules cannot be used: ${json.formatProblems(read.problems)}`);
  return read.value;
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
  const base = {
    gameId: game.id,
    rules: rules.id,
    thresholds: thresholdTerms(rules.thresholds),
    breachRules: rules,
    presetRules: presetBreachRules(game),
    custom: game.breachRules !== undefined,
    timeZone: game.timeZone,
  };
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
    'breach/pardon-many': async ({ gameId, breachIds, note }) => {
      const game = await mustGame(db(), gameId);
      const why = note.trim();
      if (why === '') throw new GavelError('breach/no-note', 'A pardon needs a note: say why');
      const ids = [...new Set(breachIds)];
      if (ids.length === 0) throw new GavelError('breach/none-chosen', 'Choose the breaches to pardon');
      if (ids.length > maxBulkPardon) throw new GavelError('breach/too-many', `At most ${maxBulkPardon} breaches can be pardoned at once`);
      const counted = await countGame(db(), game);
      const found = new Set(!('reason' in counted) && counted.result.ok ? counted.result.breaches.map((b) => b.id) : []);
      const unknown = ids.filter((id) => !found.has(id));
      if (unknown.length > 0)
        throw new GavelError(
          'breach/unknown',
          `There is no breach "${unknown[0] ?? ''}" in ${game.title}: the thread or the setup may have changed`,
        );
      const at = now();
      // One note for all of them, written together: either every chosen breach is pardoned or none is.
      await db().transaction('rw', db().pardons, async () => {
        for (const breachId of ids) await addPardon(db(), { gameId, breachId, note: why, pardonedAt: at });
      });
      return ledgerView(game, counted, await listPardons(db(), game.id));
    },
    'breach/rules': async ({ gameId, rules }) => {
      await mustGame(db(), gameId);
      const checked = rules === null ? null : checkBreachRules(rules);
      if (!(await setGameBreachRules(db(), gameId, checked, now())))
        throw new GavelError('game/not-found', `There is no game "${gameId}": it may have been deleted`);
      return ledgerOf(await mustGame(db(), gameId));
    },
    'breach/unpardon': async ({ gameId, breachId }) => {
      const game = await mustGame(db(), gameId);
      if (!(await removePardon(db(), gameId, breachId)))
        throw new GavelError('breach/not-pardoned', `The breach "${breachId}" is not pardoned`);
      return ledgerOf(game);
    },
  };
}
