/** vBulletin 3.x. */
import { editFromText, firstInt, footerZone, pageOfText, relNext, titleFrom } from '../common';
import { absoluteUrl, attrOf, capture, optionalOne, queryAll, textOf } from '../dom';
import { detectorOf } from '../engine-module';
import { parseHtmlThread, startHtmlThread, type HtmlEngineSpec, type PostFields } from '../html-thread';
import { parseTextDate } from '../time';
import { vbulletin3BodyProfile } from './body-profile';
import type { ForumAdapter } from '../types';
import { vbulletinEditWording } from './shared';
import { markers, selectors } from './selectors';
import { pageNumberOf, threadIdOf } from './urls';

const spec: HtmlEngineSpec = {
  id: 'vbulletin3',
  bodyProfile: vbulletin3BodyProfile,
  postSelectors: selectors.post,
  zoneHint: footerZone,
  readThread: ({ doc, url, base }) => {
    const pageOf = pageOfText(optionalOne(doc, selectors.pageOf));
    const titles = queryAll(doc, selectors.title);
    const navTitle = textOf(titles[titles.length - 1]);
    const currentPage = pageOf?.current ?? pageNumberOf(url);
    const next = relNext(doc, base);
    return {
      threadId: threadIdOf(url) ?? null,
      title: navTitle === '' ? titleFrom(doc, []) : navTitle,
      currentPage,
      pageCount: pageOf?.count ?? (next === null ? currentPage : null),
      nextPageUrl: next,
    };
  },
  readPost: (post, ctx): PostFields => {
    const id = capture(post.id, /^post(\d+)$/);
    const authorEl = optionalOne(post, selectors.author);
    const countEl = optionalOne(post, selectors.postNumber);
    const editEl = optionalOne(post, selectors.editNotice);
    const editText = textOf(editEl);
    const dateOrder = { now: ctx.now, zone: ctx.zone, order: 'mdy' as const };
    return {
      id,
      number: firstInt(attrOf(countEl, 'name')) ?? firstInt(textOf(countEl)),
      author: textOf(authorEl),
      authorId: capture(attrOf(authorEl, 'href'), /[?&]u=(\d+)/),
      postedAt: parseTextDate(textOf(optionalOne(post, selectors.dateCell)), dateOrder),
      permalink: absoluteUrl(attrOf(optionalOne(post, selectors.permalink), 'href'), ctx.base),
      edited: /last edited/i.test(editText) ? editFromText(editText.replace(/\bat\b/, ' '), vbulletinEditWording, dateOrder) : undefined,
      body: optionalOne(post, selectors.body),
    };
  },
};

export const vbulletin3Adapter: ForumAdapter = {
  id: 'vbulletin3',
  label: 'vBulletin 3.x',
  detect: detectorOf(markers),
  parseThreadPage: (doc, url, options) => parseHtmlThread(spec, doc, url, options),
  readThreadPage: (doc, url, options) => startHtmlThread(spec, doc, url, options),
};
