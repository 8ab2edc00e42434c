/**
 * The forum standard's day roles and own wins (issue 19): the Doublevoter, the
 * Voteless player, the Politician, the Governor and the Unlynchable in the
 * majority count, both the game model's (`tallyDay`, as `gavel play` counts a
 * day) and a thread's live count (`countThread`, as the panel and `gavel count`
 * count it); the Jester, the Lyncher, the Survivor and the Serial Killer in the
 * win check.
 */
import { describe, expect, it } from 'vitest';
import {
  checkWin,
  countThread,
  deriveState,
  rulesets,
  tallyDay,
  type BodyNode,
  type CountGame,
  type ForumPost,
  type GameEvent,
  type PlayerSetup,
} from '../../../src/engine';
import { failedExpectations, playScript, playText, readScript } from './run-script';

const ruleset = rulesets['forum-standard'];

/** Seven players; roles given by name, the rest Vanilla Townies, Gus the mafia's Goon. */
const names = ['Ann', 'Bob', 'Cid', 'Dan', 'Eve', 'Gus', 'Hal'] as const;
function setup(
  roles: Partial<Record<(typeof names)[number], string>>,
  extra: Partial<Record<string, Partial<PlayerSetup>>> = {},
): GameEvent {
  return {
    type: 'game/setup',
    players: names.map((name): PlayerSetup => {
      const role = roles[name] ?? (name === 'Gus' ? 'goon' : 'vanilla');
      const faction = role === 'goon' ? 'mafia' : ['jester', 'lyncher', 'survivor', 'serial-killer'].includes(role) ? role : 'town';
      return { slotId: name, name, faction, role, ...extra[name] };
    }),
  };
}
const day = (n: number): GameEvent => ({ type: 'phase/start', phase: { kind: 'day', number: n } });
const night = (n: number): GameEvent => ({ type: 'phase/start', phase: { kind: 'night', number: n } });
const vote = (voter: string, target: string): GameEvent => ({ type: 'vote/cast', voter, ballot: 'lynch', target });
const use = (actor: string, ability: string, target: string): GameEvent => ({ type: 'action/use', actor, ability, targets: [target] });
const tally = (events: readonly GameEvent[]) => tallyDay(deriveState(events), ruleset);

describe('forum standard: day roles in the game model’s majority count', () => {
  it('Doublevoter: "his vote counts two": with 7 alive (majority 4) his vote and two others lynch', () => {
    const t = tally([setup({ Ann: 'doublevoter' }), day(1), vote('Ann', 'Gus'), vote('Hal', 'Gus'), vote('Cid', 'Gus')]);
    expect(t.totals).toEqual([{ target: 'Gus', total: 4 }]);
    expect(t.outcome).toEqual({ kind: 'lynch', slotIds: ['Gus'] });
    expect(t.notes).toContainEqual({ code: 'role-weight', values: { name: 'Ann', n: 2 } });
  });

  it('Voteless: "may post votes, but they count nothing": four voters with him among them do not reach 4', () => {
    const t = tally([setup({ Bob: 'voteless' }), day(1), vote('Bob', 'Gus'), vote('Hal', 'Gus'), vote('Cid', 'Gus'), vote('Dan', 'Gus')]);
    expect(t.totals).toEqual([{ target: 'Gus', total: 3 }]);
    expect(t.outcome).toEqual({ kind: 'no-lynch', reason: 'no-lynch/no-majority' });
    expect(t.counted.find((c) => c.voter === 'Bob')?.counted).toBe(0);
    expect(t.explanations).toContain("Bob's vote counts 0 (his role)");
  });

  it('Politician: "by day takes a player’s vote": the robbed vote counts 0 and his own carries it', () => {
    const events = [
      setup({ Cid: 'politician' }),
      day(1),
      use('Cid', 'steal-vote', 'Hal'),
      vote('Hal', 'Ann'),
      vote('Cid', 'Gus'),
      vote('Dan', 'Gus'),
    ];
    const t = tally([...events, vote('Eve', 'Gus')]);
    expect(t.totals).toEqual([
      { target: 'Gus', total: 4 },
      { target: 'Ann', total: 0 },
    ]);
    expect(t.outcome).toEqual({ kind: 'lynch', slotIds: ['Gus'] });
    expect(t.notes).toContainEqual({ code: 'vote-stolen', values: { politician: 'Cid', name: 'Hal' } });
    // Without the move Cid's vote is one of three: no majority.
    expect(tally([setup({ Cid: 'politician' }), day(1), vote('Cid', 'Gus'), vote('Dan', 'Gus'), vote('Eve', 'Gus')]).outcome.kind).toBe(
      'no-lynch',
    );
  });

  it('Politician: the theft lasts the day only: the next day the robbed player votes again', () => {
    const t = tally([setup({ Cid: 'politician' }), day(1), use('Cid', 'steal-vote', 'Hal'), night(1), day(2), vote('Hal', 'Gus')]);
    expect(t.totals).toEqual([{ target: 'Gus', total: 1 }]);
  });

  it('Governor: "if the day lynches the player he pardoned, the lynch is cancelled and nobody dies"', () => {
    const votes = [vote('Ann', 'Gus'), vote('Bob', 'Gus'), vote('Cid', 'Gus'), vote('Hal', 'Gus')];
    const pardoned = tally([setup({ Dan: 'governor' }), day(1), use('Dan', 'pardon', 'Gus'), ...votes]);
    expect(pardoned.outcome).toEqual({ kind: 'no-lynch', reason: 'no-lynch/cancelled' });
    expect(pardoned.deaths).toEqual([]);
    expect(pardoned.notes).toContainEqual({ code: 'lynch-cancelled', values: { governor: 'Dan', name: 'Gus' } });
    // A pardon of someone else leaves the lynch standing.
    const elsewhere = tally([setup({ Dan: 'governor' }), day(1), use('Dan', 'pardon', 'Hal'), ...votes]);
    expect(elsewhere.outcome).toEqual({ kind: 'lynch', slotIds: ['Gus'] });
  });

  it('Unlynchable: "the majority on him lynches nobody, and the day ends"', () => {
    const t = tally([
      setup({ Eve: 'unlynchable' }),
      day(1),
      vote('Ann', 'Eve'),
      vote('Bob', 'Eve'),
      vote('Cid', 'Eve'),
      vote('Gus', 'Eve'),
    ]);
    expect(t.totals).toEqual([{ target: 'Eve', total: 4 }]);
    expect(t.outcome).toEqual({ kind: 'no-lynch', reason: 'no-lynch/unlynchable' });
    expect(t.deaths).toEqual([]);
    expect(t.explanations).toContain('Eve cannot be lynched: the majority on him lynches nobody, and the day ends');
  });
});

// ---------------------------------------------------------------- a thread's live count

const bold = (text: string): BodyNode => ({ type: 'text', text, bold: true });
function thread(...posts: [author: string, body: BodyNode[]][]): ForumPost[] {
  return posts.map(([author, body], number) => ({ id: `p${number}`, number, author, postedAt: null, body }));
}
const gameOf = (events: readonly GameEvent[]): CountGame => ({
  roster: { hosts: ['Host'], slots: names.map((name) => ({ id: name, accounts: [{ name }] })) },
  ruleset,
  phases: { firstPhase: 'day', markers: [], marks: [{ post: 1, kind: 'day', number: 1, event: 'start' }] },
  events,
});
function count(posts: readonly ForumPost[], events: readonly GameEvent[]) {
  const result = countThread(posts, { game: gameOf(events) });
  if (!result.ok || result.current === null) throw new Error('no count');
  return { tally: result.current.tally, post: result.voteCountPost?.text ?? '' };
}

describe('forum standard: day roles in a thread’s live count (the panel, gavel count)', () => {
  it('Doublevoter: his vote post counts 2 on the wagon and reaches the majority', () => {
    const posts = thread(
      ['Host', [bold('Day 1')]],
      ['Ann', [bold('Vote: Gus')]],
      ['Hal', [bold('Vote: Gus')]],
      ['Cid', [bold('Vote: Gus')]],
    );
    const { tally: t, post } = count(posts, [setup({ Ann: 'doublevoter' }), day(1)]);
    expect(t.wagons[0]?.total).toBe(4);
    expect(t.hammer?.target).toEqual({ kind: 'slot', slotId: 'Gus' });
    expect(post).toContain("Ann's vote counts 2 (his role)");
  });

  it('Doublevoter: a vote he says he casts once counts 1 (voting.grammar.singleVoteNotes, default true), and the count says so', () => {
    expect(ruleset.voting.grammar?.singleVoteNotes).toBe(true);
    expect(ruleset.openQuestions.map((q) => q.setting)).toContain('voting.grammar.singleVoteNotes');
    const posts = thread(
      ['Host', [bold('Day 1')]],
      ['Ann', [bold('Vote: Gus'), { type: 'text', text: ' (single vote)' }]],
      ['Hal', [bold('Vote: Gus')]],
    );
    const { tally: t, post } = count(posts, [setup({ Ann: 'doublevoter' }), day(1)]);
    expect(t.wagons[0]?.total).toBe(2);
    expect(post).toContain('Ann cast his vote in post #1 once: it counts 1');
  });

  it('Voteless: his vote stands on the wagon at 0, and the vote count post says why', () => {
    const posts = thread(['Host', [bold('Day 1')]], ['Bob', [bold('Vote: Gus')]], ['Hal', [bold('Vote: Gus')]]);
    const { tally: t, post } = count(posts, [setup({ Bob: 'voteless' }), day(1)]);
    expect(t.wagons[0]?.votes.map((v) => [v.slotId, v.weight])).toEqual([
      ['Bob', 0],
      ['Hal', 1],
    ]);
    expect(t.wagons[0]?.total).toBe(1);
    expect(post).toContain("Bob's vote counts 0 (his role)");
  });

  it('Politician: a theft the host recorded moves the robbed vote to him for the day', () => {
    const posts = thread(['Host', [bold('Day 1')]], ['Hal', [bold('Vote: Ann')]], ['Cid', [bold('Vote: Gus')]]);
    const { tally: t, post } = count(posts, [setup({ Cid: 'politician' }), day(1), use('Cid', 'steal-vote', 'Hal')]);
    expect(t.wagons.map((w) => [w.target, w.total])).toEqual([
      [{ kind: 'slot', slotId: 'Gus' }, 2],
      [{ kind: 'slot', slotId: 'Ann' }, 0],
    ]);
    expect(post).toContain("Cid took Hal's vote for the day");
  });

  it('Unlynchable: the majority reached on him is marked in the count: nobody is lynched', () => {
    const posts = thread(
      ['Host', [bold('Day 1')]],
      ['Ann', [bold('Vote: Eve')]],
      ['Bob', [bold('Vote: Eve')]],
      ['Cid', [bold('Vote: Eve')]],
      ['Gus', [bold('Vote: Eve')]],
    );
    const { tally: t, post } = count(posts, [setup({ Eve: 'unlynchable' }), day(1)]);
    expect(t.hammer?.target).toEqual({ kind: 'slot', slotId: 'Eve' });
    expect(t.notes).toContainEqual({ code: 'unlynchable', values: { name: 'Eve' } });
    expect(post).toContain('Eve cannot be lynched');
  });

  it('Governor: his pardon of the player at majority is marked in the count', () => {
    const posts = thread(
      ['Host', [bold('Day 1')]],
      ['Ann', [bold('Vote: Gus')]],
      ['Bob', [bold('Vote: Gus')]],
      ['Cid', [bold('Vote: Gus')]],
      ['Hal', [bold('Vote: Gus')]],
    );
    const { post } = count(posts, [setup({ Dan: 'governor' }), day(1), use('Dan', 'pardon', 'Gus')]);
    expect(post).toContain('Dan pardoned Gus: the lynch is cancelled');
  });

  it('in Russian the count post words the roles’ notes in Russian', () => {
    const posts = thread(['Host', [bold('Day 1')]], ['Bob', [bold('Vote: Gus')]]);
    const result = countThread(posts, { game: gameOf([setup({ Bob: 'voteless' }), day(1)]), language: 'ru' });
    expect(result.ok && result.voteCountPost?.text).toContain('Голос игрока Bob по его роли стоит 0.');
  });
});

// ---------------------------------------------------------------- wins

const result = (n: number, lynched: readonly string[]): GameEvent => ({
  type: 'day/result',
  phase: { kind: 'day', number: n },
  lynched,
  noVictimRunoff: false,
});
const die = (slotId: string, cause = 'lynch'): GameEvent => ({ type: 'player/die', slotId, cause });

describe('forum standard: the roles’ own wins', () => {
  it('Jester: "wins if lynched"; by default (win.lynchedWinEndsGame: game-continues) the game goes on and he is listed at the end', () => {
    const lynched = [setup({ Eve: 'jester' }), day(1), die('Eve'), result(1, ['Eve'])];
    const now = checkWin(deriveState(lynched), ruleset, { kind: 'day', number: 1 });
    expect(now.over).toBe(false);
    expect(now.openQuestions.map((q) => q.setting)).toContain('win.lynchedWinEndsGame');
    const end = checkWin(deriveState([...lynched, night(1), die('Gus', 'night kill')]), ruleset, { kind: 'night', number: 1 });
    expect(end.reason).toBe('win/mafia-gone');
    expect(end.winners).toContain('Eve');
  });

  it('Jester: with win.lynchedWinEndsGame = game-ends, his lynch ends the game with him the only winner', () => {
    const rules = {
      ...ruleset,
      win: { kind: 'parity' as const, mafiaWinsWhen: 'at-parity' as const, lynchedWinEndsGame: 'game-ends' as const },
    };
    const check = checkWin(deriveState([setup({ Eve: 'jester' }), day(1), die('Eve'), result(1, ['Eve'])]), rules, {
      kind: 'day',
      number: 1,
    });
    expect(check).toMatchObject({ over: true, reason: 'win/lynched-wins', winners: ['Eve'] });
  });

  it('Lyncher: "wins if the player named to him at setup is lynched while he lives"', () => {
    const events = [
      setup({ Eve: 'lyncher' }, { Eve: { target: 'Hal' } }),
      day(1),
      die('Hal'),
      result(1, ['Hal']),
      night(1),
      die('Gus', 'night kill'),
    ];
    expect(checkWin(deriveState(events), ruleset, { kind: 'night', number: 1 }).winners).toContain('Eve');
    // His target lynched after he died: no win.
    const late = [
      setup({ Eve: 'lyncher' }, { Eve: { target: 'Gus' } }),
      day(1),
      die('Eve'),
      result(1, ['Eve']),
      night(1),
      day(2),
      die('Gus'),
      result(2, ['Gus']),
    ];
    expect(checkWin(deriveState(late), ruleset, { kind: 'day', number: 2 }).winners).not.toContain('Eve');
  });

  it('Survivor: "wins if alive when the game ends", beside the winning side', () => {
    const events = [setup({ Eve: 'survivor' }), day(1), die('Gus'), result(1, ['Gus'])];
    const check = checkWin(deriveState(events), ruleset, { kind: 'day', number: 1 });
    expect(check.reason).toBe('win/mafia-gone');
    expect(check.winners).toContain('Eve');
    expect(check.winningSides).toEqual(['town']);
  });

  it('Serial Killer plays alone: the town has not won while he lives, and left with one other player he wins alone', () => {
    const sk = setup({ Eve: 'serial-killer' });
    const mafiaGone = checkWin(deriveState([sk, day(1), die('Gus'), result(1, ['Gus'])]), ruleset, { kind: 'day', number: 1 });
    expect(mafiaGone).toMatchObject({ over: false, reason: 'win/solo-killer-alive' });
    const lastTwo = [sk, day(1), ...['Ann', 'Bob', 'Cid', 'Dan', 'Gus'].map((id) => die(id, 'night kill'))];
    expect(checkWin(deriveState(lastTwo), ruleset, { kind: 'night', number: 3 })).toMatchObject({
      over: true,
      reason: 'win/solo-killer',
      winningSides: ['serial-killer'],
      winners: ['Eve'],
    });
  });

  it('Serial Killer: the mafia at parity does not win while he lives (he can still kill); a mafia majority does', () => {
    const events = [
      {
        type: 'game/setup',
        players: names.map((name, i): PlayerSetup => ({
          slotId: name,
          name,
          faction: i < 2 ? 'mafia' : i === 2 ? 'serial-killer' : 'town',
          role: i < 2 ? 'goon' : i === 2 ? 'serial-killer' : 'vanilla',
        })),
      } as GameEvent,
      day(1),
      ...['Gus', 'Hal'].map((id) => die(id, 'night kill')),
    ];
    // Ann, Bob (mafia), Cid (SK), Dan, Eve: 2 mafia against 3.
    expect(checkWin(deriveState([...events, die('Dan', 'night kill')]), ruleset, { kind: 'night', number: 2 }).over).toBe(false);
    expect(
      checkWin(deriveState([...events, die('Dan', 'night kill'), die('Eve', 'night kill')]), ruleset, { kind: 'night', number: 3 }),
    ).toMatchObject({
      over: true,
      reason: 'win/fifty-percent-rule',
    });
  });
});

describe('forum standard: a scripted game of the day roles (gavel play)', () => {
  it('plays to the town’s win with the Unlynchable spared, the theft, the Doublevoter’s weight, the Lyncher and the Survivor winning too', () => {
    const played = playScript('forum-standard-day.game');
    expect(failedExpectations(played)).toEqual([]);
    expect(played.end?.reason).toBe('win/mafia-gone');
    // "Wins if the player named to him at setup is lynched while he lives"; "wins if alive when the game ends".
    expect(played.end?.winners).toEqual(expect.arrayContaining(['Hal', 'Ivy']));
  });

  it('a Lyncher’s target= must name a player of the game', () => {
    expect(() => playText(readScript('forum-standard-day.game').replace('target=Gus', 'target=Nobody'))).toThrow(
      /target=Nobody is not a player/,
    );
  });
});

describe('forum standard: the post verdicts of role-weighted votes (the badges)', () => {
  it('a Voteless player’s vote is marked weight 0 and a Doublevoter’s weight 2 in the post verdicts', () => {
    const posts = thread(
      ['Host', [bold('Day 1')]],
      ['Bob', [bold('Vote: Gus')]],
      ['Ann', [bold('Vote: Gus')]],
      ['Hal', [bold('Vote: Gus')]],
    );
    const result = countThread(posts, { game: gameOf([setup({ Ann: 'doublevoter', Bob: 'voteless' }), day(1)]) });
    if (!result.ok) throw new Error('no count');
    const weightOf = (post: number) => result.verdicts.find((v) => v.post === post)?.votes[0]?.weight;
    expect([weightOf(1), weightOf(2), weightOf(3)]).toEqual([0, 2, undefined]);
  });
});
