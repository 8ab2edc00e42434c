/**
 * Seed 004's night core (../shared/seeds/004_f6d88bc78ab5cdbd.txt, digest §1.3–1.6,
 * §3.2–3.3, §4.4): what the morning post shows, the public words of the Doctor,
 * Blocker and Commissar, the private messages of §3.3, the saved victim's lost
 * move, the Doctor's two targets and the shot economy — played through the
 * scenario runner, so the game model, the night rules and the posts work together.
 */
import { describe, expect, it } from 'vitest';
import { failedExpectations, playText } from './run-script';

const roster = [
  'ruleset russian-004',
  'seed 4',
  'player Anna   faction=red    role=doctor',
  'player Boris  faction=red    role=blocker',
  'player Vera   faction=red    role=commissar',
  'player Grisha faction=red    role=detective',
  'player Ilya   faction=red    role=citizen',
  'player Zhenya faction=red    role=citizen',
  'player Kolya  faction=mafia  role=citizen second=mafia',
  'player Lena   faction=mafia  role=detective second=mafia',
  'player Misha  faction=maniac role=citizen second=maniac',
];

const play = (lines: string[]) => {
  const played = playText([...roster, ...lines].join('\n'));
  expect(failedExpectations(played)).toEqual([]);
  return played;
};

describe('L134: what the morning post shows of a night victim', () => {
  it('a black killed at night shows only his peaceful role ("Детектив"), never "Детектив + Мафия" or his team', () => {
    // L134: "У погибших ночью игроков не будет раскрываться их настоящая команда. У этих игроков раскроется только их мирная роль".
    const played = play(['day 1', 'night 1', '  Kolya uses kill Lena', '  resolve night', '  expect dead Lena', 'day 2']);
    const day2 = played.phases[2]?.openingPost ?? '';
    expect(day2).toContain('[b]Lena[/b] выбывает из игры (ночное убийство). Детектив');
    expect(day2).not.toContain('Мафия');
  });
  it('a lynched black shows both his roles and his team', () => {
    // L134 contrasts night deaths with lynches; L83: when a black leaves the game both roles are opened.
    const played = play([
      'day 1',
      'night 1',
      'day 2',
      '  Anna votes Lena; Boris votes Lena; Vera votes Lena; Grisha votes Lena; Ilya votes Lena',
      '  expect lynched Lena',
    ]);
    const result = played.phases[2]?.resultPost ?? '';
    expect(result).toContain('Детектив + Мафия');
    expect(result).toContain('Детектив + Мафия, Мафия');
  });
});
