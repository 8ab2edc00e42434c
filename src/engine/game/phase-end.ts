/**
 * What the game applies when a phase ends, besides the vote and the night:
 * rules a seed states as consequences of what happened in the phase, each
 * read from the ruleset's data (`phaseEnd`, `successor`, `leaderElection`):
 *
 * - 003 arrests: an arrest of someone who committed a crime arrests him; a
 *   false charge suspends the officer ("Police who try to arrest someone for a
 *   false charge will get suspended"); a release takes the arrest off.
 * - 003 Pisco: "A Will will get lost if the body is removed by Piscos ability.
 *   Pisco will receive the Will then."
 * - 003 lovers: "the killing Lover will suicide if the kill was successful".
 * - 003 Black Suitcase: the leader's ranking, or the leader himself.
 * - 003 leadership: the BO's election ("50%+ of the BO vote … effective the
 *   next phase") and the next rank taking over from a dead leader, each told
 *   to the faction's members.
 * - 001: "In the event of a lynch on Pyro … either Leo or Orphan becomes the
 *   hit man and then would replace Pyro."
 *
 * Pure: it reads the state at the phase's end and returns the events to add.
 */
import { postNames } from '../announce/phrases';
import type { Rng } from '../rng';
import type { OpenQuestionHit, PostLanguage, Ruleset, RulesetAbility } from '../rules/types';
import { engineMessage, plainMessage, word, type EngineMessage, type MessageWording } from '../words';
import { dayMoveEvents } from './day-moves-004';
import { facelessPhaseEnd } from './day-004-faceless';
import { examinationEvents } from './examinations-004';
import { withDayOrders } from './slave-orders-004';
import { groupChangeEvents } from './groups-004';
import { namedSideMessages } from './agent-side-004';
import { vengefulEvents } from './vengeful';
import { hasStatusFlag, playerOf, roleAbilities } from './derive';
import type { GameEvent, GameState, PhaseRef, PlayerState } from './types';

export interface PhaseEndResult {
  readonly events: readonly GameEvent[];
  readonly openQuestions: readonly OpenQuestionHit[];
}

const samePhase = (a: PhaseRef | null | undefined, b: PhaseRef): boolean => a?.kind === b.kind && a.number === b.number;

/** The abilities of a player's roles with a tag. */
function tagged(player: PlayerState, ruleset: Ruleset, tag: string): readonly RulesetAbility[] {
  return roleAbilities(player, ruleset).filter((a) => a.tags?.includes(tag) === true);
}

/** Whether the player has used an ability with this tag (003: committed a crime). */
export function hasUsedTag(player: PlayerState, ruleset: Ruleset, tag: string): boolean {
  return tagged(player, ruleset, tag).some((a) => (player.uses[a.id] ?? 0) > 0);
}

/** This phase's uses of abilities with a tag, with the user. */
function usesOf(state: GameState, ruleset: Ruleset, tag: string): { actor: PlayerState; targets: readonly string[] }[] {
  return state.actions.flatMap((a) => {
    const actor = playerOf(state, a.actor);
    if (actor === undefined || !tagged(actor, ruleset, tag).some((d) => d.id === a.ability)) return [];
    return [{ actor, targets: a.targets }];
  });
}

/** Members of a faction in order of rank (1 first; unranked after, in roster order). */
function byRank(state: GameState, faction: string): PlayerState[] {
  return state.players
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.faction === faction)
    .sort((a, b) => (a.p.rank ?? Infinity) - (b.p.rank ?? Infinity) || a.i - b.i)
    .map(({ p }) => p);
}

/**
 * The faction's leader: the elected (or set-up) leader, else the best-ranked
 * member among `present` (003: "It starts off as the highest rank BO member").
 */
export function factionLeader(state: GameState, faction: string, present: (p: PlayerState) => boolean): PlayerState | undefined {
  const members = byRank(state, faction);
  const flagged = members.find((p) => p.leader === true);
  if (flagged !== undefined) return present(flagged) ? flagged : undefined;
  return members.find(present);
}

/** The events and open-question hits the phase's end adds (see the module comment). */
export function phaseEndEvents(
  state: GameState,
  ruleset: Ruleset,
  phase: PhaseRef,
  rng: Rng,
  language: PostLanguage,
  /** How the game's posts word an engine message (the caller's catalogs); plainly when not given. */
  wording?: MessageWording,
): PhaseEndResult {
  const events: GameEvent[] = [];
  const openQuestions: OpenQuestionHit[] = [];
  const names = postNames(ruleset, language);
  // What these rules tell a player is an EngineMessage kept on the event, worded by each reader; `text` is its wording in the game's posts.
  const say = (m: EngineMessage): string => wording?.(m, language) ?? plainMessage(m);
  const tell = (to: string, message: EngineMessage): GameEvent => ({ type: 'message/send', to, text: say(message), message });
  const diedNow = (p: PlayerState): boolean => !p.alive && samePhase(p.death?.phase, phase);
  const has = (p: PlayerState, status: string): boolean => p.statuses.some((s) => s.id === status);
  const rules = ruleset.phaseEnd;

  // 003 arrests and releases.
  const arrests = rules?.arrests;
  if (arrests !== undefined) {
    const suspendedFor = ruleset.statuses.find((s) => s.id === arrests.suspended)?.defaultPhases;
    const arrestedNow = new Set<string>();
    for (const use of usesOf(state, ruleset, arrests.arrestTag)) {
      const target = playerOf(state, use.targets[0] ?? '');
      if (target === undefined || !target.alive) continue;
      if (has(target, arrests.arrested) || arrestedNow.has(target.slot.id)) continue;
      if (hasUsedTag(target, ruleset, arrests.crimeTag)) {
        // An arrest the host already recorded is not given twice (he may state it as the night's outcome).
        arrestedNow.add(target.slot.id);
        events.push({ type: 'status/add', slotId: target.slot.id, status: arrests.arrested });
      } else if (!has(use.actor, arrests.suspended)) {
        // "A police who attempts an arrest on Night 3 would … be suspended for Day 3 and Night 4."
        events.push({
          type: 'status/add',
          slotId: use.actor.slot.id,
          status: arrests.suspended,
          ...(suspendedFor === undefined ? {} : { phases: suspendedFor }),
        });
      }
    }
    for (const use of usesOf(state, ruleset, arrests.releaseTag)) {
      for (const t of use.targets) {
        const target = playerOf(state, t);
        if (target !== undefined && (has(target, arrests.arrested) || arrestedNow.has(t)))
          events.push({ type: 'status/remove', slotId: t, status: arrests.arrested });
      }
    }
  }

  // 003 Pisco: the body removed, its will goes to him.
  if (rules?.willTakerTag !== undefined) {
    for (const use of usesOf(state, ruleset, rules.willTakerTag)) {
      const target = playerOf(state, use.targets[0] ?? '');
      if (target === undefined || !diedNow(target) || target.will === undefined || target.will === '') continue;
      events.push({ type: 'will/set', slotId: target.slot.id, text: '' });
      events.push(tell(use.actor.slot.id, engineMessage('phase-end/will', word.text(target.name), word.text(target.will))));
    }
  }

  // 003 lovers: a lover who killed the other lover follows him.
  const lover = rules?.loverStatus;
  if (lover !== undefined) {
    for (const victim of state.players) {
      if (!diedNow(victim) || !has(victim, lover) || victim.death?.by === undefined) continue;
      const killer = playerOf(state, victim.death.by);
      if (killer === undefined || !killer.alive || killer.slot.id === victim.slot.id || !has(killer, lover)) continue;
      events.push({ type: 'player/die', slotId: killer.slot.id, cause: 'lover-suicide' });
    }
  }

  // 000: the Shadchan's pair (the partner is the one the night's "in love" message named).
  if (rules?.loversDieTogether !== undefined) {
    for (const p of state.players.filter(diedNow)) {
      const partners = p.inbox.flatMap((m) => (m.result?.fact === 'in-love' ? m.result.about : []));
      if (partners.length === 0) continue;
      openQuestions.push({
        setting: 'phaseEnd.loversDieTogether',
        chosen: String(rules.loversDieTogether),
        detail: `${p.name}, who was made to fall in love, died; the seed does not say what happens to the partner`,
      });
      if (!rules.loversDieTogether) continue;
      for (const id of partners) {
        const partner = playerOf(state, id);
        if (partner?.alive === true) events.push({ type: 'player/die', slotId: id, cause: 'lover-suicide' });
      }
    }
  }

  // 001: a lynched role passes to a teammate.
  for (const [roleId, successor] of Object.entries(rules?.successors ?? {})) {
    const lynched = phase.kind === 'day' ? (state.history.find((d) => samePhase(d.phase, phase))?.lynched ?? []) : [];
    const gone = state.players.filter((p) => p.role === roleId && (successor.when === 'dies' ? diedNow(p) : lynched.includes(p.slot.id)));
    for (const holder of gone) {
      const candidates = successor.fromRoles.flatMap((from) =>
        state.players.filter((p) => p.alive && p.faction === holder.faction && p.role === from),
      );
      if (candidates.length > 1)
        openQuestions.push({
          setting: `phaseEnd.successors.${roleId}.pick`,
          chosen: successor.pick,
          detail: `${candidates.length} players could take over ${names.role(roleId)} from ${holder.name}`,
        });
      const next = successor.pick === 'random' ? candidates[rng.int(candidates.length)] : candidates[0];
      if (next === undefined) continue;
      events.push({ type: 'role/change', slotId: next.slot.id, role: roleId });
      events.push(tell(next.slot.id, engineMessage('phase-end/successor', word.text(holder.name), word.role(roleId))));
    }
  }

  const election = rules?.leaderElection;
  for (const faction of ruleset.factions.filter((f) => f.id === election?.faction)) {
    if (election === undefined) continue;
    const factionName = names.faction(faction.id);
    const tellLeader = (leader: PlayerState): void => {
      events.push({ type: 'leader/set', slotId: leader.slot.id });
      for (const m of state.players.filter((p) => p.alive && p.faction === faction.id))
        events.push(tell(m.slot.id, engineMessage('phase-end/leader', word.text(leader.name), word.faction(faction.id))));
    };
    const members = state.players.filter((p) => p.alive && p.faction === faction.id);
    const leaderNow = factionLeader(state, faction.id, (p) => p.alive || diedNow(p));

    // The election: each living member's current vote on the ballot, for a living member.
    const counts = new Map<string, number>();
    for (const v of state.votes) {
      if (v.ballot !== election.ballot || v.target === null) continue;
      const voter = playerOf(state, v.voter);
      const target = playerOf(state, v.target);
      if (voter?.faction !== faction.id || !voter.alive || target?.faction !== faction.id || !target.alive) continue;
      counts.set(v.target, (counts.get(v.target) ?? 0) + 1);
    }
    const [top] = [...counts].sort((a, b) => b[1] - a[1]);
    let elected: PlayerState | undefined;
    if (top !== undefined) {
      const [chosen, n] = top;
      const half = members.length / 2;
      if (n === half)
        openQuestions.push({
          setting: 'phaseEnd.leaderElection.threshold',
          chosen: election.threshold,
          detail: `${playerOf(state, chosen)?.name ?? chosen} has exactly half of the ${factionName} vote (${n} of ${members.length})`,
        });
      if (election.threshold === 'half' ? n >= half : n > half) elected = playerOf(state, chosen);
    }
    if (elected !== undefined) {
      if (elected.slot.id !== leaderNow?.slot.id) tellLeader(elected);
    } else if (leaderNow !== undefined && !leaderNow.alive) {
      // The leader died: the highest rank still alive takes over.
      const next = byRank(state, faction.id).find((p) => p.alive);
      if (next !== undefined) tellLeader(next);
    }
  }

  // 003 Black Suitcase: handed out by day, carried at night.
  const suitcase = rules?.suitcase;
  if (suitcase !== undefined && phase.kind === 'day') {
    for (const faction of ruleset.factions.filter((f) => f.id === election?.faction)) {
      // The leader keeps the right to hand it out even when arrested.
      const leader = factionLeader(state, faction.id, (p) => p.alive);
      if (leader === undefined) continue;
      const canCarry = (p: PlayerState | undefined): p is PlayerState =>
        p !== undefined && p.alive && p.faction === faction.id && !hasStatusFlag(p, ruleset, 'blocksActions');
      const order =
        usesOf(state, ruleset, suitcase.tag)
          .filter((u) => u.actor.slot.id === leader.slot.id)
          .at(-1)?.targets ?? [];
      // "If the intended recipient is arrested, killed, or … unable to receive the item, the suitcase will go to the next eligible player.
      // If nobody is sent the suitcase, the Leader gets it for the night."
      const carrier = order.length === 0 ? (canCarry(leader) ? leader : undefined) : order.map((t) => playerOf(state, t)).find(canCarry);
      if (carrier === undefined) continue;
      const phases = ruleset.statuses.find((s) => s.id === suitcase.status)?.defaultPhases ?? 2;
      events.push({ type: 'status/add', slotId: carrier.slot.id, status: suitcase.status, phases });
      events.push(tell(carrier.slot.id, engineMessage('phase-end/suitcase')));
    }
  }

  // 004: the moves made between the vote and the night, and what the lynch does to lasting statuses.
  // 004 L27: the day's moves as the Pimp approved, changed or forbade his slave's.
  const approved = withDayOrders(state, ruleset);
  const moves = dayMoveEvents(approved, ruleset, phase, rng, say);
  events.push(...moves.events);
  // 004 L44: the Forensic's examination of the night's bodies, told in the evening after the vote.
  events.push(...examinationEvents(approved, ruleset, phase));
  openQuestions.push(...moves.openQuestions);
  // 004: the Faceless's face for those who brought him down (L67, L135), and checks sent for verification (L15).
  const faceless = facelessPhaseEnd(state, ruleset, phase);
  events.push(...faceless.events);
  openQuestions.push(...faceless.openQuestions);
  // 004 L55: a contract killer whose employers are dead changes sides; two lone members of the groups pair up.
  events.push(...groupChangeEvents(state, ruleset));
  // 004 L125.10: the colour of the player the Agent named, if he died in the night.
  events.push(...namedSideMessages(state, ruleset, phase, (m) => wording?.(m, language) ?? plainMessage(m)));
  // The forum standard's Vengeful: a lynched Vengeful kills one of the players who voted for him.
  events.push(...vengefulEvents(state, ruleset, phase, say));

  return { events, openQuestions };
}
