/**
 * Fuzzing with fast-check, sized for `npm test` (hundreds of cases each, a few
 * seconds in all): whatever a player posts or calls themselves, the vote
 * grammar, the name matcher and every adapter answer without throwing, and
 * keep the promises a host relies on. Complements the property tests beside
 * the code (test/parsers/property.test.ts reads random tag soup;
 * test/engine/votes/properties.test.ts checks the tally; test/engine/names
 * checks ASCII rosters): here the text is any Unicode, including the
 * characters players use to cause trouble, and the pages are real forum pages
 * taken apart at random.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultVoteGrammar,
  defaultVoteRules,
  extractVotes,
  mafiascumVoteRules,
  matchName,
  matchVoteTarget,
  mayContainVote,
  normalizeName,
  type NameMatch,
  type Roster,
  type VoteRules,
} from '../../src/engine';
import type { BodyNode } from '../../src/model/post';
import { forumAdapters, isForumEngineId, type ForumEngineId } from '../../src/parsers';

/** Characters players use to cause trouble: markup, entities, BiDi overrides, zero-width, combining marks, look-alikes. */
const troubleChars = [
  '<',
  '>',
  '&',
  '"',
  "'",
  '\u202E',
  '\u202D',
  '\u2066',
  '\u200B',
  '\u200C',
  '\u200D',
  '\uFEFF',
  '\u0301',
  'І',
  'ⅼ',
  '０',
  '\u00A0',
  '\t',
  ':',
  '\\',
  '[',
  ']',
  '/',
];
const troubleWords = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '&amp;',
  '&lt;b&gt;',
  '&#60;',
  'vote',
  'Vote:',
  'UNVOTE',
  'unvote',
  'no lynch',
  'V:',
  'VOTE: ',
  '[b]',
  '[/vote]',
];
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc
    .array(fc.oneof(fc.constantFrom(...troubleChars), fc.constantFrom(...troubleWords), fc.string({ maxLength: 6 })), { maxLength: 12 })
    .map((parts) => parts.join('')),
);

const textNode: fc.Arbitrary<BodyNode> = fc
  .record({ text: anyText, bold: fc.boolean(), struck: fc.boolean(), voteTag: fc.boolean(), green: fc.boolean() })
  .map(({ text, bold, struck, voteTag, green }) => ({
    type: 'text',
    text,
    ...(bold ? { bold: true } : {}),
    ...(struck ? { struck: true } : {}),
    ...(voteTag ? { voteTag: true, bold: true } : {}),
    ...(green ? { color: 'green' } : {}),
  }));
const { body } = fc.letrec<{ body: BodyNode[]; node: BodyNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    textNode,
    fc.constant<BodyNode>({ type: 'break' }),
    fc.record({ author: anyText, children: tie('body') }).map(({ author, children }): BodyNode => ({ type: 'quote', author, children })),
    fc.record({ title: anyText, children: tie('body') }).map(({ title, children }): BodyNode => ({ type: 'spoiler', title, children })),
  ),
  body: fc.array(tie('node'), { maxLength: 8 }),
}));

const grammars: readonly VoteRules[] = [
  defaultVoteRules,
  mafiascumVoteRules,
  {
    ...defaultVoteRules,
    grammar: {
      ...defaultVoteGrammar,
      acceptAbbreviations: true,
      greenFontVotes: true,
      unboldedUnvotes: true,
      ownLine: true,
      colon: 'required',
      struckVote: 'unvote',
      votesInSpoilers: true,
      severalVotesInPost: 'first',
    },
  },
];

describe('vote extraction on arbitrary Unicode', () => {
  it('never throws, and every candidate is well formed', () => {
    fc.assert(
      fc.property(body, fc.constantFrom(...grammars), (nodes, rules) => {
        const candidates = extractVotes({ body: nodes }, rules);
        for (const c of candidates) {
          expect(['vote', 'unvote']).toContain(c.action);
          if (c.action === 'unvote') expect(c.target).toBe('');
          if (c.counted) expect(c.reason).toBeUndefined();
          else expect(typeof c.reason).toBe('string');
          expect(c.target).toBe(c.target.trim());
        }
        expect(JSON.parse(JSON.stringify(candidates))).toEqual(candidates);
      }),
      { numRuns: 1500 },
    );
  });

  it('nothing inside a quote is ever counted', () => {
    fc.assert(
      fc.property(body, fc.constantFrom(...grammars), (nodes, rules) => {
        const quoted: BodyNode[] = [{ type: 'quote', author: 'someone', children: nodes }];
        expect(extractVotes({ body: quoted }, rules).filter((c) => c.counted)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('a post whose text has no vote keyword has no vote (the quick pre-check never hides one)', () => {
    fc.assert(
      fc.property(body, (nodes) => {
        const plain = nodes.map(function strip(n: BodyNode): BodyNode {
          if (n.type === 'text')
            return {
              type: 'text',
              text: n.text,
              ...(n.bold === true ? { bold: true as const } : {}),
              ...(n.struck === true ? { struck: true as const } : {}),
            };
          if (n.type === 'quote' || n.type === 'spoiler') return { ...n, children: n.children.map(strip) };
          return n;
        });
        const raw = JSON.stringify(plain);
        if (extractVotes({ body: plain }, defaultVoteRules).some((c) => c.counted))
          expect(mayContainVote(raw, defaultVoteGrammar)).toBe(true);
      }),
      { numRuns: 800 },
    );
  });
});

/** Player names as forums allow them: letters of any script, digits, spaces, underscores, and no vote words. */
const playerName = fc
  .stringMatching(/^[A-Za-zÀ-ÖØ-öø-ÿА-Яа-яЁё][A-Za-zÀ-ÖØ-öø-ÿА-Яа-яЁё0-9_ ]{1,14}[A-Za-zÀ-ÖØ-öø-ÿА-Яа-яЁё0-9_]$/)
  .filter((name) => !/vote|^\s*(?:v|uv|nl|pass|sleep)\b|lynch|elimination|execution/i.test(name));
const rosterOf = (names: readonly string[]): Roster => ({
  hosts: ['Host'],
  slots: names.map((name, i) => ({ id: `slot-${i + 1}`, accounts: [{ name }] })),
});

describe('vote-shaped strings', () => {
  const keyword = fc.constantFrom('Vote:', 'vote:', 'VOTE:', 'Vote', 'vote -', 'Vote :');
  it('a bold "Vote: <a player>" is counted and names that player', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(playerName, { minLength: 2, maxLength: 10, selector: normalizeName }),
        fc.nat(),
        keyword,
        fc.constantFrom('', ' ', '.', '!'),
        (names, pick, word, end) => {
          const target = names[pick % names.length] ?? '';
          const roster = rosterOf(names);
          const candidates = extractVotes({ body: [{ type: 'text', text: `${word} ${target}${end}`, bold: true }] }, defaultVoteRules);
          const counted = candidates.filter((c) => c.counted && c.action === 'vote');
          expect(counted).toHaveLength(1);
          expect(matchVoteTarget(counted[0]?.target ?? '', roster)).toMatchObject({
            kind: 'match',
            slotId: `slot-${(pick % names.length) + 1}`,
          });
        },
      ),
      { numRuns: 800 },
    );
  });

  it('the same vote written in plain text, quoted or in a spoiler is never counted', () => {
    fc.assert(
      fc.property(playerName, keyword, fc.constantFrom('plain', 'quote', 'spoiler'), (target, word, where) => {
        const run: BodyNode = { type: 'text', text: `${word} ${target}`, ...(where === 'plain' ? {} : { bold: true as const }) };
        const nodes: BodyNode[] =
          where === 'plain' ? [run] : where === 'quote' ? [{ type: 'quote', children: [run] }] : [{ type: 'spoiler', children: [run] }];
        expect(extractVotes({ body: nodes }, defaultVoteRules).some((c) => c.counted)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

function checkAnswer(m: NameMatch, roster: Roster): void {
  const ids = new Set(roster.slots.map((s) => s.id));
  if (m.kind === 'match') expect(ids.has(m.slotId)).toBe(true);
  if (m.kind === 'ambiguous') {
    const slots = new Set(m.candidates.map((c) => c.slotId));
    expect(slots.size).toBeGreaterThan(1); // an ambiguity names at least two players, never one
    for (const id of slots) expect(ids.has(id)).toBe(true);
  }
}

describe('name matching with any roster and any text', () => {
  const anyName = fc.oneof(anyText, playerName);

  it('never throws, and answers with slots of the roster', () => {
    fc.assert(
      fc.property(fc.array(anyName, { minLength: 1, maxLength: 10 }), anyText, (names, query) => {
        const roster = rosterOf(names);
        checkAnswer(matchName(query, roster), roster);
        checkAnswer(matchVoteTarget(query, roster), roster);
      }),
      { numRuns: 1500 },
    );
  });

  it('an exact name always resolves to its own slot', () => {
    fc.assert(
      fc.property(fc.uniqueArray(anyName, { minLength: 1, maxLength: 10 }), fc.nat(), (names, pick) => {
        const i = pick % names.length;
        const name = names[i] ?? '';
        fc.pre(name === name.trim() && normalizeName(name) !== '');
        expect(matchName(name, rosterOf(names))).toMatchObject({ kind: 'match', slotId: `slot-${i + 1}` });
      }),
      { numRuns: 1000 },
    );
  });

  it('two players whose names differ only in punctuation are an ambiguity, never a guess', () => {
    fc.assert(
      fc.property(
        anyName,
        fc.constantFrom('_', '.', '-', ' '),
        fc.constantFrom('(', '"', '*'),
        fc.array(playerName, { maxLength: 6 }),
        (base, punct, wrap, others) => {
          const trimmed = base.trim();
          fc.pre(normalizeName(trimmed) !== '' && !others.some((o) => normalizeName(o) === normalizeName(trimmed)));
          const roster = rosterOf([...others, trimmed, `${trimmed}${punct}`]);
          const m = matchName(`${wrap}${trimmed}${wrap}`, roster);
          expect(m.kind).toBe('ambiguous');
          if (m.kind === 'ambiguous') {
            expect(m.candidates.map((c) => c.slotId)).toEqual(
              expect.arrayContaining([`slot-${others.length + 1}`, `slot-${others.length + 2}`]),
            );
          }
        },
      ),
      { numRuns: 800 },
    );
  });

  it('two players with the very same name are an ambiguity', () => {
    fc.assert(
      fc.property(anyName, (name) => {
        fc.pre(name === name.trim() && normalizeName(name) !== '');
        expect(matchName(name, rosterOf([name, name])).kind).toBe('ambiguous');
      }),
      { numRuns: 500 },
    );
  });
});

/**
 * Real forum pages (the project's fixtures) taken apart at random: text
 * replaced by hostile text, elements dropped, duplicated or moved, attributes
 * set to nonsense. The engine markers mostly survive, so the adapters get deep
 * into their work on broken input.
 */
describe('every adapter on real pages taken apart at random', () => {
  const fixtures = resolve(import.meta.dirname, '..', 'fixtures', 'forums');
  const pages = readdirSync(fixtures)
    .flatMap((dir) => readdirSync(join(fixtures, dir)).map((page) => join(fixtures, dir, page)))
    .map((path) => {
      const expected = JSON.parse(readFileSync(join(path, 'expected.json'), 'utf8')) as { url: string; engine: string };
      return {
        path,
        url: new URL(expected.url),
        engine: expected.engine,
        doc: new DOMParser().parseFromString(readFileSync(join(path, 'page.html'), 'utf8'), 'text/html'),
      };
    })
    .filter((p): p is typeof p & { engine: ForumEngineId } => isForumEngineId(p.engine) && p.engine !== 'discourse');

  type Mutation =
    | { readonly kind: 'text'; readonly at: number; readonly text: string }
    | { readonly kind: 'drop' | 'duplicate' | 'hoist'; readonly at: number }
    | { readonly kind: 'attribute'; readonly at: number; readonly name: string; readonly value: string };
  const attributeNames = [
    'class',
    'id',
    'datetime',
    'data-time',
    'data-postnumber',
    'data-node-id',
    'data-epoch',
    'href',
    'title',
    'style',
    'data-author',
    'data-content',
  ];
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc.record({ kind: fc.constant('text' as const), at: fc.nat(), text: anyText }),
    fc.record({ kind: fc.constantFrom('drop' as const, 'duplicate' as const, 'hoist' as const), at: fc.nat() }),
    fc.record({
      kind: fc.constant('attribute' as const),
      at: fc.nat(),
      name: fc.constantFrom(...attributeNames),
      value: fc.oneof(anyText, fc.constantFrom('-1', '1e309', 'NaN', '2025-13-45T99:99', 'post_', '#p', '')),
    }),
  );

  function apply(doc: Document, mutations: readonly Mutation[]): void {
    for (const m of mutations) {
      const elements = doc.body.querySelectorAll('*');
      if (elements.length === 0) return;
      const el = elements[m.at % elements.length];
      if (el === undefined) continue;
      switch (m.kind) {
        case 'text':
          el.textContent = m.text;
          break;
        case 'drop':
          el.remove();
          break;
        case 'duplicate':
          el.after(el.cloneNode(true));
          break;
        case 'hoist':
          doc.body.append(el);
          break;
        case 'attribute':
          el.setAttribute(m.name, m.value);
          break;
      }
    }
  }

  it('reads a fixture of every engine but Discourse (JSON)', () => {
    expect(new Set(pages.map((p) => p.engine)).size).toBeGreaterThanOrEqual(9);
  });

  it('no adapter throws, and what it returns is plain data', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(mutation, { minLength: 1, maxLength: 12 }), fc.boolean(), (pick, mutations, ownAdapter) => {
        const page = pages[pick % pages.length];
        if (page === undefined) return;
        const doc = page.doc.cloneNode(true) as Document;
        apply(doc, mutations);
        // The page's own adapter, and one picked by the same number (a page of one engine read by another's adapter).
        const engines = Object.keys(forumAdapters).filter(isForumEngineId);
        const engine = ownAdapter ? page.engine : (engines[pick % engines.length] ?? page.engine);
        const result = forumAdapters[engine].parseThreadPage(doc, page.url, { now: 1_700_000_000_000, timeZone: 'Europe/Moscow' });
        expect(Array.isArray(result.data.posts)).toBe(true);
        for (const post of result.data.posts) {
          expect(typeof post.author).toBe('string');
          expect(Number.isFinite(post.number)).toBe(true);
          expect(post.postedAt === null || Number.isFinite(post.postedAt)).toBe(true);
        }
        expect(JSON.parse(JSON.stringify(result))).toEqual(result);
      }),
      { numRuns: 500 },
    );
  });
});
