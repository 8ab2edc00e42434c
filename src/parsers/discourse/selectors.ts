/**
 * Discourse (forum-markup.md §1.8). Posts are read from the JSON endpoints; the no-JS
 * crawler view of a topic page is read from the DOM as a fallback.
 * Verified against: test/fixtures/forums/discourse/* (topic JSON and crawler view written from the documented shapes).
 */
import type { EngineMarkers } from '../engine-module';

export const selectors = {
  page: [
    // <meta name="generator" content="Discourse 3.x …">
    'meta[name="generator"][content^="Discourse"]',
  ],
  crawlerView: [
    // the crawler / no-JS layout's main column: <div id="main-outlet" class="wrap" role="main">
    '#main-outlet',
  ],
  crawlerPost: [
    // div#post_5.topic-body.crawler-post[itemprop=comment]
    'div.crawler-post',
  ],
  crawlerAuthor: ['span.creator [itemprop="name"]', 'span.creator a'],
  crawlerTime: ['time.post-time[datetime]', 'time[datetime]'],
  crawlerModified: ['meta[itemprop="dateModified"]'],
  crawlerNumber: ['span[itemprop="position"]'],
  crawlerBody: ['div.post[itemprop="text"]', 'div.post'],
  title: ['#topic-title h1', 'h1'],
} as const;

/** A document whose whole text is Discourse topic JSON (a saved `.json` file, or one the worker fetched). */
function isTopicJson(doc: Document): boolean {
  const text = (doc.body?.textContent ?? '').trim();
  if (!text.startsWith('{') || !text.includes('"post_stream"')) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A Discourse page: its generator meta tag, or a document whose text is topic JSON. */
export const markers: EngineMarkers = { allOf: [selectors.page], orIf: isTopicJson };
