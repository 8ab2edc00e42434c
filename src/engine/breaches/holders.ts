/**
 * Who posts for which slot at a given post, with replacements (an account
 * holds its slot from its `fromPost` until the next holder's `fromPost`).
 */
import { normalizeName } from '../names/match';
import type { Roster, Slot } from '../types';

/** How an account stands toward a slot at a post. */
export type Holding =
  /** The account holds the slot at this post. */
  | { readonly kind: 'holder'; readonly slot: Slot }
  /** The account held the slot but a replacement took over at or before this post. */
  | { readonly kind: 'replaced-out'; readonly slot: Slot; readonly since: number; readonly by: string }
  /** The account replaces into the slot later in the thread. */
  | { readonly kind: 'not-yet'; readonly slot: Slot; readonly from: number }
  /** The account holds no slot. */
  | { readonly kind: 'none' };

/** Account names compare ignoring case, spaces and punctuation (hosts type `Humble Poirot` for `HumblePoirot`). */
export function sameAccount(a: string, b: string): boolean {
  return normalizeName(a) === normalizeName(b);
}

/** Whether an account name is one of the game's hosts. */
export function isHost(roster: Pick<Roster, 'hosts'>, author: string): boolean {
  return roster.hosts.some((h) => sameAccount(h, author));
}

/**
 * How an account stands at a post. A replacement point that is unknown (`fromPost`
 * absent on a later holder) cannot be decided, so both holders count as holding.
 */
export function holdingAt(roster: Pick<Roster, 'slots'>, author: string, postNumber: number, authorId?: string): Holding {
  for (const slot of roster.slots) {
    const index = slot.accounts.findIndex(
      (a) => sameAccount(a.name, author) || (authorId !== undefined && a.userId !== undefined && a.userId === authorId),
    );
    if (index === -1) continue;
    const own = slot.accounts[index];
    if (index > 0 && own?.fromPost !== undefined && postNumber < own.fromPost) return { kind: 'not-yet', slot, from: own.fromPost };
    for (let j = index + 1; j < slot.accounts.length; j++) {
      const later = slot.accounts[j];
      if (later?.fromPost !== undefined && later.fromPost <= postNumber)
        return { kind: 'replaced-out', slot, since: later.fromPost, by: later.name };
    }
    return { kind: 'holder', slot };
  }
  return { kind: 'none' };
}

/** The account holding a slot at a post (the last holder whose replacement point is at or before it). */
export function holderNameAt(slot: Slot, postNumber: number): string {
  let name = slot.accounts[0]?.name ?? slot.id;
  for (const account of slot.accounts.slice(1)) {
    if (account.fromPost === undefined || account.fromPost <= postNumber) name = account.name;
  }
  return name;
}
