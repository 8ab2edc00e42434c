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
import { breachHandlers, thresholdWords } from '../../extension/background/handlers/breaches';
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
  it('says how warnings and strikes add up', () => {
    expect(thresholdWords({ warningsPerStrike: 3, strikesToModKill: 2, strikesToExile: null })).toBe(
      '3 warnings make a strike; 2 strikes: mod kill.',
    );
    expect(thresholdWords({ warningsPerStrike: null, strikesToModKill: null, strikesToExile: 2 })).toBe('2 strikes: exile.');
  });
});
