/** XenForo 1.x. */
import { editFromText, firstInt, relNext, titleFrom } from '../common';
import { absoluteUrl, attrOf, capture, optionalOne, textOf } from '../dom';
import { detectXenforo1 } from '../detect';
import { parseHtmlThread, type HtmlEngineSpec, type PostFields } from '../html-thread';
import { parseMachineTime, parseTextDate, type BoardZone } from '../time';
import { linkBase, longestAddress, pageMarker, pathScheme, readPageLinks, schemeFromTemplate } from '../page-links';
import type { ForumAdapter, PageLinks, PageUrlScheme } from '../types';
import { selectors } from './selectors';
import { pageNumberOf, threadIdOf } from './urls';

/**
 * The viewer's UTC offset from the page script `XenForo.serverTimeInfo = { today: … }` (or XF2's
 * `XF.config … today`): `today` is the viewer's local midnight as unix seconds (forum-markup.md §2).
 * It is today's offset; a text date across a DST change may be an hour off.
 */
export function zoneFromTodayScript(doc: Document): BoardZone | undefined {
  for (const script of doc.querySelectorAll('script:not([src])')) {
    const m = /\btoday\s*:\s*(\d{9,11})/.exec(script.textContent);
    if (m?.[1] === undefined) continue;
    let seconds = -(Number(m[1]) % 86_400);
    if (seconds < -12 * 3600) seconds += 86_400;
    return { kind: 'fixed', minutes: Math.round(seconds / 60) };
  }
  return undefined;
}

const spec: HtmlEngineSpec = {
  id: 'xenforo1',
  postSelectors: selectors.post,
  zoneHint: zoneFromTodayScript,
  readThread: ({ doc, url, base }) => {
    const nav = optionalOne(doc, selectors.pageNav);
    const currentPage = firstInt(attrOf(nav, 'data-page')) ?? pageNumberOf(url);
    const last = firstInt(attrOf(nav, 'data-last'));
    const baseUrl = attrOf(nav, 'data-baseurl');
    const sentinel = attrOf(nav, 'data-sentinel') ?? '{{sentinel}}';
    const next =
      relNext(doc, base) ??
      (baseUrl !== undefined && last !== undefined && currentPage < last
        ? (absoluteUrl(baseUrl.replace(sentinel, String(currentPage + 1)), base) ?? null)
        : null);
    return {
      threadId: threadIdOf(url) ?? threadIdOf(base) ?? null,
      title: titleFrom(doc, selectors.title),
      currentPage,
      pageCount: last ?? (next === null ? currentPage : null),
      nextPageUrl: next,
    };
  },
  readPost: (post, ctx): PostFields => {
    const id = capture(post.id, /^post-(\d+)$/);
    const authorEl = optionalOne(post, selectors.author);
    const machine = parseMachineTime(attrOf(optionalOne(post, selectors.time), 'data-time'));
    const textEl = optionalOne(post, selectors.timeText);
    const timeText = (attrOf(textEl, 'title') ?? textOf(textEl)).replace(/\bat\b/i, ' ');
    const editEl = optionalOne(post, selectors.editNotice);
    const editTime = optionalOne(editEl ?? post, ['abbr.DateTime[data-time]']);
    const editTextEl = optionalOne(editEl ?? post, ['.DateTime']);
    const edited =
      editEl === undefined
        ? undefined
        : editFromText(
            (attrOf(editTextEl, 'title') ?? textOf(editTextEl)).replace(/\bat\b/i, ' '),
            { at: /^(.+)$/ },
            ctx,
            parseMachineTime(attrOf(editTime, 'data-time')),
          );
    return {
      id,
      number: firstInt(textOf(optionalOne(post, selectors.postNumber))),
      author: textOf(authorEl) || (attrOf(post, 'data-author') ?? ''),
      authorId: capture(attrOf(authorEl, 'href'), /members\/(?:[^/]*\.)?(\d+)\/?/),
      postedAt: machine ?? parseTextDate(timeText, ctx),
      permalink: absoluteUrl(attrOf(optionalOne(post, selectors.permalink), 'href'), ctx.base),
      edited,
      body: optionalOne(post, selectors.body),
    };
  },
};

/**
 * XenForo's pages are `/threads/slug.ID/page-N` (page 1 without the suffix), also when the
 * board runs under `index.php?threads/…`. The thread's address comes from the canonical link,
 * else the page's own. XenForo 2 uses it; XenForo 1 when its page navigation gives no template.
 */
export function xenforoPathScheme(doc: Document, url: URL): PageUrlScheme | null {
  const base = linkBase(doc, url);
  let address = url.href;
  const canonical = doc.querySelector('link[rel="canonical"][href]')?.getAttribute('href');
  if (canonical !== null && canonical !== undefined) {
    try {
      address = new URL(canonical, base).href;
    } catch {
      // keep the page's own address
    }
  }
  if (address.length > longestAddress) return null;
  const m = /^(.*?threads\/(?:[^/?#]*\.)?\d+\/?)(?:page-\d+\/?)?(?:[?#].*)?$/.exec(address);
  if (m?.[1] === undefined) return null;
  const prefix = m[1].endsWith('/') ? m[1] : `${m[1]}/`;
  return pathScheme(prefix, `page-${pageMarker}`);
}

/** XenForo 1's page navigation says its own template (`data-baseurl` with `data-sentinel`); else the path scheme XenForo 2 uses too. */
function xenforo1PageLinks(doc: Document, url: URL, current: number): PageLinks {
  const nav = optionalOne(doc, selectors.pageNav);
  const template = schemeFromTemplate(attrOf(nav, 'data-baseurl'), attrOf(nav, 'data-sentinel') ?? '{{sentinel}}', linkBase(doc, url));
  // page 1 is the thread's address without the page part
  const scheme = template?.template.includes(`page-${pageMarker}`) === true ? { ...template, firstPage: template.template.replace(`page-${pageMarker}`, '') } : template;
  return readPageLinks(doc, url, current, { blocks: ['div.PageNav'] }, scheme ?? xenforoPathScheme(doc, url));
}

export const xenforo1Adapter: ForumAdapter = {
  id: 'xenforo1',
  label: 'XenForo 1.x',
  detect: detectXenforo1,
  parseThreadPage: (doc, url, options) => parseHtmlThread(spec, doc, url, options),
  pageLinks: xenforo1PageLinks,
};
