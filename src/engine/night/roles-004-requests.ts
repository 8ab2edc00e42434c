/**
 * Seed 004's role request ("запрос на роль", L7, L8): a day move naming a peaceful role, not a player, answered the
 * morning after.
 *
 * - L7 "Также имеет право на альтернативный ход днем - запрос на роль, где может указать ведущему не игрока, а
 *   конкретную мирную роль и получить утром данные о ее местонахождении в каждую ночь в течение игры - по порядку
 *   хода соответствует проверке чеков": the move is recorded by day (an ability with `roleRequest`, read by the night
 *   after from the player's past moves); the answer comes at the check verification's turn (after the night's
 *   steps), with, for every night of the game up to this one, where the role went.
 * - "альтернативный ход" (L7), L8 "Из проверки чеков, запроса на роль и выстрела можно выбрать лишь одно действие за
 *   раз": the night's moves of the role that holds the request are skipped (`requestTakesMove`, read by the intake).
 * - L7 "если роль детектива была заблочена или выбрал отсутствующую на игре роль - информация не предоставляется": a
 *   day move has no block of its own; the block is the night's that follows, on the requester's role (a block placed
 *   on him that night, or a status that stops him acting or blocks that role). A role no player of the game holds or
 *   held is absent.
 * - L7 "дополнительно может увидеть роли тех, кто заходил к детективу ночью, аналогично эффекту политика" (the
 *   ability's `seesVisitorRoles`; the Investigator's request is "без опознавания ночных посетителей", L8): told to him
 *   alone, never handed to the Investigator. Whether a blocked requester still sees them is the setting
 *   `requestBlockedSeesVisitors` (reported when it decides).
 *
 * Where a role went: the players its moves named each night, as sent (L15 "Когда роль заблокирована, все равно можно
 * отправить ее ход ведущему, что может быть отслежено соответствующими ролями"; a move on oneself is "сидел дома",
 * L7). The places follow the role, not a player: a night's moves of the role's abilities by whoever held it then (the
 * Active citizen who took it over, L9; a role swapped by the Witch).
 */
import type { NightContext, WorkPlayer } from './context';
import type { AcceptedAction } from './intake';
import { forgerTold, holderColour, keepFromInvestigator, substitutionReceived } from './roles-004-forged';
import type { NightAbilityDef, NightRoleDef } from './roles';
import { nightResult, type NightResult } from './results';
import { say } from './say';
import { settingValue } from './settings-words';
import { meaningsOf } from './statuses';
import type { NightInput, NightPlaces, NightPlayer, NightReason, RequestForgery } from './types';
import { engineMessage, word } from '../words';

/** A role request bearing on tonight: who made it, the role he named, the role of his that holds the move. */
export interface RoleRequest {
  readonly requester: string;
  readonly role: string;
  readonly holder: NightRoleDef;
  readonly ability: NightAbilityDef;
  /** L86, L77: what the Investigator is to be handed instead of the answer. */
  readonly forged?: RequestForgery;
}

/** The request ability of one of the player's roles, with that role. */
function requestAbility(
  roleOf: (id: string | undefined) => NightRoleDef | undefined,
  player: Pick<NightPlayer, 'role' | 'secondRole'> | WorkPlayer,
  ability: string,
): { readonly holder: NightRoleDef; readonly ability: NightAbilityDef } | undefined {
  for (const role of [roleOf(player.role), roleOf(player.secondRole)]) {
    const def = role?.abilities.find((a) => a.id === ability && a.roleRequest !== undefined);
    if (role !== undefined && def !== undefined) return { holder: role, ability: def };
  }
  return undefined;
}

/** The request `player` made by day for tonight (his latest, L7: one move), if any. */
export function requestOf(
  input: NightInput,
  roleOf: (id: string | undefined) => NightRoleDef | undefined,
  player: NightPlayer,
): RoleRequest | undefined {
  const moves = (player.pastMoves ?? []).filter((m) => m.day && m.night === input.night);
  for (const m of [...moves].reverse()) {
    const found = requestAbility(roleOf, player, m.ability);
    const role = m.targets[0];
    if (found !== undefined && role !== undefined)
      return { requester: player.slotId, role, ...found, ...(m.requestForged === undefined ? {} : { forged: m.requestForged }) };
  }
  return undefined;
}

/**
 * Whether accepted move `a` is skipped because its sender made a role request for tonight with the same role (L7
 * "альтернативный ход"; L8 "лишь одно действие за раз"): the intake refuses it (`night/day-move-instead`).
 */
export function requestTakesMove(
  input: NightInput,
  roleOf: (id: string | undefined) => NightRoleDef | undefined,
  a: AcceptedAction,
): boolean {
  // Only a role that makes requests can have its move taken by one: no search of the players for any other move.
  if (a.borrowed !== undefined || !a.role.abilities.some((ability) => ability.roleRequest !== undefined)) return false;
  const player = input.players.find((p) => p.slotId === a.action.actor);
  if (player === undefined) return false;
  return requestOf(input, roleOf, player)?.holder.id === a.role.id;
}

/** Whether any player of the game holds or held `role` (alive or dead, tonight or at dusk). */
function inGame(ctx: NightContext, role: string): boolean {
  const holds = (p: { readonly role: string; readonly secondRole?: string | undefined }): boolean =>
    p.role === role || p.secondRole === role;
  return ctx.input.players.some(holds) || ctx.players.some(holds);
}

/** Why the request's role is blocked tonight (L7 "если роль детектива была заблочена"), or undefined. */
function blockOnRequest(
  ctx: NightContext,
  me: WorkPlayer,
  request: RoleRequest,
): { readonly by?: string; readonly reason: NightReason } | undefined {
  const slot = me.role === request.holder.id ? 'role' : 'secondRole';
  const status = meaningsOf(ctx.input, me.statuses).find(
    (m) => m.meaning.out === true || m.meaning.cannotAct === true || m.meaning.blocksRole === slot,
  );
  if (status !== undefined)
    return {
      reason: say(
        `${me.name} is ${status.status.id} tonight: his role request gives no information (004 L7)`,
        engineMessage('night/role-request-blocked-status', word.text(me.name), word.status(status.status.id)),
      ),
    };
  const block = (ctx.blocks.get(me.slotId) ?? []).find(
    (b) => (b.onlyRole === undefined || b.onlyRole === request.holder.id) && b.onlyEffects === undefined,
  );
  if (block === undefined) return undefined;
  return {
    by: block.by,
    reason: say(
      `${ctx.name(block.by)} blocked ${me.name} tonight: his role request gives no information (004 L7)`,
      engineMessage('night/role-request-blocked', word.text(me.name), word.text(ctx.name(block.by))),
      block.reasons,
    ),
  };
}

/** The players a role's moves named on each night up to tonight (see the module comment). */
function placesOf(
  ctx: NightContext,
  ordered: readonly AcceptedAction[],
  role: NightRoleDef,
): { readonly night: number; readonly places: readonly string[] }[] {
  const abilities = new Set(role.abilities.filter((a) => a.phase === 'night').map((a) => a.id));
  const nights: { night: number; places: readonly string[] }[] = [];
  for (let night = 1; night <= ctx.night; night++) {
    const places: string[] = [];
    const add = (actor: string, targets: readonly string[]): void => {
      for (const t of targets) if (t !== actor && !places.includes(t)) places.push(t);
    };
    if (night === ctx.night) {
      // Tonight: the moves of the role the intake kept (the later PM stands), as sent.
      for (const a of ordered) if (a.role.id === role.id && a.borrowed === undefined) add(a.action.actor, a.action.targets);
    } else {
      for (const p of ctx.input.players) {
        // One move a night for a role: the latest the player sent of its abilities (the later PM stands).
        const last = (p.pastMoves ?? []).filter((m) => !m.day && m.night === night && abilities.has(m.ability)).at(-1);
        if (last !== undefined) add(p.slotId, last.targets);
      }
    }
    nights.push({ night, places });
  }
  return nights;
}

/**
 * Answers tonight's role requests (L7, L8) at the check verification's turn: each living requester is told where the
 * role went each night, or that no information is given; a requester whose ability `seesVisitorRoles` also learns
 * the roles of tonight's visitors. `ordered` is the night's accepted moves.
 */
export function answerRoleRequests(ctx: NightContext, ordered: readonly AcceptedAction[]): void {
  for (const player of ctx.input.players) {
    const me = ctx.player(player.slotId);
    if (me === undefined || !me.alive) continue;
    const request = requestOf(ctx.input, (id) => ctx.role(id), player);
    if (request === undefined) continue;
    const blocked = blockOnRequest(ctx, me, request);
    const to = me.slotId;
    if (blocked !== undefined) {
      if (blocked.by !== undefined) {
        // L5 "попал (сбил любому игроку ход)": the request was his move tonight.
        ctx.blockedBy.add(blocked.by);
        ctx.emit({
          type: 'blocked',
          player: to,
          ability: request.ability.id,
          role: request.holder.id,
          by: blocked.by,
          reasons: [blocked.reason],
        });
      }
      ctx.emit({ type: 'message', to, result: nightResult(to, 'role-request-no-info', [], request.role), reasons: [blocked.reason] });
    } else if (!inGame(ctx, request.role)) {
      const why = say(
        `${me.name} asked for the role ${request.role}, which no player of the game holds: no information (004 L7)`,
        engineMessage('night/role-request-absent', word.text(me.name), word.role(request.role)),
      );
      ctx.emit({ type: 'message', to, result: nightResult(to, 'role-request-no-info', [], request.role), reasons: [why] });
    } else {
      const role = ctx.role(request.role);
      const nights = role === undefined ? [] : placesOf(ctx, ordered, role);
      const answered = say(
        `${me.name} made a role request for ${request.role}: where the role went each night of the game (004 L7, L8)`,
        engineMessage('night/role-request-answered', word.text(me.name), word.role(request.role)),
      );
      tellRequester(ctx, me, nightResult(to, 'role-request-places', [], { role: request.role, nights }), answered);
    }
    if (request.ability.roleRequest?.seesVisitorRoles === true) tellVisitorRoles(ctx, me, blocked !== undefined);
  }
}

/** The real answers of requests whose holder was told a substituted one (L17), by the message he was sent. */
const realAnswers = new WeakMap<NightResult, RoleRequestPlaces>();

type RoleRequestPlaces = NightResult & { readonly fact: 'role-request-places' };

/**
 * Tells a requester his answer. When he substitutes what the Investigator is handed of it (`forwardedRequest`) and a
 * living player receives his results, 004 L17 "меняющий ее игрок сам получает утром такой же результат, поэтому со
 * стороны наблюдателя нельзя достоверно установить факт подмены": he is told the substituted answer, as he is for a
 * substituted check or track (`tellChecker`); the real one beside it, his alone, only under `forgerAlsoToldTruth`.
 */
function tellRequester(ctx: NightContext, me: WorkPlayer, real: RoleRequestPlaces, answered: NightReason): void {
  const dusk = new Set(ctx.input.players.filter((p) => p.alive).map((p) => p.slotId));
  const handed = forwardedRequest(ctx, dusk, { to: me.slotId, result: real })?.result ?? real;
  if (handed === real || !substitutionReceived(ctx)) {
    ctx.emit({ type: 'message', to: me.slotId, result: real, reasons: [answered] });
    return;
  }
  const told = forgerTold(ctx, me, 'what the Investigator is handed of his role request');
  // The Investigator's copy is made again from the real answer (forwardedRequest reads it here), never from this one.
  realAnswers.set(handed, real);
  ctx.emit({ type: 'message', to: me.slotId, result: handed, reasons: [answered, told.reason] });
  if (!told.truthToo) return;
  keepFromInvestigator(real);
  ctx.emit({ type: 'message', to: me.slotId, result: real, reasons: [answered] });
}

/** L7 "дополнительно может увидеть роли тех, кто заходил к детективу ночью": his own, never the Investigator's. */
function tellVisitorRoles(ctx: NightContext, me: WorkPlayer, blocked: boolean): void {
  const came = ctx.visits.filter((v) => v.target === me.slotId && v.actor !== me.slotId && v.role !== undefined);
  if (came.length === 0) return;
  if (blocked) {
    const setting = ctx.rules.settings.requestBlockedSeesVisitors;
    ctx.ambiguity({
      setting: 'requestBlockedSeesVisitors',
      value: setting,
      text: `${me.name}'s role request was blocked and he had visitors: the rules (004 L7) do not say whether he still sees their roles.`,
      message: engineMessage('night/ambiguity-request-blocked-visitors', word.text(me.name), word.message(settingValue(setting))),
    });
    if (setting !== 'yes') return;
  }
  const result = nightResult(
    me.slotId,
    'visitor-roles',
    [],
    came.flatMap((v) => (v.role === undefined ? [] : [v.role])),
  );
  keepFromInvestigator(result);
  ctx.emit({
    type: 'message',
    to: me.slotId,
    result,
    reasons: [
      say(
        `${me.name} made a role request: he sees the roles of those who visited him (004 L7)`,
        engineMessage('night/role-request-sees-visitors', word.text(me.name)),
      ),
    ],
  });
}

const samePlaces = (a: readonly string[], b: readonly string[]): boolean => {
  const x = [...a].sort();
  const y = [...b].sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/** Whether the real nights meet a condition's nights (each night the condition names has the same places). */
function meets(real: NightPlaces, when: NightPlaces): boolean {
  return when.every((w) => samePlaces(real.find((n) => n.night === w.night)?.places ?? [], w.places));
}

/**
 * L86 "Имеет право подменить данные следователя - может заранее указать ведущему … результат запроса на роль, что
 * будет передан утром. Разрешено поставить условие для подмены, связанное с настоящим результатом. Если ход так или
 * иначе сорвется или цель физически не могла его совершить, подмены не будет" (L77: the Faceless's Detective): what
 * the Investigator is handed of a role request's answer `m` (undefined for any other message): the answer with the
 * nights the holder substituted, when his colour may (`roleRequest.forwardForgedBy`), his condition holds, and every
 * place he names is a player of the game (tonight's, alive at dusk). A blocked request gives no answer to substitute.
 */
export function forwardedRequest(
  ctx: NightContext,
  dusk: ReadonlySet<string>,
  m: { readonly to: string; readonly result: NightResult },
): { readonly result: NightResult; readonly reasons: readonly NightReason[] } | undefined {
  if (m.result.fact !== 'role-request-places') return undefined;
  // A requester told his own substitution (L17): the Investigator's copy is made from the real answer.
  const standard: RoleRequestPlaces = realAnswers.get(m.result) ?? m.result;
  const holder = ctx.player(m.to);
  const player = ctx.input.players.find((p) => p.slotId === m.to);
  const request = player === undefined ? undefined : requestOf(ctx.input, (id) => ctx.role(id), player);
  const forged = request?.forged;
  if (holder === undefined || request === undefined || forged === undefined) return { result: standard, reasons: [] };
  const who = word.text(holder.name);
  const real = (code: string, text: string): { readonly result: NightResult; readonly reasons: readonly NightReason[] } => ({
    result: standard,
    reasons: [say(text, engineMessage(code, who))],
  });
  const colour = holderColour(ctx, holder);
  if (colour === 'red' || request.ability.roleRequest?.forwardForgedBy?.includes(colour) !== true)
    return real(
      'night/forged-not-allowed',
      `${holder.name} may not substitute his role request's answer: the Investigator gets the real one (004 L86, L77)`,
    );
  if (forged.when !== undefined && !meets(standard.value.nights, forged.when))
    return real(
      'night/forged-condition-unmet',
      `${holder.name}'s substitution was conditional and the real answer does not meet it: the Investigator gets the real one (004 L86)`,
    );
  const players = new Set(ctx.input.players.map((p) => p.slotId));
  const possible = forged.nights.every(
    (n) => n.night >= 1 && n.night <= ctx.night && n.places.every((p) => players.has(p) && (n.night !== ctx.night || dusk.has(p))),
  );
  if (!possible)
    return real(
      'night/forged-impossible',
      `${holder.name} named a night or a place the role could not have gone to: no substitution (004 L86)`,
    );
  const nights = standard.value.nights.map((n) => forged.nights.find((f) => f.night === n.night) ?? n);
  return {
    result: { ...standard, value: { role: standard.value.role, nights } },
    reasons: [
      say(
        `${holder.name} (a ${colour} holder) substituted what the Investigator is handed of his role request's answer (004 ${colour === 'grey' ? 'L77' : 'L86'})`,
        engineMessage('night/forged-forward', who),
      ),
    ],
  };
}
