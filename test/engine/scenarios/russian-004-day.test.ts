/**
 * Seed 004's day, played through scripts (the game model's flow): the extra
 * vote, the Priest's re-vote, the witch hunt's approvals, the Judge's lone
 * death and his moving weight, the Hero and the Terrorist on a played day.
 * Each test quotes the seed line (../shared/seeds/004_f6d88bc78ab5cdbd.txt).
 */
import { describe, expect, it } from 'vitest';
import { failedExpectations, playText } from './run-script';

const roster = [
  'ruleset russian-004',
  'player Anna   faction=red    role=judge',
  'player Boris  faction=red    role=priest',
  'player Vera   faction=red    role=hero',
  'player Grisha faction=red    role=terrorist',
  'player Dasha  faction=red    role=witness',
  'player Egor   faction=red    role=citizen',
  'player Ilya   faction=red    role=citizen',
  'player Kolya  faction=mafia  role=citizen second=mafia',
  'player Lena   faction=mafia  role=citizen second=mafia',
  'player Misha  faction=maniac role=citizen second=maniac',
  'player Oleg   faction=grey   role=faceless',
];

/** The election on Day 1 (Egor is Mayor) and a quiet first night. */
const opening = ['day 1', '  Anna votes Egor; Boris votes Egor; Vera votes Egor', '  expect title Egor mayor', 'night 1'];

const play = (...lines: string[]): ReturnType<typeof playText> => playText([...roster, ...opening, ...lines].join('\n'));

describe('seed 004 day, played', () => {
  it('L156 "Если по итогу голосования выбывает безликий, то в этот же день будет еще одно голосование"', () => {
    const played = play(
      'day 2',
      '  Anna votes Oleg; Boris votes Kolya',
      '  extra',
      '  expect dead Oleg',
      '  Boris votes Kolya; Vera votes Kolya; Dasha votes Lena',
      '  expect lynched Kolya',
      '  expect dead Kolya',
    );
    expect(failedExpectations(played)).toEqual([]);
    const day2 = played.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 2);
    expect(day2?.tallies.map((t) => [t.ballot, t.deaths.map((d) => d.slotId)])).toEqual([
      ['lynch', ['Oleg']],
      ['extra', ['Kolya']],
    ]);
    // The Faceless's lynch does not cost the Mayor his post (L64.8): he was not red.
    expect(played.events.some((e) => e.type === 'title/revoke')).toBe(false);
  });

  it('L30 "ведущий объявит о его спасении и сразу же начнет переголосование, на котором нельзя голосовать в спасенного игрока"', () => {
    const played = play(
      'day 2',
      '  Boris votes Ilya; Kolya votes Ilya; Lena votes Ilya; Dasha votes Misha',
      '  Boris uses forgive Ilya',
      '  revote',
      '  expect alive Ilya',
      // Kolya's vote for the forgiven Ilya counts against Kolya himself.
      '  Kolya votes Ilya; Lena votes Dasha; Misha votes Dasha',
      '  expect total Kolya 1',
      '  expect total Ilya 0',
      '  expect lynched Dasha',
    );
    expect(failedExpectations(played)).toEqual([]);
  });

  it('L164 "При дополнительных голосованиях выбор охоты не дается"', () => {
    const played = play(
      'day 2',
      '  Kolya votes Ilya; Lena votes Ilya; Misha votes Ilya',
      'night 2',
      'day 3',
      '  Anna votes Oleg',
      '  extra',
      '  Anna votes hunt-approval Anna; Boris votes hunt-approval Boris; Vera votes hunt-approval Vera; Egor votes hunt-approval Egor',
      '  Dasha votes hunt-approval Dasha',
      '  hunt',
      '  expect rejected host hunt/extra-vote',
    );
    expect(failedExpectations(played)).toEqual([]);
  });

  it('a re-vote the tally did not call is refused', () => {
    const played = play('day 2', '  Anna votes Kolya', '  revote', '  expect rejected host revote/not-called');
    expect(failedExpectations(played)).toEqual([]);
  });

  it('L164 "Одобрение должны дать минимум 50% действующих основных игроков": no hunt without half of them approving', () => {
    const lines = [
      'day 2',
      // A red lynch costs the Mayor his post.
      '  Kolya votes Ilya; Lena votes Ilya; Misha votes Ilya',
      '  expect title Egor not mayor',
      'night 2',
      'day 3',
    ];
    // 10 main players alive: 5 approvals are needed.
    const refused = play(
      ...lines,
      '  Anna votes hunt-approval Anna; Boris votes hunt-approval Boris; Vera votes hunt-approval Vera; Egor votes hunt-approval Egor',
      '  hunt',
      '  expect rejected host hunt/not-approved',
    );
    expect(failedExpectations(refused)).toEqual([]);
    const held = play(
      ...lines,
      '  Anna votes hunt-approval Anna; Boris votes hunt-approval Boris; Vera votes hunt-approval Vera; Egor votes hunt-approval Egor',
      '  Dasha votes hunt-approval Dasha',
      '  hunt',
      '  Anna votes Kolya; Anna votes Lena; Boris votes Kolya; Boris votes Lena',
      '  expect lynched Kolya Lena',
    );
    expect(failedExpectations(held)).toEqual([]);
  });

  it('L33: the Judge\'s tied target dies alone, and his weight falls after a red lynch ("упадет на три единицы")', () => {
    const played = play(
      'day 2',
      // 6 on Kolya from the Judge; six others on Ilya.
      '  Anna votes Kolya',
      '  Boris votes Ilya; Vera votes Ilya; Grisha votes Ilya; Dasha votes Ilya; Egor votes Ilya; Lena votes Ilya',
      '  expect lynched Kolya',
      'night 2',
      'day 3',
      '  Anna votes Ilya; Lena votes Ilya',
      '  expect lynched Ilya',
      'night 3',
      'day 4',
      '  Anna votes Misha',
      '  expect total Misha 3',
    );
    expect(failedExpectations(played)).toEqual([]);
  });

  it('L35 + L157: the Hero saves a red; a later lone lynch of the saved player brings an extra vote the same day', () => {
    const played = play(
      'day 2',
      '  Kolya votes Ilya; Lena votes Ilya',
      '  Vera uses save Ilya',
      '  expect no-lynch',
      '  expect status Ilya hero-saved',
      'night 2',
      'day 3',
      '  Kolya votes Ilya',
      '  extra',
      '  expect dead Ilya',
      '  Anna votes Misha',
      '  expect lynched Misha',
    );
    expect(failedExpectations(played)).toEqual([]);
  });

  it('L23: the lynched Terrorist blocks everyone who voted against him', () => {
    const played = play(
      'day 2',
      '  Kolya votes Grisha; Lena votes Grisha; Misha votes Grisha; Ilya votes Oleg',
      '  expect lynched Grisha',
      '  expect status Kolya blocked',
      '  expect status Ilya not blocked',
      'night 2',
      '  Kolya uses kill Anna',
      '  expect rejected Kolya action/actor-blocked',
    );
    expect(failedExpectations(played)).toEqual([]);
  });
});

describe('L159, L161: the Mayor and the Secretary at night', () => {
  const played = playText(
    [
      'ruleset russian-004',
      'player Anna   faction=red    role=doctor',
      'player Boris  faction=red    role=commissar',
      'player Egor   faction=red    role=citizen',
      'player Ilya   faction=red    role=citizen',
      'player Vera   faction=red    role=citizen',
      'player Kolya  faction=mafia  role=citizen second=mafia',
      'player Lena   faction=mafia  role=citizen second=mafia',
      'player Misha  faction=maniac role=citizen second=maniac',
      'day 1',
      // L161: the Secretary is one of those who voted for the Mayor.
      '  Anna votes Egor; Boris votes Egor; Vera votes Egor; Ilya votes Egor',
      '  expect title Egor mayor',
      '  title Ilya +secretary',
      'night 1',
      '  Kolya uses kill Egor',
      '  Anna uses heal Egor',
      '  Boris uses check Ilya',
      '  resolve night',
      '  expect alive Egor',
      'day 2',
      'night 2',
      '  Misha uses kill Ilya',
      '  Anna uses heal Ilya',
      '  resolve night',
      '  expect alive Ilya',
    ].join('\n'),
  );
  const refused = (phase: number): string[] =>
    (played.phases[phase]?.night?.refused ?? []).map((r) => `${r.action.actor} ${r.action.ability} ${r.reason}`);

  it('"Ни одна роль не может выбрать его целью для хода ночью или днем": every move on the Mayor is refused, a heal too', () => {
    expect(failedExpectations(played)).toEqual([]);
    expect(refused(1)).toEqual(expect.arrayContaining(['Kolya kill night/target-status', 'Anna heal night/target-status']));
  });

  it('the Secretary is no target for killers or checks, but may be healed', () => {
    expect(refused(1)).toContain('Boris check night/target-status');
    expect(refused(3)).toEqual(['Misha kill night/target-status']);
  });
});
