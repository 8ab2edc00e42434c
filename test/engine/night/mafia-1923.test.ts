/**
 * Seed 000 "mafia 1923": every role, the eleven-step night order, statuses,
 * and the interactions the rules name, written from the rules' own text.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, type NightInput, type NightPlayer } from '../../../src/engine';
import { act, deaths, eventsOf, messagesTo, night, player, reasonTexts, rules1923, told } from './helpers';

const resolve = (input: NightInput, seed = 7) => resolveNight(input, rules1923, createRng(seed));
const fam = (slotId: string, role: string, family: string, extra: Partial<NightPlayer> = {}) =>
  player(slotId, role, role === 'mafia-member' ? 'mafia' : 'town', { family, ...extra });

/** Two families of townsfolk with a Mafia Member each: the usual backdrop. */
function town(...extra: NightPlayer[]): NightPlayer[] {
  return [
    fam('M1', 'mafia-member', 'Cohen'),
    fam('M2', 'mafia-member', 'Levi'),
    fam('T1', 'townsperson', 'Cohen'),
    fam('T2', 'townsperson', 'Levi'),
    ...extra,
  ];
}

describe('000 Mafia Members and the kill count', () => {
  it('the Mafia kills its chosen Civilian', () => {
    const r = resolve(night(town(), [act('M1', 'mafia-kill', ['T1'])]));
    expect(deaths(r)).toEqual(['T1']);
    expect(eventsOf(r, 'death')[0]?.cause).toBe('faction-kill');
  });

  it('must attempt living players / 20 (rounded up) kills: 21 living players allow two targets, not three', () => {
    const crowd = Array.from({ length: 17 }, (_, i) => fam(`C${i}`, 'townsperson', i % 2 === 0 ? 'Cohen' : 'Levi'));
    const players = town(...crowd);
    expect(players.length).toBe(21);
    const two = resolve(night(players, [act('M1', 'mafia-kill', ['C1', 'C2'])]));
    expect(deaths(two)).toEqual(['C1', 'C2']);
    const three = resolve(night(players, [act('M1', 'mafia-kill', ['C1', 'C2', 'C3'])]));
    expect(three.refused.map((x) => x.reason)).toEqual(['night/too-many-targets']);
  });

  it('one decision per night: a second member’s order is outranked by the first-ranked sender', () => {
    const players = [
      fam('M1', 'mafia-member', 'Cohen', { rank: 2 }),
      fam('M2', 'mafia-member', 'Levi', { rank: 1 }),
      fam('T1', 'townsperson', 'Cohen'),
      fam('T2', 'townsperson', 'Levi'),
    ];
    const r = resolve(night(players, [act('M1', 'mafia-kill', ['T1']), act('M2', 'mafia-kill', ['T2'])]));
    expect(deaths(r)).toEqual(['T2']);
    expect(r.refused).toMatchObject([{ action: { actor: 'M1' }, reason: 'night/outranked' }]);
  });
});

describe('000 Doctor', () => {
  it('saves the Mafia’s target', () => {
    const r = resolve(night(town(fam('D', 'doctor', 'Cohen')), [act('M1', 'mafia-kill', ['T1']), act('D', 'save', ['T1'])]));
    expect(deaths(r)).toEqual([]);
    expect(reasonTexts(eventsOf(r, 'survived')[0]).join('\n')).toMatch(/protected by D/);
  });
  it('may protect themselves only twice: the third self-save is refused and costs nothing', () => {
    const r = resolve(night(town(fam('D', 'doctor', 'Cohen', { selfUsesLeft: { save: 0 } })), [act('D', 'save', ['D'])]));
    expect(r.refused.map((x) => x.reason)).toEqual(['night/no-self-uses-left']);
    expect(eventsOf(r, 'uses-spent')).toEqual([]);
  });
  it('a self-save spends one of the two self-uses', () => {
    const r = resolve(night(town(fam('D', 'doctor', 'Cohen')), [act('D', 'save', ['D'])]));
    expect(eventsOf(r, 'uses-spent')).toMatchObject([{ player: 'D', ability: 'save', self: true }]);
  });
});

describe('000 Butler and poison', () => {
  it('poisons a player, who is announced poisoned and lives through the night', () => {
    const r = resolve(night(town(fam('B', 'butler', 'Levi')), [act('B', 'poison', ['T1'])], 3));
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'status-applied')).toMatchObject([{ player: 'T1', status: { id: 'poisoned', sinceNight: 3, by: 'B' } }]);
  });
  it('the poisoned player dies at the end of the following night (step 11) unless a Doctor visits', () => {
    const poisoned = fam('T1', 'townsperson', 'Cohen', { statuses: [{ id: 'poisoned', sinceNight: 3, by: 'B' }] });
    const players = [fam('M1', 'mafia-member', 'Cohen'), fam('B', 'butler', 'Levi'), fam('D', 'doctor', 'Levi'), poisoned];
    const r = resolve(night(players, [], 4));
    expect(deaths(r)).toEqual(['T1']);
    expect(eventsOf(r, 'death')[0]?.cause).toBe('poison');
  });
  it('poison cured by the Doctor the following night', () => {
    const poisoned = fam('T1', 'townsperson', 'Cohen', { statuses: [{ id: 'poisoned', sinceNight: 3, by: 'B' }] });
    const players = [fam('M1', 'mafia-member', 'Cohen'), fam('B', 'butler', 'Levi'), fam('D', 'doctor', 'Levi'), poisoned];
    const r = resolve(night(players, [act('D', 'save', ['T1'])], 4));
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'status-cleared')).toMatchObject([{ player: 'T1', status: 'poisoned' }]);
  });
  it('a Doctor protecting the target on the night of the poisoning stops it', () => {
    const r = resolve(
      night(town(fam('B', 'butler', 'Levi'), fam('D', 'doctor', 'Levi')), [act('B', 'poison', ['T1']), act('D', 'save', ['T1'])]),
    );
    expect(eventsOf(r, 'status-applied')).toEqual([]);
  });
  it('Butlers are immune to poison', () => {
    const r = resolve(night(town(fam('B', 'butler', 'Levi'), fam('B2', 'butler', 'Cohen')), [act('B', 'poison', ['B2'])]));
    expect(eventsOf(r, 'status-applied')).toEqual([]);
  });
  it('the Butler’s two protected kill attempts: the first two Mafia attacks fail, the third kills', () => {
    const attempt = (spent: number) =>
      resolve(night(town(fam('B', 'butler', 'Levi', { spent: { 'mafia-shield': spent } })), [act('M1', 'mafia-kill', ['B'])]));
    const first = attempt(0);
    expect(deaths(first)).toEqual([]);
    expect(eventsOf(first, 'protection-spent')).toMatchObject([{ player: 'B', protection: 'mafia-shield' }]);
    expect(deaths(attempt(1))).toEqual([]);
    expect(deaths(attempt(2))).toEqual(['B']);
  });
  it('uses the poison at most twice a game', () => {
    const r = resolve(night(town(fam('B', 'butler', 'Levi', { usesLeft: { poison: 0 } })), [act('B', 'poison', ['T1'])]));
    expect(r.refused.map((x) => x.reason)).toEqual(['night/no-uses-left']);
  });
});

describe('000 Bodyguard', () => {
  it('injures the attacker: the Mafia Member who sent the order is injured, the ward lives', () => {
    const r = resolve(night(town(fam('G', 'bodyguard', 'Levi')), [act('M1', 'mafia-kill', ['T1']), act('G', 'guard', ['T1'])], 2));
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'status-applied')).toMatchObject([{ player: 'M1', status: { id: 'injured', sinceNight: 2, untilNight: 3 } }]);
    expect(messagesTo(r, 'M1')).toEqual([told('injured', [], null)]);
    expect(messagesTo(r, 'G')).toEqual([]);
    expect(r.ambiguities.map((a) => a.setting)).toContain('bodyguardInjures');
  });
  it('an injured player cannot act the following night', () => {
    const r = resolve(
      night(
        town(fam('D', 'doctor', 'Levi', { statuses: [{ id: 'injured', sinceNight: 2, untilNight: 3 }] })),
        [act('D', 'save', ['T1'])],
        3,
      ),
    );
    expect(r.refused.map((x) => x.reason)).toEqual(['night/actor-status']);
  });
  it('protects from the Drunkard, injuring the Drunkard', () => {
    const players = [
      fam('K', 'drunkard', 'Levi'),
      fam('T1', 'townsperson', 'Cohen'),
      fam('G', 'bodyguard', 'Levi'),
      fam('M2', 'mafia-member', 'Levi'),
    ];
    const r = resolve(night(players, [act('K', 'drunken-attack', ['Cohen']), act('G', 'guard', ['T1'])]));
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'status-applied')).toMatchObject([{ player: 'K', status: { id: 'injured' } }]);
  });
  it('automatically protects themselves once a game', () => {
    const r = resolve(night(town(fam('G', 'bodyguard', 'Levi')), [act('M1', 'mafia-kill', ['G'])]));
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'protection-spent')).toMatchObject([{ player: 'G', protection: 'self-guard' }]);
    const again = resolve(night(town(fam('G', 'bodyguard', 'Levi', { spent: { 'self-guard': 1 } })), [act('M1', 'mafia-kill', ['G'])]));
    expect(deaths(again)).toEqual(['G']);
  });
});

describe('000 Armed Robber', () => {
  it('the Armed Robber’s revenge: killed by the Mafia, a Mafia Member dies immediately', () => {
    const r = resolve(night(town(fam('R', 'armed-robber', 'Levi')), [act('M1', 'mafia-kill', ['R'])]));
    expect(deaths(r)).toEqual(['M1', 'R']);
    expect(eventsOf(r, 'death').find((e) => e.player === 'M1')?.cause).toBe('revenge');
    expect(r.ambiguities.map((a) => a.setting)).toContain('robberRevengeOnMafia');
  });
  it('kills the Drunkard who killed him', () => {
    const players = [fam('K', 'drunkard', 'Levi'), fam('R', 'armed-robber', 'Cohen'), fam('M2', 'mafia-member', 'Levi')];
    const r = resolve(night(players, [act('K', 'drunken-attack', ['Cohen'])]));
    expect(deaths(r)).toEqual(['K', 'R']);
  });
  it('kills the Butler whose poison killed him', () => {
    const players = [
      fam('B', 'butler', 'Levi'),
      fam('R', 'armed-robber', 'Cohen', { statuses: [{ id: 'poisoned', sinceNight: 1, by: 'B' }] }),
      fam('M2', 'mafia-member', 'Levi'),
    ];
    const r = resolve(night(players, [], 2));
    expect(deaths(r)).toEqual(['B', 'R']);
  });
});

describe('000 Thief', () => {
  it('steals a role: the Thief takes it, the victim becomes a Townsperson, both are told', () => {
    const r = resolve(night(town(fam('X', 'thief', 'Levi'), fam('D', 'doctor', 'Cohen')), [act('X', 'steal', ['D'])]));
    expect(eventsOf(r, 'role-changed')).toMatchObject([
      { player: 'X', from: 'thief', to: 'doctor' },
      { player: 'D', from: 'doctor', to: 'townsperson' },
    ]);
    expect(messagesTo(r, 'X')).toEqual([told('role-stolen', ['D'], 'doctor')]);
    expect(messagesTo(r, 'D')).toEqual([told('role-lost', [], 'townsperson')]);
  });
  it('stealing from a Townsperson fails and the Thief becomes a Townsperson; the target is not told', () => {
    const r = resolve(night(town(fam('X', 'thief', 'Levi')), [act('X', 'steal', ['T1'])]));
    expect(eventsOf(r, 'role-changed')).toMatchObject([{ player: 'X', to: 'townsperson' }]);
    expect(messagesTo(r, 'X')).toEqual([told('steal-failed', ['T1'], 'townsperson')]);
    expect(messagesTo(r, 'T1')).toEqual([]);
  });
  it('Thief stealing a Mafia Member’s second role: the Mafia Member stays in the Mafia without it', () => {
    const players = [
      fam('M1', 'mafia-member', 'Cohen', { secondRole: 'boss' }),
      fam('X', 'thief', 'Levi'),
      fam('T1', 'townsperson', 'Cohen'),
    ];
    const r = resolve(night(players, [act('X', 'steal', ['M1'])]));
    expect(eventsOf(r, 'role-changed')).toMatchObject([
      { player: 'X', slot: 'role', from: 'thief', to: 'boss' },
      { player: 'M1', slot: 'secondRole', from: 'boss', to: null },
    ]);
  });
  it('a Mafia Member with no second role: the open question is reported with the setting used', () => {
    const r = resolve(night(town(fam('X', 'thief', 'Levi')), [act('X', 'steal', ['M1'])]));
    expect(r.ambiguities).toMatchObject([{ setting: 'thiefOnPlainMafiaMember', value: 'becomes-townsperson' }]);
  });
  it('the robbed player’s own action later that night no longer happens', () => {
    const r = resolve(
      night(town(fam('X', 'thief', 'Levi'), fam('D', 'doctor', 'Cohen')), [
        act('X', 'steal', ['D']),
        act('D', 'save', ['T1']),
        act('M1', 'mafia-kill', ['T1']),
      ]),
    );
    expect(eventsOf(r, 'nullified')).toMatchObject([{ player: 'D', cause: 'role-lost' }]);
    expect(deaths(r)).toEqual(['T1']);
  });
  it('two Thieves on one role: whoever submitted first acts first', () => {
    const players = town(fam('X', 'thief', 'Levi'), fam('Y', 'thief', 'Levi'), fam('D', 'doctor', 'Cohen'));
    const r = resolve(night(players, [act('Y', 'steal', ['D'], 50), act('X', 'steal', ['D'], 40)]));
    const changed = eventsOf(r, 'role-changed');
    expect(changed.find((e) => e.player === 'X')?.to).toBe('doctor');
    expect(changed.find((e) => e.player === 'Y')?.to).toBe('townsperson');
  });
});

describe('000 Boss', () => {
  it('cancels the target’s action; the target is told in the morning', () => {
    const r = resolve(
      night(town(fam('S', 'boss', 'Levi'), fam('D', 'doctor', 'Cohen')), [
        act('S', 'cancel', ['D']),
        act('D', 'save', ['T1']),
        act('M1', 'mafia-kill', ['T1']),
      ]),
    );
    expect(deaths(r)).toEqual(['T1']);
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'D', by: 'S' }]);
    expect(messagesTo(r, 'D')).toEqual([told('action-stopped', [], 'boss')]);
  });
  it('tells the target even when they did nothing', () => {
    const r = resolve(night(town(fam('S', 'boss', 'Levi')), [act('S', 'cancel', ['T1'])]));
    expect(messagesTo(r, 'T1')).toEqual([told('action-stopped', [], 'boss')]);
  });
  it('cannot prevent Mafia kills', () => {
    const r = resolve(night(town(fam('S', 'boss', 'Levi')), [act('S', 'cancel', ['M1']), act('M1', 'mafia-kill', ['T2'])]));
    expect(deaths(r)).toEqual(['T2']);
  });
  it('a cancelled limited action does not use a charge (setting blockedUsesCharge)', () => {
    const r = resolve(
      night(town(fam('S', 'boss', 'Levi'), fam('B', 'butler', 'Levi')), [act('S', 'cancel', ['B']), act('B', 'poison', ['T1'])]),
    );
    expect(eventsOf(r, 'uses-spent')).toEqual([]);
    expect(r.ambiguities.map((a) => a.setting)).toContain('blockedUsesCharge');
  });
});

describe('000 Drunkard', () => {
  const players = () => [
    fam('K', 'drunkard', 'Levi'),
    fam('A', 'townsperson', 'Cohen'),
    fam('B', 'townsperson', 'Cohen'),
    fam('C', 'townsperson', 'Cohen'),
    fam('M2', 'mafia-member', 'Levi'),
  ];
  it('kills one random member of the chosen family; the same seed gives the same victim', () => {
    const one = resolve(night(players(), [act('K', 'drunken-attack', ['Cohen'])]), 11);
    const two = resolve(night(players(), [act('K', 'drunken-attack', ['Cohen'])]), 11);
    expect(deaths(one)).toHaveLength(1);
    expect(['A', 'B', 'C']).toContain(deaths(one)[0]);
    expect(deaths(two)).toEqual(deaths(one));
  });
  it('different seeds reach every member of the family', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 60; seed++)
      for (const d of deaths(resolve(night(players(), [act('K', 'drunken-attack', ['Cohen'])]), seed))) seen.add(d);
    expect([...seen].sort()).toEqual(['A', 'B', 'C']);
  });
  it('may choose a family with no living player: nothing happens', () => {
    const dead = [fam('K', 'drunkard', 'Levi'), fam('A', 'townsperson', 'Cohen', { alive: false }), fam('M2', 'mafia-member', 'Levi')];
    const r = resolve(night(dead, [act('K', 'drunken-attack', ['Cohen'])]));
    expect(deaths(r)).toEqual([]);
    expect(r.refused).toEqual([]);
  });
  it('acts once a game', () => {
    const r = resolve(
      night(
        [fam('K', 'drunkard', 'Levi', { usesLeft: { 'drunken-attack': 0 } }), fam('A', 'townsperson', 'Cohen')],
        [act('K', 'drunken-attack', ['Cohen'])],
      ),
    );
    expect(r.refused.map((x) => x.reason)).toEqual(['night/no-uses-left']);
  });
});

describe('000 Bumbling Bureaucrat', () => {
  it('sends the target’s next action to a random target and tells them', () => {
    const players = town(fam('U', 'bumbling-bureaucrat', 'Levi'), fam('D', 'doctor', 'Cohen'));
    const r = resolve(night(players, [act('U', 'redirect', ['D']), act('D', 'save', ['T1'])]), 3);
    const msg = messagesTo(r, 'D');
    expect(msg.map((m) => m.fact)).toEqual(['action-redirected']);
    const sentTo = msg[0]?.about ?? [];
    expect(sentTo).toHaveLength(1);
    expect(msg[0]?.value).toEqual(sentTo);
    expect(players.map((p) => p.slotId)).toContain(sentTo[0]);
  });
  it('does not affect Mafia kills', () => {
    const r = resolve(
      night(town(fam('U', 'bumbling-bureaucrat', 'Levi')), [act('U', 'redirect', ['M1']), act('M1', 'mafia-kill', ['T2'])]),
    );
    expect(deaths(r)).toEqual(['T2']);
  });
  it('on a player who does not act: the open question is reported', () => {
    const r = resolve(night(town(fam('U', 'bumbling-bureaucrat', 'Levi')), [act('U', 'redirect', ['T1'])]));
    expect(r.ambiguities.map((a) => a.setting)).toContain('bureaucratCarriesOver');
  });
});

describe('000 information roles', () => {
  it('Paperboy: one living player learns the role of another; the unlisted step is reported', () => {
    const r = resolve(night(town(fam('P', 'paperboy', 'Levi'), fam('D', 'doctor', 'Cohen')), [act('P', 'deliver', ['T1', 'D'])]));
    expect(messagesTo(r, 'T1')).toEqual([told('newspaper', ['D'], ['doctor'])]);
    expect(r.ambiguities.map((a) => a.setting)).toContain('order.paperboy');
  });
  it('Paperboy can never choose themselves', () => {
    const r = resolve(night(town(fam('P', 'paperboy', 'Levi')), [act('P', 'deliver', ['P', 'T1'])]));
    expect(r.refused.map((x) => x.reason)).toEqual(['night/self-target']);
  });
  it('Detective learns the target’s role (setting detectiveLearns)', () => {
    const r = resolve(night(town(fam('E', 'detective', 'Levi')), [act('E', 'inquire', ['M1'])]));
    expect(messagesTo(r, 'E')).toEqual([told('roles-learnt', ['M1'], ['mafia-member'])]);
    expect(r.ambiguities.map((a) => a.setting)).toContain('detectiveLearns');
  });
  it('Witness is told the role of a player who dies', () => {
    const r = resolve(night(town(fam('W', 'witness', 'Levi')), [act('M1', 'mafia-kill', ['T1'])]));
    expect(messagesTo(r, 'W')).toEqual([told('witnessed-death', ['T1'], ['townsperson'])]);
  });
  it('dead players receive no PMs: a Paperboy’s news to a player the Mafia killed that night is not sent', () => {
    const r = resolve(
      night(town(fam('P', 'paperboy', 'Levi'), fam('D', 'doctor', 'Cohen')), [
        act('P', 'deliver', ['T1', 'D']),
        act('M1', 'mafia-kill', ['T1']),
      ]),
    );
    expect(deaths(r)).toEqual(['T1']);
    expect(messagesTo(r, 'T1')).toEqual([]);
  });
  it('Shadchan: the pair fall in love and only they are told', () => {
    const r = resolve(night(town(fam('H', 'shadchan', 'Levi')), [act('H', 'match', ['T1', 'T2'])]));
    expect(eventsOf(r, 'status-applied')).toMatchObject([
      { player: 'T1', status: { id: 'in-love', with: 'T2' } },
      { player: 'T2', status: { id: 'in-love', with: 'T1' } },
    ]);
    expect(messagesTo(r, 'H')).toEqual([]);
  });
});

describe('000 timing and the night order', () => {
  it('day roles (Councilor, Pacifist, Sheriff, Lawyer) sent at night are refused and cost nothing', () => {
    const players = town(
      fam('C', 'councilor', 'Levi'),
      fam('P', 'pacifist', 'Levi'),
      fam('S', 'sheriff', 'Cohen'),
      fam('L', 'lawyer', 'Cohen'),
    );
    const r = resolve(
      night(players, [
        act('C', 'extra-votes', ['T1', 'T2']),
        act('P', 'negative-votes', ['T1', 'T2']),
        act('S', 'jail', ['T1', 'T2']),
        act('L', 'defend', ['T1']),
      ]),
    );
    expect(r.refused.map((x) => x.reason)).toEqual(['night/wrong-phase', 'night/wrong-phase', 'night/wrong-phase', 'night/wrong-phase']);
    expect(eventsOf(r, 'uses-spent')).toEqual([]);
  });
  it('Townspeople, Armed Robbers, Witnesses and Court Secretaries have no night action', () => {
    const players = town(fam('R', 'armed-robber', 'Levi'), fam('W', 'witness', 'Levi'), fam('Q', 'court-secretary', 'Levi'));
    const r = resolve(
      night(players, [act('T1', 'kill', ['T2']), act('R', 'kill', ['T2']), act('W', 'watch', ['T2']), act('Q', 'x', ['T2'])]),
    );
    expect(r.refused.map((x) => x.reason)).toEqual([
      'night/unknown-ability',
      'night/unknown-ability',
      'night/unknown-ability',
      'night/unknown-ability',
    ]);
  });
  it('a player killed earlier in the order loses a later action (Drunkard at 8 kills the Detective at 10)', () => {
    const players = [fam('K', 'drunkard', 'Levi'), fam('E', 'detective', 'Cohen'), fam('M2', 'mafia-member', 'Levi')];
    const r = resolve(night(players, [act('E', 'inquire', ['M2']), act('K', 'drunken-attack', ['Cohen'])]));
    expect(deaths(r)).toEqual(['E']);
    expect(eventsOf(r, 'nullified')).toMatchObject([{ player: 'E', cause: 'actor-died' }]);
    expect(messagesTo(r, 'E')).toEqual([]);
  });
  it('a Doctor (step 5) acts before the Mafia (step 9) even when sent later', () => {
    const r = resolve(night(town(fam('D', 'doctor', 'Cohen')), [act('M1', 'mafia-kill', ['T1'], 10), act('D', 'save', ['T1'], 99)]));
    expect(deaths(r)).toEqual([]);
  });
});
