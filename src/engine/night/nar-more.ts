/**
 * The last night mechanics of the forum standard's catalogue (issue 19),
 * named for what they do:
 *
 * - `recruit` (Cult Recruiter): the target joins the recruiter's faction. The
 *   usual forum reading: a recruit fails on a player of a guilty faction (the
 *   mafia, a Serial Killer: scum cannot be converted), on a player protected
 *   tonight (a Doctor's or Jailkeeper's protection, a Bodyguard's guard), and
 *   on a player whose role is recruit-immune (passive `recruit-immune`). The
 *   recruit is told his new side, the recruiter whether it worked; the game
 *   records the change (`faction-changed`, then `player/faction`), so the win
 *   check and later nights read it. The change takes effect at the recruit's
 *   step of the night's order: a Cop whose check comes later that night sees
 *   the new side, a move earlier in the order saw the old one.
 * - `tell-alignment` (Friendly Neighbor): the target is told by PM that the
 *   actor is of his true alignment (town for a town Friendly Neighbor).
 */
import { engineMessage, word } from '../words';
import type { EffectFn, NightContext, WorkPlayer } from './context';
import { nightResult } from './results';
import { say, usedOn } from './say';
import type { NightReason } from './types';

/** This file's effect kinds (spread into `NightEffectKind`). */
export type NarMoreEffectKind =
  /** Recruit the target into the actor's faction (Cult Recruiter); fails on scum, the protected and the recruit-immune. */
  | 'recruit'
  /** Tell the target the actor's alignment by PM (Friendly Neighbor). */
  | 'tell-alignment';

const guilty = (ctx: NightContext, p: WorkPlayer): boolean => ctx.rules.guiltyFactions.includes(p.faction);

/** Why a recruit of the target fails, or undefined when it works. */
function recruitFails(ctx: NightContext, actor: WorkPlayer, target: WorkPlayer): NightReason | undefined {
  if (target.faction === actor.faction) return undefined;
  const immune = [ctx.role(target.role), ctx.role(target.secondRole)].some((r) => r?.passives?.includes('recruit-immune') === true);
  if (immune)
    return say(
      `${target.name} cannot be recruited (his role is recruit-immune)`,
      engineMessage('night/recruit-immune', word.text(target.name)),
    );
  if (guilty(ctx, target))
    return say(
      `${target.name} plays for a guilty faction, which a recruit cannot turn`,
      engineMessage('night/recruit-scum', word.text(target.name), word.faction(target.faction)),
    );
  const guard = (ctx.protections.get(target.slotId) ?? [])[0];
  if (guard !== undefined)
    return say(
      `${target.name} was protected tonight by ${ctx.name(guard.by)}, which stops a recruit`,
      engineMessage('night/recruit-protected', word.text(target.name), word.text(ctx.name(guard.by))),
      guard.reasons,
    );
  return undefined;
}

const recruit: EffectFn = (ctx, action) => {
  const id = action.targets[0];
  const target = id === undefined ? undefined : ctx.player(id);
  if (target === undefined || !target.alive) return;
  const actor = action.actor;
  const used = usedOn(ctx, action, target.slotId);
  if (target.faction === actor.faction) return;
  const failed = recruitFails(ctx, actor, target);
  if (failed !== undefined) {
    ctx.emit({
      type: 'message',
      to: actor.slotId,
      result: nightResult(actor.slotId, 'recruit-result', [target.slotId], false),
      reasons: [used, failed],
    });
    return;
  }
  const reason = say(
    `${actor.name} recruited ${target.name} into ${actor.faction}`,
    engineMessage('night/recruited', word.text(actor.name), word.text(target.name), word.faction(actor.faction)),
    [used],
  );
  ctx.emit({ type: 'faction-changed', player: target.slotId, from: target.faction, to: actor.faction, reasons: [reason] });
  // The change lands at the recruit's step of the order: a check later in the night (NAR's role investigations come
  // after the kills' step, where the recruit is) sees the new side, a move earlier in the order saw the old.
  target.faction = actor.faction;
  ctx.emit({
    type: 'message',
    to: target.slotId,
    result: nightResult(target.slotId, 'recruited', [actor.slotId], actor.faction),
    reasons: [reason],
  });
  ctx.emit({
    type: 'message',
    to: actor.slotId,
    result: nightResult(actor.slotId, 'recruit-result', [target.slotId], true),
    reasons: [reason],
  });
};

const tellAlignment: EffectFn = (ctx, action) => {
  const id = action.targets[0];
  const target = id === undefined ? undefined : ctx.player(id);
  if (target === undefined || !target.alive) return;
  const actor = action.actor;
  ctx.emit({
    type: 'message',
    to: target.slotId,
    result: nightResult(target.slotId, 'neighbor-alignment', [actor.slotId], guilty(ctx, actor)),
    reasons: [
      say(
        `${actor.name} told ${target.name} his alignment`,
        engineMessage('night/told-alignment', word.text(actor.name), word.text(target.name)),
        [usedOn(ctx, action, target.slotId)],
      ),
    ],
  });
};

/** The ordered behaviour of this file's effect kinds (spread into `orderedEffects`). */
export const narMoreEffects: Readonly<Record<NarMoreEffectKind, EffectFn>> = {
  recruit,
  'tell-alignment': tellAlignment,
};
