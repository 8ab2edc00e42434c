/**
 * The addresses of a thread's other pages, as one page of it shows them: a host
 * who first opens a game at page 3 needs pages 1 and 2 too, and the worker finds
 * them here. Checked on the real saved pages in ../shared (skipped when absent)
 * and on the project's own engine pages in test/fixtures/forums.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageLinksOf, pageUrlOf, parseThreadPage, type PageLinks } from '../../src/parsers/index';
import { hasShared, htmlDocument, loadDocument, repoRoot, sharedForums, warnSkipped } from './helpers';

const now = Date.parse('2026-01-01T00:00:00Z');

/** Parses a page and reads its page links, as the worker does with a page it fetched. */
function linksOf(doc: Document, url: string): { readonly engine: string; readonly current: number; readonly links: PageLinks } {
  const parsed = parseThreadPage(doc, url, { now });
  if (!parsed.supported) throw new Error(`${url} did not parse`);
  return { engine: parsed.engine, current: parsed.data.currentPage, links: pageLinksOf(parsed.engine, doc, url, parsed.data.currentPage) };
}

/** Page n's address for pages 1…upTo. */
function addresses(links: PageLinks, upTo: number): Array<string | null> {
  return Array.from({ length: upTo }, (_, i) => pageUrlOf(links, i + 1));
}

warnSkipped('the earlier-page addresses on the real saved forum pages (page-urls.test.ts)');

describe.skipIf(!hasShared)('earlier pages on the real saved forum pages', () => {
  const real = (file: string, url: string) => linksOf(loadDocument(path.join(sharedForums, file), url), url);

  it('phpBB 3.0 page 2 of 10: page 1 from the pagination, and pages past its "…" from start = 25 per page', () => {
    const { engine, current, links } = real(
      'phpbb/ilovephilosophy_biological-will_page2_phpbb30.html',
      'https://www.ilovephilosophy.com/viewtopic.php?f=1&t=194998&start=25',
    );
    expect([engine, current]).toEqual(['phpbb', 2]);
    expect(pageUrlOf(links, 1)).toBe('https://www.ilovephilosophy.com/viewtopic.php?f=1&t=194998');
    expect(links.scheme?.perPage).toBe(25);
    // page 7 is hidden behind the pagination's "…": built from the thread's start offsets
    expect(links.pages['7']).toBeUndefined();
    expect(pageUrlOf(links, 7)).toBe('https://www.ilovephilosophy.com/viewtopic.php?f=1&t=194998&start=150');
  });

  it("XenForo 1 page 54 of 347: page 1 (rel=start), page 53 (rel=prev), and page 2 from the navigation's own template", () => {
    const { engine, current, links } = real(
      'xenforo1/sufficientvelocity_renascence-homura-quest_page54.html',
      'https://forums.sufficientvelocity.com/threads/renascence-a-homura-quest.10402/page-54',
    );
    expect([engine, current]).toEqual(['xenforo1', 54]);
    expect(addresses(links, 2)).toEqual([
      'https://forums.sufficientvelocity.com/threads/renascence-a-homura-quest.10402/',
      'https://forums.sufficientvelocity.com/threads/renascence-a-homura-quest.10402/page-2',
    ]);
    expect(links.pages['53']).toBe('https://forums.sufficientvelocity.com/threads/renascence-a-homura-quest.10402/page-53');
  });

  it('vBulletin 3 page 152 of 155: First, Prev and the jump links, and page=N for the pages between', () => {
    const { engine, current, links } = real(
      'vbulletin3/animesuki_hibike-euphonium_page152_vb3811.html',
      'https://forums.animesuki.com/showthread.php?t=128882&page=152',
    );
    expect([engine, current]).toEqual(['vbulletin3', 152]);
    expect(links.pages['1']).toBe('https://forums.animesuki.com/showthread.php?t=128882');
    expect(links.pages['151']).toBe('https://forums.animesuki.com/showthread.php?t=128882&page=151');
    expect(links.pages['102']).toBe('https://forums.animesuki.com/showthread.php?t=128882&page=102');
    expect(pageUrlOf(links, 77)).toBe('https://forums.animesuki.com/showthread.php?t=128882&page=77');
  });

  it('MyBB page 5: pages 1–4 are at the addresses the real pages 1–4 were saved from', () => {
    const game = JSON.parse(readFileSync(path.join(sharedForums, 'mybb', 'game.json'), 'utf8')) as {
      pages: Array<{ page: number; url: string }>;
    };
    const last = game.pages.find((p) => p.page === 5);
    expect(last).toBeDefined();
    const { engine, current, links } = real('mybb/page-5.html', last?.url ?? '');
    expect([engine, current]).toEqual(['mybb', 5]);
    expect(addresses(links, 4)).toEqual(game.pages.filter((p) => p.page < 5).map((p) => p.url));
  });

  it('SMF page 5: pages 1–4 are at the addresses the real pages 1–4 were saved from (topic=2.OFFSET, 10 per page)', () => {
    const game = JSON.parse(readFileSync(path.join(sharedForums, 'smf', 'game.json'), 'utf8')) as {
      pages: Array<{ page: number; url: string }>;
    };
    const last = game.pages.find((p) => p.page === 5);
    const { engine, current, links } = real('smf/page-5.html', last?.url ?? '');
    expect([engine, current]).toEqual(['smf', 5]);
    expect(links.scheme?.perPage).toBe(10);
    expect(addresses(links, 4)).toEqual(game.pages.filter((p) => p.page < 5).map((p) => p.url));
  });

  it.each([
    ['phpbb/ilovephilosophy_biological-will_page2_phpbb30.html', 'https://www.ilovephilosophy.com/viewtopic.php?f=1&t=194998&start=25'],
    [
      'xenforo1/sufficientvelocity_renascence-homura-quest_page54.html',
      'https://forums.sufficientvelocity.com/threads/renascence-a-homura-quest.10402/page-54',
    ],
    ['vbulletin3/animesuki_hibike-euphonium_page152_vb3811.html', 'https://forums.animesuki.com/showthread.php?t=128882&page=152'],
    [
      'vbulletin4/vb423_bob-dorr-dies_page1.html',
      'http://forums.militarytimes.com/showthread.php/9687-Legendary-military-columnist-author-Bob-Dorr-dies-at-76',
    ],
    [
      'vbulletin5/fandompost_isekai-quartet_page1_vb552.html',
      'https://fandompost.vbulletin.net/forum/anime-manga-discussions/general-anime-discussions/727744-isekai-quartet-discussion-thread',
    ],
    ['mybb/page-3.html', 'http://127.0.0.1:8081/showthread.php?tid=1&page=3'],
    ['smf/page-3.html', 'http://127.0.0.1:8082/index.php?topic=2.20'],
    [
      'other/mtgsalvation-curse_unreliable-cops-mafia_all.html',
      'http://www.mtgsalvation.com/forums/forum-games/mafia/762585-unreliable-cops-mafia-game-over-mafia-victory',
    ],
  ])('%s: the address scheme gives exactly the links the page shows', (file, url) => {
    const { links } = real(file, url);
    const linked = Object.entries(links.pages);
    expect(linked.length).toBeGreaterThan(0);
    expect(links.scheme).not.toBeNull();
    for (const [n, href] of linked) expect(pageUrlOf({ ...links, pages: {} }, Number(n))).toBe(href);
  });

  it('XenForo 2 page 1 of 1: no other page, but the scheme is known from the canonical address', () => {
    const { current, links } = real(
      'xenforo2/xenforo-community_a-dark-theme-option_page1.html',
      'https://xenforo.com/community/threads/a-dark-theme-option.8276/',
    );
    expect(current).toBe(1);
    expect(links.pages).toEqual({});
    expect(pageUrlOf(links, 2)).toBe('https://xenforo.com/community/threads/a-dark-theme-option.8276/page-2');
  });
});

describe("earlier pages on the project's own engine pages", () => {
  const root = path.join(repoRoot, 'test', 'fixtures', 'forums');
  const fixture = (folder: string) => {
    const { url } = JSON.parse(readFileSync(path.join(root, folder, 'expected.json'), 'utf8')) as { url: string };
    return linksOf(htmlDocument(readFileSync(path.join(root, folder, 'page.html'), 'utf8'), url), url);
  };

  it.each([
    ['phpbb/prosilver-33-game', 2, 'https://board.example.org/viewtopic.php?t=77'],
    ['xenforo1/game-page-2', 2, 'https://forum.example.com/threads/mafia-xii-gavel-edition.5150/'],
    ['xenforo2/game-page-3', 3, 'https://forums.example.net/threads/mafia-gavel-game.4411/'],
    ['vbulletin3/game-page-5', 5, 'https://boards.example.com/showthread.php?t=4242'],
    ['vbulletin4/mafia-universe-page-2', 2, 'https://www.mafiauniverse.example/forums/threads/55501-Mini-Normal-1234-Gavel-Game'],
    ['invision/ips4-game-page-2', 2, 'https://community.example.com/topic/4321-gavel-mafia/'],
  ])('%s (page %i) finds page 1 at %s', (folder, current, first) => {
    const read = fixture(folder);
    expect(read.current).toBe(current);
    expect(pageUrlOf(read.links, 1)).toBe(first);
  });

  it('XenForo 2 page 3 finds page 2 from its links and would build page 9 the same way', () => {
    const { links } = fixture('xenforo2/game-page-3');
    expect(pageUrlOf(links, 2)).toBe('https://forums.example.net/threads/mafia-gavel-game.4411/page-2');
    expect(pageUrlOf(links, 9)).toBe('https://forums.example.net/threads/mafia-gavel-game.4411/page-9');
  });

  it('vBulletin 4 on Mafia Universe builds /pageN addresses', () => {
    expect(pageUrlOf(fixture('vbulletin4/mafia-universe-page-2').links, 3)).toBe(
      'https://www.mafiauniverse.example/forums/threads/55501-Mini-Normal-1234-Gavel-Game/page3',
    );
  });

  it('Invision drops the #comments fragment its pagination links carry, and builds /page/N/', () => {
    const { links } = fixture('invision/ips4-game-page-2');
    expect(Object.values(links.pages).some((href) => href.includes('#'))).toBe(false);
    expect(pageUrlOf(links, 4)).toBe('https://community.example.com/topic/4321-gavel-mafia/page/4/');
  });

  it('uCoz page 1 builds /forum/5-777-N', () => {
    const { links } = fixture('ucoz/default-templates-page-1');
    expect(pageUrlOf(links, 2)).toBe('https://mafia.example.ucoz.ru/forum/5-777-2');
    expect(pageUrlOf(links, 3)).toBe('https://mafia.example.ucoz.ru/forum/5-777-3');
  });

  it('SMF 2.0 page 1 learns 10 posts per page from its link to page 2', () => {
    const { links } = fixture('smf/smf20-game-page-1');
    expect(links.scheme?.perPage).toBe(10);
    expect(pageUrlOf(links, 3)).toBe('https://smf.example.com/index.php?topic=88.20');
  });

  it('mafiascum page 1 learns 25 posts per page from its pagination', () => {
    const { links } = fixture('phpbb/mafiascum-mini');
    expect(pageUrlOf(links, 5)).toBe('https://forum.mafiascum.net/viewtopic.php?f=53&t=90210&start=100');
  });

  it('Discourse topic JSON is paged by ?page=N, page 1 included', () => {
    const { engine, links } = fixture('discourse/topic-json');
    expect(engine).toBe('discourse');
    expect(pageUrlOf(links, 1)).toBe('https://forum.example.org/t/3141.json?page=1');
    expect(pageUrlOf(links, 2)).toBe('https://forum.example.org/t/3141.json?page=2');
  });
});

describe('pages the host reaches in other ways', () => {
  it("a phpBB post link (viewtopic.php?p=…) names no thread: the scheme is built on the pagination's links", () => {
    const html = `<!doctype html><html><body id="phpbb"><h2 class="topic-title"><a href="./viewtopic.php?t=31">Mini 31</a></h2>
      <div class="pagination">30 posts <ul><li><a class="button" href="./viewtopic.php?t=31">1</a></li><li><a class="button" href="./viewtopic.php?t=31&amp;start=10">2</a></li><li class="active"><span>3</span></li></ul></div>
      <div id="p555" class="post"><div class="postbody"><p class="author">by <a href="./memberlist.php?mode=viewprofile&amp;u=2" class="username">Wren</a> &raquo; <time datetime="2026-01-01T10:00:00+00:00">x</time></p><div class="content">Vote: Rook</div></div></div>
      </body></html>`;
    const url = 'https://board.example.org/viewtopic.php?p=555#p555';
    const { current, links } = linksOf(htmlDocument(html, url), url);
    expect(current).toBe(3);
    expect(addresses(links, 2)).toEqual([
      'https://board.example.org/viewtopic.php?t=31',
      'https://board.example.org/viewtopic.php?t=31&start=10',
    ]);
    expect(pageUrlOf(links, 4)).toBe('https://board.example.org/viewtopic.php?t=31&start=30');
  });

  it('vBulletin 5 ignores its hidden template button and a disabled Previous (data-page="0", no address)', () => {
    const html = `<!doctype html><html><body><h1 class="main-title">Mafia Night 9</h1>
      <div class="js-pagenav pagenav" data-baseurl="https://forum.example.org/forum/games/880001-mafia-night-9">
        <a class="js-pagenav-button js-pagenav-prev-button" data-page="0" href="">Previous</a>
        <a class="js-pagenav-button js-pagenav-current-button" data-page="1" href="https://forum.example.org/forum/games/880001-mafia-night-9">1</a>
        <a class="js-pagenav-button js-pagenav-button--template" data-page="0" href="https://forum.example.org/forum/games/880001-mafia-night-9">template</a>
        <a class="js-pagenav-button js-pagenav-last-button" data-page="2" href="https://forum.example.org/forum/games/880001-mafia-night-9/page2">2</a>
      </div>
      <ul><li class="b-post js-post" data-node-id="9001" data-node-publishdate="1767261600"><div class="b-post__body"><div class="js-post__content-text">Hello</div></div></li></ul>
      </body></html>`;
    const url = 'https://forum.example.org/forum/games/880001-mafia-night-9';
    const { engine, links } = linksOf(htmlDocument(html, url), url);
    expect(engine).toBe('vbulletin5');
    expect(links.pages).toEqual({ '2': 'https://forum.example.org/forum/games/880001-mafia-night-9/page2' });
    expect(pageUrlOf(links, 1)).toBe('https://forum.example.org/forum/games/880001-mafia-night-9');
  });

  it('does not build a scheme from an address longer than any real thread address', () => {
    const file = path.join(repoRoot, 'test', 'fixtures', 'forums', 'xenforo2', 'game-page-3', 'page.html');
    const url = 'https://forums.example.net/threads/mafia-gavel-game.4411/page-3';
    const long = `https://forums.example.net/${'forums/'.repeat(5000)}threads/mafia-gavel-game.4411/`;
    const html = readFileSync(file, 'utf8').replace(/<link rel="canonical"[^>]*>/, `<link rel="canonical" href="${long}">`);
    const { links } = linksOf(htmlDocument(html, url), url);
    expect(links.scheme).toBeNull();
    // the page's own links still lead back
    expect(pageUrlOf(links, 1)).toBe('https://forums.example.net/threads/mafia-gavel-game.4411/');
  });

  it('reads the links without changing the page', () => {
    const file = path.join(repoRoot, 'test', 'fixtures', 'forums', 'xenforo2', 'game-page-3', 'page.html');
    const url = 'https://forums.example.net/threads/mafia-gavel-game.4411/page-3';
    const doc = htmlDocument(readFileSync(file, 'utf8'), url);
    const before = doc.documentElement.outerHTML;
    linksOf(doc, url);
    expect(doc.documentElement.outerHTML).toBe(before);
  });

  it('gives no address for page 0, a fraction, or a page no link or scheme names', () => {
    const links: PageLinks = { current: 3, pages: { '2': 'https://a.example/t?page=2' }, scheme: null };
    expect(pageUrlOf(links, 0)).toBeNull();
    expect(pageUrlOf(links, 1.5)).toBeNull();
    expect(pageUrlOf(links, 1)).toBeNull();
    expect(pageUrlOf(links, 2)).toBe('https://a.example/t?page=2');
  });
});
