/**
 * The replay's pre-filter reads only the markup outside quotes
 * (`markupOutsideQuotes`, cli/corpus/outside-quotes.ts), since a vote in a
 * quote never counts. The cut must never take out what htmlparser2 (the
 * replay's parser) reads outside every `<blockquote>`: checked on edge cases,
 * on generated markup, and on every corpus post with a quote. And the replay
 * must count the same: every corpus game's count with the quotes left out of
 * the pre-filter equals the count with them in, but for the refusals no line
 * of the replay shows (a vote in a quote, a vote not in bold).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { parsePostsJsonl } from '../../cli/corpus/archive';
import { createBodyReader, loadCorpus, phpbbMarkupMayHoldVote, phpbbMayHoldVote } from '../../cli/corpus/load';
import { markupOutsideQuotes } from '../../cli/corpus/outside-quotes';
import { parseNotes } from '../../cli/corpus/notes';
import { countGameOf, moderatorsOf, replayGame, type ReplayPost } from '../../cli/corpus/replay';
import { countThread, mafiascumVoteRules, type ForumPost } from '../../src/engine';

/** What htmlparser2 reads outside every blockquote, as raw slices of the markup in order: each text and each tag. */
function outsidePieces(html: string): string[] {
  const pieces: string[] = [];
  let quotes = 0;
  const parser: Parser = new Parser(
    {
      onopentag(name) {
        // A quote's own start tag is the quote's.
        if (name === 'blockquote') quotes++;
        else if (quotes === 0) pieces.push(html.slice(parser.startIndex, parser.endIndex + 1));
      },
      onclosetag(name) {
        if (name === 'blockquote') quotes--;
      },
      ontext() {
        if (quotes === 0) pieces.push(html.slice(parser.startIndex, parser.endIndex + 1));
      },
    },
    { decodeEntities: true },
  );
  parser.parseComplete(html);
  return pieces;
}

/** Every piece htmlparser2 reads outside quotes is in the cut markup, in order. */
function keepsOutside(html: string): void {
  const cut = markupOutsideQuotes(html);
  if (cut === undefined) return;
  let at = 0;
  for (const piece of outsidePieces(html)) {
    const found = cut.indexOf(piece, at);
    expect(found, `"${piece}" of ${JSON.stringify(html)} missing from ${JSON.stringify(cut)}`).not.toBe(-1);
    at = found + piece.length;
  }
}

const grammar = mafiascumVoteRules.grammar;

describe('the markup outside quotes', () => {
  it('is the markup itself when there is no quote', () => {
    const html = '<b>VOTE: alice</b><br><span style="font-weight: bold">x</span>';
    expect(markupOutsideQuotes(html)).toBe(html);
  });

  it('leaves out each quote, nested ones with it, and keeps what stands around', () => {
    expect(
      markupOutsideQuotes(
        'a <blockquote><div><cite>bob wrote:</cite><b>VOTE: carol</b><blockquote>in</blockquote></div></blockquote> <b>z</b>',
      ),
    ).toBe('a  <b>z</b>');
    expect(markupOutsideQuotes('x<BLOCKQUOTE class="uncited"><b>VOTE: a</b></BlockQuote>y')).toBe('xy');
  });

  it('reads a quote left open to the end of the post as a quote', () => {
    expect(markupOutsideQuotes('before<blockquote><b>vote: a</b>')).toBe('before');
  });

  it('follows the elements a start tag closes inside a quote', () => {
    // <div> closes the open <p>, so the </div> and </blockquote> match what is open.
    expect(markupOutsideQuotes('<blockquote><p>a<div>b</div></blockquote><b>VOTE: x</b>')).toBe('<b>VOTE: x</b>');
    expect(markupOutsideQuotes('<blockquote><ul><li>a<li>b</ul><br/></br><img></img></blockquote>k')).toBe('k');
  });

  it('reads a quoted attribute as part of its tag, whatever it holds', () => {
    const html = '<span title="<blockquote>">x</span> <b>VOTE: y</b>';
    expect(markupOutsideQuotes(html)).toBe(html);
    expect(markupOutsideQuotes(`<blockquote title='</blockquote>'>q</blockquote>r`)).toBe('r');
  });

  it('gives up where it cannot follow htmlparser2', () => {
    // An end tag in a quote closing an element opened outside it: the quote ends there.
    expect(markupOutsideQuotes('<div><blockquote>q</div><b>VOTE: x</b>')).toBeUndefined();
    expect(markupOutsideQuotes('<blockquote><!-- </blockquote> -->q</blockquote>')).toBeUndefined();
    expect(markupOutsideQuotes('<blockquote><script>"</blockquote>"</script></blockquote>')).toBeUndefined();
    expect(markupOutsideQuotes('<blockquote><svg><p/></svg></blockquote>')).toBeUndefined();
    expect(markupOutsideQuotes('<blockquote>q</blockquote><body><b>VOTE: x</b>')).toBeUndefined();
    expect(markupOutsideQuotes('<blockquote>q</ blockquote>')).toBeUndefined();
    expect(markupOutsideQuotes('<blockquote class="x')).toBeUndefined();
    // As deep as the body walker flattens quotes into the spoiler around them.
    expect(markupOutsideQuotes(`${'<div>'.repeat(19)}<blockquote>q</blockquote>`)).toBeUndefined();
    expect(markupOutsideQuotes(`${'<div>'.repeat(18)}<blockquote>q</blockquote>`)).toBe('<div>'.repeat(18));
    // Long enough for the reader's nesting bound to rewrite it.
    expect(markupOutsideQuotes(`<blockquote>q</blockquote>${'<i>'.repeat(600)}`)).toBeUndefined();
    // The same count of `<`, whether they stand in text or inside a tag's attribute (as `limitNesting` counts them).
    expect(markupOutsideQuotes(`<blockquote>q</blockquote>${'< '.repeat(600)}`)).toBeUndefined();
    expect(markupOutsideQuotes(`<blockquote>q</blockquote><span title="${'<'.repeat(600)}">x</span>`)).toBeUndefined();
    expect(markupOutsideQuotes(`<blockquote>q</blockquote><span title="${'<'.repeat(500)}">x</span>`)).toBe(
      `<span title="${'<'.repeat(500)}">x</span>`,
    );
  });

  it('lets the pre-filter pass a post only for a keyword and bold outside its quotes', () => {
    expect(phpbbMayHoldVote('<blockquote><cite>a wrote:</cite><b>VOTE: b</b></blockquote>I agree.', grammar)).toBe(false);
    expect(phpbbMayHoldVote('<blockquote><b>VOTE: b</b></blockquote>vote b, says he', grammar)).toBe(false);
    expect(phpbbMayHoldVote('<blockquote>vote b?</blockquote><b>No.</b>', grammar)).toBe(false);
    expect(phpbbMayHoldVote('<blockquote><b>VOTE: b</b></blockquote><b>VOTE: c</b>', grammar)).toBe(true);
    expect(phpbbMayHoldVote('<b><blockquote>q</blockquote>VOTE: c</b>', grammar)).toBe(true);
    // Where the cut gives up, the whole post is tested, as before.
    expect(phpbbMayHoldVote('<div><blockquote><b>VOTE: b</b></div>x</blockquote>', grammar)).toBe(true);
  });

  it('keeps everything htmlparser2 reads outside quotes, on generated markup', () => {
    const name = fc.constantFrom(
      'blockquote',
      'div',
      'p',
      'b',
      'span',
      'li',
      'ul',
      'td',
      'tr',
      'table',
      'br',
      'img',
      'cite',
      'a',
      'dd',
      'h1',
      'select',
      'option',
      'input',
      'hr',
      'tbody',
    );
    const attribute = fc.constantFrom(
      '',
      ' class="x"',
      " title='a>b'",
      ' title="<blockquote>"',
      ' x=<blockquote',
      ' y = "</blockquote>"',
      ' /',
      ' z',
      ' a=b/',
    );
    const piece = fc.oneof(
      fc.tuple(name, attribute).map(([n, a]) => `<${n}${a}>`),
      name.map((n) => `</${n}>`),
      fc.tuple(name, attribute).map(([n, a]) => `<${n.toUpperCase()}${a}/>`),
      fc.constantFrom('VOTE: a', ' ', '<', '< b>', '</>', '&amp;', '&lt;blockquote&gt;', 'x', '>', '"', '<!-- c -->', '</ p>'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        keepsOutside(pieces.join(''));
      }),
      { numRuns: 3000 },
    );
  });
});

const corpusDir = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'mafiascum');
const present = existsSync(path.join(corpusDir, 'archive.txt'));
if (!present) console.warn(`[outside-quotes.test] ../shared is absent: skipped the mafiascum corpus (${corpusDir})`);

describe.skipIf(!present)('the quotes left out of the pre-filter, on the mafiascum corpus', () => {
  const corpus = present ? loadCorpus(corpusDir) : undefined;
  const games = (corpus?.games ?? []).flatMap((game) => {
    const ends = corpus?.transitions.get(game.gameId);
    const file = path.join(corpusDir, 'posts', `${game.thread}.jsonl`);
    return ends === undefined || !existsSync(file) ? [] : [{ game, ends, posts: parsePostsJsonl(readFileSync(file, 'utf8'), file) }];
  });

  it('keeps everything htmlparser2 reads outside quotes, on every post with a quote', () => {
    let quoted = 0;
    let followed = 0;
    for (const { posts } of games) {
      for (const post of posts) {
        if (!/<blockquote/i.test(post.content)) continue;
        quoted++;
        if (markupOutsideQuotes(post.content) !== undefined) followed++;
        keepsOutside(post.content);
      }
    }
    expect(quoted).toBeGreaterThan(10_000);
    // It gives up on few real posts.
    expect(followed / quoted).toBeGreaterThan(0.99);
  });

  it('counts every game as the pre-filter with quotes did, but for the refusals the replay never shows', { timeout: 300_000 }, () => {
    const readBody = createBodyReader();
    const hidden = (x: unknown): boolean =>
      typeof x === 'object' && x !== null && 'reason' in x && (x.reason === 'vote/in-quote' || x.reason === 'vote/not-bold');
    // The count's JSON without those refusals, and without a post's record left with nothing else.
    const visible = (_key: string, value: unknown): unknown =>
      Array.isArray(value)
        ? value.filter(
            (x: unknown) =>
              !hidden(x) &&
              !(
                typeof x === 'object' &&
                x !== null &&
                'votes' in x &&
                Array.isArray(x.votes) &&
                x.votes.every(hidden) &&
                'marks' in x &&
                Array.isArray(x.marks) &&
                x.marks.length === 0
              ),
          )
        : value;
    let before = 0;
    let after = 0;
    let counted = 0;
    for (const { game, ends, posts } of games) {
      const read = (worth: (html: string) => boolean): ReplayPost[] =>
        posts.map((p) => ({ number: p.number, id: p.id, user: p.user, body: worth(p.content) ? readBody(p.content) : [] }));
      const withQuotes = read((html) => phpbbMarkupMayHoldVote(html, grammar) && ++before > 0);
      const withoutQuotes = read((html) => phpbbMayHoldVote(html, grammar) && ++after > 0);
      // The count as the replay makes it (`replayGame`: posts in thread order, breach checks off).
      const count = (replayPosts: ReplayPost[]): string => {
        const sorted = [...replayPosts].sort((a, b) => a.number - b.number);
        const countGame = countGameOf(game, ends, parseNotes(game.notes), moderatorsOf(game, ends, sorted));
        const forumPosts: ForumPost[] = sorted.map((p) => ({ id: p.id, number: p.number, author: p.user, postedAt: null, body: p.body }));
        const result = countThread(forumPosts, { game: countGame, breaches: false, accountLinks: true });
        if (result.ok) for (const day of result.days) counted += day.tally.byPost?.history.filter((r) => r.counted).length ?? 0;
        return JSON.stringify(result, visible);
      };
      expect(count(withoutQuotes), game.thread).toBe(count(withQuotes));
      expect(replayGame(game, ends, withoutQuotes), game.thread).toEqual(replayGame(game, ends, withQuotes));
    }
    expect(games.length).toBe(40);
    expect(counted).toBeGreaterThan(10_000);
    // A third of the posts the markup test passes hold their keyword or bold only in quotes.
    expect(after).toBeLessThan(before * 0.75);
  });
});
