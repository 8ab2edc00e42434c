/**
 * Moves made between the vote and the night (seed 004's "в конце дня"), and
 * what a day's lynch does to lasting statuses, applied when a phase ends.
 * Each move is an ability the player used during the day (`action/use`);
 * what it does is the ruleset's data (`phaseEnd.dayMoves`, by ability id):
 *
 * - `lift-given-status` (L52 the Poisoner's antidote): the status the user
 *   gave the target ends; without it, the poison kills the next night.
 * - `partner-status` (L19 the Immortal's link, L36 the Fanatic's favourite,
 *   L43 the Cultist's marks): a status naming a partner (`with`), kept by the
 *   game between nights until it is removed.
 * - `end-partner-status` (L19: breaking the link).
 * - `release-held`, `destroy-held`, `destroy-on-lynch` (L53 the torture
 *   chamber: release, torture to the end, the lynched Executioner's rage).
 * - `successor` (L48 the Boss's Son, L55 the Daughter of the Head).
 * - `rumour` (L55: the Yakuza's reddening for the night after).
 * - `possess` (L18: the dead Phantom moves into a living player).
 *
 * A day's lynch also ends face cuts and scores for the Faceless
 * (`phaseEnd.faceCutLynch`, L60–L64). Pure: it reads the state at the
 * phase's end and returns the events to add.
 *
 * What these moves tell a player or the thread is an `EngineMessage`
 * (`day-end/*`, worded by the catalogs' `engine_day_end_*`), kept on the
 * `message/send` event so each reader words it in its language; the event's
 * `text` is the wording the caller gave for the game's posts.
 */
import type { Rng } from '../rng';
import type { DayMove, OpenQuestionHit, Ruleset } from '../rules/types';
import { rumourAllowed, scoresWhileDead } from './day-004-faceless';
import { engineMessage, plainMessage, word, type EngineMessage } from '../words';
import { playerOf, roleAbilities } from './derive';
import { newPartnerOf } from './groups-004';
import { keptRoleEvents } from './day-moves-004-kept-role';
import {
  facelessNightScore,
  facelessPhantomLeaves,
  heldByFacelessPhantom,
  isGreyPlayer,
  mayPossess,
  scoresWhilePossessing,
} from './day-moves-004-faceless';
import type { GameEvent, GameState, PhaseRef, PlayerState, RecordedAction, StatusInstance } from './types';

export interface DayMovesResult {
  readonly events: readonly GameEvent[];
  readonly openQuestions: readonly OpenQuestionHit[];
}

const samePhase = (a: PhaseRef | null | undefined, b: PhaseRef): boolean => a?.kind === b.kind && a.number === b.number;

/** Whether the player holds a role as first or second role. */
const holds = (p: PlayerState, role: string): boolean => p.role === role || p.secondRole === role;

const statusOf = (p: PlayerState, status: string): StatusInstance | undefined => p.statuses.find((s) => s.id === status);

/** The moves of a kind the ruleset defines, with their ability ids. */
function movesOf<K extends DayMove['kind']>(ruleset: Ruleset, kinds: readonly K[]): [string, DayMove & { readonly kind: K }][] {
  return Object.entries(ruleset.phaseEnd?.dayMoves ?? {}).filter((e): e is [string, DayMove & { readonly kind: K }] =>
    (kinds as readonly string[]).includes(e[1].kind),
  );
}

/** Whether a dead player may still use this ability by day (L18: the Phantom's possession after his death). */
export function usableAfterDeath(ruleset: Ruleset, ability: string): boolean {
  return ruleset.phaseEnd?.dayMoves?.[ability]?.kind === 'possess';
}

/** L36: a move the ruleset takes only at the end of one day (`onDay`: the Fanatic's favourite, day 1), sent on another day. */
export function offItsDay(ruleset: Ruleset, ability: string, phase: PhaseRef | null): boolean {
  const move = ruleset.phaseEnd?.dayMoves?.[ability];
  return move?.kind === 'partner-status' && move.onDay !== undefined && phase?.kind === 'day' && phase.number !== move.onDay;
}

/**
 * L132: a move the ruleset makes only while its user holds one of some titles (the Politician's patronage, "Если стал
 * мэром или его секретаршей"), sent by a player who holds none of them. The day's end still refuses it (a title lost
 * later in the day); the check at entry tells the host at once.
 */
export function lacksTitle(ruleset: Ruleset, ability: string, titles: readonly string[]): boolean {
  const move = ruleset.phaseEnd?.dayMoves?.[ability];
  return move?.kind === 'partner-status' && move.whileTitles !== undefined && !move.whileTitles.some((t) => titles.includes(t));
}

/** The last use of each ability by each player this phase (a later PM replaces an earlier one). */
function lastUses(state: GameState, ability: string): RecordedAction[] {
  const byActor = new Map<string, RecordedAction>();
  for (const a of state.actions) if (a.ability === ability) byActor.set(a.actor, a);
  return [...byActor.values()];
}

/** The phase before `day` (the night whose dead a Phantom's possession may follow). */
function nightBefore(day: PhaseRef, firstPhase: 'day' | 'night'): PhaseRef {
  return { kind: 'night', number: firstPhase === 'day' ? day.number - 1 : day.number };
}

/** The events and open-question hits of the moves made during `phase` and of its lynch (see the module comment). */
export function dayMoveEvents(
  state: GameState,
  ruleset: Ruleset,
  phase: PhaseRef,
  rng: Rng,
  /** How the game's posts word a message (the caller's catalogs); plainly when not given. */
  say: (message: EngineMessage) => string = plainMessage,
): DayMovesResult {
  const events: GameEvent[] = [];
  const openQuestions: OpenQuestionHit[] = [];
  const tell = (to: string | null, message: EngineMessage): void => {
    events.push({ type: 'message/send', to, text: say(message), message });
  };
  const lynched = phase.kind === 'day' ? (state.history.find((d) => samePhase(d.phase, phase))?.lynched ?? []) : [];
  const living = (id: string | undefined): PlayerState | undefined => {
    const p = id === undefined ? undefined : playerOf(state, id);
    return p?.alive === true ? p : undefined;
  };
  // Statuses taken off or given here, so two moves do not act on the same one twice.
  const removed = new Set<string>();
  const remove = (slotId: string, status: string): void => {
    const key = `${slotId}\u0000${status}`;
    if (removed.has(key)) return;
    removed.add(key);
    events.push({ type: 'status/remove', slotId, status });
  };
  const defaultPhases = (status: string): number | undefined => ruleset.statuses.find((s) => s.id === status)?.defaultPhases;

  if (phase.kind === 'day') {
    // L52: the antidote takes off the poison the user gave.
    for (const [ability, move] of movesOf(ruleset, ['lift-given-status'])) {
      for (const use of lastUses(state, ability)) {
        const targets = use.targets.length > 0 ? use.targets : state.players.map((p) => p.slot.id);
        for (const t of targets) {
          const target = living(t);
          if (target !== undefined && statusOf(target, move.status)?.by === use.actor) remove(t, move.status);
        }
      }
    }

    // L19, L36, L43: statuses naming a partner, kept between nights.
    for (const [ability, move] of movesOf(ruleset, ['end-partner-status'])) {
      for (const use of lastUses(state, ability)) {
        const user = living(use.actor);
        if (user !== undefined && statusOf(user, move.status) !== undefined) remove(user.slot.id, move.status);
      }
    }
    for (const [ability, move] of movesOf(ruleset, ['partner-status'])) {
      if (move.onDay !== undefined && move.onDay !== phase.number) continue;
      for (const use of lastUses(state, ability)) {
        const user = living(use.actor);
        if (user === undefined) continue;
        // L132: the patronage is the Mayor's or his Secretary's ("Если стал мэром или его секретаршей").
        if (move.whileTitles !== undefined && !move.whileTitles.some((t) => user.titles.includes(t))) {
          tell(user.slot.id, engineMessage('day-end/needs-title', word.ability(ability)));
          continue;
        }
        const partners = use.targets
          .filter((t) => t !== user.slot.id)
          .flatMap((t) => {
            const p = living(t);
            return p === undefined ? [] : [p];
          })
          .slice(0, move.maxTargets);
        if (partners.length === 0) continue;
        const phases = move.phases ?? defaultPhases(move.status);
        const extra = phases === undefined ? {} : { phases };
        if (move.holder === 'user') {
          const [partner] = partners;
          if (partner === undefined) continue;
          events.push({ type: 'status/add', slotId: user.slot.id, status: move.status, with: partner.slot.id, ...extra });
          if (move.tellsRole === true)
            tell(user.slot.id, engineMessage('day-end/favourite', word.text(partner.name), word.role(partner.role)));
        } else {
          if (move.replaces === true)
            for (const p of state.players)
              if (statusOf(p, move.status)?.with === user.slot.id && !partners.includes(p)) remove(p.slot.id, move.status);
          for (const p of partners)
            events.push({ type: 'status/add', slotId: p.slot.id, status: move.status, with: user.slot.id, ...extra });
        }
      }
    }

    // L48, L55: the successor of a dead Boss's Son (Daughter of the Head), named by his side at the end of the day.
    for (const [ability, move] of movesOf(ruleset, ['successor'])) {
      for (const faction of [...new Set(state.players.filter((p) => holds(p, move.role)).map((p) => p.faction))]) {
        const members = state.players.filter((p) => p.faction === faction);
        const current = members.find((p) => p.alive && (holds(p, move.role) || statusOf(p, move.mark) !== undefined));
        // The side's last word stands, whoever of them sent it.
        const named = lastUses(state, ability)
          .filter((u) => living(u.actor)?.faction === faction)
          .sort((a, b) => a.at - b.at)
          .at(-1)?.targets[0];
        const taker = living(named);
        if (taker === undefined || taker.faction !== faction || !holds(taker, move.fromRole) || taker.slot.id === current?.slot.id)
          continue;
        // A successor hands over only by a change at the end of a day; an original holder never does.
        if (current !== undefined && statusOf(current, move.mark) === undefined) continue;
        const before =
          current ?? [...members].reverse().find((p) => !p.alive && (holds(p, move.role) || statusOf(p, move.mark) !== undefined));
        if (before === undefined) continue;
        // L48: "Преемник не может передать статус последней мафии": the last of the group left is never the successor.
        if (members.filter((p) => p.alive && holds(p, move.fromRole)).length <= 1) continue;
        if (current !== undefined) remove(current.slot.id, move.mark);
        events.push({ type: 'status/add', slotId: taker.slot.id, status: move.mark });
        for (const m of members.filter((p) => p.alive))
          tell(m.slot.id, engineMessage('day-end/successor', word.text(taker.name), word.role(move.role), word.text(before.name)));
      }
    }

    // L15, L55: rumours for the night after (one per side a day: the last one sent).
    const nextNight = phase.number + (ruleset.firstPhase === 'day' ? 0 : 1);
    const killerNights = ruleset.night?.killerNights ?? {};
    /** L15: "мафия в нечетную ночь или маньяк в четную ночь … Если одна из сторон выбыла, оставшаяся может очернять в каждую ночь." */
    const shootsNext = (faction: string): boolean => {
      if (nextNight <= (ruleset.night?.blackFormat?.commonNights ?? 0)) return true; // L131.4: "допускает два очернения за ночь"
      const parity = killerNights[faction];
      if (parity === undefined || (nextNight % 2 === 1) === (parity === 'odd')) return true;
      const others = Object.keys(killerNights).filter((f) => f !== faction);
      return others.every((f) => !state.players.some((p) => p.alive && p.faction === f));
    };
    for (const [ability, move] of movesOf(ruleset, ['rumour'])) {
      const bySide = new Map<string, RecordedAction>();
      for (const use of lastUses(state, ability).sort((a, b) => a.at - b.at)) {
        const user = living(use.actor);
        if (user !== undefined) bySide.set(user.faction, use);
      }
      for (const use of bySide.values()) {
        const user = living(use.actor);
        const target = living(use.targets[0]);
        if (user === undefined || target === undefined) continue;
        // L54: a side with no nights of its own shoots on the nights its gun borrows ("в ночи маньяка": the Geisha's katana).
        const borrowed = roleAbilities(user, ruleset).flatMap((a) =>
          a.night !== undefined && 'onNightsOf' in a.night && a.night.onNightsOf !== undefined ? [a.night.onNightsOf] : [],
        );
        const side = killerNights[user.faction] === undefined ? (borrowed[0] ?? user.faction) : user.faction;
        if (move.onOwnNights === true && !shootsNext(side)) continue;
        // L55: a new pair of a lone Mafioso and a lone Yakuza "по-прежнему смогут использовать окраснение на одного из пары" (the pair recorded at the phase's end).
        const newPair = target === user ? newPartnerOf(ruleset, user) !== undefined : newPartnerOf(ruleset, user) === target.slot.id;
        // L55: "на одного из пары, пока она остается целой", taken over by the Mafia; L15: a werewolf once armed.
        if (!(move.pairRole !== undefined && newPair) && !rumourAllowed(state, ruleset, move, user, target)) continue;
        // 004 L7: the rumour's caster, whose side a Detective tells apart ("от стороны мафии, маньяка (якудзы) или от джокера").
        events.push({ type: 'status/add', slotId: target.slot.id, status: move.status, phases: move.phases, by: user.slot.id });
      }
    }

    // L53: the torture chamber's answers, and the rage of a lynched Executioner.
    type Hold = Extract<DayMove, { held: string }>;
    /** The user's role that has the ability (the Executioner), for the words. */
    const roleWith = (by: PlayerState, ability: string): string =>
      [by.role, by.secondRole].find((r) => ruleset.roles.find((d) => d.id === r)?.abilities.some((a) => a.id === ability) === true) ??
      by.role;
    const destroy = (target: PlayerState, move: Hold, by: PlayerState, ability: string): void => {
      if (statusOf(target, move.held) !== undefined) remove(target.slot.id, move.held);
      events.push({ type: 'status/add', slotId: target.slot.id, status: move.destroyed, by: by.slot.id });
      // "негативная роль жертвы будет заблокирована до конца ночи".
      if (ruleset.factions.find((f) => f.id === target.faction)?.color === 'black')
        events.push({ type: 'status/add', slotId: target.slot.id, status: move.noMoves, phases: move.noMovesPhases });
      tell(target.slot.id, engineMessage('day-end/destroyed', word.role(roleWith(by, ability))));
    };
    const release = (target: PlayerState, move: Hold): void => {
      remove(target.slot.id, move.held);
      events.push({ type: 'status/add', slotId: target.slot.id, status: move.noMoves, phases: move.noMovesPhases });
      tell(target.slot.id, engineMessage('day-end/released'));
    };
    const answered = new Set<string>();
    // L53 (extended: "разрешено выбирать по две цели"): each captive gets the user's last answer that names him (a use
    // naming nobody answers every captive), whichever of release and torture it is.
    const answers = new Map<string, { readonly move: Hold; readonly ability: string; readonly user: PlayerState }>();
    const heldBy = (user: PlayerState, move: Hold): PlayerState[] =>
      state.players.filter((p) => p.alive && statusOf(p, move.held)?.by === user.slot.id);
    const holdMoves = movesOf(ruleset, ['release-held', 'destroy-held']);
    for (const use of [...state.actions].sort((a, b) => a.at - b.at)) {
      const found = holdMoves.find(([id]) => id === use.ability);
      const user = living(use.actor);
      if (found === undefined || user === undefined) continue;
      const [ability, move] = found;
      const heldNow = heldBy(user, move);
      const named = use.targets.length === 0 ? heldNow : heldNow.filter((p) => use.targets.includes(p.slot.id));
      for (const target of named) answers.set(target.slot.id, { move, ability, user });
    }
    for (const [slotId, answer] of answers) {
      const target = living(slotId);
      if (target === undefined) continue;
      answered.add(slotId);
      if (answer.move.kind === 'release-held') release(target, answer.move);
      else destroy(target, answer.move, answer.user, answer.ability);
    }
    for (const [ability, move] of movesOf(ruleset, ['destroy-on-lynch'])) {
      for (const use of lastUses(state, ability)) {
        const user = playerOf(state, use.actor);
        if (user === undefined || !lynched.includes(user.slot.id)) continue;
        const heldNow = heldBy(user, move);
        // "Если экзекутора залинчевали, когда он пытал кого-либо, то он сможет уничтожить роль и цвет только у пойманного игрока".
        const target = living(use.targets[0]);
        if (target === undefined || (heldNow.length > 0 && !heldNow.includes(target))) continue;
        destroy(target, move, user, ability);
        heldNow.forEach((p) => answered.add(p.slot.id));
        tell(null, engineMessage('day-end/rage', word.role(roleWith(user, ability)), word.text(target.name)));
      }
    }
    // A hold left unanswered by the end of the first day after it began (open question).
    for (const [ability, move] of movesOf(ruleset, ['release-held'])) {
      for (const p of state.players) {
        const held = statusOf(p, move.held);
        if (!p.alive || held === undefined || answered.has(p.slot.id) || samePhase(held.sincePhase, phase)) continue;
        const by = held.by === undefined ? undefined : playerOf(state, held.by);
        answered.add(p.slot.id);
        // L53: "Экзекутор может подвергнуть пыткам себя … уничтожив собственную мирную роль и цвет".
        if (by?.slot.id === p.slot.id) {
          destroy(p, move, p, ability);
          continue;
        }
        const chosen = move.unanswered ?? 'release';
        openQuestions.push({
          setting: 'phaseEnd.dayMoves.release.unanswered',
          chosen,
          detail: `${p.name} is still in the torture chamber at the end of the day: nobody released or kept torturing them`,
        });
        if (chosen === 'destroy' && by !== undefined) destroy(p, move, by, ability);
        else release(p, move);
      }
    }

    // L18: the Phantom who died in the night before or in this day's vote possesses a living player.
    // L70: the Faceless only a victim of his cut, who keeps the cut (`faceHeld`).
    const faceHeld = new Set<string>();
    for (const [ability, move] of movesOf(ruleset, ['possess'])) {
      for (const use of lastUses(state, ability)) {
        const phantom = playerOf(state, use.actor);
        const host = living(use.targets[0]);
        const died = phantom?.death?.phase;
        const fresh = samePhase(died, phase) || samePhase(died, nightBefore(phase, ruleset.firstPhase));
        if (
          phantom === undefined ||
          phantom.alive ||
          host === undefined ||
          host.slot.id === phantom.slot.id ||
          !fresh ||
          !mayPossess(ruleset, phantom, host)
        ) {
          // A possession sent in case of a lynch that did not come (or that could not be made) does not use up the move.
          for (const a of state.actions.filter((x) => x.actor === use.actor && x.ability === ability))
            events.push({ type: 'action/refund', actor: a.actor, ability, self: a.targets.includes(a.actor) });
          continue;
        }
        events.push({ type: 'status/add', slotId: phantom.slot.id, status: move.status, with: host.slot.id, phases: move.phases });
        if (isGreyPlayer(ruleset, phantom)) faceHeld.add(host.slot.id);
        tell(phantom.slot.id, engineMessage('day-end/possessed-role', word.text(host.name), word.role(host.role)));
        tell(null, engineMessage('day-end/possessed', word.role(phantom.role), word.text(phantom.name), word.text(host.name)));
      }
    }

    // L60–L64: the lynch ends face cuts and scores for the Faceless.
    const cut = ruleset.phaseEnd?.faceCutLynch;
    if (cut !== undefined && lynched.length > 0) {
      const scores = new Map<string, number>();
      const score = (by: string | undefined, points: number): void => {
        const cutter = by === undefined ? undefined : playerOf(state, by);
        if (by === undefined || cutter === undefined) return;
        if (!cutter.alive && !scoresWhileDead(cutter, cut) && !scoresWhilePossessing(state, ruleset, by)) return;
        scores.set(by, (scores.get(by) ?? 0) + points);
      };
      const restored = new Set<string>();
      const restore = (p: PlayerState): void => {
        if (!p.alive || restored.has(p.slot.id) || faceHeld.has(p.slot.id) || heldByFacelessPhantom(state, ruleset, p)) return;
        restored.add(p.slot.id);
        remove(p.slot.id, cut.status);
        // L60: "Если игрок вернул роль, он перестает считаться жертвой и его нельзя порезать повторно."
        if (cut.recovered !== undefined) events.push({ type: 'status/add', slotId: p.slot.id, status: cut.recovered });
        tell(p.slot.id, engineMessage('day-end/face-back'));
      };
      for (const id of lynched) {
        const x = playerOf(state, id);
        if (x === undefined) continue;
        const own = statusOf(x, cut.status);
        // L64.2: "За каждую успешно залинчованную жертву безликий получит в зачет бонус … равный половине от одной обычной победы".
        if (own !== undefined) score(own.by, cut.victimPoints);
        // L61: "Если же игрок со срезанным лицом вернет роль, залинчевав свою цель, у которой не срезано лицо, то она тоже пойдет в зачет безликого, но ценность таких жертв вдвое ниже."
        for (const victim of state.players) {
          const s = statusOf(victim, cut.status);
          if (s?.with !== id || !victim.alive) continue;
          restore(victim);
          if (own === undefined && restored.has(victim.slot.id)) score(s.by, cut.targetPoints);
        }
        // L62: "Если днем залинчуют самого безликого, то все его жертвы сразу вернут мирные роли".
        for (const victim of state.players) if (statusOf(victim, cut.status)?.by === id) restore(victim);
      }
      for (const [by, points] of scores) {
        const holder = playerOf(state, by);
        const before = holder === undefined ? 0 : (statusOf(holder, cut.score)?.value ?? 0);
        events.push({ type: 'status/add', slotId: by, status: cut.score, value: before + points });
      }
    }
  }

  // L36: a Fanatic who named no favourite by the end of the day gets a random one by the morning, never one of the night's dead.
  if (phase.kind === 'night') {
    for (const [ability, move] of movesOf(ruleset, ['partner-status'])) {
      if (move.randomIfMissing !== true || move.holder !== 'user' || move.onDay === undefined) continue;
      // The night right after that day (Day N, then Night N when the game starts by day).
      if (phase.number !== move.onDay + (ruleset.firstPhase === 'day' ? 0 : 1)) continue;
      for (const user of state.players) {
        if (!user.alive || statusOf(user, move.status) !== undefined || !roleAbilities(user, ruleset).some((a) => a.id === ability))
          continue;
        const pool = state.players.filter((p) => p.alive && p.slot.id !== user.slot.id);
        const partner = pool[rng.int(pool.length)];
        if (partner === undefined) continue;
        events.push({ type: 'status/add', slotId: user.slot.id, status: move.status, with: partner.slot.id });
        if (move.tellsRole === true)
          tell(user.slot.id, engineMessage('day-end/favourite', word.text(partner.name), word.role(partner.role)));
      }
    }
  }

  // L18: "Если этот игрок выбывает, фантом покидает игру вместе с ним."
  for (const [, move] of movesOf(ruleset, ['possess'])) {
    for (const phantom of state.players) {
      const s = statusOf(phantom, move.status);
      const host = s?.with === undefined ? undefined : playerOf(state, s.with);
      // L70: the Faceless leaves as soon as his host's target is dead too.
      if (s === undefined || host === undefined || (host.alive && !facelessPhantomLeaves(state, ruleset, phantom, host))) continue;
      remove(phantom.slot.id, move.status);
      if (!host.alive)
        tell(null, engineMessage('day-end/phantom-leaves', word.role(phantom.role), word.text(phantom.name), word.text(host.name)));
      // L70 «Если цель жертвы … так или иначе умрет, безликий сразу покинет игру»: the thread is told he left, as when his host leaves (L18).
      else
        tell(
          null,
          engineMessage('day-end/phantom-leaves-target-dead', word.role(phantom.role), word.text(phantom.name), word.text(host.name)),
        );
    }
  }

  // L22: the hacked black's choice of role at the end of the hacked day.
  const kept = keptRoleEvents(state, ruleset, phase);
  return { events: [...events, ...kept.events], openQuestions: [...openQuestions, ...kept.openQuestions] };
}

/** A Faceless's result (L65–L67) with his lynch bonus (L61, L64.2), for the game's statistics. */
export interface FacelessTally {
  readonly slotId: string;
  /**
   * `win`: he outlived enough players and left the game (L66.1); `draw`: killed at night (L66.2); `loss`: died by day
   * (L66.3); `playing`: still in the game.
   */
  readonly outcome: 'win' | 'draw' | 'loss' | 'playing';
  /** The "V" column: wins' worth of lynched face-cut victims and their targets (two lynched victims are one win). */
  readonly bonusWins: number;
}

/** Each grey player's result so far, read from the state (the win check makes him leave; this reads how he ended). */
export function facelessTallies(state: GameState, ruleset: Ruleset): FacelessTally[] {
  const grey = new Set(ruleset.factions.filter((f) => f.color === 'grey').map((f) => f.id));
  const score = ruleset.phaseEnd?.faceCutLynch?.score;
  return state.players
    .filter((p) => grey.has(p.faction))
    .map((p) => {
      const left = p.alive && p.statuses.some((s) => ruleset.statuses.find((d) => d.id === s.id)?.removedForWin === true);
      // L73: the heroic suicide of the lynched Faceless holding the Hero: "покинет игру с ничьей, но потеряет все набранные жертвы".
      const suicide = heroicSuicideStatus(ruleset);
      const heroic = !p.alive && suicide !== undefined && statusOf(p, suicide) !== undefined;
      const outcome = left ? 'win' : p.alive ? 'playing' : p.death?.phase?.kind === 'night' || heroic ? 'draw' : 'loss';
      // L74: a Faceless Kamikaze's night adds a victim, or zeroes the score.
      const bonusWins = heroic ? 0 : facelessNightScore(state, ruleset, p, score === undefined ? 0 : (statusOf(p, score)?.value ?? 0));
      return { slotId: p.slot.id, outcome, bonusWins };
    });
}

/** The status the Faceless's heroic suicide leaves (004 L73, `voting.day.roleDay.greySuicide`), if the ruleset has it. */
function heroicSuicideStatus(ruleset: Ruleset): string | undefined {
  return ruleset.voting.kind === 'weighted-plurality' ? ruleset.voting.day?.roleDay?.greySuicide?.status : undefined;
}
