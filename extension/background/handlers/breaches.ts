/**
 * The host's breach ledger for a game: the breaches the game's rules find in
 * its thread (the same ones the thread's panel lists), per player, with the
 * host's pardons, and the standing each player is left with under the
 * ruleset's thresholds (warned, mod kill due, exiled).
 */
import { buildLedger, currentName, type Breach, type BreachReason, type LedgerThresholds, type Pardon, type Sanction } from '../../../src/engine';
import { GavelError } from '../../shared/errors';
import type { Handlers } from '../../shared/messaging';
import type { BreachLedgerView, BreachStanding, BreachView, GameRecord, LedgerBreachView, PardonEntry, PlayerLedgerView } from '../../shared/protocol';
import { addPardon, getGame, listPardons, removePardon } from '../../storage/games';
import { getPosts } from '../../storage/repository';
import type { GavelDatabase } from '../../storage/schema';
import { contextFromGame, countFromPosts, type CountContext } from '../count-view';

type BreachMessages = 'breach/ledger' | 'breach/pardon' | 'breach/unpardon';

/** The sanction behind the words count-view gives each breach. */
const sanctionOfWords: Readonly<Record<string, Sanction>> = {
  'recorded only': 'none',
  'not counted': 'not-counted',
  warning: 'warning',
  "host's call": 'host-decides',
  strike: 'strike',
  'vote goes against themself': 'vote-against-self',
  'mod kill': 'mod-kill',
  exile: 'exile',
};

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

/** The engine's breach behind a view: reason from its id, slot from the player's name, sanction from its words. */
function breachOfView(view: BreachView, ctx: CountContext): Breach {
  const at = view.id.indexOf('@');
  const reason = (at < 0 ? view.id : view.id.slice(0, at)) as BreachReason;
  const slot = ctx.roster.slots.find((s) => currentName(s) === view.player);
  const sanction = sanctionOfWords[view.sanction];
  if (sanction === undefined) throw new GavelError('breach/unknown-sanction', `Gavel does not know the sanction "${view.sanction}" of breach ${view.id}`);
  return {
    id: view.id,
    reason,
    slot: slot?.id ?? null,
    account: view.player,
    post: null,
    phase: null,
    occurrence: 1,
    sanction,
    rule: view.ruleText,
    detail: view.detail,
  };
}

interface Computed {
  readonly ledger: BreachLedgerView;
  readonly ids: ReadonlySet<string>;
}

/** The game's ledger from its thread's stored posts, its context and its pardons. */
async function computeLedger(db: GavelDatabase, game: GameRecord): Promise<Computed> {
  const ctx = contextFromGame(game);
  const pardons = await listPardons(db, game.id);
  const base = { gameId: game.id, rules: ctx.breachRules.id, thresholds: thresholdWords(ctx.breachRules.thresholds) };
  const unmatchedAll = pardons.map((p) => ({ breachId: p.breachId, note: p.note }));
  if (game.threadKey === null) {
    return { ledger: { ...base, players: [], reason: 'This game has no thread yet: choose its thread in the setup', unmatchedPardons: unmatchedAll }, ids: new Set() };
  }
  const split = game.threadKey.indexOf('|');
  const posts = await getPosts(db, game.threadKey.slice(0, split), game.threadKey.slice(split + 1));
  const result = countFromPosts(
    posts.map((p) => p.post),
    { dialect: game.dialect, context: ctx },
  );
  if (!result.ok) return { ledger: { ...base, players: [], reason: result.reason, unmatchedPardons: unmatchedAll }, ids: new Set() };
  const views = result.count.breaches;
  const byId = new Map(views.map((v) => [v.id, v]));
  const pardonOf = new Map<string, PardonEntry>(pardons.map((p) => [p.breachId, p]));
  const enginePardons: Pardon[] = pardons.map((p) => ({ breachId: p.breachId, note: p.note }));
  const ledger = buildLedger(
    views.map((v) => breachOfView(v, ctx)),
    ctx.roster,
    ctx.breachRules,
    enginePardons,
  );
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
    ledger: {
      ...base,
      players: order.map((o) => o.p),
      reason: null,
      unmatchedPardons: pardons.filter((p) => unmatched.has(p.breachId)).map((p) => ({ breachId: p.breachId, note: p.note })),
    },
    ids: new Set(byId.keys()),
  };
}

/** The breach ledger messages; `now` stamps pardons. */
export function breachHandlers(db: () => GavelDatabase, now: () => number): Pick<Handlers, BreachMessages> {
  return {
    'breach/ledger': async ({ gameId }) => (await computeLedger(db(), await mustGame(db(), gameId))).ledger,
    'breach/pardon': async ({ gameId, breachId, note }) => {
      const game = await mustGame(db(), gameId);
      const why = note.trim();
      if (why === '') throw new GavelError('breach/no-note', 'A pardon needs a note: say why');
      const { ids } = await computeLedger(db(), game);
      if (!ids.has(breachId)) throw new GavelError('breach/unknown', `There is no breach "${breachId}" in ${game.title}: the thread or the setup may have changed`);
      await addPardon(db(), { gameId, breachId, note: why, pardonedAt: now() });
      return (await computeLedger(db(), game)).ledger;
    },
    'breach/unpardon': async ({ gameId, breachId }) => {
      const game = await mustGame(db(), gameId);
      if (!(await removePardon(db(), gameId, breachId))) throw new GavelError('breach/not-pardoned', `The breach "${breachId}" is not pardoned`);
      return (await computeLedger(db(), game)).ledger;
    },
  };
}
