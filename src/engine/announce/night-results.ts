import type { GameState } from '../game/types';
import type { NightResolution } from '../night/types';
import type { PostLanguage, Ruleset } from '../rules/types';
import { defaultPostLanguage, nightResultWordsIn } from './phrases';

/**
 * The public results of a resolved night, per the ruleset (004 §3.2): one
 * line per holder of each listed role, "label: hit" or "label: miss". A
 * holder who did not act, was blocked or whose action was refused misses.
 */
export function composeNightResults(
  resolution: NightResolution,
  state: GameState,
  ruleset: Ruleset,
  language: PostLanguage = defaultPostLanguage(ruleset),
): string[] {
  const lines: string[] = [];
  for (const result of ruleset.announcements.publicNightResults) {
    const holders = state.players.filter((p) => p.alive && (p.role === result.role || p.secondRole === result.role));
    for (const holder of holders) {
      const action = resolution.accepted.find((a) => a.actor === holder.slot.id && a.ability === result.ability);
      const blocked = resolution.events.some((e) => e.type === 'blocked' && e.player === holder.slot.id && e.ability === result.ability);
      let hit = false;
      if (action !== undefined && !blocked) {
        switch (result.kind) {
          case 'protect':
            hit = resolution.events.some((e) => e.type === 'survived' && action.targets.includes(e.player));
            break;
          case 'block':
            hit = resolution.events.some((e) => e.type === 'blocked' && e.by === holder.slot.id);
            break;
          case 'check':
            hit = resolution.events.some((e) => e.type === 'message' && e.to === holder.slot.id);
            break;
        }
      }
      const words = nightResultWordsIn(result, language);
      lines.push(`${words.label}: ${hit ? words.hit : words.miss}`);
    }
  }
  return lines;
}
