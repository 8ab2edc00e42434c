/**
 * The MyBB 1.8 and SMF 2.1 pages in ../shared were rendered by the real forum software from a
 * Mafia game posted through its own forms; each folder's truth.json records every post's
 * number, id, author, UTC time, edit facts and every vote-like run. Every post must come
 * out of our parser with those facts, and every vote-like run with the bold/struck/quoted
 * structure its BBCode gave it.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ForumPost } from '../../src/model/post';
import { parseThreadPage } from '../../src/parsers/index';
import { hasShared, loadDocument, runsOf, sharedForums, warnSkipped } from './helpers';

interface TruthVote {
  readonly bbcode: string;
  readonly text: string;
  readonly why: string;
}

interface TruthPost {
  readonly number: number;
  readonly post_id: number;
  readonly page: number;
  readonly author: string;
  readonly author_id: number;
  readonly timestamp: string;
  readonly edited: boolean;
  readonly editedAt: string | null;
  readonly edited_by: string | null;
  readonly votes: readonly TruthVote[];
}

/** The page URL each engine uses for page N (10 posts per page). */
const engines = [
  { folder: 'mybb', engine: 'mybb', pageUrl: (n: number) => `http://127.0.0.1:8081/showthread.php?tid=1&page=${n}` },
  { folder: 'smf', engine: 'smf', pageUrl: (n: number) => `http://127.0.0.1:8082/index.php?topic=2.${(n - 1) * 10}` },
] as const;

warnSkipped('the MyBB/SMF truth.json checks (truth.test.ts)');

describe.skipIf(!hasShared)('real MyBB and SMF game pages against truth.json', () => {
  for (const { folder, engine, pageUrl } of engines) {
    describe(folder, () => {
      const dir = path.join(sharedForums, folder);
      const truth = existsSync(dir) ? (JSON.parse(readFileSync(path.join(dir, 'truth.json'), 'utf8')) as TruthPost[]) : [];
      const pageFiles = existsSync(dir) ? readdirSync(dir).filter((f) => /^page-\d+\.html$/.test(f)) : [];
      const parsed = new Map<string, ForumPost>();
      for (const file of pageFiles) {
        const n = Number(/\d+/.exec(file)?.[0]);
        const result = parseThreadPage(loadDocument(path.join(dir, file), pageUrl(n)), pageUrl(n), {
          now: Date.parse('2025-04-01T00:00:00Z'),
        });
        if (!result.supported) continue;
        for (const post of result.data.posts) parsed.set(post.id, post);
      }

      it(`detects ${engine} and finds every post exactly once`, () => {
        expect(pageFiles.length).toBeGreaterThan(0);
        expect([...parsed.keys()].sort()).toEqual(truth.map((p) => String(p.post_id)).sort());
      });

      it.each(truth.map((t) => [t.number, t] as const))('post #%i: number, author, time, edit', (_n, t) => {
        const post = parsed.get(String(t.post_id));
        expect(post).toBeDefined();
        if (post === undefined) return;
        expect(post.number).toBe(t.number);
        expect(post.author).toBe(t.author);
        expect(post.authorId).toBe(String(t.author_id));
        // the pages show minutes: the true time truncated to the minute
        expect(post.postedAt).toBe(Math.floor(Date.parse(t.timestamp) / 60_000) * 60_000);
        if (t.edited) {
          expect(post.edited?.by).toBe(t.edited_by);
          expect(post.edited?.at).toBe(Math.floor(Date.parse(t.editedAt ?? '') / 60_000) * 60_000);
        } else {
          expect(post.edited).toBeUndefined();
        }
      });

      it.each(truth.filter((t) => t.votes.length > 0).map((t) => [t.number, t] as const))(
        'post #%i: vote-like runs keep their bold/struck/quote structure',
        (_n, t) => {
          const post = parsed.get(String(t.post_id));
          expect(post).toBeDefined();
          if (post === undefined) return;
          const runs = runsOf(post.body);
          // Each truth vote is found as a run (or runs) of its text with the structure its BBCode says.
          const used = new Set<number>();
          for (const vote of t.votes) {
            const wantBold = vote.bbcode.includes('[b]');
            const wantStruck = vote.bbcode.includes('[s]');
            const wantQuoted = /inside a \[quote\]/.test(vote.why);
            const index = runs.findIndex(
              (run, i) =>
                !used.has(i) &&
                run.text.includes(vote.text) &&
                run.bold === wantBold &&
                run.struck === wantStruck &&
                run.quoteAuthors.length > 0 === wantQuoted,
            );
            expect(index, `${vote.bbcode} (${vote.why}) in ${JSON.stringify(runs)}`).toBeGreaterThanOrEqual(0);
            used.add(index);
            if (wantQuoted) {
              const quotedAuthor = /of (.+?)'s post/.exec(vote.why)?.[1];
              expect(runs[index]?.quoteAuthors).toContain(quotedAuthor);
            }
          }
        },
      );
    });
  }
});
