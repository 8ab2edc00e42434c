/**
 * Seed 004 L55's group changes told by the night itself: when tonight's deaths
 * leave a Mercenary or Ninja without employers, or a lone Mafioso and a lone
 * Yakuza, the players are told in the morning's PMs, so a `gavel resolve` of one
 * night says it too (a played game records the change when the phase ends,
 * src/engine/game/groups-004.ts, and does not tell it twice). The new pair's
 * status (`rules.pairStatus`, `with` the partner) is given here too; the side
 * change itself (the faction) is the game's to record.
 */
import type { NightContext, WorkPlayer } from './context';
import { nightResult } from './results';
import { say } from './say';
import { groupChanges } from './shots';
import { mechanicStatus } from './statuses';
import { engineMessage, word } from '../words';

/** The player's negative role, or his role (what his new partners are told he is). */
const roleShown = (p: WorkPlayer): string => p.secondRole ?? p.role;

/** Emits the PMs (and the new pair's status) of the L55 changes the night's deaths bring about. */
export function tellGroupChanges(ctx: NightContext): void {
  const groups = ctx.rules.pairedGroups ?? [];
  if (groups.length === 0) return;
  const contractKiller = (p: WorkPlayer): boolean =>
    [ctx.role(p.role), ctx.role(p.secondRole)].some((r) => r?.abilities.some((a) => a.effect === 'contract-kill') === true);
  const members = (aliveNow: boolean) =>
    ctx.players.map((p) => {
      const partner = mechanicStatus(ctx.input, p.statuses, 'new-pair')?.with;
      return {
        slotId: p.slotId,
        faction: p.faction,
        alive: aliveNow ? p.alive : ctx.input.players.find((q) => q.slotId === p.slotId)?.alive !== false,
        contractKiller: contractKiller(p),
        ...(partner === undefined ? {} : { pairedWith: partner }),
      };
    });
  // Only what tonight's deaths bring about: a change the night began with is the game's (or the host's) to record.
  const key = (c: ReturnType<typeof groupChanges>[number]): string =>
    c.kind === 'side' ? `side:${c.player}` : `pair:${[...c.players].sort().join()}`;
  const before = new Set(groupChanges(groups, members(false)).map(key));
  for (const change of groupChanges(groups, members(true))) {
    if (before.has(key(change))) continue;
    if (change.kind === 'side') {
      const joiner = ctx.player(change.player);
      if (joiner === undefined) continue;
      const why = say(
        `${joiner.name}'s employers are all dead: he works for ${change.to} now (004 L55)`,
        engineMessage('night/group-side-changed', word.text(joiner.name), word.faction(change.to)),
      );
      ctx.emit({
        type: 'message',
        to: joiner.slotId,
        result: nightResult(joiner.slotId, 'side-changed', change.partners, change.to),
        reasons: [why],
      });
      for (const partner of change.partners)
        ctx.emit({
          type: 'message',
          to: partner,
          result: nightResult(partner, 'partner-joined', [joiner.slotId], roleShown(joiner)),
          reasons: [why],
        });
      continue;
    }
    const status = ctx.rules.pairStatus;
    const [a, b] = change.players.map((id) => ctx.player(id));
    if (status === undefined || a === undefined || b === undefined) continue;
    const why = say(
      `${a.name} and ${b.name} are the last of their groups: a new pair (004 L55)`,
      engineMessage('night/group-new-pair', word.text(a.name), word.text(b.name)),
    );
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const given = { id: status, with: other.slotId };
      me.statuses = [...me.statuses, given];
      ctx.emit({ type: 'status-applied', player: me.slotId, status: given, reasons: [why] });
      ctx.emit({
        type: 'message',
        to: me.slotId,
        result: nightResult(me.slotId, 'new-pair', [other.slotId], roleShown(other)),
        reasons: [why],
      });
    }
  }
}
