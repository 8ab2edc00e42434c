import { rulesetModifiedRole } from '../night/nar-modifiers';
import type { Dialect } from '../announce/render';
import type { PrivateMessage } from '../announce/compose';
import { invariant } from '../invariant';
import { createRng } from '../rng';
import type { OpenQuestionHit, PostLanguage, Ruleset } from '../rules/types';
import type { MessageWording } from '../words';
import { withSettings } from '../rules/validate';
import { tallyDay } from '../voting/tally';
import type { DayTally } from '../voting/types';
import { huntApprovals } from '../voting/hunt-approvals';
import { secretaryChoices, voteOpensOn, type DayClockInput } from '../voting/day-004-roles';
import { fromLocalDateTime } from '../phases/zone';
import { parseClockTime, parseDate } from '../phases/clock';
import { currentBallot, huntRefusal as huntRefusedBy } from '../voting/weighted-plurality';
import type { WinCheck } from '../win/check';
import { checkAction, checkForged, takesText } from './actions';
import type { NightPlaces, NightResolution, RequestForgery } from '../night/types';
import { applyEvent, deriveState, playerOf, roleAbilities } from './derive';
import {
  applyNightResolution,
  endDay,
  endNight,
  resolveGameNight,
  settleBallot,
  startGame,
  statusEndNotice,
  type FlowOptions,
  type NextPhase,
  type PhaseEnd,
} from './flow';
import type { Expectation, GameScript, ScriptError, ScriptForgedValue, ScriptNightPlaces, ScriptStep } from './script';
import type { ForgedResult, GameEvent, GameState, PhaseRef, PlayerSetup } from './types';
import { deathCauseText } from './death-causes';
import { morningExaminationEvents } from './examinations-004';
import { slaveDayMoveTold } from './slave-told-004';
import { dayKillEvents } from './day-kills';
import { noteRefusal } from './night-notes';
import { checkSetup, type SetupCheck } from '../setup/setup-check';
import { plainMessage, type EngineMessage } from '../words';
import { setupGroupMessages } from '../setup/role-groups';
import { defaultPostLanguage } from '../announce/phrases';
import { composeRolePms, type RolePm, type RolePmGap } from '../announce/role-pms';

/** An action or host step the rules refused, with why. */
export interface Rejection {
  readonly line: number;
  readonly who: string;
  readonly reason: string;
}

/** What happened in one phase of a played script. */
export interface PhaseReport {
  readonly phase: PhaseRef;
  /** Every tally of the phase in order (a tie's first vote, then the run-off). */
  readonly tallies: readonly DayTally[];
  readonly deaths: readonly { readonly slotId: string; readonly name: string; readonly cause: string }[];
  readonly rejected: readonly Rejection[];
  /** The win check at the end of the phase. */
  readonly win: WinCheck | null;
  /** The public post opening this phase. */
  readonly openingPost: string;
  /** The public vote-result post (days). */
  readonly resultPost?: string;
  readonly privateMessages: readonly PrivateMessage[];
  /** Nights resolved with `resolve night`: the resolver's full, explained result. */
  readonly night?: NightResolution;
  /** What the night resolution did besides deaths and statuses (blocks, survivals, refusals, open questions). */
  readonly nightNotes?: readonly string[];
}

export interface ExpectationResult {
  readonly line: number;
  readonly text: string;
  readonly ok: boolean;
  readonly actual: string;
}

export interface PlayResult {
  readonly ruleset: string;
  /** The settings the script changed (`set` lines), as played. */
  readonly settings: GameScript['settings'];
  readonly phases: readonly PhaseReport[];
  /** The win check that ended the game, or null if the script ended first. */
  readonly end: WinCheck | null;
  readonly endPost?: string;
  /** The whole event log: `deriveState(events)` is the final state. */
  readonly events: readonly GameEvent[];
  readonly expectations: readonly ExpectationResult[];
  readonly openQuestions: readonly OpenQuestionHit[];
  readonly warnings: readonly ScriptError[];
  /**
   * The setup check of the roster, as the host reads it before the game starts (the popup's): players per faction and
   * what looks wrong, including the ruleset's own setup rules (000: family sizes, levels, the Mafia's second roles).
   */
  readonly setup: SetupCheck;
  /** The setup check's findings, worded in English by the caller's wording (plainly without one), for a report. */
  readonly setupWarnings: readonly string[];
  /** The setup PMs the rules add to each role PM: the members of a group that knows itself (Masons, Neighbors) told the others. */
  readonly setupMessages: readonly PrivateMessage[];
  /** What the host is told to do before the game starts (open each such group its private chat). */
  readonly setupHostNotes: readonly string[];
  /**
   * Each player's role PM as the extension's game page writes it (`composeRolePms`, with the groups' lines of
   * `setupMessages` in it), in the post language and dialect; and the players whose PM the setup cannot give yet.
   */
  readonly rolePms: readonly RolePm[];
  readonly rolePmGaps: readonly RolePmGap[];
}

export type PlayRun = { readonly ok: true; readonly result: PlayResult } | { readonly ok: false; readonly errors: readonly ScriptError[] };

interface OpenPhase {
  phase: PhaseRef;
  night?: NightResolution;
  nightNotes?: string[];
  tallies: DayTally[];
  rejected: Rejection[];
  openingPost: string;
  expects: { line: number; text: string; expectation: Expectation }[];
  deathsBefore: Set<string>;
}

/**
 * Plays a game script under a ruleset: builds the event log step by step and
 * leaves the game's flow to the engine's flow functions (src/engine/game/flow.ts),
 * the same the extension's worker calls: a day ends with the ruleset's tally,
 * a night with its resolution (`resolve night`) or the outcome the host
 * stated, the win check runs after every phase and the posts and private
 * messages are written. `expect` lines are checked when their phase ends.
 */
export function playGame(
  script: GameScript,
  base: Ruleset,
  options: { readonly dialect?: Dialect; readonly language?: PostLanguage; readonly wording?: MessageWording } = {},
): PlayRun {
  let ruleset = base;
  if (script.settings.length > 0) {
    const changed = withSettings(base, script.settings);
    if (!changed.ok) return { ok: false, errors: changed.errors.map((message) => ({ line: 0, message: `set: ${message}` })) };
    ruleset = changed.ruleset;
  }
  const firstStep = script.steps.find((s) => s.kind === 'phase');
  const flow: FlowOptions = {
    dialect: options.dialect ?? 'bbcode',
    firstPhase: firstStep?.kind === 'phase' ? firstStep.phase.kind : ruleset.firstPhase,
    ...(options.language === undefined ? {} : { language: options.language }),
    ...(options.wording === undefined ? {} : { wording: options.wording }),
  };
  const rng = createRng(script.seed);
  const errors: ScriptError[] = [];
  const warnings: ScriptError[] = [];
  const openQuestions: OpenQuestionHit[] = [];
  const expectations: ExpectationResult[] = [];
  const phases: PhaseReport[] = [];
  const events: GameEvent[] = [];
  let state: GameState = deriveState([]);
  let end: WinCheck | null = null;
  let endPost: string | undefined;
  let endLine = 0;
  /** The phase the flow starts when the open one ends (null before the first phase and after the game's end). */
  let next: NextPhase | null = null;

  // The script's clock (`at` lines): the time of each event in the log, the last time given, and each day's date.
  const dayClock = ruleset.voting.kind === 'weighted-plurality' ? ruleset.voting.day?.clock : undefined;
  const times: (number | undefined)[] = [];
  let now: number | undefined;
  let lastDate: string | undefined;
  let dayDate: string | undefined;
  /**
   * The time a day's tally is told (004: the vote opens by the ruleset's clock on the day's date, L150; "now" is the
   * last time the script gave); undefined for a day the script gives no time, whose tally applies no time rule.
   */
  const clockNow = (): DayClockInput | undefined => {
    if (dayClock === undefined || dayDate === undefined || now === undefined) return undefined;
    const voteOpensAt = voteOpensOn(dayDate, dayClock);
    if (voteOpensAt === null) return undefined;
    return { voteOpensAt, now, timeOf: (i) => times[i] };
  };

  /** Appends events as the flow gave them, at the script's time. */
  const record = (event: GameEvent): void => {
    state = applyEvent(state, event, events.length);
    times[events.length] = now;
    events.push(event);
  };
  /** Appends a host's step, with the public notice a public status's end gives. */
  const push = (event: GameEvent): void => {
    const notice = statusEndNotice(state, ruleset, event, flow.language);
    record(event);
    if (notice !== null) record(notice);
  };

  for (const p of script.players) {
    if (!ruleset.factions.some((f) => f.id === p.faction))
      errors.push({
        line: 0,
        message: `player ${p.name}: no faction "${p.faction}" in ${ruleset.id} (${ruleset.factions.map((f) => f.id).join(', ')})`,
      });
    for (const r of [p.role, ...(p.secondRole === undefined ? [] : [p.secondRole])]) {
      // A role may carry the forum standard's modifiers in front (`role=macho+one-shot+doctor`) where the ruleset takes them.
      if (!ruleset.roles.some((d) => d.id === r) && rulesetModifiedRole(ruleset, r) === undefined)
        errors.push({ line: 0, message: `player ${p.name}: no role "${r}" in ${ruleset.id}` });
    }
    if (p.target !== undefined && !script.players.some((q) => q.name.toLowerCase() === p.target?.toLowerCase()))
      errors.push({ line: 0, message: `player ${p.name}: target=${p.target} is not a player of the game` });
    // 000: "Every player must sign up as one of three levels": a level the ruleset does not have is a mistake in the script.
    if (p.level !== undefined) {
      const levels = Object.keys(ruleset.setup?.levels ?? {});
      if (!levels.includes(p.level))
        errors.push({
          line: 0,
          message:
            levels.length === 0
              ? `player ${p.name}: no level "${p.level}": ${ruleset.id} has no levels`
              : `player ${p.name}: no level "${p.level}" in ${ruleset.id} (${levels.join(', ')})`,
        });
    }
  }
  const setupPlayers: PlayerSetup[] = script.players.map((p) => ({
    slotId: p.name,
    name: p.name,
    faction: p.faction,
    role: p.role,
    ...(p.secondRole === undefined ? {} : { secondRole: p.secondRole }),
    ...(p.family === undefined ? {} : { family: p.family }),
    ...(p.rank === undefined ? {} : { rank: p.rank }),
    ...(p.level === undefined ? {} : { level: p.level }),
    ...(p.target === undefined
      ? {}
      : { target: script.players.find((q) => q.name.toLowerCase() === p.target?.toLowerCase())?.name ?? p.target }),
  }));
  push({ type: 'game/setup', players: setupPlayers, families: [...new Set([...ruleset.families, ...script.families])] });
  // The setup check the host reads before the game starts, over the roster as the script gives it.
  const setup = checkSetup(setupPlayers, ruleset);
  openQuestions.push(...setup.openQuestions);
  // The setup PMs of groups that know each other (Masons, Neighbors), kept in the members' inboxes; the host's note to open their chat.
  const postLanguage = options.language ?? defaultPostLanguage(ruleset);
  const sayPost = (m: EngineMessage): string => options.wording?.(m, postLanguage) ?? plainMessage(m);
  const setupMessages: PrivateMessage[] = [];
  const setupHostNotes: string[] = [];
  for (const m of setupGroupMessages(setupPlayers, ruleset)) {
    if (m.to === null) {
      setupHostNotes.push(options.wording?.(m.message, 'en') ?? plainMessage(m.message));
      continue;
    }
    const text = sayPost(m.message);
    record({ type: 'message/send', to: m.to, text, message: m.message });
    setupMessages.push({ to: m.to, name: m.to, text, message: m.message });
  }

  // The role PMs, by the composer the extension uses, so `gavel play --posts` and the game page agree.
  const rolePms = composeRolePms(
    { players: setupPlayers.map((p) => ({ ...p, slot: { id: p.slotId } })) },
    ruleset,
    postLanguage,
    flow.dialect,
  );

  const resolve = (name: string, line: number): string | undefined => {
    const lower = name.toLowerCase();
    const slot = state.players.find((p) => p.slot.accounts.some((a) => a.name.toLowerCase() === lower));
    if (slot === undefined) errors.push({ line, message: `no player "${name}"` });
    return slot?.slot.id;
  };
  const resolveTarget = (name: string, line: number): string | undefined => {
    const family = state.families.find((f) => f.toLowerCase() === name.toLowerCase());
    // 004 L100: a move may name roles (the black Kamikaze's trap): a role id that is no player's name.
    const lower = name.toLowerCase();
    const role = ruleset.roles.find((r) => r.id === lower)?.id;
    const player = state.players.some((p) => p.slot.accounts.some((a) => a.name.toLowerCase() === lower));
    return family ?? (role !== undefined && !player ? role : resolve(name, line));
  };

  // A substitution's value as the night reads it: a colour as whether black, places as player ids.
  const forgedIds = (v: ScriptForgedValue, line: number): boolean | string[] | undefined => {
    if ('colour' in v) return v.colour === 'black';
    const ids = v.places.map((n) => resolve(n, line));
    return ids.every((id): id is string => id !== undefined) ? ids : undefined;
  };

  let open: OpenPhase | null = null;

  const closePhase = (): void => {
    if (open === null) return;
    const current = open;
    let tally: DayTally | null = null;
    let resultPost: string | null = null;
    let ended: PhaseEnd;
    if (current.phase.kind === 'day') {
      const clock = clockNow();
      const day = endDay(events, ruleset, current.phase.number, { by: 'tally', ...(clock === undefined ? {} : { clock }) }, flow, rng);
      // The script opened this phase itself, so the flow cannot refuse to end it.
      invariant(day.ok, `the flow refused to end ${phaseLabel(current.phase)}`);
      ({ tally, resultPost } = day);
      ended = day;
    } else {
      const night = endNight(events, ruleset, current.phase.number, { ...flow, nightResolved: current.night !== undefined }, rng);
      invariant(night.ok, `the flow refused to end ${phaseLabel(current.phase)}`);
      ended = night;
    }
    for (const e of ended.events) record(e);
    if (tally !== null) {
      current.tallies.push(tally);
      if (tally.outcome.kind === 'runoff' || tally.outcome.kind === 'election-runoff') {
        warnings.push({ line: 0, message: `${phaseLabel(current.phase)} ended in a tie with no run-off line: nobody dies` });
      }
      if (tally.followUp !== undefined) {
        warnings.push({
          line: 0,
          message: `${phaseLabel(current.phase)} calls for another vote (${tally.followUp.ballot}) that the script does not hold`,
        });
      }
      for (const t of current.tallies.slice(0, -1)) openQuestions.push(...t.openQuestions);
    }
    openQuestions.push(...ended.openQuestions);
    if (ended.win.over && end === null) {
      end = ended.win;
      endPost = ended.endPost ?? undefined;
    }
    next = ended.next;
    const deaths = state.players
      .filter((p) => !p.alive && !current.deathsBefore.has(p.slot.id))
      .map((p) => ({ slotId: p.slot.id, name: p.name, cause: deathCauseText(p.death?.cause ?? '') }));
    phases.push({
      phase: current.phase,
      tallies: current.tallies,
      deaths,
      rejected: current.rejected,
      win: ended.win,
      openingPost: current.openingPost,
      ...(resultPost === null ? {} : { resultPost }),
      privateMessages: ended.privateMessages,
      ...(current.night === undefined ? {} : { night: current.night }),
      ...(current.nightNotes === undefined ? {} : { nightNotes: current.nightNotes }),
    });
    for (const x of current.expects) expectations.push(evaluate(x.expectation, x.line, x.text, current, state, end, resolveQuiet, setup));
    open = null;
  };
  const resolveQuiet = (name: string): string | undefined => {
    const lower = name.toLowerCase();
    return (
      state.players.find((p) => p.slot.accounts.some((a) => a.name.toLowerCase() === lower))?.slot.id ??
      state.families.find((f) => f.toLowerCase() === lower)
    );
  };

  for (const step of script.steps) {
    if (end !== null && step.kind !== 'expect') {
      if (step.kind === 'phase')
        warnings.push({ line: step.line, message: `the game ended at line ${endLine}: later phases are not played` });
      continue;
    }
    if (step.kind === 'phase') {
      closePhase();
      if (end !== null) {
        endLine = step.line;
        warnings.push({ line: step.line, message: 'the game ended before this phase: it is not played' });
        continue;
      }
      let opening: NextPhase | null = next;
      if (opening === null) {
        const first = startGame(events, ruleset, flow);
        invariant(first.ok, 'the first phase of a script starts the game');
        opening = first;
      }
      if (opening.phase.kind !== step.phase.kind || opening.phase.number !== step.phase.number) {
        const after = phases[phases.length - 1]?.phase;
        errors.push({
          line: step.line,
          message: `${phaseLabel(step.phase)} is not the next phase: ${after === undefined ? 'the game starts with' : `after ${phaseLabel(after)} comes`} ${phaseLabel(opening.phase)}`,
        });
        break;
      }
      record(opening.event);
      next = null;
      dayDate = undefined;
      open = {
        phase: step.phase,
        tallies: [],
        rejected: [],
        openingPost: opening.openingPost,
        expects: [],
        deathsBefore: new Set(state.players.filter((p) => !p.alive).map((p) => p.slot.id)),
      };
      continue;
    }
    const phase: OpenPhase | null = open;
    if (step.kind === 'expect') {
      if (phase === null) expectations.push(evaluate(step.expectation, step.line, step.text, null, state, end, resolveQuiet, setup));
      else phase.expects.push({ line: step.line, text: step.text, expectation: step.expectation });
      continue;
    }
    if (phase === null) continue;
    applyStep(step, phase);
  }
  closePhase();

  function applyStep(step: Exclude<ScriptStep, { kind: 'phase' | 'expect' }>, phase: OpenPhase): void {
    switch (step.kind) {
      case 'vote': {
        const voter = resolve(step.voter, step.line);
        let target: string | null | undefined = null;
        if (step.target !== null)
          target =
            step.ballot?.startsWith('family') === true ? resolveFamily(step.target, step.line) : resolveTarget(step.target, step.line);
        if (voter === undefined || target === undefined) return;
        // A faction's leader election (003) may be held at night: the phase's end reads it.
        if (phase.phase.kind !== 'day' && step.ballot !== ruleset.phaseEnd?.leaderElection?.ballot)
          warnings.push({ line: step.line, message: 'a vote at night: it is recorded but no night tally reads it' });
        const ballot = step.ballot ?? defaultBallot(target);
        push({
          type: 'vote/cast',
          voter,
          ballot,
          target,
          ...(step.weight === undefined ? {} : { weight: step.weight }),
          ...(step.advance === undefined ? {} : { advance: step.advance }),
        });
        return;
      }
      case 'unvote': {
        const voter = resolve(step.voter, step.line);
        if (voter === undefined) return;
        push({ type: 'vote/withdraw', voter, ballot: step.ballot ?? defaultBallot(null) });
        return;
      }
      case 'use': {
        const actor = resolve(step.actor, step.line);
        const targets = step.targets.map((t) => resolveTarget(t, step.line));
        if (actor === undefined || targets.some((t) => t === undefined)) return;
        const ids = targets.filter((t): t is string => t !== undefined);
        if (!ruleset.roles.some((r) => r.abilities.some((a) => a.id === step.ability))) {
          errors.push({ line: step.line, message: `no ability "${step.ability}" in ${ruleset.id}` });
          return;
        }
        const check = checkAction(state, ruleset, actor, step.ability, ids);
        if (!check.ok) {
          phase.rejected.push({ line: step.line, who: actor, reason: check.reason });
          return;
        }
        // 004 Maid (L45): words go with a move that hands them to its target, and with no other.
        if (step.text !== undefined) {
          const player = playerOf(state, actor);
          const def = player === undefined ? undefined : roleAbilities(player, ruleset).find((a) => a.id === step.ability);
          if (!takesText(def)) {
            const worded = ruleset.roles.flatMap((r) => r.abilities.filter((a) => takesText(a)).map((a) => a.id));
            errors.push({
              line: step.line,
              message: `"${step.ability}" hands its target no words, so the text after ":" has nowhere to go${worded.length === 0 ? '' : ` (moves that do: ${[...new Set(worded)].join(', ')})`}`,
            });
            return;
          }
        }
        // 004 L85, L86, L77: a substitution goes only with a move whose holder may forge, in its result's form.
        let forged: ForgedResult | undefined;
        if (step.forged !== undefined) {
          const written = step.forged;
          const value = written.value === undefined ? undefined : forgedIds(written.value, step.line);
          const when = written.when === undefined ? undefined : forgedIds(written.when, step.line);
          if ((written.value !== undefined && value === undefined) || (written.when !== undefined && when === undefined)) return;
          forged = {
            ...(value === undefined ? {} : { value }),
            ...(when === undefined ? {} : { when }),
            // 004 L86: a track's blackening, a side's id (or null: none), and its condition.
            ...(written.blackening === undefined ? {} : { blackening: written.blackening }),
            ...(written.blackeningWhen === undefined ? {} : { blackeningWhen: written.blackeningWhen }),
          };
          const allowed = checkForged(state, ruleset, actor, step.ability, forged);
          if (!allowed.ok) {
            phase.rejected.push({ line: step.line, who: actor, reason: allowed.reason });
            return;
          }
        }
        // 004 L86: a substituted answer goes only with a role request.
        let requestForged: RequestForgery | undefined;
        if (step.requestForged !== undefined) {
          if (!ruleset.roles.some((r) => r.abilities.some((a) => a.id === step.ability && a.roleRequest?.forwardForgedBy !== undefined))) {
            errors.push({
              line: step.line,
              message: `"${step.ability}" is no role request that may be substituted: "instead" has nowhere to go`,
            });
            return;
          }
          const places = (nights: ScriptNightPlaces['nights']): NightPlaces | undefined => {
            const out = nights.map((n) => ({ night: n.night, places: n.places.map((name) => resolve(name, step.line)) }));
            return out.some((n) => n.places.some((p) => p === undefined))
              ? undefined
              : out.map((n) => ({ night: n.night, places: n.places.filter((p): p is string => p !== undefined) }));
          };
          const nights = places(step.requestForged.nights);
          const when = step.requestForged.when === undefined ? undefined : places(step.requestForged.when);
          if (nights === undefined || (step.requestForged.when !== undefined && when === undefined)) return;
          requestForged = { nights, ...(when === undefined ? {} : { when }) };
        }
        push({
          type: 'action/use',
          actor,
          ability: step.ability,
          targets: ids,
          ...(step.text === undefined ? {} : { text: step.text }),
          ...(forged === undefined ? {} : { forged }),
          ...(requestForged === undefined ? {} : { requestForged }),
        });
        // 004 L112: a black Forensic's examination is told at once, in the morning he makes it.
        const use = state.actions.at(-1);
        if (use !== undefined) for (const e of morningExaminationEvents(state, ruleset, use)) push(e);
        // 004 L27: the master of a slave is told of his day move at once.
        for (const told of slaveDayMoveTold(state, ruleset, { actor, ability: step.ability, targets: ids })) push(told);
        // A day-only kill (the forum standard's Day Vigilante) kills at once.
        for (const death of dayKillEvents(state, ruleset, { actor, ability: step.ability, targets: ids })) push(death);
        return;
      }
      case 'kill': {
        const who = resolve(step.who, step.line);
        const by = step.by === undefined ? undefined : resolve(step.by, step.line);
        if (who === undefined) return;
        if (playerOf(state, who)?.alive === false) warnings.push({ line: step.line, message: `${step.who} is already dead` });
        push({ type: 'player/die', slotId: who, cause: step.cause, ...(by === undefined ? {} : { by }) });
        return;
      }
      case 'revive': {
        const who = resolve(step.who, step.line);
        if (who !== undefined) push({ type: 'player/revive', slotId: who });
        return;
      }
      case 'status': {
        const who = resolve(step.who, step.line);
        const def = ruleset.statuses.find((s) => s.id === step.status);
        if (def === undefined)
          errors.push({
            line: step.line,
            message: `no status "${step.status}" in ${ruleset.id} (${ruleset.statuses.map((s) => s.id).join(', ')})`,
          });
        if (who === undefined || def === undefined) return;
        if (!step.add) {
          push({ type: 'status/remove', slotId: who, status: step.status });
          return;
        }
        const phases = step.phases ?? def.defaultPhases;
        const partner = step.with === undefined ? undefined : resolve(step.with, step.line);
        if (step.with !== undefined && partner === undefined) return;
        push({
          type: 'status/add',
          slotId: who,
          status: step.status,
          ...(phases === undefined ? {} : { phases }),
          ...(step.value === undefined ? {} : { value: step.value }),
          ...(partner === undefined ? {} : { with: partner }),
        });
        return;
      }
      case 'title': {
        const who = resolve(step.who, step.line);
        if (!ruleset.titles.some((t) => t.id === step.title))
          errors.push({ line: step.line, message: `no title "${step.title}" in ${ruleset.id}` });
        if (who === undefined) return;
        // 004 L161: the Secretary is picked from the players who voted for the Mayor at the election.
        if (step.add && secretaryRefused(step.title, who)) {
          phase.rejected.push({ line: step.line, who: 'host', reason: 'secretary/not-an-elector' });
          return;
        }
        push(step.add ? { type: 'title/grant', slotId: who, title: step.title } : { type: 'title/revoke', slotId: who, title: step.title });
        return;
      }
      case 'role': {
        const who = resolve(step.who, step.line);
        for (const r of [step.role, ...(step.secondRole === undefined ? [] : [step.secondRole])]) {
          if (!ruleset.roles.some((d) => d.id === r)) errors.push({ line: step.line, message: `no role "${r}" in ${ruleset.id}` });
        }
        if (who === undefined) return;
        push({
          type: 'role/change',
          slotId: who,
          role: step.role,
          ...(step.secondRole === undefined ? {} : { secondRole: step.secondRole }),
        });
        return;
      }
      case 'cancel': {
        const who = resolve(step.who, step.line);
        if (who === undefined) return;
        const move = state.actions.filter((a) => a.actor === who && a.ability === step.ability).at(-1);
        if (move === undefined) {
          errors.push({ line: step.line, message: `${step.who} has no recorded ${step.ability} this phase` });
          return;
        }
        push({ type: 'action/cancel', at: move.at, ...(step.refused ? { refused: true } : {}) });
        return;
      }
      case 'collect-choice': {
        const who = resolve(step.who, step.line);
        const victim = resolve(step.victim, step.line);
        if (who !== undefined && victim !== undefined) push({ type: 'night/collect-choice', collector: who, victim });
        return;
      }
      case 'will': {
        const who = resolve(step.who, step.line);
        if (who !== undefined) push({ type: 'will/set', slotId: who, text: step.text });
        return;
      }
      case 'message': {
        const who = resolve(step.who, step.line);
        if (who !== undefined) push({ type: 'message/send', to: who, text: step.text });
        return;
      }
      case 'note': {
        const who = resolve(step.who, step.line);
        if (who === undefined) return;
        // 004 L166, L169: a note after the night is announced, from a living player.
        const refused = noteRefusal(state, ruleset, who, step.text);
        if (refused !== null) phase.rejected.push({ line: step.line, who, reason: refused });
        else push({ type: 'note/leave', author: who, text: step.text });
        return;
      }
      case 'refuse-note': {
        const who = resolve(step.who, step.line);
        if (who === undefined) return;
        const note = (state.nightNotes ?? []).filter((n) => n.author === who && n.refused !== true && n.phase?.kind === 'night').at(-1);
        if (note === undefined) {
          errors.push({ line: step.line, message: `${step.who} has no night note to refuse` });
          return;
        }
        push({ type: 'note/refuse', at: note.at });
        return;
      }
      case 'announce':
        push({ type: 'message/send', to: null, text: step.text });
        return;
      case 'replace': {
        const who = resolve(step.who, step.line);
        if (who !== undefined) push({ type: 'player/replace', slotId: who, name: step.by });
        return;
      }
      case 'runoff': {
        if (phase.phase.kind !== 'day') {
          errors.push({ line: step.line, message: 'a run-off belongs in a day' });
          return;
        }
        const tally = tallyDay(state, ruleset, clockNow());
        if (tally.outcome.kind !== 'runoff' && tally.outcome.kind !== 'election-runoff') {
          phase.rejected.push({ line: step.line, who: 'host', reason: `runoff/not-tied (${tally.outcome.kind})` });
          return;
        }
        phase.tallies.push(tally);
        push({
          type: 'ballot/open',
          ballot: tally.outcome.kind === 'runoff' ? 'runoff' : 'election-runoff',
          candidates: tally.outcome.candidates,
        });
        return;
      }
      case 'resolve': {
        if (phase.phase.kind !== 'night' || phase.night !== undefined) {
          errors.push({ line: step.line, message: 'resolve night: once, in a night' });
          return;
        }
        const resolved = resolveGameNight(events, ruleset, phase.phase.number, rng, flow);
        if (!resolved.ok) {
          errors.push({
            line: step.line,
            message: `resolve night: no night rules for ${ruleset.id}; state the night's outcome with kill and status lines`,
          });
          return;
        }
        const applied = applyNightResolution(events, ruleset, resolved.resolution, flow);
        for (const e of applied.events) record(e);
        phase.night = resolved.resolution;
        phase.nightNotes = [...applied.notes];
        return;
      }
      case 'revote':
      case 'extra': {
        if (phase.phase.kind !== 'day') {
          errors.push({ line: step.line, message: `${step.kind === 'revote' ? 'a re-vote' : 'an extra vote'} belongs in a day` });
          return;
        }
        const settled = settleBallot(events, ruleset, phase.phase.number, flow, tallyDay(state, ruleset, clockNow()));
        if (!settled.ok || settled.tally.followUp?.ballot !== step.kind) {
          const got = settled.ok ? (settled.tally.followUp?.ballot ?? settled.tally.outcome.kind) : settled.code;
          phase.rejected.push({ line: step.line, who: 'host', reason: `${step.kind}/not-called (${got})` });
          return;
        }
        phase.tallies.push(settled.tally);
        for (const e of settled.events) record(e);
        return;
      }
      case 'at': {
        const date = step.date ?? lastDate;
        const minutes = parseClockTime(step.time);
        const day = date === undefined ? null : parseDate(date);
        if (day === null || minutes === null) {
          errors.push({ line: step.line, message: 'at: give the date with the first time (at YYYY-MM-DD HH:MM)' });
          return;
        }
        const zone = dayClock?.timeZone ?? 'UTC';
        now = fromLocalDateTime({ ...day, hour: Math.floor(minutes / 60), minute: minutes % 60 }, zone);
        lastDate = date;
        // The day's date is its first time's (a day's posts after midnight keep the date its vote opened on).
        if (phase.phase.kind === 'day') dayDate ??= date;
        return;
      }
      case 'hunt': {
        const reason = huntRefusal();
        if (reason !== null) {
          phase.rejected.push({ line: step.line, who: 'host', reason });
          return;
        }
        push({ type: 'ballot/open', ballot: 'hunt' });
        return;
      }
    }
  }

  function secretaryRefused(title: string, who: string): boolean {
    const voting = ruleset.voting;
    if (voting.kind !== 'weighted-plurality' || voting.day?.fireByVote?.title !== title) return false;
    const choices = secretaryChoices(state, ruleset, voting);
    return choices !== null && !choices.includes(who);
  }

  function resolveFamily(name: string, line: number): string | undefined {
    const family = state.families.find((f) => f.toLowerCase() === name.toLowerCase());
    if (family === undefined) errors.push({ line, message: `no family "${name}"` });
    return family;
  }

  function defaultBallot(target: string | null): string {
    const voting = ruleset.voting;
    switch (voting.kind) {
      case 'majority':
        return voting.ballot;
      case 'family-court':
        return target !== null && state.families.includes(target) ? 'family' : 'individual';
      case 'weighted-plurality':
        return currentBallot(state, voting);
    }
  }

  /** 004 witch hunt conditions (digest §2.6), or null when a hunt may start. */
  function huntRefusal(): string | null {
    const voting = ruleset.voting;
    if (voting.kind !== 'weighted-plurality') return 'hunt/not-in-this-ruleset';
    const refused = huntRefusedBy(state, voting);
    if (refused !== null) return refused;
    // L164.3: at least half of the active main players approve, in green font.
    const approvals = huntApprovals(state, ruleset, voting, clockNow());
    if (approvals !== null && approvals.approvals < approvals.needed)
      return `hunt/not-approved (${approvals.approvals} of ${approvals.needed})`;
    return null;
  }

  if (errors.length > 0) return { ok: false, errors };
  const finalEnd: WinCheck | null = end;
  return {
    ok: true,
    result: {
      ruleset: ruleset.id,
      settings: script.settings,
      phases,
      end: finalEnd,
      ...(endPost === undefined ? {} : { endPost }),
      events,
      expectations,
      openQuestions: dedupe(openQuestions),
      warnings,
      setup,
      setupWarnings: setup.warnings.map((w) => options.wording?.(w.message, 'en') ?? plainMessage(w.message)),
      setupMessages,
      setupHostNotes,
      rolePms: rolePms.pms,
      rolePmGaps: rolePms.gaps,
    },
  };
}

function dedupe(hits: readonly OpenQuestionHit[]): OpenQuestionHit[] {
  const seen = new Set<string>();
  return hits.filter((h) => {
    const key = `${h.setting}\u0000${h.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `Day 2`, `Night 1`. */
export function phaseLabel(phase: PhaseRef): string {
  return `${phase.kind === 'day' ? 'Day' : 'Night'} ${phase.number}`;
}

function evaluate(
  x: Expectation,
  line: number,
  text: string,
  phase: OpenPhase | null,
  state: GameState,
  end: WinCheck | null,
  resolve: (name: string) => string | undefined,
  setup: SetupCheck,
): ExpectationResult {
  const result = (ok: boolean, actual: string): ExpectationResult => ({ line, text, ok, actual });
  const name = (id: string): string => playerOf(state, id)?.name ?? id;
  const final = phase?.tallies[phase.tallies.length - 1];
  const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x) => b.includes(x));
  switch (x.kind) {
    case 'dead':
    case 'alive': {
      const p = playerOf(state, resolve(x.who) ?? '');
      if (p === undefined) return result(false, `no player ${x.who}`);
      return result(p.alive === (x.kind === 'alive'), p.alive ? 'alive' : `dead (${deathCauseText(p.death?.cause ?? '')})`);
    }
    case 'lynched': {
      const ids = x.who.map((w) => resolve(w) ?? w);
      const got = final?.deaths.map((d) => d.slotId) ?? [];
      return result(sameSet(ids, got), got.length === 0 ? 'nobody' : got.map(name).join(', '));
    }
    case 'no-lynch': {
      const got = final?.deaths ?? [];
      return result(
        final !== undefined && got.length === 0,
        got.length === 0 ? (final?.outcome.kind ?? 'no tally') : got.map((d) => name(d.slotId)).join(', '),
      );
    }
    case 'runoff': {
      const ids = x.who.map((w) => resolve(w) ?? w);
      const t = phase?.tallies.find((y) => y.outcome.kind === 'runoff' || y.outcome.kind === 'election-runoff');
      const got = t !== undefined && (t.outcome.kind === 'runoff' || t.outcome.kind === 'election-runoff') ? t.outcome.candidates : [];
      return result(sameSet(ids, got), got.length === 0 ? 'no run-off' : got.map(name).join(', '));
    }
    case 'total': {
      const id = resolve(x.who) ?? x.who;
      const all = [...(final?.totals ?? []), ...(final?.familyTotals ?? [])];
      const got = all.find((t) => t.target === id)?.total ?? 0;
      return result(got === x.total, String(got));
    }
    case 'court': {
      const ids = x.families.map((f) => resolve(f) ?? f);
      const got = final?.court ?? [];
      return result(sameSet(ids, got), got.join(', '));
    }
    case 'void': {
      const id = resolve(x.voter) ?? x.voter;
      const reasons: string[] = (phase?.tallies ?? []).flatMap((t) => t.voided.filter((v) => v.voter === id).map((v) => v.reason));
      return result(reasons.includes(x.reason), reasons.length === 0 ? 'no voided vote' : reasons.join(', '));
    }
    case 'rejected': {
      const id = resolve(x.who) ?? x.who;
      const reasons = (phase?.rejected ?? []).filter((r) => r.who === id).map((r) => r.reason);
      return result(
        reasons.some((r) => r === x.reason || r.startsWith(`${x.reason} `)),
        reasons.length === 0 ? 'nothing rejected' : reasons.join(', '),
      );
    }
    case 'status':
    case 'title': {
      const p = playerOf(state, resolve(x.who) ?? '');
      if (p === undefined) return result(false, `no player ${x.who}`);
      const has = x.kind === 'status' ? p.statuses.some((s) => s.id === x.status) : p.titles.includes(x.title);
      const list = x.kind === 'status' ? p.statuses.map((s) => s.id) : p.titles;
      return result(has === x.present, list.length === 0 ? 'none' : list.join(', '));
    }
    case 'setup': {
      const id = x.who === undefined ? undefined : (resolve(x.who) ?? x.who);
      const who = id === undefined ? undefined : name(id);
      const found = setup.warnings.filter((w) => w.message.code === x.code && (who === undefined || w.names.includes(who)));
      const codes = setup.warnings.map((w) => (w.names.length === 0 ? w.message.code : `${w.message.code} (${w.names.join(', ')})`));
      return result(found.length > 0 === x.present, codes.length === 0 ? 'no setup findings' : codes.join('; '));
    }
    case 'winner':
      return result(
        end !== null && end.result === 'win' && end.winningSides.some((s) => s.toLowerCase() === x.side.toLowerCase()),
        end === null ? 'game not over' : `${end.result ?? ''}: ${end.winningSides.join(', ')}`,
      );
    case 'draw':
      return result(
        end !== null && end.result === 'draw',
        end === null ? 'game not over' : `${end.result ?? ''}: ${end.winningSides.join(', ')}`,
      );
    case 'no-winner':
      return result(end === null, end === null ? 'game not over' : `${end.result ?? ''}: ${end.winningSides.join(', ')}`);
  }
}
