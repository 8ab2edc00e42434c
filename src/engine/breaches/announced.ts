/**
 * Deaths the host announced in the thread: "Corvid has been lynched!",
 * "Ember was found dead", "Дуб был убит ночью". Who died, in which phase, and
 * from which post on the player counts as dead. The words are data (English
 * and Russian by default), matched on one line of a host's own post with a
 * player's account name on the same line; quotes are left out.
 */
import { bodyText } from '../../model/post';
import { phaseOfPost } from '../phases/query';
import type { Phase } from '../phases/types';
import type { ForumPost, Roster } from '../types';
import type { Death } from './detect';

/**
 * Patterns (regular expression source, matched ignoring case) for the words
 * that say a player died. JavaScript's `\b` knows only Latin letters, so the
 * Russian pattern marks its word edges with a letter lookaround.
 */
export const defaultDeathWords: readonly string[] = [
  '\\b(?:(?:was|has\\s+been|have\\s+been|were|is|got)\\s+(?:lynched|killed|eliminated|executed|mod-?killed|modkilled|hanged|shot|found\\s+dead)|(?:has\\s+)?died|is\\s+dead|were\\s+found\\s+dead)\\b',
  '(?<!\\p{L})(?:(?:был[аио]?\\s+)?(?:линч[её]ван[аоы]?|убит[аоы]?|казн[её]н[аоы]?|застрелен[аоы]?|отравлен[аоы]?|найден[аоы]?\\s+м[её]ртв(?:ым|ой|ыми))|погиб(?:ла|ли)?|умер(?:ла|ли)?|м[её]ртв[аы]?|модкилл)(?!\\p{L})',
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/**
 * The deaths the host's posts announce, in post order, each player once. A
 * death announced in the post that starts a phase ("Day 2 begins. Ember was
 * found dead.") happened in the phase before it; one announced inside a phase,
 * in that phase.
 */
export function announcedDeaths(
  posts: readonly ForumPost[],
  roster: Roster,
  phases: readonly Phase[],
  isHostPost: (post: ForumPost) => boolean,
  words: readonly string[] = defaultDeathWords,
): Death[] {
  const deathWords = words.map((w) => new RegExp(w, 'iu'));
  const deaths: Death[] = [];
  const dead = new Set<string>();
  const names = roster.slots.map((slot) => ({
    slot: slot.id,
    patterns: slot.accounts.map((a) => new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(a.name)}(?![\\p{L}\\p{N}_])`, 'iu')),
  }));
  for (const post of [...posts].sort((a, b) => a.number - b.number)) {
    if (!isHostPost(post)) continue;
    const lines = bodyText(post.body, { skipQuotes: true }).split(/\n|(?<=[.!])\s+/u);
    for (const line of lines) {
      if (!deathWords.some((w) => w.test(line))) continue;
      for (const n of names) {
        if (dead.has(n.slot) || !n.patterns.some((p) => p.test(line))) continue;
        const position = phaseOfPost(phases, post);
        let phase: Phase | null = null;
        if (position.in === 'phase') {
          const startsHere = 'post' in position.phase.start && position.phase.start.post === post.number;
          phase = startsHere ? (phases[phases.indexOf(position.phase) - 1] ?? position.phase) : position.phase;
        } else if (position.in === 'gap') phase = position.previous;
        if (phase === null) continue;
        dead.add(n.slot);
        deaths.push({ slot: n.slot, phase: { kind: phase.kind, number: phase.number }, post: post.number });
      }
    }
  }
  return deaths;
}
