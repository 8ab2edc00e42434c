/**
 * Reads the player list a host puts in a game's opening post, so a thread can
 * be counted before the host has set the roster by hand. The host confirms or
 * edits it in the popup; this is only where a new game starts from.
 *
 * What it recognises: a line that is only a heading such as "Players",
 * "Player list", "Roster" or "Living players" (any case, optional colon,
 * optional count like "Players (9)"), followed by one name per line until a
 * blank line or the end. Bullets and numbering ("1.", "2)", "-", "*", "•") are
 * dropped, and "A replaced B" (the usual replacement note) becomes one slot
 * held first by B, then A.
 */
import type { BodyNode } from '../../model/post';
import { bodyText } from '../../model/post';
import type { Account, Roster, Slot } from '../types';

export interface PlayerListResult {
  readonly roster: Roster;
  /** Where the list was found, in the host's words. */
  readonly source: string;
}

const heading = /^\s*(?:the\s+)?(?:living\s+|alive\s+)?(?:players?(?:\s+list)?|roster|participants)\s*(?:\(\s*\d+\s*\))?\s*:?\s*$/i;
const bullet = /^\s*(?:\d+\s*[.)]|[-*•·]|#\d+)\s*/;
const replaced = /^(.+?)\s+replac(?:ed|es|ing)\s+(.+)$/i;

function cleanName(line: string): string {
  return line.replace(bullet, '').replace(/\s+/g, ' ').trim();
}

/** Lines longer than these cannot be a heading or a player's line; skipping them keeps a hostile post cheap. */
const maxHeadingLength = 100;
const maxNameLineLength = 1000;

function slotFromLine(line: string, index: number): Slot | null {
  if (line.length > maxNameLineLength) return null;
  const name = cleanName(line);
  if (name === '' || name.length > 60) return null;
  const chain = replaced.exec(name);
  const holders: string[] = [];
  if (chain === null) {
    holders.push(name);
  } else {
    // "C replaced B replaced A": A held the slot first.
    holders.push(
      ...name
        .split(/\s+replac(?:ed|es|ing)\s+/i)
        .map((n) => n.trim())
        .reverse(),
    );
  }
  const accounts: Account[] = holders.filter((h) => h !== '').map((h) => ({ name: h }));
  return accounts.length === 0 ? null : { id: `slot-${index + 1}`, accounts };
}

/**
 * The roster from an opening post, or null when the post has no recognisable
 * player list. `host` is the opening post's author: the host of the game.
 */
export function readPlayerList(body: readonly BodyNode[], host: string, postNumber: number): PlayerListResult | null {
  const lines = bodyText(body, { skipQuotes: true, skipSpoilers: true }).split('\n');
  const start = lines.findIndex((line) => line.length <= maxHeadingLength && heading.test(line));
  if (start === -1) return null;
  const slots: Slot[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      if (slots.length === 0) continue;
      break;
    }
    const slot = slotFromLine(line, slots.length);
    if (slot !== null) slots.push(slot);
  }
  if (slots.length < 2) return null;
  return { roster: { slots, hosts: [host] }, source: `the player list in post #${postNumber}` };
}
