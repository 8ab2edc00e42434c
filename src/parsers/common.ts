/** Small readers several adapters share (page chrome, not engine-specific markup). */
import { absoluteUrl, attrOf, nextInside, optionalOne, textOf } from './dom';
import type { EditInfo } from '../model/post';
import { parseTextDate, zoneFromFooter, type BoardZone } from './time';

/** The zone a page's footer states ("All times are GMT -5", "All times are UTC [ DST ]"), if any. */
export function footerZone(doc: Document): BoardZone | undefined {
  const text = doc.body?.textContent ?? '';
  const at = text.search(/all times are/i);
  if (at === -1) return undefined;
  return zoneFromFooter(text.slice(at, at + 120).replace(/[\s\u00a0]+/g, ' '));
}

/** "Page 2 of 10" / "Страница 2 из 10" anywhere in the element's text. */
export function pageOfText(el: Element | undefined): { current: number; count: number } | undefined {
  const m = /(?:page|страница)\s*(\d+)\s*(?:of|из)\s*(\d+)/i.exec(textWithBreaks(el));
  if (m === null) return undefined;
  return { current: Number(m[1]), count: Number(m[2]) };
}

/**
 * The element's text with a space between every two text nodes, so numbers in
 * neighbouring elements never run together: a minified pagination such as
 * `Page <strong>1</strong> of <strong>4</strong></a><ul><li>1</li>…` reads
 * "Page 1 of 4 1 …", not "Page 1 of 41…".
 */
function textWithBreaks(el: Element | undefined): string {
  if (el === undefined) return '';
  const parts: string[] = [];
  // In document order, without recursion: a page may nest as deep as it likes.
  for (let node: Node | null = el.firstChild; node !== null;) {
    if (node.nodeType === 3) parts.push(node.nodeValue ?? '');
    node = nextInside(node, el, node.nodeType !== 3);
  }
  return parts
    .join(' ')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** The first integer in a text ("#12" → 12), or undefined. */
export function firstInt(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const m = /-?\d+/.exec(text.replace(/[\s\u00a0,]/g, ''));
  return m === null ? undefined : Number(m[0]);
}

/** `<link rel="next">` / `a[rel="next"]`: the most portable next-page signal (forum-markup.md §0.6). */
export function relNext(doc: Document, url: URL, extra: readonly string[] = []): string | null {
  const el = optionalOne(doc, [...extra, 'link[rel="next"]', 'a[rel="next"]']);
  return absoluteUrl(attrOf(el, 'href'), url) ?? null;
}

/** A heading's text, else the document title. */
export function titleFrom(doc: Document, selectors: readonly string[]): string | null {
  const text = textOf(optionalOne(doc, selectors));
  if (text !== '') return text;
  const title = doc.title.replace(/[\s\u00a0]+/g, ' ').trim();
  return title === '' ? null : title;
}

/** A query parameter of a URL as an integer. */
export function intParam(url: URL, name: string): number | undefined {
  const value = url.searchParams.get(name);
  if (value === null || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/** Within a pagination block: the link whose text is exactly the given page number. */
export function pageLink(container: Element | undefined, page: number, url: URL): string | null {
  if (container === undefined) return null;
  for (const a of container.querySelectorAll('a[href]')) {
    if (textOf(a) === String(page)) return absoluteUrl(attrOf(a, 'href'), url) ?? null;
  }
  return null;
}

/** The largest page number among a pagination block's links and current marker. */
export function maxPageNumber(container: Element | undefined): number | undefined {
  if (container === undefined) return undefined;
  let max: number | undefined;
  for (const el of container.querySelectorAll('a, strong, span, li, b')) {
    // only leaves: a wrapper's text runs its children's numbers together ("12345")
    if (el.childElementCount > 0) continue;
    const text = textOf(el);
    if (/^\d+$/.test(text)) max = Math.max(max ?? 0, Number(text));
  }
  return max;
}

/** How an engine words its edit notice: each pattern's group 1 is the field. */
export interface EditWording {
  readonly by?: RegExp;
  readonly at?: RegExp;
  readonly count?: RegExp;
  readonly reason?: RegExp;
}

/** An edit notice's facts; `machineAt` (from a time attribute) wins over the text date. */
export function editFromText(
  text: string,
  wording: EditWording,
  dateContext: { readonly now: number; readonly zone: BoardZone; readonly order?: 'mdy' | 'dmy' },
  machineAt: number | null = null,
  byOverride?: string,
): EditInfo {
  const pick = (re: RegExp | undefined): string | undefined => {
    const value = re === undefined ? undefined : re.exec(text)?.[1]?.trim();
    return value === '' ? undefined : value;
  };
  const out: { -readonly [K in keyof EditInfo]: EditInfo[K] } = {};
  const atText = pick(wording.at);
  const at = machineAt ?? (atText === undefined ? null : parseTextDate(atText, dateContext));
  if (at !== null) out.at = at;
  const by = byOverride !== undefined && byOverride !== '' ? byOverride : pick(wording.by);
  if (by !== undefined) out.by = by;
  const count = firstInt(pick(wording.count));
  if (count !== undefined) out.count = count;
  const reason = pick(wording.reason);
  if (reason !== undefined) out.reason = reason;
  return out;
}
