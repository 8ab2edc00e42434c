/**
 * A host's breach ledger in the worker, against an in-memory IndexedDB: a
 * forum-template (001) game on a thread where one player posts at night, one
 * edits a post and one hardly posts on Day 1. The ledger lists each breach
 * with its post and sanction and leaves each player warned or with a mod kill
 * due; the host pardons with a note (never without one, never a breach that
 * is not there), the standing clears, and the pardon can be taken back. The
 * thread's own panel then shows the pardoned breach as pardoned.
 */
import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import type { ForumPost } from '../../src/model/post';
import { breachHandlers } from '../../extension/background/handlers/breaches';
import { translatorFor } from '../../extension/shared/catalogs';
import { sayMessage } from '../../extension/shared/format';
import { exportGame, importGame } from '../../extension/storage/game-file';
import { thresholdTerms, type BreachRules, type LedgerThresholds } from '../../src/engine';
import { gameHandlers } from '../../extension/background/handlers/games';
import { threadHandlers } from '../../extension/background/handlers/thread';
import type { HandlerContext } from '../../extension/shared/messaging';
import type { BreachLedgerView } from '../../extension/shared/protocol';
import { savePage } from '../../extension/storage/repository';

const freshDb = freshDatabases('gavel-breaches');
const page: HandlerContext = {
  sender: { id: 'gavel', url: 'chrome-extension://gavel/extension/popup/index.html' },
  senderKind: 'extension-page',
};
const origin = 'https://forum.example';
const players = ['Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion', 'Elm'];

const hour = 3_600_000;
const start = Date.UTC(2026, 10, 20, 18, 0);
let number = 0;
const say = (author: string, text: string, extra: Partial<ForumPost> = {}): ForumPost => {
  const n = number++;
  return {
    id: `p${n}`,
    number: n,
    author,
    postedAt: start + n * hour,
    permalink: `${origin}/viewtopic.php?p=p${n}#p${n}`,
    body: [{ type: 'text', text }],
    ...extra,
  };
};
const chat = (author: string, topic: string): ForumPost =>
  say(author, `${topic}: I have been reading the thread closely and I think we should talk about it more.`);

/** Day 1 (Dandelion posts once), Night 1 (Corvid posts), Day 2. Elm edits a Day 1 post. */
function thread(): ForumPost[] {
  number = 0;
  return [
    say('Host', 'Welcome to Mini 2187. Day 1 begins now.'),
    ...['Alpha_Wolf', 'Bluebell', 'Corvid', 'Elm'].flatMap((name) => [chat(name, 'First'), chat(name, 'Second')]),
    chat('Dandelion', 'Hello'),
    chat('Alpha_Wolf', 'Third'),
    chat('Bluebell', 'Third'),
    chat('Corvid', 'Third'),
    say('Elm', 'Third: on reflection I am not sure about Corvid at all, so I changed my mind about it.', {
      edited: { at: start + 13 * hour, by: 'Elm' },
    }),
    say('Host', 'Night 1 has started. The thread is closed.'),
    say('Corvid', 'Oops, sorry, I forgot it is night now and posted anyway.'),
    say('Host', 'Day 2 begins. Nobody died.'),
  ];
}

async function setup() {
  const db = freshDb();
  let clock = Date.UTC(2026, 10, 22, 9, 0);
  const now = () => (clock += 60_000);
  const games = gameHandlers(
    () => db,
    now,
    () => 'game-1',
  );
  const breaches = breachHandlers(() => db, now);
  const threads = threadHandlers(() => db, now);
  const posts = thread();
  const report = onePageReport({ origin, threadId: '7', title: 'Mini 2187' }, posts);
  await savePage(db, report, 1);
  const created = await games['game/create'](
    { threadKey: null, title: 'Mini 2187', presetId: 'forum-template-001', roster: { from: 'text', text: players.join('\n') } },
    page,
  );
  const game = await games['game/update'](
    { id: created.id, patch: { threadKey: `${origin}|7`, roster: { ...created.roster, hosts: ['Host'] } } },
    page,
  );
  const postOf = (text: string): ForumPost => {
    const found = posts.find((p) => p.body.some((n) => n.type === 'text' && n.text.startsWith(text)));
    if (found === undefined) throw new Error(`no post "${text}"`);
    return found;
  };
  return { db, games, breaches, threads, game, postOf };
}

const player = (ledger: BreachLedgerView, name: string) => {
  const found = ledger.players.find((p) => p.name === name);
  if (found === undefined) throw new Error(`${name} is not in the ledger`);
  return found;
};

describe("the host's breach ledger", () => {
  it('lists each breach by player with its post, phase, rule and sanction, and the standing it leaves', async () => {
    const { breaches, game, postOf } = await setup();
    const ledger = await breaches['breach/ledger']({ gameId: game.id }, page);
    expect(ledger.reason).toBeNull();
    expect(ledger.rules).toBe('001');

    const corvid = player(ledger, 'Corvid');
    expect(corvid.standing).toBe('warned');
    const nightPost = postOf('Oops');
    expect(corvid.breaches).toEqual([
      expect.objectContaining({
        post: nightPost.number,
        permalink: nightPost.permalink,
        phase: 'Night 1',
        rule: 'posted at night',
        sanction: "host's call",
        pardon: null,
      }),
    ]);

    const elm = player(ledger, 'Elm');
    expect(elm.standing).toBe('mod-kill-due');
    expect(elm.breaches.map((b) => [b.rule, b.post, b.sanction])).toEqual([
      ['edited a post', postOf('Third: on reflection').number, 'mod kill'],
    ]);

    const dandelion = player(ledger, 'Dandelion');
    expect(dandelion.standing).toBe('mod-kill-due');
    expect(dandelion.breaches).toEqual([
      expect.objectContaining({ post: null, phase: 'Day 1', rule: 'too few posts in the day', sanction: 'mod kill' }),
    ]);

    expect(player(ledger, 'Alpha_Wolf')).toMatchObject({ standing: 'clear', breaches: [] });
    // Players with breaches first, the most serious standing first; the clear ones after, in roster order.
    expect(ledger.players.map((p) => p.name)).toEqual(['Dandelion', 'Elm', 'Corvid', 'Alpha_Wolf', 'Bluebell']);
  });

  it('pardons a breach with the host’s note: it stays listed, marked, and no longer counts', async () => {
    const { breaches, game } = await setup();
    const before = await breaches['breach/ledger']({ gameId: game.id }, page);
    const edit = player(before, 'Elm').breaches[0];
    expect(edit).toBeDefined();
    const after = await breaches['breach/pardon'](
      { gameId: game.id, breachId: edit?.id ?? '', note: '  fixed a typo within a minute, allowed  ' },
      page,
    );
    const elm = player(after, 'Elm');
    expect(elm.standing).toBe('clear');
    expect(elm.breaches).toEqual([
      expect.objectContaining({
        id: edit?.id,
        pardon: { note: 'fixed a typo within a minute, allowed', pardonedAt: expect.any(Number) as number },
      }),
    ]);
    // Still listed among the players with breaches, now after those whose breaches count.
    expect(after.players.map((p) => p.name)).toEqual(['Dandelion', 'Corvid', 'Elm', 'Alpha_Wolf', 'Bluebell']);
    // Stored: a fresh read says the same.
    expect(player(await breaches['breach/ledger']({ gameId: game.id }, page), 'Elm').standing).toBe('clear');
  });

  it('refuses a pardon without a note, and a pardon of a breach that is not there, changing nothing', async () => {
    const { breaches, game } = await setup();
    const before = await breaches['breach/ledger']({ gameId: game.id }, page);
    const night = player(before, 'Corvid').breaches[0]?.id ?? '';
    await expect(breaches['breach/pardon']({ gameId: game.id, breachId: night, note: '   ' }, page)).rejects.toThrow(/say why/);
    await expect(
      breaches['breach/pardon']({ gameId: game.id, breachId: 'post/at-night@p999', note: 'was a mistake' }, page),
    ).rejects.toThrow(/There is no breach "post\/at-night@p999" in Mini 2187/);
    await expect(breaches['breach/pardon']({ gameId: 'no-such-game', breachId: night, note: 'x' }, page)).rejects.toThrow(
      /There is no game "no-such-game"/,
    );
    await expect(breaches['breach/unpardon']({ gameId: game.id, breachId: night }, page)).rejects.toThrow(/is not pardoned/);
    expect(await breaches['breach/ledger']({ gameId: game.id }, page)).toEqual(before);
  });

  it('takes a pardon back: the breach counts again', async () => {
    const { breaches, game } = await setup();
    const before = await breaches['breach/ledger']({ gameId: game.id }, page);
    const inactive = player(before, 'Dandelion').breaches[0]?.id ?? '';
    const pardoned = await breaches['breach/pardon']({ gameId: game.id, breachId: inactive, note: 'was away, told me in advance' }, page);
    expect(player(pardoned, 'Dandelion').standing).toBe('clear');
    const back = await breaches['breach/unpardon']({ gameId: game.id, breachId: inactive }, page);
    expect(player(back, 'Dandelion')).toMatchObject({
      standing: 'mod-kill-due',
      breaches: [expect.objectContaining({ id: inactive, pardon: null })],
    });
    expect(back).toEqual(before);
  });

  it('says why there is no ledger when the game has no thread', async () => {
    const db = freshDb();
    const games = gameHandlers(
      () => db,
      () => 1,
      () => 'game-2',
    );
    const game = await games['game/create'](
      { threadKey: null, title: 'Mini 2188', presetId: 'forum-template-001', roster: { from: 'text', text: players.join('\n') } },
      page,
    );
    const ledger = await breachHandlers(
      () => db,
      () => 1,
    )['breach/ledger']({ gameId: game.id }, page);
    expect(ledger).toMatchObject({ players: [], reason: expect.stringMatching(/no thread yet/) as string });
  });

  it('marks the pardoned breach in the thread’s own count, so the panel on the page does not nag about it', async () => {
    const { breaches, threads, game } = await setup();
    const ledger = await breaches['breach/ledger']({ gameId: game.id }, page);
    const night = player(ledger, 'Corvid').breaches[0]?.id ?? '';
    await breaches['breach/pardon']({ gameId: game.id, breachId: night, note: 'posted seconds after the night post' }, page);
    const { count } = await threads['thread/count']({ origin, threadId: '7' }, page);
    const listed = count?.breaches ?? [];
    expect(listed.find((b) => b.id === night)?.pardoned).toEqual({ note: 'posted seconds after the night post' });
    expect(listed.filter((b) => b.id !== night).every((b) => b.pardoned === undefined)).toBe(true);
    expect(listed.length).toBe(3);
  });
});

describe('thresholds in words', () => {
  it('says how warnings and strikes add up, in both languages', () => {
    const say = (language: 'en' | 'ru', th: LedgerThresholds): string =>
      thresholdTerms(th)
        .map((m) => sayMessage(m, { t: translatorFor(language) }))
        .join(' ');
    expect(say('en', { warningsPerStrike: 3, strikesToModKill: 2, strikesToExile: null })).toBe(
      '3 warnings make a strike. 2 strikes: mod kill.',
    );
    expect(say('en', { warningsPerStrike: null, strikesToModKill: null, strikesToExile: 2 })).toBe('2 strikes: exile.');
    expect(say('ru', { warningsPerStrike: 3, strikesToModKill: 2, strikesToExile: null })).toBe(
      '3 предупреждения — это страйк. 2 страйка — модкилл.',
    );
    expect(say('ru', { warningsPerStrike: 5, strikesToModKill: 1, strikesToExile: null })).toBe(
      '5 предупреждений — это страйк. 1 страйк — модкилл.',
    );
  });
});

describe("a game's own breach rules", () => {
  it('starts from the ruleset, and a change to the inactivity rule changes the ledger (and is stored with the game)', async () => {
    const { breaches, game, db } = await setup();
    const before = await breaches['breach/ledger']({ gameId: game.id }, page);
    expect(before.custom).toBe(false);
    expect(before.breachRules).toEqual(before.presetRules);
    expect(before.breachRules.inactivity).toMatchObject({ minPosts: 3, minChars: 40 });
    expect(player(before, 'Dandelion').breaches.map((b) => b.code)).toEqual(['activity/too-few-posts']);

    // The host asks one post a day: Dandelion's single Day 1 post is enough.
    const oneADay = { ...before.breachRules, inactivity: { ...before.breachRules.inactivity, minPosts: 1 } };
    const after = await breaches['breach/rules']({ gameId: game.id, rules: oneADay }, page);
    expect(after.custom).toBe(true);
    expect(after.breachRules.inactivity.minPosts).toBe(1);
    expect(player(after, 'Dandelion')).toMatchObject({ standing: 'clear', breaches: [] });
    expect((await db.games.get(game.id))?.breachRules?.inactivity.minPosts).toBe(1);

    // Asking two posts of 100 characters: the whole table falls short.
    const strict = { ...oneADay, inactivity: { ...oneADay.inactivity, minPosts: 2, minChars: 100 } };
    const strictLedger = await breaches['breach/rules']({ gameId: game.id, rules: strict }, page);
    const inactive = strictLedger.players.filter((p) => p.breaches.some((b) => b.code === 'activity/too-few-posts')).map((p) => p.name);
    expect(inactive.sort()).toEqual([...players].sort());
    const terms = player(strictLedger, 'Dandelion').breaches[0]?.terms ?? [];
    expect(terms.map((m) => sayMessage(m, { t: translatorFor('en') }))).toEqual([
      'At least 2 posts each day.',
      "A post counts only with at least 100 characters of the player's own words.",
      "Votes and quotations are left out of a post's own words.",
    ]);

    // Back to the ruleset's rules.
    const reset = await breaches['breach/rules']({ gameId: game.id, rules: null }, page);
    expect(reset.custom).toBe(false);
    expect(reset).toEqual({ ...before });
    expect((await db.games.get(game.id))?.breachRules).toBeUndefined();
  });

  it('refuses rules the engine cannot apply, changing nothing', async () => {
    const { breaches, game } = await setup();
    const before = await breaches['breach/ledger']({ gameId: game.id }, page);
    const bad = { ...before.breachRules, inactivity: { ...before.breachRules.inactivity, minPosts: -1, sanction: 'flogging' } };
    await expect(breaches['breach/rules']({ gameId: game.id, rules: bad as unknown as BreachRules }, page)).rejects.toThrow(
      /cannot be used.*inactivity/s,
    );
    expect(await breaches['breach/ledger']({ gameId: game.id }, page)).toEqual(before);
  });

  it('goes with the game into its exported file, and a file without it still loads under the ruleset', async () => {
    const { breaches, game, db } = await setup();
    const before = await breaches['breach/ledger']({ gameId: game.id }, page);
    const lenient = { ...before.breachRules, edits: { ...before.breachRules.edits, enabled: false } };
    await breaches['breach/rules']({ gameId: game.id, rules: lenient }, page);
    const file = await exportGame(db, game.id, Date.UTC(2026, 10, 23));
    expect(file.game.breachRules?.edits.enabled).toBe(false);
    const imported = await importGame(db, JSON.stringify(file), { now: Date.UTC(2026, 10, 24), replace: true });
    expect(imported.breachRules?.edits.enabled).toBe(false);
    expect(player(await breaches['breach/ledger']({ gameId: game.id }, page), 'Elm').breaches).toEqual([]);

    const { breachRules: _rules, ...old } = file.game;
    const oldFile = { ...file, game: old };
    const again = await importGame(db, JSON.stringify(oldFile), { now: Date.UTC(2026, 10, 24), replace: true });
    expect(again.breachRules).toBeUndefined();
    expect(player(await breaches['breach/ledger']({ gameId: game.id }, page), 'Elm').breaches.map((b) => b.code)).toEqual(['post/edited']);
  });
});

describe('bulk pardons', () => {
  it('pardons several breaches with one note, all together', async () => {
    const { breaches, game } = await setup();
    const before = await breaches['breach/ledger']({ gameId: game.id }, page);
    const ids = before.players.flatMap((p) => p.breaches.map((b) => b.id));
    expect(ids.length).toBe(3);
    const after = await breaches['breach/pardon-many']({ gameId: game.id, breachIds: ids, note: ' first game, all forgiven ' }, page);
    const all = after.players.flatMap((p) => p.breaches);
    expect(all.map((b) => b.pardon?.note)).toEqual(['first game, all forgiven', 'first game, all forgiven', 'first game, all forgiven']);
    expect(after.players.every((p) => p.standing === 'clear')).toBe(true);
  });

  it('pardons none when one of the chosen breaches is not there, or the note is empty', async () => {
    const { breaches, game } = await setup();
    const before = await breaches['breach/ledger']({ gameId: game.id }, page);
    const ids = before.players.flatMap((p) => p.breaches.map((b) => b.id));
    await expect(
      breaches['breach/pardon-many']({ gameId: game.id, breachIds: [...ids, 'post/edited@nowhere'], note: 'ok' }, page),
    ).rejects.toThrow(/There is no breach "post\/edited@nowhere"/);
    await expect(breaches['breach/pardon-many']({ gameId: game.id, breachIds: ids, note: '  ' }, page)).rejects.toThrow(/say why/);
    await expect(breaches['breach/pardon-many']({ gameId: game.id, breachIds: [], note: 'ok' }, page)).rejects.toThrow(/Choose/);
    expect(await breaches['breach/ledger']({ gameId: game.id }, page)).toEqual(before);
  });
});

describe('breaches in words', () => {
  it('say what was found and the rule applied with its figures, in English and in Russian, in the game time zone', async () => {
    const { breaches, game } = await setup();
    const ledger = await breaches['breach/ledger']({ gameId: game.id }, page);
    expect(ledger.timeZone).toBe(game.timeZone);
    const words = (language: 'en' | 'ru', name: string): string[] => {
      const t = translatorFor(language);
      const b = player(ledger, name).breaches[0];
      if (b === undefined) throw new Error(`${name} has no breach`);
      return [...b.findings, ...b.terms].map((m) => sayMessage(m, { t, timeZone: 'UTC' }));
    };
    expect(words('en', 'Dandelion')).toEqual([
      '1 post counted during Day 1; 3 required.',
      'At least 3 posts each day.',
      "A post counts only with at least 40 characters of the player's own words.",
      "Votes and quotations are left out of a post's own words.",
    ]);
    expect(words('ru', 'Dandelion')).toEqual([
      'За фазу «День 1» засчитан 1 пост; требуется: 3.',
      'Не менее 3 постов за каждый день.',
      'Пост засчитывается, только если в нём не менее 40 знаков собственного текста игрока.',
      'Голоса и цитаты в собственный текст поста не входят.',
    ]);
    // An edit's moment in the host's locale and the game's time zone, never a raw ISO time.
    expect(words('en', 'Elm')).toEqual([
      'Edited on 21 Nov 2026, 07:00.',
      'No earlier version was read, so whether a vote changed is not known.',
      'Editing a post, for any reason, is a breach.',
    ]);
    expect(words('ru', 'Elm')[0]).toMatch(/^Пост отредактирован 21 нояб\. 2026 г\., 07:00\.$/);
    expect(words('ru', 'Corvid')).toEqual([
      'Пост написан в фазе «Ночь 1», когда тема закрыта.',
      'Игроки не пишут с конца дня до начала следующего дня.',
    ]);
  });
});
