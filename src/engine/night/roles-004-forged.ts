/**
 * Seed 004's information roles held by a black or by the Faceless (L85, L86,
 * L77): what the holder learns beyond a red holder, and what the Investigator
 * is handed of his results.
 *
 * - L85 "Комиссар - сразу узнает был ли полученный черный чек ложным": a check
 *   whose ability lists the holder's colour in `falseBlackToldTo` tells him, with
 *   a black result, whether the player checked is truly black (`falseBlack`).
 * - L85, L86 "Имеет право подменить чек следователя / данные следователя … Разрешено
 *   поставить условие для подмены, связанное с настоящим результатом. Если ход так
 *   или иначе сорвется, подмены не будет"; L77 "Комиссар/Детектив - могут
 *   подменять информацию, как черные": a move whose ability lists the holder's
 *   colour in `forwardForgedBy` may carry `NightAction.forged`, what the
 *   Investigator is handed instead of the real result, when the real result is
 *   `forged.when` (if given); a move that failed hands on nothing to forge
 *   (`forwardedResult`).
 * - L86 "чекает за раз мирную и негативную роль, но следователю передает
 *   стандартный результат": a track whose ability lists the holder's colour in
 *   `bothRolesFor` sees the moves of both roles of a black target, where the
 *   standard result (L7 "Если совершено действие одновременно за мирную и
 *   негативную роль, то по приоритету отслеживается негативная", the ability's
 *   `negativeRoleFirst`) shows the negative role's alone; the Investigator is
 *   handed the standard one (`trackedPlaces`, `forwardedResult`).
 *
 * The colour is the holder's faction's (`guiltyFactions`: black,
 * `greyFactions`: grey), never a role's name.
 */
import { hasPassive, type EffectFn, type NightContext, type ResolvedAction, type WorkPlayer } from './context';
import type { AcceptedAction } from './intake';
import { nightResult, type NightResult } from './results';
import { say } from './say';
import { settingValue } from './settings-words';
import type { NightReason } from './types';
import { engineMessage, word } from '../words';

/** The colour a holder plays for at night. */
export function holderColour(ctx: NightContext, p: WorkPlayer): 'black' | 'grey' | 'red' {
  if (ctx.rules.greyFactions?.includes(p.faction) === true) return 'grey';
  return ctx.rules.guiltyFactions.includes(p.faction) ? 'black' : 'red';
}

/** Results told to a holder alone, never handed to the Investigator (L85's false black). */
const privateResults = new WeakSet<NightResult>();

/** Marks a checker's result as his alone: the Investigator is not handed it (L7: a role request's visitors, roles-004-requests.ts). */
export function keepFromInvestigator(result: NightResult): void {
  privateResults.add(result);
}

/** Whether a checker's result is his alone: the Investigator is not handed it (L85). */
export function keptFromInvestigator(result: NightResult): boolean {
  return privateResults.has(result);
}

/** L85: after a black result, a holder of a colour in `falseBlackToldTo` learns whether it was false. */
export function falseBlack(ctx: NightContext, action: ResolvedAction, t: WorkPlayer, shown: boolean): void {
  const colours = action.accepted.ability.falseBlackToldTo;
  if (!shown || colours === undefined) return;
  const colour = holderColour(ctx, action.actor);
  if (colour === 'red' || !colours.includes(colour)) return;
  const isFalse = !ctx.rules.guiltyFactions.includes(t.faction) || t.slotId === action.actor.slotId;
  const me = action.actor.slotId;
  const result = nightResult(me, 'check-false-black', [t.slotId], isFalse);
  // The knowledge is the holder's own: the Investigator is handed the standard result (the check) alone.
  privateResults.add(result);
  ctx.emit({
    type: 'message',
    to: me,
    result,
    reasons: [
      say(
        `${action.actor.name} holds the check as a ${colour}: he learns at once whether the black check of ${t.name} was false (004 L85)`,
        engineMessage('night/false-black-told', word.text(action.actor.name), word.text(t.name)),
        action.reasons,
      ),
    ],
  });
}

/** The standard results of tracks whose holder saw more (L86), by the message the holder was sent. */
const standardResults = new WeakMap<NightContext, Map<NightResult, NightResult>>();

/**
 * The places a track of `target` shows (L7, L86): every place he went, or, under `negativeRoleFirst`, those of his
 * negative role's moves when he made moves of both roles. Returns what the tracker sees and the standard result.
 */
export function trackedPlaces(
  ctx: NightContext,
  action: ResolvedAction,
  target: string,
  visits: readonly { readonly target: string; readonly role?: string }[],
): { readonly seen: readonly string[]; readonly standard: readonly string[] } {
  const places = (list: readonly { readonly target: string }[]): string[] => [
    ...new Set(list.filter((v) => v.target !== target).map((v) => v.target)),
  ];
  const all = places(visits);
  const ability = action.accepted.ability;
  if (ability.negativeRoleFirst !== true) return { seen: all, standard: all };
  const negative = visits.filter((v) => ctx.role(v.role)?.factionRole === true);
  const peaceful = visits.filter((v) => ctx.role(v.role)?.factionRole !== true);
  const standard = negative.length > 0 && peaceful.length > 0 ? places(negative) : all;
  const both = seesBothRoles(ctx, action, 'track', sameValue(all, standard));
  return { seen: both ? all : standard, standard };
}

/**
 * Whether the holder's result of this mode shows both roles (L86, the ability's `bothRolesFor` and the setting
 * `blackDetectiveBothRoles`); the setting is reported when it decides a result (`same`: both results are alike).
 */
function seesBothRoles(ctx: NightContext, action: ResolvedAction, mode: 'track' | 'role-check', same: boolean): boolean {
  const colour = holderColour(ctx, action.actor);
  if (colour === 'red' || action.accepted.ability.bothRolesFor?.includes(colour) !== true || same) return false;
  const setting = ctx.rules.settings.blackDetectiveBothRoles;
  ctx.ambiguity({
    setting: 'blackDetectiveBothRoles',
    value: setting,
    text: `${action.actor.name} is a ${colour} Detective: the rules say he "чекает за раз мирную и негативную роль" (004 L86) without saying whether of his track, his role check or both.`,
    message: engineMessage('night/ambiguity-black-detective-both', word.text(action.actor.name), word.message(settingValue(setting))),
  });
  return setting === 'both' || setting === mode;
}

/**
 * L7 "Имеет право прочекать не ходы у выбранного игрока, а именно его мирную роль - детектив узнает ее утром без
 * информации о ходах": the target's peaceful role; a black holder's shows the negative role too (L86, `bothRolesFor`),
 * and the Investigator is handed the peaceful role alone.
 */
export const learnPeacefulRole: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  const t = target === undefined ? undefined : ctx.player(target);
  if (t === undefined) return;
  const me = action.actor.slotId;
  const peaceful = [t.role];
  const all = t.secondRole === undefined ? peaceful : [t.role, t.secondRole];
  const both = seesBothRoles(ctx, action, 'role-check', all.length === peaceful.length);
  const result = nightResult(me, 'roles-learnt', [t.slotId], both ? all : peaceful);
  if (both) noteStandard(ctx, result, nightResult(me, 'roles-learnt', [t.slotId], peaceful));
  ctx.emit({
    type: 'message',
    to: me,
    result,
    reasons: [
      say(
        `${action.actor.name} checked the peaceful role of ${t.name} (004 L7${both ? ', L86' : ''})`,
        engineMessage('night/peaceful-role-checked', word.text(action.actor.name), word.text(t.name)),
        action.reasons,
      ),
    ],
  });
};

/** Trackers who see the names of their own visitors tonight (L7), in the order their tracks resolved. */
const visitorWatchers = new WeakMap<NightContext, ResolvedAction[]>();

/** A track whose ability has `seesVisitorNames` resolved: its holder is told his own visitors' names at the end of the night (L7). */
export function noteVisitorWatch(ctx: NightContext, action: ResolvedAction): void {
  if (action.accepted.ability.seesVisitorNames !== true) return;
  const list = visitorWatchers.get(ctx) ?? [];
  list.push(action);
  visitorWatchers.set(ctx, list);
}

/**
 * L7 "В случае слежки … дополнительно может увидеть имена тех, кто заходил к детективу ночью, аналогично эффекту
 * криминалиста": at the end of the night, a living tracker whose track resolved learns who visited him (`visited-by`),
 * told to him alone (L8: the Investigator's role request is "без опознавания ночных посетителей").
 */
export function tellTrackerVisitors(ctx: NightContext): void {
  for (const action of visitorWatchers.get(ctx) ?? []) {
    const me = action.actor;
    if (!me.alive) continue;
    const came = [...new Set(ctx.visits.filter((v) => v.target === me.slotId && v.actor !== me.slotId).map((v) => v.actor))];
    // As the Hero's and the Forensic's sight of visitors: nothing to tell when nobody came (L115.18).
    if (came.length === 0) continue;
    const result = nightResult(me.slotId, 'visited-by', [me.slotId], came);
    privateResults.add(result);
    ctx.emit({
      type: 'message',
      to: me.slotId,
      result,
      reasons: [
        say(
          `${me.name} tracked tonight: he sees the names of those who visited him (004 L7)`,
          engineMessage('night/tracker-sees-visitors', word.text(me.name)),
          action.reasons,
        ),
      ],
    });
  }
}

/**
 * L7 "Если следил ночью за убитым игроком, то узнает его цвет, как если бы убил его сам": a tracked player who was
 * alive at dusk and is dead by the track's turn; his team comes as the killers learn it (`team-learnt`).
 */
export function trackedVictimColour(ctx: NightContext, action: ResolvedAction, target: string): void {
  const t = ctx.player(target);
  if (t === undefined || t.alive || ctx.input.players.find((p) => p.slotId === target)?.alive !== true) return;
  if (action.accepted.ability.tellsKilledColour !== true) return;
  const me = action.actor.slotId;
  ctx.emit({
    type: 'message',
    to: me,
    result: nightResult(me, 'team-learnt', [t.slotId], ctx.rules.guiltyFactions.includes(t.faction)),
    reasons: [
      say(
        `${action.actor.name} tracked ${t.name}, killed tonight: he learns his colour, as a killer would (004 L7)`,
        engineMessage('night/tracked-victim-colour', word.text(action.actor.name), word.text(t.name)),
        action.reasons,
      ),
    ],
  });
}

/** Notes the standard result of a message whose holder saw more (L86: the Investigator is handed the standard one). */
export function noteStandard(ctx: NightContext, sent: NightResult, standard: NightResult): void {
  let map = standardResults.get(ctx);
  if (map === undefined) {
    map = new Map();
    standardResults.set(ctx, map);
  }
  map.set(sent, standard);
}

const sameValue = (a: unknown, b: unknown): boolean => {
  if (Array.isArray(a) && Array.isArray(b)) {
    const x = [...(a as string[])].sort();
    const y = [...(b as string[])].sort();
    return x.length === y.length && x.every((v, i) => v === y[i]);
  }
  return a === b;
};

/** The result fact a forgeable move states, by its effect. */
const forgeableFact: Readonly<Record<string, NightResult['fact']>> = { investigate: 'alignment-check', track: 'target-visits' };

/**
 * What the Investigator is handed of message `m` (a checker's result): the standard result (L86), or the holder's
 * forgery (L85, L86, L77) when his move allowed one, went through, and its condition holds; with the reasons to add.
 */
export function forwardedResult(
  ctx: NightContext,
  ordered: readonly AcceptedAction[],
  dusk: ReadonlySet<string>,
  m: { readonly to: string; readonly result: NightResult },
): { readonly result: NightResult; readonly reasons: readonly NightReason[] } {
  const standard = standardResults.get(ctx)?.get(m.result) ?? m.result;
  const holder = ctx.player(m.to);
  if (holder === undefined) return { result: standard, reasons: [] };
  const move = ordered.find(
    (a) =>
      a.action.actor === m.to &&
      a.action.forged !== undefined &&
      forgeableFact[a.ability.effect] === standard.fact &&
      a.action.targets[0] === standard.about[0],
  );
  if (move === undefined) return { result: standard, reasons: [] };
  const forgery = forgeryOf(ctx, holder, move, standard, dusk);
  return { result: forgery.result ?? standard, reasons: forgery.reasons };
}

/** A substitution judged: the result handed on instead (none: the real one goes), and why. */
interface Forgery {
  readonly result?: NightResult;
  readonly reasons: readonly NightReason[];
}

/**
 * The substitution `move` of `holder` makes of his result `standard` (L85, L86, L77): none when his move carries none,
 * his colour may not forge, its condition is unmet, or its value does not fit or names a place the target could not
 * have gone to.
 */
function forgeryOf(ctx: NightContext, holder: WorkPlayer, move: AcceptedAction, standard: NightResult, dusk: ReadonlySet<string>): Forgery {
  const forged = move.action.forged;
  // A substitution of the blackening alone (L86) leaves the result itself as it is.
  if (forged?.value === undefined) return { reasons: [] };
  const colour = holderColour(ctx, holder);
  const who = word.text(holder.name);
  const refuse = (text: string, code: string): Forgery => ({ reasons: [say(text, engineMessage(code, who))] });
  if (colour === 'red' || move.ability.forwardForgedBy?.includes(colour) !== true)
    return refuse(
      `${holder.name} is no ${move.ability.forwardForgedBy?.join(' or ') ?? 'forger'} holder: the Investigator gets the real result (004 L85, L86, L77)`,
      'night/forged-not-allowed',
    );
  if (forged.when !== undefined && !sameValue(forged.when, standard.value))
    return refuse(
      `${holder.name}'s substitution was conditional and the real result does not meet it: the Investigator gets the real result (004 L85, L86)`,
      'night/forged-condition-unmet',
    );
  const value = forged.value;
  let result: NightResult | undefined;
  if (standard.fact === 'alignment-check' && typeof value === 'boolean') result = { ...standard, value };
  if (standard.fact === 'target-visits' && Array.isArray(value)) {
    const target = standard.about[0] ?? '';
    // L86 "Если … цель физически не могла его совершить, подмены не будет": a place that is the target himself, or a
    // player dead at dusk, is no place he could have gone.
    if (value.some((p: string) => p === target || !dusk.has(p)))
      return refuse(
        `${holder.name} named a place ${ctx.name(target)} could not have gone to: no substitution (004 L86)`,
        'night/forged-impossible',
      );
    result = { ...standard, value: [...(value as readonly string[])] };
  }
  if (result === undefined)
    return refuse(
      `${holder.name}'s substitution does not fit the result of his move: no substitution (004 L85, L86)`,
      'night/forged-misfit',
    );
  return {
    result,
    reasons: [
      say(
        `${holder.name} (a ${colour} holder) substituted what the Investigator is handed of his result (004 ${colour === 'grey' ? 'L77' : standard.fact === 'alignment-check' ? 'L85' : 'L86'})`,
        engineMessage('night/forged-forward', who),
      ),
    ],
  };
}

/** Whether a living player receives the checkers' results (L8): a substitution has someone to be handed to. */
export function substitutionReceived(ctx: NightContext): boolean {
  return ctx.players.some((p) => p.alive && hasPassive(ctx, p, 'receive-checks'));
}

/**
 * L17 "меняющий ее игрок сам получает утром такой же результат": a holder who substituted `what` (the words of the
 * report) is told the substitution himself. Reports the open question `forgerAlsoToldTruth` and returns whether he is
 * told the real result beside it, with the reason his substituted result carries.
 */
export function forgerTold(ctx: NightContext, me: WorkPlayer, what: string): { readonly truthToo: boolean; readonly reason: NightReason } {
  const setting = ctx.rules.settings.forgerAlsoToldTruth;
  ctx.ambiguity({
    setting: 'forgerAlsoToldTruth',
    value: setting,
    text: `${me.name} substituted ${what}: he is told the same himself (004 L17 "меняющий ее игрок сам получает утром такой же результат"); the rules do not say whether he still learns the real one beside it.`,
    message: engineMessage('night/ambiguity-forger-told-truth', word.text(me.name), word.message(settingValue(setting))),
  });
  return {
    truthToo: setting === 'yes',
    reason: say(
      `${me.name} substituted what the Investigator is handed: he is told the same result himself (004 L17)`,
      engineMessage('night/forger-told-forged', word.text(me.name)),
    ),
  };
}

/**
 * L17 "Если совершается подмена информации у целевого игрока или роли, то меняющий ее игрок сам получает утром такой же
 * результат, поэтому со стороны наблюдателя нельзя достоверно установить факт подмены": tells a checker his result
 * (`sent`, as the move's effect made it). When his move substitutes what the Investigator is handed (`forgeryOf`) and
 * a living Investigator is there to be handed it, the checker is told the forged result, as the Investigator is; the
 * true one goes beside it only under the setting `forgerAlsoToldTruth` (default `no`, the line's words; reported).
 * Returns whether the truth was kept from him (then nothing else of his move may tell it: L85's false black).
 */
export function tellChecker(ctx: NightContext, action: ResolvedAction, sent: NightResult, reasons: readonly NightReason[]): boolean {
  const tellTruth = (): false => {
    ctx.emit({ type: 'message', to: action.actor.slotId, result: sent, reasons: [...reasons] });
    return false;
  };
  const standard = standardResults.get(ctx)?.get(sent) ?? sent;
  const move = action.accepted;
  if (move.action.forged?.value === undefined || forgeableFact[move.ability.effect] !== standard.fact) return tellTruth();
  if (!substitutionReceived(ctx)) return tellTruth();
  const dusk = new Set(ctx.input.players.filter((p) => p.alive).map((p) => p.slotId));
  const forged = forgeryOf(ctx, action.actor, move, standard, dusk).result;
  if (forged === undefined) return tellTruth();
  const me = action.actor;
  const told = forgerTold(ctx, me, 'what the Investigator is handed');
  // The Investigator's copy is computed again from the real result (forwardedResult), never from the forged one.
  noteStandard(ctx, forged, standard);
  ctx.emit({ type: 'message', to: me.slotId, result: forged, reasons: [...reasons, told.reason] });
  if (!told.truthToo) return true;
  // The truth beside it is his alone: the Investigator is handed the substitution, not this.
  privateResults.add(sent);
  ctx.emit({ type: 'message', to: me.slotId, result: sent, reasons: [...reasons] });
  return false;
}
