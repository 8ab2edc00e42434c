/**
 * Every regular expression a hostile post can reach runs in linear time. A
 * player can post 100 KB of anything; Gavel reads every post of a thread in
 * the forum's own tab, so a pattern that backtracks quadratically on some input
 * would freeze the host's page. The public functions that use the patterns
 * (vote grammar, name matching, phase posts, text dates, the player list and
 * every adapter) run on adversarial inputs of 50 KB and 100 KB, and twice the
 * input must take clearly less than four times as long.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countThread,
  defaultPhaseMarkers,
  defaultVoteGrammar,
  defaultVoteRules,
  extractVotes,
  matchName,
  matchVoteTarget,
  mayContainVote,
  postPhaseEvents,
  readPlayerList,
  type Roster,
  type VoteRules,
} from '../../src/engine';
import type { BodyNode, ForumPost } from '../../src/model/post';
import { forumAdapters, isForumEngineId, parsePostBody, parseTextDate, toBoardZone } from '../../src/parsers';
import { describeGrowth, growth, isLinear } from './timing';

const SMALL = 50_000;
const LARGE = 100_000;

/** Text a player can post, made to trip backtracking: long runs, repeated keywords, a tail that fails the match. */
const adversarial: Readonly<Record<string, (n: number) => string>> = {
  'one letter repeated': (n) => 'a'.repeat(n),
  'one digit repeated': (n) => '7'.repeat(n),
  'letters then digits': (n) => 'x'.repeat(n / 2) + '1'.repeat(n / 2),
  'Cyrillic letters repeated': (n) => 'д'.repeat(n),
  'spaces then a letter that fails the match': (n) => `${' '.repeat(n - 1)}x`,
  'tabs and line breaks': (n) => '\t \n'.repeat(n / 3),
  '"vote:" repeated': (n) => 'vote:'.repeat(n / 5),
  '"Vote: " then spaces and no name': (n) => `Vote:${' '.repeat(n - 6)}!`,
  '"unvote, vote " repeated': (n) => 'unvote, vote '.repeat(n / 13),
  '"x vote " repeated (keywords out of place)': (n) => 'x vote '.repeat(n / 7),
  // One vote, then keywords inside its argument: each keyword's gap to the vote grows (issue 14: 60 KB took 4.8 s a count).
  '"vote Elm " repeated (keywords inside a vote\'s name)': (n) => 'vote Elm '.repeat(n / 9),
  '"unvote x vote y " repeated': (n) => 'unvote x vote y '.repeat(n / 16),
  '"vote a and x " repeated (joining words out of place)': (n) => 'vote a and x '.repeat(n / 13),
  'separators and joining words': (n) => ', ; and then / - '.repeat(n / 17),
  // A keyword after other bold text is read from its lead back to the run's start (issue 15): the lead must not be re-read for each.
  '"x,vote:" repeated (keywords after a lead, no spaces)': (n) => 'x,vote:'.repeat(n / 7),
  '"hammer " then keywords (lead words)': (n) => `${'hammer '.repeat(n / 14)}${'vote x '.repeat(n / 14)}`,
  '"vtoe, unovte " repeated (keyword typos)': (n) => 'vtoe, unovte '.repeat(n / 13),
  '"vote to hammer: for " repeated (fillers)': (n) => 'vote to hammer: for '.repeat(n / 20),
  'nested-looking brackets and tags': (n) => '[b][quote=(((a+)+)]'.repeat(n / 19),
  'words and spaces': (n) => 'ab '.repeat(n / 3),
  'a name with underscores repeated': (n) => 'magnus_'.repeat(n / 7),
  '"Day 1 " repeated': (n) => 'Day 1 '.repeat(n / 6),
  '"day night " then a number': (n) => `${'day night '.repeat(n / 10)}1`,
  '"deadline " then dashes and digits': (n) => `deadline ${'2026-03-'.repeat(n / 8)}`,
  'times without dates': (n) => '12:34 '.repeat(n / 6),
  '"wrote:" and "Quote from:" repeated': (n) => 'Quote from: x wrote: '.repeat(n / 21),
  'zero-width and BiDi characters': (n) => '\u200B\u202E\u200D'.repeat(n / 3),
  'entities as text': (n) => '&amp;lt;&#60;'.repeat(n / 13),
};

/** Every adversarial input, small and large. */
const inputs: [string, string, string][] = Object.entries(adversarial).map(([name, make]) => [name, make(SMALL), make(LARGE)]);

function expectLinear(run: (input: string) => void, small: string, large: string, runs?: number, span?: number): void {
  const g = growth(run, small, large, runs, span);
  expect(isLinear(g), describeGrowth(g)).toBe(true);
}

const bold = (text: string): BodyNode[] => [{ type: 'text', text, bold: true }];
const voteTag = (text: string): BodyNode[] => [{ type: 'text', text, bold: true, voteTag: true }];
const green = (text: string): BodyNode[] => [{ type: 'text', text, color: 'green' }];

/** Every switch of the grammar on at once, so every pattern it compiles is in play. */
const everythingOn: VoteRules = {
  ...defaultVoteRules,
  grammar: {
    ...defaultVoteGrammar,
    acceptAbbreviations: true,
    greenFontVotes: true,
    unboldedUnvotes: true,
    ownLine: true,
    colon: 'required',
    votesInSpoilers: true,
    struckVote: 'unvote',
  },
};

const roster: Roster = {
  hosts: ['Mod'],
  slots: ['magnus_orion', 'Prolapsed Brain', 'Aj The Epic', 'Mist7676', 'roflcopter', 'TheRealGin-N-Tonic', 'Слава', 'Nobody Special'].map(
    (name, i) => ({ id: `s${i}`, accounts: [{ name }] }),
  ),
};

describe('the vote grammar runs in linear time', () => {
  it.each(inputs)('extractVotes on %s', (_name, small, large) => {
    expectLinear(
      (text) => {
        extractVotes({ body: bold(text) }, defaultVoteRules);
        extractVotes({ body: [...voteTag(text), { type: 'break' }, ...green(text)] }, everythingOn);
      },
      small,
      large,
    );
  });

  it.each(inputs)('mayContainVote on %s', (_name, small, large) => {
    expectLinear(
      (text) => {
        mayContainVote(text, defaultVoteGrammar);
        mayContainVote(text, everythingOn.grammar);
      },
      small,
      large,
    );
  });
});

describe("a thread's count runs in linear time in one hostile post's length", () => {
  // The opening post's player list, then one post by a player: the whole count (extraction, tally, verdicts, breaches) pays for it.
  const opening: ForumPost = {
    id: 'p0',
    number: 0,
    author: 'Mod',
    postedAt: Date.UTC(2026, 10, 20, 9),
    body: [
      { type: 'text', text: 'Players:' },
      ...roster.slots.flatMap((s): BodyNode[] => [{ type: 'break' }, { type: 'text', text: s.accounts[0]?.name ?? '' }]),
    ],
  };
  const countInputs = [
    '"vote Elm " repeated (keywords inside a vote\'s name)',
    '"unvote, vote " repeated',
    '"unvote x vote y " repeated',
    '"vote a and x " repeated (joining words out of place)',
    '"vote:" repeated',
  ];
  it.each(countInputs)('countThread with one post of %s', (name) => {
    const make = adversarial[name];
    if (make === undefined) throw new Error(`no input ${name}`);
    const posts = (text: string): ForumPost[] => [
      opening,
      { id: 'p1', number: 1, author: 'roflcopter', postedAt: Date.UTC(2026, 10, 20, 10), body: bold(text) },
    ];
    const small = make(LARGE / 4);
    const large = make(LARGE);
    const threads = new Map([
      [small, posts(small)],
      [large, posts(large)],
    ]);
    // A quarter of the input against the whole, as for the adapters: the count's fixed cost is in every timing.
    expectLinear(
      (text) => {
        const result = countThread(threads.get(text) ?? [], {});
        if (!result.ok) throw new Error(result.problem.code);
      },
      small,
      large,
      3,
      4,
    );
  });
});

describe('name matching runs in linear time', () => {
  it.each(inputs)('matchName on %s', (_name, small, large) => {
    expectLinear(
      (text) => {
        matchName(text, roster);
      },
      small,
      large,
    );
  });

  it.each(inputs)('matchVoteTarget on %s', (_name, small, large) => {
    expectLinear(
      (text) => {
        matchVoteTarget(text, roster);
      },
      small,
      large,
    );
  });

  it.each(inputs)('readPlayerList on %s', (_name, small, large) => {
    expectLinear(
      (text) => {
        readPlayerList([{ type: 'text', text: `Players:\n${text}\n${text}` }], 'Mod', 0);
      },
      small,
      large,
    );
  });
});

describe('phase posts run in linear time', () => {
  const hostPost = (text: string): ForumPost => ({ id: '1', number: 1, author: 'Mod', postedAt: 0, body: [{ type: 'text', text }] });
  it.each(inputs)('postPhaseEvents with the default markers on %s', (_name, small, large) => {
    expectLinear(
      (text) => {
        postPhaseEvents([hostPost(text)], { markers: defaultPhaseMarkers, hosts: ['Mod'], firstPhase: 'day', timeZone: 'Europe/Moscow' });
      },
      small,
      large,
    );
  });
});

describe('text dates run in linear time', () => {
  const zone = toBoardZone('Europe/Moscow') ?? { kind: 'fixed', minutes: 0 };
  it.each(inputs)('parseTextDate on %s', (_name, small, large) => {
    expectLinear(
      (text) => {
        parseTextDate(text, { now: 0, zone });
        parseTextDate(`Today, ${text}`, { now: 0, zone, order: 'dmy' });
      },
      small,
      large,
    );
  });
});

/**
 * Every adapter, on its own fixture page with the hostile text put into one
 * text node of each kind of element the page has (a post body, an author link,
 * a date, an edit notice, a quote header…), so whatever pattern an adapter runs
 * on some piece of the page meets the whole input.
 */
describe('every adapter runs in linear time on a page full of hostile text', () => {
  const fixtures = resolve(import.meta.dirname, '..', 'fixtures', 'forums');
  const pages = readdirSync(fixtures).flatMap((engine) =>
    readdirSync(join(fixtures, engine)).map((dir) => {
      const expected = JSON.parse(readFileSync(join(fixtures, engine, dir, 'expected.json'), 'utf8')) as { url: string; engine: string };
      return {
        name: `${engine}/${dir}`,
        engine: expected.engine,
        url: expected.url,
        html: readFileSync(join(fixtures, engine, dir, 'page.html'), 'utf8'),
      };
    }),
  );
  const adapterInputs = [
    'spaces then a letter that fails the match',
    '"vote:" repeated',
    'separators and joining words',
    '"wrote:" and "Quote from:" repeated',
  ];

  /** One text node per distinct (tag, class) of its parent, up to 24: the page's kinds of text. */
  function withHostileText(html: string, text: string): Document {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
    const kinds = new Map<string, Text>();
    for (let node = walker.nextNode(); node !== null && kinds.size < 24; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent === null || (node.textContent ?? '').trim() === '' || ['SCRIPT', 'STYLE'].includes(parent.tagName)) continue;
      const kind = `${parent.tagName}.${parent.className}`;
      if (!kinds.has(kind)) kinds.set(kind, node as Text);
    }
    for (const node of kinds.values()) node.data = `${node.data} ${text}`;
    return doc;
  }

  it('reads the fixture of every engine with hostile text', () => {
    expect(pages.length).toBeGreaterThanOrEqual(10);
  });

  for (const page of pages) {
    if (page.engine === 'discourse' || !isForumEngineId(page.engine)) continue; // Discourse posts come as JSON, parsed below
    const adapter = forumAdapters[page.engine];
    it.each(adapterInputs)(`${page.name}: parseThreadPage on %s`, (name) => {
      const make = adversarial[name];
      if (make === undefined) throw new Error(`no input ${name}`);
      const url = new URL(page.url);
      // A quarter of the input against the whole: a page parse carries the rest of the page and the tests
      // before it in every timing, so a 4× span tells linear (×4) from quadratic (×16) where 2× is too close.
      const small = withHostileText(page.html, make(LARGE / 4));
      const large = withHostileText(page.html, make(LARGE));
      const docs = new Map([
        ['s', small],
        ['l', large],
      ]);
      expectLinear(
        (key) => {
          const doc = docs.get(key);
          if (doc !== undefined) adapter.parseThreadPage(doc, url, { now: 0 });
        },
        's',
        'l',
        // A whole page per call: the garbage of the tests before shows in a few timings, so take the best of more.
        5,
        4,
      );
    });
  }

  it.each(adapterInputs)('the body walker of every engine on %s', (name) => {
    const make = adversarial[name];
    if (make === undefined) throw new Error(`no input ${name}`);
    const holder = (text: string): Element => {
      const doc = document.implementation.createHTMLDocument('');
      const div = doc.createElement('div');
      const b = doc.createElement('b');
      const quote = doc.createElement('blockquote');
      b.textContent = text;
      quote.textContent = text;
      div.append(text, b, quote);
      return div;
    };
    const small = holder(make(SMALL));
    const large = holder(make(LARGE));
    const els = new Map([
      ['s', small],
      ['l', large],
    ]);
    for (const engine of Object.keys(forumAdapters)) {
      if (!isForumEngineId(engine)) continue;
      expectLinear(
        (key) => {
          const el = els.get(key);
          if (el !== undefined) parsePostBody(el, engine);
        },
        's',
        'l',
      );
    }
  });
});
