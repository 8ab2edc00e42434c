/**
 * Messages bound to their sender: the worker's real thread, crawl and game
 * handlers behind the real listener, against an in-memory IndexedDB, with the
 * sender records the browser gives. A content script on forum A may read,
 * write and crawl forum A's threads only; it gets no game at all; a page
 * report is checked field by field and a bad one stores nothing; and a post
 * row damaged in the database does not stop the thread from being counted.
 */
import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import type { ForumPost } from '../../src/model/post';
import { crawlHandlers } from '../../extension/background/handlers/crawl';
import { gameHandlers } from '../../extension/background/handlers/games';
import { threadHandlers } from '../../extension/background/handlers/thread';
import type { Crawler } from '../../extension/background/crawl';
import { findError, RemoteError } from '../../extension/shared/errors';
import { MAX_POSTS_PER_PAGE } from '../../extension/shared/content-requests';
import { createMessageHandler, senderOriginOf, sendRequest, type Handlers, type SenderInfo } from '../../extension/shared/messaging';
import type { Envelope, MessageType, RequestOf, ResponseOf } from '../../extension/shared/protocol';
import { getPosts, getThread, savePage, trackThread } from '../../extension/storage/repository';
import type { GavelDatabase } from '../../extension/storage/schema';

const freshDb = freshDatabases('gavel-sender');

const extensionId = 'gavelgavelgavelgavelgavelgavelga';
const extensionOrigin = `chrome-extension://${extensionId}/`;
const forumA = 'https://forum.mafiascum.net';
const forumB = 'https://www.mafiauniverse.com';
/** Gavel's content script on a page of forum A, as Chromium describes it (`origin` and `url`). */
const onA: SenderInfo = { id: extensionId, origin: forumA, url: `${forumA}/viewtopic.php?t=1`, tab: { id: 7 } };
/** The same in Firefox, which gives no `origin`. */
const onAFirefox: SenderInfo = { id: extensionId, url: `${forumA}/viewtopic.php?t=1`, tab: { id: 7 } };
const popup: SenderInfo = { id: extensionId, url: `${extensionOrigin}extension/popup/index.html` };

const post = (n: number, author: string, text: string): ForumPost => ({
  id: `p${n}`,
  number: n,
  author,
  postedAt: null,
  body: [{ type: 'text', text, bold: true }],
});
const opening: ForumPost = {
  id: 'p0',
  number: 0,
  author: 'Host',
  postedAt: null,
  body: ['Players:', 'Cedar', 'Gorse', 'Elm'].flatMap((t) => [{ type: 'text' as const, text: t }, { type: 'break' as const }]),
};
const threadB = { origin: forumB, threadId: '55501', title: 'Greenwood Mafia' };
const reportB = onePageReport(threadB, [opening, post(1, 'Gorse', 'vote Cedar')], { url: `${forumB}/forums/threads/55501` });

interface World {
  readonly db: GavelDatabase;
  readonly crawls: string[];
  ask<T extends MessageType>(type: T, payload: RequestOf<T>, sender?: SenderInfo): Promise<ResponseOf<T>>;
  /** The raw reply, for payloads the types would not allow. */
  raw(type: string, payload: unknown, sender?: SenderInfo): Promise<unknown>;
}

async function world(): Promise<World> {
  const db = freshDb();
  let clock = 1000;
  const now = (): number => ++clock;
  const crawls: string[] = [];
  const crawler: Crawler = {
    start: ({ origin, threadId }) => {
      crawls.push(`start ${origin}|${threadId}`);
      return Promise.reject(new Error('no crawl in this test'));
    },
    restart: (origin, threadId) => {
      crawls.push(`restart ${origin}|${threadId}`);
      return Promise.resolve(null);
    },
    resume: () => Promise.resolve(),
    idle: () => Promise.resolve(),
  };
  const unused = (): Promise<never> => Promise.reject(new Error('not used in this test'));
  const thread = threadHandlers(() => db, now);
  const handlers = {
    ...Object.fromEntries(
      (['worker/ping', 'settings/get', 'settings/set', 'ui/messages', 'forums/enable', 'forums/list'] as const).map((t) => [t, unused]),
    ),
    ...thread,
    ...crawlHandlers(thread, { db: () => db, crawler, badges: { show: () => Promise.resolve() } }),
    ...gameHandlers(
      () => db,
      now,
      () => 'game-1',
    ),
  } as unknown as Handlers;
  const listener = createMessageHandler(handlers, { extensionId, extensionOrigin, checkPlainJson: true });
  const transport =
    (sender: SenderInfo) =>
    (envelope: Envelope): Promise<unknown> =>
      listener(envelope, sender) ?? Promise.resolve(undefined);
  // Forum B's thread as the host left it: tracked, one page read, Gorse voting Cedar.
  await savePage(db, reportB, now());
  await trackThread(db, forumB, threadB.threadId, now());
  return {
    db,
    crawls,
    ask: (type, payload, sender = onA) => sendRequest(transport(sender), type, payload),
    raw: (type, payload, sender = onA) => listener({ gavel: 1, type, payload }, sender) ?? Promise.resolve(undefined),
  };
}

async function refusal(promise: Promise<unknown>): Promise<RemoteError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteError);
  return error as RemoteError;
}

describe('the site a content script runs on', () => {
  it('comes from the browser sender record: its origin, else its address, else its tab', () => {
    expect(senderOriginOf(onA)).toBe(forumA);
    expect(senderOriginOf(onAFirefox)).toBe(forumA);
    expect(senderOriginOf({ tab: { id: 1, url: `${forumB}/x` } })).toBe(forumB);
    // The record's origin wins over an address that says otherwise.
    expect(senderOriginOf({ origin: forumA, url: `${forumB}/x` })).toBe(forumA);
    expect(senderOriginOf({ origin: 'null', url: `${forumB}/x` })).toBeNull();
    expect(senderOriginOf({ url: 'about:blank' })).toBeNull();
  });
});

describe('a content script on forum A', () => {
  it("cannot count, read, track or see the crawl of forum B's thread", async () => {
    const w = await world();
    const asks = [
      w.ask('thread/count', { origin: forumB, threadId: threadB.threadId }),
      w.ask('thread/get', { origin: forumB, threadId: threadB.threadId }),
      w.ask('thread/track', { origin: forumB, threadId: '999' }),
      w.ask('thread/crawl-status', { origin: forumB, threadId: threadB.threadId }),
      w.ask('thread/count', { origin: forumB, threadId: threadB.threadId }, onAFirefox),
    ];
    for (const asked of asks) {
      const error = await refusal(asked);
      expect(error.code).toBe('message/foreign-origin');
      expect(error.details).toMatchObject({ senderOrigin: forumA, requested: forumB });
      expect(error.message).toContain(`on ${forumA} asked about ${forumB}`);
    }
    expect(w.crawls).toEqual([]);
    expect(await getThread(w.db, forumB, '999')).toBeNull();
  });

  it("cannot store posts into forum B's thread, whether it names B as the thread or as the page's address", async () => {
    const w = await world();
    const forged = onePageReport(threadB, [post(2, 'Cedar', 'vote Gorse'), post(3, 'Elm', 'vote Gorse')], {
      url: `${forumB}/forums/threads/55501/page2`,
      contentHash: 'forged',
    });
    const error = await refusal(w.ask('thread/page-read', { ...forged, pageNumber: 2, pageCount: 2 }));
    expect(error.code).toBe('message/foreign-origin');
    // Its own thread, but a page address on B: the crawl would start from B.
    const onAWithBUrl = onePageReport({ origin: forumA, threadId: '1', title: 'A' }, [post(1, 'X', 'hi')], { url: `${forumB}/x` });
    const mixed = await refusal(w.ask('thread/page-read', onAWithBUrl));
    expect(findError(mixed, 'message/invalid-request')?.details).toMatchObject({ field: 'url' });
    expect((await getPosts(w.db, forumB, threadB.threadId)).map((p) => p.postId)).toEqual(['p0', 'p1']);
    expect(w.crawls).toEqual([]);
    const count = await w.ask('thread/count', { origin: forumB, threadId: threadB.threadId }, popup);
    expect(count.count?.wagons.map((x) => `${x.target}:${x.votes}`)).toEqual(['Cedar:1']);
  });

  it('gets no game, neither by thread nor by id', async () => {
    const w = await world();
    await w.ask(
      'game/create',
      { threadKey: `${forumB}|${threadB.threadId}`, presetId: 'forum-template-001', roster: { from: 'opening-post' } },
      popup,
    );
    for (const payload of [{ threadKey: `${forumB}|${threadB.threadId}` }, { threadKey: `${forumA}|1` }, { id: 'game-1' }]) {
      const error = await refusal(w.ask('game/get', payload));
      expect(error.code).toBe('message/forbidden-sender');
      expect(error.details).toEqual({ type: 'game/get', sender: 'content' });
    }
    expect(await w.ask('game/get', { id: 'game-1' }, popup)).not.toBeNull();
  });

  it('may still read, track and count its own forum A thread', async () => {
    const w = await world();
    const own = onePageReport({ origin: forumA, threadId: '1', title: 'A' }, [opening, post(1, 'Elm', 'vote Gorse')]);
    const saved = await w.ask('thread/page-read', own);
    expect(saved.added).toBe(2);
    await w.ask('thread/track', { origin: forumA, threadId: '1' });
    expect(w.crawls).toEqual([`restart ${forumA}|1`]);
    const { count } = await w.ask('thread/count', { origin: forumA, threadId: '1' });
    expect(count?.wagons.map((x) => `${x.target}:${x.votes}`)).toEqual(['Gorse:1']);
  });

  it('is refused anything when the browser gives it no web origin', async () => {
    const w = await world();
    const nowhere: SenderInfo = { id: extensionId, url: 'about:blank', tab: { id: 3 } };
    const error = await refusal(w.ask('thread/get', { origin: forumA, threadId: '1' }, nowhere));
    expect(error.code).toBe('message/foreign-origin');
    expect(error.details).toMatchObject({ senderOrigin: null });
  });
});

describe('a page report', () => {
  const own = (posts: readonly unknown[], patch: Readonly<Record<string, unknown>> = {}): unknown => ({
    ...onePageReport({ origin: forumA, threadId: '1', title: 'A' }, posts as ForumPost[]),
    ...patch,
  });
  const cases: readonly { readonly name: string; readonly report: unknown; readonly field: string }[] = [
    { name: 'a post with a null body', report: own([post(1, 'X', 'a'), { ...post(2, 'Y', 'b'), body: null }]), field: 'posts[1].body' },
    {
      name: 'a text run that is not text',
      report: own([{ ...post(1, 'X', 'a'), body: [{ type: 'text', text: 5 }] }]),
      field: 'posts[0].body[0].text',
    },
    {
      name: 'a body node of no known kind',
      report: own([{ ...post(1, 'X', 'a'), body: [{ type: 'img', src: 'x' }] }]),
      field: 'posts[0].body[0].type',
    },
    { name: 'an author too long', report: own([post(1, 'X'.repeat(201), 'a')]), field: 'posts[0].author' },
    { name: 'a post number that is not whole', report: own([{ ...post(1, 'X', 'a'), number: 1.5 }]), field: 'posts[0].number' },
    {
      name: 'a javascript: permalink',
      report: own([{ ...post(1, 'X', 'a'), permalink: 'javascript:alert(1)' }]),
      field: 'posts[0].permalink',
    },
    { name: 'a page number out of bounds', report: own([post(1, 'X', 'a')], { pageNumber: 20_000_000 }), field: 'pageNumber' },
    { name: 'a page count that is not a number', report: own([post(1, 'X', 'a')], { pageCount: '3' }), field: 'pageCount' },
    { name: 'an engine Gavel does not read', report: own([post(1, 'X', 'a')], { engine: 'evil' }), field: 'engine' },
    { name: 'posts that are not a list', report: own([], { posts: {} }), field: 'posts' },
    {
      name: 'too many posts',
      report: own(Array.from({ length: MAX_POSTS_PER_PAGE + 1 }, (_, i) => post(i, 'X', 'a'))),
      field: 'posts',
    },
    {
      name: 'quotes nested too deep',
      report: own([
        {
          ...post(1, 'X', 'a'),
          body: [Array.from({ length: 300 }).reduce<unknown>((inner) => ({ type: 'quote', children: [inner] }), { type: 'break' })],
        },
      ]),
      field: 'posts[0].body[0]',
    },
  ];

  for (const { name, report, field } of cases) {
    it(`with ${name} is refused, naming ${field}, and stores nothing`, async () => {
      const w = await world();
      const reply = (await w.raw('thread/page-read', report)) as { ok: boolean; error?: { code?: string; details?: { field?: string } } };
      expect(reply.ok).toBe(false);
      expect(reply.error?.code).toBe('message/invalid-request');
      expect(reply.error?.details?.field).toContain(field);
      expect(await getThread(w.db, forumA, '1')).toBeNull();
      expect(await w.db.posts.count()).toBe(2);
      expect(await w.db.pages.count()).toBe(1);
    });
  }

  it('is stored from its listed fields only', async () => {
    const w = await world();
    const extra = own([{ ...post(1, 'X', 'vote Y'), threadKey: `${forumB}|55501`, planted: 'x' }], { extra: 1 });
    await w.raw('thread/page-read', extra);
    const stored = await w.db.posts.get([`${forumA}|1`, 'p1']);
    expect(stored?.post).toEqual(post(1, 'X', 'vote Y'));
  });
});

describe('a post row damaged in the database', () => {
  it('is left out of the count, which says so, instead of failing the thread from then on', async () => {
    const w = await world();
    const key = `${forumB}|${threadB.threadId}`;
    await w.db.posts.put({
      threadKey: key,
      postId: 'bad',
      number: 2,
      post: { ...post(2, 'Elm', 'vote Gorse'), body: null } as never,
      storedAt: 1,
    });
    const { count, reason } = await w.ask('thread/count', { origin: forumB, threadId: threadB.threadId }, popup);
    expect(count?.wagons.map((x) => `${x.target}:${x.votes}`)).toEqual(['Cedar:1']);
    expect(reason).toContain('1 stored post is damaged and left out of the count (bad)');
  });
});
