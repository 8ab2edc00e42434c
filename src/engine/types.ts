/**
 * Core engine types shared by every part of the engine (votes, phases,
 * breaches, rulesets, night resolution). Plain JSON data only.
 */
export type { BodyNode, EditInfo, ForumPost, QuoteNode, SpoilerNode, TextNode } from '../model/post';

/** A forum account that holds (or held) a roster slot. */
export interface Account {
  readonly name: string;
  readonly userId?: string;
  /**
   * The first post number from which this account holds the slot (a replacement).
   * Absent for the slot's first holder, or where the replacement point is unknown.
   */
  readonly fromPost?: number;
}

/** One seat in the game, held by one or more accounts over time (replacements). */
export interface Slot {
  /** A stable id for the slot (never shown; the slot's current account name is). */
  readonly id: string;
  /** Holders in order: the first holder first, the current holder last. */
  readonly accounts: readonly Account[];
  /** Host-given extra names players use for this slot (nicknames, abbreviations). */
  readonly aliases?: readonly string[];
}

/** The players' slots and the host accounts of a game. */
export interface Roster {
  readonly slots: readonly Slot[];
  /** Host (moderator) account names: their posts never count as votes or breaches. */
  readonly hosts: readonly string[];
}

/** The current account name of a slot (its last holder). */
export function currentName(slot: Slot): string {
  const last = slot.accounts[slot.accounts.length - 1];
  return last === undefined ? slot.id : last.name;
}
