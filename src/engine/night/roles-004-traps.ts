/**
 * Seed 004's black Kamikaze keeps his list (L100, L114): "может указать ведущему мирные роли с ночными ходами (кроме
 * сидящих дома) в качестве потенциальных жертв"; L114 counts it among the moves made at the end of a day ("Черный
 * камикадзе имеет право выбрать мирные роли, с которыми совершит самоубийство ночью, если они зайдут к нему"). The
 * seed does not say whether a list stands on later nights: the setting `trapListKept` answers (default `yes`: the
 * last list he named stands until he names a new one), and a night that reads a kept list reports it. "имеет право
 * выбрать" is a right, not a duty: an empty move (the ability's `mayBeEmpty`) clears his list from that night on.
 */
import type { NightContext, WorkPlayer } from './context';
import { nightResult } from './results';
import { say } from './say';
import { settingValue } from './settings-words';
import { engineMessage, word } from '../words';

/** Adds to `traps` the last list of each living Kamikaze who named none tonight (when the setting keeps lists). */
export function keptTraps(ctx: NightContext, traps: Map<string, ReadonlySet<string>>): void {
  for (const k of ctx.players) {
    if (!k.alive || traps.has(k.slotId)) continue;
    const moves = [ctx.role(k.role), ctx.role(k.secondRole)].flatMap(
      (r) => r?.abilities.filter((a) => a.effect === 'trap-roles').map((a) => a.id) ?? [],
    );
    if (moves.length === 0) continue;
    const last = (ctx.input.players.find((p) => p.slotId === k.slotId)?.pastMoves ?? [])
      .filter((m) => moves.includes(m.ability) && (m.day ? m.night <= ctx.night : m.night < ctx.night))
      .at(-1);
    // No list named yet, or the last move was an empty one, which cleared it: no list stands and no question arises.
    if (last === undefined || last.targets.length === 0) continue;
    const setting = ctx.rules.settings.trapListKept;
    ctx.ambiguity({
      setting: 'trapListKept',
      value: setting,
      text: `${k.name} named no roles tonight; the rules do not say whether the list he named before still stands (004 L100).`,
      message: engineMessage('night/ambiguity-trap-kept', word.text(k.name), word.message(settingValue(setting))),
    });
    if (setting === 'yes') traps.set(k.slotId, new Set(last.targets));
  }
}

/** The Kamikaze sent his move with no role: his list is cleared from tonight on, and his PM says so. */
export function trapListCleared(ctx: NightContext, k: WorkPlayer): void {
  const reason = say(
    `${k.name} sent an empty list: no role dies with him from tonight on, until he names a new list (004 L100, L114)`,
    engineMessage('night/trap-list-cleared', word.text(k.name)),
  );
  ctx.emit({ type: 'message', to: k.slotId, result: nightResult(k.slotId, 'trap-list-cleared', [], null), reasons: [reason] });
}
