/**
 * The game flow, step by step: a day ends with its lynch (counted by the
 * ruleset or named by the host), the win check ends the game or starts the
 * night, a night is resolved without touching the game and then applied, and
 * a whole game played through these steps the way the extension's worker
 * calls them gives the same log and posts as `gavel play` on the same script.
 */
import { describe, expect, it } from 'vitest';
import {
  applyNight,
  applyNightResolution,
  createRng,
  deriveState,
  endDay,
  endNight,
  endedPhasePosts,
  eventsToAppend,
  parseGameScript,
  playGame,
  resolveGameNight,
  rulesets,
  startGame,
  type FlowOptions,
  type GameEvent,
  type PhaseEnd,
  type Ruleset,
} from '../../../src/engine';
import { day, die, night, setup, vote } from '../voting/helpers';

const template = rulesets['forum-template-001'];
const mafia1923 = rulesets['mafia-1923-000'];
const dayFirst: FlowOptions = { dialect: 'bbcode', firstPhase: 'day' };
const nightFirst: FlowOptions = { dialect: 'bbcode', firstPhase: 'night' };

/** Mini 2190: one goon among five. */
const mini = setup([
  { name: 'Alpha_Wolf', faction: 'mafia', role: 'goon' },
  { name: 'Bluebell', faction: 'town', role: 'doctor' },
  { name: 'Corvid', faction: 'town', role: 'cop' },
  { name: 'Dandelion', faction: 'town', role: 'vanilla' },
  { name: 'Elm', faction: 'town', role: 'vanilla' },
]);
const twoGoons = setup([
  { name: 'Alpha_Wolf', faction: 'mafia', role: 'goon' },
  { name: 'Bluebell', faction: 'town', role: 'doctor' },
  { name: 'Corvid', faction: 'town', role: 'cop' },
  { name: 'Dandelion', faction: 'town', role: 'vanilla' },
  { name: 'Elm', faction: 'mafia', role: 'goon' },
]);

const use = (actor: string, ability: string, ...targets: string[]): GameEvent => ({ type: 'action/use', actor, ability, targets });

/** The step's value, or the test fails with the refusal's own words. */
function ok<T extends { readonly ok: boolean }>(step: T | { readonly ok: false; readonly text: string }): Extract<T, { ok: true }> {
  if (!step.ok) throw new Error(`the flow refused: ${'text' in step ? step.text : ''}`);
  return step as Extract<T, { ok: true }>;
}

describe('ending a day', () => {
  it('counts the votes, kills the majority wagon, and starts the night with the flip', () => {
    const log = [mini, day(1), vote('Bluebell', 'Elm'), vote('Corvid', 'Elm'), vote('Dandelion', 'Elm'), vote('Alpha_Wolf', 'Elm')];
    const ended = ok(endDay(log, template, 1, { by: 'tally' }, dayFirst, createRng(1)));
    expect(ended.tally?.outcome).toEqual({ kind: 'lynch', slotIds: ['Elm'] });
    expect(ended.events).toEqual([
      { type: 'player/die', slotId: 'Elm', cause: 'lynch-locked' },
      { type: 'day/result', phase: { kind: 'day', number: 1 }, lynched: ['Elm'], noVictimRunoff: false, ballot: 'lynch' },
    ]);
    expect(ended.next?.event).toEqual({ type: 'phase/start', phase: { kind: 'night', number: 1 } });
    expect(ended.next?.openingPost).toContain('[b]Night 1 begins.[/b]');
    expect(ended.next?.openingPost).toContain('[b]Elm[/b] has died (lynch (locked)). Vanilla Townie, Town');
    expect(ended.resultPost).toContain('Elm: 4');
    expect(ended.endPost).toBeNull();
    expect(ended.win.over).toBe(false);
    // Nothing was appended: the log the flow was given is unchanged, and the new state is the log plus the step.
    expect(log).toHaveLength(6);
    expect(deriveState([...log, ...eventsToAppend(ended)]).phase).toEqual({ kind: 'night', number: 1 });
  });

  it("takes the host's verdict from the thread's count: the named player dies, or nobody", () => {
    const lynch = ok(endDay([mini, day(1)], template, 1, { by: 'host', lynched: 'Dandelion' }, dayFirst, createRng(1)));
    expect(lynch.events[0]).toEqual({ type: 'player/die', slotId: 'Dandelion', cause: 'lynched' });
    expect(lynch.tally).toBeNull();
    expect(lynch.resultPost).toBeNull();
    expect(lynch.next?.openingPost).toContain('[b]Dandelion[/b] has died (lynched). Vanilla Townie, Town');
    const nobody = ok(endDay([mini, day(1)], template, 1, { by: 'host', lynched: null }, dayFirst, createRng(1)));
    expect(nobody.events).toEqual([{ type: 'day/result', phase: { kind: 'day', number: 1 }, lynched: [], noVictimRunoff: false }]);
    expect(nobody.next?.openingPost).toContain('Nobody died.');
  });

  it('refuses a day not in progress, a slot the game does not have, the dead, and a game that is over', () => {
    const host = (lynched: string | null) => ({ by: 'host', lynched }) as const;
    expect(endDay([mini, day(1)], template, 2, host(null), dayFirst, createRng(1))).toEqual({
      ok: false,
      code: 'flow/not-in-progress',
      text: 'Day 2 is not in progress (it is Day 1)',
    });
    expect(endDay([mini], template, 1, host(null), dayFirst, createRng(1))).toMatchObject({
      text: 'Day 1 is not in progress (the game has not started)',
    });
    expect(endDay([mini, day(1)], template, 1, host('Zed'), dayFirst, createRng(1))).toMatchObject({ code: 'flow/no-such-slot' });
    expect(endDay([mini, day(1), die('Elm')], template, 1, host('Elm'), dayFirst, createRng(1))).toEqual({
      ok: false,
      code: 'flow/dead-already',
      text: 'Elm is dead already',
    });
    const over = ok(endDay([mini, day(1)], template, 1, host('Alpha_Wolf'), dayFirst, createRng(1)));
    const after = [mini, day(1), ...eventsToAppend(over)];
    expect(endDay(after, template, 1, host(null), dayFirst, createRng(1))).toMatchObject({ code: 'flow/game-over' });
  });

  it('lynching the last goon ends the game: no night, and the final post has the flip and the winners', () => {
    const ended = ok(endDay([mini, day(1)], template, 1, { by: 'host', lynched: 'Alpha_Wolf' }, dayFirst, createRng(1)));
    expect(ended.next).toBeNull();
    expect(ended.events.at(-1)).toEqual({
      type: 'game/end',
      winners: ['Bluebell', 'Corvid', 'Dandelion', 'Elm'],
      reason: 'win/mafia-gone',
    });
    expect(ended.endPost).toContain('[b]Alpha_Wolf[/b] has died (lynched). Mafia Goon, Mafia');
    expect(ended.endPost).toContain('[b]Winner: Town[/b]');
  });

  it("parity after the lynch ends the game by the 50% rule, and says which setting answered the seed's open question", () => {
    const ended = ok(endDay([twoGoons, day(1)], template, 1, { by: 'host', lynched: 'Dandelion' }, dayFirst, createRng(1)));
    expect(ended.win.reason).toBe('win/fifty-percent-rule');
    expect(ended.openQuestions).toEqual([
      { setting: 'win.mafiaWinsWhen', chosen: 'at-parity', detail: 'the mafia (2) equals the rest (2)' },
    ]);
  });

  it("1923: the Witness is told the role of the day's dead", () => {
    const family = setup([
      { name: 'Al', family: 'A', faction: 'mafia', role: 'mafia-member' },
      { name: 'Wanda', family: 'A', faction: 'civilians', role: 'witness' },
      { name: 'Bo', family: 'B', faction: 'civilians', role: 'townsperson' },
      { name: 'Cy', family: 'B', faction: 'mafia', role: 'mafia-member' },
    ]);
    const ended = ok(endDay([family, night(1), day(1)], mafia1923, 1, { by: 'host', lynched: 'Cy' }, nightFirst, createRng(1)));
    expect(ended.privateMessages).toEqual([
      {
        to: 'Wanda',
        name: 'Wanda',
        text: 'Cy died; their role was Mafia Member.',
        result: { to: 'Wanda', fact: 'witnessed-death', about: ['Cy'], value: ['mafia-member'] },
      },
    ]);
    expect(ended.next?.phase).toEqual({ kind: 'night', number: 2 });
  });
});

describe('resolving and applying a night', () => {
  const nightOne = [
    mini,
    day(1),
    { type: 'day/result', phase: { kind: 'day', number: 1 }, lynched: [], noVictimRunoff: false },
    night(1),
  ] as const;

  it('resolves a night from the actions in the log without changing the game', () => {
    const log: GameEvent[] = [...nightOne, use('Alpha_Wolf', 'factional-kill', 'Dandelion'), use('Bluebell', 'protect', 'Dandelion')];
    const copy = JSON.stringify(log);
    const resolved = ok(resolveGameNight(log, template, 1, createRng(5)));
    expect(resolved.resolution.events.some((e) => e.type === 'death')).toBe(false);
    expect(resolved.resolution.events.find((e) => e.type === 'survived')).toMatchObject({ player: 'Dandelion' });
    expect(JSON.stringify(log)).toBe(copy);
    // The same log and seed give the same resolution (the worker's check that nothing changed since).
    expect(ok(resolveGameNight(log, template, 1, createRng(5))).resolution).toEqual(resolved.resolution);
  });

  it('refuses a night not in progress, and a ruleset without night rules', () => {
    expect(resolveGameNight([mini, day(1)], template, 1, createRng(1))).toMatchObject({
      code: 'flow/not-in-progress',
      text: 'Night 1 is not in progress (it is Day 1)',
    });
    const { night: _night, ...withoutNight } = template;
    const noRules: Ruleset = { ...withoutNight, id: 'house-rules', name: 'House rules', references: {} };
    expect(resolveGameNight([...nightOne], noRules, 1, createRng(1))).toEqual({
      ok: false,
      code: 'flow/no-night-rules',
      text: 'There are no night rules for the ruleset "House rules"',
    });
  });

  it("applies a night: the kill lands, the cop is told, and Day 2's post names the dead", () => {
    const log: GameEvent[] = [...nightOne, use('Alpha_Wolf', 'factional-kill', 'Elm'), use('Corvid', 'investigate', 'Alpha_Wolf')];
    const { resolution } = ok(resolveGameNight(log, template, 1, createRng(5)));
    const applied = ok(applyNight(log, template, 1, resolution, dayFirst, createRng(5)));
    expect(applied.events.filter((e) => e.type === 'player/die')).toEqual([
      { type: 'player/die', slotId: 'Elm', cause: 'faction-kill', by: 'Alpha_Wolf' },
    ]);
    expect(applied.next?.phase).toEqual({ kind: 'day', number: 2 });
    expect(applied.next?.openingPost).toContain('[b]Day 2 begins.[/b]');
    expect(applied.next?.openingPost).toContain('[b]Elm[/b] has died (killed at night). Vanilla Townie, Town');
    expect(applied.privateMessages.map((m) => m.name)).toEqual(['Corvid']);
    expect(applied.privateMessages[0]?.text).toMatch(/Alpha_Wolf/);
  });

  it('a night kill that gives the mafia parity ends the game, and the final post still announces the kill', () => {
    const log: GameEvent[] = [
      twoGoons,
      day(1),
      { type: 'day/result', phase: { kind: 'day', number: 1 }, lynched: [], noVictimRunoff: false },
      night(1),
      use('Alpha_Wolf', 'factional-kill', 'Dandelion'),
    ];
    const { resolution } = ok(resolveGameNight(log, template, 1, createRng(5)));
    const applied = ok(applyNight(log, template, 1, resolution, dayFirst, createRng(5)));
    expect(applied.next).toBeNull();
    expect(applied.win.reason).toBe('win/fifty-percent-rule');
    expect(applied.endPost).toContain('[b]Dandelion[/b] has died (killed at night). Vanilla Townie, Town');
    expect(applied.endPost).toContain('[b]Winner: Mafia[/b]');
  });

  it('1923: the Doctor cures a poison, and the cure is announced because poison is public', () => {
    const family = setup([
      { name: 'Al', family: 'A', faction: 'mafia', role: 'mafia-member' },
      { name: 'Jia', family: 'A', faction: 'civilians', role: 'doctor' },
      { name: 'Hana', family: 'B', faction: 'civilians', role: 'townsperson' },
      { name: 'Otto', family: 'B', faction: 'civilians', role: 'butler' },
      { name: 'Bo', family: 'B', faction: 'mafia', role: 'mafia-member' },
    ]);
    const poisoned = [family, night(1), use('Otto', 'poison', 'Hana')];
    const first = ok(resolveGameNight(poisoned, mafia1923, 1, createRng(3)));
    const afterNight1 = [...poisoned, ...applyNightResolution(poisoned, mafia1923, first.resolution).events];
    expect(
      deriveState(afterNight1)
        .players.find((p) => p.name === 'Hana')
        ?.statuses.map((s) => s.id),
    ).toEqual(['poisoned']);
    const cure = [
      ...afterNight1,
      day(1),
      { type: 'day/result', phase: { kind: 'day', number: 1 }, lynched: [], noVictimRunoff: false } as const,
      night(2),
      use('Jia', 'save', 'Hana'),
    ];
    const second = ok(resolveGameNight(cure, mafia1923, 2, createRng(3)));
    const applied = applyNightResolution(cure, mafia1923, second.resolution).events;
    const removed = applied.findIndex((e) => e.type === 'status/remove' && e.slotId === 'Hana');
    expect(removed).toBeGreaterThanOrEqual(0);
    expect(applied[removed + 1]).toEqual({ type: 'message/send', to: null, text: 'Hana is no longer poisoned.' });
  });

  it('a night whose outcome the host stated ends with the win check and the next day, without resolving', () => {
    const log: GameEvent[] = [...nightOne, die('Corvid', 'night kill')];
    const ended = ok(endNight(log, template, 1, { ...dayFirst, nightResolved: false }, createRng(1)));
    expect(ended.events).toEqual([]);
    expect(ended.next?.openingPost).toContain('[b]Corvid[/b] has died (night kill). Cop, Town');
  });
});

/** Mini 2195 as a `gavel play` script: two lynches, a saved night, a kill, and the town wins on Day 3. */
const script = `
ruleset forum-template-001
seed 2195
player Alpha_Wolf faction=mafia role=goon
player Bluebell   faction=town  role=doctor
player Corvid     faction=town  role=cop
player Dandelion  faction=town  role=vanilla
player Elm        faction=town  role=vanilla
player Fern       faction=mafia role=goon
player Gorse      faction=town  role=vanilla
day 1
  Bluebell votes Elm; Corvid votes Elm; Fern votes Elm; Alpha_Wolf votes Elm
night 1
  Alpha_Wolf uses factional-kill Corvid
  Bluebell uses protect Corvid
  Corvid uses investigate Fern
  resolve night
day 2
  Corvid votes Fern; Bluebell votes Fern; Dandelion votes Fern; Gorse votes Fern
night 2
  Alpha_Wolf uses factional-kill Gorse
  Bluebell uses protect Corvid
  resolve night
day 3
  Corvid votes Alpha_Wolf; Bluebell votes Alpha_Wolf; Dandelion votes Alpha_Wolf
`;

/** What a step of the game gave the host to post. */
interface Posts {
  readonly opening: string;
  readonly result?: string | null;
  readonly privates: readonly string[];
}

describe('a whole game through the flow, as the worker plays it', () => {
  it('gives the same event log and posts as gavel play on the same script', () => {
    const parsed = parseGameScript(script);
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
    const played = playGame(parsed.script, template);
    if (!played.ok) throw new Error(played.errors.map((e) => e.message).join('\n'));

    // The worker: the host's setup, the first phase from the event log, votes in the log, and the
    // night's actions kept apart until the night is applied; each night resolved with its stored seed,
    // resolved again at "Apply" to check that nothing changed.
    const log: GameEvent[] = [played.result.events[0] as GameEvent];
    const posts: Posts[] = [];
    const first = ok(startGame(log, template, dayFirst));
    log.push(first.event);
    let opening = first.openingPost;
    const close = (end: PhaseEnd, result: string | null): void => {
      posts.push({ opening, result, privates: end.privateMessages.map((m) => `${m.name}: ${m.text}`) });
      log.push(...eventsToAppend(end));
      opening = end.next?.openingPost ?? '';
    };
    const endTheDay = (n: number, votes: readonly [string, string][]): PhaseEnd => {
      log.push(...votes.map(([voter, target]) => vote(voter, target)));
      const ended = ok(endDay(log, template, n, { by: 'tally' }, dayFirst, createRng(0)));
      close(ended, ended.resultPost);
      return ended;
    };
    const runTheNight = (n: number, actions: readonly GameEvent[], seed: number): void => {
      const withActions = [...log, ...actions];
      const stored = ok(resolveGameNight(withActions, template, n, createRng(seed))).resolution;
      const again = ok(resolveGameNight(withActions, template, n, createRng(seed))).resolution;
      expect(again).toEqual(stored);
      const applied = ok(applyNight(withActions, template, n, stored, dayFirst, createRng(seed)));
      log.push(...actions);
      close(applied, null);
    };

    endTheDay(1, [
      ['Bluebell', 'Elm'],
      ['Corvid', 'Elm'],
      ['Fern', 'Elm'],
      ['Alpha_Wolf', 'Elm'],
    ]);
    runTheNight(
      1,
      [use('Alpha_Wolf', 'factional-kill', 'Corvid'), use('Bluebell', 'protect', 'Corvid'), use('Corvid', 'investigate', 'Fern')],
      11,
    );
    endTheDay(2, [
      ['Corvid', 'Fern'],
      ['Bluebell', 'Fern'],
      ['Dandelion', 'Fern'],
      ['Gorse', 'Fern'],
    ]);
    runTheNight(2, [use('Alpha_Wolf', 'factional-kill', 'Gorse'), use('Bluebell', 'protect', 'Corvid')], 12);
    const last = endTheDay(3, [
      ['Corvid', 'Alpha_Wolf'],
      ['Bluebell', 'Alpha_Wolf'],
      ['Dandelion', 'Alpha_Wolf'],
    ]);

    expect(log).toEqual(played.result.events);
    expect(posts).toEqual(
      played.result.phases.map((p): Posts => ({
        opening: p.openingPost,
        result: p.resultPost ?? null,
        privates: p.privateMessages.map((m) => `${m.name}: ${m.text}`),
      })),
    );
    expect(last.endPost).toBe(played.result.endPost);
    expect(last.win.winningSides).toEqual(['town']);
    expect(posts[1]?.privates).toEqual(['Corvid: Your investigation of Fern: Mafia.']);
    expect(posts[4]?.opening).toContain('[b]Gorse[/b] has died (killed at night)');

    // Reopened later, every phase gives again the posts it gave when it ended.
    const again = played.result.phases.map((p) =>
      endedPhasePosts(log, template, p.phase, { ...dayFirst, nightResolved: p.phase.kind === 'night' }, createRng(0)),
    );
    expect(again.map((a) => a?.next?.openingPost ?? null)).toEqual([...posts.slice(1).map((p) => p.opening), null]);
    expect(again.map((a) => a?.privateMessages.map((m) => `${m.name}: ${m.text}`))).toEqual(posts.map((p) => p.privates));
    expect(again.at(-1)?.endPost).toBe(last.endPost);
    expect(again.at(-1)?.win.reason).toBe('win/mafia-gone');
  });

  it('a phase that has not ended has no posts to give again', () => {
    expect(
      endedPhasePosts([mini, day(1)], template, { kind: 'day', number: 1 }, { ...dayFirst, nightResolved: false }, createRng(0)),
    ).toBeNull();
    expect(
      endedPhasePosts([mini, day(1)], template, { kind: 'night', number: 1 }, { ...dayFirst, nightResolved: true }, createRng(0)),
    ).toBeNull();
  });

  it("the host's verdicts, as the popup's End Day gives them, end the same days the same way", () => {
    const host = (n: number, lynched: string, events: GameEvent[]): GameEvent[] => {
      const ended = ok(endDay(events, template, n, { by: 'host', lynched }, dayFirst, createRng(0)));
      return [...events, ...eventsToAppend(ended)];
    };
    const counted = (n: number, lynched: string, events: GameEvent[]): GameEvent[] => {
      const votes = ['Bluebell', 'Corvid', 'Dandelion'].filter((v) => v !== lynched).map((v) => vote(v, lynched));
      const ended = ok(endDay([...events, ...votes, vote('Elm', lynched)], template, n, { by: 'tally' }, dayFirst, createRng(0)));
      return [...events, ...votes, vote('Elm', lynched), ...eventsToAppend(ended)];
    };
    const byHost = deriveState(host(1, 'Alpha_Wolf', [mini, day(1)]));
    const byTally = deriveState(counted(1, 'Alpha_Wolf', [mini, day(1)]));
    expect(byHost.ended).toEqual(byTally.ended);
    expect(byHost.history.map((h) => h.lynched)).toEqual(byTally.history.map((h) => h.lynched));
  });
});
