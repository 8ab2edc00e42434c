/**
 * The host's night and day: role-PM actions entered per night, the night
 * resolved by the ruleset's resolver (with a stored seed, so it replays), the
 * resolution applied to the game's event log with the posts it gives (the
 * engine's game flow, `resolveGameNight` and `applyNight`, does both), the
 * game's vote count, and the record of posts the host copied.
 */
import {
  applyNight,
  checkAction,
  checkForged,
  createRng,
  deriveState,
  endedPhasePosts,
  eventsToAppend,
  refuseUnlessInProgress,
  resolveGameNight,
  roleAbilities,
  takesText,
  type ActionRejection,
  type ForgedResult,
  type GameEvent,
  type GameState,
  type NightResolution,
  type Ruleset,
  type RulesetAbility,
} from '../../../src/engine';
import { countedMessage, engineMessage, word, type EngineMessage } from '../../../src/engine/words';
import { GavelError } from '../../shared/errors';
import type { Handlers } from '../../shared/messaging';
import {
  parseThreadKey,
  type GameRecord,
  type NightActionItem,
  type NightPosts,
  type NightResolutionEntry,
  type NightView,
} from '../../shared/protocol';
import {
  addNightAction,
  addPublishedPost,
  applyNightEvents,
  dropUnappliedResolution,
  getGame,
  getNightResolution,
  listNightActionItems,
  removeNightAction,
  saveNightResolution,
} from '../../storage/games';
import type { GavelDatabase } from '../../storage/schema';
import { skippedReason } from './thread';
import { countThread } from '../thread-count';
import { flowError, flowOptionsOf } from './day';

type NightMessages =
  'night/actions' | 'night/add-action' | 'night/remove-action' | 'night/resolve' | 'night/apply' | 'game/count' | 'post/published';

async function mustGame(db: GavelDatabase, id: string): Promise<GameRecord> {
  const game = await getGame(db, id);
  if (game === null) throw new GavelError('game/not-found', `There is no game "${id}": it may have been deleted`);
  return game;
}

const startTheNight = 'start the night in the event log first';

/** The longest words a move may hand on: as the game file reads them (`moveText`). */
const moveTextLimit = 20_000;

/** The game's state, refused unless the night asked for is the phase in progress. */
function nightState(game: GameRecord, night: number): GameState {
  const state = deriveState(game.events);
  const refused = refuseUnlessInProgress(state, { kind: 'night', number: night });
  if (refused !== null) throw flowError(refused, 'night', startTheNight);
  return state;
}

/** An ability use the engine refused, as words for the host's language (the day's moves say a wrong phase their own way). */
export const rejectionMessages: Readonly<Record<ActionRejection, (name: string) => EngineMessage>> = {
  'action/actor-unknown': (name) => engineMessage('night/rejected-actor-unknown', word.text(name)),
  'action/actor-dead': (name) => engineMessage('night/rejected-actor-dead', word.text(name)),
  'action/actor-blocked': (name) => engineMessage('night/rejected-actor-blocked', word.text(name)),
  'action/no-such-ability': (name) => engineMessage('night/rejected-no-such-ability', word.text(name)),
  'action/wrong-phase': (name) => engineMessage('night/rejected-wrong-phase', word.text(name)),
  'action/wrong-day': (name) => engineMessage('night/rejected-wrong-day', word.text(name)),
  'action/needs-title': (name) => engineMessage('night/rejected-needs-title', word.text(name)),
  'action/uses-exhausted': (name) => engineMessage('night/rejected-uses-exhausted', word.text(name)),
  'action/self-target-limit': (name) => engineMessage('night/rejected-self-target-limit', word.text(name)),
  'action/own-family-limit': (name) => engineMessage('night/rejected-own-family-limit', word.text(name)),
  'action/target-unknown': (name) => engineMessage('night/rejected-target-unknown', word.text(name)),
  'action/over-limit': (name) => engineMessage('night/rejected-over-limit', word.text(name)),
  'action/target-not-voter': (name) => engineMessage('night/rejected-target-not-voter', word.text(name)),
  'action/nobody-controlled': (name) => engineMessage('night/rejected-nobody-controlled', word.text(name)),
  'action/forged-not-allowed': (name) => engineMessage('night/rejected-forged-not-allowed', word.text(name)),
  'action/forged-misfit': (name) => engineMessage('night/rejected-forged-misfit', word.text(name)),
  'action/forged-blackening-misfit': (name) => engineMessage('night/rejected-forged-blackening-misfit', word.text(name)),
  'action/forged-side-unknown': (name) => engineMessage('night/rejected-forged-side-unknown', word.text(name)),
  'action/one-move-a-day': (name) => engineMessage('night/rejected-one-move-a-day', word.text(name)),
};

export const rejections: Readonly<Record<ActionRejection, string>> = {
  'action/actor-unknown': 'is not a player of this game',
  'action/actor-dead': 'is dead, and the dead do not act',
  'action/actor-blocked': 'has a status that stops them acting',
  'action/no-such-ability': 'has no such ability in their role',
  'action/wrong-phase': 'cannot use that ability at night',
  'action/wrong-day': 'may make that move only at the end of its own day',
  'action/needs-title': 'holds no title that move needs (004: a patronage only as the Mayor or his Secretary)',
  'action/uses-exhausted': 'has used up that ability',
  'action/self-target-limit': 'may not target themselves with that ability',
  'action/own-family-limit': 'may not target their own family with that ability again',
  'action/target-unknown': 'named a target who is not in the game',
  'action/over-limit': 'named more players than the role allows now',
  'action/target-not-voter': 'named a player who does not vote for them',
  'action/nobody-controlled': 'controls nobody’s posts today, so has no vote to cast for another',
  'action/forged-not-allowed':
    'may not substitute what the Investigator is handed with that move (004 L85, L86, L77: only the black and the Faceless’s Commissar and Detective may)',
  'action/forged-misfit': 'named a substitution that is not in the form of that move’s result (a colour for a check, places for a track)',
  'action/forged-blackening-misfit':
    'may not substitute a blackening with that move: it hands the Investigator none (004 L86: the Detective’s track alone)',
  'action/forged-side-unknown': 'named a side of the blackening that these rules do not have (004 L86)',
  'action/one-move-a-day': 'made another of the moves that go one at a time today (004 L8: a check’s verification, a role request)',
};

/** A substitution as stored: its own arrays, nothing else the message carried. */
function copyForged(f: ForgedResult): ForgedResult {
  const side = (v: boolean | readonly string[]): boolean | readonly string[] => (typeof v === 'boolean' ? v : [...v]);
  return {
    ...(f.value === undefined ? {} : { value: side(f.value) }),
    ...(f.when === undefined ? {} : { when: side(f.when) }),
    // 004 L86: a track's substituted blackening (a side, null for none) and its condition.
    ...(f.blackening === undefined ? {} : { blackening: f.blackening }),
    ...(f.blackeningWhen === undefined ? {} : { blackeningWhen: f.blackeningWhen }),
  };
}

/** When a PM was sent, for ordering: the time the host gave, else when it was entered. */
const sentAt = (a: NightActionItem): number => a.pmAt ?? a.enteredAt;

/** The game's log with the night's actions as ability uses, in the order the PMs were sent. */
function withActions(game: GameRecord, actions: readonly NightActionItem[]): GameEvent[] {
  const ordered = [...actions].sort((a, b) => sentAt(a) - sentAt(b) || a.id - b.id);
  return [
    ...game.events,
    ...ordered.map((a): GameEvent => ({
      type: 'action/use',
      actor: a.actor,
      ability: a.ability,
      targets: a.targets,
      ...(a.text === undefined ? {} : { text: a.text }),
      // 004 L85, L86, L77: the substitution entered with the move goes to the night.
      ...(a.forged === undefined ? {} : { forged: a.forged }),
    })),
  ];
}

/** The night resolved by the engine's flow from the log with the night's actions, and that log. */
function resolve(
  game: GameRecord,
  night: number,
  actions: readonly NightActionItem[],
  seed: number,
): { readonly resolution: NightResolution; readonly log: GameEvent[] } {
  const log = withActions(game, actions);
  // 004 L45: the Maid reads her target's end-of-day words as this game's posts word them.
  const resolved = resolveGameNight(log, game.ruleset.data, night, createRng(seed), flowOptionsOf(game));
  if (resolved.ok) return { resolution: resolved.resolution, log };
  if (resolved.code === 'flow/no-night-rules')
    throw new GavelError(
      'night/no-resolver',
      `Gavel has no night resolver for the ruleset "${game.ruleset.data.name}": enter the night's deaths in the event log by hand`,
    );
  throw flowError(resolved, 'night', startTheNight);
}

/** Living players with a night ability and no action this night; a faction's shared ability counts as sent once one member sent it. */
function waitingFor(game: GameRecord, state: GameState, actions: readonly NightActionItem[]): NightView['waiting'] {
  const ruleset = game.ruleset.data;
  return state.players.flatMap((p) => {
    if (!p.alive) return [];
    const abilities = roleAbilities(p, ruleset).filter((a) => a.timing === 'night' || a.timing === 'day-or-night');
    if (abilities.length === 0) return [];
    if (actions.some((a) => a.actor === p.slot.id)) return [];
    const shared = abilities.filter((ab) => ab.id === 'factional-kill' || ab.id === 'faction-kill');
    const coveredByFaction =
      shared.length > 0 &&
      shared.length === abilities.length &&
      actions.some(
        (a) => shared.some((s) => s.id === a.ability) && state.players.find((q) => q.slot.id === a.actor)?.faction === p.faction,
      );
    if (coveredByFaction) return [];
    return [{ slotId: p.slot.id, name: p.name, abilities: abilities.map((a) => a.name) }];
  });
}

/**
 * The posts an applied night gave: the start post of the day that followed it
 * and the night's private results, composed again from the log by the
 * engine's flow (null while that day has not begun).
 */
function postsOf(game: GameRecord, night: number): NightPosts | null {
  // Without a day's tally the private messages make no random choice: the seed is a formality here.
  const options = { ...flowOptionsOf(game), nightResolved: true };
  const ended = endedPhasePosts(game.events, game.ruleset.data, { kind: 'night', number: night }, options, createRng(0));
  if (ended === null || ended.next === null) return null;
  return { phase: ended.next.phase, dialect: game.dialect, dayStart: ended.next.openingPost, privateMessages: ended.privateMessages };
}

async function nightView(db: GavelDatabase, game: GameRecord, night: number): Promise<NightView> {
  const [actions, resolution] = await Promise.all([listNightActionItems(db, game.id, night), getNightResolution(db, game.id, night)]);
  const state = deriveState(game.events);
  const tonight = state.phase?.kind === 'night' && state.phase.number === night;
  const posts = resolution?.applied === true ? postsOf(game, night) : null;
  return { gameId: game.id, night, actions, waiting: tonight ? waitingFor(game, state, actions) : [], resolution, posts };
}

/**
 * The ability a night move names: one of the player's roles', a role's own move `<role>/<ability>` (004 L47, the
 * Wizard's move of an absent role), or a Wizard's declaration `<role>/<his ability>` of a role that has no such move,
 * which takes no target (L47).
 */
function moveOf(ruleset: Ruleset, own: readonly RulesetAbility[], ability: string): RulesetAbility | undefined {
  const found = own.find((a) => a.id === ability);
  if (found !== undefined || !ability.includes('/')) return found;
  const [roleId = '', id = ''] = ability.split('/', 2);
  const role = ruleset.roles.find((r) => r.id === roleId);
  if (role === undefined) return undefined;
  const borrowed = role.abilities.find((a) => a.id === id);
  if (borrowed !== undefined) return borrowed;
  const declared = own.find((a) => a.id === id);
  return declared === undefined ? undefined : { ...declared, id: ability, targets: 0 };
}

/**
 * The night and day messages. `newSeed` gives each resolution its seed (random
 * in the worker, fixed in tests); `now` stamps entries.
 */
export function nightHandlers(db: () => GavelDatabase, now: () => number, newSeed: () => number): Pick<Handlers, NightMessages> {
  return {
    'night/actions': async ({ gameId, night }) => nightView(db(), await mustGame(db(), gameId), night),
    'night/add-action': async ({ gameId, night, actor, ability, targets, pmAt, text, forged }) => {
      const game = await mustGame(db(), gameId);
      const state = nightState(game, night);
      const player = state.players.find((p) => p.slot.id === actor);
      const name = player?.name ?? actor;
      const check = checkAction(state, game.ruleset.data, actor, ability, targets);
      if (!check.ok)
        throw new GavelError('night/bad-action', `${name} ${rejections[check.reason]}`, {
          details: { message: rejectionMessages[check.reason](name) },
        });
      // 004 L85, L86, L77: a substitution only on a move whose holder may forge, in the form of its result.
      const forgery = forged === undefined ? ({ ok: true } as const) : checkForged(state, game.ruleset.data, actor, ability, forged);
      if (!forgery.ok)
        throw new GavelError('night/bad-action', `${name} ${rejections[forgery.reason]}`, {
          details: { message: rejectionMessages[forgery.reason](name) },
        });
      const def = player === undefined ? undefined : moveOf(game.ruleset.data, roleAbilities(player, game.ruleset.data), ability);
      // Between the targets a use needs and those it may take (004 Doctor's two, L4; the night intake judges the rest).
      const least = def?.targets ?? 1;
      const part = def?.night;
      const most = Math.max(least, part !== undefined && 'maxTargets' in part ? (part.maxTargets ?? least) : least);
      const wanted = targets.length < least ? least : most;
      // A move the ruleset lets be sent empty (004 L100, L114: the black Kamikaze clears his list) takes no target too.
      const empty = targets.length === 0 && part !== undefined && 'mayBeEmpty' in part && part.mayBeEmpty === true;
      if (!empty && (targets.length < least || targets.length > most))
        throw new GavelError(
          'night/bad-action',
          `${def?.name ?? ability} takes ${wanted} target${wanted === 1 ? '' : 's'}, not ${targets.length}`,
          {
            details: { message: countedMessage('night/rejected-target-count', wanted, word.ability(ability), word.number(targets.length)) },
          },
        );
      if (pmAt !== null && !Number.isFinite(pmAt))
        throw new GavelError('night/bad-action', 'The time of the PM is not a time', {
          details: { message: engineMessage('night/rejected-pm-time') },
        });
      // 004 Maid (L45): words go with a move that hands them to its target, and with no other.
      const words = text?.trim() ?? '';
      if (words !== '' && !takesText(def))
        throw new GavelError('night/bad-action', `${def?.name ?? ability} hands its target no words`, {
          details: { message: engineMessage('night/rejected-text', word.ability(ability)) },
        });
      if (words.length > moveTextLimit)
        throw new GavelError('night/bad-action', `The words are too long: ${words.length} characters, at most ${moveTextLimit}`, {
          details: { message: engineMessage('night/rejected-text-length', word.number(words.length), word.number(moveTextLimit)) },
        });
      await addNightAction(db(), {
        gameId,
        night,
        actor,
        ability,
        targets: [...targets],
        pmAt,
        enteredAt: now(),
        ...(words === '' ? {} : { text: words }),
        ...(forged === undefined ? {} : { forged: copyForged(forged) }),
      });
      await dropUnappliedResolution(db(), gameId, night);
      return nightView(db(), game, night);
    },
    'night/remove-action': async ({ gameId, night, id }) => {
      const game = await mustGame(db(), gameId);
      const resolution = await getNightResolution(db(), gameId, night);
      if (resolution?.applied === true)
        throw new GavelError('night/applied', `Night ${night} is applied already: undo its events in the event log to change it`);
      if (!(await removeNightAction(db(), gameId, id))) throw new GavelError('night/no-action', 'That action is not there any more');
      await dropUnappliedResolution(db(), gameId, night);
      return nightView(db(), game, night);
    },
    'night/resolve': async ({ gameId, night }) => {
      const game = await mustGame(db(), gameId);
      nightState(game, night);
      const stored = await getNightResolution(db(), gameId, night);
      if (stored?.applied === true) throw new GavelError('night/applied', `Night ${night} is applied already`);
      const actions = await listNightActionItems(db(), gameId, night);
      const seed = newSeed() >>> 0;
      const { resolution } = resolve(game, night, actions, seed);
      const entry: NightResolutionEntry = { gameId, night, resolution, applied: false, resolvedAt: now(), seed };
      await saveNightResolution(db(), entry);
      return entry;
    },
    'night/apply': async ({ gameId, night }) => {
      const game = await mustGame(db(), gameId);
      nightState(game, night);
      const stored = await getNightResolution(db(), gameId, night);
      if (stored === null) throw new GavelError('night/not-resolved', `Night ${night} has not been resolved yet: resolve it first`);
      if (stored.applied) throw new GavelError('night/applied', `Night ${night} is applied already`);
      const actions = await listNightActionItems(db(), gameId, night);
      // The same actions and seed give the same resolution; anything else means the night changed since.
      const again = resolve(game, night, actions, stored.seed ?? 0);
      if (stored.seed === undefined || JSON.stringify(again.resolution) !== JSON.stringify(stored.resolution)) {
        throw new GavelError('night/stale', `Night ${night}'s actions changed since it was resolved: resolve it again`);
      }
      // The resolution's events, the ruleset's win check, and the next day or the end of the game.
      // A night's private messages make no random choice: the seed only has to be the night's own.
      const ended = applyNight(again.log, game.ruleset.data, night, again.resolution, flowOptionsOf(game), createRng(stored.seed));
      if (!ended.ok) throw flowError(ended, 'night', startTheNight);
      const events = [...again.log.slice(game.events.length), ...eventsToAppend(ended)];
      const applied = await applyNightEvents(db(), gameId, events, stored, now());
      if (ended.next === null) return { game: applied, posts: null };
      const posts: NightPosts = {
        phase: ended.next.phase,
        dialect: game.dialect,
        dayStart: ended.next.openingPost,
        privateMessages: ended.privateMessages,
      };
      return { game: applied, posts };
    },
    'game/count': async ({ gameId }) => {
      const game = await mustGame(db(), gameId);
      if (game.threadKey === null) return { count: null, reason: 'This game has no thread yet: choose its thread in the setup' };
      const { origin, threadId } = parseThreadKey(game.threadKey);
      // As the game page shows it: the game's deaths, on the game's day (one source with the page's header).
      // The day's time rules judge the posts by their times, and a day still running by the worker's clock (004 L150).
      const { result, skipped } = await countThread(db(), origin, threadId, { game, asGame: true, now: now() });
      if (!result.ok) return { count: null, reason: result.reason };
      return { count: result.count, reason: skipped.length === 0 ? null : skippedReason(skipped) };
    },
    'post/published': async (entry) => {
      await mustGame(db(), entry.gameId);
      if (entry.text.trim() === '') throw new GavelError('post/empty', 'There is no text to record');
      await addPublishedPost(db(), { ...entry, publishedAt: now() });
      return { recorded: true };
    },
  };
}
