/** uCoz forums (Russian dates: "Сегодня, 19:50", "Вчера", "28.11.2016, 19:50"). */
import { editFromText, firstInt, titleFrom } from '../common';
import { absoluteUrl, attrOf, capture, optionalOne, queryAll, textOf } from '../dom';
import { detectorOf } from '../engine-module';
import { parseHtmlThread, startHtmlThread, type HtmlEngineSpec, type PostFields } from '../html-thread';
import { parseTextDate } from '../time';
import { ucozBodyProfile } from './body-profile';
import type { ForumAdapter } from '../types';
import { markers, selectors } from './selectors';
import { postLinkOf, threadOf } from './urls';

const spec: HtmlEngineSpec = {
  id: 'ucoz',
  bodyProfile: ucozBodyProfile,
  postSelectors: selectors.post,
  readThread: ({ doc, url, base }) => {
    const thread = threadOf(url);
    const currentPage = firstInt(textOf(optionalOne(doc, selectors.current))) ?? thread?.page ?? 1;
    const next = absoluteUrl(attrOf(optionalOne(doc, selectors.nextPage), 'href'), base) ?? null;
    const bar = queryAll(doc, selectors.forumBar);
    const barTitle = textOf(bar[bar.length - 1]);
    let pageCount: number | undefined;
    for (const block of queryAll(doc, selectors.switches)) {
      for (const el of block.querySelectorAll('a, b, span, li')) {
        const n = /^\d+$/.test(textOf(el)) ? Number(textOf(el)) : undefined;
        if (n !== undefined) pageCount = Math.max(pageCount ?? 0, n);
      }
    }
    return {
      threadId: thread?.id ?? null,
      title: barTitle === '' ? titleFrom(doc, selectors.title) : barTitle,
      currentPage,
      pageCount: pageCount ?? (next === null ? currentPage : null),
      nextPageUrl: next,
    };
  },
  readPost: (post, ctx): PostFields => {
    const numberLink = optionalOne(post, selectors.postNumber);
    const link = capture(attrOf(numberLink, 'onclick'), /'(https?:\/\/[^']+|\/forum\/[^']+)'/);
    const parts = link === undefined ? undefined : postLinkOf(link);
    const bodyEl = optionalOne(post, selectors.body);
    const id = capture(bodyEl?.id, /ucoz-forum-post-(\d+)/) ?? parts?.postId ?? capture(post.id, /^post(\d+)$/);
    const cells = queryAll(post, selectors.topCells);
    const dateCell = textOf(cells.find((cell) => /дата|date/i.test(textOf(cell))) ?? cells[1]);
    const dateText = dateCell.replace(/^(?:дата|date)\s*:\s*/i, '').split('|')[0] ?? '';
    // "Понедельник, 28.11.2016, 19:50": the weekday before the first comma is not part of the date.
    const relative = /сегодня|вчера|today|yesterday/i.test(dateText);
    const withoutWeekday = relative ? dateText : (/^[^\d,]+,\s*(.+)$/.exec(dateText.trim())?.[1] ?? dateText);
    const dates = { now: ctx.now, zone: ctx.zone, order: 'dmy' as const };
    const editEl = optionalOne(post, selectors.editNotice);
    return {
      id,
      number: firstInt(attrOf(numberLink, 'name')) ?? firstInt(textOf(numberLink)),
      author: textOf(optionalOne(post, selectors.author)),
      authorId: capture(attrOf(optionalOne(post, selectors.profile), 'href'), /\/index\/8-(\d+)/),
      postedAt: parts !== undefined ? parts.unix * 1000 : parseTextDate(withoutWeekday, dates),
      permalink: link === undefined ? undefined : absoluteUrl(link, ctx.base),
      edited:
        editEl === undefined
          ? undefined
          : editFromText(textOf(editEl), { by: /отредактировал[а]?\s+(.+?)\s+-\s/i, at: /\s-\s+(.+)$/ }, dates),
      body: bodyEl,
    };
  },
};

export const ucozAdapter: ForumAdapter = {
  id: 'ucoz',
  label: 'uCoz forums',
  detect: detectorOf(markers),
  parseThreadPage: (doc, url, options) => parseHtmlThread(spec, doc, url, options),
  readThreadPage: (doc, url, options) => startHtmlThread(spec, doc, url, options),
};
