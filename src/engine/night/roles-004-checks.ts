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
 * A colour check also gives nothing when another move of the night named the
 * same target (L6: "такую же цель, как адвокат/инквизитор/телохранитель/
 * доктор/блокер/культист(хил) - информация не предоставляется"): the list is
 * the ability's `noInfoWhenTargetOf` in the preset, each entry a role id (any
 * of its moves) or `role/ability` (the Cultist's heal only): `sharedTarget`.
 *
 * A status whose night meaning is `visitorRolesToWith` tells the player named
 * in its `with` the roles of its holder's visitors (L132: "политик увидит роли
 * всех, кто заходил к нему ночью, даже если этого игрока убьют"):
 * `tellWardVisitors`, called once at the end of the night.
 */
import type { NightContext, ResolvedAction, WorkPlayer } from './context';
import type { AcceptedAction } from './intake';
import { nightResult } from './results';
import { say } from './say';
import { settingValue } from './settings-words';
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

/** The night's accepted moves, in order, noted before the steps run (ordered.ts). */
const nightMoves = new WeakMap<NightContext, readonly AcceptedAction[]>();

/** Notes the night's accepted moves, so a check can see a move of its own step that has not run yet. */
export function noteNightMoves(ctx: NightContext, moves: readonly AcceptedAction[]): void {
  nightMoves.set(ctx, moves);
}

/** Whether a move of `role` with the effect or ability given matches an entry of `noInfoWhenTargetOf` ("role" or "role/ability"). */
function listed(
  ctx: NightContext,
  entries: readonly string[],
  role: string | undefined,
  ability: { readonly id?: string | undefined; readonly effect?: string | undefined },
): boolean {
  if (role === undefined) return false;
  return entries.some((entry) => {
    const [roleId, abilityId] = entry.split('/');
    if (roleId !== role) return false;
    if (abilityId === undefined) return true;
    if (ability.id !== undefined) return ability.id === abilityId;
    // A visit carries the effect, not the ability: the role's ability of that id must make that effect.
    const def = ctx.role(role)?.abilities.find((a) => a.id === abilityId);
    return def !== undefined && def.effect === ability.effect;
  });
}

/**
 * Who else named `t` tonight with a move of the check's `noInfoWhenTargetOf`
 * (L6, L28, L29), or undefined. Under `sharedTargetCounts` = `reached` (the
 * default), a move of an earlier step counts when it reached `t` (its visit)
 * and a move of the check's own step (the Commissar, the Lawyer and the
 * Inquisitor check in one slot, L24) by its chosen target, so the outcome does
 * not depend on which checker the step runs first; under `chosen`, every move
 * of the night that named `t` counts, landed or not. A night where the two
 * readings differ reports the setting.
 */
export function sharedTarget(ctx: NightContext, action: ResolvedAction, t: WorkPlayer): string | undefined {
  const entries = action.accepted.ability.noInfoWhenTargetOf ?? [];
  if (entries.length === 0) return undefined;
  const me = action.actor.slotId;
  const moves = (nightMoves.get(ctx) ?? []).filter(
    (m) =>
      m !== action.accepted &&
      m.action.actor !== me &&
      m.action.actor !== t.slotId &&
      m.action.targets.includes(t.slotId) &&
      listed(ctx, entries, m.role.id, { id: m.ability.id }),
  );
  const visit = ctx.visits.find((v) => v.target === t.slotId && v.actor !== me && listed(ctx, entries, v.role, { effect: v.effect }));
  const step = action.accepted.ability.step;
  const reached = visit?.actor ?? moves.find((m) => m.ability.step === step)?.action.actor;
  const chosen = moves[0]?.action.actor;
  const setting = ctx.rules.settings.sharedTargetCounts;
  if ((reached === undefined) !== (chosen === undefined)) {
    const other = reached ?? chosen ?? '';
    ctx.ambiguity({
      setting: 'sharedTargetCounts',
      value: setting,
      text: `${ctx.name(other)}'s move ${reached === undefined ? `named ${t.name} and did not reach him` : `reached ${t.name} though it named another player`}, and ${action.actor.name} checked ${t.name}: the rules say "выбрал … такую же цель" (004 L6) without saying whether a chosen or a reached target counts.`,
      message: engineMessage(
        reached === undefined ? 'night/ambiguity-shared-target-missed' : 'night/ambiguity-shared-target-moved',
        word.text(action.actor.name),
        word.text(t.name),
        word.text(ctx.name(other)),
        word.message(settingValue(setting)),
      ),
    });
  }
  return setting === 'chosen' ? chosen : reached;
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
