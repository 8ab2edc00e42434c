/**
 * Seed 004's colour checks that give no information (L6, L28, L29, L132), and
 * the Politician's patronage by night (L132).
 *
 * A colour check of a player gives nothing when he holds a role with the
 * `hidden-from-checks` passive (the Anonymous, Terrorist, Hypnotist and
 * Politician of L6) or carries a status whose night meaning is
 * `hiddenFromChecks` (L132: "Фактически этот игрок временно приравнивается к
 * политику, поэтому тоже получает защиту - цветные чеки не дадут по нему
 * информацию"). The Commissar's check (effects.ts `checkStopped`), the
 * Lawyer's and Inquisitor's private checks (roles-004-faceless.ts
 * `colourHidden`, L28/L29 "Принцип чеков полностью соответствует чекам
 * комиссара") and the Journalist's comparison (L24) all ask `checkHiding`.
 *
 * A status whose night meaning is `visitorRolesToWith` tells the player named
 * in its `with` the roles of its holder's visitors (L132: "политик увидит роли
 * всех, кто заходил к нему ночью, даже если этого игрока убьют"):
 * `tellWardVisitors`, called once at the end of the night.
 */
import type { NightContext, WorkPlayer } from './context';
import { nightResult } from './results';
import { say } from './say';
import { statusActive, statusMeaning } from './statuses';
import { engineMessage, word } from '../words';

/** What hides `t` from colour checks tonight: a role's passive or a status; undefined when nothing does. */
export function checkHiding(
  ctx: NightContext,
  t: WorkPlayer,
): { readonly kind: 'role'; readonly id: string } | { readonly kind: 'status'; readonly id: string } | undefined {
  const role = [ctx.role(t.role), ctx.role(t.secondRole)].find((r) => r?.passives?.includes('hidden-from-checks') === true);
  if (role !== undefined) return { kind: 'role', id: role.id };
  const status = t.statuses.find((s) => statusActive(s, ctx.night) && statusMeaning(ctx.input, s.id).hiddenFromChecks === true);
  return status === undefined ? undefined : { kind: 'status', id: status.id };
}

/** L132: the patron learns the roles of all who visited his protégé tonight, even if the protégé was killed. */
export function tellWardVisitors(ctx: NightContext): void {
  for (const ward of ctx.players) {
    for (const status of ward.statuses) {
      if (!statusActive(status, ctx.night) || statusMeaning(ctx.input, status.id).visitorRolesToWith !== true) continue;
      const patron = status.with === undefined ? undefined : ctx.player(status.with);
      if (patron === undefined || !patron.alive || patron.slotId === ward.slotId) continue;
      const came = ctx.visits.filter((v) => v.target === ward.slotId && v.actor !== ward.slotId);
      const roles = came.flatMap((v) => (v.role === undefined ? [] : [v.role]));
      ctx.emit({
        type: 'message',
        to: patron.slotId,
        result: nightResult(patron.slotId, 'visitor-roles', [ward.slotId], roles),
        reasons: [
          say(
            `${patron.name} sees the roles of those who visited ${ward.name}, his protégé tonight (004 L132)`,
            engineMessage('night/ward-visitor-roles', word.text(patron.name), word.text(ward.name)),
          ),
        ],
      });
    }
  }
}
