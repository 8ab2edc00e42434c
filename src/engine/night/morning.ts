/**
 * The public morning words (004 §3.2, L4–L6, L115.1): one line for every
 * living holder of a role whose ability has a `publicResult`, whether he
 * moved or not. The Doctor "попал" only when a heal saved someone who would
 * have died, otherwise "не попал" (a skip, a block, nobody attacked); the
 * Blocker "попал" when his block or protection stopped a move; the Commissar
 * "чек прошел" when his check went through, "чек не прошел" when he skipped,
 * was blocked or checked a player dead by then, and "информация не
 * предоставляется" where his ability says so.
 */
import type { NightContext } from './context';
import type { AcceptedAction } from './intake';
import { nightResult, type MorningWord } from './results';
import { say } from './say';
import type { NightReason } from './types';
import { engineMessage, word } from '../words';

interface Holder {
  readonly slotId: string;
  readonly role: string;
  readonly step: number;
}

/** Emits the night's public words, in step order, then by slot. */
export function announceMorning(ctx: NightContext, ordered: readonly AcceptedAction[], executed: ReadonlySet<AcceptedAction>): void {
  const holders: Holder[] = [];
  for (const p of ctx.input.players) {
    if (!p.alive) continue;
    for (const id of [p.role, p.secondRole]) {
      const role = ctx.role(id);
      const ability = role?.abilities.find((a) => a.publicResult !== undefined);
      if (role === undefined || ability === undefined) continue;
      if (holders.some((h) => h.slotId === p.slotId && h.role === role.id)) continue;
      holders.push({ slotId: p.slotId, role: role.id, step: ctx.rules.order.indexOf(ability.step) });
    }
  }
  holders.sort((x, y) => x.step - y.step || (x.slotId < y.slotId ? -1 : x.slotId > y.slotId ? 1 : 0));
  for (const h of holders) {
    const a = ordered.find((x) => x.action.actor === h.slotId && x.role.id === h.role && x.ability.publicResult !== undefined);
    const who = word.text(ctx.name(h.slotId));
    let value: MorningWord;
    let why: NightReason;
    const effect = a?.ability.effect ?? ctx.role(h.role)?.abilities.find((x) => x.publicResult !== undefined)?.effect;
    if (a === undefined) {
      value = { role: h.role, hit: false };
      why = say(
        `${ctx.name(h.slotId)} sent no move: the morning word is a miss (004 L4–L6)`,
        engineMessage('night/public-no-move', who, word.role(h.role)),
      );
    } else {
      const what = word.ability(a.ability.id, a.role.id);
      const actor = a.action.actor;
      const blockedSomething = ctx.blockedBy.has(actor);
      const outcome = ctx.outcomes.get(a);
      const hit =
        executed.has(a) &&
        (effect === 'protect'
          ? ctx.savedBy.has(actor)
          : effect === 'block'
            ? blockedSomething
            : effect === 'jail'
              ? blockedSomething || ctx.savedBy.has(actor)
              : outcome === undefined);
      value = executed.has(a) && outcome?.kind === 'no-info' ? { role: h.role, hit: false, noInfo: true } : { role: h.role, hit };
      why = !executed.has(a)
        ? say(`${ctx.name(actor)}'s ${a.ability.id} did not happen`, engineMessage('night/public-did-not-happen', who, what))
        : outcome !== undefined
          ? outcome.reason
          : hit
            ? say(`${ctx.name(actor)}'s ${a.ability.id} took effect`, engineMessage('night/public-took-effect', who, what))
            : say(`${ctx.name(actor)}'s ${a.ability.id} changed nothing`, engineMessage('night/public-changed-nothing', who, what));
    }
    ctx.emit({
      type: 'announcement',
      result:
        effect === 'protect'
          ? nightResult(null, 'morning-heal', [h.slotId], value)
          : effect === 'block' || effect === 'jail'
            ? nightResult(null, 'morning-block', [h.slotId], value)
            : nightResult(null, 'morning-check', [h.slotId], value),
      reasons: [why],
    });
  }
}
