/**
 * Seed 004's additional peaceful roles that visit, block, redirect or check
 * (the Bodyguard, Prostitute, Hacker, Journalist, Inquisitor, Drug dealer,
 * Maid, Anonymous, Witch and Hypnotist): their effect functions, and the
 * hooks the ordered resolver calls at five points of a night (a target is
 * chosen, an action is about to act on its targets, a player is attacked, a
 * player died, every step has run). Each mechanic is generic (a client visit,
 * a stand-in for attacks, a redirection of visitors…) and named so; which role
 * uses it is the preset's data (src/engine/rules/presets/russian-004/peaceful-a.ts).
 */
import { checkHiding } from './roles-004-checks';
import { indexPlayers, type AcceptedAction } from './intake';
import { borrowedAbility } from './roles-004-copies';
import type { NightRoleDef } from './roles';
import type { AttackOptions, EffectFn, NightContext, ResolvedAction, WorkPlayer } from './context';
import type { NightAction, NightDeathCause, NightEvent, NightReason, NightStatus } from './types';
import { nightResult, type NightResult } from './results';
import { colourHidden } from './roles-004-faceless';
import { say, usedOn } from './say';
import { settingValue } from './settings-words';
import { mechanicStatus, statusActive, statusMeaning } from './statuses';
import { mechanicsColour, type HolderColour } from './mechanics-colour-004';
import { springTrap, setTraps, trapRoles } from './roles-004-lives';
import { tellSurvivor } from './tells';
import { engineMessage, word } from '../words';

interface Visit {
  readonly by: string;
  readonly reasons: readonly NightReason[];
}

/** What the visiting roles leave behind during one night. */
interface VisitState {
  /** Client → the visitor who took them home (004 Prostitute), and whether the client is crippled rather than killed with her. */
  readonly clients: Map<string, Visit & { readonly guarded: boolean; readonly status: string | undefined }>;
  /** Ward → the players who take attacks on the ward onto themselves (004 red Bodyguard). */
  readonly standIns: Map<string, Visit[]>;
  /** Ward → a black Bodyguard: protections on the ward do not save it tonight (L89). */
  readonly exposed: Map<string, Visit>;
  /** Ward → a Bodyguard of the grey side, who draws no killers but may pass a black killer on to a red ward (L71). */
  readonly greyGuards: Map<string, Visit>;
  /** Ward → the guard whose attack was passed on to him (the attack's original target, L71). */
  readonly diverted: Map<string, string>;
  /** Hypnotist → the player who is the target instead of them (undefined: moves on him are skipped, L37). */
  readonly hypnosis: Map<
    string,
    Visit & { readonly to: string | undefined; readonly status: string | undefined; readonly sparesKillers?: boolean }
  >;
  /** Moves a Hypnotist made skip tonight, with the reason (L37). */
  readonly skipped: Map<AcceptedAction, { readonly by: string; readonly reason: NightReason }>;
  /** Players playing dead tonight (004 Homeless drunk, L25). */
  readonly playingDead: Set<string>;
  /** Players whose messages tonight a Maid replaced (L45), and the notes she handed them (delivered all the same). */
  readonly replaced: Set<string>;
  readonly notes: Set<NightResult>;
  /** Whether last night's role swaps were undone already tonight (L46). */
  swappedBack: boolean;
  /** Stand-ins taking an attack right now (a chain of Bodyguards guarding each other stops). */
  readonly busy: Set<string>;
  /** Watchers who began watching a new house tonight (004 Homeless). */
  readonly staked: Set<string>;
  /** Bodyguard → his ward and his alibi: the visit counts as made to the alibi once the ward is attacked (L71, L89). */
  readonly alibis: Map<string, { readonly ward: string; readonly alibi: string }>;
  /** Players attacked so far tonight (the alibi stands once the ward is). */
  readonly attacked: Set<string>;
}

const states = new WeakMap<NightContext, VisitState>();

function stateOf(ctx: NightContext): VisitState {
  let state = states.get(ctx);
  if (state === undefined) {
    state = {
      clients: new Map(),
      standIns: new Map(),
      exposed: new Map(),
      greyGuards: new Map(),
      diverted: new Map(),
      hypnosis: new Map(),
      skipped: new Map(),
      playingDead: new Set(),
      replaced: new Set(),
      notes: new Set(),
      swappedBack: false,
      busy: new Set(),
      staked: new Set(),
      alibis: new Map(),
      attacked: new Set(),
    };
    states.set(ctx, state);
  }
  return state;
}

// The effect kinds each ruleset's roles use, so a night of another ruleset skips these hooks at once.
const effectTables = new WeakMap<NightContext['rules'], ReadonlySet<string>>();

function rulesUse(ctx: NightContext, effect: string): boolean {
  let table = effectTables.get(ctx.rules);
  if (table === undefined) {
    table = new Set(ctx.rules.roles.flatMap((r) => r.abilities.map((ab) => ab.effect)));
    effectTables.set(ctx.rules, table);
  }
  return table.has(effect);
}

const isBlack = (ctx: NightContext, p: WorkPlayer | undefined): boolean => p !== undefined && ctx.rules.guiltyFactions.includes(p.faction);
/** The role an action borrows (an Actor's copy, L40), when the actor's own roles have no such ability. */
function copiedSwap(ctx: NightContext, action: NightAction): NightRoleDef | undefined {
  const actor = ctx.input.players.find((p) => p.slotId === action.actor);
  if (actor === undefined) return undefined;
  const borrowed = borrowedAbility(ctx.input, ctx.rules, actor, action, indexPlayers(ctx.input));
  return borrowed === undefined || typeof borrowed === 'string' ? undefined : borrowed.role;
}
/** The player's colour for `mechanicsColour` (004 L77–L80). */
const holderColour = (ctx: NightContext, p: WorkPlayer): HolderColour =>
  isBlack(ctx, p) ? 'black' : ctx.rules.greyFactions?.includes(p.faction) === true ? 'grey' : 'red';
/** The colour of the player's living master, if he is enslaved (L94). */
function masterColour(ctx: NightContext, p: WorkPlayer): HolderColour | undefined {
  const by = mechanicStatus(ctx.input, p.statuses, 'enslaved')?.by;
  const master = by === undefined ? undefined : ctx.player(by);
  return master?.alive === true ? holderColour(ctx, master) : undefined;
}

/** A player of a third side, neither red nor black (004: the Faceless, L59). */
const isGrey = (ctx: NightContext, p: WorkPlayer | undefined): boolean =>
  p !== undefined && ctx.rules.greyFactions?.includes(p.faction) === true;

/** The roles a killer kills with, for a "the killer's (negative) role" message: the faction role, else every role. */
function killerRoles(ctx: NightContext, attackers: readonly string[]): string[] {
  return attackers.flatMap((id) => {
    const p = ctx.player(id);
    if (p === undefined) return [];
    const held = p.secondRole === undefined ? [p.role] : [p.role, p.secondRole];
    const negative = held.filter((r) => ctx.role(r)?.factionRole === true);
    return negative.length > 0 ? negative : held;
  });
}

/** Tells the actor the move failed (004: thwarted moves are told by PM, L115). */
function moveFailed(ctx: NightContext, action: ResolvedAction, why: NightReason): void {
  ctx.emit({
    type: 'message',
    to: action.actor.slotId,
    result: nightResult(action.actor.slotId, 'move-failed', action.targets, action.accepted.role.id),
    reasons: [why],
  });
}

function addStatus(ctx: NightContext, p: WorkPlayer, status: NightStatus, reasons: readonly NightReason[]): void {
  p.statuses = [...p.statuses, status];
  ctx.emit({ type: 'status-applied', player: p.slotId, status, reasons });
}

/**
 * L20 Bodyguard: attacks on the ward go to the Bodyguard. L89: a black Bodyguard leaves the ward open instead.
 * A second target is an alibi (L71, L89: a black or Faceless Bodyguard's), taken off the move's targets by `retarget`: see `settleAlibis`.
 */
const takeHits: EffectFn = (ctx, action) => {
  const ward = action.targets[0];
  if (ward === undefined || ward === action.actor.slotId) return;
  const state = stateOf(ctx);
  const visit = { by: action.actor.slotId, reasons: [usedOn(ctx, action, ward)] };
  // L20 «Нельзя две ночи подряд защищать одну цель»: the ability's status remembers last night's ward (L89: a black Bodyguard may repeat).
  const memory = action.accepted.ability.status;
  const w = ctx.player(ward);
  // L89, L71: a black or a grey Bodyguard «может повторно защищать одинакового игрока».
  const mayRepeat = isBlack(ctx, action.actor) || isGrey(ctx, action.actor);
  if (memory !== undefined && w !== undefined && !mayRepeat) {
    const again = w.statuses.some(
      (s) => s.id === memory && (s.by === undefined || s.by === action.actor.slotId) && s.sinceNight === ctx.night - 1,
    );
    if (again) {
      moveFailed(
        ctx,
        action,
        say(
          `${action.actor.name} guarded ${w.name} last night too; the same ward is not guarded two nights running (L20)`,
          engineMessage('night/guard-repeat', word.text(action.actor.name), word.text(w.name)),
          visit.reasons,
        ),
      );
      return;
    }
    addStatus(ctx, w, { id: memory, sinceNight: ctx.night, by: action.actor.slotId }, visit.reasons);
  }
  if (isBlack(ctx, action.actor)) {
    state.exposed.set(ward, visit);
    return;
  }
  // L71: «не переводит на себя киллера при защите игрока».
  if (isGrey(ctx, action.actor)) {
    state.greyGuards.set(ward, visit);
    return;
  }
  const list = state.standIns.get(ward) ?? [];
  list.push(visit);
  state.standIns.set(ward, list);
};

/** L21 Prostitute: takes the client home; the client's later moves fail (a block), and so do later moves on the client. */
const clientVisit: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  const client = target === undefined ? undefined : ctx.player(target);
  if (client === undefined || client.slotId === action.actor.slotId) return;
  const because = usedOn(ctx, action, client.slotId);
  if (!client.alive) {
    moveFailed(
      ctx,
      action,
      say(
        `${client.name} was dead`,
        engineMessage('night/target-was-dead', word.text(client.name), word.ability(action.accepted.ability.id, action.accepted.role.id)),
        [because],
      ),
    );
    return;
  }
  const state = stateOf(ctx);
  const ability = action.accepted.ability;
  // L90: when the Prostitute is black, black clients protect themselves.
  const guarded = ability.guardsClient === true || (isBlack(ctx, action.actor) && isBlack(ctx, client));
  state.clients.set(client.slotId, { by: action.actor.slotId, reasons: [because], guarded, status: ability.status });
  const list = ctx.blocks.get(client.slotId) ?? [];
  list.push({
    by: action.actor.slotId,
    spares: undefined,
    reasons: [
      say(
        `${client.name} spent the night at ${action.actor.name}'s (${action.accepted.role.name}): moves ordered after hers do not happen (004)`,
        engineMessage('night/taken-home', word.text(client.name), word.text(action.actor.name), word.role(action.accepted.role.id)),
        [because],
      ),
    ],
  });
  ctx.blocks.set(client.slotId, list);
  ctx.emit({ type: 'message', to: client.slotId, result: nightResult(client.slotId, 'pleasant-night', [], null), reasons: [because] });
  ctx.emit({
    type: 'message',
    to: action.actor.slotId,
    result: nightResult(action.actor.slotId, 'roles-learnt', [client.slotId], [client.role]),
    reasons: [because],
  });
};

/** L22 Hacker: blocks the target's roles (both of a black's) for a game day from the end of the day; learns the peaceful role. */
const hack: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  const t = target === undefined ? undefined : ctx.player(target);
  if (t === undefined || !t.alive) return;
  const because = usedOn(ctx, action, t.slotId);
  const list = ctx.blocks.get(t.slotId) ?? [];
  list.push({ by: action.actor.slotId, spares: undefined, reasons: [because] });
  ctx.blocks.set(t.slotId, list);
  const status = action.accepted.ability.status;
  if (status !== undefined) addStatus(ctx, t, { id: status, sinceNight: ctx.night, by: action.actor.slotId }, [because]);
  // L22: «У черных блокируются обе роли разом, при этом одна из ролей у черного останется заблокированной на вторые сутки»;
  // L91: a black Hacker blocks blacks for one day only.
  const second = action.accepted.ability.secondDayStatus;
  if (second !== undefined && isBlack(ctx, t) && t.secondRole !== undefined && !isBlack(ctx, action.actor)) {
    addStatus(ctx, t, { id: second, sinceNight: ctx.night, by: action.actor.slotId }, [
      say(
        `${t.name} is black: one of his two roles stays blocked a second game day, the one he does not choose to use (L22)`,
        engineMessage('night/hacked-second-day', word.text(t.name)),
        [because],
      ),
    ]);
    ctx.emit({ type: 'message', to: t.slotId, result: nightResult(t.slotId, 'hacked-one-role', [], null), reasons: [because] });
  } else ctx.emit({ type: 'message', to: t.slotId, result: nightResult(t.slotId, 'hacked', [], null), reasons: [because] });
  ctx.emit({
    type: 'message',
    to: action.actor.slotId,
    result: nightResult(action.actor.slotId, 'roles-learnt', [t.slotId], [t.role]),
    reasons: [because],
  });
};

/** Players another colour check of tonight aims at (the Journalist gets no information on them, L24). */
function checkedByOthers(ctx: NightContext, actor: string): Set<string> {
  const out = new Set<string>();
  for (const a of ctx.input.actions) {
    if (a.actor === actor) continue;
    const p = ctx.player(a.actor);
    if (p === undefined) continue;
    const roles = [ctx.role(p.role), ctx.role(p.secondRole)];
    const effect = roles.flatMap((r) => r?.abilities ?? []).find((ab) => ab.id === a.ability)?.effect;
    if (effect === 'investigate' || effect === 'marked-check') for (const t of a.targets) out.add(t);
  }
  return out;
}

/** Whether the player carries the status the ability names (the Journalist's: crippled players give no information, L24). */
function carries(ctx: NightContext, p: WorkPlayer, status: string | undefined): boolean {
  return status !== undefined && p.statuses.some((s) => statusActive(s, ctx.night) && s.id === status);
}

/** L24 Journalist: same colour, different colours, or no information; L93: a black Journalist learns both colours. */
const compareColours: EffectFn = (ctx, action) => {
  const [a, b] = action.targets.map((id) => ctx.player(id));
  if (a === undefined || b === undefined) return;
  const to = action.actor.slotId;
  const because = say(
    `${action.actor.name} (${action.accepted.role.name}) compared ${a.name} and ${b.name}`,
    engineMessage('night/compared', word.text(action.actor.name), word.role(action.accepted.role.id), word.text(a.name), word.text(b.name)),
    action.reasons,
  );
  const ability = action.accepted.ability;
  const memory = ability.status;
  // L24: «Если успешно получил информацию, нельзя проверить в ближайшую ночь двух новых игроков, но можно сравнить одного из
  // проверенных ранее игроков с кем-то новым, либо проверить любой ранее полученный результат».
  const comparedBefore = (p: WorkPlayer, night?: number): boolean =>
    memory !== undefined &&
    p.statuses.some(
      (x) =>
        x.id === memory &&
        x.by === to &&
        x.sinceNight !== undefined &&
        (night === undefined ? x.sinceNight < ctx.night : x.sinceNight === night),
    );
  const lastNightResult = ctx.players.some((p) => comparedBefore(p, ctx.night - 1));
  if (lastNightResult && !comparedBefore(a) && !comparedBefore(b)) {
    moveFailed(
      ctx,
      action,
      say(
        `${action.actor.name} got a result last night: tonight one of the two must be a player compared before (L24)`,
        engineMessage('night/compare-two-new', word.text(action.actor.name), word.text(a.name), word.text(b.name)),
        [because],
      ),
    );
    return;
  }
  const others = checkedByOthers(ctx, to);
  const hidden = [a, b].find(
    (p) =>
      !p.alive ||
      (ability.noInfoStatuses ?? []).some((id) => carries(ctx, p, id)) ||
      checkHiding(ctx, p) !== undefined ||
      others.has(p.slotId),
  );
  if (hidden !== undefined) {
    ctx.emit({
      type: 'message',
      to,
      result: nightResult(to, 'colours-compared', [a.slotId, b.slotId], 'no-info'),
      reasons: [
        say(
          `no information on ${hidden.name}: dead, crippled, a role colour checks cannot read, or another checker's target tonight (L24)`,
          engineMessage('night/compare-no-info', word.text(hidden.name)),
          [because],
        ),
      ],
    });
    return;
  }
  if (memory !== undefined) for (const p of [a, b]) addStatus(ctx, p, { id: memory, sinceNight: ctx.night, by: to }, [because]);
  if (isBlack(ctx, action.actor)) {
    for (const p of [a, b])
      ctx.emit({ type: 'message', to, result: nightResult(to, 'alignment-check', [p.slotId], isBlack(ctx, p)), reasons: [because] });
    return;
  }
  const same = isBlack(ctx, a) === isBlack(ctx, b);
  ctx.emit({
    type: 'message',
    to,
    result: nightResult(to, 'colours-compared', [a.slotId, b.slotId], same ? 'same' : 'different'),
    reasons: [because],
  });
};

/**
 * A private colour check that leaves its result on the target: a black result
 * gives the ability's `status` (L29 Inquisitor: to burn him the next night;
 * L28 Lawyer: +1 to his vote against him), a red one its `redStatus` (L28:
 * the Lawyer's legal protection may cover him).
 */
const markedCheck: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  const t = target === undefined ? undefined : ctx.player(target);
  if (t === undefined || colourHidden(ctx, action, t)) return;
  const black = isBlack(ctx, t);
  const because = say(
    `${action.actor.name} (${action.accepted.role.name}) checked ${t.name}'s colour`,
    engineMessage('night/colour-checked', word.text(action.actor.name), word.role(action.accepted.role.id), word.text(t.name)),
    action.reasons,
  );
  ctx.emit({
    type: 'message',
    to: action.actor.slotId,
    result: nightResult(action.actor.slotId, 'alignment-check', [t.slotId], black),
    reasons: [because],
  });
  const status = black ? action.accepted.ability.status : action.accepted.ability.redStatus;
  if (status !== undefined && t.alive) addStatus(ctx, t, { id: status, sinceNight: ctx.night, by: action.actor.slotId }, [because]);
};

/** L29 Inquisitor's burning: kills a player his check found black the night before; anyone else is a failed move (no "residual principle"). */
const burn: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  const t = target === undefined ? undefined : ctx.player(target);
  if (t === undefined) return;
  const ability = action.accepted.ability;
  const status = ability.status;
  const black = isBlack(ctx, action.actor);
  const checked = (id: string | undefined, nightsAgo: number): boolean =>
    id !== undefined &&
    t.statuses.some(
      (s) =>
        s.id === id &&
        (s.by === undefined || s.by === action.actor.slotId) &&
        (s.sinceNight === undefined || s.sinceNight === ctx.night - nightsAgo),
    );
  // L96: a black Inquisitor «Через красный или ложный черный чек разрешено сжечь с задержкой на одну ночь».
  const marked = checked(status, 1) || (black && checked(ability.redStatus, 2));
  if (!marked) {
    moveFailed(
      ctx,
      action,
      say(
        `${t.name} was not found black by ${action.actor.name}'s check of the night before; only such a player may be burnt (L29)`,
        engineMessage('night/burn-not-marked', word.text(t.name), word.text(action.actor.name)),
        action.reasons,
      ),
    );
    return;
  }
  const burnt = say(
    `${action.actor.name} (${action.accepted.role.name}) burnt ${t.name}, checked black the night before (L29)`,
    engineMessage('night/burnt', word.text(action.actor.name), word.role(action.accepted.role.id), word.text(t.name)),
    action.reasons,
  );
  const outcome = ctx.attack(t.slotId, [action.actor.slotId], 'kill', [burnt], { negative: ability.negative === true });
  // L96: a black Inquisitor who burnt a black checks red, and may execute a player if lynched, until he burns a red.
  const clean = ability.killStatus;
  if (outcome !== 'killed' || !black || clean === undefined) return;
  const me = action.actor;
  if (isBlack(ctx, t)) {
    if (!me.statuses.some((s) => s.id === clean))
      addStatus(ctx, me, { id: clean, sinceNight: ctx.night, by: me.slotId }, [
        say(
          `${me.name}, a black Inquisitor, burnt a black: he checks red until he burns a red, and may execute a player if lynched (L96)`,
          engineMessage('night/clean-hands', word.text(me.name)),
          [burnt],
        ),
      ]);
  } else if (me.statuses.some((s) => s.id === clean)) {
    me.statuses = me.statuses.filter((s) => s.id !== clean);
    ctx.emit({
      type: 'status-cleared',
      player: me.slotId,
      status: clean,
      reasons: [
        say(`${me.name} burnt a red: he no longer checks red (L96)`, engineMessage('night/clean-hands-lost', word.text(me.name)), [burnt]),
      ],
    });
  }
};

/** L34 Drug dealer: each target gets the ability's status (a barrier) and is told; fails on a corpse. */
const mark: EffectFn = (ctx, action) => {
  const status = action.accepted.ability.status;
  for (const id of action.targets) {
    const t = ctx.player(id);
    if (t === undefined) continue;
    const because = usedOn(ctx, action, id);
    if (!t.alive) {
      moveFailed(
        ctx,
        action,
        say(
          `${t.name} was dead`,
          engineMessage('night/target-was-dead', word.text(t.name), word.ability(action.accepted.ability.id, action.accepted.role.id)),
          [because],
        ),
      );
      continue;
    }
    if (status !== undefined) addStatus(ctx, t, { id: status, sinceNight: ctx.night, by: action.actor.slotId }, [because]);
    ctx.emit({ type: 'message', to: id, result: nightResult(id, 'drugged', [], null), reasons: [because] });
  }
};

/**
 * L45 Maid: learns the target's peaceful role and everything the target was
 * told during the game («всю общую информацию выбранного игрока, полученную им
 * в течение игры»: what he was told before tonight, from the game's history,
 * and tonight so far); fails at a dead target. With a substitution she hands
 * the target a text of her own, instead of (`replace`) or beside (`add`) what
 * he is told tonight: «можно как заменить сообщение, так и дополнить его».
 */
const examine: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  const t = target === undefined ? undefined : ctx.player(target);
  if (t === undefined) return;
  const because = usedOn(ctx, action, t.slotId);
  if (!t.alive) {
    moveFailed(
      ctx,
      action,
      say(
        `${t.name} was dead`,
        engineMessage('night/target-was-dead', word.text(t.name), word.ability(action.accepted.ability.id, action.accepted.role.id)),
        [because],
      ),
    );
    return;
  }
  const to = action.actor.slotId;
  ctx.emit({ type: 'message', to, result: nightResult(to, 'roles-learnt', [t.slotId], [t.role]), reasons: [because] });
  const past = ctx.input.players.find((p) => p.slotId === t.slotId)?.pastResults ?? [];
  forwardTold(ctx, t.slotId, to, because, past);
  const mode = action.accepted.ability.substitutes;
  const text = action.accepted.action.text?.trim() ?? '';
  if (mode === undefined || text === '') return;
  const state = stateOf(ctx);
  const note = nightResult(t.slotId, 'host-note', [], text);
  state.notes.add(note);
  if (mode === 'replace') state.replaced.add(t.slotId);
  ctx.emit({
    type: 'message',
    to: t.slotId,
    result: note,
    reasons: [
      say(
        mode === 'replace'
          ? `${action.actor.name} (Maid) replaced what ${t.name} is told tonight with her own text (L45)`
          : `${action.actor.name} (Maid) added her own text to what ${t.name} is told tonight (L45)`,
        mode === 'replace'
          ? engineMessage('night/maid-replaces', word.text(action.actor.name), word.text(t.name))
          : engineMessage('night/maid-adds', word.text(action.actor.name), word.text(t.name)),
        [because],
      ),
    ],
  });
};

/**
 * Passes on every result `from` was told (before tonight, then so far
 * tonight) to `to`: «общая информация», which does not plainly show his team
 * (L17). Whether a killer's "your victim's team" is passed on is the open
 * question `forwardsVictimTeam`, reported when a night meets it.
 */
function forwardTold(ctx: NightContext, from: string, to: string, because: NightReason, past: readonly NightResult[] = []): void {
  for (const m of [...past, ...toldSoFar(ctx, from)]) {
    if (m.fact === 'victim-team') {
      const setting = ctx.rules.settings.forwardsVictimTeam;
      ctx.ambiguity({
        setting: 'forwardsVictimTeam',
        value: setting,
        text: `${ctx.name(from)} was told a killer's "your victim's team"; the rules do not say whether a watcher is passed it, as it shows ${ctx.name(from)} killed (L17).`,
        message: engineMessage('night/ambiguity-forwards-victim-team', word.text(ctx.name(from)), word.message(settingValue(setting))),
      });
      if (setting !== 'yes') continue;
    }
    ctx.emit({ type: 'message', to, result: nightResult(to, 'forwarded-result', [from], m), reasons: [because] });
  }
}

// The resolver's events are not readable from the context; the results told tonight are kept here as they are emitted.
const told = new WeakMap<NightContext, Map<string, NightResult[]>>();

function toldSoFar(ctx: NightContext, to: string): readonly NightResult[] {
  return told.get(ctx)?.get(to) ?? [];
}

/** The living players who carry `status` from `by` tonight (a lasting watch). */
function markedBy(ctx: NightContext, status: string, by: string): WorkPlayer[] {
  return ctx.players.filter((p) => p.alive && p.statuses.some((s) => s.id === status && s.by === by));
}

/**
 * L26 Anonymous: learns the targets' peaceful roles now; they carry the
 * ability's status (watched) from now on, up to `maxMarked` players at once
 * («Суммарно можно вести наблюдение не более, чем за четырьмя игроками за раз»).
 */
const surveil: EffectFn = (ctx, action) => {
  const ability = action.accepted.ability;
  const status = ability.status;
  for (const id of action.targets) {
    const t = ctx.player(id);
    if (t === undefined || !t.alive) continue;
    const because = usedOn(ctx, action, id);
    const already = status !== undefined && t.statuses.some((s) => s.id === status && s.by === action.actor.slotId);
    if (!already && status !== undefined && ability.maxMarked !== undefined) {
      const watched = markedBy(ctx, status, action.actor.slotId);
      if (watched.length >= ability.maxMarked) {
        moveFailed(
          ctx,
          action,
          say(
            `${action.actor.name} already watches ${watched.length} players, the most at once; ${t.name} is not watched (L26)`,
            engineMessage('night/watch-cap', word.text(action.actor.name), word.number(ability.maxMarked), word.text(t.name)),
            [because],
          ),
        );
        continue;
      }
    }
    ctx.emit({
      type: 'message',
      to: action.actor.slotId,
      result: nightResult(action.actor.slotId, 'roles-learnt', [id], [t.role]),
      reasons: [because],
    });
    if (status !== undefined && !t.statuses.some((s) => s.id === status && s.by === action.actor.slotId))
      addStatus(ctx, t, { id: status, sinceNight: ctx.night, by: action.actor.slotId }, [because]);
  }
};

/**
 * L26 Anonymous changes a target: the watch on the first target passes to the
 * second, who is told and whose role he learns. «Анонимус может сменить
 * действующую цель, но не более одной за раз»; a move that does not go
 * through leaves the old watch in place («наблюдение за заменяемой целью продолжается»).
 */
const moveWatch: EffectFn = (ctx, action) => {
  const status = action.accepted.ability.status;
  const [from, to] = action.targets.map((id) => ctx.player(id));
  if (status === undefined || from === undefined || to === undefined || !to.alive) return;
  const actor = action.actor.slotId;
  const because = usedOn(ctx, action, to.slotId);
  if (!from.statuses.some((s) => s.id === status && s.by === actor)) {
    moveFailed(
      ctx,
      action,
      say(
        `${from.name} is not under ${action.actor.name}'s watch: there is no watch to move (L26)`,
        engineMessage('night/watch-not-held', word.text(from.name), word.text(action.actor.name)),
        [because],
      ),
    );
    return;
  }
  from.statuses = from.statuses.filter((s) => !(s.id === status && s.by === actor));
  ctx.emit({
    type: 'status-cleared',
    player: from.slotId,
    status,
    reasons: [
      say(
        `${action.actor.name} moved the watch from ${from.name} to ${to.name} (L26)`,
        engineMessage('night/watch-moved', word.text(action.actor.name), word.text(from.name), word.text(to.name)),
        [because],
      ),
    ],
  });
  ctx.emit({ type: 'message', to: actor, result: nightResult(actor, 'roles-learnt', [to.slotId], [to.role]), reasons: [because] });
  if (!to.statuses.some((s) => s.id === status && s.by === actor))
    addStatus(ctx, to, { id: status, sinceNight: ctx.night, by: actor }, [because]);
};

/** L46 Witch: swaps the peaceful roles of two players (for a game day). */
const swapRoles: EffectFn = (ctx, action) => {
  const [a, b] = action.targets.map((id) => ctx.player(id));
  if (a === undefined || b === undefined || a.slotId === b.slotId) return;
  const because = say(
    `${action.actor.name} (${action.accepted.role.name}) swapped the peaceful roles of ${a.name} and ${b.name} for a game day (L46)`,
    engineMessage(
      'night/roles-swapped',
      word.text(action.actor.name),
      word.role(action.accepted.role.id),
      word.text(a.name),
      word.text(b.name),
    ),
    action.reasons,
  );
  swapBack(ctx);
  exchangeRoles(ctx, a, b, because);
  // The swap lasts a game day: the status remembers the pair until the swap back the next night (L46).
  const status = action.accepted.ability.status;
  if (status !== undefined)
    for (const [p, q] of [
      [a, b],
      [b, a],
    ] as const)
      addStatus(ctx, p, { id: status, sinceNight: ctx.night, with: q.slotId, by: action.actor.slotId }, [because]);
};

/** Two players exchange their peaceful roles, and both are told the role they hold now (L115.16). */
function exchangeRoles(ctx: NightContext, a: WorkPlayer, b: WorkPlayer, because: NightReason): void {
  const [ra, rb] = [a.role, b.role];
  a.role = rb;
  b.role = ra;
  for (const [p, from, to] of [
    [a, ra, rb],
    [b, rb, ra],
  ] as const) {
    ctx.emit({ type: 'role-changed', player: p.slotId, slot: 'role', from, to, reasons: [because] });
    ctx.emit({ type: 'message', to: p.slotId, result: nightResult(p.slotId, 'role-swapped', [], to), reasons: [because] });
  }
}

/**
 * L46: a Witch's swap lasts a game day: the next night, before the Witch's
 * own move, the two players get their roles back — «Если же один из этих
 * игроков умер до обратного обмена в следующую ночь, то роли все равно
 * вернутся к владельцам» — unless one of them died before this night («умер
 * днем до того, как роли вернулись... обратного обмена не будет»: the survivor
 * keeps the other role). A swap the Witch fixed at the end of the day (her day
 * move «закрепить») no longer carries the status, and is not undone.
 */
function swapBack(ctx: NightContext): void {
  const state = stateOf(ctx);
  if (state.swappedBack) return;
  state.swappedBack = true;
  const ids = new Set(ctx.rules.roles.flatMap((r) => r.abilities.filter((ab) => ab.effect === 'swap-roles').map((ab) => ab.status)));
  for (const a of ctx.players) {
    for (const s of a.statuses) {
      if (!ids.has(s.id) || s.with === undefined || s.with <= a.slotId || s.sinceNight !== ctx.night - 1) continue;
      const b = ctx.player(s.with);
      if (b === undefined) continue;
      const before = (p: WorkPlayer): boolean => ctx.input.players.find((x) => x.slotId === p.slotId)?.alive === true;
      const keeps = !before(a) || !before(b);
      const because = keeps
        ? say(
            `${a.name} and ${b.name} swapped roles last night and one of them died before tonight: the survivor keeps the other role (L46)`,
            engineMessage('night/swap-kept', word.text(a.name), word.text(b.name)),
          )
        : say(
            `the Witch's swap of ${a.name} and ${b.name} lasted a game day: their roles return (L46)`,
            engineMessage('night/swap-back', word.text(a.name), word.text(b.name)),
          );
      if (!keeps) exchangeRoles(ctx, a, b, because);
      for (const p of [a, b]) {
        p.statuses = p.statuses.filter((x) => x.id !== s.id);
        ctx.emit({ type: 'status-cleared', player: p.slotId, status: s.id, reasons: [because] });
      }
    }
  }
}

/**
 * L37 Hypnotist: every action aimed at the actor from now on goes to the
 * target; or, with `skipsVisitors`, is skipped («Допустимо вместо перевода
 * хода заставить игрока пропустить его»).
 */
const redirectVisitors: EffectFn = (ctx, action) => {
  const ability = action.accepted.ability;
  const status = ability.status;
  const by = action.actor.slotId;
  if (ability.skipsVisitors === true) {
    const r = say(
      `${action.actor.name} (${action.accepted.role.name}) makes whoever comes to him skip the move (L37)`,
      engineMessage('night/hypnosis-skip', word.text(action.actor.name), word.role(action.accepted.role.id)),
      action.reasons,
    );
    stateOf(ctx).hypnosis.set(by, { by, to: undefined, reasons: [r], status });
    return;
  }
  const to = action.targets[0];
  if (to === undefined || to === by) return;
  stateOf(ctx).hypnosis.set(by, {
    by,
    to,
    reasons: [usedOn(ctx, action, to)],
    status,
    ...(action.accepted.ability.sparesKillers === true ? { sparesKillers: true } : {}),
  });
};

/**
 * L25 Homeless drunk: tonight every move aimed at him treats him as dead,
 * killers' included, and his own role tells him nothing («все роли, включая
 * киллеров, в текущую ночь будут считать бомжа мертвым... но и сам бомж не
 * получит утром никакой информации от своей роли»).
 */
const playDead: EffectFn = (ctx, action) => {
  stateOf(ctx).playingDead.add(action.actor.slotId);
};

/** What a watcher at `house` sees tonight: who came (not the watcher) and whether the owner went out. */
function houseReport(ctx: NightContext, watcher: string, house: string, reasons: readonly NightReason[]): void {
  if (states.get(ctx)?.playingDead.has(watcher) === true) return;
  const came = visitorsSeen(ctx, watcher, house);
  ctx.emit({ type: 'message', to: watcher, result: nightResult(watcher, 'visited-by', [house], came), reasons });
  if (ctx.visits.some((v) => v.actor === house && v.target !== house))
    ctx.emit({ type: 'message', to: watcher, result: nightResult(watcher, 'left-home', [house], null), reasons });
}

/** The moves of killers whose victim can live through them (the causes that tell a survivor, L115.4). */
const killerEffects: ReadonlySet<string> = new Set(['kill', 'faction-kill']);

/**
 * Who a Homeless sees come to a house: every visitor but himself, except the
 * killers of a victim saved tonight (L25: «Если бомж стал жертвой покушения, но
 * был спасен, либо следил за спасенной жертвой, то не получит имя киллера»).
 */
function visitorsSeen(ctx: NightContext, watcher: string, house: string): string[] {
  const saved = ctx.survivedAt.has(house);
  const seen = ctx.visits.filter(
    (v) => v.target === house && v.actor !== watcher && !(saved && v.effect !== undefined && killerEffects.has(v.effect)),
  );
  return [...new Set(seen.map((v) => v.actor))];
}

/**
 * L25 Homeless: watches a house for two nights (the second night by himself)
 * and learns who came and whether the owner went out; a new house only every
 * other night. The ability's status on the house remembers the first night.
 */
const stakeOut: EffectFn = (ctx, action) => {
  const house = action.targets[0];
  const h = house === undefined ? undefined : ctx.player(house);
  if (h === undefined) return;
  const memory = action.accepted.ability.status;
  const still = memory === undefined ? undefined : stakedOut(ctx, action.actor.slotId, memory);
  if (still !== undefined) {
    moveFailed(
      ctx,
      action,
      say(
        `${action.actor.name} still watches ${ctx.name(still)}'s house, the second night of two; a new house only the night after (L25)`,
        engineMessage('night/still-watching', word.text(action.actor.name), word.text(ctx.name(still))),
        action.reasons,
      ),
    );
    return;
  }
  const because = usedOn(ctx, action, h.slotId);
  stateOf(ctx).staked.add(action.actor.slotId);
  if (memory !== undefined && h.alive) addStatus(ctx, h, { id: memory, sinceNight: ctx.night, by: action.actor.slotId }, [because]);
  houseReport(ctx, action.actor.slotId, h.slotId, [because]);
};

/** The house the watcher started watching last night (his second night there is tonight), if any. */
function stakedOut(ctx: NightContext, watcher: string, memory: string): string | undefined {
  return ctx.players.find((p) =>
    p.statuses.some((s) => s.id === memory && (s.by === undefined || s.by === watcher) && s.sinceNight === ctx.night - 1),
  )?.slotId;
}

/** The effect functions of this file, for the ordered resolver's registry. */
export const visitEffects = {
  'take-hits': takeHits,
  'client-visit': clientVisit,
  hack,
  'compare-colours': compareColours,
  'marked-check': markedCheck,
  burn,
  mark,
  examine,
  surveil,
  'swap-roles': swapRoles,
  'redirect-visitors': redirectVisitors,
  'stake-out': stakeOut,
  'play-dead': playDead,
  'move-watch': moveWatch,
  // L100: the black Kamikaze's trap is read before the first step (roles-004-lives.ts).
  'trap-roles': trapRoles,
} as const;

const isKiller = (a: AcceptedAction): boolean =>
  a.ability.effect === 'faction-kill' || a.ability.effect === 'kill' || a.ability.effect === 'burn';

/** Any move that attacks its target: a killer's, or a peaceful role's kill (the Fanatic's, the Cultist's, a contract). */
const attacks = (a: AcceptedAction): boolean =>
  isKiller(a) || a.ability.effect === 'avenge-kill' || a.ability.effect === 'devour' || a.ability.effect === 'contract-kill';

/**
 * L46: the Witch swaps at the end of the night, but her swap reaches back to
 * the killers: swapping a killer with his victim cancels the shot (L106: not
 * when the Witch is black), and a killer who aims at the Witch while she swaps
 * him with a player of the other team hits that player instead.
 */
function witchRetarget(
  ctx: NightContext,
  actor: WorkPlayer,
  a: AcceptedAction,
  targets: string[],
): { targets: string[]; reasons: NightReason[] } {
  if (!isKiller(a) || !rulesUse(ctx, 'swap-roles')) return { targets, reasons: [] };
  const swaps = ctx.input.actions.flatMap((x) => {
    const w = ctx.player(x.actor);
    const [p, q] = x.targets;
    if (w === undefined || !w.alive || p === undefined || q === undefined || (ctx.blocks.get(w.slotId) ?? []).length > 0) return [];
    const own = [ctx.role(w.role), ctx.role(w.secondRole)].find((r) => r?.abilities.some((ab) => ab.id === x.ability) === true);
    // L40, L102: a copied Witch's swap turns the killers too, by the copier's own colour.
    const copied = own === undefined ? copiedSwap(ctx, x) : undefined;
    const role = own ?? copied;
    const effect = role?.abilities.find((ab) => ab.id === x.ability)?.effect;
    return effect === 'swap-roles' ? [{ witch: w, role: role?.id, p, q }] : [];
  });
  if (swaps.length === 0) return { targets, reasons: [] };
  const reasons: NightReason[] = [];
  const out = targets.flatMap((t) => {
    for (const { witch, role, p, q } of swaps) {
      if (actor.slotId !== p && actor.slotId !== q) continue;
      const other = actor.slotId === p ? q : p;
      // L106 black Witch: "соответствующий выстрел не будет отменен"; L79 the Faceless's Witch "работает по механике черных".
      if (t === other && mechanicsColour(ctx.rules, role, holderColour(ctx, witch), masterColour(ctx, witch)) !== 'black') {
        reasons.push(
          say(
            `${witch.name} (Witch) swaps ${actor.name} with his victim ${ctx.name(t)}: the shot is cancelled (L46)`,
            engineMessage('night/witch-cancels-shot', word.text(witch.name), word.text(actor.name), word.text(ctx.name(t))),
          ),
        );
        return [];
      }
      const o = ctx.player(other);
      if (t === witch.slotId && o !== undefined && isBlack(ctx, actor) !== isBlack(ctx, o)) {
        reasons.push(
          say(
            `${witch.name} (Witch) swaps ${actor.name} with ${o.name} of the other team: the shot at her goes to ${o.name} (L46)`,
            engineMessage('night/witch-turns-shot', word.text(witch.name), word.text(actor.name), word.text(o.name)),
          ),
        );
        return [o.slotId];
      }
    }
    return [t];
  });
  return { targets: out, reasons };
}

/** L37: an action aimed at a Hypnotist goes to his chosen player; a killer sent into himself skips. */
function hypnosisRetarget(
  ctx: NightContext,
  actor: WorkPlayer,
  a: AcceptedAction,
  targets: string[],
): { targets: string[]; reasons: NightReason[] } {
  const state = states.get(ctx);
  if (state === undefined || state.hypnosis.size === 0) return { targets, reasons: [] };
  const reasons: NightReason[] = [];
  const out = targets.flatMap((t) => {
    const h = state.hypnosis.get(t);
    if (h === undefined || t === actor.slotId || ctx.player(t)?.alive !== true) return [t];
    const killer = isKiller(a);
    // L40: a copied Hypnotist does not turn killers aside.
    if (killer && h.sparesKillers === true) return [t];
    // «Нельзя больше 1-й ночи за игру влиять на киллеров»: the ability's status on the Hypnotist remembers the night he did.
    const hypnotist = ctx.player(t);
    if (killer && h.status !== undefined && hypnotist !== undefined) {
      const before = hypnotist.statuses.some((s) => s.id === h.status && (s.sinceNight ?? 0) < ctx.night);
      if (before) {
        reasons.push(
          say(
            `${hypnotist.name} already turned killers aside on an earlier night; only one night per game (L37)`,
            engineMessage('night/hypnosis-killers-spent', word.text(hypnotist.name), word.text(actor.name)),
            h.reasons,
          ),
        );
        return [t];
      }
      if (!hypnotist.statuses.some((s) => s.id === h.status))
        addStatus(ctx, hypnotist, { id: h.status, sinceNight: ctx.night, by: hypnotist.slotId }, h.reasons);
    }
    if (h.to === undefined) {
      // The move stays aimed at the Hypnotist and is skipped when it would act (`unreachable`).
      state.skipped.set(a, {
        by: t,
        reason: say(
          `${ctx.name(t)} hypnotised the night: ${actor.name}'s ${a.ability.id} is skipped (L37)`,
          engineMessage('night/hypnosis-skipped', word.text(ctx.name(t)), word.text(actor.name), word.ability(a.ability.id, a.role.id)),
          h.reasons,
        ),
      });
      return [t];
    }
    const r = say(
      `${ctx.name(t)} hypnotised the night: ${actor.name}'s ${a.ability.id} goes to ${ctx.name(h.to)} (L37)`,
      engineMessage(
        'night/hypnotised',
        word.text(ctx.name(t)),
        word.text(actor.name),
        word.ability(a.ability.id, a.role.id),
        word.text(ctx.name(h.to)),
      ),
      h.reasons,
    );
    reasons.push(r);
    return killer && h.to === actor.slotId ? [] : [h.to];
  });
  return { targets: out, reasons };
}

/**
 * L71, L89: «Имеет право на алиби - если на настоящую цель совершили
 * покушение, технически для всех ролей считается, что телохранитель совершил
 * свой ход в цель алиби». A Bodyguard's move with an alibi visits the ward
 * until the ward is attacked, and from then on the alibi. Settled before each
 * move acts and before the night's last reports, so every role that reads the
 * visits (trackers by the checks' step, after every killer) sees the same.
 */
function settleAlibis(ctx: NightContext): void {
  const state = states.get(ctx);
  if (state === undefined || state.alibis.size === 0) return;
  for (const [guard, { ward, alibi }] of state.alibis) {
    // The visits are only ever added to (readers index them as they grow): the visit to the ward is replaced in place.
    const at = ctx.visits.findIndex((v) => v.actor === guard && v.effect === 'take-hits' && v.target === ward);
    const visit = ctx.visits[at];
    if (visit === undefined || !(state.attacked.has(ward) || ctx.player(ward)?.alive === false)) continue;
    ctx.visits[at] = { ...visit, target: alibi };
  }
}

/** A killer's shot that killed someone other than its named target is realised, not carried over (L2, L3). */
function realised(ctx: NightContext, attackers: readonly string[], cause: NightDeathCause, victim: string): void {
  const faction = cause === 'faction-kill' ? ctx.player(attackers[0] ?? '')?.faction : undefined;
  if (faction !== undefined) ctx.factionVictims.set(faction, [...(ctx.factionVictims.get(faction) ?? []), victim]);
}

/** The hooks the ordered resolver calls. */
export const visitHooks = {
  /** A result is told (kept for the Maid and Anonymous, who read what their targets were told). */
  told(ctx: NightContext, to: string, result: NightResult): void {
    if (!rulesUse(ctx, 'examine') && !rulesUse(ctx, 'surveil')) return;
    let byPlayer = told.get(ctx);
    if (byPlayer === undefined) {
      byPlayer = new Map();
      told.set(ctx, byPlayer);
    }
    const list = byPlayer.get(to) ?? [];
    list.push(result);
    byPlayer.set(to, list);
  },

  /**
   * Before the first step: a status that blocks one of a player's two roles
   * (`night.blocksRole`) blocks that role's moves tonight — the role a black
   * hacked the day before did not keep for his second game day, named at the
   * end of the hacked day (L22: «В конце дня взломанный черный выбирает роль,
   * которую будет использовать в течение суток»). One who named none keeps
   * the role of the move he sends first tonight (the open question
   * `phaseEnd.dayMoves.keep-peaceful-role.unanswered`), and the other stays blocked the
   * day after too.
   */
  beforeSteps(ctx: NightContext, ordered: readonly AcceptedAction[]): void {
    // L100: the roles the black Kamikazes name tonight.
    if (rulesUse(ctx, 'trap-roles')) setTraps(ctx, ordered);
    const blockRole = (p: WorkPlayer, blocked: string, by: string, reason: NightReason, effects?: readonly string[]): void => {
      const list = ctx.blocks.get(p.slotId) ?? [];
      list.push({
        by,
        spares: undefined,
        onlyRole: blocked,
        ...(effects === undefined ? {} : { onlyEffects: effects }),
        reasons: [reason],
      });
      ctx.blocks.set(p.slotId, list);
    };
    const chosen = new Set<string>();
    for (const p of ctx.players) {
      if (!p.alive) continue;
      for (const s of p.statuses) {
        const slot = statusMeaning(ctx.input, s.id).blocksRole;
        const blocked = slot === undefined ? undefined : slot === 'role' ? p.role : p.secondRole;
        const kept = slot === 'role' ? p.secondRole : p.role;
        if (blocked === undefined || kept === undefined || !statusActive(s, ctx.night)) continue;
        // L98: a status of another cause (the black Hero's save) blocks the role without a hack.
        const hacked = (statusMeaning(ctx.input, s.id).blockCause ?? 'hack') === 'hack';
        if (hacked) chosen.add(p.slotId);
        blockRole(
          p,
          blocked,
          s.by ?? p.slotId,
          hacked
            ? say(
                `${p.name} was hacked as a black: he uses ${kept} this second game day, and ${blocked} stays blocked (L22)`,
                engineMessage('night/hacked-keeps-role', word.text(p.name), word.role(kept), word.role(blocked)),
              )
            : say(
                `${p.name}'s role ${blocked} is blocked tonight (${s.id})`,
                engineMessage('night/status-blocks-role', word.text(p.name), word.role(blocked), word.status(s.id)),
              ),
          statusMeaning(ctx.input, s.id).blocksEffects,
        );
      }
    }
    if (!rulesUse(ctx, 'hack')) return;
    const ids = new Set(ctx.rules.roles.flatMap((r) => r.abilities.filter((ab) => ab.effect === 'hack').map((ab) => ab.secondDayStatus)));
    for (const p of ctx.players) {
      const mark = p.statuses.find((x) => ids.has(x.id) && x.sinceNight === ctx.night - 1);
      if (mark === undefined || !p.alive || p.secondRole === undefined || chosen.has(p.slotId)) continue;
      const first = [...ordered]
        .filter((a) => a.action.actor === p.slotId && a.borrowed === undefined)
        .sort((x, y) => x.action.sentAt - y.action.sentAt)[0];
      if (first === undefined) continue;
      const kept = first.role.id;
      const blocked = [p.role, p.secondRole].find((r) => r !== kept);
      if (blocked === undefined) continue;
      ctx.ambiguity({
        setting: 'phaseEnd.dayMoves.keep-peaceful-role.unanswered',
        value: 'first-move',
        text: `${p.name}, hacked as a black, named no role to keep at the end of the day: he keeps the role of his first move tonight (L22).`,
        message: engineMessage('night/ambiguity-kept-role-unanswered', word.text(p.name), word.role(kept)),
      });
      const reason = say(
        `${p.name} was hacked as a black: he uses ${kept} this second game day, and ${blocked} stays blocked (L22)`,
        engineMessage('night/hacked-keeps-role', word.text(p.name), word.role(kept), word.role(blocked)),
      );
      blockRole(p, blocked, mark.by ?? p.slotId, reason);
      // The day after is the rest of his second game day: the same role stays blocked then (the status that blocks it).
      const slot = blocked === p.role ? 'role' : 'secondRole';
      const status = (ctx.input.statusRules ?? []).find((r) => r.night?.blocksRole === slot)?.id;
      if (status !== undefined)
        addStatus(ctx, p, { id: status, sinceNight: ctx.night, ...(mark.by === undefined ? {} : { by: mark.by }) }, [reason]);
    }
  },

  /** A message is withheld: the Maid replaced what its addressee is told tonight (L45); her own note still goes. */
  withheld(ctx: NightContext, event: Extract<NightEvent, { type: 'message' }>): boolean {
    const state = states.get(ctx);
    return state !== undefined && state.replaced.has(event.to) && !state.notes.has(event.result);
  },

  /** A target is chosen: the Witch's swap turns killers (L46), then the Hypnotist sends what is aimed at him on (L37). */
  retarget(ctx: NightContext, actor: WorkPlayer, a: AcceptedAction, targets: string[]): { targets: string[]; reasons: NightReason[] } {
    // L71, L89: a Bodyguard's second target is his alibi; his move visits the ward until the ward is attacked (`settleAlibis`).
    const [ward, alibi] = targets;
    if (a.ability.effect === 'take-hits' && ward !== undefined && alibi !== undefined) {
      if (alibi !== ward) stateOf(ctx).alibis.set(actor.slotId, { ward, alibi });
      targets = [ward];
    }
    const witch = witchRetarget(ctx, actor, a, targets);
    const hypnosis = hypnosisRetarget(ctx, actor, a, witch.targets);
    return { targets: hypnosis.targets, reasons: [...witch.reasons, ...hypnosis.reasons] };
  },

  /** L21: moves on a Prostitute's client fail unless the ability reaches clients (or is hers); the reason, if it fails. */
  unreachable(
    ctx: NightContext,
    actor: WorkPlayer,
    a: AcceptedAction,
    targets: readonly string[],
  ): { by: string; reason: NightReason } | undefined {
    settleAlibis(ctx);
    // L100: a red move on a black Kamikaze who named its role: both die, and the move does not happen.
    const trapped = springTrap(ctx, actor, a, targets);
    if (trapped !== undefined) return trapped;
    const state = states.get(ctx);
    if (state === undefined || a.ability.targets.kind !== 'player') return undefined;
    // L37: a move the Hypnotist made skip; the hypnotised player is not told.
    const skip = state.skipped.get(a);
    if (skip !== undefined) return skip;
    // L25: a Homeless playing dead is dead to every move tonight; a killer's attempt on him is one he survived.
    const drunk = targets.find((t) => t !== actor.slotId && state.playingDead.has(t));
    if (drunk !== undefined) {
      const reason = say(
        `${ctx.name(drunk)} is drunk and counts as dead tonight: ${actor.name}'s ${a.ability.id} finds a corpse (L25)`,
        engineMessage('night/plays-dead', word.text(ctx.name(drunk)), word.text(actor.name), word.ability(a.ability.id, a.role.id)),
      );
      const h = ctx.player(drunk);
      if (attacks(a) && h !== undefined) {
        // «Если под бухлом пережил покушение, то уже не сможет нажираться до конца игры».
        h.spent['played-dead-attacked'] = (h.spent['played-dead-attacked'] ?? 0) + 1;
        ctx.emit({ type: 'protection-spent', player: drunk, protection: 'played-dead-attacked', reasons: [reason] });
        tellSurvivor(ctx, drunk, 'kill', [reason]);
      } else
        ctx.emit({
          type: 'message',
          to: actor.slotId,
          result: nightResult(actor.slotId, 'move-failed', [...targets], a.role.id),
          reasons: [reason],
        });
      return { by: drunk, reason };
    }
    if (a.ability.reachesClients === true) return undefined;
    for (const t of targets) {
      const visit = state.clients.get(t);
      if (visit === undefined || t === actor.slotId || visit.by === actor.slotId) continue;
      const reason = say(
        `${ctx.name(t)} spent the night at ${ctx.name(visit.by)}'s: ${actor.name}'s ${a.ability.id} did not reach them (L21)`,
        engineMessage(
          'night/client-unreachable',
          word.text(ctx.name(t)),
          word.text(ctx.name(visit.by)),
          word.text(actor.name),
          word.ability(a.ability.id, a.role.id),
        ),
        visit.reasons,
      );
      ctx.emit({
        type: 'message',
        to: actor.slotId,
        result: nightResult(actor.slotId, 'move-failed', [...targets], a.role.id),
        reasons: [reason],
      });
      return { by: visit.by, reason };
    }
    return undefined;
  },

  /**
   * An attack on `victimId` is about to be checked against protections. A
   * red Bodyguard takes it (L20); a black Bodyguard's ward loses its other
   * protections (L89), and a black killer's shot at a black Bodyguard who
   * guards a red goes to the ward, or is cancelled when the two target each
   * other (L89). Returns the reason the victim is spared, if they are.
   */
  standIn(
    ctx: NightContext,
    victimId: string,
    attackers: readonly string[],
    cause: NightDeathCause,
    options?: AttackOptions,
  ): NightReason | undefined {
    const state = states.get(ctx);
    if (state === undefined || cause === 'poison') return undefined;
    // L71, L89: an attack on a ward makes the Bodyguard's alibi stand.
    state.attacked.add(victimId);
    const victim = ctx.player(victimId);
    if (victim === undefined) return undefined;
    const blackKiller = attackers.some((id) => isBlack(ctx, ctx.player(id)));
    // L89: a black Bodyguard attacked by a black killer.
    for (const [ward, guard] of state.exposed) {
      if (guard.by !== victimId || !blackKiller) continue;
      if (attackers.includes(ward)) {
        return say(
          `${victim.name}, a black Bodyguard, and ${ctx.name(ward)}, a black killer, targeted each other: the kill is cancelled (L89)`,
          engineMessage('night/guard-kill-cancelled', word.text(victim.name), word.text(ctx.name(ward))),
          guard.reasons,
        );
      }
      const w = ctx.player(ward);
      if (w !== undefined && w.alive && !isBlack(ctx, w)) {
        const r = say(
          `${victim.name}, a black Bodyguard, guarded ${w.name}: a black killer's shot at the Bodyguard hits the ward (L89)`,
          engineMessage('night/guard-shot-to-ward', word.text(victim.name), word.text(w.name)),
          guard.reasons,
        );
        if (ctx.attack(ward, attackers, cause, [r], options) === 'killed') realised(ctx, attackers, cause, ward);
        return r;
      }
    }
    // L71: «Безликий может перевести черного киллера с себя на подопечного, если защищает красного игрока».
    for (const [ward, guard] of state.greyGuards) {
      const w = ctx.player(ward);
      if (guard.by !== victimId || !blackKiller || w === undefined || !w.alive || isBlack(ctx, w) || isGrey(ctx, w)) continue;
      const r = say(
        `${victim.name}, a Faceless Bodyguard, guarded ${w.name}, a red: the black killer's shot at him goes to the ward (L71)`,
        engineMessage('night/grey-guard-passes-shot', word.text(victim.name), word.text(w.name)),
        guard.reasons,
      );
      state.diverted.set(ward, victimId);
      if (ctx.attack(ward, attackers, cause, [r], options) === 'killed') realised(ctx, attackers, cause, ward);
      return r;
    }
    const exposer = state.exposed.get(victimId);
    if (exposer !== undefined && (ctx.protections.get(victimId) ?? []).length > 0) {
      ctx.protections.delete(victimId);
      ctx.emit({
        type: 'survived',
        player: exposer.by,
        reasons: [
          say(
            `${ctx.name(exposer.by)}, a black Bodyguard, guarded ${victim.name}: the Doctor's, Cultist's and Blocker's protections on them do not work tonight (L89)`,
            engineMessage('night/guard-exposes', word.text(ctx.name(exposer.by)), word.text(victim.name)),
            exposer.reasons,
          ),
        ],
      });
    }
    const guard = (state.standIns.get(victimId) ?? []).find(
      (g) => g.by !== victimId && !state.busy.has(g.by) && ctx.player(g.by)?.alive === true,
    );
    if (guard === undefined) return undefined;
    const r = say(
      `${ctx.name(guard.by)} took the attack on ${victim.name} onto themselves (L20)`,
      engineMessage('night/took-the-hit', word.text(ctx.name(guard.by)), word.text(victim.name)),
      guard.reasons,
    );
    // L20: a Blocker protecting the same ward also works (and the Bodyguard still dies).
    for (const p of ctx.protections.get(victimId) ?? [])
      if (p.kind === 'jail' && (!p.negativeOnly || options?.negative === true)) ctx.savedBy.add(p.by);
    state.busy.add(guard.by);
    const outcome = ctx.attack(guard.by, attackers, cause, [r], options);
    state.busy.delete(guard.by);
    if (outcome === 'killed') {
      realised(ctx, attackers, cause, guard.by);
      ctx.emit({
        type: 'message',
        to: victimId,
        result: nightResult(victimId, 'guard-died-for-you', [guard.by], [...attackers]),
        reasons: [r],
      });
    } else if (outcome === 'saved')
      ctx.emit({
        type: 'message',
        to: guard.by,
        result: nightResult(guard.by, 'guard-attack-survived', [victimId], killerRoles(ctx, attackers)),
        reasons: [r],
      });
    return r;
  },

  /** A player died: a Prostitute's client dies with her, or is crippled under her protection (L21); a black Bodyguard learns his ward's killers (L89). */
  afterDeath(ctx: NightContext, victim: WorkPlayer, attackers: readonly string[], cause: NightDeathCause): void {
    const state = states.get(ctx);
    if (state === undefined || (cause !== 'kill' && cause !== 'faction-kill')) return;
    const grey = state.greyGuards.get(victim.slotId);
    if (grey !== undefined && grey.by !== victim.slotId) {
      // L71: «Если подопечный умрет, безликий узнает роль киллера, его изначальную цель и сторону убитого».
      const because = [say(`${victim.name} died`, engineMessage('night/died', word.text(victim.name)))];
      const original = state.diverted.get(victim.slotId) ?? victim.slotId;
      ctx.emit({
        type: 'message',
        to: grey.by,
        result: nightResult(grey.by, 'guard-ward-killed-roles', [victim.slotId, original], killerRoles(ctx, attackers)),
        reasons: because,
      });
      ctx.emit({
        type: 'message',
        to: grey.by,
        result: nightResult(grey.by, 'team-learnt', [victim.slotId], isBlack(ctx, victim)),
        reasons: because,
      });
    }
    const guard = state.exposed.get(victim.slotId);
    if (guard !== undefined)
      ctx.emit({
        type: 'message',
        to: guard.by,
        result: nightResult(guard.by, 'guard-ward-killed', [victim.slotId], [...attackers]),
        reasons: [say(`${victim.name} died`, engineMessage('night/died', word.text(victim.name)))],
      });
    for (const [clientId, visit] of state.clients) {
      if (visit.by !== victim.slotId) continue;
      const client = ctx.player(clientId);
      if (client === undefined || !client.alive) continue;
      const because = say(
        `${victim.name} was killed with ${client.name} at her place (L21)`,
        engineMessage('night/client-shares-fate', word.text(victim.name), word.text(client.name)),
        visit.reasons,
      );
      if (visit.guarded && visit.status !== undefined) {
        addStatus(ctx, client, { id: visit.status, sinceNight: ctx.night }, [
          say(
            `${victim.name} used protection: ${client.name} survives, crippled for the rest of the game (L21)`,
            engineMessage('night/client-crippled', word.text(victim.name), word.text(client.name)),
            [because],
          ),
        ]);
        ctx.emit({ type: 'message', to: clientId, result: nightResult(clientId, 'client-crippled', [], null), reasons: [because] });
      } else ctx.attack(clientId, attackers, cause, [because], { unstoppable: true });
    }
  },

  /**
   * After every step: a Homeless spends his second night at last night's
   * house and sees his own visitors (L25); Anonymous learns what each watched
   * player was told tonight, and the watched feel it (L26).
   */
  afterSteps(ctx: NightContext): void {
    settleAlibis(ctx);
    if (rulesUse(ctx, 'swap-roles')) swapBack(ctx);
    if (rulesUse(ctx, 'stake-out')) homelessNights(ctx);
    if (rulesUse(ctx, 'surveil')) anonymousMornings(ctx);
  },
};

function holdersOf(ctx: NightContext, effect: string): { player: WorkPlayer; statuses: Set<string | undefined> }[] {
  return ctx.players.flatMap((p) => {
    const abilities = [ctx.role(p.role), ctx.role(p.secondRole)].flatMap((r) => r?.abilities ?? []).filter((ab) => ab.effect === effect);
    return p.alive && abilities.length > 0 ? [{ player: p, statuses: new Set(abilities.map((ab) => ab.status)) }] : [];
  });
}

function homelessNights(ctx: NightContext): void {
  for (const { player: h, statuses } of holdersOf(ctx, 'stake-out')) {
    // The second night is a move made for him: a block stops it too.
    const sent = states.get(ctx)?.staked.has(h.slotId) === true || (ctx.blocks.get(h.slotId) ?? []).length > 0;
    for (const memory of statuses) {
      const house = memory === undefined || sent ? undefined : stakedOut(ctx, h.slotId, memory);
      if (house !== undefined && ctx.player(house)?.alive === true) {
        const r = say(
          `${h.name} spends a second night at ${ctx.name(house)}'s house (L25)`,
          engineMessage('night/second-night-watch', word.text(h.name), word.text(ctx.name(house))),
        );
        ctx.visits.push({ actor: h.slotId, target: house });
        houseReport(ctx, h.slotId, house, [r]);
      }
    }
    // «всегда видит имена игроков, которые приходили к нему лично» (not on a drunk night, L25)
    const came = visitorsSeen(ctx, h.slotId, h.slotId);
    if (came.length > 0 && states.get(ctx)?.playingDead.has(h.slotId) !== true)
      ctx.emit({
        type: 'message',
        to: h.slotId,
        result: nightResult(h.slotId, 'visited-by', [h.slotId], came),
        reasons: [
          say(
            `${h.name} has no home and sees whoever comes to him (L25)`,
            engineMessage('night/homeless-sees-visitors', word.text(h.name)),
          ),
        ],
      });
  }
}

function anonymousMornings(ctx: NightContext): void {
  const watchers = holdersOf(ctx, 'surveil');
  if (watchers.length === 0) return;
  const statusIds = new Set(watchers.flatMap((w) => [...w.statuses]));
  for (const p of ctx.players) {
    if (!p.alive) continue;
    for (const s of p.statuses) {
      if (!statusIds.has(s.id)) continue;
      const w = watchers.find((x) => s.by === undefined || x.player.slotId === s.by)?.player;
      if (w === undefined || w.slotId === p.slotId) continue;
      const because = say(
        `${w.name} (Anonymous) watches ${p.name} and receives what they are told (L26)`,
        engineMessage('night/surveilled', word.text(w.name), word.text(p.name)),
      );
      forwardTold(ctx, p.slotId, w.slotId, because);
      ctx.emit({ type: 'message', to: p.slotId, result: nightResult(p.slotId, 'watched', [], null), reasons: [because] });
    }
  }
}
