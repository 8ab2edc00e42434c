/**
 * The host's settings in the extension's database: defaults, strict checks
 * that store nothing when any field is wrong, and the vote grammar reaching
 * every thread's count.
 */
import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import { gameOnThread, origin, threadId } from './deadline-thread';
import { settingsHandlers } from '../../extension/background/handlers/settings';
import { countThread } from '../../extension/background/thread-count';
import type { HandlerContext } from '../../extension/shared/messaging';
import type { Settings } from '../../extension/shared/protocol';
import { defaultSettings, getSettings, setSettings } from '../../extension/storage/repository';

const freshDb = freshDatabases('gavel-settings');
const page: HandlerContext = {
  sender: { id: 'gavel', url: 'chrome-extension://gavel/extension/popup/index.html' },
  senderKind: 'extension-page',
};

async function refused(patch: unknown): Promise<string> {
  const db = freshDb();
  await setSettings(db, { reminders: [30] });
  const before = await getSettings(db);
  const error = await setSettings(db, patch as Partial<Settings>).then(
    () => null,
    (e: unknown) => e as Error & { code?: string },
  );
  if (error === null) throw new Error(`accepted ${JSON.stringify(patch)}`);
  expect(error.code).toBe('settings/invalid');
  // Nothing of the patch was stored, not even its good fields.
  expect(await getSettings(db)).toEqual(before);
  return error.message;
}

describe('settings', () => {
  it('start from the defaults: BBCode, the browser language, the rules’ grammar, a reminder an hour before, votes on the badge', async () => {
    const db = freshDb();
    expect(await getSettings(db)).toEqual({ outputDialect: 'bbcode', language: 'auto', voteGrammar: {}, reminders: [60], badge: 'votes' });
    expect(defaultSettings.reminders).toEqual([60]);
  });

  it('keep what the host sets, through the worker', async () => {
    const db = freshDb();
    const handlers = settingsHandlers(() => db);
    const saved = await handlers['settings/set'](
      {
        language: 'ru',
        badge: 'deadline',
        reminders: [0, 60, 15, 60],
        voteGrammar: { voteKeywords: [' vote ', 'lynch'], colon: 'required', unboldedUnvotes: true },
      },
      page,
    );
    expect(saved).toEqual({
      outputDialect: 'bbcode',
      language: 'ru',
      badge: 'deadline',
      // Each once, latest first.
      reminders: [60, 15, 0],
      voteGrammar: { voteKeywords: ['vote', 'lynch'], colon: 'required', unboldedUnvotes: true },
    });
    expect(await handlers['settings/get']({}, page)).toEqual(saved);
    // Restore defaults: the host's grammar goes, the rest stays.
    expect((await handlers['settings/set']({ voteGrammar: {} }, page)).voteGrammar).toEqual({});
    expect((await getSettings(db)).language).toBe('ru');
  });

  it('refuse a wrong field whole, naming it', async () => {
    expect(await refused({ language: 'de' })).toBe('language: must be "auto", "en" or "ru" (got "de")');
    expect(await refused({ badge: 'wagons', language: 'en' })).toMatch(/^badge: /u);
    expect(await refused({ theme: 'dark' })).toBe('theme: is not a setting');
    expect(await refused({ voteGrammar: { voteKeywords: [] } })).toBe('voteKeywords: give at least one word');
    expect(await refused({ voteGrammar: { voteKeywords: ['vote', '  '] } })).toBe('voteKeywords: has an empty word');
    expect(await refused({ voteGrammar: { unvoteKeywords: 'unvote' } })).toBe('unvoteKeywords: must be a list of words');
    expect(await refused({ voteGrammar: { voteKeywords: ['Vote:'] } })).toMatch(/^voteKeywords: "Vote:" holds a colon/u);
    expect(await refused({ voteGrammar: { caseSensitive: true } })).toMatch(/^caseSensitive: is not a vote grammar setting/u);
    expect(await refused({ voteGrammar: { colon: 'always' } })).toBe('colon: must be one of "optional", "required"');
    expect(await refused({ voteGrammar: { ownLine: 'yes' } })).toBe('ownLine: must be true or false');
    expect(await refused({ voteGrammar: { voteKeywords: ['vote', 'unvote'], unvoteKeywords: ['Unvote'] } })).toBe(
      'unvoteKeywords: "unvote" cannot both cast and withdraw a vote',
    );
    expect(await refused({ voteGrammar: ['vote'] })).toBe('voteGrammar: must be an object of grammar fields');
    expect(await refused({ reminders: [60, 10081] })).toBe('reminders: 10081 is not a whole number of minutes from 0 to 10080');
    expect(await refused({ reminders: [-5] })).toMatch(/^reminders: -5 is not/u);
    expect(await refused({ reminders: [7.5] })).toMatch(/^reminders: 7.5 is not/u);
    expect(await refused({ reminders: [1, 2, 3, 4, 5, 6] })).toBe('reminders: at most 5 reminders');
    expect(await refused({ reminders: 60 })).toBe('reminders: must be a list of minutes');
  });

  it('read a damaged stored value as the default', async () => {
    const db = freshDb();
    await db.settings.bulkPut([
      { key: 'reminders', value: ['soon'] },
      { key: 'voteGrammar', value: { voteKeywords: [] } },
      { key: 'badge', value: 'sparkles' },
    ]);
    const read = await getSettings(db);
    expect([read.reminders, read.voteGrammar, read.badge]).toEqual([[60], {}, 'votes']);
  });
});

describe("the host's vote grammar", () => {
  it('counts "Lynch: Corvid" once the host adds "lynch" to the vote words, in the thread and in its game', async () => {
    const db = freshDb();
    await gameOnThread(db);
    const wagon = async () => {
      const { result } = await countThread(db, origin, threadId);
      if (!result.ok) throw new Error(result.reason);
      return result.count.wagons[0];
    };
    expect(await wagon()).toEqual({ target: 'Corvid', votes: 1, lMinus: 2, voters: ['Alpha_Wolf'] });

    await setSettings(db, { voteGrammar: { voteKeywords: ['vote', 'lynch'] } });
    expect(await wagon()).toEqual({ target: 'Corvid', votes: 2, lMinus: 1, voters: ['Alpha_Wolf', 'Bluebell'] });

    // A colon now required: both votes have one and still count. Restore defaults: back to one vote.
    await setSettings(db, { voteGrammar: { voteKeywords: ['vote', 'lynch'], colon: 'required' } });
    expect((await wagon())?.votes).toBe(2);
    await setSettings(db, { voteGrammar: {} });
    expect((await wagon())?.votes).toBe(1);
  });
});
