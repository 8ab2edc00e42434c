/** phpBB 3.0–3.3 (prosilver) and mafiascum.net. */
import { editFromText, firstInt, footerZone, maxPageNumber, pageLink, pageOfText, relNext, titleFrom } from '../common';
import { absoluteUrl, attrOf, capture, optionalOne, textOf } from '../dom';
import { detectorOf } from '../engine-module';
import { parseHtmlThread, startHtmlThread, type HtmlEngineSpec, type PageContext, type PostFields } from '../html-thread';
import { parseMachineTime, parseTextDate } from '../time';
import { phpbbBodyProfile } from './body-profile';
import type { ForumAdapter } from '../types';
import { markers, selectors } from './selectors';
import { startOf } from './urls';

const spec: HtmlEngineSpec = {
  id: 'phpbb',
  bodyProfile: phpbbBodyProfile,
  postSelectors: selectors.post,
  // phpBB core prints no ordinal; mafiascum prints #0 for the opening post and its pages carry numbers.
  firstNumber: 1,
  zoneHint: footerZone,
  readThread: (ctx) => {
    const { doc, url, base } = ctx;
    const pagination = optionalOne(doc, selectors.pagination);
    const pageOf = pageOfText(pagination);
    const activeText = textOf(optionalOne(doc, selectors.currentPage));
    const currentPage = pageOf?.current ?? firstInt(activeText) ?? 1;
    const threadId =
      url.searchParams.get('t') ??
      capture(attrOf(optionalOne(doc, ['h2 a[href*="t="]', 'a[href*="viewtopic.php"][href*="t="]']), 'href'), /[?&;]t=(\d+)/) ??
      null;
    const next =
      absoluteUrl(attrOf(optionalOne(doc, selectors.nextPage), 'href'), base) ??
      relNext(doc, base) ??
      pageLink(pagination, currentPage + 1, base);
    return {
      threadId,
      title: titleFrom(doc, selectors.title),
      currentPage,
      pageCount: pageOf?.count ?? maxPageNumber(pagination) ?? (next === null ? currentPage : null),
      nextPageUrl: next,
      postsBefore: startOf(url),
    };
  },
  readPost: (post, ctx): PostFields => {
    const id = capture(post.id, /^p(\d+)$/);
    const authorLine = optionalOne(post, selectors.authorLine);
    const authorEl = optionalOne(post, selectors.authorLink);
    const authorId = capture(attrOf(authorEl, 'href'), /[?&;]u=(\d+)/);
    const machine = parseMachineTime(attrOf(optionalOne(post, selectors.time), 'datetime'));
    const lineText = textOf(authorLine);
    const afterArrow = lineText.includes('»') ? lineText.slice(lineText.lastIndexOf('»') + 1) : lineText;
    const postedAt = machine ?? parseTextDate(afterArrow, { now: ctx.now, zone: ctx.zone });
    const numberText = textOf(optionalOne(post, selectors.postNumber));
    const permalinkHref = attrOf(optionalOne(post, selectors.permalink), 'href');
    const permalink =
      absoluteUrl(permalinkHref?.startsWith('#') === true ? `viewtopic.php?p=${id ?? ''}${permalinkHref}` : permalinkHref, ctx.base) ??
      (id === undefined ? undefined : absoluteUrl(`viewtopic.php?p=${id}#p${id}`, ctx.base));
    return {
      id,
      number: numberText === '' ? undefined : firstInt(numberText),
      author: textOf(authorEl),
      authorId,
      postedAt,
      permalink,
      edited: readEdit(post, ctx),
      body: optionalOne(post, selectors.body),
    };
  },
};

/** "Last edited by X on <date>, edited N times in total." + optional "Reason: …" (3.0–3.3). */
const editWording = {
  by: /last edited by\s+(.+?)\s+on\s/i,
  at: /\son\s+(.+?)(?:,\s*edited\s+\d+|$)/i,
  count: /edited\s+(\d+)\s+times?/i,
  reason: /reason:\s*(.+)$/i,
} as const;

function readEdit(post: Element, ctx: PageContext): PostFields['edited'] {
  const notice = optionalOne(post, selectors.editNotice);
  const text = textOf(notice);
  if (notice === undefined || !/last edited/i.test(text)) return undefined;
  const machine = parseMachineTime(attrOf(notice.querySelector('time[datetime]'), 'datetime'));
  return editFromText(text, editWording, ctx, machine, textOf(notice.querySelector('a')));
}

export const phpbbAdapter: ForumAdapter = {
  id: 'phpbb',
  label: 'phpBB 3.0–3.3 (prosilver, mafiascum.net)',
  detect: detectorOf(markers),
  parseThreadPage: (doc, url, options) => parseHtmlThread(spec, doc, url, options),
  readThreadPage: (doc, url, options) => startHtmlThread(spec, doc, url, options),
};
