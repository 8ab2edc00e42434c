/** `gavel parse`: a saved page in, {engine, thread, posts, issues} out; unknown engines and bad input are one-line messages. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGavel as run } from './run-gavel';

const root = path.resolve(import.meta.dirname, '..', '..');
const fixture = (folder: string) => path.join(root, 'test', 'fixtures', 'forums', folder, 'page.html');

describe('gavel parse', () => {
  it('prints the engine, thread facts, posts and issues of a saved page', async () => {
    const { code, out, err } = await run(
      'parse',
      fixture('phpbb/mafiascum-mini'),
      '--url',
      'https://forum.mafiascum.net/viewtopic.php?f=53&t=90210',
      '--now',
      '2025-03-04T00:00:00Z',
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(out) as {
      engine: string;
      thread: { threadId: string; pageCount: number };
      posts: Array<{ number: number; author: string }>;
      issues: unknown[];
    };
    expect(result.engine).toBe('phpbb');
    expect(result.thread.threadId).toBe('90210');
    expect(result.thread.pageCount).toBe(9);
    expect(result.posts.map((p) => [p.number, p.author])).toEqual([
      [0, 'HostName'],
      [1, 'alice'],
      [2, 'Bob Smith'],
    ]);
    expect(result.issues).toEqual([]);
  });

  it('reads relative dates against --now in --time-zone', async () => {
    const { code, out } = await run(
      'parse',
      fixture('ucoz/default-templates-page-1'),
      '--url',
      'https://mafia.example.ucoz.ru/forum/5-777-1',
      '--now',
      '2025-03-03T20:00:00Z',
      '--time-zone',
      'Europe/Moscow',
    );
    expect(code).toBe(0);
    const posts = (JSON.parse(out) as { posts: Array<{ postedAt: number }> }).posts;
    expect(new Date(posts[1]?.postedAt ?? 0).toISOString()).toBe('2025-03-03T16:50:00.000Z');
  });

  it('reads a saved Discourse topic JSON file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gavel-parse-'));
    const file = path.join(dir, 'topic.json');
    writeFileSync(
      file,
      JSON.stringify({
        id: 5,
        title: 'T',
        post_stream: {
          posts: [
            {
              id: 9,
              post_number: 1,
              username: 'alice',
              user_id: 2,
              created_at: '2025-03-03T10:00:00Z',
              updated_at: '2025-03-03T10:00:00Z',
              version: 1,
              cooked: '<p><strong>Vote: bob</strong></p>',
            },
          ],
          stream: [9],
        },
      }),
    );
    const { code, out } = await run('parse', file, '--url', 'https://discourse.example.org/t/5.json');
    expect(code).toBe(0);
    const result = JSON.parse(out) as { engine: string; posts: Array<{ body: unknown }> };
    expect(result.engine).toBe('discourse');
    expect(result.posts[0]?.body).toEqual([{ type: 'text', text: 'Vote: bob', bold: true }]);
  });

  it('says clearly when the page is no supported forum, exit 1', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gavel-parse-'));
    const file = path.join(dir, 'other.html');
    writeFileSync(file, '<!doctype html><title>x</title><p>just a page</p>');
    const { code, out, err } = await run('parse', file);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toMatch(/not a thread page of a supported forum engine/);
  });

  it('reports a missing file and bad options in one line, never a stack trace', async () => {
    const missing = await run('parse', 'no/such/page.html');
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/cannot read saved page no\/such\/page.html: no such file/);
    expect(missing.err).not.toMatch(/\bat .*\(/);
    const badNow = await run('parse', fixture('phpbb/mafiascum-mini'), '--now', 'yesterday-ish');
    expect(badNow.code).toBe(2);
    expect(badNow.err).toMatch(/--now is not an ISO time/);
    const badZone = await run('parse', fixture('phpbb/mafiascum-mini'), '--time-zone', 'Mars/Olympus');
    expect(badZone.code).toBe(2);
    const none = await run('parse');
    expect(none.code).toBe(2);
  });
});
