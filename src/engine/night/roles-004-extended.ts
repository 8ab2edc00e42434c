/**
 * The 004 extended format's night (seed L131, L55): what changes for the
 * killer sides when the game has 16 main players. As data, a ruleset's
 * `night.blackFormat`; absent, the night is the standard format's.
 *
 * - L131.4: "Первая и вторая ночь считаются общими ночами для мафии и маньяка, поэтому они ходят
 *   одновременно, но внутренний порядок ходов киллеров не меняется": the first `commonNights` nights
 *   belong to every killer side (each gets its shot; `killerOrder` still orders them).
 * - L131.5: "В первые две ночи суммарно не может умереть больше одного черного от негативного хода
 *   киллера другого черного … этот ход будет пропущен, при этом запасного выстрела на следующую ночь
 *   для него не будет": `blackOnBlackCap`.
 * - L55: "В расширенном формате ни одна из сторон не может полностью перехватить вторую ночь, если жив
 *   хотя бы один черный с другой стороны": `nightsKeptWhileAlive`.
 * - L51: the second werewolf receives the Joker's checks (`checksToPartners`).
 * - L52, L53: the Poisoner's and the Executioner's second target (an ability's `moreTargetsWhen`); of the two
 *   targets of one poisoning only one dies, a red one first (`sparedByOneDose`).
 * - L131.3: which werewolf takes up the gun when two are left (`killerSuccession`).
 */
import { engineMessage, word } from '../words';
import type { NightContext, ResolvedAction, WorkPlayer } from './context';
import type { NightRules } from './rules';
import type { NightEvent, NightInput, NightStatus } from './types';
import { nightResult } from './results';
import { say } from './say';
import { poisonDeathsTonight } from './roles-004-black';
import { poisonPending } from './shots';
import { settingValue } from './settings-words';

/** The extended format's night rules (004 L131, L55). */
export interface BlackFormatRules {
  /** The first this many nights are common nights: every killer side moves (L131.4). */
  readonly commonNights?: number;
  /**
   * In the first `nights` nights at most `deaths` blacks in total die of another black's killer move; a later
   * such shot is skipped and spent (L131.5).
   */
  readonly blackOnBlackCap?: { readonly nights: number; readonly deaths: number };
  /** A paired group keeps its nights (and does not hand them over) while any of its members lives (L55). */
  readonly nightsKeptWhileAlive?: boolean;
  /** A checker's checks go to the living members of his own faction too (L51: the second werewolf gets the Joker's). */
  readonly checksToPartners?: boolean;
  /** Which of the last werewolves takes up the gun waiting for the other blacks (L131.3). */
  readonly killerSuccession?: KillerSuccession;
}

/** L131.4: whether tonight is a common night, when every killer side shoots. */
export function commonNight(rules: NightRules, input: NightInput): boolean {
  return input.night >= 1 && input.night <= (rules.blackFormat?.commonNights ?? 0);
}

/** L55 (extended): a paired group never hands its nights over while one of its members lives. */
export function nightsKept(rules: NightRules): boolean {
  return rules.blackFormat?.nightsKeptWhileAlive === true;
}

/** Shots skipped by the cap tonight, per killer side (they are spent: no reserve shot comes of them). */
const capped = new WeakMap<NightContext, Map<string, number>>();

const black = (rules: NightRules, faction: string | undefined): boolean => faction !== undefined && rules.guiltyFactions.includes(faction);

/** Blacks dead of another black's killer move before tonight and tonight so far. */
function blackOnBlackDeaths(ctx: NightContext): number {
  const rules = ctx.rules;
  const factionOf = (id: string): string | undefined => ctx.input.players.find((p) => p.slotId === id)?.faction;
  const before = ctx.input.players.filter(
    (p) =>
      !p.alive &&
      black(rules, p.faction) &&
      p.killedWith === 'faction-kill' &&
      (p.killedBy ?? []).some((k) => k !== p.slotId && black(rules, factionOf(k))),
  ).length;
  let tonight = 0;
  for (const [faction, victims] of ctx.factionVictims) {
    if (!black(rules, faction)) continue;
    tonight += victims.filter((v) => black(rules, ctx.player(v)?.faction) && ctx.player(v)?.alive === false).length;
  }
  return before + tonight;
}

/**
 * L131.5: a black's killer shot at another black once the cap is reached is skipped (and spent). Returns whether
 * the shot at `target` is skipped; the skip is recorded for the morning's explanation.
 */
export function blackOnBlackCapped(ctx: NightContext, action: ResolvedAction, target: string): boolean {
  const cap = ctx.rules.blackFormat?.blackOnBlackCap;
  if (cap === undefined || ctx.night > cap.nights) return false;
  const shooter = action.accepted.faction;
  if (!black(ctx.rules, shooter) || !black(ctx.rules, ctx.player(target)?.faction)) return false;
  if (ctx.player(target)?.alive !== true || blackOnBlackDeaths(ctx) < cap.deaths) return false;
  const table = capped.get(ctx) ?? new Map<string, number>();
  table.set(shooter, (table.get(shooter) ?? 0) + 1);
  capped.set(ctx, table);
  ctx.emit({
    type: 'nullified',
    player: action.actor.slotId,
    ability: action.accepted.ability.id,
    cause: 'thwarted',
    reasons: [
      say(
        `${action.actor.name}'s shot at ${ctx.name(target)} is skipped: in the first ${cap.nights} nights at most ${cap.deaths} black may die of another black's killer move (004 L131.5)`,
        engineMessage('night/black-death-cap', word.text(action.actor.name), word.text(ctx.name(target))),
        action.reasons,
      ),
    ],
  });
  return true;
}

/** L131.5: the shots each killer side lost to the cap tonight ("запасного выстрела на следующую ночь для него не будет"). */
export function cappedShots(ctx: NightContext): ReadonlyMap<string, number> {
  return capped.get(ctx) ?? new Map<string, number>();
}

/**
 * A move that may take more targets than its first only sometimes (004 extended, L52, L53): on nights up to
 * `untilNight`, or while the user carries the ruleset status `status`, which the night gives him for the next
 * night when one of `grantedBy` happens (`move-failed`: his move of the ability was blocked or thwarted tonight;
 * `non-red-poison-death`: a black or grey player died of his poison tonight).
 */
export interface MoreTargetsRule {
  readonly untilNight?: number;
  readonly status?: string;
  readonly grantedBy?: readonly ('move-failed' | 'non-red-poison-death')[];
}

/** Whether `actor` may not use `ability` on more than its first target(s) tonight (004 L52, L53). */
export function moreTargetsRefused(
  input: NightInput,
  actor: { readonly statuses?: readonly NightStatus[] },
  ability: { readonly moreTargetsWhen?: MoreTargetsRule },
): boolean {
  const rule = ability.moreTargetsWhen;
  if (rule === undefined) return false;
  if (rule.untilNight !== undefined && input.night <= rule.untilNight) return false;
  const status = rule.status;
  if (status === undefined) return true;
  return !(actor.statuses ?? []).some(
    (s) => s.id === status && (s.sinceNight ?? 0) < input.night && (s.untilNight ?? Number.POSITIVE_INFINITY) >= input.night,
  );
}

/**
 * L52: "В расширенном формате отравитель может выбрать две цели за раз, если ему в предыдущую ночь сбили ход или
 * если от яда умер черный/безликий": at the end of the night, the user of an ability whose `moreTargetsWhen` names a
 * status gets it for the next night when what `grantedBy` names happened tonight.
 */
export function grantMoreTargets(ctx: NightContext, events: readonly NightEvent[]): void {
  const notRed = new Set([...ctx.rules.guiltyFactions, ...(ctx.rules.greyFactions ?? [])]);
  for (const p of ctx.players) {
    if (!p.alive) continue;
    for (const role of [ctx.role(p.role), ctx.role(p.secondRole)]) {
      for (const ability of role?.abilities ?? []) {
        const rule = ability.moreTargetsWhen;
        if (rule?.status === undefined || p.statuses.some((s) => s.id === rule.status && s.sinceNight === ctx.night)) continue;
        const grants = rule.grantedBy ?? [];
        const failed =
          grants.includes('move-failed') &&
          events.some(
            (e) =>
              (e.type === 'blocked' || (e.type === 'nullified' && e.cause === 'thwarted')) &&
              e.player === p.slotId &&
              e.ability === ability.id,
          );
        const died = grants.includes('non-red-poison-death')
          ? poisonDeathsTonight(ctx).find((d) => d.by === p.slotId && notRed.has(ctx.player(d.victim)?.faction ?? ''))
          : undefined;
        if (!failed && died === undefined) continue;
        const status: NightStatus = { id: rule.status, sinceNight: ctx.night, untilNight: ctx.night + 1, by: p.slotId };
        p.statuses = [...p.statuses, status];
        const reason = failed
          ? say(
              `${p.name}'s move was thwarted tonight: next night he may name two targets (004 L52, extended format)`,
              engineMessage('night/more-targets-after-failure', word.text(p.name), word.ability(ability.id)),
            )
          : say(
              `${ctx.name(died?.victim ?? '')}, not red, died of ${p.name}'s poison: next night he may name two targets (004 L52, extended format)`,
              engineMessage(
                'night/more-targets-after-death',
                word.text(p.name),
                word.text(ctx.name(died?.victim ?? '')),
                word.ability(ability.id),
              ),
            );
        ctx.emit({ type: 'status-applied', player: p.slotId, status, reasons: [reason] });
        // L52: the Poisoner is told by PM that he may name two targets next night.
        if (role !== undefined)
          ctx.emit({
            type: 'message',
            to: p.slotId,
            result: nightResult(p.slotId, 'more-targets-next-night', [], role.id),
            reasons: [reason],
          });
      }
    }
  }
}

/** Players whose share of a dose that kills one of its targets was spared tonight (L52). */
const sparedDoses = new WeakMap<NightContext, Set<string>>();

/** The living partner of a shared dose: the poisoning of `p` from one use that also poisoned him (L52). */
function dosePartner(ctx: NightContext, p: WorkPlayer, poison: NightStatus): { player: WorkPlayer; firstNamed: boolean } | undefined {
  const poisonId = poison.id;
  const same = (s: NightStatus): boolean => s.id === poisonId && s.by === poison.by && s.sinceNight === poison.sinceNight;
  if (poison.with !== undefined) {
    const other = ctx.player(poison.with);
    return other !== undefined && other.statuses.some(same) ? { player: other, firstNamed: false } : undefined;
  }
  const other = ctx.players.find((o) => o.slotId !== p.slotId && o.statuses.some((s) => same(s) && s.with === p.slotId));
  return other === undefined ? undefined : { player: other, firstNamed: true };
}

/**
 * L52: "но в итоге умрет только одна из них - в случае выбора приоритет отдается красному": of the two targets of
 * one poisoning, only one dies of it, a red one first; between two of one colour, the first named (setting
 * `oneDoseFirstNamedDies`, reported). Returns whether `p`, due to die of `poison` now, is spared (his poison ends).
 */
export function sparedByOneDose(ctx: NightContext, p: WorkPlayer, poison: NightStatus): boolean {
  const spared = sparedDoses.get(ctx) ?? new Set<string>();
  sparedDoses.set(ctx, spared);
  if (!spared.has(p.slotId)) {
    const partner = dosePartner(ctx, p, poison);
    const o = partner?.player;
    if (partner === undefined || o === undefined || !o.alive || ctx.cured.has(o.slotId)) return false;
    const notRed = (w: WorkPlayer): boolean => [...ctx.rules.guiltyFactions, ...(ctx.rules.greyFactions ?? [])].includes(w.faction);
    let dies: WorkPlayer;
    if (notRed(p) !== notRed(o)) dies = notRed(p) ? o : p;
    else {
      const setting = ctx.rules.settings.oneDoseFirstNamedDies;
      ctx.ambiguity({
        setting: 'oneDoseFirstNamedDies',
        value: setting,
        text: `${p.name} and ${o.name}, poisoned by one dose, are of one colour; the rules say only that a red one dies first (004 L52).`,
        message: engineMessage('night/ambiguity-one-dose-tie', word.text(p.name), word.text(o.name), word.message(settingValue(setting))),
      });
      const firstIsP = !partner.firstNamed;
      dies = (setting === 'yes') === firstIsP ? p : o;
    }
    spared.add(dies === p ? o.slotId : p.slotId);
    if (dies === p) return false;
  }
  p.statuses = p.statuses.filter((s) => s !== poison);
  const why = say(
    `${p.name} shared one dose with another player who died of it: only one of the two dies (004 L52)`,
    engineMessage('night/one-dose-spared', word.text(p.name)),
  );
  ctx.emit({ type: 'status-cleared', player: p.slotId, status: poison.id, reasons: [why] });
  // L115.4: "Если игрок был атакован, но по любой причине выжил, то он узнает утром о покушении".
  ctx.emit({ type: 'message', to: p.slotId, result: nightResult(p.slotId, 'poison-survived', [], null), reasons: [why] });
  return true;
}

/**
 * L131.3: "Если из команды черных остались двое из джокер/отравитель/экзекутор, то новым киллером станет отравитель,
 * если исчерпал лимит отравлений. Если отравитель еще может кого-либо отравить, то приоритет: джокер > экзекутор >
 * отравитель": which of the werewolves left takes up the gun.
 */
export interface KillerSuccession {
  /** The roles in order of priority. */
  readonly order: readonly string[];
  /** This role goes first once his limit is used up (setting `pendingPoisonIsSpent`: his last victim still lives). */
  readonly spentFirst?: string;
}

/** The living holder of one of `roles`, in their order. */
function holdersInOrder(livingByRole: ReadonlyMap<string, readonly string[]>, roles: readonly string[]): string[] {
  return roles.flatMap((r) => livingByRole.get(r) ?? []);
}

/** The successor's slot id when only succession roles of the gun's `blockers` are left alive, else undefined. */
function successor(
  input: NightInput,
  rules: NightRules,
  livingByRole: ReadonlyMap<string, readonly string[]>,
  blockers: readonly string[],
): string | undefined {
  const succession = rules.blackFormat?.killerSuccession;
  if (succession === undefined) return undefined;
  return successorAmong(
    succession,
    livingByRole,
    blockers,
    (id) => rules.settings.pendingPoisonIsSpent === 'yes' && poisonPending(input, id),
    rules.settings.threeLeftSuccession,
  );
}

/** The holders of the succession's roles left alive, when no other role of `blockers` lives; else undefined. */
function successionLeft(
  succession: KillerSuccession,
  livingByRole: ReadonlyMap<string, readonly string[]>,
  blockers: readonly string[],
): string[] | undefined {
  const left = [...new Set(holdersInOrder(livingByRole, succession.order))];
  const othersAlive = blockers.some((r) => !succession.order.includes(r) && (livingByRole.get(r) ?? []).some((id) => !left.includes(id)));
  return othersAlive ? undefined : left;
}

/**
 * L131.3 on the living players' roles alone (the day reads it too: L15, a werewolf blackens with full killer
 * access): the successor's slot id when only succession roles of `blockers` are left, else undefined.
 * `spent`: whether the `spentFirst` role's holder has used up his limit. The seed gives the order for two left; with
 * three or more, `threeLeft` (the night setting `threeLeftSuccession`) says whether the same order picks among them.
 */
export function successorAmong(
  succession: KillerSuccession,
  livingByRole: ReadonlyMap<string, readonly string[]>,
  blockers: readonly string[],
  spent: (slotId: string) => boolean,
  threeLeft: NightRules['settings']['threeLeftSuccession'],
): string | undefined {
  const left = successionLeft(succession, livingByRole, blockers);
  if (left === undefined || left.length < 2) return undefined;
  if (left.length > 2 && threeLeft === 'wait-for-two') return undefined;
  const first = succession.spentFirst === undefined ? undefined : livingByRole.get(succession.spentFirst)?.[0];
  if (first !== undefined && spent(first)) return first;
  return left[0];
}

/** L131.3: the gun waiting for the other blacks is open to the one werewolf the succession names. */
export function successorTakesGun(
  input: NightInput,
  rules: NightRules,
  livingByRole: ReadonlyMap<string, readonly string[]>,
  actor: string,
  blockers: readonly string[],
): boolean {
  return successor(input, rules, livingByRole, blockers) === actor;
}

/**
 * L131.3: the open questions of the succession, reported when a night reaches it: three werewolves left
 * (`threeLeftSuccession`), and the Poisoner's limit with him alive (`pendingPoisonIsSpent`).
 */
export function successionAmbiguity(ctx: NightContext): void {
  const succession = ctx.rules.blackFormat?.killerSuccession;
  if (succession === undefined) return;
  const livingByRole = new Map<string, string[]>();
  for (const p of ctx.input.players)
    if (p.alive) for (const r of new Set([p.role, p.secondRole ?? p.role])) livingByRole.set(r, [...(livingByRole.get(r) ?? []), p.slotId]);
  threeLeftAmbiguity(ctx, succession, livingByRole);
  const spentFirst = succession.spentFirst;
  if (spentFirst === undefined) return;
  const gun = ctx.rules.roles.flatMap((r) => r.abilities).find((a) => a.onlyWhenNoLiving?.includes(spentFirst) === true);
  const holder = livingByRole.get(spentFirst)?.[0];
  if (gun?.onlyWhenNoLiving === undefined || holder === undefined) return;
  const chosen = successor(ctx.input, ctx.rules, livingByRole, gun.onlyWhenNoLiving);
  if (chosen === undefined) return;
  const setting = ctx.rules.settings.pendingPoisonIsSpent;
  ctx.ambiguity({
    setting: 'pendingPoisonIsSpent',
    value: setting,
    text: `${ctx.name(chosen)} takes up the gun; the rules give it to ${ctx.name(holder)} once "his poison limit" is used up and set no limit (004 L131.3).`,
    message: engineMessage(
      'night/ambiguity-poison-limit',
      word.text(ctx.name(chosen)),
      word.text(ctx.name(holder)),
      word.message(settingValue(setting)),
    ),
  });
}

/**
 * L131.3 speaks of "двое из джокер/отравитель/экзекутор": a night whose succession meets three of them (no other
 * black alive) reports the setting `threeLeftSuccession`, with who takes up the gun under it.
 */
function threeLeftAmbiguity(ctx: NightContext, succession: KillerSuccession, livingByRole: ReadonlyMap<string, readonly string[]>): void {
  const roles = new Set(succession.order);
  const guns = ctx.rules.roles
    .flatMap((r) => r.abilities)
    .flatMap((a) => (a.onlyWhenNoLiving !== undefined && a.onlyWhenNoLiving.some((x) => roles.has(x)) ? [a.onlyWhenNoLiving] : []));
  const blockers = guns[0];
  if (blockers === undefined) return;
  const left = successionLeft(succession, livingByRole, blockers);
  if (left === undefined || left.length < 3) return;
  const setting = ctx.rules.settings.threeLeftSuccession;
  const chosen = successor(ctx.input, ctx.rules, livingByRole, blockers);
  const names = left.map((id) => ctx.name(id));
  ctx.ambiguity({
    setting: 'threeLeftSuccession',
    value: setting,
    text: `${names.join(', ')} are the blacks left; the rules give the killer's succession for two of the Joker, Poisoner and Executioner (004 L131.3), not for three: ${chosen === undefined ? 'nobody takes up the gun' : `${ctx.name(chosen)} takes up the gun`}.`,
    message: engineMessage(
      chosen === undefined ? 'night/ambiguity-three-left-nobody' : 'night/ambiguity-three-left-successor',
      word.names(names),
      ...(chosen === undefined ? [] : [word.text(ctx.name(chosen))]),
      word.message(settingValue(setting)),
    ),
  });
}

/** L51: "В расширенном формате информацию джокера также получает второй оборотень": a checker's partners receive his checks. */
export function receivesPartnerChecks(ctx: NightContext, checker: WorkPlayer, p: WorkPlayer): boolean {
  return ctx.rules.blackFormat?.checksToPartners === true && p.faction === checker.faction;
}
