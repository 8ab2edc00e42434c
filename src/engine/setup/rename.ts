/**
 * Renaming a player in place: the host fixes a name the opening post's list
 * gave wrong (a typo, a name the reader cut short) without removing the slot
 * and adding it again. The slot keeps its id, so everything that refers to it
 * (votes, deaths, night actions, breaches) still does; its other holders,
 * aliases and role stay as they are.
 */
import type { Roster, Slot } from '../types';

export type RenameResult =
  | { readonly ok: true; readonly slots: readonly Slot[] }
  /** `empty`: no name given; `no-slot`: no such slot or holder; `taken`: another slot has the name (`by`: that slot's current name). */
  | { readonly ok: false; readonly problem: 'empty' | 'no-slot' }
  | { readonly ok: false; readonly problem: 'taken'; readonly by: string };

const key = (name: string): string => name.trim().toLowerCase();

/**
 * The slots with one holder of `slotId` renamed (`holder`: its index among the
 * slot's accounts; the current holder when absent). Refused when the name is
 * empty or is a name (a holder's or an alias) of another slot: two slots with
 * one name would make every vote for it ambiguous.
 */
export function renameHolder(slots: Roster['slots'], slotId: string, name: string, holder?: number): RenameResult {
  const next = name.trim();
  if (next === '') return { ok: false, problem: 'empty' };
  const slot = slots.find((s) => s.id === slotId);
  const at = holder ?? (slot === undefined ? -1 : slot.accounts.length - 1);
  if (slot === undefined || slot.accounts[at] === undefined) return { ok: false, problem: 'no-slot' };
  const other = slots.find(
    (s) => s.id !== slotId && [...s.accounts.map((a) => a.name), ...(s.aliases ?? [])].some((n) => key(n) === key(next)),
  );
  if (other !== undefined) {
    const last = other.accounts[other.accounts.length - 1];
    return { ok: false, problem: 'taken', by: last === undefined ? other.id : last.name };
  }
  return {
    ok: true,
    slots: slots.map((s) => (s.id !== slotId ? s : { ...s, accounts: s.accounts.map((a, i) => (i === at ? { ...a, name: next } : a)) })),
  };
}
