/**
 * Seed 004's night details that docs/rulesets.md still listed as missing
 * (shared/seeds/004_f6d88bc78ab5cdbd.txt; the digest §5.6–§5.8 cites the same
 * lines): the hacked black's end-of-day choice and his second game day (L22),
 * the Witch's fixing of a swap (L46), the black and Faceless Bodyguard's alibi
 * (L71, L89), the black Kamikaze's trap roles (L100), the Faceless Kamikaze's
 * score (L74) and the Faceless Phantom (L70). Each test quotes the seed's words.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  deriveState,
  facelessTallies,
  parseGameScript,
  playGame,
  rulesets,
  type DayMove,
  resolveNight,
  type GameState,
  type NightAction,
  type NightInput,
  type NightPlayer,
  type NightResolution,
  type NightStatus,
  type PlayResult,
} from '../../../src/engine';
import { failedExpectations, playText } from './run-script';
import { act, deaths, eventsOf, messagesTo, night, player, rulesRussian, statusRulesOf, told } from '../night/helpers';

const statusRules = statusRulesOf('russian-004');
const resolve = (players: NightPlayer[], actions: NightAction[], n = 1, extra: Partial<NightInput> = {}): NightResolution =>
  resolveNight({ ...night(players, actions, n, extra), statusRules }, rulesRussian, createRng(4));

const red = (id: string, role = 'citizen', extra: Partial<NightPlayer> = {}): NightPlayer => player(id, role, 'red', extra);
const black = (id: string, faction: 'mafia' | 'maniac', peaceful = 'citizen', extra: Partial<NightPlayer> = {}): NightPlayer =>
  player(id, peaceful, faction, { secondRole: faction, ...extra });
const grey = (id: string, role: string, extra: Partial<NightPlayer> = {}): NightPlayer => player(id, role, 'grey', extra);
const withStatus = (p: NightPlayer, ...statuses: NightStatus[]): NightPlayer => ({ ...p, statuses: [...(p.statuses ?? []), ...statuses] });
const blockedMoves = (r: NightResolution): string[] => eventsOf(r, 'blocked').map((e) => `${e.player}:${e.ability}`);
const statusesGiven = (r: NightResolution, id: string): string[] =>
  eventsOf(r, 'status-applied')
    .filter((e) => e.status.id === id)
    .map((e) => e.player)
    .sort();

const play = (lines: readonly string[]): PlayResult => {
  const played = playText(lines.join('\n'));
  expect(failedExpectations(played)).toEqual([]);
  return played;
};
const stateOf = (played: PlayResult): GameState => deriveState(played.events);
const roleOf = (played: PlayResult, name: string): string | undefined => stateOf(played).players.find((p) => p.name === name)?.role;

/** Seven reds, two Mafiosi and the Maniac: no side wins inside these short games. */
const roster = (roles: Readonly<Record<string, string>> = {}): string[] => {
  const line = (name: string, fallback: string): string => roles[name] ?? fallback;
  return [
    'ruleset russian-004',
    'seed 4',
    line('Sasha', 'player Sasha faction=red role=hacker'),
    line('Anna', 'player Anna faction=red role=doctor'),
    line('Boris', 'player Boris faction=red role=citizen'),
    line('Olga', 'player Olga faction=red role=citizen'),
    line('Ivan', 'player Ivan faction=red role=citizen'),
    line('Gleb', 'player Gleb faction=red role=citizen'),
    line('Dima', 'player Dima faction=red role=citizen'),
    line('Kolya', 'player Kolya faction=mafia role=citizen second=mafia'),
    line('Lena', 'player Lena faction=mafia role=priest second=mafia'),
    line('Misha', 'player Misha faction=maniac role=citizen second=maniac'),
  ];
};

describe('the hacked black’s choice and second game day (Хакер, L22)', () => {
  it('«В конце дня взломанный черный выбирает роль, которую будет использовать в течение суток»: the choice is a move at the end of the hacked day, and the other role stays blocked by day too', () => {
    const played = play([
      ...roster(),
      'day 1',
      'night 1',
      '  Sasha uses hack Lena',
      '  resolve night',
      'day 2',
      // The hacked day: both roles blocked, only the choice goes through.
      '  Lena uses forgive Boris',
      '  expect rejected Lena action/actor-blocked',
      '  Lena uses keep-negative-role',
      '  expect status Lena peaceful-role-hacked',
      'night 2',
      '  resolve night',
      'day 3',
      // «одна из ролей у черного останется заблокированной на вторые сутки»: the peaceful role's day move is refused.
      '  Lena uses forgive Boris',
      '  expect rejected Lena action/actor-blocked',
      '  Lena uses blacken Boris',
      'night 3',
      '  expect status Lena not peaceful-role-hacked',
    ]);
    // The negative role's day move went through on the second day.
    const rejected = played.phases.flatMap((p) => p.rejected.map((r) => `${p.phase.kind} ${p.phase.number}: ${r.who} ${r.reason}`));
    expect(rejected).toEqual(['day 2: Lena action/actor-blocked', 'day 3: Lena action/actor-blocked']);
  });

  it('keeping the peaceful role: the negative role’s day move is refused the second day, the peaceful one goes', () => {
    const played = play([
      ...roster(),
      'day 1',
      'night 1',
      '  Sasha uses hack Lena',
      '  resolve night',
      'day 2',
      '  Lena uses keep-negative-role',
      // A later choice replaces an earlier one.
      '  Lena uses keep-peaceful-role',
      '  expect status Lena negative-role-hacked',
      '  expect status Lena not peaceful-role-hacked',
      'night 2',
      '  resolve night',
      'day 3',
      '  Lena uses blacken Boris',
      '  expect rejected Lena action/actor-blocked',
      '  Lena uses forgive Boris',
    ]);
    const rejected = played.phases.flatMap((p) => p.rejected.map((r) => `${p.phase.kind} ${p.phase.number}: ${r.who} ${r.reason}`));
    expect(rejected).toEqual(['day 3: Lena action/actor-blocked']);
  });

  it('the night of the second game day blocks the role he did not keep, whichever move he sends first', () => {
    const kept: NightStatus = { id: 'peaceful-role-hacked', sinceNight: 3, by: 'H' };
    const players = [withStatus(black('M1', 'mafia', 'doctor'), kept), black('X', 'maniac'), red('R1'), red('R2'), red('H', 'hacker')];
    const r = resolve(players, [act('M1', 'heal', ['R2'], 10), act('M1', 'kill', ['R1'], 20)], 3);
    expect(blockedMoves(r)).toEqual(['M1:heal']);
    expect(deaths(r)).toEqual(['R1']);
    expect(r.ambiguities).toEqual([]);
  });

  it('a choice of a player who was not hacked changes nothing', () => {
    const played = play([
      ...roster(),
      'day 1',
      '  Lena uses keep-peaceful-role',
      '  expect status Lena not negative-role-hacked',
      'night 1',
    ]);
    expect(played.phases.flatMap((p) => p.rejected)).toEqual([]);
  });

  it('open question: no choice by the end of the day; the night keeps the role of his first move and blocks the other the day after too', () => {
    const played = play([
      ...roster(),
      'day 1',
      'night 1',
      '  resolve night',
      'day 2',
      'night 2',
      '  Sasha uses hack Lena',
      '  resolve night',
      'day 3',
      'night 3',
      // His first move is the Mafia's shot (an odd night): he keeps the negative role.
      '  Lena uses kill Olga',
      '  resolve night',
      '  expect dead Olga',
      '  expect status Lena peaceful-role-hacked',
      'day 4',
      '  Lena uses forgive Boris',
      '  expect rejected Lena action/actor-blocked',
      'night 4',
      '  expect status Lena not peaceful-role-hacked',
    ]);
    const hits = played.openQuestions.map((q) => q.setting);
    expect(hits).toContain('phaseEnd.dayMoves.keep-peaceful-role.unanswered');
    expect(played.phases.flatMap((p) => p.rejected.map((r) => r.reason))).toEqual(['action/actor-blocked']);
  });

  it('open question, the other answer: with `this-role` on the negative role’s move, no choice keeps the negative role at the day’s end', () => {
    const base = rulesets['russian-004'];
    const moves = base.phaseEnd?.dayMoves ?? {};
    const negative = moves['keep-negative-role'];
    if (negative === undefined) throw new Error('no keep-negative-role move');
    const ruleset = {
      ...base,
      phaseEnd: { ...base.phaseEnd, dayMoves: { ...moves, 'keep-negative-role': { ...negative, unanswered: 'this-role' } as DayMove } },
    };
    const parsed = parseGameScript(
      [
        ...roster(),
        'day 1',
        'night 1',
        '  Sasha uses hack Lena',
        '  resolve night',
        'day 2',
        '  expect status Lena peaceful-role-hacked',
        'night 2',
      ].join('\n'),
    );
    if (!parsed.ok) throw new Error('bad script');
    const run = playGame(parsed.script, ruleset);
    if (!run.ok) throw new Error('not played');
    expect(failedExpectations(run.result)).toEqual([]);
    expect(run.result.openQuestions).toContainEqual(
      expect.objectContaining({ setting: 'phaseEnd.dayMoves.keep-negative-role.unanswered', chosen: 'this-role' }),
    );
  });

  it('lists the open question in the ruleset', () => {
    expect(rulesets['russian-004'].openQuestions.map((q) => q.setting)).toContain('phaseEnd.dayMoves.keep-peaceful-role.unanswered');
  });
});

describe('the Witch fixes a swap (Ведьма, L46)', () => {
  const witch = { Gleb: 'player Gleb faction=red role=witch' };
  it('«Ведьма может в конце дня закрепить эффект от своей магии, потому ночью обратного обмена между соответствующими игроками не будет»', () => {
    const played = play([
      ...roster(witch),
      'day 1',
      'night 1',
      '  Gleb uses swap Anna Olga',
      '  resolve night',
      'day 2',
      '  Gleb uses fix-swap Anna Olga',
      '  expect status Anna not witch-swapped',
      '  expect status Olga not witch-swapped',
      'night 2',
      '  resolve night',
    ]);
    expect([roleOf(played, 'Anna'), roleOf(played, 'Olga')]).toEqual(['citizen', 'doctor']);
  });
  it('«при этом она все равно сохранит свой обычный ход в эту ночь»: she swaps again the night after', () => {
    const played = play([
      ...roster(witch),
      'day 1',
      'night 1',
      '  Gleb uses swap Anna Olga',
      '  resolve night',
      'day 2',
      '  Gleb uses fix-swap Anna Olga',
      'night 2',
      '  Gleb uses swap Boris Ivan',
      '  resolve night',
      '  expect status Boris witch-swapped',
    ]);
    expect([roleOf(played, 'Anna'), roleOf(played, 'Olga')]).toEqual(['citizen', 'doctor']);
  });
  it('without the fix the roles return the next night', () => {
    const played = play([
      ...roster(witch),
      'day 1',
      'night 1',
      '  Gleb uses swap Anna Olga',
      '  resolve night',
      'day 2',
      'night 2',
      '  resolve night',
    ]);
    expect([roleOf(played, 'Anna'), roleOf(played, 'Olga')]).toEqual(['doctor', 'citizen']);
  });
  it('only her own swap: a fix by another Witch leaves it', () => {
    const played = play([
      ...roster({ ...witch, Dima: 'player Dima faction=red role=witch' }),
      'day 1',
      'night 1',
      '  Gleb uses swap Anna Olga',
      '  resolve night',
      'day 2',
      '  Dima uses fix-swap Anna Olga',
      '  expect status Anna witch-swapped',
      'night 2',
      '  resolve night',
    ]);
    expect([roleOf(played, 'Anna'), roleOf(played, 'Olga')]).toEqual(['doctor', 'citizen']);
  });
});

describe('the black and Faceless Bodyguard’s alibi (Телохранитель, L89 and L71)', () => {
  // «Имеет право на алиби - если на настоящую цель совершили покушение, технически для всех ролей считается, что
  // телохранитель совершил свой ход в цель алиби.»
  const table = (guard: NightPlayer): NightPlayer[] => [guard, black('X', 'maniac'), red('R1'), red('R2'), red('D', 'detective')];
  it('L89: the ward is attacked: the Detective who tracks the black Bodyguard sees him go to the alibi', () => {
    const r = resolve(
      table(black('B', 'mafia', 'bodyguard')),
      [act('B', 'guard-alibi', ['R1', 'R2']), act('X', 'kill', ['R1']), act('D', 'track', ['B'])],
      2,
    );
    expect(deaths(r)).toEqual(['R1']);
    expect(messagesTo(r, 'D')).toEqual([told('target-visits', ['B'], ['R2'])]);
  });
  it('L89: the ward is not attacked: the move is seen at the ward', () => {
    const r = resolve(table(black('B', 'mafia', 'bodyguard')), [act('B', 'guard-alibi', ['R1', 'R2']), act('D', 'track', ['B'])], 2);
    expect(messagesTo(r, 'D')).toEqual([told('target-visits', ['B'], ['R1'])]);
  });
  it('L71: the Faceless Bodyguard’s alibi, and his ward’s news all the same', () => {
    const r = resolve(
      table(grey('F', 'bodyguard')),
      [act('F', 'guard-alibi', ['R1', 'R2']), act('X', 'kill', ['R1']), act('D', 'track', ['F'])],
      2,
    );
    expect(messagesTo(r, 'D')).toEqual([told('target-visits', ['F'], ['R2'])]);
    expect(messagesTo(r, 'F')).toContainEqual(told('team-learnt', ['R1'], false));
  });
  it('a red Bodyguard has no alibi', () => {
    const r = resolve(table(red('B', 'bodyguard')), [act('B', 'guard-alibi', ['R1', 'R2'])], 2);
    expect(r.refused.map((x) => `${x.action.actor}:${x.reason}`)).toEqual(['B:night/not-available']);
  });
  it('the alibi does not change the guard itself: a Faceless guard passes a black killer’s shot to his red ward', () => {
    const r = resolve(table(grey('F', 'bodyguard')), [act('F', 'guard-alibi', ['R1', 'R2']), act('X', 'kill', ['F'])], 2);
    expect(deaths(r)).toEqual(['R1']);
    expect(statusesGiven(r, 'guarded')).toEqual([]);
  });
});

describe('the Faceless Kamikaze’s score (камикадзе у безликого, L74)', () => {
  const fyodor = 'player Fyodor faction=grey role=kamikaze second=faceless';
  const withFaceless = (): string[] => [...roster({ Sasha: 'player Sasha faction=red role=citizen' }), fyodor];
  const lynch = (who: string): string[] =>
    ['Sasha', 'Anna', 'Boris', 'Olga', 'Ivan', 'Gleb', 'Dima'].filter((v) => v !== who).map((v) => `  ${v} votes ${who}`);
  const tally = (played: PlayResult) => {
    const state = stateOf(played);
    return facelessTallies(state, rulesets['russian-004']).map((t) => ({
      ...t,
      slotId: state.players.find((p) => p.slot.id === t.slotId)?.name,
    }));
  };

  it('«если киллер умер от атаки по безликому камикадзе, будучи одной из жертв со срезанным лицом, он пойдет в зачет у безликого»', () => {
    const played = play([
      ...withFaceless(),
      'day 1',
      'night 1',
      '  Fyodor uses face-cut Kolya Dima',
      '  resolve night',
      '  expect status Kolya face-cut',
      'day 2',
      'night 2',
      '  resolve night',
      'day 3',
      'night 3',
      '  Kolya uses kill Fyodor',
      '  resolve night',
      '  expect dead Fyodor',
      '  expect dead Kolya',
    ]);
    // Killed at night: a draw (L66.2), with the killer counted as a victim (half a win, as a lynched one, L64.2).
    expect(tally(played)).toEqual([{ slotId: 'Fyodor', outcome: 'draw', bonusWins: 0.5 }]);
  });

  it('a killer he takes along who was no victim of his counts for nothing', () => {
    const played = play([...withFaceless(), 'day 1', 'night 1', '  Kolya uses kill Fyodor', '  resolve night', '  expect dead Kolya']);
    expect(tally(played)).toEqual([{ slotId: 'Fyodor', outcome: 'draw', bonusWins: 0 }]);
  });

  it('«Всегда может специально самоубиться с кем-либо - безликий умрет с ничьей, заблокировав игроку роль и цвет и обнулив ранее набранные жертвы»', () => {
    const played = play([
      ...withFaceless(),
      'day 1',
      'night 1',
      '  Fyodor uses face-cut Dima Olga',
      '  resolve night',
      'day 2',
      ...lynch('Dima'),
      '  expect lynched Dima',
      'night 2',
      '  Fyodor uses blow-up Boris',
      '  resolve night',
      '  expect dead Fyodor',
      '  expect alive Boris',
      '  expect status Boris crippled',
    ]);
    expect(
      stateOf(played)
        .players.find((p) => p.name === 'Fyodor')
        ?.statuses.find((s) => s.id === 'faceless-score')?.value,
    ).toBe(0.5);
    expect(tally(played)).toEqual([{ slotId: 'Fyodor', outcome: 'draw', bonusWins: 0 }]);
  });
});

describe('the black Kamikaze’s trap (камикадзе у черного, L100)', () => {
  const k = (extra: Partial<NightPlayer> = {}): NightPlayer => black('K', 'mafia', 'kamikaze', extra);
  const table = (): NightPlayer[] => [k(), black('X', 'maniac'), red('R1'), red('D', 'doctor'), red('C', 'commissar')];
  it('«может указать ведущему мирные роли с ночными ходами… Если одна из этих ролей состоит в красной команде и сделает ход в черного камикадзе, он убьет ее вместе с собой»', () => {
    const r = resolve(table(), [act('K', 'name-trap-roles', ['commissar']), act('C', 'check', ['K'])], 2);
    expect(deaths(r).sort()).toEqual(['C', 'K']);
  });
  it('«Если ход делают сразу несколько указанных ролей, то умрет та, что ходит раньше»: the Doctor moves before the Commissar', () => {
    const r = resolve(
      table(),
      [act('K', 'name-trap-roles', ['doctor', 'commissar']), act('C', 'check', ['K']), act('D', 'heal', ['K'])],
      2,
    );
    expect(deaths(r).sort()).toEqual(['D', 'K']);
  });
  it('a role he did not name comes and goes', () => {
    const r = resolve(table(), [act('K', 'name-trap-roles', ['commissar']), act('D', 'heal', ['K'])], 2);
    expect(deaths(r)).toEqual([]);
  });
  it('«состоит в красной команде»: a black holder of a named role is no victim', () => {
    const players = [k(), black('X', 'maniac', 'doctor'), red('R1')];
    const r = resolve(players, [act('K', 'name-trap-roles', ['doctor']), act('X', 'heal', ['K'])], 2);
    expect(deaths(r)).toEqual([]);
  });
  it('names roles only, a black holder’s only, and not once the role was passed on after a kill («доступен только ход с самоубийством»)', () => {
    const refusals = (r: NightResolution): string[] => r.refused.map((x) => `${x.action.actor}:${x.reason}`);
    expect(refusals(resolve(table(), [act('K', 'name-trap-roles', ['R1'])], 2))).toEqual(['K:night/unknown-target']);
    const reds = [red('K', 'kamikaze'), black('X', 'maniac'), red('C', 'commissar')];
    expect(refusals(resolve(reds, [act('K', 'name-trap-roles', ['commissar'])], 2))).toEqual(['K:night/not-available']);
    const heir = [k({ spent: { 'takes-attacker-lost': 1 } }), black('X', 'maniac'), red('C', 'commissar')];
    expect(refusals(resolve(heir, [act('K', 'name-trap-roles', ['commissar'])], 2))).toEqual(['K:night/not-available']);
  });
  it('a played game: the move names roles, and the Doctor who heals him dies with him', () => {
    play([
      ...roster({ Lena: 'player Lena faction=mafia role=kamikaze second=mafia' }),
      'day 1',
      'night 1',
      '  Lena uses name-trap-roles doctor commissar',
      '  Anna uses heal Lena',
      '  resolve night',
      '  expect dead Anna',
      '  expect dead Lena',
    ]);
  });
});

describe('the Faceless Phantom (фантом у безликого, L70)', () => {
  const withFaceless = (): string[] => [
    ...roster({ Sasha: 'player Sasha faction=red role=citizen' }),
    'player Fyodor faction=grey role=phantom second=faceless',
  ];
  const lynch = (who: string, voters = ['Sasha', 'Anna', 'Boris', 'Olga', 'Ivan', 'Gleb', 'Dima']): string[] =>
    voters.filter((v) => v !== who).map((v) => `  ${v} votes ${who}`);
  const cutOlga = ['day 1', 'night 1', '  Fyodor uses face-cut Olga Dima', '  resolve night', '  expect status Olga face-cut'];

  it('«Безликий вселяется только в того игрока, у которого было срезано лицо»: not into another player', () => {
    play([
      ...withFaceless(),
      ...cutOlga,
      'day 2',
      '  Fyodor uses possess Boris',
      ...lynch('Fyodor'),
      '  expect lynched Fyodor',
      '  expect status Fyodor not possessing',
    ]);
  });

  it('«он не получит обратно свою роль и останется жертвой безликого»: the lynched Faceless in his victim, who keeps the cut', () => {
    play([
      ...withFaceless(),
      ...cutOlga,
      'day 2',
      '  Fyodor uses possess Olga',
      ...lynch('Fyodor'),
      '  expect lynched Fyodor',
      '  expect status Fyodor possessing',
      // L62 would give the victims their roles back when the Faceless is lynched: not the one he is in.
      '  expect status Olga face-cut',
    ]);
  });

  it('«Если цель жертвы… так или иначе умрет, безликий сразу покинет игру», and his host still gets no role back', () => {
    play([
      ...withFaceless(),
      ...cutOlga,
      'day 2',
      '  Fyodor uses possess Olga',
      ...lynch('Fyodor'),
      'night 2',
      '  Misha uses kill Dima',
      '  resolve night',
      '  expect dead Dima',
      '  expect status Fyodor not possessing',
      '  expect status Olga face-cut',
    ]);
  });

  it('«но может получить в зачет еще одну жертву»: his host lynched while he is in her counts, though he is dead; «Линчевание для безликого фантома все равно считается поражением»', () => {
    const played = play([
      ...withFaceless(),
      ...cutOlga,
      'day 2',
      '  Fyodor uses possess Olga',
      ...lynch('Fyodor'),
      'night 2',
      '  resolve night',
      'day 3',
      ...lynch('Olga', ['Sasha', 'Anna', 'Boris', 'Ivan', 'Gleb', 'Dima']),
      '  expect lynched Olga',
    ]);
    const state = stateOf(played);
    const fyodor = state.players.find((p) => p.name === 'Fyodor');
    expect(fyodor?.statuses.find((s) => s.id === 'faceless-score')?.value).toBe(0.5);
    expect(facelessTallies(state, rulesets['russian-004'])).toEqual([{ slotId: fyodor?.slot.id, outcome: 'loss', bonusWins: 0.5 }]);
  });

  it('a red Phantom still possesses anyone', () => {
    play([
      ...roster({ Ivan: 'player Ivan faction=red role=phantom' }),
      'day 1',
      'night 1',
      'day 2',
      '  Ivan uses possess Boris',
      ...lynch('Ivan', ['Sasha', 'Anna', 'Boris', 'Olga', 'Gleb', 'Dima']),
      '  expect status Ivan possessing',
    ]);
  });
});
