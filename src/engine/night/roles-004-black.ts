/**
 * Seed 004's black (negative), werewolf and grey night moves (digest §5.3–5.6,
 * seed L48–L64): the Mercenary's kill on the Mafia's order, the Joker's check
 * that flips a colour, the Poisoner's poison he hears about when it fails, the
 * Executioner's torture chamber, the Geisha's night "client", the Faceless's
 * face cut, and the werewolves' red check until their first kill of their own.
 *
 * The effect kinds are named for what they do, so another rule set may give
 * them to its own roles. The ordered resolver calls three hooks from here:
 * `appearsGuilty` (what a colour check shows), `stoppedBeforeEffect` (an
 * action that cannot reach its target or must skip) and `afterDeathBlack`
 * (what one death brings about: a Geisha's client dies with her, the
 * Imitator becomes the Maniac, a werewolf's hands are bloodied).
 */
import type { EffectFn, NightContext, Protection, ResolvedAction, WorkPlayer } from './context';
import { isKillerNight, type AcceptedAction } from './intake';
import { nightResult, type NightResult } from './results';
import { say, usedOn } from './say';
import { faceCutRefusal } from './roles-004-faceless';
import { receivesPartnerChecks } from './roles-004-extended';
import { employerOf, fireShot, poisonPending } from './shots';
import { applyPoison, mechanicStatus, mechanicStatusId, statusMeaning } from './statuses';
import type { NightDeathCause, NightEvent, NightReason } from './types';
import { engineMessage, word } from '../words';

/** The effect kinds of this file (members of `NightEffectKind`). */
export type BlackEffectKind =
  /** Kill on an employer's order, before the employer's own shot; the employer then skips (004 Mercenary, Ninja: L49). */
  | 'contract-kill'
  /** A colour check that always goes through and flips the target's colour for the rest of the night (004 Joker: L51). */
  | 'flip-check'
  /**
   * Poison that kills the night after unless cured; a negative move, and the poisoner is told when it fails; one
   * victim at a time, unless a side's surplus shot gives an extra poisoning (004 Poisoner: L52; intake, shots.ts).
   */
  | 'delayed-poison'
  /** Takes the target into a torture chamber: the peaceful role blocked, the torturer learns role and team (004 Executioner: L53). */
  | 'torture'
  /** Keeps the target company for the night: the target's later non-negative moves, and later non-negative moves on him, fail (004 Geisha: L54). */
  | 'host-client'
  /** Blocks the victim's peaceful role until a named player is lynched; thwarts his negative move tonight (004 Faceless: L60–L64). */
  | 'face-cut'
  /** Puts an illusion in front of a partner: kills and blocks aimed at him land on it, and checks show red, until it is killed (004 Imitator: L50). */
  | 'decoy';

// Per-night working state of these mechanics (a night's context is used once, then dropped).
interface BlackState {
  /** Colour flips tonight: player → number of flips (an odd count shows the other colour). */
  readonly flips: Map<string, number>;
  /** Clients taken tonight: client → the player who took him. */
  readonly clients: Map<string, string>;
  /** Factions whose order a contract killer realised tonight: their own shot skips. */
  readonly contracted: Set<string>;
  /** Victims of contract kills tonight (those kills do not bloody the killer's hands). */
  readonly contractVictims: Set<string>;
  /** Poisoners whose poisoning took hold tonight (L52: an extra poisoning realised). */
  readonly poisoners: Set<string>;
  /** Illusions tonight: the covered player → who made it, and whether it was killed. */
  readonly decoys: Map<string, { readonly by: string; broken: boolean }>;
  /** Deaths of the poison tonight, in order (L52: a black dead of it may give the blacks a shot). */
  readonly poisonDeaths: PoisonDeath[];
}

/** A death of the poison tonight (004 L52). */
export interface PoisonDeath {
  readonly victim: string;
  /** The Poisoner. */
  readonly by: string | undefined;
  /** The poisoning spent a killer side's surplus shot (an extra poisoning). */
  readonly extra: boolean;
  /** The Poisoner was dead by then ("вслед за отравителем"). */
  readonly afterPoisoner: boolean;
}

const states = new WeakMap<NightContext, BlackState>();

function state(ctx: NightContext): BlackState {
  let s = states.get(ctx);
  if (s === undefined) {
    s = {
      flips: new Map(),
      clients: new Map(),
      contracted: new Set(),
      contractVictims: new Set(),
      poisoners: new Set(),
      decoys: new Map(),
      poisonDeaths: [],
    };
    states.set(ctx, s);
  }
  return s;
}

function hasPassive(ctx: NightContext, p: WorkPlayer, passive: 'appears-innocent' | 'innocent-until-kill'): boolean {
  return [ctx.role(p.role), ctx.role(p.secondRole)].some((r) => r?.passives?.includes(passive) === true);
}

function hasKilled(ctx: NightContext, p: WorkPlayer): boolean {
  const id = mechanicStatusId(ctx.input, 'has-killed');
  return p.statuses.some((s) => s.id === id);
}

/** The deaths of the poison tonight (L52). */
export function poisonDeathsTonight(ctx: NightContext): readonly PoisonDeath[] {
  return states.get(ctx)?.poisonDeaths ?? [];
}

/** Whether the player's poisoning took hold tonight (L52). */
export function poisonedTonight(ctx: NightContext, poisoner: string): boolean {
  return states.get(ctx)?.poisoners.has(poisoner) === true;
}

/**
 * A kill on `target` tonight leaves the killer's hands clean: a werewolf's insurance or order
 * (L49: "без учета заказов", L54: "без учета страховки") does not make him check black.
 */
export function keepHandsClean(ctx: NightContext, target: string): void {
  state(ctx).contractVictims.add(target);
}

/** Whether the player is truly black (his faction is one an exact check calls guilty). */
function trulyBlack(ctx: NightContext, p: WorkPlayer): boolean {
  return ctx.rules.guiltyFactions.includes(p.faction);
}

/**
 * What a colour check shows of a player tonight: his faction's colour, red
 * for a black who "keeps clean hands" (L48 Boss's Son) or a werewolf before
 * his first kill of his own (L49–L54: "если убивает и чекается в одну ночь,
 * чек сразу выдаст черного"), then turned over by each Joker check tonight
 * (L51: "другой чек в эту же ночь покажет выбранного игрока под замененным
 * цветом").
 */
export function appearsGuilty(ctx: NightContext, p: WorkPlayer): boolean {
  let guilty = trulyBlack(ctx, p);
  if (guilty && hasPassive(ctx, p, 'appears-innocent')) guilty = false;
  if (guilty && hasPassive(ctx, p, 'innocent-until-kill') && !hasKilled(ctx, p)) guilty = false;
  // L55: "имеют право использовать “окраснение” на одного из пары" (a rumour of the day before; the host gives the status).
  // L98: a black Hero who saved a red checks red "пока спасенный красный остается жив" (a reddening `with` that player).
  if (
    guilty &&
    p.statuses.some(
      (s) => statusMeaning(ctx.input, s.id).mechanic === 'reddened' && (s.with === undefined || ctx.player(s.with)?.alive === true),
    )
  )
    guilty = false;
  // L15: the blackening rumour shows black; L55: "Окраснение по приоритету уступает очернению".
  if (mechanicStatus(ctx.input, p.statuses, 'blackened') !== undefined) guilty = true;
  // L50: "Цвет чека иллюзии всегда равен красному".
  const decoy = states.get(ctx)?.decoys.get(p.slotId);
  if (decoy !== undefined && !decoy.broken) guilty = false;
  const flips = states.get(ctx)?.flips.get(p.slotId) ?? 0;
  return flips % 2 === 1 ? !guilty : guilty;
}

function message(to: string, result: NightResult, reasons: readonly NightReason[]): NightEvent {
  return { type: 'message', to, result, reasons };
}

/**
 * A Blocker's protection on the player (it stops negative moves: L5). The
 * Blocker whose protection thwarts a negative move "hits" (L5: "если блокер
 * защищает игрока, в которого попал такой ход, то сорвет его и в утреннем
 * сообщении будет "попал"").
 */
function negativeShield(ctx: NightContext, target: string): Protection | undefined {
  const found = (ctx.protections.get(target) ?? []).find((p) => p.negativeOnly);
  if (found !== undefined) ctx.savedBy.add(found.by);
  return found;
}

/** The player's move failed: he is told so by PM, about the player it was aimed at (L115: the Poisoner, Geisha and Executioner are told). */
function thwarted(ctx: NightContext, action: ResolvedAction, why: NightReason): void {
  ctx.emit({
    type: 'nullified',
    player: action.actor.slotId,
    ability: action.accepted.ability.id,
    cause: 'thwarted',
    reasons: [why],
  });
  ctx.emit(
    message(action.actor.slotId, nightResult(action.actor.slotId, 'move-failed', action.targets.slice(0, 1), action.accepted.role.id), [
      why,
    ]),
  );
}

const contractKill: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  const t = target === undefined ? undefined : ctx.player(target);
  const actor = action.actor;
  if (t === undefined) return;
  const because = usedOn(ctx, action, t.slotId);
  // L55: once both employers are dead, he works for the other group.
  const employer = employerOf(ctx.rules, ctx.players, actor);
  const skip = (reason: NightReason): void =>
    ctx.emit({ type: 'nullified', player: actor.slotId, ability: action.accepted.ability.id, cause: 'thwarted', reasons: [reason] });
  // L49: "Каждую ночь, когда у мафии есть возможность сделать ход" — only on a night the employers may shoot.
  if (!isKillerNight(ctx.input, ctx.rules, employer) && (ctx.input.reserveKills?.[employer] ?? 0) <= 0) {
    skip(
      say(
        `${actor.name}'s employers have no shot tonight, so there is no order to carry out (004 L49)`,
        engineMessage('night/contract-no-shot', word.text(actor.name), word.faction(employer)),
        [because],
      ),
    );
    return;
  }
  // L49: "Если указан защищаемый блокером игрок, … другой черный или сам наемник - пропустит ход."
  const guard = negativeShield(ctx, t.slotId);
  if (t.slotId === actor.slotId || trulyBlack(ctx, t) || guard !== undefined) {
    skip(
      say(
        `an order on himself, on another black or on a Blocker-protected player makes ${actor.name} skip (004 L49)`,
        engineMessage('night/contract-skipped', word.text(actor.name), word.text(t.name)),
        [because, ...(guard === undefined ? [] : guard.reasons)],
      ),
    );
    return;
  }
  const s = state(ctx);
  // L49: "До первого успешного убийства, без учета заказов, будет чекаться мирным": a kill on an order leaves his
  // hands clean; once no employer is alive he kills for himself ("начинает самостоятельно убивать"), and that counts.
  const employed = ctx.players.some((p) => p.alive && p.faction === employer && p.slotId !== actor.slotId);
  if (employed) s.contractVictims.add(t.slotId);
  const outcome = fireShot(ctx, t.slotId, () => ctx.attack(t.slotId, [actor.slotId], 'kill', [because], { negative: true }));
  if (outcome !== 'killed') return;
  // L49: "Если наемник успешно совершает убийство любого игрока, мафия пропускает ход"; the kill is the employers' shot.
  s.contracted.add(employer);
  const victims = ctx.factionVictims.get(employer) ?? [];
  victims.push(t.slotId);
  ctx.factionVictims.set(employer, victims);
  // L49: "Мафия видит команду жертв наемника, но наемник не видит команду жертв мафии."
  const learnt = say(
    `the employers of a contract killer learn the team of his victim (004 L49)`,
    engineMessage('night/contract-team-told', word.faction(employer), word.text(t.name)),
    [because],
  );
  for (const p of ctx.players) {
    if (!p.alive || p.faction !== employer || p.slotId === actor.slotId) continue;
    ctx.emit(message(p.slotId, nightResult(p.slotId, 'team-learnt', [t.slotId], trulyBlack(ctx, t)), [learnt]));
  }
};

const flipCheck: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  const t = target === undefined ? undefined : ctx.player(target);
  const actor = action.actor;
  if (t === undefined) return;
  const because = usedOn(ctx, action, t.slotId);
  // L51: "Исключение - защитный блок блокера, при выборе цели которого чек джокера не пройдет."
  const guard = negativeShield(ctx, t.slotId);
  if (guard !== undefined) {
    thwarted(
      ctx,
      action,
      say(
        `${t.name} was under a Blocker's protection, which a flipping check does not pass (004 L51)`,
        engineMessage('night/flip-check-protected', word.text(t.name)),
        [because, ...guard.reasons],
      ),
    );
    return;
  }
  // L51: a check of a player killed tonight gives the corpse's true colour; otherwise the colour he shows now.
  const shown = t.alive ? appearsGuilty(ctx, t) : trulyBlack(ctx, t);
  const reason = say(
    `${actor.name} checked ${t.name}: the check always goes through, and turns the colour over for the rest of the night (004 L51)`,
    engineMessage('night/flip-check', word.text(actor.name), word.text(t.name)),
    [because],
  );
  const check = nightResult(actor.slotId, 'alignment-check', [t.slotId], shown);
  ctx.emit(message(actor.slotId, check, [reason]));
  // L51: "Джокер видит мирную роль чекнутого игрока"; "Если чекнул черным чеком настоящего черного, то узнает его негативную роль."
  // L6: a crippled player "лишился мирной роли и цвета": the Joker's check still gives a colour (L51), but no peaceful role to see.
  const lost = (action.accepted.ability.roleLostStatuses ?? []).some((id) => t.statuses.some((s) => s.id === id));
  const peaceful = lost ? [] : [t.role];
  const roles = shown && trulyBlack(ctx, t) && t.secondRole !== undefined ? [...peaceful, t.secondRole] : peaceful;
  if (roles.length > 0) ctx.emit(message(actor.slotId, nightResult(actor.slotId, 'roles-learnt', [t.slotId], roles), [reason]));
  // L51: "Информация с чеков джокера доступна мафии и маньяку каждое утро."
  const killers = new Set([...(ctx.rules.killerOrder?.odd ?? []), ...(ctx.rules.killerOrder?.even ?? [])]);
  for (const p of ctx.players) {
    // L51: "В расширенном формате информацию джокера также получает второй оборотень".
    if (!p.alive || p.slotId === actor.slotId || !(killers.has(p.faction) || receivesPartnerChecks(ctx, actor, p))) continue;
    ctx.emit(
      message(p.slotId, nightResult(p.slotId, 'forwarded-result', [actor.slotId], check), [
        say(
          "the Joker's checks are passed on to the Mafia and the Maniac every morning (004 L51)",
          engineMessage('night/flip-check-shared', word.text(p.name), word.text(actor.name)),
          [reason],
        ),
      ]),
    );
  }
  if (t.alive) {
    const s = state(ctx);
    s.flips.set(t.slotId, (s.flips.get(t.slotId) ?? 0) + 1);
  }
};

/** 004 extended L52: "отравитель может выбрать две цели за раз": each target is poisoned as by a move of its own. */
const delayedPoison: EffectFn = (ctx, action) => {
  const [first, second] = action.targets;
  for (const target of action.targets) {
    // The first named carries the other's id (`with`): one dose, of which only one dies (roles-004-extended.ts).
    poisonOne(ctx, { ...action, targets: [target] }, target === first ? second : undefined);
  }
};

function poisonOne(ctx: NightContext, action: ResolvedAction, pair: string | undefined): void {
  const target = action.targets[0];
  const t = target === undefined ? undefined : ctx.player(target);
  if (t === undefined || !t.alive) return;
  const because = usedOn(ctx, action, t.slotId);
  // L52: "Если … наткнулся на цель доктора, … на защищенного блокером игрока … отравление сорвется, но отравитель получит об этом ЛС."
  const saved = ctx.shield(t.slotId, [action.actor.slotId], 'poison', { negative: true });
  if (saved !== undefined) {
    thwarted(ctx, action, say(`${t.name} was not poisoned`, engineMessage('night/not-poisoned', word.text(t.name)), [because, saved]));
    return;
  }
  state(ctx).poisoners.add(action.actor.slotId);
  // L52: with his last victim still alive, this is the extra poisoning a killer side's surplus shot gave him (intake).
  const extra = poisonPending(ctx.input, action.actor.slotId);
  applyPoison(
    ctx,
    t,
    action.actor.slotId,
    say(
      `${t.name} is poisoned: dies next night unless the Poisoner gives the antidote at the end of the day or a Doctor visits (004 L52)`,
      engineMessage('night/poison-delayed', word.text(t.name)),
      [because],
    ),
    extra ? 1 : undefined,
    pair,
  );
}

/** 004 extended L53: "разрешено выбирать по две цели в первую и вторую ночь": each target taken as by a move of its own. */
const torture: EffectFn = (ctx, action) => {
  for (const target of action.targets) tortureOne(ctx, { ...action, targets: [target] });
};

function tortureOne(ctx: NightContext, action: ResolvedAction): void {
  const target = action.targets[0];
  const t = target === undefined ? undefined : ctx.player(target);
  if (t === undefined) return;
  const because = usedOn(ctx, action, t.slotId);
  if (!t.alive) {
    thwarted(ctx, action, say(`${t.name} died tonight`, engineMessage('night/died', word.text(t.name)), [because]));
    return;
  }
  const guard = t.slotId === action.actor.slotId ? undefined : negativeShield(ctx, t.slotId);
  if (guard !== undefined) {
    thwarted(
      ctx,
      action,
      say(
        `${t.name} was protected by ${ctx.name(guard.by)}`,
        engineMessage('night/protected-by', word.text(t.name), word.text(ctx.name(guard.by))),
        [because, ...guard.reasons],
      ),
    );
    return;
  }
  // L53: from the chamber on, the peaceful role is blocked; if released, it still makes no move until the end of the next night.
  const status = { id: TORTURED, sinceNight: ctx.night, untilNight: ctx.night + 1, by: action.actor.slotId };
  t.statuses = [...t.statuses, status];
  const reason = say(
    `${action.actor.name} took ${t.name} into the torture chamber at the end of the night: the peaceful role is blocked, and the Executioner learns role and team before the next night (004 L53)`,
    engineMessage('night/tortured', word.text(action.actor.name), word.text(t.name)),
    [because],
  );
  ctx.emit({ type: 'status-applied', player: t.slotId, status, reasons: [reason] });
  ctx.emit(message(t.slotId, nightResult(t.slotId, 'tortured', [], null), [reason]));
  const me = action.actor.slotId;
  ctx.emit(message(me, nightResult(me, 'roles-learnt', [t.slotId], [t.role]), [reason]));
  // L53: "Команда безликого приравнивается к красной."
  ctx.emit(message(me, nightResult(me, 'team-learnt', [t.slotId], trulyBlack(ctx, t)), [reason]));
}

/** The status a torture chamber gives (the ruleset's id; its night meaning is the ruleset's). */
export const TORTURED = 'tortured';
/** The status a face cut gives, with `with` = the player the victim must get lynched. */
export const FACE_CUT = 'face-cut';

const hostClient: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  const t = target === undefined ? undefined : ctx.player(target);
  if (t === undefined || !t.alive) return;
  const reason = say(
    `${action.actor.name} (${action.accepted.role.name}) kept ${t.name} company for the night: his later moves and later moves on him fail, negative ones excepted (004 L54)`,
    engineMessage('night/client-taken', word.text(action.actor.name), word.role(action.accepted.role.id), word.text(t.name)),
    action.reasons,
  );
  if (t.slotId !== action.actor.slotId) {
    state(ctx).clients.set(t.slotId, action.actor.slotId);
    const list = ctx.blocks.get(t.slotId) ?? [];
    list.push({ by: action.actor.slotId, spares: 'negative', reasons: [reason] });
    ctx.blocks.set(t.slotId, list);
    ctx.emit(message(t.slotId, nightResult(t.slotId, 'pleasant-night', [], null), [reason]));
  }
  // L54: "Гейша всегда узнает мирную роль клиента."
  const me = action.actor.slotId;
  ctx.emit(message(me, nightResult(me, 'roles-learnt', [t.slotId], [t.role]), [reason]));
};

const faceCut: EffectFn = (ctx, action) => {
  const [victim, designated] = action.targets;
  const t = victim === undefined ? undefined : ctx.player(victim);
  if (t === undefined || !t.alive) return;
  // L60: a face that came back is never cut again.
  const recovered = faceCutRefusal(ctx, t, action.reasons);
  if (recovered !== undefined) {
    thwarted(ctx, action, recovered);
    return;
  }
  // L60–L64: a player already cut is not cut again, and the Faceless cannot name himself as the target to lynch.
  const cutBefore = t.statuses.some((x) => x.id === FACE_CUT);
  if (cutBefore || designated === action.actor.slotId) {
    thwarted(
      ctx,
      action,
      say(
        cutBefore ? `${t.name}'s face is already cut (004 L60)` : `the Faceless cannot name himself as the player to lynch (004 L60)`,
        cutBefore
          ? engineMessage('night/face-already-cut', word.text(t.name))
          : engineMessage('night/face-cut-self-target', word.text(action.actor.name)),
        action.reasons,
      ),
    );
    return;
  }
  const reason = say(
    `${action.actor.name} (${action.accepted.role.name}) cut the face of ${t.name}: the peaceful role is blocked until ${designated === undefined ? 'a lynch' : ctx.name(designated)} is lynched, and a negative move tonight is thwarted (004 L60)`,
    engineMessage('night/face-cut', word.text(action.actor.name), word.role(action.accepted.role.id), word.text(t.name)),
    action.reasons,
  );
  const status = {
    id: FACE_CUT,
    sinceNight: ctx.night,
    by: action.actor.slotId,
    ...(designated === undefined ? {} : { with: designated }),
  };
  t.statuses = [...t.statuses, status];
  ctx.emit({ type: 'status-applied', player: t.slotId, status, reasons: [reason] });
  // L62: "Если целью стал черный игрок, процесс срезания лица собьет ночной ход его негативной роли в данную ночь";
  // the peaceful role is blocked from the cut on (L60): everything the victim does tonight after the cut fails.
  if (t.slotId !== action.actor.slotId) {
    const list = ctx.blocks.get(t.slotId) ?? [];
    list.push({ by: action.actor.slotId, spares: undefined, reasons: [reason] });
    ctx.blocks.set(t.slotId, list);
  }
  ctx.emit(message(t.slotId, nightResult(t.slotId, 'face-cut', designated === undefined ? [] : [designated], null), [reason]));
  if (designated !== undefined) ctx.emit(message(designated, nightResult(designated, 'face-cut-target', [], null), [reason]));
  const me = action.actor.slotId;
  ctx.emit(message(me, nightResult(me, 'roles-learnt', [t.slotId], [t.role]), [reason]));
};

const decoy: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  const t = target === undefined ? undefined : ctx.player(target);
  if (t === undefined || !t.alive) return;
  const because = usedOn(ctx, action, t.slotId);
  // L50: he meets the Maniac and pretends to be him: the illusion stands in front of a partner of his own side.
  if (t.faction !== action.actor.faction) {
    thwarted(
      ctx,
      action,
      say(
        `${t.name} is not ${action.actor.name}'s partner (004 L50)`,
        engineMessage('night/decoy-not-partner', word.text(action.actor.name), word.text(t.name)),
        [because],
      ),
    );
    return;
  }
  state(ctx).decoys.set(t.slotId, { by: action.actor.slotId, broken: false });
};

/** The ordered behaviour of this file's effect kinds (spread into `orderedEffects`). */
export const blackEffects: Readonly<Record<BlackEffectKind, EffectFn>> = {
  'contract-kill': contractKill,
  'flip-check': flipCheck,
  'delayed-poison': delayedPoison,
  torture,
  'host-client': hostClient,
  'face-cut': faceCut,
  decoy,
};

const killing = (a: AcceptedAction): boolean => a.ability.effect === 'kill' || a.ability.effect === 'faction-kill';

/**
 * Whether an action about to resolve must not: a faction whose contract
 * killer realised its order skips its own shot (L49); a non-negative move on
 * a player a Geisha took fails (L54: "любое дальнейшее действие по отношению
 * к нему тоже не проходит (кроме … негативных ролей)"); a black's killer on a
 * black the Geisha took, or on the Geisha by the black she took, cancels
 * (L54). Returns why, or undefined.
 */
export function stoppedBeforeEffect(ctx: NightContext, a: AcceptedAction, actor: WorkPlayer): NightReason | undefined {
  const s = states.get(ctx);
  if (s === undefined) return undefined;
  if (a.ability.effect === 'faction-kill' && s.contracted.has(actor.faction))
    return say(
      `a contract killer realised the ${actor.faction} order tonight, so ${actor.name} skips (004 L49)`,
      engineMessage('night/contract-realised', word.faction(actor.faction), word.text(actor.name)),
    );
  if (a.ability.targets.kind !== 'player') return undefined;
  for (const target of a.action.targets) {
    // L50: "для всех ходов, направленных в маньяка, создается иллюзия … при этом сам маньяк остается неуязвимым";
    // a kill destroys the illusion, and the moves after it reach the real Maniac.
    const illusion = s.decoys.get(target);
    const onIllusion = a.ability.effect === 'block' || a.ability.effect === 'jail' || killing(a);
    if (illusion !== undefined && !illusion.broken && onIllusion && actor.slotId !== target && actor.slotId !== illusion.by) {
      if (killing(a)) illusion.broken = true;
      return say(
        killing(a)
          ? `the move on ${ctx.name(target)} hit ${ctx.name(illusion.by)}'s illusion, which is destroyed; later moves reach the real ${ctx.name(target)} (004 L50)`
          : `the move on ${ctx.name(target)} hit ${ctx.name(illusion.by)}'s illusion; ${ctx.name(target)} himself is untouched (004 L50)`,
        killing(a)
          ? engineMessage('night/decoy-destroyed', word.text(ctx.name(target)), word.text(ctx.name(illusion.by)))
          : engineMessage('night/decoy-absorbed', word.text(ctx.name(target)), word.text(ctx.name(illusion.by))),
      );
    }
    const host = s.clients.get(target);
    if (host !== undefined && host !== actor.slotId) {
      const client = ctx.player(target);
      const blackOnBlack = killing(a) && client !== undefined && trulyBlack(ctx, client) && trulyBlack(ctx, actor);
      if (a.ability.negative !== true || blackOnBlack)
        return say(
          `${ctx.name(target)} spent the night with ${ctx.name(host)}: later moves on him fail (004 L54)`,
          engineMessage('night/client-away', word.text(ctx.name(target)), word.text(ctx.name(host))),
        );
    }
    if (killing(a) && s.clients.get(actor.slotId) === target && trulyBlack(ctx, actor))
      return say(
        `${actor.name} attacked the Geisha who took him for the night: the move is cancelled (004 L54)`,
        engineMessage('night/client-away', word.text(actor.name), word.text(ctx.name(target))),
      );
  }
  return undefined;
}

/**
 * What one death brings about here: a Geisha killed takes her (red) client
 * with her (L54: "убийство распространяется на нее и клиента … Если
 * атакована, забрав черного, то гейша умрет в одиночку"); the Imitator becomes
 * the Maniac when the Maniac dies (L50); a werewolf who killed with his own
 * hands checks black from now on (L49–L54).
 */
export function afterDeathBlack(ctx: NightContext, victim: WorkPlayer, attackers: readonly string[], cause: NightDeathCause): void {
  if (cause === 'poison') {
    const poison = ctx.input.players
      .find((p) => p.slotId === victim.slotId)
      ?.statuses?.find((x) => statusMeaning(ctx.input, x.id).mechanic === 'poison' && (x.sinceNight ?? 0) < ctx.night);
    const by = poison?.by ?? attackers[0];
    state(ctx).poisonDeaths.push({
      victim: victim.slotId,
      by,
      extra: poison?.value === 1,
      afterPoisoner: by !== undefined && ctx.player(by)?.alive === false,
    });
  }
  const s = states.get(ctx);
  const killed = cause === 'kill' || cause === 'faction-kill';
  // L50: "Если подражатель … будет убит ночью, то в настоящего маньяка попадут все ходы, идущие после доктора."
  for (const illusion of s?.decoys.values() ?? []) if (illusion.by === victim.slotId) illusion.broken = true;
  if (killed && !(s?.contractVictims.has(victim.slotId) ?? false)) {
    for (const id of attackers) {
      const killer = ctx.player(id);
      if (killer === undefined || !hasPassive(ctx, killer, 'innocent-until-kill') || hasKilled(ctx, killer)) continue;
      const status = { id: mechanicStatusId(ctx.input, 'has-killed'), sinceNight: ctx.night };
      killer.statuses = [...killer.statuses, status];
      ctx.emit({
        type: 'status-applied',
        player: killer.slotId,
        status,
        reasons: [
          say(
            `${killer.name} made a kill of his own and checks black from now on, this night's checks included (004 L49–L54)`,
            engineMessage('night/hands-bloodied', word.text(killer.name), word.text(victim.name)),
          ),
        ],
      });
    }
  }
  if (killed && s !== undefined) {
    for (const [client, host] of s.clients) {
      if (host !== victim.slotId) continue;
      const c = ctx.player(client);
      if (c === undefined || !c.alive || trulyBlack(ctx, c)) continue;
      ctx.attack(c.slotId, attackers, cause, [
        say(
          `${c.name} spent the night with ${victim.name}, who was killed: the kill takes the client too (004 L54)`,
          engineMessage('night/client-dies-too', word.text(c.name), word.text(victim.name)),
        ),
      ]);
    }
  }
  const lostRole = victim.secondRole;
  if (lostRole === undefined) return;
  for (const heir of ctx.players) {
    if (!heir.alive || heir.secondRole === undefined || heir.slotId === victim.slotId) continue;
    const takes = ctx.role(heir.secondRole)?.successorOf;
    if (takes === undefined || !takes.includes(lostRole)) continue;
    const from = heir.secondRole;
    heir.secondRole = lostRole;
    const because = say(
      `${heir.name} takes over the role of ${victim.name}, who died (004 L50)`,
      engineMessage('night/successor-takes-role', word.text(heir.name), word.role(from), word.role(lostRole)),
    );
    ctx.emit({ type: 'role-changed', player: heir.slotId, slot: 'secondRole', from, to: lostRole, reasons: [because] });
    ctx.emit(message(heir.slotId, nightResult(heir.slotId, 'role-inherited', [victim.slotId], lostRole), [because]));
    break;
  }
}
