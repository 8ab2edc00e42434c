/**
 * Seed 004's day rulings of the second day file, played through scripts (the
 * game model's flow): the Secretary picked from the Mayor's voters, the
 * Politician's limit across days, the Servant's vote, the Drug dealer's bank
 * filled by a resolved night, and the phantom-effect players' votes. Each test
 * quotes the seed line (../shared/seeds/004_f6d88bc78ab5cdbd.txt).
 */
import { describe, expect, it } from 'vitest';
import { failedExpectations, playText } from './run-script';

const roster = [
  'ruleset russian-004',
  'player Anna   faction=red    role=politician',
  'player Boris  faction=red    role=drug-dealer',
  'player Vera   faction=red    role=phantom',
  'player Grisha faction=red    role=citizen',
  'player Dasha  faction=red    role=citizen',
  'player Egor   faction=red    role=citizen',
  'player Ilya   faction=red    role=citizen',
  'player Zhenya faction=red    role=citizen',
  'player Kolya  faction=mafia  role=citizen second=mafia',
  'player Lena   faction=mafia  role=citizen second=mafia',
  'player Misha  faction=maniac role=citizen second=maniac',
  'player Sluga  faction=elite  role=servant',
];

const play = (...lines: string[]): ReturnType<typeof playText> => playText([...roster, ...lines].join('\n'));

describe('seed 004 day (second file), played', () => {
  it('L161 "Мэр должен выбрать на должность секретарши одного из игроков, кто кидал в него голос на выборах"', () => {
    const played = play(
      'day 1',
      '  Anna votes Egor; Boris votes Egor; Vera votes Grisha',
      '  title Vera +secretary',
      '  expect rejected host secretary/not-an-elector',
      '  title Boris +secretary',
      '  expect title Boris secretary',
      '  expect title Vera not secretary',
    );
    expect(failedExpectations(played)).toEqual([]);
  });

  it('L132: the Politician\'s limit "возрастает на единицу за каждого залинчованного черного": three supporters count the next day', () => {
    const played = play(
      'day 1',
      '  Anna votes Egor; Boris votes Egor',
      'night 1',
      'day 2',
      '  Anna uses support Grisha Dasha Ilya',
      '  Anna votes Kolya; Grisha votes Kolya; Dasha votes Kolya; Ilya votes Kolya',
      // Anna 1 + 1, Grisha 2, Dasha 2, Ilya (third, over the limit of two) 1.
      '  expect total Kolya 7',
      '  expect lynched Kolya',
      '  expect status Anna support-limit',
      'night 2',
      'day 3',
      '  Anna uses support Grisha Dasha Ilya',
      '  Anna votes Lena; Grisha votes Lena; Dasha votes Lena; Ilya votes Lena',
      '  expect total Lena 8',
    );
    expect(failedExpectations(played)).toEqual([]);
  });

  it('L129 "Если игрок не оставил голос, слуга имеет право оставить голос в ЛС ведущему за него"', () => {
    const played = play(
      'day 1',
      '  Anna votes Egor; Boris votes Egor',
      '  status Sluga +serves with Zhenya',
      'night 1',
      'day 2',
      '  Sluga votes Kolya advance',
      '  Grisha votes Lena',
      '  expect total Kolya 1',
    );
    // The Servant's vote stands as Zhenya's; no vote of the Servant's own is counted.
    expect(failedExpectations(played)).toEqual([]);
    const day2 = played.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 2);
    expect(day2?.tallies[0]?.counted.map((c) => c.voter)).toEqual(['Zhenya', 'Grisha']);
  });

  it('L34: the doses of a resolved night fill the bank ("получает +1 к голосу за каждого накачанного игрока"); the rest carries to the next day', () => {
    const played = play(
      'day 1',
      '  Anna votes Egor; Boris votes Egor',
      'night 1',
      '  Boris uses drug Grisha Dasha',
      '  resolve night',
      'day 2',
      '  Boris votes Kolya weight 2.5',
      '  expect total Kolya 2.5',
      '  expect status Boris vote-bank',
      'night 2',
      'day 3',
      '  Boris votes Lena weight 1.5',
      '  expect total Lena 1.5',
    );
    expect(failedExpectations(played)).toEqual([]);
  });

  it('L18 "Пока фантом жив, все убитые ночью игроки автоматически получают эффект фантома … сохраняют возможность голосовать"; the Phantom +1 for each', () => {
    const played = play(
      'day 1',
      '  Anna votes Egor; Boris votes Egor',
      'night 1',
      '  Kolya uses kill Ilya',
      '  resolve night',
      '  expect dead Ilya',
      'day 2',
      '  Ilya votes Misha; Vera votes Misha',
      '  expect total Misha 3',
    );
    expect(failedExpectations(played)).toEqual([]);
  });
});
