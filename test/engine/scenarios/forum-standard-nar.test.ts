/**
 * The forum standard (issue 19): the common role catalogue resolved by Natural
 * Action Resolution. NAR's order for the common roles: bus drives, redirects,
 * roleblocks and jails, protections, kills, then investigations of roles and
 * of visits. Each role has a night here, then the rulings that follow from
 * the order.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, rulesets, withNight, type NightInput } from '../../../src/engine';
import { act, deaths, eventsOf, messagesTo, night, nightRulesFor, player, told } from '../night/helpers';

const rules = nightRulesFor(rulesets['forum-standard']);
const resolve = (input: NightInput) => resolveNight(input, rules, createRng(1));

describe('forum standard: each catalogue role', () => {
  it('Vanilla Townie and Mason have no night action: a PM from them is refused', () => {
    const r = resolve(night([player('V', 'vanilla'), player('M', 'mason'), player('A', 'vanilla')], [act('M', 'shoot', ['A'])]));
    expect(deaths(r)).toEqual([]);
    expect(r.refused.map((x) => x.action.actor)).toEqual(['M']);
  });

  it('Mafia Goon: the factional kill kills', () => {
    const r = resolve(night([player('G', 'goon', 'mafia'), player('A', 'vanilla')], [act('G', 'factional-kill', ['A'])]));
    expect(deaths(r)).toEqual(['A']);
  });

  it('Cop (sane) learns the truth; insane, naive and paranoid Cops learn the reverse, always town, always scum', () => {
    const players = [
      player('C', 'cop'),
      player('I', 'insane-cop'),
      player('N', 'naive-cop'),
      player('P', 'paranoid-cop'),
      player('G', 'goon', 'mafia'),
      player('A', 'vanilla'),
    ];
    const r = resolve(
      night(players, [
        act('C', 'investigate', ['G']),
        act('I', 'investigate', ['G']),
        act('N', 'investigate', ['G']),
        act('P', 'investigate', ['A']),
      ]),
    );
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['G'], true)]);
    expect(messagesTo(r, 'I')).toEqual([told('alignment-check', ['G'], false)]);
    expect(messagesTo(r, 'N')).toEqual([told('alignment-check', ['G'], false)]);
    expect(messagesTo(r, 'P')).toEqual([told('alignment-check', ['A'], true)]);
  });

  it('Doctor: the protected target survives the kill', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('D', 'doctor'), player('A', 'vanilla')],
        [act('G', 'factional-kill', ['A']), act('D', 'protect', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual([]);
  });

  it('Roleblocker: the target’s action fails', () => {
    const r = resolve(
      night(
        [player('C', 'cop'), player('R', 'roleblocker'), player('A', 'vanilla')],
        [act('C', 'investigate', ['A']), act('R', 'block', ['C'])],
      ),
    );
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'C', by: 'R' }]);
    expect(messagesTo(r, 'C')).toEqual([]);
  });

  it('Vigilante: the shot kills', () => {
    const r = resolve(night([player('V', 'vigilante'), player('A', 'vanilla')], [act('V', 'shoot', ['A'])]));
    expect(deaths(r)).toEqual(['A']);
  });

  it('Tracker sees where the target went; Watcher sees who came', () => {
    const players = [player('G', 'goon', 'mafia'), player('T', 'tracker'), player('W', 'watcher'), player('A', 'vanilla')];
    const r = resolve(night(players, [act('G', 'factional-kill', ['A']), act('T', 'track', ['G']), act('W', 'watch', ['A'])]));
    expect(messagesTo(r, 'T')).toEqual([told('target-visits', ['G'], ['A'])]);
    expect(messagesTo(r, 'W')).toEqual([told('visited-by', ['A'], ['G'])]);
  });

  it('Redirector: the first target’s action lands on the second', () => {
    const r = resolve(
      night(
        [player('V', 'vigilante'), player('X', 'redirector'), player('A', 'vanilla'), player('B', 'vanilla')],
        [act('V', 'shoot', ['A']), act('X', 'redirect', ['V', 'B'])],
      ),
    );
    expect(deaths(r)).toEqual(['B']);
  });

  it('Godfather (investigation immunity) kills, and a Cop checking him is told town', () => {
    const r = resolve(
      night(
        [player('F', 'godfather', 'mafia'), player('C', 'cop'), player('A', 'vanilla')],
        [act('F', 'factional-kill', ['A']), act('C', 'investigate', ['F'])],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['F'], false)]);
  });

  it('Miller shows as scum to a sane Cop, and as town to an insane one', () => {
    const r = resolve(
      night(
        [player('M', 'miller'), player('C', 'cop'), player('I', 'insane-cop')],
        [act('C', 'investigate', ['M']), act('I', 'investigate', ['M'])],
      ),
    );
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['M'], true)]);
    expect(messagesTo(r, 'I')).toEqual([told('alignment-check', ['M'], false)]);
  });

  it('Serial Killer kills alone, and a Cop sees him as scum', () => {
    const r = resolve(
      night(
        [player('S', 'serial-killer', 'serial-killer'), player('C', 'cop'), player('A', 'vanilla')],
        [act('S', 'shoot', ['A']), act('C', 'investigate', ['S'])],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['S'], true)]);
  });

  it('Bulletproof survives every stoppable kill, night after night; One-shot Bulletproof only the first', () => {
    const shots = [player('V', 'vigilante'), player('G', 'goon', 'mafia')];
    const permanent = resolve(
      night(
        [...shots, player('B', 'bulletproof', 'town', { spent: { vest: 3 } })],
        [act('V', 'shoot', ['B']), act('G', 'factional-kill', ['B'])],
      ),
    );
    expect(deaths(permanent)).toEqual([]);
    const fresh = resolve(night([...shots, player('O', 'one-shot-bulletproof')], [act('V', 'shoot', ['O'])]));
    expect(deaths(fresh)).toEqual([]);
    expect(eventsOf(fresh, 'protection-spent')).toMatchObject([{ player: 'O', protection: 'vest' }]);
    const used = resolve(
      night([...shots, player('O', 'one-shot-bulletproof', 'town', { spent: { vest: 1 } })], [act('V', 'shoot', ['O'])]),
    );
    expect(deaths(used)).toEqual(['O']);
  });
});

describe('forum standard: the rulings of Natural Action Resolution', () => {
  it('a blocked Vigilante does not kill (roleblocks before kills)', () => {
    const r = resolve(
      night(
        [player('V', 'vigilante'), player('R', 'roleblocker'), player('A', 'vanilla')],
        // Sent in the "wrong" order: the block still comes first.
        [act('V', 'shoot', ['A'], 1), act('R', 'block', ['V'], 2)],
      ),
    );
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'V', ability: 'shoot', by: 'R' }]);
  });

  it('a Doctor saves the Vigilante’s target (protections before kills)', () => {
    const r = resolve(
      night(
        [player('V', 'vigilante'), player('D', 'doctor'), player('A', 'vanilla')],
        [act('V', 'shoot', ['A'], 1), act('D', 'protect', ['A'], 2)],
      ),
    );
    expect(deaths(r)).toEqual([]);
  });

  it('a protected target survives one kill: a second kill the same night kills (protectionStops one-kill)', () => {
    const players = [player('V', 'vigilante'), player('G', 'goon', 'mafia'), player('D', 'doctor'), player('A', 'vanilla')];
    const actions = [act('V', 'shoot', ['A'], 1), act('G', 'factional-kill', ['A'], 2), act('D', 'protect', ['A'], 3)];
    expect(deaths(resolve(night(players, actions)))).toEqual(['A']);
    // The other setting: one protection stops every kill on its target.
    const everyKill = nightRulesFor(withNight(rulesets['forum-standard'], { settings: { protectionStops: 'every-kill' } }));
    expect(deaths(resolveNight(night(players, actions), everyKill, createRng(1)))).toEqual([]);
  });

  it('a Bus Driver swap moves the kill onto the other player, and every other action on the two with it', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('X', 'bus-driver'), player('D', 'doctor'), player('A', 'vanilla'), player('B', 'vanilla')],
        [act('G', 'factional-kill', ['A']), act('D', 'protect', ['B']), act('X', 'swap', ['A', 'B'])],
      ),
    );
    // The kill aimed at A lands on B, the protection aimed at B lands on A: B dies.
    expect(deaths(r)).toEqual(['B']);
  });

  it('a jailed player is protected from the kill and blocked from acting', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('J', 'jailkeeper'), player('C', 'cop')],
        [act('G', 'factional-kill', ['C']), act('J', 'jail', ['C']), act('C', 'investigate', ['G'])],
      ),
    );
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'C', ability: 'investigate', by: 'J' }]);
    expect(messagesTo(r, 'C')).toEqual([]);
  });

  it('a jailed mafioso’s factional kill fails (the jail blocks before the kills)', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('J', 'jailkeeper'), player('A', 'vanilla')],
        [act('G', 'factional-kill', ['A']), act('J', 'jail', ['G'])],
      ),
    );
    expect(deaths(r)).toEqual([]);
  });

  it('kills do not stop the dead player’s actions: a Vigilante shot by the mafia still fires (killedActorsAct yes)', () => {
    const players = [player('G', 'goon', 'mafia'), player('V', 'vigilante')];
    // The mafia's order was sent first, so it resolves first within the kill step.
    const actions = [act('G', 'factional-kill', ['V'], 1), act('V', 'shoot', ['G'], 2)];
    expect(deaths(resolve(night(players, actions)))).toEqual(['G', 'V']);
    // Where a kill takes effect at once (the other setting), the dead Vigilante's shot is nullified.
    const atOnce = nightRulesFor(withNight(rulesets['forum-standard'], { settings: { killedActorsAct: 'no' } }));
    expect(deaths(resolveNight(night(players, actions), atOnce, createRng(1)))).toEqual(['V']);
  });

  it('an investigation is given after the kills: a Tracker following the Vigilante sees the visit to the dead', () => {
    const r = resolve(
      night(
        [player('V', 'vigilante'), player('T', 'tracker'), player('A', 'vanilla')],
        [act('T', 'track', ['V'], 1), act('V', 'shoot', ['A'], 2)],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
    expect(messagesTo(r, 'T')).toEqual([told('target-visits', ['V'], ['A'])]);
  });

  it('the preset lists NAR’s order and its rulings as data', () => {
    expect(rules.order).toEqual(['swap', 'redirect', 'block', 'jail', 'protect', 'kill', 'investigate', 'track']);
    expect(rules.settings).toMatchObject({ killedActorsAct: 'yes', protectionStops: 'one-kill' });
    expect(rulesets['forum-standard'].roles.map((r) => r.names?.ru).every((n) => n !== undefined && /[а-я]/u.test(n))).toBe(true);
  });
});
