/** MyBB 1.8 / 1.6. The page states no time zone: text dates are read in the option's zone (default UTC). */
import { editFromText, firstInt, maxPageNumber, relNext, titleFrom } from '../common';
import { absoluteUrl, attrOf, capture, optionalOne, textOf, textWithout } from '../dom';
import { detectorOf } from '../engine-module';
import { parseHtmlThread, startHtmlThread, type HtmlEngineSpec, type PostFields } from '../html-thread';
import { parseTextDate } from '../time';
import { mybbBodyProfile } from './body-profile';
import type { ForumAdapter } from '../types';
import { markers, selectors } from './selectors';
import { pageNumberOf, threadIdOf } from './urls';

const editWording = {
  at: /last modified:\s*(.+?)\s+by\s/i,
  by: /last modified:.+?\s+by\s+(.+?)\.(?:\s|\)|$)/i,
  reason: /edit reason:\s*(.+?)\)?$/i,
} as const;

const spec: HtmlEngineSpec = {
  id: 'mybb',
  bodyProfile: mybbBodyProfile,
  postSelectors: selectors.post,
  readThread: ({ doc, url, base }) => {
    const pagination = optionalOne(doc, selectors.pagination);
    const currentPage = firstInt(textOf(optionalOne(doc, selectors.current))) ?? pageNumberOf(url);
    const next = absoluteUrl(attrOf(optionalOne(doc, selectors.nextPage), 'href'), base) ?? relNext(doc, base);
    return {
      threadId: threadIdOf(url) ?? capture(attrOf(optionalOne(doc, selectors.postNumber), 'href'), /tid=(\d+)/) ?? null,
      title: titleFrom(doc, selectors.title),
      currentPage,
      pageCount: maxPageNumber(pagination) ?? (next === null ? currentPage : null),
      nextPageUrl: next,
    };
  },
  readPost: (post, ctx): PostFields => {
    const id = capture(post.id, /^post_(\d+)$/);
    const authorEl = optionalOne(post, selectors.author);
    const relative = optionalOne(post, selectors.relativeDate);
    const dateText = attrOf(relative, 'title') ?? textWithout(optionalOne(post, selectors.date), ['span.post_edit']);
    const dates = { now: ctx.now, zone: ctx.zone, order: 'mdy' as const };
    const editEl = optionalOne(post, selectors.editNotice);
    const numberLink = optionalOne(post, selectors.postNumber);
    return {
      id,
      number: firstInt(textOf(numberLink)),
      author: textOf(authorEl),
      authorId: capture(attrOf(authorEl, 'href') ?? attrOf(authorEl?.closest('a') ?? undefined, 'href'), /uid=(\d+)/),
      postedAt: parseTextDate(dateText, dates),
      permalink: absoluteUrl(attrOf(numberLink, 'href'), ctx.base),
      edited: editEl === undefined ? undefined : editFromText(textOf(editEl), editWording, dates, null, textOf(editEl.querySelector('a'))),
      body: optionalOne(post, selectors.body),
    };
  },
};

export const mybbAdapter: ForumAdapter = {
  id: 'mybb',
  label: 'MyBB 1.8 (and 1.6)',
  detect: detectorOf(markers),
  parseThreadPage: (doc, url, options) => parseHtmlThread(spec, doc, url, options),
  readThreadPage: (doc, url, options) => startHtmlThread(spec, doc, url, options),
};
