/**
 * A forum engine is one module (src/parsers/<engine>/index.ts), and every table keyed by
 * engine is derived from the modules: each module is complete (engine-check.ts), each
 * folder holds exactly one, and the tables agree with the modules entry for entry.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapterLoaders } from '../../extension/content/adapters';
import { plainNumbering, postLabel, shownPostNumber, storedPostNumber } from '../../src/model/post';
import { bodyProfiles } from '../../src/parsers/body-profiles';
import { detectionOrder, engineDetectors, engineMarkers } from '../../src/parsers/detect';
import { engineProblems } from '../../src/parsers/engine-check';
import { defineEngine, detectorOf } from '../../src/parsers/engine-module';
import { engineModules, engines, postNumberingOf } from '../../src/parsers/engines';
import { forumAdapters, forumEngineIds, locatePosts, type ForumEngineModule } from '../../src/parsers/index';
import { bodyProfile } from '../../src/parsers/profile-parts';
import { smfEngine } from '../../src/parsers/smf/index';
import { crawlAddressOf } from '../../src/parsers/thread-links';
import { hasShared, htmlDocument, loadDocument, repoRoot, sharedForums, warnSkipped } from './helpers';

const doc = htmlDocument('<!doctype html><body></body>');
const parsersDir = path.join(repoRoot, 'src', 'parsers');

describe('engine modules', () => {
  it.each(forumEngineIds)('%s is complete', async (id) => {
    const engine = engineModules[id];
    expect(engineProblems(engine, doc)).toEqual([]);
    expect(engine.id).toBe(id);
    // the folder exports this one module and nothing else
    const exported = (await import(`../../src/parsers/${id}/index.ts`)) as Record<string, unknown>;
    expect(Object.values(exported)).toEqual([engine]);
  });

  it('has one folder with a module per engine id, and no folder with a module outside the list', () => {
    const folders = readdirSync(parsersDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(path.join(parsersDir, d.name, 'index.ts')))
      .map((d) => d.name);
    expect(folders.sort()).toEqual([...forumEngineIds].sort());
  });

  it('derives every table from the modules, in the order of forumEngineIds', () => {
    expect(engines.map((e) => e.id)).toEqual([...forumEngineIds]);
    expect(Object.keys(engineModules).sort()).toEqual([...forumEngineIds].sort());
    expect(detectionOrder).toEqual([...forumEngineIds]);
    for (const table of [forumAdapters, engineDetectors, engineMarkers, bodyProfiles, adapterLoaders])
      expect(Object.keys(table)).toEqual([...forumEngineIds]);
    for (const engine of engines) {
      expect(forumAdapters[engine.id], engine.id).toBe(engine.adapter);
      expect(engineDetectors[engine.id], engine.id).toBe(engine.adapter.detect);
      expect(engineDetectors[engine.id], engine.id).toBe(detectorOf(engine.markers));
      expect(engineMarkers[engine.id], engine.id).toBe(engine.markers);
      expect(bodyProfiles[engine.id], engine.id).toBe(engine.bodyProfile);
      expect(postNumberingOf(engine.id), engine.id).toBe(engine.numbering);
      expect(engine.label, engine.id).toBe(engine.adapter.label);
    }
  });

  it('fetches the page itself except where the module names a data address (Discourse’s topic JSON)', () => {
    for (const engine of engines)
      for (const url of engine.urlExamples) {
        const address = crawlAddressOf(engine.id, url);
        if (engine.dataAddress === undefined) expect(address, engine.id).toBe(url);
        else expect(address, engine.id).toBe(engine.dataAddress(new URL(url)) ?? url);
      }
    expect(crawlAddressOf('discourse', 'https://meta.discourse.org/t/a-mafia-game/123')).toMatch(/\/t\/123\.json/);
  });
});

describe('engine completeness check', () => {
  const base: ForumEngineModule = smfEngine;
  const variant = (patch: Partial<Omit<ForumEngineModule, 'label'>>): ForumEngineModule =>
    defineEngine({ ...base, ...patch, adapter: { ...base.adapter, ...(patch.adapter ?? {}) } });

  it('passes a complete module', () => {
    expect(engineProblems(base, doc)).toEqual([]);
  });

  it('names what a module lacks: markers, quote markup, URL examples', () => {
    const empty = { allOf: [] };
    const problems = engineProblems(
      variant({ markers: empty, adapter: { ...base.adapter, detect: detectorOf(empty) }, bodyProfile: bodyProfile({}), urlExamples: [] }),
      doc,
    );
    expect(problems).toEqual([
      'smf: no markers: nothing would ever detect a page as this engine',
      'smf: the body profile knows no quote markup',
      'smf: no URL examples (thread page addresses as the engine writes them)',
    ]);
  });

  it('refuses a detector not made from the markers, an invalid selector, a bad address and a bad numbering', () => {
    const markers = { allOf: [['div[']] };
    const problems = engineProblems(
      variant({
        markers,
        adapter: { ...base.adapter, detect: () => true },
        urlExamples: ['ftp://example.org/x'],
        numbering: { offset: -1, prefix: '' },
      }),
      doc,
    );
    expect(problems).toContain('smf: the adapter detects with something other than its markers (use detectorOf(markers))');
    expect(problems).toContain('smf: marker "div[" is not a valid selector');
    expect(problems).toContain('smf: URL example "ftp://example.org/x" is not a web address');
    expect(problems).toContain('smf: the numbering offset is not a whole number ≥ 0');
  });
});

describe('post numbers as the forum shows them', () => {
  it('shows SMF’s reply number: the post Gavel numbers 26 is “Reply #25”', () => {
    const smf = postNumberingOf('smf');
    expect(shownPostNumber(26, smf)).toBe(25);
    expect(postLabel(26, smf)).toBe('Reply #25');
    expect(storedPostNumber(25, smf)).toBe(26);
    // the opening post, which SMF leaves unnumbered
    expect(shownPostNumber(1, smf)).toBe(0);
  });

  it('leaves every other engine’s number as it is, and an unknown engine’s too', () => {
    for (const id of forumEngineIds)
      if (id !== 'smf') {
        expect(shownPostNumber(26, postNumberingOf(id)), id).toBe(26);
        expect(postLabel(26, postNumberingOf(id)), id).toBe('#26');
      }
    expect(postNumberingOf('not-an-engine')).toBe(plainNumbering);
    expect(shownPostNumber(0, postNumberingOf('phpbb'))).toBe(0); // mafiascum's opening post is #0, as read
  });
});

warnSkipped('the SMF pages whose printed reply numbers the SMF numbering is checked against (engines.test.ts)');

describe.skipIf(!hasShared)('SMF’s printed numbers on a real SMF 2.1 thread (../shared/fixtures/forums/smf)', () => {
  const dir = path.join(sharedForums, 'smf');
  const game = hasShared
    ? (JSON.parse(readFileSync(path.join(dir, 'game.json'), 'utf8')) as { pages: { file: string; url: string }[] })
    : { pages: [] };

  it.each(game.pages)('$file: every post’s shown number is the “#N” (“Reply #N”) the page prints on it', ({ file, url }) => {
    const located = locatePosts(loadDocument(path.join(dir, file), url), new URL(url), { now: Date.parse('2026-01-01T00:00:00Z') });
    expect(located?.engine).toBe('smf');
    const numbering = postNumberingOf('smf');
    let printed = 0;
    for (const post of located?.result.data.posts ?? []) {
      const badge = located?.elements.get(post.id)?.querySelector('.keyinfo span.page_number')?.textContent?.trim();
      if (post.number === 1) {
        // the opening post: SMF prints no number on it
        expect(badge, post.id).toBeUndefined();
        expect(shownPostNumber(post.number, numbering)).toBe(0);
        continue;
      }
      expect(badge, post.id).toBe(`#${String(shownPostNumber(post.number, numbering))}`);
      printed += 1;
    }
    expect(printed).toBeGreaterThan(0);
  });
});
