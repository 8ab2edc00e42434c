/**
 * Private results a night sends beyond each ability's own (004 §3.3, L115):
 * the survivor of an attack, the killers' view of the victim's team, the
 * Doctor's saved victim, the Blocker's learnt role and the blocked player.
 * The ruleset lists which of them its nights send (`night.tells`); each is a
 * NightResult, worded by `renderNightResult`.
 */
import type { NightContext } from './context';
import type { NightEffectKind } from './roles';
import type { NightTell } from './rules';
import { nightResult } from './results';
import { say } from './say';
import type { NightDeathCause, NightReason } from './types';
import { engineMessage, word } from '../words';

const killerCauses: readonly NightDeathCause[] = ['kill', 'faction-kill'];

function sends(ctx: NightContext, tell: NightTell): boolean {
  return ctx.rules.tells?.includes(tell) === true;
}

/** Once per fact a night: a second attack on the same survivor is not a second message. */
function once(ctx: NightContext, key: string): boolean {
  if (ctx.told.has(key)) return false;
  ctx.told.add(key);
  return true;
}

/**
 * Marks a fact as told already, so the general tell is not sent beside a
 * role's own message that says the same (004 L115: the Immortal's "spare life
 * spent" covers the attempt, the Cultist's heal result covers the saved name).
 */
export function toldAlready(ctx: NightContext, fact: 'attack-survived' | 'saved-victim', about: string, by?: string): void {
  ctx.told.add(fact === 'attack-survived' ? `survived\u0000${about}` : `saved\u0000${by ?? ''}\u0000${about}`);
}

/** The role of a player that carries an ability of one of these effects (first role first), else the first role. */
export function roleWithEffect(ctx: NightContext, slotId: string, effects: readonly NightEffectKind[]): string | undefined {
  const p = ctx.player(slotId);
  if (p === undefined) return undefined;
  for (const id of [p.role, p.secondRole]) {
    if (ctx.role(id)?.abilities.some((a) => effects.includes(a.effect)) === true) return id;
  }
  return p.role;
}

/** The role a killer's move came from: his faction role (004's negative role) where he has one. */
function killerRole(ctx: NightContext, slotId: string): string | undefined {
  const p = ctx.player(slotId);
  if (p === undefined) return undefined;
  for (const id of [p.secondRole, p.role]) if (ctx.role(id)?.factionRole === true) return id;
  return roleWithEffect(ctx, slotId, ['faction-kill', 'kill']);
}

/** L17, L115.4: "Если игрок был атакован, но по любой причине выжил, то он узнает утром о покушении." */
export function tellSurvivor(ctx: NightContext, victim: string, cause: NightDeathCause, because: readonly NightReason[]): void {
  if (!killerCauses.includes(cause)) return;
  if (!ctx.survivedAt.has(victim)) ctx.survivedAt.set(victim, ctx.stepIndex);
  if (!sends(ctx, 'attack-survived') || !once(ctx, `survived\u0000${victim}`)) return;
  ctx.emit({
    type: 'message',
    to: victim,
    result: nightResult(victim, 'attack-survived', [], null),
    reasons: [
      say(
        `${ctx.name(victim)} was attacked and survived, and learns of the attempt (004 L115.4)`,
        engineMessage('night/told-survived', word.text(ctx.name(victim))),
        because,
      ),
    ],
  });
}

/** L115.2, L122, L134: every killer who killed, or came to a player killed that night, learns the victim's team. */
export function tellKillers(ctx: NightContext, victim: string, attackers: readonly string[], cause: NightDeathCause): void {
  if (!killerCauses.includes(cause) || !sends(ctx, 'killer-learns-team')) return;
  const v = ctx.player(victim);
  if (v === undefined) return;
  for (const killer of attackers) {
    if (killer === victim || !once(ctx, `team\u0000${killer}\u0000${victim}`)) continue;
    ctx.emit({
      type: 'message',
      to: killer,
      result: nightResult(killer, 'victim-team', [victim], v.faction),
      reasons: [
        say(
          `${ctx.name(killer)} came to kill ${v.name} and learns the victim's team (004 L115.2, L122)`,
          engineMessage('night/told-victim-team', word.text(ctx.name(killer)), word.text(v.name), word.faction(v.faction)),
        ),
      ],
    });
  }
}

/** L4, L115.5: "Если доктор попал, получит имя жертвы." */
export function tellProtector(ctx: NightContext, protector: string, victim: string): void {
  if (!sends(ctx, 'protector-learns-saved') || !once(ctx, `saved\u0000${protector}\u0000${victim}`)) return;
  ctx.emit({
    type: 'message',
    to: protector,
    result: nightResult(protector, 'saved-victim', [victim], null),
    reasons: [
      say(
        `${ctx.name(protector)}'s protection saved ${ctx.name(victim)}; a hit tells the victim's name (004 L115.5)`,
        engineMessage('night/told-saved', word.text(ctx.name(protector)), word.text(ctx.name(victim))),
      ),
    ],
  });
}

/**
 * L5, L115.5: "Если блокер попал, то узнает соответствующую роль, а его цель узнает о блоке своего хода."
 * `role` is the role stopped: the blocked move's role, or a killer's negative role his protection stopped.
 */
export function tellBlock(ctx: NightContext, blocker: string, target: string, role: string | undefined, told: boolean): void {
  // Only a block by a blocking role tells (L5, L115.5): a Geisha's or a Prostitute's client learns only of a pleasant night (L21, L54).
  const p = ctx.player(blocker);
  const by = [p?.role, p?.secondRole].find(
    (id) => id !== undefined && ctx.role(id)?.abilities.some((a) => a.effect === 'block' || a.effect === 'jail') === true,
  );
  if (by === undefined) return;
  if (role !== undefined && sends(ctx, 'blocker-learns-role') && once(ctx, `block\u0000${blocker}\u0000${target}\u0000${role}`))
    ctx.emit({
      type: 'message',
      to: blocker,
      result: nightResult(blocker, 'block-hit', [target], role),
      reasons: [
        say(
          `${ctx.name(blocker)} stopped ${ctx.name(target)}'s move and learns the role it came from (004 L5)`,
          engineMessage('night/told-block-role', word.text(ctx.name(blocker)), word.text(ctx.name(target)), word.role(role)),
        ),
      ],
    });
  if (!told || !sends(ctx, 'blocked-learns') || !once(ctx, `blocked\u0000${target}`)) return;
  ctx.emit({
    type: 'message',
    to: target,
    result: nightResult(target, 'action-stopped', [], by),
    reasons: [
      say(
        `${ctx.name(target)}'s move was blocked, and the target of a block learns of it (004 L115.5)`,
        engineMessage('night/told-blocked', word.text(ctx.name(target))),
      ),
    ],
  });
}

/** A killer's move stopped by a protection that blocks negative moves (004 Blocker's protection): the Blocker learns the negative role. */
export function tellProtectionHit(ctx: NightContext, blocker: string, attackers: readonly string[]): void {
  for (const a of attackers) tellBlock(ctx, blocker, a, killerRole(ctx, a), false);
}
