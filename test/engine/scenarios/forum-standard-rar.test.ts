/**
 * The forum standard's catalogue under Reasonable Action Resolution (issue 19;
 * seed 001, Method 2, ../shared/seeds/001_*.txt). Each test names the RAR rule
 * it relies on (001's words) and the catalogue's rule for the role.
 */
import { describe, expect, it } from 'vitest';
import { createRng, forumStandardReasonable, resolveNight, rulesets, type NightInput, type NightReason } from '../../../src/engine';
import { reasonableEffects } from '../../../src/engine/night/reasonable';
import { rarRefusedEffects, rarRefusedKinds } from '../../../src/engine/night/rar-catalogue';
import { act, deaths, eventsOf, messagesTo, night, nightRulesFor, player, told } from '../night/helpers';
import { failedExpectations, playText } from './run-script';

const rules = nightRulesFor(forumStandardReasonable);
const resolve = (input: NightInput) => resolveNight(input, rules, createRng(1));
const nar = nightRulesFor(rulesets['forum-standard']);
const lines = (report: readonly NightReason[] | undefined): string[] => (report ?? []).map((r) => r.text);

describe('forum-standard-rar: the preset', () => {
  it('is forum-standard with night.method "reasonable": the same roles, day rules and wins', () => {
    expect(rules.method).toBe('reasonable');
    expect(forumStandardReasonable.roles.map((r) => r.id)).toEqual(rulesets['forum-standard'].roles.map((r) => r.id));
    expect(forumStandardReasonable.voting).toEqual(rulesets['forum-standard'].voting);
    expect(forumStandardReasonable.win).toEqual(rulesets['forum-standard'].win);
    expect(forumStandardReasonable.openQuestions.map((q) => q.setting)).toContain('night.method');
  });

  it('every night effect of the catalogue is either resolved by RAR or refused with a reason saying why', () => {
    const kinds = [...new Set(rules.roles.flatMap((r) => r.abilities.filter((a) => a.phase === 'night').map((a) => a.effect)))].sort();
    expect(kinds.filter((k) => !reasonableEffects.includes(k))).toEqual([]);
    expect(rarRefusedKinds.filter((k) => rarRefusedEffects[k] === undefined)).toEqual([]);
    // The only refusal: the Delayer (001's rules ask about the end of one night).
    expect(kinds.filter((k) => rarRefusedEffects[k] !== undefined)).toEqual(['delay-action']);
    // Each night ability of each role, sent at a plain target: resolved, or refused with the reason above.
    for (const role of rules.roles) {
      for (const ability of role.abilities.filter((a) => a.phase === 'night')) {
        const n = ability.targets.count;
        const targets = ['A', 'B'].slice(0, n);
        const r = resolve(
          night(
            [player('X', role.id, role.id === 'cult-recruiter' ? 'cult' : 'town'), player('A', 'vanilla'), player('B', 'vanilla')],
            [act('X', ability.id, targets)],
          ),
        );
        const refusal = r.refused.find((x) => x.reason === 'night/unsupported-by-resolver');
        if (rarRefusedEffects[ability.effect] === undefined) expect(refusal, `${role.id}/${ability.id}`).toBeUndefined();
        else expect(refusal?.text, `${role.id}/${ability.id}`).toBe(rarRefusedEffects[ability.effect]);
      }
    }
  });

  it('a played game: `ruleset forum-standard` with `set night.method "reasonable"` resolves the catalogue by RAR', () => {
    const played = playText(
      [
        'ruleset forum-standard',
        'set night.method "reasonable"',
        'player Bo faction=town role=bodyguard',
        'player Ann faction=town role=vanilla',
        'player Gus faction=mafia role=goon',
        'player Cal faction=town role=cop',
        'player Dee faction=town role=vanilla',
        'day 1',
        'night 1',
        '  Gus uses factional-kill Ann',
        '  Bo uses stand-in Ann',
        '  resolve night',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const n1 = played.phases.find((p) => p.phase.kind === 'night');
    expect(n1?.night?.method).toBe('reasonable');
    expect(n1?.night?.events.filter((e) => e.type === 'death').map((e) => e.player)).toEqual(['Bo']);
  });
});

describe('forum-standard-rar: protections', () => {
  const cast = [player('G', 'goon', 'mafia'), player('B', 'bodyguard'), player('A', 'vanilla'), player('V', 'vigilante')];

  it('Bodyguard (catalogue: "dies in the target\'s place"; RAR rule 3: "requires both an effect to modify/trigger on, and a modifying/triggering effect")', () => {
    const r = resolve(night(cast, [act('G', 'factional-kill', ['A']), act('B', 'stand-in', ['A'])]));
    expect(deaths(r)).toEqual(['B']);
    expect(eventsOf(r, 'survived').map((e) => e.player)).toEqual(['A']);
    // No kill on the guarded player: nothing to trigger on, so the Bodyguard lives.
    expect(deaths(resolve(night(cast, [act('B', 'stand-in', ['A'])])))).toEqual([]);
  });

  it('Bodyguard: a Doctor already stops the kill, so the stand-in has nothing to take (rule 2: the kill is counteracted without him)', () => {
    const r = resolve(
      night([...cast, player('D', 'doctor')], [act('G', 'factional-kill', ['A']), act('B', 'stand-in', ['A']), act('D', 'protect', ['A'])]),
    );
    expect(deaths(r)).toEqual([]);
  });

  it('Bodyguard: a roleblocked Bodyguard stands in for nobody (rule 2: "The Doctor\'s protection effect was roleblocked")', () => {
    const r = resolve(
      night(
        [...cast, player('R', 'roleblocker', 'mafia')],
        [act('G', 'factional-kill', ['A']), act('B', 'stand-in', ['A']), act('R', 'block', ['B'])],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
  });

  it('two Bodyguards on one attacked player both stand in (rule 2: each stand-in is a reason of its own; NAR takes the first)', () => {
    const two = [...cast, player('C', 'bodyguard')];
    const actions = [act('G', 'factional-kill', ['A']), act('B', 'stand-in', ['A']), act('C', 'stand-in', ['A'])];
    expect(deaths(resolve(night(two, actions)))).toEqual(['B', 'C']);
    expect(deaths(resolveNight(night(two, actions), nar, createRng(1)))).toEqual(['B']);
  });

  it('Elite Bodyguard (catalogue: "survives the attack on his target and kills the attacker"): the return shot is a triggered effect', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('E', 'elite-bodyguard'), player('A', 'vanilla')],
        [act('G', 'factional-kill', ['A']), act('E', 'elite-stand-in', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual(['G']);
    const death = eventsOf(r, 'death')[0];
    expect(death?.reasons[0]?.because?.[0]?.message?.code).toBe('night/nar-stand-in-kills');
  });

  it('Elite Bodyguard: a Doctor on the attacker counteracts the return shot', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('E', 'elite-bodyguard'), player('A', 'vanilla'), player('D', 'doctor')],
        [act('G', 'factional-kill', ['A']), act('E', 'elite-stand-in', ['A']), act('D', 'protect', ['G'])],
      ),
    );
    expect(deaths(r)).toEqual([]);
  });

  it('Strongman (catalogue: "the kill goes through protection"): neither a Doctor nor a Bodyguard counteracts it, and the Bodyguard lives', () => {
    const r = resolve(
      night(
        [player('S', 'strongman', 'mafia'), player('D', 'doctor'), player('B', 'bodyguard'), player('A', 'vanilla')],
        [act('S', 'factional-kill', ['A']), act('D', 'protect', ['A']), act('B', 'stand-in', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
    const reasons = eventsOf(r, 'death')[0]?.reasons[0]?.because?.[0]?.because ?? [];
    expect(reasons.map((x) => x.message?.code)).toContain('night/rar-strongman');
  });

  it('two kills on a doctored player: 001\'s "the Doctor action prevents kills" stops both, and the night reports that NAR\'s one-kill ruling is not read', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('V', 'vigilante'), player('D', 'doctor'), player('A', 'vanilla')],
        [act('G', 'factional-kill', ['A']), act('V', 'shoot', ['A']), act('D', 'protect', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual([]);
    expect(r.ambiguities).toMatchObject([
      { setting: 'protectionStops', value: 'every-kill', message: { code: 'night/ambiguity-rar-protection-stops' } },
    ]);
    // One kill: nothing to report.
    expect(
      resolve(
        night(
          [player('G', 'goon', 'mafia'), player('D', 'doctor'), player('A', 'vanilla')],
          [act('G', 'factional-kill', ['A']), act('D', 'protect', ['A'])],
        ),
      ).ambiguities,
    ).toEqual([]);
  });

  it('macho (catalogue: "cannot be protected"): the Doctor\'s protection does not reach him', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('D', 'doctor'), player('M', 'macho vanilla')],
        [act('G', 'factional-kill', ['M']), act('D', 'protect', ['M'])],
      ),
    );
    expect(deaths(r)).toEqual(['M']);
  });

  it('Bulletproof (catalogue: "survives every night kill that can be stopped"; 001: passives "cannot be tracked, roleblocked or redirected")', () => {
    const cast2 = [player('G', 'goon', 'mafia'), player('V', 'vigilante'), player('P', 'bulletproof'), player('S', 'strongman', 'mafia')];
    const twice = resolve(night(cast2, [act('G', 'factional-kill', ['P']), act('V', 'shoot', ['P'])]));
    expect(deaths(twice)).toEqual([]);
    // A permanent vest is not "used up".
    expect(eventsOf(twice, 'protection-spent')).toEqual([]);
    expect(deaths(resolve(night(cast2, [act('S', 'factional-kill', ['P'])])))).toEqual(['P']);
    // The one-shot Bulletproof stops the first kill only (001: "one shot BP Vest").
    const once = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('V', 'vigilante'), player('O', 'one-shot-bulletproof')],
        [act('G', 'factional-kill', ['O']), act('V', 'shoot', ['O'])],
      ),
    );
    expect(deaths(once)).toEqual(['O']);
  });

  it('Jailkeeper (001: "a Jailkeeper action has three components … Doctor + Visitor + Roleblocker"): the loop with a Roleblocker kills the Roleblocker (rule 4)', () => {
    const r = resolve(
      night(
        [player('V', 'vigilante'), player('A', 'roleblocker'), player('B', 'jailkeeper')],
        [act('V', 'shoot', ['A']), act('A', 'block', ['B']), act('B', 'jail', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
  });
});

describe('forum-standard-rar: investigations and visits', () => {
  it('Godfather and Miller (catalogue: a Cop sees the Godfather as town, the Miller as scum; passives are not blocked or moved)', () => {
    const r = resolve(
      night(
        [player('C', 'cop'), player('K', 'cop'), player('F', 'godfather', 'mafia'), player('M', 'miller')],
        [act('C', 'investigate', ['F']), act('K', 'investigate', ['M'])],
      ),
    );
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['F'], false)]);
    expect(messagesTo(r, 'K')).toEqual([told('alignment-check', ['M'], true)]);
    // Under NAR the same checks give the same results.
    const n = resolveNight(
      night([player('C', 'cop'), player('F', 'godfather', 'mafia')], [act('C', 'investigate', ['F'])]),
      nar,
      createRng(1),
    );
    expect(messagesTo(n, 'C')).toEqual([told('alignment-check', ['F'], false)]);
  });

  it('Ninja and untrackable (catalogue: "cannot be seen by Trackers or Watchers"; 001: a visit is "an observable effect")', () => {
    const r = resolve(
      night(
        [
          player('N', 'ninja', 'mafia'),
          player('T', 'tracker'),
          player('W', 'watcher'),
          player('A', 'vanilla'),
          player('R', 'untrackable roleblocker'),
        ],
        [act('N', 'factional-kill', ['A']), act('T', 'track', ['N']), act('W', 'watch', ['A']), act('R', 'block', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
    expect(messagesTo(r, 'T')).toEqual([told('target-visits', ['N'], [])]);
    expect(messagesTo(r, 'W')).toEqual([told('visited-by', ['A'], [])]);
  });

  it('unstoppable (catalogue: "roleblocks and jails do not stop his moves"; 001: such an action has no blockable component)', () => {
    const r = resolve(
      night(
        [player('V', 'unstoppable vigilante'), player('R', 'roleblocker'), player('A', 'vanilla')],
        [act('V', 'shoot', ['A']), act('R', 'block', ['V'])],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
    expect(eventsOf(r, 'blocked')).toEqual([]);
  });

  it('loyal and disloyal (catalogue: the move works only on his own / another faction): on the wrong side it fails', () => {
    const r = resolve(
      night(
        [
          player('C', 'loyal cop'),
          player('G', 'goon', 'mafia'),
          player('D', 'disloyal doctor'),
          player('T', 'vanilla'),
          player('M', 'goon', 'mafia'),
        ],
        [act('C', 'investigate', ['G']), act('D', 'protect', ['T']), act('M', 'factional-kill', ['T'])],
      ),
    );
    expect(messagesTo(r, 'C')).toEqual([]);
    expect(deaths(r)).toEqual(['T']);
    expect(eventsOf(r, 'nullified').map((e) => [e.player, e.cause])).toEqual([
      ['C', 'thwarted'],
      ['D', 'thwarted'],
    ]);
  });

  it('Follower (catalogue: "learns the target\'s role name"): an end-of-night result, moved by a Bus Driver like a Cop\'s', () => {
    const r = resolve(
      night(
        [player('F', 'follower'), player('G', 'godfather', 'mafia'), player('X', 'bus-driver'), player('A', 'doctor')],
        [act('F', 'follow', ['G']), act('X', 'swap', ['G', 'A'])],
      ),
    );
    expect(messagesTo(r, 'F')).toEqual([told('roles-learnt', ['A'], ['doctor'])]);
  });

  it('Friendly Neighbor (catalogue: "tells the target by PM that he is town")', () => {
    const r = resolve(night([player('N', 'friendly-neighbor'), player('A', 'vanilla')], [act('N', 'befriend', ['A'])]));
    expect(messagesTo(r, 'A')).toEqual([told('neighbor-alignment', ['N'], false)]);
  });
});

describe('forum-standard-rar: away, hidden, doubled, ventriloquized', () => {
  it('Commuter (catalogue: "away for the night: every action aimed at him fails"): a reason against every move on him', () => {
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
    // A Roleblocker cannot keep him home: commuting is passive-like (001: passives "cannot be … roleblocked").
    const blocked = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('C', 'commuter'), player('R', 'roleblocker', 'mafia')],
        [act('G', 'factional-kill', ['C']), act('C', 'commute', []), act('R', 'block', ['C'])],
      ),
    );
    expect(deaths(blocked)).toEqual([]);
  });

  it('Hider (catalogue: "untouched unless the player he hides behind dies, then dies too"): his death is triggered by the other\'s (rule 3)', () => {
    const cast = [
      player('G', 'goon', 'mafia'),
      player('H', 'hider'),
      player('A', 'vanilla'),
      player('V', 'vigilante'),
      player('D', 'doctor'),
    ];
    expect(deaths(resolve(night(cast, [act('H', 'hide', ['A']), act('G', 'factional-kill', ['H'])])))).toEqual([]);
    expect(deaths(resolve(night(cast, [act('H', 'hide', ['A']), act('V', 'shoot', ['A'])])))).toEqual(['A', 'H']);
    // The Doctor saves the one hidden behind: no reason for his death stands, so none for the Hider's.
    expect(deaths(resolve(night(cast, [act('H', 'hide', ['A']), act('V', 'shoot', ['A']), act('D', 'protect', ['A'])])))).toEqual([]);
  });

  it('a Bus Driver does not move the hiding (001: "Passive abilities cannot be … redirected"): the Hider stays behind the one he chose', () => {
    // The Watcher's watch on B is swapped onto A, where the Hider still is (a move aimed at the hidden Hider himself would find nobody).
    const r = resolve(
      night(
        [player('H', 'hider'), player('A', 'vanilla'), player('B', 'vanilla'), player('X', 'bus-driver'), player('W', 'watcher')],
        [act('H', 'hide', ['A']), act('X', 'swap', ['A', 'B']), act('W', 'watch', ['B'])],
      ),
    );
    expect(messagesTo(r, 'W')).toEqual([told('visited-by', ['A'], ['H', 'X'])]);
  });

  it('Action Doubler (catalogue: "the target may use each ability twice the next night"): the status is the end-of-night effect', () => {
    const r = resolve(night([player('X', 'action-doubler'), player('V', 'vigilante')], [act('X', 'double', ['V'])]));
    expect(eventsOf(r, 'status-applied')).toMatchObject([{ player: 'V', status: { id: 'doubled', sinceNight: 2, untilNight: 2 } }]);
    const blocked = resolve(
      night(
        [player('X', 'action-doubler'), player('V', 'vigilante'), player('R', 'roleblocker')],
        [act('X', 'double', ['V']), act('R', 'block', ['X'])],
      ),
    );
    expect(eventsOf(blocked, 'status-applied')).toEqual([]);
  });

  it('Ventriloquist (catalogue: "controls the target\'s posts the next day"; at night a visit a Watcher sees)', () => {
    const r = resolve(
      night(
        [player('Q', 'ventriloquist', 'mafia'), player('A', 'vanilla'), player('W', 'watcher')],
        [act('Q', 'ventriloquize', ['A']), act('W', 'watch', ['A'])],
      ),
    );
    expect(eventsOf(r, 'status-applied')).toMatchObject([{ player: 'A', status: { id: 'ventriloquized', by: 'Q', untilNight: 2 } }]);
    expect(messagesTo(r, 'W')).toEqual([told('visited-by', ['A'], ['Q'])]);
  });

  it('Delayer: refused under RAR, with the reason (RAR asks about the end of one night; a move delayed to the next has no answer there)', () => {
    const r = resolve(
      night(
        [player('D', 'delayer'), player('V', 'vigilante'), player('A', 'vanilla')],
        [act('V', 'shoot', ['A']), act('D', 'delay', ['V'])],
      ),
    );
    expect(r.refused).toMatchObject([
      { action: { actor: 'D' }, reason: 'night/unsupported-by-resolver', message: { code: 'night/rar-refused-delay' } },
    ]);
    expect(deaths(r)).toEqual(['A']);
  });
});

describe('forum-standard-rar: the Cult Recruiter', () => {
  const cast = [player('R', 'cult-recruiter', 'cult'), player('A', 'vanilla'), player('G', 'goon', 'mafia'), player('D', 'doctor')];

  it('"recruits the target into the cult": the faction change, the recruit told, the recruiter told it worked', () => {
    const r = resolve(night(cast, [act('R', 'recruit', ['A'])]));
    expect(eventsOf(r, 'faction-changed')).toMatchObject([{ player: 'A', from: 'town', to: 'cult' }]);
    expect(messagesTo(r, 'A')).toEqual([told('recruited', ['R'], 'cult')]);
    expect(messagesTo(r, 'R')).toEqual([told('recruit-result', ['A'], true)]);
  });

  it('001: "specifying that it does not work on players who die that night … any reason why the player would die also becomes a reason why the player would not be recruited"', () => {
    const killed = resolve(night(cast, [act('R', 'recruit', ['A']), act('G', 'factional-kill', ['A'])]));
    expect(deaths(killed)).toEqual(['A']);
    expect(eventsOf(killed, 'faction-changed')).toEqual([]);
    expect(messagesTo(killed, 'R')).toEqual([told('recruit-result', ['A'], false)]);
  });

  it('standard reading: scum and a protected target are not recruited', () => {
    expect(eventsOf(resolve(night(cast, [act('R', 'recruit', ['G'])])), 'faction-changed')).toEqual([]);
    const guarded = resolve(night(cast, [act('R', 'recruit', ['A']), act('D', 'protect', ['A'])]));
    expect(eventsOf(guarded, 'faction-changed')).toEqual([]);
    expect(messagesTo(guarded, 'R')).toEqual([told('recruit-result', ['A'], false)]);
  });

  it('a roleblocked Recruiter recruits nobody (rule 2: the recruit effect was roleblocked)', () => {
    const r = resolve(night([...cast, player('B', 'roleblocker')], [act('R', 'recruit', ['A']), act('B', 'block', ['R'])]));
    expect(eventsOf(r, 'faction-changed')).toEqual([]);
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'R', by: 'B' }]);
  });
});

describe("forum-standard-rar: the host's report, as under NAR", () => {
  it('"where it effectively landed": a redirected shot is reported where it landed, with the same line as NAR', () => {
    const input = night(
      [player('V', 'vigilante'), player('X', 'redirector'), player('A', 'vanilla'), player('B', 'vanilla')],
      [act('V', 'shoot', ['A']), act('X', 'redirect', ['V', 'B'])],
    );
    const r = resolve(input);
    expect(deaths(r)).toEqual(['B']);
    const line = r.report?.find((l) => l.text.startsWith("V's shoot"));
    expect(line?.message?.code).toBe('night/report-moved');
    expect(line?.text).toBe("V's shoot aimed at A landed on B");
    const n = resolveNight(input, nar, createRng(1));
    expect(n.report?.find((l) => l.text.startsWith("V's shoot"))?.text).toBe(line?.text);
  });

  it('"what stopped or changed it and why": a roleblocked shot, and a block on a player who sent nothing', () => {
    const r = resolve(
      night(
        [player('V', 'vigilante'), player('R', 'roleblocker'), player('S', 'roleblocker'), player('A', 'vanilla')],
        [act('V', 'shoot', ['A']), act('R', 'block', ['V']), act('S', 'block', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual([]);
    expect(lines(r.report)).toContain("V's shoot did not land");
    expect(lines(r.report)).toContain('A was roleblocked by S; A sent no action');
  });

  it('a compulsive player who sent nothing is in the report, as under NAR', () => {
    const r = resolve(night([player('C', 'compulsive cop'), player('A', 'vanilla')], []));
    expect(r.report?.map((l) => l.message?.code)).toEqual(['night/report-compulsive-idle']);
  });

  it("the faction's new kill sender: the mafia's sender shot dead tonight, the next member named and told", () => {
    const r = resolve(
      night(
        [player('G1', 'goon', 'mafia'), player('G2', 'goon', 'mafia'), player('V', 'vigilante'), player('A', 'vanilla')],
        [act('G1', 'factional-kill', ['A']), act('V', 'shoot', ['G1'])],
      ),
    );
    expect(deaths(r)).toEqual(['A', 'G1']);
    expect(lines(r.report)).toContain("G1, who sent the mafia's kill, died tonight: G2 sends it from now on");
    expect(messagesTo(r, 'G2')).toEqual([told('kill-sender-changed', ['G2'], 'G1')]);
  });
});
