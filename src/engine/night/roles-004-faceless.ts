/**
 * Seed 004's face and colour rules the night reads (L15, L60, L64.7): a face
 * that came back is never cut again, and a check sent for verification at the
 * end of a day gives its exact colour by morning.
 *
 * The statuses are read by their mechanic (`face-recovered`,
 * `verifying-check`), never by a ruleset's name. Hooks: `faceCutRefusal` in
 * the face cut (roles-004-black.ts), `verifiedChecks` once a night after the
 * steps (ordered.ts).
 */
import type { NightContext, ResolvedAction, WorkPlayer } from './context';
import { checkHiding, sharedTarget } from './roles-004-checks';
import { nightResult } from './results';
import { say } from './say';
import { mechanicStatus, statusActive } from './statuses';
import type { NightReason } from './types';
import { engineMessage, word } from '../words';

/**
 * Why the face of `t` may not be cut tonight, or undefined: L60 "Если игрок
 * вернул роль, он перестает считаться жертвой и его нельзя порезать повторно".
 */
export function faceCutRefusal(ctx: NightContext, t: WorkPlayer, because: readonly NightReason[]): NightReason | undefined {
  if (mechanicStatus(ctx.input, t.statuses, 'face-recovered') === undefined) return undefined;
  return say(
    `${t.name} got his role back after a face cut: his face cannot be cut again (004 L60)`,
    engineMessage('night/face-recovered', word.text(t.name)),
    because,
  );
}

/**
 * Whether a private colour check on `t` gives no information (L53: "мирная
 * роль жертвы и возможность проверки ее цвета заблокируется до конца игры";
 * the ability's `noInfoStatuses`; L6's roles and same targets, L28/L29): the checker is told so, and the check
 * leaves no mark. Returns whether it stopped the check.
 */
export function colourHidden(ctx: NightContext, action: ResolvedAction, t: WorkPlayer): boolean {
  const hiding = action.accepted.ability.noInfoStatuses ?? [];
  const status = t.statuses.find((s) => hiding.includes(s.id) && statusActive(s, ctx.night));
  // L28, L29: "Принцип чеков полностью соответствует чекам комиссара": a role colour checks cannot read (L6), or a
  // protégé of the Politician (L132), gives these private checks nothing either.
  const hidden = status === undefined ? checkHiding(ctx, t) : { kind: 'status' as const, id: status.id };
  // L6 with L28, L29: "такую же цель, как адвокат/инквизитор/телохранитель/доктор/блокер/культист(хил) - информация не
  // предоставляется" (the ability's `noInfoWhenTargetOf`).
  const shared = hidden === undefined ? sharedTarget(ctx, action, t) : undefined;
  if (hidden === undefined && shared === undefined) return false;
  const me = action.actor.slotId;
  const who = word.text(action.actor.name);
  const why =
    hidden === undefined
      ? say(
          `${ctx.name(shared ?? '')} also acted on ${t.name}: the check gives no information (004 L6, L28, L29)`,
          engineMessage('night/check-no-info-shared', who, word.text(t.name), word.text(ctx.name(shared ?? ''))),
          action.reasons,
        )
      : hidden.kind === 'role'
        ? say(
            `${t.name} holds a role colour checks cannot read: the check gives no information (004 L6, L28, L29)`,
            engineMessage('night/check-no-info-hidden', who, word.text(t.name), word.role(hidden.id)),
            action.reasons,
          )
        : say(
            `${t.name} is ${hidden.id}: the check gives no information (004 L6, L53, L132)`,
            engineMessage('night/check-no-info-status', who, word.text(t.name), word.status(hidden.id)),
            action.reasons,
          );
  ctx.emit({ type: 'nullified', player: me, ability: action.accepted.ability.id, cause: 'thwarted', reasons: [why] });
  ctx.emit({ type: 'message', to: me, result: nightResult(me, 'check-no-info', [t.slotId], null), reasons: [why] });
  return true;
}

/**
 * L15: "Когда чекер получает черный чек, он может в конце любого дня отправить
 * его на проверку подлинности и получить точный результат утром, но в эту ночь
 * у него не будет хода." The exact colour is the faction's: a werewolf's red
 * verifies black, the Faceless's red stays red (L64.7: "Проверка красного чека
 * безликого всегда выдает только красный чек"), and a self-check never shows
 * black ("его проверка также не покажет черный цвет"). The verifier's own move
 * that night is stopped by the status itself (`cannotAct`).
 */
export function verifiedChecks(ctx: NightContext): void {
  for (const checker of ctx.players) {
    const status = mechanicStatus(ctx.input, checker.statuses, 'verifying-check');
    const t = status?.with === undefined ? undefined : ctx.player(status.with);
    if (!checker.alive || t === undefined) continue;
    // L53: a colour destroyed since the check is not verified either (the statuses the checker's checks cannot read).
    const hiding = [ctx.role(checker.role), ctx.role(checker.secondRole)].flatMap(
      (r) => r?.abilities.flatMap((a) => a.noInfoStatuses ?? []) ?? [],
    );
    const hidden = t.statuses.find((s) => hiding.includes(s.id) && statusActive(s, ctx.night));
    if (hidden !== undefined) {
      const why = say(
        `${t.name} is ${hidden.id}: the verification gives no information (004 L15, L53)`,
        engineMessage('night/check-no-info-status', word.text(checker.name), word.text(t.name), word.status(hidden.id)),
      );
      ctx.emit({
        type: 'message',
        to: checker.slotId,
        result: nightResult(checker.slotId, 'check-no-info', [t.slotId], null),
        reasons: [why],
      });
      continue;
    }
    const black = t.slotId !== checker.slotId && ctx.rules.guiltyFactions.includes(t.faction);
    ctx.emit({
      type: 'message',
      to: checker.slotId,
      result: nightResult(checker.slotId, 'check-verified', [t.slotId], black),
      reasons: [
        say(
          `${checker.name} sent the check of ${t.name} for verification: the exact colour comes in the morning (004 L15)`,
          engineMessage('night/check-verified', word.text(checker.name), word.text(t.name)),
        ),
      ],
    });
  }
}
