/**
 * The CLI tests' way in: `gavel` run in-process with its output captured, and
 * input files written into a test's own folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { main } from '../../cli/gavel';

/** The repository's root, the folder the commands run in. */
export const repoRoot = resolve(import.meta.dirname, '..', '..');

/** Runs `gavel <argv…>` from the repository's root; its exit code, stdout and stderr. */
export async function runGavel(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => (out += t), err: (t) => (err += t), cwd: repoRoot });
  return { code, out, err };
}

/** Writes `data` (text as it is, anything else as JSON) to `dir/name` and returns its path. */
export function writeInput(dir: string, name: string, data: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data));
  return path;
}

/** One post of a corpus game: its number, its author and its HTML. */
export type CorpusPost = readonly [number: number, user: string, content: string];

/**
 * Writes a one-game `gavel replay` corpus (thread 500, "Mini 9: Small", host "mod") into `at`:
 * the archive's player lines (`name, role, fate`), the post each day ended on, and the posts
 * file in the order given.
 */
export function writeCorpusGame(
  at: string,
  game: { readonly players: readonly string[]; readonly dayEnds: readonly number[]; readonly posts: readonly CorpusPost[] },
): string {
  mkdirSync(join(at, 'posts'), { recursive: true });
  writeFileSync(
    join(at, 'archive.txt'),
    ['https://forum.example/viewtopic.php?f=1&t=500', 'Mini 9: Small', 'Moderator: mod', '', 'Players', ...game.players, ''].join('\n'),
  );
  const days = game.dayEnds.map((_end, i) => `Day ${i + 1}`);
  writeFileSync(join(at, 'transitions.tsv'), `Game\tends\nNumber\t${days.join('\t')}\n9\t${game.dayEnds.join('\t')}\n`);
  const lines = game.posts.map(([number, user, content]) =>
    JSON.stringify({ number, id: String(1000 + number), user, user_id: '1', content }),
  );
  writeFileSync(join(at, 'posts', '500.jsonl'), lines.join('\n'));
  return at;
}
