/**
 * The shot economy of killer sides with reserve shots (004 §1.3–1.5, L2, L3,
 * L11, L14): who insures a stopped shot (a partner by default, or the other
 * side's member with no shot of his own on its off-night), the shots a side
 * carries to the next night, the reserve a side takes over when the other
 * side is gone, and the surplus shot a side cannot fire.
 */
import type { NightContext } from './context';
import type { AcceptedAction, Intake } from './intake';
import type { NightRules } from './rules';
import type { InsureReach, NightAbilityDef } from './roles';
import { keepHandsClean, poisonDeathsTonight, poisonedTonight } from './roles-004-black';
import { cappedShots, nightsKept } from './roles-004-extended';
import { rolesOf } from './intake';
import { mechanicStatus, statusMeaning } from './statuses';
import { say } from './say';
import { settingValue } from './settings-words';
import type { NightInput, NightReason } from './types';
import { engineMessage, word } from '../words';

// The players who died of one killer's shot besides its target, per night: target → the others.
const shotCollateral = new WeakMap<NightContext, Map<string, readonly string[]>>();

/**
 * Fires one killer's shot (`attack` runs it) and notes who else died of it: a Geisha's client,
 * a linked player. L2, L3: "Если от одного хода киллера одновременно умер черный и красный, то
 * дополнительного хода за это не будет" — `carriedShots` reads the note.
 */
export function fireShot<T>(ctx: NightContext, target: string, attack: () => T): T {
  const living = new Set(ctx.players.filter((p) => p.alive).map((p) => p.slotId));
  const outcome = attack();
  const others = ctx.players.filter((p) => !p.alive && living.has(p.slotId) && p.slotId !== target).map((p) => p.slotId);
  if (others.length > 0) {
    const notes = shotCollateral.get(ctx) ?? new Map<string, readonly string[]>();
    notes.set(target, [...(notes.get(target) ?? []), ...others]);
    shotCollateral.set(ctx, notes);
  }
  return outcome;
}

/** Who insures a stopped shot, and at whom he fires. */
export interface Insurer {
  readonly actor: string;
  /** The insurer's own target, where he asked for one (L14: "Разрешено запросить для страховки цель, отличающуюся"). */
  readonly targets: readonly string[] | undefined;
  readonly explicit: AcceptedAction | undefined;
  readonly reason: NightReason;
}

/** The killer sides with their own nights (004: mafia, maniac). */
function killerSides(rules: NightRules): string[] {
  return Object.keys(rules.killerNights ?? {});
}

/** Whether a member of `faction` may insure a shot of `insured`: a partner, or the other side on a night it has no shot (L2, L3). */
export function mayInsure(rules: NightRules, intake: Intake, faction: string, insured: string): boolean {
  if (faction === insured) return true;
  const sides = killerSides(rules);
  return sides.includes(faction) && sides.includes(insured) && (intake.killCounts[faction] ?? 0) === 0;
}

/** The reach of an `insure` ability over the insured side's shot tonight, if it has one that holds (L49, L54, L55). */
function reachOver(ctx: NightContext, intake: Intake, ability: NightAbilityDef, faction: string, insured: string): InsureReach | undefined {
  const living = ctx.players.filter((p) => p.alive && p.faction === insured).length;
  return ability.insures?.find(
    (r) =>
      r.faction === insured &&
      (r.whenLivingAtMost === undefined || living <= r.whenLivingAtMost) &&
      (r.offNight !== true || (intake.killCounts[faction] ?? 0) === 0),
  );
}

/**
 * Whether this insurance order may cover a shot of `insured`. An ability with a reach covers the
 * sides it names (the Geisha, the Mercenary); any other covers the insurer's own side, the other side
 * on a night his has no shot (L2, L3), and the other side when his side, full, holds a single shot
 * (L48: "Если вся троица жива и у мафии есть только один выстрел в ночь маньяка").
 */
function mayCover(ctx: NightContext, intake: Intake, x: AcceptedAction, insured: string): boolean {
  if (x.ability.insures !== undefined) return reachOver(ctx, intake, x.ability, x.faction, insured) !== undefined;
  if (mayInsure(ctx.rules, intake, x.faction, insured)) return true;
  const rule = ctx.rules.factionKills[x.faction];
  const full = rule?.kind === 'fixed' ? rule.insureOtherSideFrom : undefined;
  const living = ctx.players.filter((p) => p.alive && p.faction === x.faction).length;
  return full !== undefined && living >= full && (intake.killCounts[x.faction] ?? 0) === 1 && killerSides(ctx.rules).includes(insured);
}

/**
 * The insurer of a stopped shot: an explicit insurance order first (one that outranks the others,
 * L54; then the partner's; else the other side's), else, where the faction's shots are insured by
 * default (L14: "Страховка стреляющего напарника действует по умолчанию"), a living partner who has
 * no shot of his own tonight, unless the game declined insurance (setting `partnerInsurance`).
 */
export function findInsurer(
  ctx: NightContext,
  intake: Intake,
  ordered: readonly AcceptedAction[],
  stopped: AcceptedAction,
  free: (actor: string, a: AcceptedAction) => boolean,
  used: ReadonlySet<string>,
  otherSideOnly = false,
): Insurer | undefined {
  const living = (f: string): number => ctx.players.filter((p) => p.alive && p.faction === f).length;
  // L55: "Единичный стрелок не может подстрелить другого черного через страхующий выстрел - будет пропуск хода."
  const loneOnBlack = (x: AcceptedAction): boolean =>
    x.faction !== stopped.faction &&
    yieldsNights(ctx.rules, ctx.input, x.faction, living) &&
    (x.action.targets.length > 0 ? x.action.targets : stopped.action.targets).some((t) =>
      ctx.rules.guiltyFactions.includes(ctx.player(t)?.faction ?? ''),
    );
  const rank = (x: AcceptedAction): number =>
    reachOver(ctx, intake, x.ability, x.faction, stopped.faction)?.outranks === true ? 0 : x.faction === stopped.faction ? 1 : 2;
  const candidates = ordered
    .filter(
      (x) =>
        x.ability.effect === 'insure' &&
        x.action.actor !== stopped.action.actor &&
        (!otherSideOnly || x.faction !== stopped.faction) &&
        !used.has(x.action.actor) &&
        // L2: "Если обе мафии стреляют, то они не могут страховать друг друга."
        !ordered.some((y) => y.action.actor === x.action.actor && y.ability.effect === 'faction-kill') &&
        mayCover(ctx, intake, x, stopped.faction) &&
        !loneOnBlack(x) &&
        ctx.player(x.action.actor)?.alive === true &&
        free(x.action.actor, x),
    )
    // L54: the Geisha's insurance outranks the Mafia's; L2: a partner before the other side.
    .sort((x, y) => rank(x) - rank(y));
  const explicit = candidates[0];
  if (explicit !== undefined) {
    const actor = ctx.player(explicit.action.actor);
    const targets = explicit.action.targets.length > 0 ? explicit.action.targets : undefined;
    // L49, L54: a kill by insurance does not bloody a werewolf's hands ("без учета страховки", "без учета заказов").
    for (const t of targets ?? stopped.action.targets) keepHandsClean(ctx, t);
    return {
      actor: explicit.action.actor,
      targets,
      explicit,
      reason: say(
        `${actor?.name ?? explicit.action.actor} insured the shot of ${ctx.name(stopped.action.actor)}, which was stopped (004 L14)`,
        engineMessage('night/insured', word.text(actor?.name ?? explicit.action.actor), word.text(ctx.name(stopped.action.actor))),
      ),
    };
  }
  const rule = ctx.rules.factionKills[stopped.faction];
  if (rule?.kind !== 'fixed' || rule.insuredByDefault !== true) return undefined;
  // L14: "можно запросить у ведущего отказ от нее": a game whose partners declined insurance has none by default.
  if (ctx.rules.settings.partnerInsurance === 'declined') return undefined;
  // L48: with the Boss's Son in a full group the shot names its insurer; a named partner insures it by default.
  const named = stopped.action.insuredBy;
  if (named === undefined && rule.namedInsurerFrom !== undefined && living(stopped.faction) >= rule.namedInsurerFrom) return undefined;
  const partner = ctx.players.find((p) => {
    if (
      (named !== undefined && p.slotId !== named) ||
      !p.alive ||
      p.slotId === stopped.action.actor ||
      used.has(p.slotId) ||
      (otherSideOnly && p.faction === stopped.faction)
    )
      return false;
    if (ordered.some((x) => x.action.actor === p.slotId && x.ability.effect === 'faction-kill')) return false;
    const insure = [ctx.role(p.role), ctx.role(p.secondRole)]
      .filter((r) => r !== undefined)
      .flatMap((r) => r.abilities.map((ability) => ({ ability, role: r })))
      .find(
        (x) =>
          x.ability.effect === 'insure' &&
          (x.ability.insures === undefined
            ? p.faction === stopped.faction || mergedPartners(ctx.rules, ctx.input, p.faction, stopped.faction, living)
            : reachOver(ctx, intake, x.ability, p.faction, stopped.faction)?.asPartner === true),
      );
    if (insure === undefined) return false;
    return free(p.slotId, {
      action: { ...stopped.action, actor: p.slotId },
      ability: insure.ability,
      role: insure.role,
      faction: p.faction,
    });
  });
  if (partner === undefined) return undefined;
  for (const t of stopped.action.targets) keepHandsClean(ctx, t);
  return {
    actor: partner.slotId,
    targets: undefined,
    explicit: undefined,
    reason: say(
      `${partner.name}'s insurance of a partner's shot stands by default, and the shot of ${ctx.name(stopped.action.actor)} was stopped (004 L14)`,
      engineMessage('night/insured-by-default', word.text(partner.name), word.text(ctx.name(stopped.action.actor))),
    ),
  };
}

/**
 * The shots each killer side carries to the next night. A shot is spent by a kill of a player
 * whose faction is not in `shotKeptOn` (L2, L3: a black killed gives the shot back; L11: so does the
 * Faceless killed by a negative role). A side wholly gone tonight leaves its unrealised shots to the
 * side that takes over its nights (`takeOverReserve`, L11; a side gone before tonight already left
 * them at intake), and a side that held more shots tonight than its living members can fire at once
 * meets the open question of the surplus (`loneShooterSurplus`).
 */
export function carriedShots(ctx: NightContext, input: NightInput, intake: Intake): Record<string, number> {
  const rules = ctx.rules;
  const kept = rules.shotKeptOn ?? rules.guiltyFactions;
  const living = (f: string): number => ctx.players.filter((p) => p.alive && p.faction === f).length;
  const livingAtDusk = (f: string): number => input.players.filter((p) => p.alive && p.faction === f).length;
  const reserve: Record<string, number> = {};
  const factions = Object.entries(rules.factionKills).sort(([x], [y]) => (x < y ? -1 : 1));
  for (const [faction, rule] of factions) {
    if (rule.kind !== 'fixed' || rule.reserve !== true) continue;
    const available = intake.killCounts[faction] ?? 0;
    const victims = ctx.factionVictims.get(faction) ?? [];
    const red = (v: string): boolean => !kept.includes(ctx.player(v)?.faction ?? '');
    // L2, L3: a shot that killed a black gives the shot back, unless a red died of the same shot.
    const collateral = shotCollateral.get(ctx);
    const counted = victims.filter((v) => red(v) || (collateral?.get(v) ?? []).some(red)).length;
    reserve[faction] = Math.max(0, available - counted);
  }
  for (const [f, n] of cappedShots(ctx)) if (reserve[f] !== undefined) reserve[f] = Math.max(0, reserve[f] - n); // 004 L131.5
  const sides = killerSides(rules).filter((f) => reserve[f] !== undefined);
  for (const faction of sides) {
    const rule = rules.factionKills[faction];
    const members = livingAtDusk(faction);
    if (rule?.kind !== 'fixed' || rule.maxPerMember === undefined || members === 0) continue;
    const available = intake.killCounts[faction] ?? 0;
    const capacity = members * rule.maxPerMember;
    if (available <= capacity) continue;
    // L2: "Одна мафия не может сделать два выстрела за раз": the side held a shot it could not fire.
    const setting = rules.settings.loneShooterSurplus;
    ctx.ambiguity({
      setting: 'loneShooterSurplus',
      value: setting,
      text: `The ${faction} side held more shots than its living members can fire at once; the rules leave open whether the surplus stays in reserve or passes to the other side.`,
      message: engineMessage('night/ambiguity-lone-shooter-surplus', word.faction(faction), word.message(settingValue(setting))),
    });
    const heir = sides.find((f) => f !== faction && living(f) > 0);
    const held = reserve[faction] ?? 0;
    if (setting === 'passes-to-other-side' && heir !== undefined && held > 0) {
      const surplus = Math.min(held, available - capacity);
      reserve[faction] = held - surplus;
      reserve[heir] = (reserve[heir] ?? 0) + surplus;
    }
  }
  // L11: a side wholly gone tonight leaves its unrealised shots to the side that takes over its nights.
  for (const gone of sides.filter((f) => living(f) === 0)) {
    const heir = sides.find((f) => f !== gone && living(f) > 0);
    const left = livingAtDusk(gone) > 0 ? (reserve[gone] ?? 0) : 0;
    if (rules.takeOverReserve === true && heir !== undefined && left > 0) reserve[heir] = (reserve[heir] ?? 0) + left;
  }
  // L52: an extra poisoning the Poisoner did not realise comes back to the blacks as a shot.
  const extra = intake.extraPoison;
  const back = unrealisedExtraPoison(ctx, extra, extra !== undefined && poisonedTonight(ctx, extra.poisoner));
  if (back !== undefined) reserve[back] = (reserve[back] ?? 0) + 1;
  // L52: a black or the Faceless dead of the poison after the Poisoner, or of an extra poisoning, gives the blacks a shot.
  for (let n = poisonShots(ctx, input, kept); n > 0; n--) {
    const heir = shotHeir(ctx, input, sides);
    if (heir !== undefined) reserve[heir] = (reserve[heir] ?? 0) + 1;
  }
  // L55: a paired group brought down to one member tonight hands its reserve to the intact other group.
  for (const group of rules.pairedGroups ?? []) {
    if (!yieldsNights(rules, input, group, living) || yieldsNights(rules, input, group, livingAtDusk)) continue;
    const heir = (rules.pairedGroups ?? []).find((g) => g !== group && living(g) >= 2);
    const left = reserve[group] ?? 0;
    if (heir === undefined || left === 0) continue;
    reserve[heir] = (reserve[heir] ?? 0) + left;
    reserve[group] = 0;
  }
  for (const f of Object.keys(reserve)) if (living(f) === 0) delete reserve[f];
  return reserve;
}

/**
 * L52: the shots the poison gives the surviving blacks tonight. "Если цель успешно умерла от яда и не была
 * черной или безликим, отравление считается реализованным": an extra poisoning (a side's surplus shot) that
 * killed a black or the Faceless is not realised and comes back; "Если дополнительное отравление … сорвалось
 * после его смерти, либо если черный умер от яда вслед за отравителем, то выжившие черные получат
 * дополнительный выстрел". A black killed by the Poisoner's own poisoning while he lives is the open question
 * `poisonedBlackShot`.
 */
function poisonShots(ctx: NightContext, input: NightInput, kept: readonly string[]): number {
  let shots = 0;
  for (const d of poisonDeathsTonight(ctx)) {
    if (!kept.includes(ctx.player(d.victim)?.faction ?? '')) continue;
    if (d.extra || d.afterPoisoner) {
      shots += 1;
      continue;
    }
    const setting = ctx.rules.settings.poisonedBlackShot;
    ctx.ambiguity({
      setting: 'poisonedBlackShot',
      value: setting,
      text: `${ctx.name(d.victim)}, a black or the Faceless, died of a poisoning the living Poisoner gave as his own move; the rules give the blacks a shot only when a black dies of the poison after the Poisoner, or of an extra poisoning.`,
      message: engineMessage('night/ambiguity-poisoned-black-shot', word.text(ctx.name(d.victim)), word.message(settingValue(setting))),
    });
    if (setting === 'yes') shots += 1;
  }
  // "… сорвалось после его смерти": an extra poisoning cured tonight, its Poisoner dead.
  for (const p of input.players) {
    const poison = p.statuses?.find((s) => statusMeaning(input, s.id).mechanic === 'poison' && (s.sinceNight ?? 0) < input.night);
    if (poison?.value !== 1 || !ctx.cured.has(p.slotId) || poison.by === undefined) continue;
    if (ctx.player(poison.by)?.alive === false) shots += 1;
  }
  return shots;
}

/**
 * The killer side that gets a shot the blacks are given (L52: "выжившие черные получат дополнительный выстрел -
 * по приоритету его получает маньяк, если одна из мафий мертва"): the first side none of whose members has died,
 * else the first with a living member.
 */
function shotHeir(ctx: NightContext, input: NightInput, sides: readonly string[]): string | undefined {
  const living = (f: string): number => ctx.players.filter((p) => p.alive && p.faction === f).length;
  return sides.find((f) => living(f) > 0 && living(f) === members(input, f)) ?? sides.find((f) => living(f) > 0);
}

/**
 * L11: "Если одна из сторон черных ... полностью выбывает и оставшаяся перехватывает ее ночи, то она
 * также получает все их нереализованные выстрелы": at intake, a living killer side adds the reserve
 * of a side with no living member.
 */
export function takenOverShots(rules: NightRules, input: NightInput, faction: string, living: (f: string) => number): number {
  if (living(faction) === 0) return 0;
  const sides = killerSides(rules);
  if (!sides.includes(faction)) return 0;
  let total = 0;
  for (const gone of sides) {
    if (gone === faction) continue;
    // L55: a paired group down to one member hands its reserve to the intact other group.
    if (yieldsNights(rules, input, gone, living)) {
      if ((rules.pairedGroups ?? []).includes(faction)) total += input.reserveKills?.[gone] ?? 0;
      continue;
    }
    if (rules.takeOverReserve !== true || living(gone) > 0) continue;
    const heir = sides.find((f) => f !== gone && living(f) > 0);
    if (heir === faction) total += input.reserveKills?.[gone] ?? 0;
  }
  return total;
}

/** A killer side's shot passed to a Poisoner as an extra poisoning tonight (004 L52). */
export interface ExtraPoison {
  /** The side whose surplus shot it is. */
  readonly faction: string;
  /** The Poisoner who holds it. */
  readonly poisoner: string;
}

/** Whether a living player (other than the poisoner) carries a poison of the poisoner's from an earlier night. */
export function poisonPending(input: NightInput, poisoner: string): boolean {
  return input.players.some(
    (p) =>
      p.alive &&
      p.slotId !== poisoner &&
      (p.statuses ?? []).some(
        (s) => s.by === poisoner && (s.sinceNight ?? 0) < input.night && statusMeaning(input, s.id).mechanic === 'poison',
      ),
  );
}

/**
 * L52: "Если число доступных выстрелов у других черных на начало ночи выше, чем они физически могут
 * реализовать, один из них перейдет отравителю в качестве дополнительного отравления." A killer side
 * holding more shots tonight than its living members can fire at once passes one to a living
 * Poisoner, when he could not poison tonight without it (his victim still lives: "Пока цель жива,
 * доступен только дневной ход с противоядием"). `killCounts` are the sides' shots tonight.
 */
export function extraPoison(rules: NightRules, input: NightInput, killCounts: Readonly<Record<string, number>>): ExtraPoison | undefined {
  const poisoner = input.players.find(
    (p) =>
      p.alive && rolesOf(rules, p).some((r) => r.abilities.some((a) => a.effect === 'delayed-poison')) && poisonPending(input, p.slotId),
  );
  if (poisoner === undefined) return undefined;
  for (const faction of killerSides(rules).sort()) {
    const rule = rules.factionKills[faction];
    if (rule?.kind !== 'fixed' || rule.maxPerMember === undefined) continue;
    const members = input.players.filter((p) => p.alive && p.faction === faction).length;
    if (members > 0 && (killCounts[faction] ?? 0) > members * rule.maxPerMember) return { faction, poisoner: poisoner.slotId };
  }
  return undefined;
}

/**
 * L52: "Если дополнительное отравление было получено, но не было реализовано отравителем ... то
 * выжившие черные получат дополнительный выстрел - по приоритету его получает маньяк, если одна из
 * мафий мертва": an extra poisoning not realised tonight comes back as a shot, to the other killer
 * side while it lives (the side it came from is short of members), else to the side it came from.
 */
export function unrealisedExtraPoison(ctx: NightContext, extra: ExtraPoison | undefined, realised: boolean): string | undefined {
  if (extra === undefined || realised) return undefined;
  const living = (f: string): boolean => ctx.players.some((p) => p.alive && p.faction === f);
  const other = killerSides(ctx.rules).find((f) => f !== extra.faction && living(f));
  return other ?? (living(extra.faction) ? extra.faction : undefined);
}

// Each input's members per faction, living or dead (a group's size at the start of the game).
const memberTables = new WeakMap<NightInput, Map<string, number>>();

function members(input: NightInput, faction: string): number {
  let table = memberTables.get(input);
  if (table === undefined) {
    table = new Map();
    for (const p of input.players) table.set(p.faction, (table.get(p.faction) ?? 0) + 1);
    memberTables.set(input, table);
  }
  return table.get(faction) ?? 0;
}

/** A paired group down to one living member (L55: with a third member, after two of its blacks died). */
function broken(input: NightInput, faction: string, living: (f: string) => number): boolean {
  return members(input, faction) >= 2 && living(faction) === 1;
}

/**
 * L55: "Если осталась одна мафия и две якудзы, то ночь полностью переходит к якудзе или наоборот в
 * обратном случае": a paired group down to one member hands its nights (and its reserve shots) to
 * the other paired group while that one is intact; "Единичный стрелок не имеет отдельного выстрела".
 */
export function yieldsNights(rules: NightRules, input: NightInput, faction: string, living: (f: string) => number): boolean {
  const groups = rules.pairedGroups ?? [];
  if (!groups.includes(faction) || !broken(input, faction, living) || nightsKept(rules)) return false;
  return groups.some((g) => g !== faction && living(g) >= 2);
}

/**
 * L55: "Если мафия и якудза остались без напарников, они объединятся в новую пару": two paired groups
 * each down to one member are partners (each keeps his group's nights; the other insures him, by default).
 */
export function mergedPartners(rules: NightRules, input: NightInput, a: string, b: string, living: (f: string) => number): boolean {
  const groups = rules.pairedGroups ?? [];
  if (a === b || !groups.includes(a) || !groups.includes(b)) return false;
  // The pair the game recorded (the `new-pair` status, `with` the partner) is the pair: read first.
  const recorded = recordedPair(input, a, b);
  if (recorded !== undefined) return recorded;
  return broken(input, a, living) && broken(input, b, living);
}

/**
 * L55: whether the living players of `a` and `b` are a recorded new pair (a `new-pair` status naming a living partner of
 * the other group); undefined when the night carries no recorded pair at all (the pair is then worked out from the deaths).
 */
function recordedPair(input: NightInput, a: string, b: string): boolean | undefined {
  const living = input.players.filter((p) => p.alive);
  const pairs = living.flatMap((p) => {
    const status = mechanicStatus(input, p.statuses, 'new-pair');
    const partner = status?.with === undefined ? undefined : living.find((q) => q.slotId === status.with);
    return partner === undefined ? [] : [[p.faction, partner.faction] as const];
  });
  if (pairs.length === 0) return undefined;
  return pairs.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

/**
 * The group a contract killer works for tonight: his own while another member of it lives; L55:
 * "он автоматически перейдет в противоположную группу, когда умрут оба его нанимателя"; else his own
 * (L49: "Если вся мафия выбыла, наемник начинает самостоятельно убивать в ее ночи").
 */
export function employerOf(
  rules: NightRules,
  players: readonly { readonly slotId: string; readonly faction: string; readonly alive: boolean }[],
  actor: { readonly slotId: string; readonly faction: string },
): string {
  if (players.some((p) => p.alive && p.faction === actor.faction && p.slotId !== actor.slotId)) return actor.faction;
  const groups = rules.pairedGroups ?? [];
  if (!groups.includes(actor.faction)) return actor.faction;
  return groups.find((g) => g !== actor.faction && players.some((p) => p.alive && p.faction === g)) ?? actor.faction;
}

/**
 * Whether a stopped move is a shot another may insure: a killer side's shot, or a contract killer's kill
 * once no employer of his lives (L49: "Наемник может страховать маньяка, если сам занял место мафии, как и
 * маньяк может страховать его"; while an employer lives, a failed order is the employers' own to fire).
 */
export function insurableShot(ctx: NightContext, a: AcceptedAction): boolean {
  if (a.ability.effect === 'faction-kill') return true;
  if (a.ability.effect !== 'contract-kill') return false;
  const actor = ctx.player(a.action.actor);
  if (actor === undefined) return false;
  const employer = employerOf(ctx.rules, ctx.players, actor);
  return !ctx.players.some((p) => p.alive && p.faction === employer && p.slotId !== actor.slotId);
}

/** The step after which the insurance of a shot whose victim was saved fires (004 L121: after all peaceful killers). */
export const SAVED_SHOT_STEP = 'insure-saved';

// Killers' shots whose victim was saved tonight, per night.
const savedShots = new WeakMap<NightContext, AcceptedAction[]>();

/** A faction kill attacked its victim, who was saved (a Doctor, a Blocker's protection, a spare life…). */
export function noteSavedShot(ctx: NightContext, shot: AcceptedAction): void {
  const list = savedShots.get(ctx) ?? [];
  if (!list.includes(shot)) list.push(shot);
  savedShots.set(ctx, list);
}

/**
 * The saved shots another group insures (004 L55): "Пока обе пары целы, мафия или якудза сумеет
 * выстрелить за противоположную пару даже в том случае, когда соответствующий выстрел сорвался из-за
 * того, что жертва была спасена"; "Страховка в смешанной паре может срабатывать, даже если жертва
 * основного киллера так или иначе была спасена". Only the orders sent tonight (not insurance shots).
 */
export function savedShotsToInsure(ctx: NightContext, ordered: readonly AcceptedAction[]): { stopped: AcceptedAction; why: NightReason }[] {
  const groups = ctx.rules.pairedGroups ?? [];
  const living = (f: string): number => ctx.players.filter((p) => p.alive && p.faction === f).length;
  return (savedShots.get(ctx) ?? [])
    .filter((shot) => ordered.includes(shot) && groups.includes(shot.faction))
    .filter((shot) =>
      groups.some(
        (g) =>
          g !== shot.faction &&
          ((living(g) >= 2 && living(shot.faction) >= 2) || mergedPartners(ctx.rules, ctx.input, g, shot.faction, living)),
      ),
    )
    .map((shot) => ({
      stopped: shot,
      why: say(
        `the victim of ${ctx.name(shot.action.actor)}'s shot was saved, and the other group insures it after the peaceful killers (004 L55, L121)`,
        engineMessage('night/insured-after-save', word.text(ctx.name(shot.action.actor))),
      ),
    }));
}

/** A player as the groups of L55 read him: his faction, whether he lives, whether he is a contract killer and his new pair. */
export interface GroupMember {
  readonly slotId: string;
  readonly faction: string;
  readonly alive: boolean;
  /** He kills on his employers' orders (the Mercenary, the Ninja: `contract-kill`). */
  readonly contractKiller: boolean;
  /** The partner his new-pair status names, if he has one. */
  readonly pairedWith?: string;
}

/** What the deaths so far change in the paired groups (004 L55). */
export type GroupChange =
  /** A contract killer whose employers are all dead works for `to` now; `partners` are its living members. */
  | { readonly kind: 'side'; readonly player: string; readonly from: string; readonly to: string; readonly partners: readonly string[] }
  /** The two lone members of two groups become a new pair. */
  | { readonly kind: 'pair'; readonly players: readonly [string, string] };

/**
 * The changes of group the deaths so far bring about (004 L55), for the game to record: "Если участвует
 * именно наемник или ниндзя, то он автоматически перейдет в противоположную группу, когда умрут оба его
 * нанимателя" (his faction changes, while the other group has a living member: else he kills alone in his
 * group's nights, L49); then "Если мафия и якудза остались без напарников, они объединятся в новую пару"
 * (each of two groups of two or more down to one member, not paired yet). Players the game already moved or
 * paired are not changed again.
 */
export function groupChanges(pairedGroups: readonly string[], players: readonly GroupMember[]): GroupChange[] {
  const changes: GroupChange[] = [];
  const faction = new Map(players.map((p) => [p.slotId, p.faction]));
  const livingOf = (g: string): GroupMember[] => players.filter((p) => p.alive && faction.get(p.slotId) === g);
  for (const p of players) {
    const from = faction.get(p.slotId) ?? p.faction;
    if (!p.alive || !p.contractKiller || !pairedGroups.includes(from)) continue;
    if (livingOf(from).some((m) => m.slotId !== p.slotId)) continue;
    const to = pairedGroups.find((g) => g !== from && livingOf(g).length > 0);
    if (to === undefined) continue;
    const partners = livingOf(to).map((m) => m.slotId);
    faction.set(p.slotId, to);
    changes.push({ kind: 'side', player: p.slotId, from, to, partners });
  }
  const size = (g: string): number => players.filter((p) => faction.get(p.slotId) === g).length;
  const lone = pairedGroups.filter((g) => size(g) >= 2 && livingOf(g).length === 1).map((g) => livingOf(g)[0]);
  const [a, b] = lone;
  if (a !== undefined && b !== undefined && lone.length === 2 && a.pairedWith !== b.slotId && b.pairedWith !== a.slotId)
    changes.push({ kind: 'pair', players: [a.slotId, b.slotId] });
  return changes;
}
