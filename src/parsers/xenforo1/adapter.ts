/** XenForo 1.x. */
import { editFromText, firstInt, relNext, titleFrom } from '../common';
import { absoluteUrl, attrOf, capture, optionalOne, textOf } from '../dom';
import { detectorOf } from '../engine-module';
import { parseHtmlThread, startHtmlThread, type HtmlEngineSpec, type PostFields } from '../html-thread';
import { parseMachineTime, parseTextDate } from '../time';
import { xenforo1BodyProfile } from './body-profile';
import type { ForumAdapter } from '../types';
import { zoneFromTodayScript } from './shared';
import { markers, selectors } from './selectors';
import { pageNumberOf, threadIdOf } from './urls';

const spec: HtmlEngineSpec = {
  id: 'xenforo1',
  bodyProfile: xenforo1BodyProfile,
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

export const xenforo1Adapter: ForumAdapter = {
  id: 'xenforo1',
  label: 'XenForo 1.x',
  detect: detectorOf(markers),
  parseThreadPage: (doc, url, options) => parseHtmlThread(spec, doc, url, options),
  readThreadPage: (doc, url, options) => startHtmlThread(spec, doc, url, options),
};
