/** Action intake: 003's "last valid action stands" and rank rule, 000's refusals. */
import { describe, expect, it } from 'vitest';
import { collectActions, createRng, resolveNight } from '../../../src/engine';
import { act, deaths, night, player, rules1923, rulesConan, rulesForumSimple, statusRulesOf } from './helpers';

describe('intake: the last valid action before the deadline stands (003)', () => {
  it('a new action replaces the old one', () => {
    const input = night(
      [player('D', 'doctor'), player('A', 'vanilla'), player('B', 'vanilla')],
      [act('D', 'protect', ['A'], 10), act('D', 'protect', ['B'], 20)],
    );
    const intake = collectActions(input, rulesForumSimple);
    expect(intake.accepted.map((a) => a.action.targets)).toEqual([['B']]);
    expect(intake.refused).toMatchObject([{ action: { targets: ['A'] }, reason: 'night/superseded' }]);
  });
  it('an invalid later action does not replace a valid earlier one', () => {
    const input = night(
      [player('D', 'doctor'), player('A', 'vanilla'), player('X', 'vanilla', 'town', { alive: false })],
      [act('D', 'protect', ['A'], 10), act('D', 'protect', ['X'], 20)],
    );
    const intake = collectActions(input, rulesForumSimple);
    expect(intake.accepted.map((a) => a.action.targets)).toEqual([['A']]);
    expect(intake.refused.map((r) => r.reason)).toEqual(['night/target-dead']);
  });
  it('an action after the deadline is refused', () => {
    const input = night([player('D', 'doctor'), player('A', 'vanilla')], [act('D', 'protect', ['A'], 2_000_000)]);
    expect(collectActions(input, rulesForumSimple).refused.map((r) => r.reason)).toEqual(['night/after-deadline']);
  });
  it('one action a night where the rules say so (003): a different ability still replaces the earlier one', () => {
    const conan = night(
      [player('B', 'bo-member', 'bo', { secondRole: 'police' }), player('A', 'townsfolk')],
      [act('B', 'night-kill', ['A'], 10), act('B', 'arrest', ['A'], 20)],
    );
    expect(collectActions(conan, rulesConan).accepted.map((a) => a.ability.id)).toEqual(['arrest']);
    const forum = night(
      [player('B', 'mafia-roleblocker', 'mafia'), player('A', 'vanilla'), player('C', 'cop')],
      [act('B', 'factional-kill', ['A'], 10), act('B', 'block', ['C'], 20)],
    );
    expect(
      collectActions(forum, rulesForumSimple)
        .accepted.map((a) => a.ability.id)
        .sort(),
    ).toEqual(['block', 'factional-kill']);
  });
});

describe('intake: refusals (000)', () => {
  const cases: [string, Parameters<typeof night>[0], Parameters<typeof night>[1], string][] = [
    [
      'dead actor',
      [player('D', 'doctor', 'town', { alive: false }), player('A', 'vanilla')],
      [act('D', 'protect', ['A'])],
      'night/actor-dead',
    ],
    ['unknown target', [player('D', 'doctor')], [act('D', 'protect', ['nobody'])], 'night/unknown-target'],
    ['unknown sender', [player('D', 'doctor')], [act('ghost', 'protect', ['D'])], 'night/unknown-actor'],
    ['wrong target count', [player('X', 'bus-driver'), player('A', 'vanilla')], [act('X', 'swap', ['A'])], 'night/wrong-target-count'],
    ['same target twice', [player('X', 'bus-driver'), player('A', 'vanilla')], [act('X', 'swap', ['A', 'A'])], 'night/duplicate-target'],
  ];
  for (const [label, players, actions, reason] of cases) {
    it(label, () => {
      expect(collectActions(night(players, actions), rulesForumSimple).refused.map((r) => r.reason)).toEqual([reason]);
    });
  }
});

describe('intake: faction kill orders by rank (003)', () => {
  const bo = () => [
    player('Gin', 'bo-member', 'bo', { rank: 2 }),
    player('Vodka', 'bo-member', 'bo', { rank: 3 }),
    player('Anokata', 'bo-member', 'bo', { leader: true, rank: 5 }),
    player('A', 'townsfolk'),
    player('B', 'townsfolk'),
    player('C', 'townsfolk'),
  ];
  it("the Leader's order stands, whatever the others send", () => {
    const r = resolveNight(
      night(bo(), [act('Gin', 'night-kill', ['A'], 30), act('Anokata', 'night-kill', ['B'], 10), act('Vodka', 'night-kill', ['C'], 40)]),
      rulesConan,
      createRng(1),
    );
    expect(deaths(r)).toEqual(['B']);
    expect(r.refused.map((x) => [x.action.actor, x.reason])).toEqual([
      ['Gin', 'night/outranked'],
      ['Vodka', 'night/outranked'],
    ]);
  });
  it('without the Leader, the highest rank’s order stands', () => {
    const r = resolveNight(
      night(bo(), [act('Vodka', 'night-kill', ['C'], 10), act('Gin', 'night-kill', ['A'], 30)]),
      rulesConan,
      createRng(1),
    );
    expect(deaths(r)).toEqual(['A']);
  });
  it('an arrested player cannot act and cannot be killed (003)', () => {
    const players = [...bo(), player('P', 'police'), player('D', 'detective')];
    const r = resolveNight(
      night(players, [act('P', 'arrest', ['A'], 1), act('Gin', 'night-kill', ['A'], 2), act('D', 'investigate', ['Gin'], 3)]),
      rulesConan,
      createRng(1),
    );
    expect(deaths(r)).toEqual([]);
    expect(r.events.flatMap((e) => (e.type === 'message' ? [e.result] : []))).toEqual([
      { to: 'D', fact: 'alignment-check', about: ['Gin'], value: true },
    ]);
    const already = resolveNight(
      night([...bo(), player('X', 'townsfolk', 'town', { statuses: [{ id: 'arrested' }] })], [act('Gin', 'night-kill', ['X'])], 1, {
        statusRules: statusRulesOf('detective-conan-003'),
      }),
      rulesConan,
      createRng(1),
    );
    expect(deaths(already)).toEqual([]);
    expect(already.refused.map((x) => x.reason)).toEqual(['night/target-status']);
  });
  it('each BO member must attempt a night kill before any member gets a second turn (003)', () => {
    const players = bo().map((p) => (p.slotId === 'Gin' ? { ...p, killsAttempted: 1 } : p));
    const r = resolveNight(night(players, [act('Gin', 'night-kill', ['A'])]), rulesConan, createRng(1));
    expect(r.refused.map((x) => x.reason)).toEqual(['night/not-your-turn']);
    const turn = resolveNight(night(players, [act('Vodka', 'night-kill', ['A'])]), rulesConan, createRng(1));
    expect(deaths(turn)).toEqual(['A']);
    const everyoneOnce = players.map((p) => ({ ...p, killsAttempted: 1 }));
    expect(deaths(resolveNight(night(everyoneOnce, [act('Gin', 'night-kill', ['A'])]), rulesConan, createRng(1)))).toEqual(['A']);
  });
  it('Akai’s Vengeance: killed by the BO, Akai takes the shooter with him', () => {
    const r = resolveNight(night([...bo(), player('Akai', 'akai')], [act('Gin', 'night-kill', ['Akai'])]), rulesConan, createRng(1));
    expect(deaths(r)).toEqual(['Akai', 'Gin']);
  });
  it('000 kill count: 20 living players allow one target', () => {
    const players = [player('M', 'mafia-member', 'mafia'), ...Array.from({ length: 19 }, (_, i) => player(`T${i}`, 'townsperson'))];
    const intake = collectActions(night(players, []), rules1923);
    expect(intake.killCounts.mafia).toBe(1);
    const more = [...players, player('T99', 'townsperson')];
    expect(collectActions(night(more, []), rules1923).killCounts.mafia).toBe(2);
  });
});

describe('001 Method 1, the simple method: the seed’s example night', () => {
  const players = [
    player('Noodle', 'cop'),
    player('Bad Ash', 'bus-driver'),
    player('Leopold Stotch', 'goon', 'mafia'),
    player('Gorny', 'vest'),
    player('Pyrotechnician', 'hitman', 'mafia'),
    player('Caluin Grey', 'doctor'),
    player('Zarniwoop', 'vanilla'),
    player('Dredd', 'vanilla'),
    player('Ankeli', 'treestump'),
    player('Orphan', 'goon', 'mafia'),
  ];
  const rules = {
    ...rulesForumSimple,
    roles: rulesForumSimple.roles.map((r) =>
      r.id === 'cop' ? { ...r, abilities: r.abilities.map((a) => ({ ...a, targets: { ...a.targets, self: 'allowed' as const } })) } : r,
    ),
  };
  const actions = [
    act('Noodle', 'investigate', ['Noodle']),
    act('Bad Ash', 'swap', ['Pyrotechnician', 'Leopold Stotch']),
    act('Pyrotechnician', 'factional-kill', ['Gorny']),
    act('Caluin Grey', 'protect', ['Orphan']),
  ];
  it('nobody dies: the vest stops the kill on Gorny; Noodle (sane) is told "not Mafia"', () => {
    const r = resolveNight(night(players, actions), rules, createRng(1));
    expect(deaths(r)).toEqual([]);
    expect(r.events.filter((e) => e.type === 'protection-spent').map((e) => e.player)).toEqual(['Gorny']);
    expect(r.events.flatMap((e) => (e.type === 'message' ? [e.result] : []))).toEqual([
      { to: 'Noodle', fact: 'alignment-check', about: ['Noodle'], value: false },
    ]);
  });
  it('if Caluin had targeted Leo, the protection goes to Pyro (switched with Leo)', () => {
    const changed = actions.map((a) => (a.actor === 'Caluin Grey' ? { ...a, targets: ['Leopold Stotch'] } : a));
    const vig = [...players.filter((p) => p.slotId !== 'Dredd'), player('Dredd', 'vigilante')];
    const r = resolveNight(night(vig, [...changed, act('Dredd', 'shoot', ['Leopold Stotch'])]), rules, createRng(1));
    expect(deaths(r)).toEqual([]);
    const saved = r.events.find((e) => e.type === 'survived');
    expect(saved?.player).toBe('Pyrotechnician');
    expect(JSON.stringify(saved)).toMatch(/Bad Ash swapped Leopold Stotch with Pyrotechnician/);
  });
  it('the seed’s roster lists ten players for a "seven player" example: Gavel resolves what it is given', () => {
    expect(players).toHaveLength(10);
  });
});

describe("statuses at night mean what the game's ruleset says they mean", () => {
  const conan = { statusRules: statusRulesOf('detective-conan-003') };
  const bo = (): ReturnType<typeof player>[] => [
    player('Gin', 'bo-member', 'bo', { rank: 1 }),
    player('Vodka', 'bo-member', 'bo', { rank: 2 }),
    player('Heiji', 'doctor'),
    player('Ran', 'townsfolk'),
  ];
  const with_ = (players: ReturnType<typeof player>[], id: string, status: string): ReturnType<typeof player>[] =>
    players.map((p) => (p.slotId === id ? { ...p, statuses: [{ id: status }] } : p));

  it('003 arrested: "an arrested player can\'t use any abilities"', () => {
    const intake = collectActions(night(with_(bo(), 'Heiji', 'arrested'), [act('Heiji', 'heal', ['Ran'])], 1, conan), rulesConan);
    expect(intake.refused.map((r) => r.reason)).toEqual(['night/actor-status']);
  });

  it('003 injured: a doctor cannot heal, but a BO member still carries out the night kill', () => {
    const players = with_(with_(bo(), 'Heiji', 'injured'), 'Gin', 'injured');
    const r = resolveNight(
      night(players, [act('Heiji', 'heal', ['Ran'], 1), act('Gin', 'night-kill', ['Ran'], 2)], 1, conan),
      rulesConan,
      createRng(1),
    );
    expect(r.refused.map((x) => [x.action.actor, x.reason])).toEqual([['Heiji', 'night/actor-status']]);
    expect(deaths(r)).toEqual(['Ran']);
  });

  it('003 abroad: "any actions used on him will fail. He/she can\'t be killed"', () => {
    const r = resolveNight(night(with_(bo(), 'Ran', 'abroad'), [act('Gin', 'night-kill', ['Ran'])], 1, conan), rulesConan, createRng(1));
    expect(deaths(r)).toEqual([]);
    expect(r.refused.map((x) => x.reason)).toEqual(['night/target-status']);
  });

  it('a status the ruleset gives no night meaning changes nothing at night (003 hindered only stops a vote)', () => {
    const r = resolveNight(night(with_(bo(), 'Gin', 'hindered'), [act('Gin', 'night-kill', ['Ran'])], 1, conan), rulesConan, createRng(1));
    expect(deaths(r)).toEqual(['Ran']);
  });

  it('000 exiled: "considered not living" for the number of kills the Mafia must attempt', () => {
    const players = Array.from({ length: 21 }, (_, i) =>
      player(
        `P${i}`,
        i === 0 ? 'mafia-member' : 'townsperson',
        i === 0 ? 'mafia' : 'civilians',
        i >= 19 ? { statuses: [{ id: 'exiled' }] } : {},
      ),
    );
    expect(collectActions(night(players, []), rules1923).killCounts.mafia).toBe(2);
    expect(collectActions(night(players, [], 1, { statusRules: statusRulesOf('mafia-1923-000') }), rules1923).killCounts.mafia).toBe(1);
  });
});
