/** XenForo 2.0–2.3. */
import { editFromText, firstInt, relNext, titleFrom } from '../common';
import { absoluteUrl, attrOf, capture, optionalOne, textOf } from '../dom';
import { detectorOf } from '../engine-module';
import { parseHtmlThread, startHtmlThread, type HtmlEngineSpec, type PostFields } from '../html-thread';
import { parseMachineTime } from '../time';
import { xenforo2BodyProfile } from './body-profile';
import type { ForumAdapter } from '../types';
import { zoneFromTodayScript } from '../xenforo1/shared';
import { markers, selectors } from './selectors';
import { pageNumberOf, threadIdOf } from './urls';

function timeOf(el: Element | undefined): number | null {
  // data-time (2.0–2.2) / data-timestamp (2.3) are unix seconds; datetime always carries an offset.
  return parseMachineTime(attrOf(el, 'data-time') ?? attrOf(el, 'data-timestamp') ?? attrOf(el, 'datetime'));
}

const spec: HtmlEngineSpec = {
  id: 'xenforo2',
  bodyProfile: xenforo2BodyProfile,
  postSelectors: selectors.post,
  zoneHint: zoneFromTodayScript,
  readThread: ({ doc, url, base }) => {
    const currentPage = firstInt(textOf(optionalOne(doc, selectors.currentPage))) ?? pageNumberOf(url);
    const next = absoluteUrl(attrOf(optionalOne(doc, selectors.nextPage), 'href'), base) ?? relNext(doc, base);
    const contentKey = capture(attrOf(doc.documentElement, 'data-content-key'), /thread-(\d+)/);
    return {
      threadId: threadIdOf(url) ?? contentKey ?? null,
      title: titleFrom(doc, selectors.title),
      currentPage,
      pageCount: firstInt(textOf(optionalOne(doc, selectors.lastPage))) ?? (next === null ? currentPage : null),
      nextPageUrl: next,
    };
  },
  readPost: (post, ctx): PostFields => {
    const id = capture(attrOf(post, 'data-content'), /^post-(\d+)$/) ?? capture(post.id, /^js-post-(\d+)$/);
    const authorEl = optionalOne(post, selectors.author);
    const editEl = optionalOne(post, selectors.editNotice);
    const edited = editEl === undefined ? undefined : editFromText(textOf(editEl), {}, ctx, timeOf(optionalOne(editEl, ['time'])));
    return {
      id,
      number: firstInt(textOf(optionalOne(post, selectors.postNumber))),
      author: textOf(authorEl) || (attrOf(post, 'data-author') ?? ''),
      authorId: attrOf(authorEl, 'data-user-id'),
      postedAt: timeOf(optionalOne(post, selectors.time)),
      permalink: absoluteUrl(attrOf(optionalOne(post, selectors.permalink), 'href'), ctx.base),
      edited,
      body: optionalOne(post, selectors.body),
    };
  },
};

export const xenforo2Adapter: ForumAdapter = {
  id: 'xenforo2',
  label: 'XenForo 2.0–2.3',
  detect: detectorOf(markers),
  parseThreadPage: (doc, url, options) => parseHtmlThread(spec, doc, url, options),
  readThreadPage: (doc, url, options) => startHtmlThread(spec, doc, url, options),
};
