/**
 * The `Notes:` line of a corpus game, read as the corpus README defines it:
 * per-day markers (`D3 no lynch`, `D3 no majority`, `D3 hammer after
 * deadline`, `D1 long twilight`), the game-wide `one less for no lynch`, and
 * the events the host recorded at a post (`X killed on post N`, `votecount
 * reset on post N`). Free-text remarks about hand rulings are kept as text.
 */
export interface GameNotes {
  readonly noLynchDays: readonly number[];
  readonly noMajorityDays: readonly number[];
  readonly hammerAfterDeadlineDays: readonly number[];
  readonly longTwilightDays: readonly number[];
  readonly oneLessForNoLynch: boolean;
  /** `X killed on post N`: a death in the middle of a day. */
  readonly killedAtPost: readonly { readonly name: string; readonly post: number }[];
  /** `votecount reset on post N`. */
  readonly resetsAtPost: readonly number[];
  /** Everything else, for display. */
  readonly remarks: readonly string[];
}

export function parseNotes(notes: string): GameNotes {
  const noLynchDays: number[] = [];
  const noMajorityDays: number[] = [];
  const hammerAfterDeadlineDays: number[] = [];
  const longTwilightDays: number[] = [];
  const killedAtPost: { name: string; post: number }[] = [];
  const resetsAtPost: number[] = [];
  const remarks: string[] = [];
  let oneLessForNoLynch = false;
  for (const raw of notes.split(';')) {
    const item = raw.trim();
    if (item === '') continue;
    const day = /^D(\d+)\s+(no lynch|no majority|hammer after deadline|long twilight)$/i.exec(item);
    if (day !== null) {
      const n = Number(day[1]);
      const what = (day[2] ?? '').toLowerCase();
      if (what === 'no lynch') noLynchDays.push(n);
      else if (what === 'no majority') noMajorityDays.push(n);
      else if (what === 'hammer after deadline') hammerAfterDeadlineDays.push(n);
      else longTwilightDays.push(n);
      continue;
    }
    if (/^one less for no lynch$/i.test(item)) {
      oneLessForNoLynch = true;
      continue;
    }
    const killed = /^(.+?)\s+killed on post\s+(\d+)$/i.exec(item);
    if (killed !== null) {
      killedAtPost.push({ name: (killed[1] ?? '').trim(), post: Number(killed[2]) });
      continue;
    }
    const reset = /^vote\s*count reset on post\s+(\d+)$/i.exec(item);
    if (reset !== null) {
      resetsAtPost.push(Number(reset[1]));
      continue;
    }
    remarks.push(item);
  }
  return { noLynchDays, noMajorityDays, hammerAfterDeadlineDays, longTwilightDays, oneLessForNoLynch, killedAtPost, resetsAtPost, remarks };
}
