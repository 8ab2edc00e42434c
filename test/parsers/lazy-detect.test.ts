/**
 * The content script detects the forum with page markers only and then loads that one
 * engine's adapter (extension/content/adapters.ts). A host must see exactly what the full
 * registry would have read: for every golden page and every real saved page, the lazy path
 * picks the same engine, reads the same posts with the same issues, finds the same element
 * for each post, and leaves the page as it was; a page of no known forum stays "not supported".
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapterLoaders, loadAdapter } from '../../extension/content/adapters';
import * as curse from '../../src/parsers/curse/selectors';
import { detectEngine, detectionOrder, engineDetectors, engineMarkers, locatePostsWith } from '../../src/parsers/detect';
import * as discourse from '../../src/parsers/discourse/selectors';
import { forumAdapters, forumEngineIds, locatePosts, parseThreadPage } from '../../src/parsers/index';
import * as invision from '../../src/parsers/invision/selectors';
import * as mybb from '../../src/parsers/mybb/selectors';
import * as phpbb from '../../src/parsers/phpbb/selectors';
import * as smf from '../../src/parsers/smf/selectors';
import * as ucoz from '../../src/parsers/ucoz/selectors';
import * as vbulletin3 from '../../src/parsers/vbulletin3/selectors';
import * as vbulletin4 from '../../src/parsers/vbulletin4/selectors';
import * as vbulletin5 from '../../src/parsers/vbulletin5/selectors';
import * as xenforo1 from '../../src/parsers/xenforo1/selectors';
import * as xenforo2 from '../../src/parsers/xenforo2/selectors';
import { hasShared, htmlDocument, loadDocument, repoRoot, sharedForums, warnSkipped } from './helpers';

interface PageCase {
  readonly name: string;
  readonly url: string;
  readonly now: number;
  readonly timeZone?: string;
  readonly load: () => Document;
}

/** The golden pages: test/fixtures/forums/<engine>/<slug>/page.html with the URL and time of its expected.json. */
function goldenPages(): PageCase[] {
  const root = path.join(repoRoot, 'test', 'fixtures', 'forums');
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((engine) =>
      readdirSync(path.join(root, engine.name), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((slug): PageCase => {
          const dir = path.join(root, engine.name, slug.name);
          const expected = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as {
            url: string;
            now: string;
            timeZone?: string;
          };
          const page = readFileSync(path.join(dir, 'page.html'), 'utf8');
          return {
            name: `golden ${engine.name}/${slug.name}`,
            url: expected.url,
            now: Date.parse(expected.now),
            ...(expected.timeZone === undefined ? {} : { timeZone: expected.timeZone }),
            load: () => {
              // A saved JSON endpoint (Discourse) is opened as a page whose text is the JSON.
              if (!/^\s*[{[]/.test(page)) return htmlDocument(page, expected.url);
              const doc = htmlDocument('<!doctype html><body></body>', expected.url);
              doc.body.append(doc.createTextNode(page));
              return doc;
            },
          };
        }),
    );
}

/** Every saved HTML page in ../shared/fixtures/forums, at the address it was saved from where the fixtures say it. */
function realPages(): PageCase[] {
  if (!hasShared) return [];
  const urls = new Map<string, string>();
  const expectedDir = path.join(repoRoot, 'test', 'parsers', 'shared-expected');
  for (const f of readdirSync(expectedDir).filter((n) => n.endsWith('.json'))) {
    const e = JSON.parse(readFileSync(path.join(expectedDir, f), 'utf8')) as { file: string; url: string };
    urls.set(path.normalize(e.file), e.url);
  }
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.html')) files.push(path.relative(sharedForums, full));
      else if (name === 'game.json') {
        const game = JSON.parse(readFileSync(full, 'utf8')) as { pages?: { file: string; url: string }[] };
        for (const p of game.pages ?? []) urls.set(path.normalize(path.join(path.relative(sharedForums, dir), p.file)), p.url);
      }
    }
  };
  walk(sharedForums);
  return files.sort().map((file) => {
    const url = urls.get(path.normalize(file)) ?? `https://forum.example.org/${file.split(path.sep).join('/')}`;
    return {
      name: `real ${file}`,
      url,
      now: Date.parse('2026-01-01T00:00:00Z'),
      load: () => loadDocument(path.join(sharedForums, file), url),
    };
  });
}

warnSkipped('the real saved forum pages in the lazy-detection comparison (lazy-detect.test.ts)');

const pages = [...goldenPages(), ...realPages()];

describe('detecting with page markers only', () => {
  it('detects with marker lists that are the engine selectors themselves, not copies of them', () => {
    expect(engineMarkers.phpbb.allOf).toEqual([phpbb.selectors.page, phpbb.selectors.post]);
    expect(engineMarkers.xenforo1.allOf).toEqual([xenforo1.selectors.post, xenforo1.selectors.list]);
    expect(engineMarkers.xenforo2.allOf).toEqual([xenforo2.selectors.post]);
    expect(engineMarkers.vbulletin3.allOf).toEqual([vbulletin3.selectors.post, vbulletin3.selectors.body]);
    expect(engineMarkers.vbulletin4.allOf).toEqual([vbulletin4.selectors.post]);
    expect(engineMarkers.vbulletin5.allOf).toEqual([vbulletin5.selectors.post]);
    expect(engineMarkers.discourse.allOf).toEqual([discourse.selectors.page]);
    expect(engineMarkers.mybb.allOf).toEqual([mybb.selectors.post, mybb.selectors.body]);
    expect(engineMarkers.smf.allOf).toEqual([smf.selectors.page, smf.selectors.body]);
    expect(engineMarkers.invision.allOf).toEqual([invision.selectors.post]);
    expect(engineMarkers.ucoz.allOf).toEqual([ucoz.selectors.post, ucoz.selectors.marker]);
    expect(engineMarkers.curse.allOf).toEqual([curse.selectors.post, curse.selectors.body]);
    const selectorTables = { phpbb, xenforo1, xenforo2, vbulletin3, vbulletin4, vbulletin5, discourse, mybb, smf, invision, ucoz, curse };
    for (const id of forumEngineIds) {
      const entries: readonly unknown[] = Object.values(selectorTables[id].selectors);
      for (const group of engineMarkers[id].allOf)
        expect(entries.includes(group), `${id}: a marker group is not one of its selectors`).toBe(true);
    }
  });

  it('has one detector and one adapter loader per engine, and the loader brings that engine’s adapter', async () => {
    expect(Object.keys(engineDetectors).sort()).toEqual([...forumEngineIds].sort());
    expect(Object.keys(adapterLoaders).sort()).toEqual([...forumEngineIds].sort());
    expect([...detectionOrder].sort()).toEqual([...forumEngineIds].sort());
    for (const id of forumEngineIds) expect(await loadAdapter(id), id).toBe(forumAdapters[id]);
  });

  it('is the very detection each adapter does', () => {
    // Discourse's adapter keeps its own copy of the check; the page comparison below holds it to the same answers.
    for (const id of forumEngineIds) if (id !== 'discourse') expect(forumAdapters[id].detect, id).toBe(engineDetectors[id]);
  });

  it('found pages to compare (golden, and real where ../shared is present)', () => {
    expect(pages.filter((p) => p.name.startsWith('golden ')).length).toBeGreaterThanOrEqual(forumEngineIds.length - 1);
    if (hasShared) expect(pages.filter((p) => p.name.startsWith('real ')).length).toBeGreaterThan(10);
  });
});

describe.each(pages)('$name', (page) => {
  // A real page of hundreds of posts is parsed twice in jsdom: seconds on a busy machine, so more than the default 5 s.
  it(
    'gets the same engine and posts from the lazy path as from the full registry, without changing the page',
    { timeout: 30_000 },
    async () => {
      const options = { now: page.now, ...(page.timeZone === undefined ? {} : { timeZone: page.timeZone }) };
      const url = new URL(page.url);

      const full = parseThreadPage(page.load(), url, options);

      const doc = page.load();
      const before = doc.documentElement.outerHTML;
      const detection = detectEngine(doc, url);
      // Every adapter's own detect agrees with the marker check on this page (Discourse's included).
      for (const id of forumEngineIds) expect(forumAdapters[id].detect(doc, url), id).toBe(engineDetectors[id](doc, url));

      if (!full.supported) {
        expect(full).toEqual({ supported: false, reason: 'engine/unknown' });
        expect(detection).toEqual({ supported: false, reason: 'engine/unknown' });
        return;
      }
      expect(detection).toEqual({ supported: true, engine: full.engine });
      if (!detection.supported) return;
      const located = locatePostsWith(await loadAdapter(detection.engine), doc, url, options);
      expect(located.engine).toBe(full.engine);
      expect(located.result.data).toEqual(full.data);
      expect(located.result.issues).toEqual(full.issues);
      // The same post elements as the full registry finds (badges go beside them).
      const where = (elements: ReadonlyMap<string, Element>): string[] =>
        [...elements].map(([id, e]) => `${id} ${e.tagName}#${e.id}.${e.className}`);
      expect(where(located.elements)).toEqual(where(locatePosts(page.load(), url, options)?.elements ?? new Map()));
      expect(doc.documentElement.outerHTML).toBe(before);
    },
  );
});

describe('a page of no forum Gavel knows', () => {
  it('is not supported on the lazy path either, and loads no adapter', () => {
    const doc = htmlDocument(
      '<!doctype html><title>Recipes</title><body><article class="post"><p>Bake at 200 °C.</p></article></body>',
      'https://cooking.example.org/bread',
    );
    expect(detectEngine(doc, 'https://cooking.example.org/bread')).toEqual({ supported: false, reason: 'engine/unknown' });
    expect(parseThreadPage(doc, 'https://cooking.example.org/bread', { now: 0 })).toEqual({ supported: false, reason: 'engine/unknown' });
  });
});
