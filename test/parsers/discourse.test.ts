// A Discourse topic read page by page from its JSON (`/t/{id}.json?page=N`), as the worker crawls it.
import { describe, expect, it } from 'vitest';
import { crawlAddressOf, pageLinksOf, pageUrlOf, parseDiscourseJson, parseThreadPage } from '../../src/parsers';
import { topicJsonAddressOf } from '../../src/parsers/discourse/urls';
import { gameTopic, jsonPageCount, jsonPageUrl, topicAppPage, topicJsonPage, topicPageUrl } from './discourse-topic';
import { htmlDocument } from './helpers';

const origin = 'https://discourse.example.org';
const now = Date.UTC(2026, 10, 23, 12);

/** A JSON answer as the worker reads it: the text of an empty page. */
function jsonDocument(text: string, url: string): Document {
  const doc = htmlDocument('<!doctype html><html><head></head><body></body></html>', url);
  doc.body.textContent = text;
  return doc;
}

function readPage(text: string, url: string) {
  const result = parseThreadPage(jsonDocument(text, url), url, { now });
  if (!result.supported) throw new Error(`not read: ${result.reason}`);
  return result;
}

describe('a Discourse topic of 45 posts, read 20 posts at a time', () => {
  const topic = gameTopic(origin, 45);

  it('numbers each JSON page and links it to the next, so the crawl reads pages 1, 2 and 3 and stops', () => {
    expect(jsonPageCount(topic)).toBe(3);
    const pages = [1, 2, 3].map((n) => readPage(topicJsonPage(topic, n), jsonPageUrl(topic, n)));
    expect(pages.map((p) => p.engine)).toEqual(['discourse', 'discourse', 'discourse']);
    expect(pages.map((p) => p.data.currentPage)).toEqual([1, 2, 3]);
    expect(pages.map((p) => p.data.pageCount)).toEqual([3, 3, 3]);
    expect(pages.map((p) => p.data.nextPageUrl)).toEqual([`${origin}/t/4242.json?page=2`, `${origin}/t/4242.json?page=3`, null]);
    expect(pages.map((p) => p.data.posts.map((post) => post.number))).toEqual([
      Array.from({ length: 20 }, (_, i) => i + 1),
      Array.from({ length: 20 }, (_, i) => i + 21),
      Array.from({ length: 5 }, (_, i) => i + 41),
    ]);
    expect(pages.every((p) => p.issues.length === 0)).toBe(true);
  });

  it("keeps each post's site-wide id, author, time, edit and bold vote", () => {
    const page = readPage(topicJsonPage(topic, 2), jsonPageUrl(topic, 2)).data;
    const post = page.posts[0];
    expect(post?.id).toBe('80020');
    expect(post?.number).toBe(21);
    expect(post?.author).toBe(topic.posts[20]?.username);
    expect(post?.permalink).toBe(`${origin}/t/gavel-mafia-day-1/4242/21`);
    const host = readPage(topicJsonPage(topic, 1), jsonPageUrl(topic, 1)).data.posts[0];
    expect(host?.edited?.count).toBe(1);
    expect(page.threadId).toBe('4242');
    expect(page.title).toBe('Gavel Mafia Day 1');
  });

  it('reads the first page without ?page= as page 1, with the slugged address too', () => {
    const bare = readPage(topicJsonPage(topic, 1), `${origin}/t/4242.json`).data;
    expect(bare.currentPage).toBe(1);
    expect(bare.nextPageUrl).toBe(`${origin}/t/4242.json?page=2`);
    const slugged = readPage(topicJsonPage(topic, 2), `${origin}/t/gavel-mafia-day-1/4242.json?page=2`).data;
    expect(slugged.currentPage).toBe(2);
    expect(slugged.threadId).toBe('4242');
  });

  it('gives the address of every page of the topic, the ones before the page read too', () => {
    const url = jsonPageUrl(topic, 3);
    const links = pageLinksOf('discourse', jsonDocument(topicJsonPage(topic, 3), url), url, 3);
    expect(pageUrlOf(links, 1)).toBe(`${origin}/t/4242.json?page=1`);
    expect(pageUrlOf(links, 2)).toBe(`${origin}/t/4242.json?page=2`);
  });
});

describe('posts a player did not write, and posts taken back', () => {
  it('leaves out a deleted post, a "closed this topic" line, a moderator notice and a whisper, and still pages by the stream', () => {
    const topic = gameTopic(origin, 25, {
      4: { username: 'bob_smith', cooked: '<p><strong>Vote: alice</strong></p>', deletedAt: '2026-11-20T19:00:00.000Z' },
      7: { username: 'system', cooked: '', postType: 3, actionCode: 'closed.enabled' },
      8: { username: 'moderator', cooked: '<p>This topic was reopened.</p>', postType: 2 },
      9: { username: 'moderator', cooked: '<p><strong>Vote: erin</strong></p>', postType: 4 },
    });
    // A moderator's view: the deleted post is served, marked deleted.
    const first = readPage(topicJsonPage(topic, 1, true), jsonPageUrl(topic, 1)).data;
    const numbers = first.posts.map((p) => p.number);
    expect(numbers).not.toContain(4);
    expect(numbers).not.toContain(7);
    expect(numbers).not.toContain(8);
    expect(numbers).not.toContain(9);
    expect(numbers).toHaveLength(16);
    expect(first.pageCount).toBe(2);
    const second = readPage(topicJsonPage(topic, 2, true), jsonPageUrl(topic, 2)).data;
    expect(second.posts.map((p) => p.number)).toEqual([21, 22, 23, 24, 25]);
  });

  it('reads a last page holding only a "closed this topic" line as a page with no posts and nothing wrong', () => {
    const topic = gameTopic(origin, 21, { 21: { username: 'system', cooked: '', postType: 3, actionCode: 'closed.enabled' } });
    const last = readPage(topicJsonPage(topic, 2), jsonPageUrl(topic, 2));
    expect(last.data.posts).toEqual([]);
    expect(last.issues).toEqual([]);
    expect(last.data.nextPageUrl).toBeNull();
  });

  it('says what is wrong with JSON that has no posts at all', () => {
    const url = `${origin}/t/4242.json?page=9`;
    const result = parseDiscourseJson(
      { id: 4242, post_stream: { posts: [], stream: [] } },
      new URL(url),
      { now },
      htmlDocument('<p></p>', url),
    );
    expect(result.data.posts).toEqual([]);
    expect(result.issues.map((i) => i.kind)).toEqual(['json/unexpected']);
  });
});

describe('which address the worker fetches for a Discourse page', () => {
  it('fetches the topic JSON for the app page a host opened, at the page it shows', () => {
    expect(crawlAddressOf('discourse', `${origin}/t/gavel-mafia-day-1/4242`)).toBe(`${origin}/t/4242.json?page=1`);
    expect(crawlAddressOf('discourse', `${origin}/t/gavel-mafia-day-1/4242?page=3`)).toBe(`${origin}/t/4242.json?page=3`);
    // A post link does not say which page the post is on (deleted posts shift the pages): the topic's first page.
    expect(crawlAddressOf('discourse', `${origin}/t/gavel-mafia-day-1/4242/45#reply`)).toBe(`${origin}/t/4242.json?page=1`);
  });

  it('keeps the folder of a forum installed in a subfolder', () => {
    expect(crawlAddressOf('discourse', 'https://example.org/community/t/gavel-mafia-day-1/4242?page=2')).toBe(
      'https://example.org/community/t/4242.json?page=2',
    );
    const topic = { ...gameTopic('https://example.org/community', 30) };
    const page = readPage(topicJsonPage(topic, 1), jsonPageUrl(topic, 1)).data;
    expect(page.nextPageUrl).toBe('https://example.org/community/t/4242.json?page=2');
    expect(page.posts[0]?.permalink).toBe('https://example.org/community/t/gavel-mafia-day-1/4242/1');
  });

  it("keeps a JSON page address as it is, and any other engine's address", () => {
    expect(crawlAddressOf('discourse', `${origin}/t/4242.json?page=2`)).toBe(`${origin}/t/4242.json?page=2`);
    expect(crawlAddressOf('phpbb', 'https://forum.mafiascum.net/viewtopic.php?t=1&start=25')).toBe(
      'https://forum.mafiascum.net/viewtopic.php?t=1&start=25',
    );
    expect(crawlAddressOf('discourse', 'not an address')).toBe('not an address');
    expect(topicJsonAddressOf(new URL(`${origin}/c/games/6`))).toBeNull();
    expect(topicJsonAddressOf(new URL(`${origin}/t/4242/posts.json?post_ids[]=80001`))).toBe(`${origin}/t/4242.json?page=1`);
  });

  it('recognises the app page as Discourse and names its topic, with no posts of its own to read', () => {
    const topic = gameTopic(origin, 3);
    const url = topicPageUrl(topic);
    const result = parseThreadPage(htmlDocument(topicAppPage(topic), url), url, { now });
    expect(result.supported && result.engine).toBe('discourse');
    if (!result.supported) return;
    expect(result.data.threadId).toBe('4242');
    expect(result.data.posts).toEqual([]);
    expect(result.issues).toEqual([]);
  });

  it('says so when a crawler view (the page a browser without script gets) shows no posts', () => {
    const url = `${origin}/t/gavel-mafia-day-1/4242`;
    const html = `<!doctype html><html><head><meta name="generator" content="Discourse 3.3.2"></head>
      <body><div id="main-outlet" class="wrap" role="main"><div id="topic-title"><h1>Gavel Mafia Day 1</h1></div></div></body></html>`;
    const result = parseThreadPage(htmlDocument(html, url), url, { now });
    expect(result.supported && result.issues.map((i) => i.kind)).toEqual(['structure/selector-count']);
  });
});
