/**
 * Natural Action Resolution's golden rule at any depth (issue 19): "apply
 * actions which modify other actions before the actions they modify". Chains
 * of blocks, jails, delays, redirects and bus drives resolve from the moves
 * nothing can change; a true loop is an open question (`changerLoop`, default
 * NAR's list for loops: bus drive, block, redirect). Also the Delayer on a
 * bus drive or redirect, the Action Doubler's PM, and the forum standard's
 * verdicts in a Russian PM.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createRng,
  deriveState,
  nightResultNames,
  renderNightResult,
  resolveNight,
  rulesets,
  withNight,
  type NightAction,
  type NightInput,
  type NightResolution,
  type NightResult,
  type NightRules,
} from '../../../src/engine';
import { postResultNames } from '../../../src/engine/announce';
import { resultNamesOf } from '../../../extension/popup/night-words';
import { rulesetWords } from '../../../extension/shared/ruleset-words';
import { act, deaths, eventsOf, messagesTo, night, nightRulesFor, player, told } from '../night/helpers';
import { failedExpectations, playText } from './run-script';

const ruleset = rulesets['forum-standard'];
const rules = nightRulesFor(ruleset);
const loopByOrder = nightRulesFor(withNight(ruleset, { settings: { changerLoop: 'fixed-order' } }));
const resolve = (input: NightInput, with_: NightRules = rules): NightResolution => resolveNight(input, with_, createRng(1));
const blocked = (r: NightResolution): string[] =>
  eventsOf(r, 'blocked')
    .map((e) => `${e.player}:${e.ability}<-${e.by}`)
    .sort();
const reportLines = (r: NightResolution): string[] => (r.report ?? []).map((l) => l.text);

/** Every order of a list (for a few actions). */
function orders<T>(list: readonly T[]): T[][] {
  if (list.length <= 1) return [[...list]];
  return list.flatMap((x, i) => orders([...list.slice(0, i), ...list.slice(i + 1)]).map((rest) => [x, ...rest]));
}
/** The same moves, sent in the given order. */
const sentIn = (actions: readonly NightAction[]): NightAction[] => actions.map((a, i) => ({ ...a, sentAt: 100 + i }));

describe('NAR golden rule at any depth', () => {
  it('a chain of blocks (A blocks B, who blocks C, who blocks the Cop): A nothing changes, so B is blocked, C is free and the Cop is blocked, whatever the order sent', () => {
    const players = [
      player('A', 'roleblocker'),
      player('B', 'roleblocker'),
      player('C', 'roleblocker'),
      player('K', 'cop'),
      player('G', 'goon', 'mafia'),
    ];
    const moves = [act('A', 'block', ['B']), act('B', 'block', ['C']), act('C', 'block', ['K']), act('K', 'investigate', ['G'])];
    for (const order of orders(moves)) {
      const r = resolve(night(players, sentIn(order)));
      expect(blocked(r)).toEqual(['B:block<-A', 'K:investigate<-C']);
      expect(messagesTo(r, 'K')).toEqual([]);
    }
  });

  it('a block that a third player redirects ("a bus drive of the blocker"): the redirect changes the block, so it goes first; the block lands on the Cop and the Redirector it was aimed at moves the shot', () => {
    const players = [
      player('Z', 'redirector'),
      player('R', 'roleblocker'),
      player('X', 'redirector'),
      player('V', 'vigilante'),
      player('K', 'cop'),
      player('G', 'goon', 'mafia'),
      player('A', 'vanilla'),
      player('B', 'vanilla'),
    ];
    const moves = [
      act('Z', 'redirect', ['R', 'K']),
      act('R', 'block', ['X']),
      act('X', 'redirect', ['V', 'B']),
      act('V', 'shoot', ['A']),
      act('K', 'investigate', ['G']),
    ];
    for (const order of orders(moves)) {
      const r = resolve(night(players, sentIn(order)));
      expect(deaths(r)).toEqual(['B']);
      expect(blocked(r)).toEqual(['K:investigate<-R']);
      expect(r.ambiguities.map((a) => a.setting)).toEqual(['blockOnChanger']);
    }
  });

  it('a bus drive that swaps the blocked Redirector away: the swap changes the block, so it goes first and the block lands on the Cop', () => {
    const players = [
      player('Y', 'bus-driver'),
      player('R', 'roleblocker'),
      player('X', 'redirector'),
      player('V', 'vigilante'),
      player('K', 'cop'),
      player('G', 'goon', 'mafia'),
      player('A', 'vanilla'),
      player('B', 'vanilla'),
    ];
    const r = resolve(
      night(players, [
        act('R', 'block', ['X']),
        act('X', 'redirect', ['V', 'B']),
        act('V', 'shoot', ['A']),
        act('K', 'investigate', ['G']),
        act('Y', 'swap', ['X', 'K']),
      ]),
    );
    expect(deaths(r)).toEqual(['B']);
    expect(blocked(r)).toEqual(['K:investigate<-R']);
    // Where the block landed, and the swap that moved it, in the host's report.
    expect(reportLines(r)).toContain("R's block aimed at X landed on K");
  });

  it('three deep (Z redirects S, who would block R, who blocks the Redirector X): S lands on a vanilla, so R is free and stops the redirect; the shot lands where it was aimed', () => {
    const players = [
      player('Z', 'redirector'),
      player('S', 'roleblocker'),
      player('R', 'roleblocker'),
      player('X', 'redirector'),
      player('V', 'vigilante'),
      player('Q', 'vanilla'),
      player('A', 'vanilla'),
      player('B', 'vanilla'),
    ];
    const moves = [
      act('Z', 'redirect', ['S', 'Q']),
      act('S', 'block', ['R']),
      act('R', 'block', ['X']),
      act('X', 'redirect', ['V', 'B']),
      act('V', 'shoot', ['A']),
    ];
    for (const order of orders(moves)) {
      const r = resolve(night(players, sentIn(order)));
      expect(deaths(r)).toEqual(['A']);
      expect(blocked(r)).toEqual(['X:redirect<-R']);
    }
  });

  it('a jail is a block too: the Jailkeeper on a Roleblocker lands first, so the Roleblocker’s block on the Cop fails (jails before the blocks they change)', () => {
    const players = [player('J', 'jailkeeper'), player('R', 'roleblocker'), player('K', 'cop'), player('G', 'goon', 'mafia')];
    for (const order of orders([act('R', 'block', ['K']), act('J', 'jail', ['R']), act('K', 'investigate', ['G'])])) {
      const r = resolve(night(players, sentIn(order)));
      expect(blocked(r)).toEqual(['R:block<-J']);
      expect(messagesTo(r, 'K')).toEqual([told('alignment-check', ['G'], true)]);
    }
  });

  it('a true loop (two Roleblockers block each other) is the open question changerLoop: NAR’s list settles the first player’s block first, whatever the order sent', () => {
    const players = [player('R1', 'roleblocker'), player('R2', 'roleblocker')];
    for (const order of orders([act('R1', 'block', ['R2']), act('R2', 'block', ['R1'])])) {
      const r = resolve(night(players, sentIn(order)));
      expect(blocked(r)).toEqual(['R2:block<-R1']);
      expect(r.ambiguities).toMatchObject([{ setting: 'changerLoop', value: 'loop-list' }]);
    }
    // The other ruling: the ruleset's order (here the order sent) settles the loop.
    const byOrder = resolve(night(players, sentIn([act('R2', 'block', ['R1']), act('R1', 'block', ['R2'])])), loopByOrder);
    expect(blocked(byOrder)).toEqual(['R1:block<-R2']);
    expect(byOrder.ambiguities).toMatchObject([{ setting: 'changerLoop', value: 'fixed-order' }]);
  });

  it('the preset lists the loop ruling among its open questions, with its default', () => {
    expect(rules.settings.changerLoop).toBe('loop-list');
    expect(ruleset.openQuestions.map((q) => q.setting)).toContain('night.settings.changerLoop');
  });

  it('property: the outcome does not depend on the order the moves were sent (two Redirectors and two Bus Drivers too: setting competingChangers, slot order)', () => {
    const players = [
      player('R1', 'roleblocker'),
      player('R2', 'roleblocker'),
      player('R3', 'roleblocker'),
      player('J', 'jailkeeper'),
      player('D', 'delayer'),
      player('W', 'action-doubler'),
      player('X', 'redirector'),
      player('Y', 'bus-driver'),
      player('X2', 'redirector'),
      player('Y2', 'bus-driver'),
      player('V', 'vigilante'),
      player('G', 'goon', 'mafia'),
      player('K', 'cop'),
      player('M', 'doctor'),
      player('A', 'vanilla'),
      player('B', 'vanilla'),
    ];
    const ids = players.map((p) => p.slotId);
    const other = (self: string) => fc.constantFrom(...ids.filter((x) => x !== self));
    const one = (actor: string, ability: string) =>
      fc.option(
        other(actor).map((t): NightAction => act(actor, ability, [t])),
        { nil: undefined },
      );
    const two = (actor: string, ability: string, self: boolean) =>
      fc.option(
        fc
          .tuple(self ? fc.constantFrom(...ids) : other(actor), self ? fc.constantFrom(...ids) : other(actor))
          .filter(([a, b]) => a !== b)
          .map(([a, b]): NightAction => act(actor, ability, [a, b])),
        { nil: undefined },
      );
    const moves = fc
      .tuple(
        one('R1', 'block'),
        one('R2', 'block'),
        one('R3', 'block'),
        one('J', 'jail'),
        one('D', 'delay'),
        one('W', 'double'),
        two('X', 'redirect', false),
        two('Y', 'swap', true),
        two('X2', 'redirect', false),
        two('Y2', 'swap', true),
        one('V', 'shoot'),
        one('G', 'factional-kill'),
        one('K', 'investigate'),
        one('M', 'protect'),
      )
      .map((list) => list.filter((a): a is NightAction => a !== undefined));
    const outcome = (r: NightResolution) => ({
      deaths: deaths(r),
      blocked: blocked(r),
      nullified: eventsOf(r, 'nullified')
        .map((e) => `${e.player}:${e.ability}:${e.cause}`)
        .sort(),
      messages: eventsOf(r, 'message')
        .map((e) => JSON.stringify(e.result))
        .sort(),
      delayed: (r.delayed ?? []).map((a) => `${a.actor}:${a.ability}:${a.targets.join(',')}`).sort(),
      questions: r.ambiguities.map((a) => a.setting).sort(),
    });
    fc.assert(
      fc.property(
        moves.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }))),
        ([sent, shuffled]) => {
          const first = resolve(night(players, sentIn(sent)));
          const again = resolve(night(players, sentIn(shuffled)));
          expect(outcome(again)).toEqual(outcome(first));
        },
      ),
      { numRuns: 150, seed: 19 },
    );
  });
});

describe('the Delayer on a bus drive or a redirect (catalogue: "the target’s action resolves the next night instead")', () => {
  it('a delayed redirect does not move tonight’s shot; it lands the next night, and the report says so both nights', () => {
    const players = [
      player('D', 'delayer'),
      player('X', 'redirector'),
      player('V', 'vigilante'),
      player('A', 'vanilla'),
      player('B', 'vanilla'),
      player('C', 'vanilla'),
    ];
    for (const order of orders([act('D', 'delay', ['X']), act('X', 'redirect', ['V', 'B']), act('V', 'shoot', ['A'])])) {
      const first = resolve(night(players, sentIn(order)));
      expect(deaths(first)).toEqual(['A']);
      expect(first.delayed).toMatchObject([{ actor: 'X', ability: 'redirect', targets: ['V', 'B'], delayedFrom: 1 }]);
      const held = first.report?.find((l) => l.text === "X's redirect did not land");
      expect(held?.because?.map((b) => b.text)).toEqual(["D delayed X: X's moves tonight resolve next night"]);
    }
    // Night 2: the held redirect moves the Vigilante's new shot.
    const alive = players.map((p) => (p.slotId === 'A' ? { ...p, alive: false } : p));
    const held: NightAction = { actor: 'X', ability: 'redirect', targets: ['V', 'B'], sentAt: 0, delayedFrom: 1 };
    const second = resolve(night(alive, [held, act('V', 'shoot', ['C'])], 2));
    expect(deaths(second)).toEqual(['B']);
    expect(reportLines(second)).toContain("X's redirect, delayed on night 1, resolves tonight");
    expect(reportLines(second)).toContain("V's shoot aimed at C landed on B");
  });

  it('a delayed bus drive leaves tonight’s kill where it was aimed', () => {
    const players = [
      player('D', 'delayer'),
      player('Y', 'bus-driver'),
      player('G', 'goon', 'mafia'),
      player('A', 'vanilla'),
      player('B', 'vanilla'),
    ];
    const r = resolve(night(players, [act('Y', 'swap', ['A', 'B']), act('G', 'factional-kill', ['A']), act('D', 'delay', ['Y'])]));
    expect(deaths(r)).toEqual(['A']);
    expect(r.delayed).toMatchObject([{ actor: 'Y', ability: 'swap', targets: ['A', 'B'] }]);
  });

  it('a blocked Delayer holds nothing: the block lands first (golden rule) and the bus drive goes', () => {
    const players = [
      player('R', 'roleblocker'),
      player('D', 'delayer'),
      player('Y', 'bus-driver'),
      player('G', 'goon', 'mafia'),
      player('A', 'vanilla'),
      player('B', 'vanilla'),
    ];
    const r = resolve(
      night(players, [act('D', 'delay', ['Y']), act('Y', 'swap', ['A', 'B']), act('G', 'factional-kill', ['A']), act('R', 'block', ['D'])]),
    );
    expect(deaths(r)).toEqual(['B']);
    expect(r.delayed).toBeUndefined();
  });
});

describe('the Action Doubler’s PM', () => {
  it('"the target may use his action twice the next night": the target is told by PM (the Doubler is not named), and the host’s report says so', () => {
    const r = resolve(night([player('X', 'action-doubler'), player('V', 'vigilante')], [act('X', 'double', ['V'])]));
    expect(messagesTo(r, 'V')).toEqual([told('actions-doubled', [], null)]);
    expect(messagesTo(r, 'X')).toEqual([]);
    const pm = eventsOf(r, 'message')[0]?.result;
    if (pm === undefined) throw new Error('no PM');
    const names = nightResultNames([{ id: 'V', name: 'Vova' }], rules);
    expect(renderNightResult(pm, names)).toBe('Your moves are doubled: next night you may use each of your abilities twice.');
    expect(renderNightResult(pm, names, 'ru')).toBe(
      'Ваши ходы удвоены: следующей ночью вы можете воспользоваться каждой своей способностью дважды.',
    );
    const line = r.report?.find((l) => l.message?.code === 'night/report-doubled');
    expect(line?.text).toBe('V is told by PM that on night 2 he may use each of his abilities twice');
  });

  it('a blocked Action Doubler doubles nobody, and nobody is told', () => {
    const r = resolve(
      night(
        [player('X', 'action-doubler'), player('V', 'vigilante'), player('R', 'roleblocker')],
        [act('X', 'double', ['V']), act('R', 'block', ['X'])],
      ),
    );
    expect(messagesTo(r, 'V')).toEqual([]);
  });
});

describe('the forum standard’s verdicts in a Russian PM', () => {
  const script = [
    'ruleset forum-standard',
    'seed 1',
    'player Ann faction=town role=cop',
    'player Bob faction=town role=friendly-neighbor',
    'player Cid faction=mafia role=goon',
    'player Dan faction=town role=vanilla',
    'player Eve faction=town role=vanilla',
    'player Fay faction=town role=vanilla',
    'player Gus faction=town role=vanilla',
    'day 1',
    'night 1',
    '  Ann uses investigate Cid',
    '  Bob uses befriend Ann',
    '  resolve night',
  ].join('\n');

  it('the Friendly Neighbor says «мирный» and the Cop’s check «мафия», word for word, in the posts’ and the popup’s Russian', () => {
    const played = playText(script);
    expect(failedExpectations(played)).toEqual([]);
    const state = deriveState(played.events);
    const inbox: NightResult[] =
      state.players.find((p) => p.name === 'Ann')?.inbox.flatMap((m) => (m.result === undefined ? [] : [m.result])) ?? [];
    const neighbor = inbox.find((m) => m.fact === 'neighbor-alignment');
    const check = inbox.find((m) => m.fact === 'alignment-check');
    if (neighbor === undefined || check === undefined) throw new Error('Ann was not told');
    const posts = postResultNames(state, ruleset, 'ru');
    const popup = resultNamesOf(state, ruleset, rulesetWords(ruleset, 'ru'), 'ru');
    for (const names of [posts, popup]) {
      expect(renderNightResult(neighbor, names, 'ru')).toBe('Игрок Bob — дружелюбный сосед и сообщает вам, что он: мирный.');
      expect(renderNightResult(check, names, 'ru')).toBe('Результат проверки игрока Cid: мафия.');
    }
    // In English the preset's own words stand.
    expect(renderNightResult(neighbor, postResultNames(state, ruleset, 'en'))).toBe(
      'Bob is a Friendly Neighbor and tells you that he is Town.',
    );
  });
});
