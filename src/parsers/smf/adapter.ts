/** SMF 2.1 and 2.0. Dates are text in the viewer's zone (option, default UTC). */
import { editFromText, firstInt, maxPageNumber, pageLink, relNext, titleFrom } from '../common';
import { absoluteUrl, attrOf, capture, optionalOne, textOf } from '../dom';
import { detectorOf } from '../engine-module';
import { parseHtmlThread, startHtmlThread, type HtmlEngineSpec, type PostFields } from '../html-thread';
import { parseTextDate } from '../time';
import { smfBodyProfile } from './body-profile';
import type { ForumAdapter } from '../types';
import { markers, selectors } from './selectors';
import { topicOf } from './urls';

const editWording = {
  at: /last edit:\s*(.+?)\s+by\s/i,
  by: /last edit:.+?\s+by\s+(.+?)(?:\s+reason:|\s*»|$)/i,
  reason: /reason:\s*(.+?)\s*»?$/i,
} as const;

const spec: HtmlEngineSpec = {
  id: 'smf',
  bodyProfile: smfBodyProfile,
  postSelectors: selectors.post,
  readThread: ({ doc, url, base }) => {
    const topic = topicOf(url) ?? topicOf(base);
    const pagelinks = optionalOne(doc, selectors.pagelinks);
    const currentPage = firstInt(textOf(optionalOne(doc, selectors.current))) ?? 1;
    const nextIcon = optionalOne(doc, selectors.nextIcon);
    // 2.1: rel=next / the next-page icon; 2.0: the link numbered current + 1
    const next =
      relNext(doc, base) ??
      absoluteUrl(attrOf(nextIcon?.closest('a') ?? undefined, 'href'), base) ??
      pageLink(pagelinks, currentPage + 1, base);
    const title = textOf(optionalOne(doc, selectors.title)) || (titleFrom(doc, [])?.replace(/\s+-\s+page\s+\d+$/i, '') ?? '');
    return {
      threadId: topic?.id ?? null,
      title: title === '' ? null : title,
      currentPage,
      pageCount: maxPageNumber(pagelinks) ?? (next === null ? currentPage : null),
      nextPageUrl: next,
      postsBefore: topic?.start ?? 0,
    };
  },
  readPost: (post, ctx): PostFields => {
    const bodyEl = optionalOne(post, selectors.body);
    const id = capture(bodyEl?.id, /^msg_(\d+)$/) ?? capture(post.id, /^msg(\d+)$/);
    const authorEl = optionalOne(post, selectors.author);
    const dateText = textOf(optionalOne(post, selectors.date))
      .replace(/^«\s*(?:reply\s*#\d+\s*)?on:?\s*/i, '')
      .replace(/\s*»$/, '');
    const pageNumber = firstInt(textOf(optionalOne(post, selectors.postNumber)));
    const reply = firstInt(capture(textOf(optionalOne(post, selectors.replyText)), /reply\s*#(\d+)/i));
    const replyNumber = pageNumber ?? reply;
    const editEl = optionalOne(post, selectors.editNotice);
    const editText = textOf(editEl);
    const dates = { now: ctx.now, zone: ctx.zone, order: 'mdy' as const };
    return {
      id,
      // SMF counts replies ("Reply #5"); the opening post is number 1 here, so a reply is its number + 1.
      number: replyNumber === undefined ? undefined : replyNumber + 1,
      author: textOf(authorEl),
      authorId: capture(attrOf(authorEl, 'href'), /[?;&]u=(\d+)/),
      postedAt: parseTextDate(dateText, dates),
      permalink: absoluteUrl(attrOf(optionalOne(post, selectors.permalink), 'href'), ctx.base),
      edited: /last edit/i.test(editText) ? editFromText(editText, editWording, dates) : undefined,
      body: bodyEl,
    };
  },
};

export const smfAdapter: ForumAdapter = {
  id: 'smf',
  label: 'SMF 2.0 and 2.1',
  detect: detectorOf(markers),
  parseThreadPage: (doc, url, options) => parseHtmlThread(spec, doc, url, options),
  readThreadPage: (doc, url, options) => startHtmlThread(spec, doc, url, options),
};
