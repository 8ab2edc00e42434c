/**
 * Parses a fetched thread page with the same src/parsers adapters the content
 * script uses. Runs wherever a `DOMParser` exists: the offscreen document in
 * Chromium, the background page itself in Firefox. The result is plain JSON.
 */
import { pageLinksOf, parseThreadPage } from '../../src/parsers';
import type { CrawlParse } from '../background/crawl';

/**
 * The document a fetched answer is read as. An HTML page is parsed as HTML; a
 * JSON answer (a Discourse topic's `/t/{id}.json?page=N`) becomes the text of
 * an empty page, as a saved `.json` file opened in the browser is, so the HTML
 * inside its strings stays text until the adapter reads it.
 */
function documentOf(text: string): Document {
  const parser = new DOMParser();
  if (!/^\s*\{/.test(text)) return parser.parseFromString(text, 'text/html');
  const doc = parser.parseFromString('<!doctype html><html><head></head><body></body></html>', 'text/html');
  doc.body.textContent = text;
  return doc;
}

export function parseFetchedPage(html: string, url: string, now: number): CrawlParse {
  const doc = documentOf(html);
  const result = parseThreadPage(doc, url, { now });
  return result.supported
    ? {
        supported: true,
        engine: result.engine,
        data: result.data,
        issues: result.issues,
        links: pageLinksOf(result.engine, doc, url, result.data.currentPage),
      }
    : {
        supported: false,
        reason: result.reason === 'url/invalid' ? `${url} is not a valid address` : 'no forum engine Gavel knows was recognised on it',
      };
}
