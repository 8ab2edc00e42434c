/**
 * 004 L150 "Если голос дан до объявления о начале выборов или голосования, он
 * не засчитывается": the times the host set by hand for when each day's vote
 * opened (`vote/opening-set` events of the log), as the count takes them
 * (`CountGame.voteOpenedAt`, keyed by the day's number). The latest event for
 * a day stands, so the host corrects a time by setting it again.
 */
import type { GameEvent } from '../game/types';

export function voteOpeningsSet(events: readonly GameEvent[]): Readonly<Record<string, number>> | undefined {
  const set: Record<string, number> = {};
  for (const e of events) if (e.type === 'vote/opening-set') set[String(e.day)] = e.at;
  return Object.keys(set).length === 0 ? undefined : set;
}
