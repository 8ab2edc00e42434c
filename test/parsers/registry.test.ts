/** The registry's completeness, the detection order, and each adapter's URL helpers against their sample tables. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as curseUrls from '../../src/parsers/curse/urls';
import * as discourseUrls from '../../src/parsers/discourse/urls';
import { detectionOrder, forumAdapters, forumEngineIds, type ForumAdapter, type ForumEngineId } from '../../src/parsers/index';
import * as invisionUrls from '../../src/parsers/invision/urls';
import * as mybbUrls from '../../src/parsers/mybb/urls';
import * as phpbbUrls from '../../src/parsers/phpbb/urls';
import * as smfUrls from '../../src/parsers/smf/urls';
import * as ucozUrls from '../../src/parsers/ucoz/urls';
import * as vb3Urls from '../../src/parsers/vbulletin3/urls';
import * as vb5Urls from '../../src/parsers/vbulletin5/urls';
import * as xf1Urls from '../../src/parsers/xenforo1/urls';
import * as xf2Urls from '../../src/parsers/xenforo2/urls';

describe('registry', () => {
  it('has an adapter for every engine id, under its own id', () => {
    expectTypeOf(forumAdapters).toExtend<Readonly<Record<ForumEngineId, ForumAdapter>>>();
    expect(Object.keys(forumAdapters).sort()).toEqual([...forumEngineIds].sort());
    for (const id of forumEngineIds) expect(forumAdapters[id].id).toBe(id);
  });

  it('tries every engine exactly once when detecting', () => {
    expect([...detectionOrder].sort()).toEqual([...forumEngineIds].sort());
  });
});

/** Each URL helper, called on each sample URL of its table. */
const tables: ReadonlyArray<readonly [string, ReadonlyArray<readonly [string, unknown]>, (url: URL) => unknown]> = [
  ['phpbb isThreadUrl', phpbbUrls.isThreadUrlExamples, phpbbUrls.isThreadUrl],
  ['phpbb startOf', phpbbUrls.startOfExamples, phpbbUrls.startOf],
  ['xenforo1 threadIdOf', xf1Urls.threadIdOfExamples, xf1Urls.threadIdOf],
  ['xenforo1 pageNumberOf', xf1Urls.pageNumberOfExamples, xf1Urls.pageNumberOf],
  ['xenforo2 threadIdOf', xf2Urls.threadIdOfExamples, xf2Urls.threadIdOf],
  ['xenforo2 pageNumberOf', xf2Urls.pageNumberOfExamples, xf2Urls.pageNumberOf],
  ['vbulletin3/4 threadIdOf', vb3Urls.threadIdOfExamples, vb3Urls.threadIdOf],
  ['vbulletin3/4 pageNumberOf', vb3Urls.pageNumberOfExamples, vb3Urls.pageNumberOf],
  ['vbulletin5 threadIdOf', vb5Urls.threadIdOfExamples, vb5Urls.threadIdOf],
  ['vbulletin5 pageNumberOf', vb5Urls.pageNumberOfExamples, vb5Urls.pageNumberOf],
  ['discourse topicIdOf', discourseUrls.topicIdOfExamples, discourseUrls.topicIdOf],
  ['mybb threadIdOf', mybbUrls.threadIdOfExamples, mybbUrls.threadIdOf],
  ['mybb pageNumberOf', mybbUrls.pageNumberOfExamples, mybbUrls.pageNumberOf],
  ['smf topicOf', smfUrls.topicOfExamples, smfUrls.topicOf],
  ['invision topicIdOf', invisionUrls.topicIdOfExamples, invisionUrls.topicIdOf],
  ['invision pageNumberOf', invisionUrls.pageNumberOfExamples, invisionUrls.pageNumberOf],
  ['ucoz threadOf', ucozUrls.threadOfExamples, ucozUrls.threadOf],
  ['ucoz postLinkOf', ucozUrls.postLinkOfExamples, (url: URL) => ucozUrls.postLinkOf(url.href)],
  ['curse threadIdOf', curseUrls.threadIdOfExamples, curseUrls.threadIdOf],
];

describe.each(tables)('%s', (_name, examples, fn) => {
  it.each(examples.map(([url, expected]) => [url, expected] as const))('%s', (url, expected) => {
    expect(fn(new URL(url))).toEqual(expected);
  });
});
