/**
 * Seed 004's Detective at night beyond his track's places (L7, L86): the track that gives no information, and the
 * blackening he recognises.
 *
 * - L7 "В случае слежки - если детектив был заблочен, попал к проститутке/гейше, проверял клиента проститутки/гейши
 *   или потерял ход из-за безумца - информация не предоставляется": a track stopped by a move of one of the effects
 *   its ability lists in `noInfoWhenStoppedBy` (a block, a Prostitute's or a Geisha's visit, the Madman's fire), or
 *   aimed at a player such a move took, is answered `track-no-info`, to him and to the Investigator; the generic
 *   notices of the same stop (the Prostitute's "move failed") are not handed on, and a "move failed" the seed does
 *   not give the Detective (L115.3 lists who is told of a stopped move) is replaced by it. "дополнительно может
 *   увидеть имена тех, кто заходил к детективу ночью": whether a stopped Detective still sees them is the setting
 *   `stoppedTrackerSeesVisitors`.
 * - L7 "Детектив способен распознавать очернения - если при слежке в соответствующую ночь его цель была под
 *   очернением и ее не сумел успешно чекнуть кто-либо из цветных чекеров, то детектив узнает о его наличии, но эти
 *   данные передаются следователю с задержкой на одну ночь. Если очернение кидали на детектива, он в любом случае
 *   узнает это утром. Детектив видит разницу между очернениями от стороны мафии, маньяка (якудзы) или от джокера":
 *   a track that went through on a target under a status of mechanic `blackened`, which no colour check of the effects
 *   in `blackeningHiddenBy` read tonight (L51: "Если джокер чекает игрока, за которым следит детектив, тот не
 *   распознает очернение"), tells him `blackening-seen` with the caster's side (the status's `by`, his faction); the
 *   Investigator gets it the night after, through the ability's `blackeningForwardStatus` on the target (`with` the
 *   Detective, `by` a player of the side, `value` 1 to hand on, 0 to hand on nothing). A blackening on the Detective
 *   himself is told him every morning it holds.
 * - L86 (black Detective) "Нельзя подменить информацию об очернении, если ее невозможно было получить из-за цветных
 *   чекеров": a holder who may substitute what the Investigator is handed (`forwardForgedBy`) may set the blackening
 *   he is handed the night after (`NightAction.forged.blackening`: a side, or null for none), unless a colour check
 *   read the target tonight: then the substitution is refused and nothing is handed on. "Разрешено поставить условие
 *   для подмены, связанное с настоящим результатом": with `forged.blackeningWhen`, only when the real blackening is
 *   that side (null: none).
 *
 * The roles are the ruleset's: nothing here reads a role's name.
 */
import { hasPassive, type NightContext, type ResolvedAction, type WorkPlayer } from './context';
import type { AcceptedAction } from './intake';
import { forgerTold, holderColour, noteVisitorWatch, substitutionReceived } from './roles-004-forged';
import { nightResult, type NightResult } from './results';
import { say } from './say';
import { settingValue } from './settings-words';
import type { NightAbilityDef, NightRoleDef } from './roles';
import { mechanicStatus, statusActive, statusMeaning } from './statuses';
import type { NightEvent, NightReason, RefusedAction } from './types';
import { engineMessage, word } from '../words';

type Message = Extract<NightEvent, { type: 'message' }>;

/** Results the Investigator is not handed (the Detective's own blackening news, the notices a no-information answer covers). */
const notHanded = new WeakSet<NightResult>();
/** Notices the Detective is not given: the "move failed" his "no information" replaces. */
const replaced = new WeakSet<NightResult>();

/** Whether the Investigator is handed this result of a checker (L7: the blackening comes a night late, the no-information answer covers the stop). */
export function handedOn(result: NightResult): boolean {
  return !notHanded.has(result);
}

/** Whether a message is not delivered: a notice the Detective's "информация не предоставляется" replaces (L7). */
export function replacedByNoInfo(event: NightEvent): boolean {
  return event.type === 'message' && replaced.has(event.result);
}

/** The effects of every move a player's roles hold. */
function effectsOf(ctx: NightContext, p: WorkPlayer | undefined): Set<string> {
  if (p === undefined) return new Set();
  return new Set([ctx.role(p.role), ctx.role(p.secondRole)].flatMap((r) => r?.abilities.map((a) => a.effect) ?? []));
}

/** Who stopped the track with a move of the listed effects, if one did (blocked, or its target taken by such a move). */
function stopper(ctx: NightContext, a: AcceptedAction, events: readonly NightEvent[], listed: readonly string[]): string | undefined {
  const by = (id: string): boolean => [...effectsOf(ctx, ctx.player(id))].some((e) => listed.includes(e));
  for (const e of events) {
    if ((e.type === 'blocked' || e.type === 'nullified') && e.player === a.action.actor && e.ability === a.ability.id) {
      if (e.type === 'blocked' && by(e.by)) return e.by;
      // L54: a Geisha's client is out of reach of the moves after hers (roles-004-black.ts `stoppedBeforeEffect`).
      if (e.type === 'nullified' && e.cause === 'thwarted')
        for (const t of a.action.targets) {
          const host = (ctx.blocks.get(t) ?? []).find((b) => b.by !== a.action.actor && by(b.by));
          if (host !== undefined) return host.by;
        }
    }
  }
  return undefined;
}

/** The actor's track ability of this id that answers a stop with "no information" (L7), with its role. */
function trackOf(ctx: NightContext, p: WorkPlayer, id: string): { ability: NightAbilityDef; role: NightRoleDef } | undefined {
  for (const role of [ctx.role(p.role), ctx.role(p.secondRole)]) {
    const ability = role?.abilities.find((x) => x.id === id && x.noInfoWhenStoppedBy !== undefined);
    if (role !== undefined && ability !== undefined) return { ability, role };
  }
  return undefined;
}

/** The side a blackening came from: its caster's faction (null when the status names nobody). */
function sideOf(ctx: NightContext, by: string | undefined): string | null {
  return by === undefined ? null : (ctx.player(by)?.faction ?? null);
}

/** Whether a colour check of one of `effects` read the player tonight (its checker was told his colour). */
function colourChecked(ordered: readonly AcceptedAction[], events: readonly NightEvent[], t: string, effects: readonly string[]): boolean {
  const checkers = new Set(ordered.filter((x) => effects.includes(x.ability.effect)).map((x) => x.action.actor));
  return events.some((e) => e.type === 'message' && e.result.fact === 'alignment-check' && e.result.about[0] === t && checkers.has(e.to));
}

function tell(ctx: NightContext, to: string, result: NightResult, reasons: readonly NightReason[]): void {
  notHanded.add(result);
  ctx.emit({ type: 'message', to, result, reasons });
}

/**
 * After every step of the night (before the tracker's visitors and the Investigator's copies): each Detective's stopped
 * track answered "no information", the blackening he saw on his target and on himself, and what the Investigator is
 * to be handed of it the night after.
 */
export function settleTracks(
  ctx: NightContext,
  ordered: readonly AcceptedAction[],
  events: readonly NightEvent[],
  refused: readonly RefusedAction[] = [],
): void {
  // "был заблочен" by a status that stops his moves (the Blocker's day block, the torture chamber, L53): the move was
  // refused when it came in; its answer is the same.
  const answered = new Set<string>();
  for (const x of [...refused].reverse()) {
    if (x.reason !== 'night/actor-status' || answered.has(x.action.actor)) continue;
    const actor = ctx.player(x.action.actor);
    const found = actor === undefined ? undefined : trackOf(ctx, actor, x.action.ability);
    if (actor === undefined || !actor.alive || found === undefined) continue;
    const status = actor.statuses.find((st) => statusMeaning(ctx.input, st.id).cannotAct === true && statusActive(st, ctx.night));
    if (status === undefined) continue;
    const target = x.action.targets[0] ?? '';
    const why = say(
      `${actor.name}'s track of ${ctx.name(target)} did not happen: he is ${status.id} (004 L7 "если детектив был заблочен … информация не предоставляется")`,
      engineMessage('night/track-no-info-status', word.text(actor.name), word.text(ctx.name(target)), word.status(status.id)),
    );
    answered.add(actor.slotId);
    noInformation(ctx, { action: x.action, ability: found.ability, role: found.role, faction: actor.faction }, actor, why, events);
  }
  for (const a of ordered) {
    const ability = a.ability;
    if (ability.noInfoWhenStoppedBy === undefined && ability.blackeningHiddenBy === undefined) continue;
    const actor = ctx.player(a.action.actor);
    if (actor === undefined || !actor.alive) continue;
    const by = ability.noInfoWhenStoppedBy === undefined ? undefined : stopper(ctx, a, events, ability.noInfoWhenStoppedBy);
    if (by !== undefined) {
      const target = a.action.targets[0] ?? '';
      const why = say(
        `${actor.name}'s track of ${ctx.name(target)} was stopped by ${ctx.name(by)}: no information (004 L7 "информация не предоставляется")`,
        engineMessage('night/track-no-info', word.text(actor.name), word.text(ctx.name(target)), word.text(ctx.name(by))),
      );
      noInformation(ctx, a, actor, why, events);
      continue;
    }
    const tracked = events.find(
      (e): e is Message =>
        e.type === 'message' && e.to === actor.slotId && e.result.fact === 'target-visits' && e.result.to === actor.slotId,
    );
    const target = tracked === undefined ? undefined : ctx.player(tracked.result.about[0] ?? '');
    if (target !== undefined && ability.blackeningHiddenBy !== undefined) seeBlackening(ctx, ordered, events, a, actor, target);
  }
  // L7 "Если очернение кидали на детектива, он в любом случае узнает это утром."
  for (const p of ctx.players) {
    if (!p.alive) continue;
    const sees = [ctx.role(p.role), ctx.role(p.secondRole)].some(
      (r) => r?.abilities.some((x) => x.blackeningHiddenBy !== undefined) === true,
    );
    const status = sees ? mechanicStatus(ctx.input, p.statuses, 'blackened') : undefined;
    if (status === undefined) continue;
    const side = sideOf(ctx, status.by);
    tell(ctx, p.slotId, nightResult(p.slotId, 'blackening-seen', [p.slotId], side), [
      say(
        `${p.name} was blackened tonight and, a Detective, learns it in the morning whatever his move (004 L7)`,
        engineMessage('night/blackening-on-self', word.text(p.name)),
      ),
    ]);
  }
}

/** L7: "информация не предоставляется", to the Detective and (as his result) to the Investigator. */
function noInformation(ctx: NightContext, a: AcceptedAction, actor: WorkPlayer, why: NightReason, events: readonly NightEvent[]): void {
  const target = a.action.targets[0] ?? '';
  // The stop's own notices stay his (L115.5: the blocked player learns of the block; L21: the client of a pleasant
  // night), but are not his move's result: the Investigator is handed the "no information" alone. A "move failed" is
  // no notice the seed gives the Detective (L115.3): the "no information" says it.
  for (const e of events)
    if (e.type === 'message' && e.to === actor.slotId) {
      if (e.result.fact === 'move-failed' && e.result.value === a.role.id) replaced.add(e.result);
      if (e.result.fact === 'move-failed' || e.result.fact === 'action-stopped' || e.result.fact === 'pleasant-night')
        notHanded.add(e.result);
    }
  ctx.emit({ type: 'message', to: actor.slotId, result: nightResult(actor.slotId, 'track-no-info', [target], null), reasons: [why] });
  // "дополнительно может увидеть имена тех, кто заходил к детективу ночью": open for a stopped track.
  if (a.ability.seesVisitorNames !== true) return;
  if (!ctx.visits.some((v) => v.target === actor.slotId && v.actor !== actor.slotId)) return;
  const setting = ctx.rules.settings.stoppedTrackerSeesVisitors;
  ctx.ambiguity({
    setting: 'stoppedTrackerSeesVisitors',
    value: setting,
    text: `${actor.name}'s track gave no information and he had visitors: the seed's "дополнительно может увидеть имена тех, кто заходил к детективу ночью" (004 L7) follows the no-information case without saying whether it holds in it.`,
    message: engineMessage('night/ambiguity-stopped-tracker-visitors', word.text(actor.name), word.message(settingValue(setting))),
  });
  const resolved: ResolvedAction = { accepted: a, actor, targets: a.action.targets, reasons: [why] };
  if (setting === 'yes') noteVisitorWatch(ctx, resolved);
}

/** L7, L86: the blackening on a tracked target, told to the Detective, and what the Investigator gets of it next night. */
/**
 * What the Detective is told of his target's blackening. Without a substitution: what he saw (nothing when he saw
 * none). With one (`forged`: the side he hands on, null for none) and a living player who receives his results: 004
 * L17 "меняющий ее игрок сам получает утром такой же результат, поэтому со стороны наблюдателя нельзя достоверно
 * установить факт подмены": he is told the substituted blackening as the Investigator will be, and the real one
 * beside it only under `forgerAlsoToldTruth` (reported, as for a substituted check or track: `tellChecker`).
 */
function tellTracker(
  ctx: NightContext,
  actor: WorkPlayer,
  t: WorkPlayer,
  seen: { readonly side: string | null; readonly why: NightReason } | undefined,
  forged: string | null | undefined,
  reasons: readonly NightReason[],
): void {
  const tellSeen = (): void => {
    if (seen !== undefined) tell(ctx, actor.slotId, nightResult(actor.slotId, 'blackening-seen', [t.slotId], seen.side), [seen.why]);
  };
  if (forged === undefined || !substitutionReceived(ctx)) return tellSeen();
  const told = forgerTold(ctx, actor, 'the blackening the Investigator is handed');
  // A substituted "no blackening" tells him nothing of one, as the Investigator is told nothing.
  if (forged !== null) tell(ctx, actor.slotId, nightResult(actor.slotId, 'blackening-seen', [t.slotId], forged), [...reasons, told.reason]);
  if (told.truthToo) tellSeen();
}

function seeBlackening(
  ctx: NightContext,
  ordered: readonly AcceptedAction[],
  events: readonly NightEvent[],
  a: AcceptedAction,
  actor: WorkPlayer,
  t: WorkPlayer,
): void {
  const ability = a.ability;
  const status = mechanicStatus(ctx.input, t.statuses, 'blackened');
  const hidden = colourChecked(ordered, events, t.slotId, ability.blackeningHiddenBy ?? []);
  const who = word.text(actor.name);
  const reasons: NightReason[] = [];
  // What the Investigator is handed the night after: a side, or nothing (null).
  let handed: string | null = null;
  // What he saw himself, told once the substitution (if any) is judged: L17 has a forger told what he hands on.
  let seen: { readonly side: string | null; readonly why: NightReason } | undefined;
  let substituted = false;
  if (status !== undefined && hidden)
    reasons.push(
      say(
        `${t.name} was under a blackening, but a colour check read him tonight: ${actor.name} does not recognise it (004 L7, L51)`,
        engineMessage('night/blackening-hidden', who, word.text(t.name)),
      ),
    );
  else if (status !== undefined) {
    handed = sideOf(ctx, status.by);
    const why = say(
      `${actor.name} tracked ${t.name}, under a blackening no colour check read tonight: he learns of it and its side (004 L7)`,
      engineMessage('night/blackening-seen', who, word.text(t.name)),
    );
    reasons.push(why);
    seen = { side: handed, why };
  }
  const forged = a.action.forged?.blackening;
  // L86 "Разрешено поставить условие для подмены, связанное с настоящим результатом": the blackening's condition is on
  // the real blackening (the side seen, null for none); the places' `when` is not (roles-004-forged.ts judges it).
  const condition = a.action.forged?.blackeningWhen;
  if (forged !== undefined) {
    const colour = holderColour(ctx, actor);
    if (colour === 'red' || ability.forwardForgedBy?.includes(colour) !== true)
      reasons.push(
        say(
          `${actor.name} is no ${ability.forwardForgedBy?.join(' or ') ?? 'forger'} holder: the Investigator gets the real blackening (004 L86, L77)`,
          engineMessage('night/forged-not-allowed', who),
        ),
      );
    else if (hidden)
      reasons.push(
        say(
          `${actor.name}'s substitution of the blackening is refused: a colour check read ${t.name} tonight, so it could not be seen (004 L86 "Нельзя подменить информацию об очернении, если ее невозможно было получить из-за цветных чекеров")`,
          engineMessage('night/forged-blackening-impossible', who, word.text(t.name)),
        ),
      );
    else if (condition !== undefined && condition !== handed)
      reasons.push(
        say(
          `${actor.name}'s substitution of the blackening was conditional and the real one does not meet it: the Investigator gets the real blackening (004 L86)`,
          engineMessage('night/forged-condition-unmet', who),
        ),
      );
    else if (forged !== null && !ctx.players.some((p) => p.faction === forged))
      reasons.push(
        say(
          `${actor.name} named a side, ${forged}, no player of this game plays for: no substitution (004 L86)`,
          engineMessage('night/forged-blackening-misfit', who, word.text(forged)),
        ),
      );
    else {
      handed = forged;
      substituted = true;
      reasons.push(
        say(
          `${actor.name} (a ${colour} holder) substituted the blackening the Investigator is handed the night after (004 L86)`,
          engineMessage('night/forged-blackening', who),
        ),
      );
    }
  }
  tellTracker(ctx, actor, t, seen, substituted ? handed : undefined, reasons);
  const carrier = ability.blackeningForwardStatus;
  // A substitution, made or refused, is carried too: the night after reads what it hands on (nothing, when refused).
  if (carrier === undefined || (status === undefined && forged === undefined)) return;
  // The side travels as a player who plays for it (the status's `by`): the caster, or one of the side named.
  const member =
    handed === null
      ? undefined
      : status?.by !== undefined && sideOf(ctx, status.by) === handed
        ? status.by
        : ctx.players.find((p) => p.faction === handed)?.slotId;
  const mark = {
    id: carrier,
    sinceNight: ctx.night,
    with: actor.slotId,
    ...(member === undefined ? {} : { by: member }),
    value: handed === null ? 0 : 1,
  };
  t.statuses = [...t.statuses, mark];
  ctx.emit({
    type: 'status-applied',
    player: t.slotId,
    status: mark,
    reasons: [
      say(
        `what the Investigator is handed of ${actor.name}'s sight of a blackening on ${t.name} comes the night after (004 L7 "с задержкой на одну ночь")`,
        engineMessage('night/blackening-held', who, word.text(t.name)),
        reasons,
      ),
    ],
  });
}

/**
 * L7 "эти данные передаются следователю с задержкой на одну ночь": the blackenings the Detectives saw last night
 * (the statuses of the track abilities' `blackeningForwardStatus`), handed to every living Investigator this morning;
 * the status goes.
 */
export function forwardHeldBlackenings(ctx: NightContext): void {
  const carriers = new Set(
    ctx.rules.roles.flatMap((r) =>
      r.abilities.flatMap((a) => (a.blackeningForwardStatus === undefined ? [] : [a.blackeningForwardStatus])),
    ),
  );
  if (carriers.size === 0) return;
  const receivers = ctx.players.filter((p) => p.alive && hasPassive(ctx, p, 'receive-checks'));
  for (const t of ctx.players) {
    const held = t.statuses.filter((s) => carriers.has(s.id) && (s.sinceNight ?? ctx.night) < ctx.night);
    if (held.length === 0) continue;
    for (const s of held) {
      const detective = s.with;
      if (s.value !== 1 || detective === undefined || s.sinceNight !== ctx.night - 1) continue;
      const inner = nightResult(detective, 'blackening-seen', [t.slotId], sideOf(ctx, s.by));
      for (const r of receivers)
        ctx.emit({
          type: 'message',
          to: r.slotId,
          result: nightResult(r.slotId, 'forwarded-result', [detective], inner),
          reasons: [
            say(
              `the Investigator is handed ${ctx.name(detective)}'s sight of a blackening on ${t.name} a night late (004 L7)`,
              engineMessage('night/blackening-forwarded', word.text(r.name), word.text(ctx.name(detective)), word.text(t.name)),
            ),
          ],
        });
    }
    t.statuses = t.statuses.filter((s) => !held.includes(s));
    for (const id of new Set(held.map((s) => s.id)))
      ctx.emit({
        type: 'status-cleared',
        player: t.slotId,
        status: id,
        reasons: [
          say(
            `the Investigator's copy of the blackening on ${t.name} is handed on`,
            engineMessage('night/blackening-handed', word.text(t.name)),
          ),
        ],
      });
  }
}
