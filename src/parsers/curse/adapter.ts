/** Curse/Twitch "Elixir" forums: the real Mafia game thread in the shared corpus runs on it. */
import { firstInt, maxPageNumber, relNext, titleFrom } from '../common';
import { absoluteUrl, attrOf, capture, optionalOne, queryAll, textOf } from '../dom';
import { detectorOf } from '../engine-module';
import { parseHtmlThread, startHtmlThread, type HtmlEngineSpec, type PostFields } from '../html-thread';
import { parseMachineTime } from '../time';
import { curseBodyProfile } from './body-profile';
import type { ForumAdapter } from '../types';
import { markers, selectors } from './selectors';
import { threadIdOf } from './urls';

/** The page has several pagination lists (top, bottom, templates): take the largest number across them. */
function pageCountOf(doc: Document): number | undefined {
  let max: number | undefined;
  for (const list of queryAll(doc, selectors.pagination)) {
    const n = maxPageNumber(list);
    if (n !== undefined) max = Math.max(max ?? 0, n);
  }
  return max;
}

const spec: HtmlEngineSpec = {
  id: 'curse',
  bodyProfile: curseBodyProfile,
  postSelectors: selectors.post,
  readThread: ({ doc, url, base }) => {
    const canonical = absoluteUrl(attrOf(doc.querySelector('link[rel="canonical"]'), 'href'), base);
    const currentPage = firstInt(textOf(optionalOne(doc, selectors.current))) ?? firstInt(url.searchParams.get('page') ?? undefined) ?? 1;
    const next = relNext(doc, base);
    // the page's h1 is the site logo: the thread title is the first part of <title>
    const title = titleFrom(doc, []);
    return {
      threadId: threadIdOf(url) ?? (canonical === undefined ? undefined : threadIdOf(new URL(canonical))) ?? null,
      title: title === null ? null : (title.split(' - ')[0] ?? title),
      currentPage,
      pageCount: pageCountOf(doc) ?? (next === null ? currentPage : null),
      nextPageUrl: next,
    };
  },
  readPost: (post, ctx): PostFields => {
    const authorEl = optionalOne(post, selectors.author);
    const numberLink = optionalOne(post, selectors.postNumber);
    const editEl = optionalOne(post, selectors.editNotice);
    const editAt = parseMachineTime(attrOf(editEl?.querySelector('abbr[data-epoch]') ?? undefined, 'data-epoch'));
    const editBy = textOf(editEl?.querySelector('a') ?? undefined);
    const edited =
      editEl === undefined ? undefined : { ...(editAt === null ? {} : { at: editAt }), ...(editBy === '' ? {} : { by: editBy }) };
    return {
      id: attrOf(post, 'data-id'),
      number: firstInt(textOf(numberLink)),
      author: textOf(authorEl),
      authorId: capture(attrOf(authorEl, 'href'), /\/members\/(\d+)-/),
      postedAt: parseMachineTime(attrOf(optionalOne(post, selectors.time), 'data-epoch')),
      permalink: absoluteUrl(attrOf(numberLink, 'href'), ctx.url),
      edited,
      body: optionalOne(post, selectors.body),
    };
  },
};

export const curseAdapter: ForumAdapter = {
  id: 'curse',
  label: 'Curse/Twitch Elixir forums (MTG Salvation)',
  detect: detectorOf(markers),
  parseThreadPage: (doc, url, options) => parseHtmlThread(spec, doc, url, options),
  readThreadPage: (doc, url, options) => startHtmlThread(spec, doc, url, options),
};
