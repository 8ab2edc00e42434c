/** vBulletin 5.x: times from data-node-publishdate (unix), never the offset-less time[datetime]. */
import { editFromText, firstInt, footerZone, relNext, titleFrom } from '../common';
import { absoluteUrl, attrOf, capture, optionalOne, textOf } from '../dom';
import { detectorOf } from '../engine-module';
import { parseHtmlThread, startHtmlThread, type HtmlEngineSpec, type PostFields } from '../html-thread';
import { parseMachineTime } from '../time';
import { vbulletin5BodyProfile } from './body-profile';
import type { ForumAdapter } from '../types';
import { vbulletinEditWording } from '../vbulletin3/shared';
import { markers, selectors } from './selectors';
import { pageNumberOf, threadIdOf } from './urls';

const spec: HtmlEngineSpec = {
  id: 'vbulletin5',
  bodyProfile: vbulletin5BodyProfile,
  postSelectors: selectors.post,
  zoneHint: footerZone,
  readThread: ({ doc, url, base }) => {
    const currentPage = firstInt(attrOf(optionalOne(doc, selectors.currentPage), 'data-page')) ?? pageNumberOf(url);
    const nextEl = optionalOne(doc, selectors.nextPage);
    const last = firstInt(attrOf(optionalOne(doc, selectors.lastPage), 'data-page'));
    const nextHref = attrOf(nextEl, 'href');
    const next = relNext(doc, base) ?? (last !== undefined && currentPage < last ? (absoluteUrl(nextHref, base) ?? null) : null);
    return {
      threadId: threadIdOf(url) ?? null,
      title: titleFrom(doc, selectors.title),
      currentPage,
      pageCount: last ?? (next === null ? currentPage : null),
      nextPageUrl: next,
    };
  },
  readPost: (post, ctx): PostFields => {
    const id = attrOf(post, 'data-node-id');
    const authorEl = optionalOne(post, selectors.author);
    const editEl = optionalOne(post, selectors.editNotice);
    const editText = textOf(editEl);
    return {
      id,
      number: firstInt(textOf(optionalOne(post, selectors.postNumber))),
      author: textOf(authorEl),
      authorId: capture(attrOf(authorEl, 'href'), /\/member\/(\d+)/),
      postedAt: parseMachineTime(attrOf(post, 'data-node-publishdate')),
      permalink: absoluteUrl(attrOf(optionalOne(post, selectors.permalink), 'href'), ctx.base),
      edited: /last edited/i.test(editText)
        ? editFromText(editText.replace(/\bat\b/, ' '), vbulletinEditWording, { now: ctx.now, zone: ctx.zone, order: 'mdy' })
        : undefined,
      body: optionalOne(post, selectors.body),
    };
  },
};

export const vbulletin5Adapter: ForumAdapter = {
  id: 'vbulletin5',
  label: 'vBulletin 5.x',
  detect: detectorOf(markers),
  parseThreadPage: (doc, url, options) => parseHtmlThread(spec, doc, url, options),
  readThreadPage: (doc, url, options) => startHtmlThread(spec, doc, url, options),
};
