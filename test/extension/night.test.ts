/**
 * A host's night in the worker, against an in-memory IndexedDB: the role PMs
 * of a forum-template (001) game are entered, the night is resolved with its
 * reasons, applied to the event log, and the day-start post and the result
 * PMs come out ready to copy. Then the day's vote count of the game's thread.
 */
import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { deriveState, type PlayerSetup } from '../../src/engine';
import type { ForumPost } from '../../src/model/post';
import { gameHandlers } from '../../extension/background/handlers/games';
import { nightHandlers } from '../../extension/background/handlers/night';
import type { HandlerContext } from '../../extension/shared/messaging';
import type { GameRecord, NightResolutionEntry } from '../../extension/shared/protocol';
import { listNightResolutions, listPublishedPosts } from '../../extension/storage/games';
import { savePage } from '../../extension/storage/repository';

const freshDb = freshDatabases('gavel-night');

const page: HandlerContext = {
  sender: { id: 'gavel', url: 'chrome-extension://gavel/extension/popup/index.html' },
  senderKind: 'extension-page',
};
const roles: Readonly<Record<string, Pick<PlayerSetup, 'faction' | 'role'>>> = {
  Alpha_Wolf: { faction: 'mafia', role: 'goon' },
  Bluebell: { faction: 'town', role: 'doctor' },
  Corvid: { faction: 'town', role: 'cop' },
  Dandelion: { faction: 'town', role: 'vanilla' },
  Elm: { faction: 'town', role: 'vanilla' },
};

async function setup(extra: Readonly<Record<string, Pick<PlayerSetup, 'faction' | 'role'>>> = {}) {
  const db = freshDb();
  let clock = Date.UTC(2026, 10, 21, 20, 0);
  const now = () => (clock += 60_000);
  const games = gameHandlers(
    () => db,
    now,
    () => 'game-1',
  );
  const night = nightHandlers(
    () => db,
    now,
    () => 20261121,
  );
  let game = await games['game/create'](
    { threadKey: null, title: 'Mini 2187', presetId: 'forum-template-001', roster: { from: 'text', text: Object.keys(roles).join('\n') } },
    page,
  );
  game = await games['game/update'](
    { id: game.id, patch: { players: game.players.map((p) => ({ ...p, ...roles[p.name], ...extra[p.name] })) } },
    page,
  );
  const slot = (name: string): string => game.players.find((p) => p.name === name)?.slotId ?? name;
  const start = async (kind: 'day' | 'night', number: number) => {
    game = await games['game/event'](
      { id: game.id, action: { kind: 'append', event: { kind: 'phase-start', phase: { kind, number } } } },
      page,
    );
  };
  const act = (n: number, actor: string, ability: string, target: string, pmAt: number | null = null) =>
    night['night/add-action']({ gameId: game.id, night: n, actor: slot(actor), ability, targets: [slot(target)], pmAt }, page);
  return { db, games, night, slot, start, act, game: () => game };
}

const reasonTexts = (entry: NightResolutionEntry): string => {
  const walk = (r: { text: string; because?: readonly { text: string }[] }): string[] => [
    r.text,
    ...(r.because ?? []).flatMap((b) => walk(b as never)),
  ];
  return entry.resolution.events.flatMap((e) => e.reasons.flatMap(walk)).join('\n');
};

describe("a host's night", () => {
  it('lists who has not sent an action yet, and refuses actions a player cannot take', async () => {
    const { night, start, act, game } = await setup();
    await start('day', 1);
    await expect(act(1, 'Bluebell', 'protect', 'Corvid')).rejects.toThrow(/Night 1 is not in progress \(it is Day 1\)/);
    await start('night', 1);
    const empty = await night['night/actions']({ gameId: game().id, night: 1 }, page);
    expect(empty.waiting.map((w) => w.name)).toEqual(['Alpha_Wolf', 'Bluebell', 'Corvid']);
    const view = await act(1, 'Bluebell', 'protect', 'Corvid');
    expect(view.actions.map((a) => a.ability)).toEqual(['protect']);
    expect(view.waiting.map((w) => w.name)).toEqual(['Alpha_Wolf', 'Corvid']);
    await expect(act(1, 'Dandelion', 'investigate', 'Alpha_Wolf')).rejects.toThrow('Dandelion has no such ability in their role');
    await expect(act(1, 'Bluebell', 'protect', 'Bluebell')).rejects.toThrow('Bluebell may not target themselves');
    const removed = await night['night/remove-action']({ gameId: game().id, night: 1, id: view.actions[0]?.id ?? -1 }, page);
    expect(removed.actions).toEqual([]);
  });

  it("counts the mafia's kill as sent once one member of the mafia sent it", async () => {
    const { start, act } = await setup({ Elm: { faction: 'mafia', role: 'hitman' } });
    await start('day', 1);
    await start('night', 1);
    const view = await act(1, 'Elm', 'factional-kill', 'Dandelion');
    expect(view.waiting.map((w) => w.name)).toEqual(['Bluebell', 'Corvid']);
  });

  it('saves the doctor’s target from the mafia kill, tells the cop, and the day starts with nobody dead', async () => {
    const { db, night, start, act, game, slot } = await setup();
    await start('day', 1);
    await start('night', 1);
    const pm = Date.UTC(2026, 10, 21, 22, 0);
    await act(1, 'Alpha_Wolf', 'factional-kill', 'Dandelion', pm);
    await act(1, 'Bluebell', 'protect', 'Dandelion', pm + 60_000);
    const before = await act(1, 'Corvid', 'investigate', 'Alpha_Wolf', pm + 120_000);
    expect(before.waiting).toEqual([]);

    const resolved = await night['night/resolve']({ gameId: game().id, night: 1 }, page);
    expect(resolved.applied).toBe(false);
    expect(resolved.seed).toBe(20261121);
    expect(resolved.resolution.events.some((e) => e.type === 'death')).toBe(false);
    const saved = resolved.resolution.events.find((e) => e.type === 'survived');
    expect(saved).toMatchObject({ player: slot('Dandelion') });
    expect(reasonTexts(resolved)).toContain('Dandelion was attacked but not killed');
    expect(reasonTexts(resolved)).toContain('Bluebell (Doctor) protected Dandelion');
    const check = resolved.resolution.events.find((e) => e.type === 'message' && e.to === slot('Corvid'));
    expect(check).toMatchObject({ result: { to: slot('Corvid'), fact: 'alignment-check', about: [slot('Alpha_Wolf')], value: true } });

    const { game: after, posts } = await night['night/apply']({ gameId: game().id, night: 1 }, page);
    const state = deriveState(after.events);
    expect(state.phase).toEqual({ kind: 'day', number: 2 });
    expect(state.players.every((p) => p.alive)).toBe(true);
    expect(after.events.filter((e) => e.type === 'action/use')).toHaveLength(3);
    expect(posts?.dayStart).toContain('Day 2');
    expect(posts?.dayStart).toContain('Nobody died.');
    expect(posts?.privateMessages.map((m) => m.name)).toEqual(['Corvid']);
    expect(posts?.privateMessages[0]?.text).toBe('Your investigation of Alpha_Wolf: Mafia.');
    expect(posts?.privateMessages[0]?.result).toEqual({
      to: slot('Corvid'),
      fact: 'alignment-check',
      about: [slot('Alpha_Wolf')],
      value: true,
    });
    // The game's log keeps the result as data beside its English sentence.
    expect(after.events.filter((e) => e.type === 'message/send')).toEqual([
      {
        type: 'message/send',
        to: slot('Corvid'),
        text: 'Your investigation of Alpha_Wolf: Mafia.',
        result: posts?.privateMessages[0]?.result,
      },
    ]);
    expect((await listNightResolutions(db, game().id)).map((r) => r.applied)).toEqual([true]);
    // Reopened on Day 2, the night still gives the same posts to copy.
    expect((await night['night/actions']({ gameId: game().id, night: 1 }, page)).posts).toEqual(posts);
    await expect(night['night/apply']({ gameId: game().id, night: 1 }, page)).rejects.toThrow(/Night 1 is not in progress/);

    // Night 2: the doctor guards the wrong player and the kill lands.
    await start('night', 2);
    await act(2, 'Alpha_Wolf', 'factional-kill', 'Corvid');
    await act(2, 'Bluebell', 'protect', 'Dandelion');
    const second = await night['night/resolve']({ gameId: game().id, night: 2 }, page);
    expect(second.resolution.events.find((e) => e.type === 'death')).toMatchObject({
      player: slot('Corvid'),
      cause: 'faction-kill',
      by: [slot('Alpha_Wolf')],
    });
    const day3 = await night['night/apply']({ gameId: game().id, night: 2 }, page);
    expect(deriveState(day3.game.events).phase).toEqual({ kind: 'day', number: 3 });
    expect(day3.posts?.dayStart).toContain('[b]Day 3 begins.[/b]');
    expect(day3.posts?.dayStart).toContain('[b]Corvid[/b] has died (killed at night). Cop, Town');
    expect(day3.posts?.dayStart).not.toContain('Nobody died.');
  });

  it('announces the death and role when the kill lands, and replays the same resolution from its seed', async () => {
    const { night, start, act, game } = await setup();
    await start('day', 1);
    await start('night', 1);
    await act(1, 'Alpha_Wolf', 'factional-kill', 'Elm');
    await act(1, 'Bluebell', 'protect', 'Dandelion');
    const first = await night['night/resolve']({ gameId: game().id, night: 1 }, page);
    const again = await night['night/resolve']({ gameId: game().id, night: 1 }, page);
    expect(again.resolution).toEqual(first.resolution);
    expect(reasonTexts(first)).toMatch(/Elm/);
    const { posts, game: after } = await night['night/apply']({ gameId: game().id, night: 1 }, page);
    expect(deriveState(after.events).players.find((p) => p.name === 'Elm')?.alive).toBe(false);
    expect(posts?.dayStart).toMatch(/\[b\]Elm\[\/b\] has died \(killed at night\)\. Vanilla Townie, Town/);
    expect(posts?.dayStart).not.toContain('Nobody died.');
  });

  it('refuses to apply a night whose actions changed after it was resolved', async () => {
    const { night, start, act, game } = await setup();
    await start('day', 1);
    await start('night', 1);
    await act(1, 'Alpha_Wolf', 'factional-kill', 'Elm');
    await night['night/resolve']({ gameId: game().id, night: 1 }, page);
    const view = await act(1, 'Bluebell', 'protect', 'Elm');
    expect(view.resolution).toBeNull();
    await expect(night['night/apply']({ gameId: game().id, night: 1 }, page)).rejects.toThrow('Night 1 has not been resolved yet');
  });

  it('records a copied post with its phase and dialect', async () => {
    const { db, night, game } = await setup();
    await night['post/published'](
      { gameId: game().id, kind: 'day-start', phase: { kind: 'day', number: 2 }, text: 'Day 2 begins.', dialect: 'bbcode' },
      page,
    );
    expect(await listPublishedPosts(db, game().id)).toEqual([
      {
        gameId: 'game-1',
        kind: 'day-start',
        phase: { kind: 'day', number: 2 },
        text: 'Day 2 begins.',
        dialect: 'bbcode',
        publishedAt: expect.any(Number) as number,
      },
    ]);
  });
});

describe("the game's vote count", () => {
  it('says so when the game has no thread, and counts the thread with the game’s roster when it has one', async () => {
    const { db, games, night, game } = await setup();
    expect(await night['game/count']({ gameId: game().id }, page)).toEqual({
      count: null,
      reason: expect.stringMatching(/no thread/) as string,
    });
    const origin = 'https://forum.example';
    const vote = (id: string, number: number, author: string, target: string): ForumPost => ({
      id,
      number,
      author,
      postedAt: null,
      body: [{ type: 'text', text: `Vote: ${target}`, bold: true }],
    });
    const report = onePageReport({ origin, threadId: '7', title: 'Mini 2187' }, [
      { id: 'p0', number: 0, author: 'Host', postedAt: null, body: [{ type: 'text', text: 'Day 1 begins' }] },
      vote('p1', 1, 'Bluebell', 'Alpha_Wolf'),
      vote('p2', 2, 'Corvid', 'Alpha_Wolf'),
      vote('p3', 3, 'Elm', 'Corvid'),
    ]);
    await savePage(db, report, 1);
    const withThread: GameRecord = await games['game/update'](
      { id: game().id, patch: { threadKey: `${origin}|7`, roster: { ...game().roster, hosts: ['Host'] } } },
      page,
    );
    expect(withThread.threadKey).toBe(`${origin}|7`);
    const { count, reason } = await night['game/count']({ gameId: game().id }, page);
    expect(reason).toBeNull();
    expect(count?.threshold).toBe(3);
    expect(count?.wagons[0]).toMatchObject({ target: 'Alpha_Wolf', votes: 2, lMinus: 1, voters: ['Bluebell', 'Corvid'] });
    expect(count?.notVoting).toEqual(['Alpha_Wolf', 'Dandelion']);
    expect(count?.voteCountPost.dialect).toBe('bbcode');
  });
});
