/**
 * The last four roles of the forum standard's catalogue (issue 19: "Friendly
 * Neighbor, Mason, Neighbor … Vengeful, Cult Recruiter"): the Cult Recruiter
 * and the cult's own parity, the Friendly Neighbor's PM, the Neighbors' group
 * in the setup PMs, and the Vengeful's revenge on a voter, each with the rule
 * it checks in the test's name.
 */
import { describe, expect, it } from 'vitest';
import {
  checkAction,
  checkWin,
  createRng,
  deriveState,
  nightResultNames,
  parseRuleset,
  renderNightResult,
  resolveNight,
  rulesets,
  setupGroupMessages,
  type GameEvent,
  type NightInput,
  type PlayerSetup,
} from '../../../src/engine';
import { fromNightResolution } from '../../../src/engine/game/night-bridge';
import { phaseEndEvents } from '../../../src/engine/game/phase-end';
import { act, deaths, eventsOf, messagesTo, night, nightRulesFor, player, told } from '../night/helpers';
import { failedExpectations, playScript, playText, readScript } from './run-script';

const ruleset = rulesets['forum-standard'];
const rules = nightRulesFor(ruleset);
const resolve = (input: NightInput) => resolveNight(input, rules, createRng(1));

describe('forum standard: the Cult Recruiter', () => {
  const cast = [player('R', 'cult-recruiter', 'cult'), player('A', 'vanilla'), player('G', 'goon', 'mafia'), player('D', 'doctor')];

  it('"each night recruits the target into the cult": the target is told his new side, the recruiter that it worked', () => {
    const r = resolve(night(cast, [act('R', 'recruit', ['A'])]));
    expect(eventsOf(r, 'faction-changed')).toMatchObject([{ player: 'A', from: 'town', to: 'cult' }]);
    expect(messagesTo(r, 'A')).toEqual([told('recruited', ['R'], 'cult')]);
    expect(messagesTo(r, 'R')).toEqual([told('recruit-result', ['A'], true)]);
    expect(deaths(r)).toEqual([]);
  });

  it('the game records the recruit as a faction change (player/faction), so the win check reads it', () => {
    const r = resolve(night(cast, [act('R', 'recruit', ['A'])]));
    const state = deriveState([
      {
        type: 'game/setup',
        players: cast.map((p): PlayerSetup => ({ slotId: p.slotId, name: p.name, faction: p.faction, role: p.role })),
      },
    ]);
    const { events } = fromNightResolution(r, state, ruleset, rules);
    expect(events).toContainEqual({ type: 'player/faction', slotId: 'A', faction: 'cult' });
  });

  it('standard reading: "a recruit from the mafia fails": scum cannot be converted, and the recruiter is told it failed', () => {
    const r = resolve(night(cast, [act('R', 'recruit', ['G'])]));
    expect(eventsOf(r, 'faction-changed')).toEqual([]);
    expect(messagesTo(r, 'R')).toEqual([told('recruit-result', ['G'], false)]);
    expect(messagesTo(r, 'G')).toEqual([]);
  });

  it('standard reading: "a protected target fails": a Doctor’s protection tonight stops the recruit', () => {
    const r = resolve(night(cast, [act('R', 'recruit', ['A']), act('D', 'protect', ['A'])]));
    expect(eventsOf(r, 'faction-changed')).toEqual([]);
    expect(messagesTo(r, 'R')).toEqual([told('recruit-result', ['A'], false)]);
  });

  it('"a recruit-immune target fails": the Recruit-immune Townie stays town', () => {
    const r = resolve(night([...cast, player('I', 'recruit-immune')], [act('R', 'recruit', ['I'])]));
    expect(eventsOf(r, 'faction-changed')).toEqual([]);
    expect(messagesTo(r, 'R')).toEqual([told('recruit-result', ['I'], false)]);
  });

  it('NAR: a roleblocked Recruiter recruits nobody (the block comes before the recruit)', () => {
    const r = resolve(night([...cast, player('B', 'roleblocker')], [act('R', 'recruit', ['A']), act('B', 'block', ['R'])]));
    expect(eventsOf(r, 'faction-changed')).toEqual([]);
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'R', by: 'B' }]);
  });

  it('a Cop sees a cult member as scum (the cult is a guilty faction)', () => {
    const r = resolve(night([...cast, player('C', 'cop')], [act('C', 'investigate', ['R'])]));
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['R'], true)]);
  });
});

// ---------------------------------------------------------------- the cult's parity

const setupOf = (factions: Record<string, string>): GameEvent => ({
  type: 'game/setup',
  players: Object.entries(factions).map(([name, faction]): PlayerSetup => ({
    slotId: name,
    name,
    faction,
    role: faction === 'cult' ? 'cult-recruiter' : faction === 'mafia' ? 'goon' : 'vanilla',
  })),
});
const dead = (...ids: string[]): GameEvent[] => ids.map((slotId) => ({ type: 'player/die', slotId, cause: 'night-kill' }));
const afterNight = { kind: 'night', number: 2 } as const;

describe('forum standard: "the cult wins by parity like the mafia" (a third faction with its own parity)', () => {
  it('the mafia gone, the town has not won while a cult member lives', () => {
    const check = checkWin(
      deriveState([setupOf({ A: 'town', B: 'town', C: 'town', G: 'mafia', R: 'cult' }), ...dead('G')]),
      ruleset,
      afterNight,
    );
    expect(check).toMatchObject({ over: false, reason: 'win/own-parity-alive' });
  });

  it('alone among scum sides, the cult at parity with the rest wins alone', () => {
    const check = checkWin(
      deriveState([setupOf({ A: 'town', B: 'town', C: 'town', G: 'mafia', R: 'cult', S: 'cult' }), ...dead('G', 'C')]),
      ruleset,
      afterNight,
    );
    expect(check).toMatchObject({ over: true, reason: 'win/own-parity', winningSides: ['cult'], winners: ['R', 'S'] });
  });

  it('with the mafia alive, parity is not enough for either: each needs more than half of the living', () => {
    // 2 cult, 1 mafia, 1 town: the cult is at parity with the rest but the mafia can still be lynched or kill.
    const events = [setupOf({ A: 'town', B: 'town', G: 'mafia', R: 'cult', S: 'cult' }), ...dead('B')];
    expect(checkWin(deriveState(events), ruleset, afterNight)).toMatchObject({ over: false, reason: 'win/own-parity-alive' });
    // 2 cult, 1 mafia, no town: the cult outnumbers the rest and wins.
    expect(checkWin(deriveState([...events, ...dead('A')]), ruleset, afterNight)).toMatchObject({
      over: true,
      reason: 'win/own-parity',
      winningSides: ['cult'],
    });
    // 2 mafia, 1 cult: the mafia has more than half of the living and wins.
    const mafia = [setupOf({ A: 'town', G: 'mafia', H: 'mafia', R: 'cult' }), ...dead('A')];
    expect(checkWin(deriveState(mafia), ruleset, afterNight)).toMatchObject({
      over: true,
      reason: 'win/fifty-percent-rule',
      winningSides: ['mafia'],
    });
  });

  it('open question win.ownParityBesideScum: at exact parity beside the mafia the hit is reported; with "parity" the cult wins there', () => {
    const events = [setupOf({ A: 'town', B: 'town', G: 'mafia', R: 'cult', S: 'cult' }), ...dead('B')];
    const byDefault = checkWin(deriveState(events), ruleset, afterNight);
    expect(byDefault.openQuestions).toContainEqual(expect.objectContaining({ setting: 'win.ownParityBesideScum', chosen: 'majority' }));
    expect(ruleset.openQuestions.map((q) => q.setting)).toContain('win.ownParityBesideScum');
    const parity = { ...ruleset, win: { ...ruleset.win, ownParityBesideScum: 'parity' as const } };
    expect(checkWin(deriveState(events), parity, afterNight)).toMatchObject({
      over: true,
      reason: 'win/own-parity',
      winningSides: ['cult'],
    });
  });

  it('a recruited player plays for the cult from then on: the town wins only when he is gone too', () => {
    const base = [setupOf({ A: 'town', B: 'town', C: 'town', G: 'mafia', R: 'cult' }), ...dead('G', 'R')];
    expect(checkWin(deriveState(base), ruleset, afterNight)).toMatchObject({ over: true, reason: 'win/mafia-gone' });
    const recruited: GameEvent = { type: 'player/faction', slotId: 'A', faction: 'cult' };
    expect(checkWin(deriveState([...base, recruited]), ruleset, afterNight)).toMatchObject({ over: false, reason: 'win/own-parity-alive' });
  });
});

// ---------------------------------------------------------------- Friendly Neighbor

describe('forum standard: the Friendly Neighbor', () => {
  it('"each night tells the target by PM that he is town": the target is told, naming the Friendly Neighbor', () => {
    const r = resolve(night([player('F', 'friendly-neighbor'), player('A', 'vanilla')], [act('F', 'befriend', ['A'])]));
    expect(messagesTo(r, 'A')).toEqual([told('neighbor-alignment', ['F'], false)]);
    expect(messagesTo(r, 'F')).toEqual([]);
  });

  it('the PM in English and in Russian', () => {
    const r = resolve(night([player('F', 'friendly-neighbor'), player('A', 'vanilla')], [act('F', 'befriend', ['A'])]));
    const message = eventsOf(r, 'message')[0];
    if (message === undefined) throw new Error('no message');
    const people = [
      { id: 'F', name: 'Fedya' },
      { id: 'A', name: 'Anna' },
    ];
    expect(renderNightResult(message.result, nightResultNames(people, rules))).toBe(
      'Fedya is a Friendly Neighbor and tells you that he is Town.',
    );
    expect(renderNightResult(message.result, nightResultNames(people, rules, 'ru'), 'ru')).toBe(
      'Игрок Fedya — дружелюбный сосед и сообщает вам, что он: мирный.',
    );
  });

  it('a roleblocked Friendly Neighbor tells nobody', () => {
    const r = resolve(
      night(
        [player('F', 'friendly-neighbor'), player('A', 'vanilla'), player('B', 'roleblocker')],
        [act('F', 'befriend', ['A']), act('B', 'block', ['F'])],
      ),
    );
    expect(messagesTo(r, 'A')).toEqual([]);
  });
});

// ---------------------------------------------------------------- Neighbor

describe('forum standard: the Neighbors’ group (setup PMs)', () => {
  const roster = (roles: Record<string, string>) => Object.entries(roles).map(([name, role]) => ({ slotId: name, name, role }));

  it('"knows the other Neighbors and talks with them at night in their chat": each is told the others; the host opens the chat', () => {
    const messages = setupGroupMessages(roster({ Ann: 'neighbor', Bob: 'vanilla', Cid: 'neighbor', Dan: 'neighbor' }), ruleset);
    expect(messages).toEqual([
      {
        to: 'Ann',
        message: {
          code: 'setup/group-members',
          args: [
            { kind: 'role', value: 'neighbor' },
            { kind: 'names', value: ['Cid', 'Dan'] },
          ],
        },
      },
      {
        to: 'Cid',
        message: {
          code: 'setup/group-members',
          args: [
            { kind: 'role', value: 'neighbor' },
            { kind: 'names', value: ['Ann', 'Dan'] },
          ],
        },
      },
      {
        to: 'Dan',
        message: {
          code: 'setup/group-members',
          args: [
            { kind: 'role', value: 'neighbor' },
            { kind: 'names', value: ['Ann', 'Cid'] },
          ],
        },
      },
      {
        to: null,
        message: {
          code: 'setup/open-group-chat',
          args: [
            { kind: 'role', value: 'neighbor' },
            { kind: 'names', value: ['Ann', 'Cid', 'Dan'] },
          ],
        },
      },
    ]);
  });

  it('Masons know each other the same way; a lone Neighbor has no group; a modified role belongs to its base role’s group', () => {
    const messages = setupGroupMessages(roster({ Ann: 'mason', Bob: 'macho+mason', Cid: 'neighbor' }), ruleset);
    expect(messages.map((m) => m.to)).toEqual(['Ann', 'Bob', null]);
    expect(messages.every((m) => m.message.args[0]?.value === 'mason')).toBe(true);
  });

  it('Neighbors have no night action: a move from one is refused', () => {
    const r = resolve(night([player('N', 'neighbor'), player('A', 'vanilla')], [act('N', 'shoot', ['A'])]));
    expect(r.refused.map((x) => x.action.actor)).toEqual(['N']);
  });
});

// ---------------------------------------------------------------- Vengeful

describe('forum standard: the Vengeful', () => {
  const seven = ['Ann', 'Bob', 'Cid', 'Dan', 'Eve', 'Gus', 'Hal'];
  const start: GameEvent[] = [
    {
      type: 'game/setup',
      players: seven.map((name): PlayerSetup => ({
        slotId: name,
        name,
        faction: name === 'Gus' ? 'mafia' : 'town',
        role: name === 'Dan' ? 'vengeful' : name === 'Gus' ? 'goon' : 'vanilla',
      })),
    },
    { type: 'phase/start', phase: { kind: 'day', number: 1 } },
  ];
  const vote = (voter: string, target: string): GameEvent => ({ type: 'vote/cast', voter, ballot: 'lynch', target });
  const use = (target: string): GameEvent => ({ type: 'action/use', actor: 'Dan', ability: 'vengeance', targets: [target] });
  const onDan = ['Ann', 'Bob', 'Cid', 'Gus'].map((v) => vote(v, 'Dan'));
  const lynchDan: GameEvent[] = [
    { type: 'player/die', slotId: 'Dan', cause: 'lynch' },
    { type: 'day/result', phase: { kind: 'day', number: 1 }, lynched: ['Dan'], noVictimRunoff: false },
  ];
  const endOfDay = (events: readonly GameEvent[]) =>
    phaseEndEvents(deriveState(events), ruleset, { kind: 'day', number: 1 }, createRng(1), 'en').events;

  it('"refused if the target did not vote for him": naming a player whose vote is not on him is refused', () => {
    const state = deriveState([...start, ...onDan, vote('Eve', 'Gus')]);
    expect(checkAction(state, ruleset, 'Dan', 'vengeance', ['Eve'])).toEqual({ ok: false, reason: 'action/target-not-voter' });
    expect(checkAction(state, ruleset, 'Dan', 'vengeance', ['Hal'])).toEqual({ ok: false, reason: 'action/target-not-voter' });
    expect(checkAction(state, ruleset, 'Dan', 'vengeance', ['Gus'])).toEqual({ ok: true });
  });

  it('"when lynched, kills one of the players who voted for him": his pick dies at the day’s end, and the thread is told', () => {
    const events = endOfDay([...start, ...onDan, use('Gus'), ...lynchDan]);
    expect(events).toContainEqual({ type: 'player/die', slotId: 'Gus', cause: 'revenge', by: 'Dan' });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'message/send', to: null, message: expect.objectContaining({ code: 'day-end/vengeful' }) }),
    );
  });

  it('a pick on a day he is not lynched does nothing', () => {
    const events = endOfDay([...start, ...onDan, use('Gus')]);
    expect(events.filter((e) => e.type === 'player/die')).toEqual([]);
  });

  it('a voter who took his vote off before the day ended is not killed', () => {
    const events = endOfDay([
      ...start,
      ...onDan,
      vote('Eve', 'Dan'),
      use('Gus'),
      { type: 'vote/withdraw', voter: 'Gus', ballot: 'lynch' },
      ...lynchDan,
    ]);
    expect(events.filter((e) => e.type === 'player/die')).toEqual([]);
  });

  it('only the Vengeful has the move: another player’s "vengeance" is refused', () => {
    const state = deriveState([...start, ...onDan]);
    expect(checkAction(state, ruleset, 'Ann', 'vengeance', ['Gus'])).toEqual({ ok: false, reason: 'action/no-such-ability' });
  });
});

// ---------------------------------------------------------------- the ruleset and a played game

describe('forum standard: the four roles as data, and played with gavel play', () => {
  it('the preset with the new roles, the cult and its parity still reads back as a valid ruleset', () => {
    const parsed = parseRuleset(JSON.parse(JSON.stringify(ruleset)));
    expect(parsed.ok).toBe(true);
    expect(ruleset.roles.map((r) => r.id)).toEqual(
      expect.arrayContaining(['cult-recruiter', 'friendly-neighbor', 'neighbor', 'vengeful', 'recruit-immune']),
    );
    for (const id of ['cult-recruiter', 'cultist', 'friendly-neighbor', 'neighbor', 'vengeful', 'recruit-immune'])
      expect(ruleset.roles.find((r) => r.id === id)?.names?.ru, id).toBeTruthy();
  });

  it('plays to the town’s win: the Neighbors’ setup PMs, the Vengeful’s revenge, the recruit, the Friendly Neighbor’s PM', () => {
    const played = playScript('forum-standard-more.game');
    expect(failedExpectations(played)).toEqual([]);
    expect(played.setupHostNotes).toEqual(['Open a private chat for the Neighbor group: Ann and Bob']);
    expect(played.setupMessages.map((m) => [m.to, m.text])).toEqual([
      ['Ann', 'You are a Neighbor. The others: Bob. Talk with them in your private chat.'],
      ['Bob', 'You are a Neighbor. The others: Ann. Talk with them in your private chat.'],
    ]);
    const day1 = played.phases[0];
    expect(day1?.deaths.map((d) => d.name)).toEqual(['Dan', 'Gus']);
    const night1 = played.phases[1];
    expect(night1?.privateMessages.map((m) => [m.name, m.text])).toEqual(
      expect.arrayContaining([
        ['Hal', 'Eve recruited you: you now play for «Cult». Your new partners will contact you.'],
        ['Ivy', 'Cid is a Friendly Neighbor and tells you that he is Town.'],
      ]),
    );
    // Day 2: the Recruiter lynched, but Hal, recruited, keeps the cult alive.
    expect(played.phases[2]?.win).toMatchObject({ over: false, reason: 'win/own-parity-alive' });
    expect(played.end?.reason).toBe('win/mafia-gone');
  });

  it('a Vengeful’s pick of a player who did not vote for him is refused in the script', () => {
    const text = readScript('forum-standard-more.game').replace('Dan uses vengeance Gus', 'Dan uses vengeance Fay');
    const played = playText(text);
    expect(played.phases[0]?.rejected.map((r) => r.reason)).toEqual(['action/target-not-voter', 'action/target-not-voter']);
    expect(played.phases[0]?.deaths.map((d) => d.name)).toEqual(['Dan']);
  });
});
