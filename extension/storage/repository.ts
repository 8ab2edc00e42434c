/**
 * Domain verbs over the database. Dexie types never leave extension/storage:
 * callers get plain data. Writes come from the service worker only (the single
 * writer); the extension pages read through the worker.
 */
import { countedMessage, engineMessage, word, type EngineMessage } from '../../src/engine/words';
import { defaultVoteGrammar, type BreachRules } from '../../src/engine';
import type { ForumPost } from '../../src/model/post';
import { GavelError } from '../shared/errors';
import type { PageReport, Settings, ThreadSummary, VoteGrammarSettings } from '../shared/protocol';
import { threadKey, voteGrammarSettingKeys } from '../shared/protocol';
import { voteGrammarSwitchSettingKeys, voteGrammarWordSettingKeys } from '../shared/settings';
import type { GavelDatabase, ThreadRow } from './schema';

export const defaultSettings: Settings = { outputDialect: 'bbcode', language: 'auto', voteGrammar: {}, reminders: [60], badge: 'votes' };

/** A thread's stored post and page counts: from its stats row, or counted when it has none. */
async function countsOf(db: GavelDatabase, key: string): Promise<{ postCount: number; pagesSeen: number }> {
  const stats = await db.threadStats.get(key);
  if (stats !== undefined) return stats;
  const [postCount, pagesSeen] = await Promise.all([
    db.posts.where('threadKey').equals(key).count(),
    db.pages.where('threadKey').equals(key).count(),
  ]);
  return { postCount, pagesSeen };
}

async function summarize(db: GavelDatabase, row: ThreadRow): Promise<ThreadSummary> {
  const { postCount, pagesSeen } = await countsOf(db, row.key);
  return {
    key: row.key,
    origin: row.origin,
    threadId: row.threadId,
    title: row.title,
    engine: row.engine,
    postCount,
    pagesSeen,
    tracked: row.tracked === 1,
  };
}

/**
 * Stores a page's posts. Idempotent: a page whose content hash is unchanged is
 * skipped, and a post already stored (same thread, same post id) is replaced,
 * never duplicated, so re-reading a page or two tabs reading it at once leave
 * one copy of every post.
 */
export async function savePage(
  db: GavelDatabase,
  report: PageReport,
  now: number,
): Promise<{ thread: ThreadSummary; added: number; unchanged: boolean }> {
  const key = threadKey(report.thread.origin, report.thread.threadId);
  const result = await db.transaction('rw', [db.threads, db.pages, db.posts, db.threadStats], async () => {
    const existing = await db.threads.get(key);
    const row: ThreadRow = {
      key,
      origin: report.thread.origin,
      threadId: report.thread.threadId,
      title: report.thread.title || existing?.title || '',
      engine: report.engine,
      tracked: existing?.tracked ?? 0,
      firstSeenAt: existing?.firstSeenAt ?? now,
      updatedAt: now,
    };
    await db.threads.put(row);
    const page = await db.pages.get([key, report.pageNumber]);
    if (page !== undefined && page.contentHash === report.contentHash) return { row, added: 0, unchanged: true };
    const ids = report.posts.map((p) => [key, p.id] as [string, string]);
    const before = await db.posts.bulkGet(ids);
    const added = before.filter((p) => p === undefined).length;
    const counts = await countsOf(db, key);
    await db.posts.bulkPut(report.posts.map((post) => ({ threadKey: key, postId: post.id, number: post.number, post, storedAt: now })));
    await db.pages.put({ threadKey: key, pageNumber: report.pageNumber, url: report.url, contentHash: report.contentHash, readAt: now });
    await db.threadStats.put({
      threadKey: key,
      postCount: counts.postCount + added,
      pagesSeen: counts.pagesSeen + (page === undefined ? 1 : 0),
    });
    return { row, added, unchanged: false };
  });
  return { thread: await summarize(db, result.row), added: result.added, unchanged: result.unchanged };
}

export async function getThread(db: GavelDatabase, origin: string, threadId: string): Promise<ThreadSummary | null> {
  const row = await db.threads.get(threadKey(origin, threadId));
  return row === undefined ? null : summarize(db, row);
}

export async function listThreads(db: GavelDatabase): Promise<ThreadSummary[]> {
  const rows = await db.threads.orderBy('updatedAt').reverse().toArray();
  return Promise.all(rows.map((row) => summarize(db, row)));
}

/** Marks a thread as a tracked game (creating its row if Gavel has not read it yet). */
export async function trackThread(db: GavelDatabase, origin: string, threadId: string, now: number): Promise<ThreadSummary> {
  const key = threadKey(origin, threadId);
  await db.transaction('rw', db.threads, async () => {
    const existing = await db.threads.get(key);
    await db.threads.put({
      key,
      origin,
      threadId,
      title: existing?.title ?? '',
      engine: existing?.engine ?? '',
      tracked: 1,
      firstSeenAt: existing?.firstSeenAt ?? now,
      updatedAt: now,
    });
  });
  const summary = await getThread(db, origin, threadId);
  if (summary === null) throw new Error(`thread ${key} vanished while being tracked`);
  return summary;
}

/** The posts of a thread in thread order. */
export async function getPosts(db: GavelDatabase, origin: string, threadId: string): Promise<PostRowPlain[]> {
  const rows = await db.posts
    .where('[threadKey+number]')
    .between([threadKey(origin, threadId), -Infinity], [threadKey(origin, threadId), Infinity])
    .toArray();
  return rows.map((r) => ({ postId: r.postId, number: r.number, post: r.post }));
}

export interface PostRowPlain {
  readonly postId: string;
  readonly number: number;
  readonly post: ForumPost;
}

function isDialect(value: unknown): value is Settings['outputDialect'] {
  return value === 'bbcode' || value === 'markdown';
}

/** The longest a reminder may come before a deadline: a week. */
export const maxReminderMinutes = 7 * 24 * 60;
/** How many reminders a deadline may have. */
export const maxReminders = 5;

/** A refused setting: `problem` in English (for logs, and the details), `words` for the host's language. */
function invalid(field: string, problem: string, words: EngineMessage): GavelError {
  return new GavelError('settings/invalid', `${field}: ${problem}`, { details: { field, problem }, words });
}

const keywordFields = new Set<string>(voteGrammarWordSettingKeys);
const booleanFields = new Set<string>(voteGrammarSwitchSettingKeys);
const choiceFields: Readonly<Record<string, readonly string[]>> = {
  colon: ['optional', 'required'],
  struckVote: ['nothing', 'unvote'],
  severalVotesInPost: ['last', 'first'],
};

/**
 * The host's vote grammar checked field by field: only the fields Settings
 * offers, each of its type; keyword lists are non-empty lists of words
 * (trimmed, each said once). Throws a `settings/invalid` error naming the field.
 */
export function checkVoteGrammarSettings(value: unknown): VoteGrammarSettings {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid('voteGrammar', 'must be an object of grammar fields', engineMessage('settings/not-grammar'));
  const allowed = new Set<string>(voteGrammarSettingKeys);
  const out: Record<string, unknown> = {};
  for (const [field, given] of Object.entries(value)) {
    if (!allowed.has(field)) {
      throw invalid(
        field,
        `is not a vote grammar setting (the settings are ${voteGrammarSettingKeys.join(', ')})`,
        engineMessage('settings/not-grammar-field', word.text(field)),
      );
    }
    if (given === undefined) continue;
    if (keywordFields.has(field)) {
      if (!Array.isArray(given)) throw invalid(field, 'must be a list of words', engineMessage('settings/not-word-list'));
      const words: string[] = [];
      for (const entry of given as unknown[]) {
        if (typeof entry !== 'string') throw invalid(field, 'must be a list of words', engineMessage('settings/not-word-list'));
        const trimmed = entry.trim().replace(/\s+/gu, ' ');
        if (trimmed === '') throw invalid(field, 'has an empty word', engineMessage('settings/empty-word'));
        if (trimmed.length > 40) {
          throw invalid(
            field,
            `"${trimmed.slice(0, 40)}…" is longer than 40 characters`,
            countedMessage('settings/word-too-long', 40, word.text(trimmed.slice(0, 40))),
          );
        }
        if (/[:*[\]]/u.test(trimmed)) {
          throw invalid(
            field,
            `"${trimmed}" holds a colon, a star or a bracket: give the word alone`,
            engineMessage('settings/word-has-marks', word.text(trimmed)),
          );
        }
        if (!words.some((w) => w.toLowerCase() === trimmed.toLowerCase())) words.push(trimmed);
      }
      if (words.length === 0) throw invalid(field, 'give at least one word', engineMessage('settings/no-words'));
      out[field] = words;
    } else if (booleanFields.has(field)) {
      if (typeof given !== 'boolean') throw invalid(field, 'must be true or false', engineMessage('settings/not-yes-no'));
      out[field] = given;
    } else {
      const choices = choiceFields[field] ?? [];
      if (typeof given !== 'string' || !choices.includes(given))
        throw invalid(
          field,
          `must be one of ${choices.map((c) => `"${c}"`).join(', ')}`,
          engineMessage('settings/not-a-choice', word.names(choices)),
        );
      out[field] = given;
    }
  }
  const grammar = out as VoteGrammarSettings;
  // Against the default words where the host kept them.
  const unvotes = grammar.unvoteKeywords ?? defaultVoteGrammar.unvoteKeywords;
  const clash = (grammar.voteKeywords ?? defaultVoteGrammar.voteKeywords).find((w) =>
    unvotes.some((u) => u.toLowerCase() === w.toLowerCase()),
  );
  if (clash !== undefined) {
    throw invalid(
      'unvoteKeywords',
      `"${clash}" cannot both cast and withdraw a vote`,
      engineMessage('settings/cast-and-withdraw', word.text(clash)),
    );
  }
  return grammar;
}

/** Reminder minutes checked: whole minutes from 0 (at the deadline) to a week, at most five, each once, latest first. */
export function checkReminders(value: unknown): readonly number[] {
  if (!Array.isArray(value)) throw invalid('reminders', 'must be a list of minutes', engineMessage('settings/reminders-not-list'));
  const minutes = new Set<number>();
  for (const m of value as unknown[]) {
    if (typeof m !== 'number' || !Number.isInteger(m) || m < 0 || m > maxReminderMinutes) {
      throw invalid(
        'reminders',
        `${JSON.stringify(m)} is not a whole number of minutes from 0 to ${maxReminderMinutes}`,
        engineMessage('settings/reminder-not-minutes', word.text(JSON.stringify(m) ?? String(m)), word.number(maxReminderMinutes)),
      );
    }
    minutes.add(m);
  }
  if (minutes.size > maxReminders) {
    throw invalid('reminders', `at most ${maxReminders} reminders`, countedMessage('settings/too-many-reminders', maxReminders));
  }
  return [...minutes].sort((a, b) => b - a);
}

const settingKeys = new Set<string>(Object.keys(defaultSettings));

/** The patch checked whole: nothing is stored when any field is wrong. */
function checkSettingsPatch(patch: unknown): Partial<Settings> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch))
    throw invalid('settings', 'must be an object', engineMessage('settings/not-settings'));
  const out: { -readonly [K in keyof Settings]?: Settings[K] } = {};
  for (const [key, value] of Object.entries(patch)) {
    if (!settingKeys.has(key)) throw invalid(key, 'is not a setting', engineMessage('settings/unknown', word.text(key)));
    if (value === undefined) continue;
    switch (key) {
      case 'outputDialect':
        if (!isDialect(value)) {
          throw invalid(
            key,
            `unknown output dialect "${String(value)}"`,
            engineMessage('settings/unknown-dialect', word.text(String(value))),
          );
        }
        out.outputDialect = value;
        break;
      case 'language':
        if (value !== 'auto' && value !== 'en' && value !== 'ru')
          throw invalid(
            key,
            `must be "auto", "en" or "ru" (got ${JSON.stringify(value)})`,
            engineMessage('settings/unknown-language', word.text(JSON.stringify(value) ?? String(value))),
          );
        out.language = value;
        break;
      case 'badge':
        if (value !== 'votes' && value !== 'deadline') {
          throw invalid(
            key,
            `must be "votes" or "deadline" (got ${JSON.stringify(value)})`,
            engineMessage('settings/unknown-badge', word.text(JSON.stringify(value) ?? String(value))),
          );
        }
        out.badge = value;
        break;
      case 'reminders':
        out.reminders = checkReminders(value);
        break;
      case 'voteGrammar':
        out.voteGrammar = checkVoteGrammarSettings(value);
        break;
    }
  }
  return out;
}

/** A stored value that no longer passes its check (an older version's, or damaged) reads as the default. */
function readOr<T>(row: { value: unknown } | undefined, check: (value: unknown) => T, fallback: T): T {
  if (row === undefined) return fallback;
  try {
    return check(row.value);
  } catch {
    return fallback;
  }
}

export async function getSettings(db: GavelDatabase): Promise<Settings> {
  const [dialect, language, voteGrammar, reminders, badge] = await db.settings.bulkGet([
    'outputDialect',
    'language',
    'voteGrammar',
    'reminders',
    'badge',
  ]);
  return {
    outputDialect: isDialect(dialect?.value) ? dialect.value : defaultSettings.outputDialect,
    language:
      language?.value === 'en' || language?.value === 'ru' || language?.value === 'auto' ? language.value : defaultSettings.language,
    voteGrammar: readOr(voteGrammar, checkVoteGrammarSettings, defaultSettings.voteGrammar),
    reminders: readOr(reminders, checkReminders, defaultSettings.reminders),
    badge: badge?.value === 'deadline' || badge?.value === 'votes' ? badge.value : defaultSettings.badge,
  };
}

/**
 * Changes the settings the patch names; `voteGrammar` replaces the host's
 * whole grammar (`{}` restores the rules' own). Refused whole, with an error
 * naming the field, when any field is wrong.
 */
export async function setSettings(db: GavelDatabase, patch: Partial<Settings>): Promise<Settings> {
  const checked = checkSettingsPatch(patch);
  const rows = Object.entries(checked).map(([key, value]) => ({ key, value: value as unknown }));
  if (rows.length > 0) await db.settings.bulkPut(rows);
  return getSettings(db);
}

export async function addForum(db: GavelDatabase, origin: string, now: number): Promise<void> {
  await db.forums.put({ origin, enabledAt: now });
}

export async function listForums(db: GavelDatabase): Promise<string[]> {
  return (await db.forums.toArray()).map((f) => f.origin).sort();
}

/**
 * Sets a game's breach rules (null: back to its ruleset's), stamping the game as
 * changed so every page showing it reads it again. False when there is no such game.
 */
export async function setGameBreachRules(db: GavelDatabase, gameId: string, rules: BreachRules | null, now: number): Promise<boolean> {
  return db.transaction('rw', db.games, async () => {
    const game = await db.games.get(gameId);
    if (game === undefined) return false;
    const { breachRules: _old, ...rest } = game;
    await db.games.put({ ...rest, ...(rules === null ? {} : { breachRules: rules }), updatedAt: Math.max(now, game.updatedAt + 1) });
    return true;
  });
}
