/**
 * The stem of a forum account name: lower case, letters and digits only, and
 * any trailing number set aside. Two accounts with the same stem (Wake88 and
 * Wake1, Mist_7676 and mist) read as one account renamed, the way a host reads
 * a player who changed forum names mid-game.
 */
export function accountStem(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .replace(/\d+$/, '');
}

/** Shortest stem that may stand for a renamed account: two letters fit too many names. */
export const minStemLength = 3;
