/**
 * Reading a replay corpus in the layout of ../shared/corpus/mafiascum
 * (archive.txt, transitions.tsv, posts/<thread>.jsonl; see its README).
 * Plain parsing only: no scoring, no engine calls.
 */

/** What happened to a slot, as the archive writes it (`lynched Day 4`, `killed Night 1`, `survived`…). */
export interface Fate {
  readonly kind: 'lynched' | 'killed' | 'modkilled' | 'endgamed' | 'survived' | 'unknown';
  readonly phase?: 'day' | 'night';
  readonly number?: number;
}

export interface ArchivePlayer {
  /** Accounts in the order they held the slot: the first holder first, the current holder last. */
  readonly accounts: readonly string[];
  readonly role: string;
  readonly fate: Fate;
}

export interface ArchiveGame {
  readonly url: string;
  /** The `t` parameter of the thread URL. */
  readonly thread: string;
  /** The first number in the title: the key of transitions.tsv. */
  readonly gameId: string;
  readonly title: string;
  readonly moderators: readonly string[];
  readonly notes: string;
  readonly players: readonly ArchivePlayer[];
}

export function parseFate(text: string): Fate {
  const m = /^\s*(lynched|killed|modkilled|endgamed|survived)\b(?:\s+(\p{L}+)\s+(\d+))?/iu.exec(text);
  if (m === null) return { kind: 'unknown' };
  const kind = (m[1] ?? '').toLowerCase() as Fate['kind'];
  if (m[2] === undefined || m[3] === undefined) return { kind };
  // "killed ngiht 2" appears in the archive: anything not starting with d is a night.
  const phase = m[2].toLowerCase().startsWith('d') ? 'day' : 'night';
  return { kind, phase, number: Number(m[3]) };
}

/** One `slot, role, fate` line; `A replaced B replaced C` lists the current holder first. */
export function parsePlayerLine(line: string): ArchivePlayer | null {
  const parts = line.split(', ');
  if (parts.length < 3) return null;
  const fateText = parts[parts.length - 1] ?? '';
  const role = parts.slice(1, -1).join(', ');
  const accounts = (parts[0] ?? '')
    .split(/\s+replaced\s+/)
    .map((a) => a.trim())
    .filter((a) => a.length > 0)
    .reverse();
  return { accounts, role, fate: parseFate(fateText) };
}

export function parseArchive(text: string): ArchiveGame[] {
  const games: ArchiveGame[] = [];
  const blocks = text.replace(/\r\n/g, '\n').split(/\n\s*\n\s*\n/);
  for (const block of blocks) {
    const lines = block.split('\n').map((l) => l.trimEnd());
    const urlIndex = lines.findIndex((l) => /^https?:\/\//.test(l.trim()));
    if (urlIndex === -1) continue;
    const url = (lines[urlIndex] ?? '').trim();
    const thread = /[?&]t=(\d+)/.exec(url)?.[1];
    if (thread === undefined) continue;
    const title = (lines[urlIndex + 1] ?? '').trim();
    const field = (name: string): string => {
      const line = lines.find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
      return line === undefined ? '' : line.slice(name.length + 1).trim();
    };
    const playersAt = lines.findIndex((l) => l.trim() === 'Players');
    const players =
      playersAt === -1
        ? []
        : lines.slice(playersAt + 1).flatMap((l) => {
            const p = l.trim() === '' ? null : parsePlayerLine(l.trim());
            return p === null ? [] : [p];
          });
    games.push({
      url,
      thread,
      gameId: /\d+/.exec(title)?.[0] ?? '',
      title,
      moderators: field('Moderator')
        .split(',')
        .map((m) => m.trim())
        .filter((m) => m.length > 0),
      notes: field('Notes'),
      players,
    });
  }
  return games;
}

/** Day-end post numbers per game id; null where the cell is `-`, `missing` or empty. */
export function parseTransitions(text: string): Map<string, (number | null)[]> {
  const out = new Map<string, (number | null)[]>();
  const lines = text.replace(/\r\n/g, '\n').split('\n').slice(2);
  for (const line of lines) {
    const cells = line.split('\t');
    const id = (cells[0] ?? '').trim();
    if (!/^\d+$/.test(id)) continue;
    const ends = cells.slice(1).map((c) => (/^\s*\d+\s*$/.test(c) ? Number(c) : null));
    while (ends.length > 0 && ends[ends.length - 1] === null) ends.pop();
    out.set(id, ends);
  }
  return out;
}

/** One line of posts/<thread>.jsonl. */
export interface CorpusPost {
  readonly number: number;
  readonly id: string;
  readonly user: string;
  readonly content: string;
}

/**
 * The posts of a posts file in thread order. The file may list them in any
 * order (the replay's score must not depend on it); a post number given twice
 * is refused, naming both lines.
 */
export function parsePostsJsonl(text: string, file: string): CorpusPost[] {
  const posts: CorpusPost[] = [];
  const lineOf = new Map<number, number>();
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${file}:${i + 1}: not valid JSON`);
    }
    if (typeof value !== 'object' || value === null) throw new Error(`${file}:${i + 1}: not a post object`);
    const v = value as Record<string, unknown>;
    const number = typeof v.number === 'number' ? v.number : Number(v.number);
    if (!Number.isInteger(number)) throw new Error(`${file}:${i + 1}: post without a number`);
    const earlier = lineOf.get(number);
    if (earlier !== undefined) throw new Error(`${file}:${i + 1}: post number ${number} is also on line ${earlier}`);
    lineOf.set(number, i + 1);
    posts.push({ number, id: String(v.id ?? ''), user: String(v.user ?? ''), content: typeof v.content === 'string' ? v.content : '' });
  });
  return posts.sort((a, b) => a.number - b.number);
}
