/**
 * Fuzz throughput: fast-check runs of the three places page text meets
 * Gavel's code, each property being only "does not throw" (the fuzz tests in
 * test/ check more with fewer cases; here the point is volume and speed):
 *
 * - vote extraction over post bodies made of arbitrary strings (any Unicode,
 *   bold, struck, vote-tag runs, quotes and spoilers), with the forum
 *   template's and mafiascum's grammars, plus the raw-HTML pre-filter;
 * - name matching of arbitrary strings against rosters of arbitrary names;
 * - parseThreadPage of every registered adapter over arbitrary HTML: a soup
 *   of the tags, classes, ids and attributes the adapters look for, mixed
 *   with arbitrary text, parsed by jsdom into a page's body (half the cases
 *   in a page with a title and phpBB's body id). Each case goes to one adapter, in turn, so
 *   every adapter gets an equal share of the cases.
 */
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import {
  defaultVoteRules,
  extractVotes,
  mafiascumVoteRules,
  matchName,
  matchVoteTarget,
  mayContainVote,
  type Roster,
} from '../../src/engine';
import type { BodyNode } from '../../src/model/post';
import { forumAdapters, forumEngineIds } from '../../src/parsers';
import { round, secondsSince, type Log } from './util';

interface FuzzFigure {
  readonly cases: number;
  readonly seconds: number;
  readonly casesPerSecond: number;
  readonly failures: number;
  readonly counterexample: string | null;
  readonly seed: number;
}

function run<T>(name: string, arbitrary: fc.Arbitrary<T>, check: (value: T) => void, cases: number, seed: number, log: Log): FuzzFigure {
  const start = process.hrtime.bigint();
  const details = fc.check(
    fc.property(arbitrary, (value) => {
      check(value);
    }),
    { numRuns: cases, seed, endOnFailure: true },
  );
  const seconds = secondsSince(start);
  log(`fuzz: ${name}: ${details.numRuns} cases in ${round(seconds, 1)} s${details.failed ? ' (FAILED)' : ''}`);
  return {
    cases: details.numRuns,
    seconds: round(seconds, 2),
    casesPerSecond: Math.round(details.numRuns / seconds),
    failures: details.failed ? 1 : 0,
    counterexample: details.failed
      ? `${JSON.stringify(details.counterexample)?.slice(0, 500) ?? ''} (${String(details.errorInstance).slice(0, 200)})`
      : null,
    seed,
  };
}

const anyText = fc.string({ unit: 'binary', maxLength: 40 });
/** Text that looks like votes more often than pure noise would. */
const voteish = fc.oneof(
  anyText,
  fc
    .tuple(
      fc.constantFrom('vote', 'VOTE:', 'Vote ', 'unvote', 'Unvote: ', 'v:', 'uv', 'vote: no lynch', 'un-vote', 'Голос: ', 'VOTE: ', ''),
      anyText,
      fc.constantFrom('', '\n', ', ', ' vote: ', ' unvote '),
    )
    .map(([a, b, c]) => `${a}${b}${c}`),
);

const textNode = fc.record(
  {
    type: fc.constant('text' as const),
    text: voteish,
    bold: fc.constant(true as const),
    struck: fc.constant(true as const),
    voteTag: fc.constant(true as const),
    color: fc.constantFrom('green', '#008000', 'red'),
  },
  { requiredKeys: ['type', 'text'] },
);

const bodyArb: fc.Arbitrary<BodyNode[]> = fc.letrec<{ nodes: BodyNode[]; node: BodyNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    textNode,
    fc.constant({ type: 'break' as const }),
    fc.record({ type: fc.constant('quote' as const), author: anyText, children: tie('nodes') }, { requiredKeys: ['type', 'children'] }),
    fc.record({ type: fc.constant('spoiler' as const), title: anyText, children: tie('nodes') }, { requiredKeys: ['type', 'children'] }),
  ),
  nodes: fc.array(tie('node'), { maxLength: 6 }),
})).nodes;

const rosterArb: fc.Arbitrary<Roster> = fc
  .array(
    fc.array(fc.oneof(anyText, fc.constantFrom('Alpha_Wolf', 'Bluebell', 'Mr. Bean', 'xXx_Slayer_xXx', 'Ёлка', 'J.D.')), {
      minLength: 1,
      maxLength: 3,
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((slots) => ({
    slots: slots.map((names, i) => ({ id: `slot-${i + 1}`, accounts: names.map((name) => ({ name })) })),
    hosts: ['Host'],
  }));

// The markup the adapters look for, so the soup reaches past detection into the readers.
const tags = [
  'div',
  'span',
  'li',
  'ol',
  'ul',
  'article',
  'table',
  'tr',
  'td',
  'p',
  'a',
  'b',
  'strong',
  'blockquote',
  'cite',
  'time',
  'h3',
  'font',
  'dl',
  'dt',
  'dd',
  'section',
  'header',
  'footer',
  'script',
  'meta',
  'br',
  's',
  'del',
];
const classes = [
  'post',
  'postbody',
  'content',
  'author',
  'postprofile',
  'username',
  'bbvote',
  'notice',
  'pagination',
  'inner',
  'message',
  'messageText',
  'messageContent',
  'message--post',
  'message-body',
  'bbWrapper',
  'message-attribution',
  'u-dt',
  'postcontainer',
  'postcontent',
  'postdate',
  'b-post',
  'js-post',
  'post_body',
  'post_author',
  'post_date',
  'smalltext',
  'windowbg',
  'cPost',
  'ipsType_richText',
  'cPost_contentWrap',
  'ucoz-forum-post',
  'postTdTop',
  'j-comment',
  'j-comment-body',
  'quotecontent',
  'quotetitle',
  'bbCodeQuote',
  'bbcode_quote',
  'editedBy',
  'lastedit',
];
const ids = fc.oneof(
  fc.constantFrom('phpbb', 'forumposts', 'messageList', 'posts', 'page-body', 'page-footer'),
  fc
    .tuple(fc.constantFrom('p', 'post', 'post_', 'post_message_', 'msg', 'msg_', 'elComment_', 'postcount', 'edit'), fc.nat(99999))
    .map(([a, b]) => `${a}${b}`),
);
const attribute = fc.oneof(
  fc.tuple(
    fc.constant('class'),
    fc.array(fc.constantFrom(...classes), { minLength: 1, maxLength: 3 }).map((c) => c.join(' ')),
  ),
  fc.tuple(fc.constant('id'), ids),
  fc.tuple(
    fc.constantFrom(
      'data-time',
      'data-epoch',
      'data-node-id',
      'data-postnumber',
      'data-node-publishdate',
      'datetime',
      'data-author',
      'data-id',
      'title',
      'href',
      'name',
      'content',
      'style',
    ),
    fc.oneof(
      anyText,
      fc.nat().map(String),
      fc.constantFrom('2026-11-20T09:00:00+00:00', 'font-weight:bold', 'Discourse 3.2', './viewtopic.php?t=1&start=25'),
    ),
  ),
);
const escapeAttr = (s: string): string => s.replace(/[&"<]/g, (c) => (c === '&' ? '&amp;' : c === '"' ? '&quot;' : '&lt;'));

const htmlArb: fc.Arbitrary<string> = fc.letrec<{ html: string; element: string }>((tie) => ({
  element: fc
    .tuple(fc.constantFrom(...tags), fc.array(attribute, { maxLength: 3 }), tie('html'))
    .map(([tag, attrs, inner]) => `<${tag}${attrs.map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('')}>${inner}</${tag}>`),
  html: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    anyText,
    fc.array(tie('element'), { maxLength: 4 }).map((parts) => parts.join('')),
    fc.tuple(voteish, tie('element'), anyText).map(([a, b, c]) => `${a}${b}${c}`),
  ),
})).html;

const urls = [
  'https://forum.mafiascum.net/viewtopic.php?t=15787&start=25',
  'https://www.mafiauniverse.com/forums/threads/1234-Game/page3',
  'https://www.bay12forums.com/smf/index.php?topic=1234.50',
  'https://forums.example.org/t/some-topic/4321/5',
  'https://xf.example.org/threads/game.77/page-2',
  'https://ucoz.example.ru/forum/2-33-4',
  'https://www.mtgsalvation.com/forums/forum-games/mafia/123-game?page=2',
  'https://example.org/showthread.php?t=5&page=2',
];

export function benchFuzz(options: { readonly cases: number; readonly seed: number }, log: Log): Record<string, unknown> {
  const { cases, seed } = options;
  const grammars = [defaultVoteRules, mafiascumVoteRules];
  const votes = run(
    'vote extraction',
    fc.tuple(bodyArb, fc.nat(1), voteish),
    ([body, g, raw]) => {
      const rules = grammars[g] ?? defaultVoteRules;
      extractVotes({ body }, rules);
      mayContainVote(raw, rules.grammar);
    },
    cases,
    seed,
    log,
  );
  const names = run(
    'name matching',
    fc.tuple(rosterArb, voteish),
    ([roster, text]) => {
      matchName(text, roster);
      matchVoteTarget(text, roster);
    },
    cases,
    seed + 1,
    log,
  );

  // One jsdom document, its body replaced for every case: a new document per case
  // costs more than the parsing itself, and jsdom slows down as thousands pile up.
  const doc = new JSDOM('<!doctype html><html><head><title></title></head><body></body></html>').window.document;
  const range = doc.createRange();
  range.selectNodeContents(doc.body);
  const perAdapter: Record<string, number> = Object.fromEntries(forumEngineIds.map((id) => [id, 0]));
  let turn = 0;
  const pages = run(
    'parseThreadPage, every adapter',
    fc.tuple(htmlArb, fc.constantFrom(...urls), fc.boolean()),
    ([html, url, wrapped]) => {
      const id = forumEngineIds[turn++ % forumEngineIds.length] ?? 'phpbb';
      perAdapter[id] = (perAdapter[id] ?? 0) + 1;
      doc.title = wrapped ? 'Game thread' : '';
      doc.body.id = wrapped ? 'phpbb' : '';
      doc.body.replaceChildren(range.createContextualFragment(html));
      forumAdapters[id].parseThreadPage(doc, new URL(url), { now: Date.UTC(2026, 10, 23, 12) });
    },
    cases,
    seed + 2,
    log,
  );
  const all = [votes, names, pages];
  return {
    voteExtraction: votes,
    nameMatching: names,
    parseThreadPage: { ...pages, adapters: forumEngineIds.length, casesPerAdapter: perAdapter },
    totalCases: all.reduce((n, f) => n + f.cases, 0),
    noneThrew: all.every((f) => f.failures === 0),
  };
}
