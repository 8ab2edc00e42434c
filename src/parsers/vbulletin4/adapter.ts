/** vBulletin 4.x, including Mafia Universe (li[data-postnumber]). */
import { editFromText, firstInt, footerZone, pageOfText, relNext, titleFrom } from '../common';
import { absoluteUrl, attrOf, capture, optionalOne, textOf } from '../dom';
import { detectorOf } from '../engine-module';
import { parseHtmlThread, startHtmlThread, type HtmlEngineSpec, type PostFields } from '../html-thread';
import { parseTextDate } from '../time';
import { vbulletin4BodyProfile } from './body-profile';
import type { ForumAdapter } from '../types';
import { vbulletinEditWording } from '../vbulletin3/shared';
import { pageNumberOf, threadIdOf } from '../vbulletin3/urls';
import { markers, selectors } from './selectors';

const spec: HtmlEngineSpec = {
  id: 'vbulletin4',
  bodyProfile: vbulletin4BodyProfile,
  postSelectors: selectors.post,
  zoneHint: footerZone,
  readThread: ({ doc, url, base }) => {
    const pageOf = pageOfText(optionalOne(doc, selectors.pageOf));
    const currentPage = pageOf?.current ?? firstInt(textOf(optionalOne(doc, selectors.currentPage))) ?? pageNumberOf(url);
    const next = relNext(doc, base);
    return {
      threadId: threadIdOf(url) ?? threadIdOf(base) ?? null,
      title: titleFrom(doc, selectors.title),
      currentPage,
      pageCount: pageOf?.count ?? (next === null ? currentPage : null),
      nextPageUrl: next,
    };
  },
  readPost: (post, ctx): PostFields => {
    const id = capture(post.id, /^post_(\d+)$/);
    const authorEl = optionalOne(post, selectors.author);
    const editEl = optionalOne(post, selectors.editNotice);
    const editText = textOf(editEl);
    const dates = { now: ctx.now, zone: ctx.zone, order: 'mdy' as const };
    const number =
      // Mafia Universe: li[data-postnumber]
      firstInt(attrOf(post, 'data-postnumber')) ??
      firstInt(attrOf(optionalOne(post, selectors.postNumberAnchor), 'name')) ??
      firstInt(textOf(optionalOne(post, selectors.postNumber)));
    return {
      id,
      number,
      author: textOf(authorEl),
      authorId: capture(attrOf(authorEl, 'href'), /member\.php(?:\/|\?u=)(\d+)/),
      postedAt: parseTextDate(textOf(optionalOne(post, selectors.date)), dates),
      permalink: absoluteUrl(attrOf(optionalOne(post, selectors.permalink), 'href'), ctx.base),
      edited: /last edited/i.test(editText) ? editFromText(editText.replace(/\bat\b/, ' '), vbulletinEditWording, dates) : undefined,
      body: optionalOne(post, selectors.body),
    };
  },
};

export const vbulletin4Adapter: ForumAdapter = {
  id: 'vbulletin4',
  label: 'vBulletin 4.x (and Mafia Universe)',
  detect: detectorOf(markers),
  parseThreadPage: (doc, url, options) => parseHtmlThread(spec, doc, url, options),
  readThreadPage: (doc, url, options) => startHtmlThread(spec, doc, url, options),
};
