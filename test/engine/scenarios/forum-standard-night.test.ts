/**
 * The forum standard's night roles and modifiers (issue 19), resolved by
 * Natural Action Resolution. Each test names the catalogue rule it checks
 * (the mafiascum.net "Normal" catalogue and NAR's own page, in our words).
 */
import { describe, expect, it } from 'vitest';
import { createRng, parseRuleset, resolveNight, rulesets, withNight, type NightInput } from '../../../src/engine';
import { postNames } from '../../../src/engine/announce/phrases';
import { act, deaths, eventsOf, messagesTo, night, nightRulesFor, player, told } from '../night/helpers';

const rules = nightRulesFor(rulesets['forum-standard']);
const resolve = (input: NightInput) => resolveNight(input, rules, createRng(1));
const fixedOrder = nightRulesFor(withNight(rulesets['forum-standard'], { settings: { blockOnChanger: 'fixed-order' } }));

describe('forum standard night roles', () => {
  it('Bodyguard (catalogue: "if the protected player is to be killed, the Bodyguard dies instead"; one kill only, the attacker lives)', () => {
    const players = [player('G', 'goon', 'mafia'), player('B', 'bodyguard'), player('A', 'vanilla'), player('V', 'vigilante')];
    const once = resolve(night(players, [act('G', 'factional-kill', ['A']), act('B', 'stand-in', ['A'])]));
    expect(deaths(once)).toEqual(['B']);
    expect(eventsOf(once, 'survived').map((e) => e.player)).toEqual(['A']);
    // Two kills on the guarded player: the Bodyguard takes one, the other kills.
    const twice = resolve(night(players, [act('G', 'factional-kill', ['A']), act('V', 'shoot', ['A']), act('B', 'stand-in', ['A'])]));
    expect(deaths(twice).sort()).toEqual(['A', 'B']);
  });

  it('Elite Bodyguard (catalogue: "survives the attack on his target and kills the attacker")', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('E', 'elite-bodyguard'), player('A', 'vanilla')],
        [act('G', 'factional-kill', ['A']), act('E', 'elite-stand-in', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual(['G']);
  });

  it('Ninja (catalogue: "the factional kill cannot be seen by Trackers or Watchers")', () => {
    const r = resolve(
      night(
        [player('N', 'ninja', 'mafia'), player('T', 'tracker'), player('W', 'watcher'), player('A', 'vanilla')],
        [act('N', 'factional-kill', ['A']), act('T', 'track', ['N']), act('W', 'watch', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
    expect(messagesTo(r, 'T')).toEqual([told('target-visits', ['N'], [])]);
    expect(messagesTo(r, 'W')).toEqual([told('visited-by', ['A'], [])]);
  });

  it('Strongman (catalogue: "the kill goes through protection": Doctor, Jailkeeper, Bodyguard and vest)', () => {
    const players = [
      player('S', 'strongman', 'mafia'),
      player('D', 'doctor'),
      player('B', 'bodyguard'),
      player('A', 'vanilla'),
      player('P', 'bulletproof'),
    ];
    const guarded = resolve(night(players, [act('S', 'factional-kill', ['A']), act('D', 'protect', ['A']), act('B', 'stand-in', ['A'])]));
    expect(deaths(guarded)).toEqual(['A']);
    expect(deaths(resolve(night(players, [act('S', 'factional-kill', ['P'])])))).toEqual(['P']);
  });

  it('Commuter (catalogue: "leaves home for the night: every action aimed at him fails")', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('C', 'commuter'), player('K', 'cop')],
        [act('G', 'factional-kill', ['C']), act('K', 'investigate', ['C']), act('C', 'commute', [])],
      ),
    );
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'K')).toEqual([]);
    expect(eventsOf(r, 'nullified').map((e) => [e.player, e.cause])).toEqual([
      ['G', 'thwarted'],
      ['K', 'thwarted'],
    ]);
  });

  it('Hider (catalogue: "hides behind a player: untouched unless that player dies, then dies too")', () => {
    const players = [player('G', 'goon', 'mafia'), player('H', 'hider'), player('A', 'vanilla'), player('V', 'vigilante')];
    const missed = resolve(night(players, [act('H', 'hide', ['A']), act('G', 'factional-kill', ['H'])]));
    expect(deaths(missed)).toEqual([]);
    const both = resolve(night(players, [act('H', 'hide', ['A']), act('V', 'shoot', ['A'])]));
    expect(deaths(both)).toEqual(['A', 'H']);
  });

  it('Action Doubler (catalogue: "the target may use his action twice the next night")', () => {
    const players = [player('X', 'action-doubler'), player('V', 'vigilante'), player('A', 'vanilla'), player('B', 'vanilla')];
    const first = resolve(night(players, [act('X', 'double', ['V'])]));
    const given = eventsOf(first, 'status-applied');
    expect(given).toMatchObject([{ player: 'V', status: { id: 'doubled', sinceNight: 2, untilNight: 2 } }]);
    const status = given[0]?.status;
    if (status === undefined) throw new Error('no status');
    const doubled = players.map((p) => (p.slotId === 'V' ? { ...p, statuses: [status] } : p));
    const second = resolve(night(doubled, [act('V', 'shoot', ['A']), act('V', 'shoot', ['B'])], 2));
    expect(deaths(second)).toEqual(['A', 'B']);
    // Without the status the later PM replaces the earlier one.
    const plain = resolve(night(players, [act('V', 'shoot', ['A']), act('V', 'shoot', ['B'])], 2));
    expect(deaths(plain)).toEqual(['B']);
  });

  it('Delayer (catalogue: "the target’s action resolves the next night instead")', () => {
    const players = [player('D', 'delayer'), player('V', 'vigilante'), player('A', 'vanilla'), player('B', 'vanilla')];
    const first = resolve(night(players, [act('V', 'shoot', ['A']), act('D', 'delay', ['V'])]));
    expect(deaths(first)).toEqual([]);
    expect(first.delayed).toMatchObject([{ actor: 'V', ability: 'shoot', targets: ['A'], delayedFrom: 1 }]);
    // The next night the held shot resolves beside the Vigilante's new one.
    const second = resolve(night(players, [...(first.delayed ?? []), act('V', 'shoot', ['B'])], 2));
    expect(deaths(second)).toEqual(['A', 'B']);
  });

  it('Ventriloquist (catalogue: "controls the target’s posts the next day"; the night part is a visit)', () => {
    const r = resolve(
      night(
        [player('Q', 'ventriloquist', 'mafia'), player('A', 'vanilla'), player('W', 'watcher')],
        [act('Q', 'ventriloquize', ['A']), act('W', 'watch', ['A'])],
      ),
    );
    expect(eventsOf(r, 'status-applied')).toMatchObject([{ player: 'A', status: { id: 'ventriloquized', by: 'Q', untilNight: 2 } }]);
    expect(messagesTo(r, 'W')).toEqual([told('visited-by', ['A'], ['Q'])]);
  });

  it('Follower (catalogue: "learns the target’s role name")', () => {
    const r = resolve(night([player('F', 'follower'), player('G', 'godfather', 'mafia')], [act('F', 'follow', ['G'])]));
    expect(messagesTo(r, 'F')).toEqual([told('roles-learnt', ['G'], ['godfather'])]);
  });
});

describe('NAR: a roleblock on a Bus Driver or Redirector', () => {
  const players = [
    player('R', 'roleblocker'),
    player('X', 'redirector'),
    player('V', 'vigilante'),
    player('A', 'vanilla'),
    player('B', 'vanilla'),
  ];

  it('golden rule ("apply actions which modify other actions before the actions they modify"): a block nothing changes stops the redirect', () => {
    const actions = [act('V', 'shoot', ['A']), act('X', 'redirect', ['V', 'B']), act('R', 'block', ['X'])];
    const r = resolve(night(players, actions));
    expect(deaths(r)).toEqual(['A']);
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'X', ability: 'redirect', by: 'R' }]);
    expect(r.ambiguities).toMatchObject([{ setting: 'blockOnChanger', value: 'golden-rule' }]);
    // The other reading: the fixed order lets the redirect go first.
    const fixed = resolveNight(night(players, actions), fixedOrder, createRng(1));
    expect(deaths(fixed)).toEqual(['B']);
    // A fixed order answers the question itself (the seeds' rulesets), so nothing is reported there.
    expect(fixed.ambiguities).toEqual([]);
  });

  it("a loop (the redirect moves the very block aimed at the Redirector): NAR's loop list puts Block before Redirect", () => {
    const r = resolve(night(players, [act('X', 'redirect', ['R', 'B']), act('R', 'block', ['X'])]));
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'X', ability: 'redirect', by: 'R' }]);
  });

  it("a loop with a bus drive (the Bus Driver swaps himself away from the block): NAR's loop list puts Bus before Block", () => {
    const r = resolve(
      night(
        [player('R', 'roleblocker'), player('X', 'bus-driver'), player('K', 'cop'), player('G', 'goon', 'mafia')],
        [act('X', 'swap', ['X', 'K']), act('R', 'block', ['X']), act('K', 'investigate', ['G'])],
      ),
    );
    // The block lands on the Cop, whom the bus drive put in the Bus Driver's place.
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'K', ability: 'investigate', by: 'R' }]);
    // A true loop: the open question `changerLoop` (default: NAR's list for loops).
    expect(r.ambiguities.map((a) => a.setting)).toEqual(['blockOnChanger', 'changerLoop']);
  });

  it('golden rule at depth: a blocker who is himself blocked by a player nothing changes stops nothing, so the redirect goes', () => {
    const r = resolve(
      night(
        [...players, player('S', 'roleblocker')],
        [act('V', 'shoot', ['A']), act('X', 'redirect', ['V', 'B']), act('R', 'block', ['X']), act('S', 'block', ['R'])],
      ),
    );
    expect(deaths(r)).toEqual(['B']);
  });

  it('the preset answers the question with the golden rule and lists it among its open questions', () => {
    expect(rules.settings.blockOnChanger).toBe('golden-rule');
    expect(rulesets['forum-standard'].openQuestions.map((q) => q.setting)).toContain('night.settings.blockOnChanger');
  });
});

describe('modifiers combine with any role', () => {
  it('"macho one-shot doctor": a one-shot protection, and a macho player no Doctor saves (catalogue: "macho: cannot be protected")', () => {
    const players = [
      player('G', 'goon', 'mafia'),
      player('D', 'macho one-shot doctor'),
      player('M', 'macho vanilla'),
      player('A', 'vanilla'),
    ];
    const saved = resolve(night(players, [act('G', 'factional-kill', ['A']), act('D', 'protect', ['A'])]));
    expect(deaths(saved)).toEqual([]);
    expect(eventsOf(saved, 'uses-spent')).toMatchObject([{ player: 'D', ability: 'protect' }]);
    const spent = resolve(
      night(
        players.map((p) => (p.slotId === 'D' ? { ...p, usesLeft: { protect: 0 } } : p)),
        [act('D', 'protect', ['A'])],
      ),
    );
    expect(spent.refused.map((x) => x.reason)).toEqual(['night/no-uses-left']);
    const macho = resolve(night(players, [act('G', 'factional-kill', ['M']), act('D', 'protect', ['M'])]));
    expect(deaths(macho)).toEqual(['M']);
    // A macho Doctor is himself unprotectable: another Doctor's protection does not save him.
    const machoDoc = resolve(night([...players, player('E', 'doctor')], [act('G', 'factional-kill', ['D']), act('E', 'protect', ['D'])]));
    expect(deaths(machoDoc)).toEqual(['D']);
  });

  it('"2-shot vigilante" has two shots; a "day-only vigilante" is refused at night ("day-only": used by day only)', () => {
    const twoShot = resolve(
      night([player('V', '2-shot vigilante', 'town', { usesLeft: { shoot: 1 } }), player('A', 'vanilla')], [act('V', 'shoot', ['A'])]),
    );
    expect(deaths(twoShot)).toEqual(['A']);
    expect(eventsOf(twoShot, 'uses-spent')).toHaveLength(1);
    const day = resolve(night([player('V', 'day-only vigilante'), player('A', 'vanilla')], [act('V', 'shoot', ['A'])]));
    expect(day.refused.map((x) => x.reason)).toEqual(['night/wrong-phase']);
  });

  it('"self-targeting doctor" may protect himself; a plain Doctor may not', () => {
    const players = [player('G', 'goon', 'mafia'), player('D', 'self-targeting doctor'), player('P', 'doctor')];
    const self = resolve(night(players, [act('G', 'factional-kill', ['D']), act('D', 'protect', ['D'])]));
    expect(deaths(self)).toEqual([]);
    const plain = resolve(night(players, [act('P', 'protect', ['P'])]));
    expect(plain.refused.map((x) => x.reason)).toEqual(['night/self-target']);
  });

  it('"compulsive cop" who sends nothing: a note for the host ("compulsive: must act every night")', () => {
    const r = resolve(night([player('C', 'compulsive cop'), player('A', 'vanilla')], []));
    const idle = (res: typeof r) => (res.report ?? []).filter((line) => line.message?.code === 'night/report-compulsive-idle');
    expect(idle(r).map((line) => line.text)).toEqual([expect.stringMatching(/^C is compulsive and sent no investigate/)]);
    expect(idle(r)[0]?.message?.args[0]).toEqual({ kind: 'text', value: 'C' });
    const acted = resolve(night([player('C', 'compulsive cop'), player('A', 'vanilla')], [act('C', 'investigate', ['A'])]));
    expect(idle(acted)).toEqual([]);
  });

  it('"loyal cop" learns nothing of another faction; a "disloyal doctor" cannot save his own side', () => {
    const players = [player('C', 'loyal cop'), player('D', 'disloyal doctor'), player('G', 'goon', 'mafia'), player('A', 'vanilla')];
    const r = resolve(night(players, [act('C', 'investigate', ['G']), act('D', 'protect', ['A']), act('G', 'factional-kill', ['A'])]));
    expect(messagesTo(r, 'C')).toEqual([]);
    expect(deaths(r)).toEqual(['A']);
    expect(eventsOf(r, 'nullified').map((e) => e.player)).toEqual(['D', 'C']);
    const own = resolve(night(players, [act('C', 'investigate', ['A'])]));
    expect(messagesTo(own, 'C')).toEqual([told('alignment-check', ['A'], false)]);
  });

  it('"ninja vigilante" is unseen, "strongman vigilante" shoots through a Doctor, "untrackable roleblocker" is unseen, "unstoppable cop" ignores a block', () => {
    const players = [
      player('N', 'ninja vigilante'),
      player('S', 'strongman vigilante'),
      player('U', 'untrackable roleblocker'),
      player('K', 'unstoppable cop'),
      player('R', 'roleblocker'),
      player('D', 'doctor'),
      player('T', 'tracker'),
      player('W', 'watcher'),
      player('A', 'vanilla'),
      player('B', 'vanilla'),
      player('C', 'vanilla'),
      player('G', 'goon', 'mafia'),
    ];
    const r = resolve(
      night(players, [
        act('N', 'shoot', ['A']),
        act('T', 'track', ['N']),
        act('S', 'shoot', ['B']),
        act('D', 'protect', ['B']),
        act('U', 'block', ['C']),
        act('W', 'watch', ['C']),
        act('R', 'block', ['K']),
        act('K', 'investigate', ['G']),
      ]),
    );
    expect(deaths(r)).toEqual(['A', 'B']);
    expect(messagesTo(r, 'T')).toEqual([told('target-visits', ['N'], [])]);
    expect(messagesTo(r, 'W')).toEqual([told('visited-by', ['C'], [])]);
    expect(messagesTo(r, 'K')).toEqual([told('alignment-check', ['G'], true)]);
  });

  it('a ruleset role carries modifiers as data (the preset\'s Ninja is a Goon with "ninja")', () => {
    const ninja = rulesets['forum-standard'].roles.find((r) => r.id === 'ninja');
    expect(ninja?.modifiers).toEqual(['ninja']);
    expect(rules.roles.find((r) => r.id === 'ninja')?.abilities[0]).toMatchObject({ effect: 'faction-kill', unseen: true });
  });

  it("a host's ruleset may give a role modifiers; a word that is no modifier is refused by the ruleset check", () => {
    const base = rulesets['forum-standard'];
    const withRole = (modifiers: string[]): unknown => ({
      ...base,
      id: 'host-nar',
      roles: [...base.roles, { id: 'shy-cop', name: 'Shy Cop', abilities: base.roles.find((r) => r.id === 'cop')?.abilities, modifiers }],
    });
    const good = parseRuleset(withRole(['untrackable', '3-shot']));
    expect(good.ok).toBe(true);
    const bad = parseRuleset(withRole(['shy']));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.join('\n')).toMatch(/modifiers: role "shy-cop": "shy" is not a modifier/);
  });

  it('a modified role is named by its modifiers and its role in each language', () => {
    expect(postNames(rulesets['forum-standard'], 'en').role('macho one-shot doctor')).toBe('Macho One-shot Doctor');
    expect(postNames(rulesets['forum-standard'], 'ru').role('macho one-shot doctor')).toBe('гордый одноразовый Доктор');
    expect(postNames(rulesets['forum-standard'], 'ru').role('doctor')).toBe('Доктор');
  });

  it('every role has a Russian name', () => {
    expect(rulesets['forum-standard'].roles.every((r) => r.names?.ru !== undefined && /[а-я]/u.test(r.names.ru))).toBe(true);
  });
});
