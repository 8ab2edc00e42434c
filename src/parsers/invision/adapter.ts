/** Invision Community 4.x. No post number is printed: it is computed from the page and its per-page count. */
import { editFromText, firstInt, titleFrom } from '../common';
import { absoluteUrl, attrOf, capture, optionalOne, textOf, textWithout } from '../dom';
import { detectorOf } from '../engine-module';
import { parseHtmlThread, startHtmlThread, type HtmlEngineSpec, type PostFields } from '../html-thread';
import { parseMachineTime } from '../time';
import { invisionBodyProfile } from './body-profile';
import type { ForumAdapter } from '../types';
import { markers, selectors } from './selectors';
import { pageNumberOf, topicIdOf } from './urls';

interface QuoteData {
  readonly userid?: unknown;
  readonly username?: unknown;
  readonly timestamp?: unknown;
}

function quoteDataOf(post: Element): QuoteData {
  const raw = attrOf(optionalOne(post, selectors.quoteData), 'data-quotedata');
  if (raw === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? (parsed as QuoteData) : {};
  } catch {
    return {};
  }
}

const spec: HtmlEngineSpec = {
  id: 'invision',
  bodyProfile: invisionBodyProfile,
  postSelectors: selectors.post,
  readThread: ({ doc, url, base }) => {
    const pagination = optionalOne(doc, selectors.pagination);
    const currentPage = firstInt(textOf(optionalOne(doc, selectors.current))) ?? pageNumberOf(url);
    const perPage = firstInt(attrOf(pagination, 'data-ipspagination-perpage'));
    // the last page keeps a "next" link in an inactive item: only an active one (or the head's link) counts
    const next =
      absoluteUrl(attrOf(optionalOne(doc, selectors.nextPage), 'href'), base) ??
      absoluteUrl(attrOf(doc.querySelector('link[rel="next"]'), 'href'), base) ??
      null;
    const facts = {
      threadId: topicIdOf(url) ?? null,
      title: titleFrom(doc, selectors.title),
      currentPage,
      pageCount: firstInt(attrOf(pagination, 'data-pages')) ?? (next === null ? currentPage : null),
      nextPageUrl: next,
    };
    if (currentPage === 1) return { ...facts, postsBefore: 0 };
    return perPage === undefined ? facts : { ...facts, postsBefore: (currentPage - 1) * perPage };
  },
  readPost: (post, ctx): PostFields => {
    const data = quoteDataOf(post);
    const id = capture(post.id, /^elComment_(\d+)$/) ?? attrOf(optionalOne(post, ['[data-commentid]']), 'data-commentid');
    const authorEl = optionalOne(post, selectors.author);
    const name = textOf(authorEl) || (typeof data.username === 'string' ? data.username : '');
    const authorId =
      capture(attrOf(authorEl, 'href'), /\/profile\/(\d+)-/) ?? (typeof data.userid === 'number' ? String(data.userid) : undefined);
    const stamp = typeof data.timestamp === 'number' ? data.timestamp * 1000 : null;
    const editEl = optionalOne(post, selectors.editNotice);
    const edited =
      editEl === undefined
        ? undefined
        : {
            ...editFromText(
              textOf(editEl.querySelector('strong') ?? editEl),
              { by: /edited\s+.*?\s+by\s+(.+)$/i },
              { now: ctx.now, zone: ctx.zone },
              parseMachineTime(attrOf(editEl.querySelector('time[datetime]'), 'datetime')),
            ),
            // the reason follows the bold "Edited … by X" line
            ...(textWithout(editEl, ['strong']) === '' ? {} : { reason: textWithout(editEl, ['strong']) }),
          };
    return {
      id,
      number: undefined,
      author: name,
      authorId,
      postedAt: parseMachineTime(attrOf(optionalOne(post, selectors.time), 'datetime')) ?? stamp,
      permalink: absoluteUrl(attrOf(optionalOne(post, selectors.permalink), 'href'), ctx.base),
      edited,
      body: optionalOne(post, selectors.body),
    };
  },
};

export const invisionAdapter: ForumAdapter = {
  id: 'invision',
  label: 'Invision Community 4.x',
  detect: detectorOf(markers),
  parseThreadPage: (doc, url, options) => parseHtmlThread(spec, doc, url, options),
  readThreadPage: (doc, url, options) => startHtmlThread(spec, doc, url, options),
};
