/**
 * Seed 004's lynch outcomes of the third day file, played through scripts (the
 * game model's flow): the death executions of a lynched Fanatic or Inquisitor
 * and the Hero's ban on saving them, the votes the Drug dealer bought before a
 * run-off, the black Lawyer calling off his bonus, the Agent leaving after the
 * second vote, and the Fanatic's favourite named on a later day. Each test
 * quotes the seed line (../shared/seeds/004_f6d88bc78ab5cdbd.txt).
 */
import { describe, expect, it } from 'vitest';
import { deriveState, type GameState, type PlayResult } from '../../../src/engine';
import { failedExpectations, playText } from './run-script';

const roster = [
  'ruleset russian-004',
  'player Anna   faction=red    role=citizen',
  'player Boris  faction=red    role=drug-dealer',
  'player Vera   faction=red    role=commissar',
  'player Grisha faction=red    role=citizen',
  'player Dasha  faction=red    role=citizen',
  'player Egor   faction=red    role=citizen',
  'player Ilya   faction=red    role=citizen',
  'player Zhenya faction=red    role=citizen',
  'player Fedya  faction=red    role=fanatic',
  'player Inna   faction=red    role=inquisitor',
  'player Geroy  faction=red    role=hero',
  'player Kolya  faction=mafia  role=citizen second=mafia',
  'player Lena   faction=mafia  role=citizen second=mafia',
  'player Lev    faction=mafia  role=lawyer second=mafia',
  'player Misha  faction=maniac role=citizen second=maniac',
  'player Agent  faction=elite  role=agent',
];

const play = (...lines: string[]): PlayResult => playText([...roster, ...lines].join('\n'));
const dayOf = (played: PlayResult, n: number): PlayResult['phases'][number] | undefined =>
  played.phases.find((p) => p.phase.kind === 'day' && p.phase.number === n);
const stateOf = (played: PlayResult): GameState => deriveState(played.events);
const slot = (state: GameState, name: string): GameState['players'][number] => {
  const p = state.players.find((x) => x.name === name);
  if (p === undefined) throw new Error(`no ${name}`);
  return p;
};

/** Day 1 (the election) and the night after it: the Fanatic's favourite Vera is shot. */
const fanaticStart = ['day 1', '  Anna votes Egor', '  Fedya uses favourite Vera', 'night 1', '  kill Vera by Kolya', 'day 2'];

describe('seed 004: the death executions at the vote (L29, L36, L96, L113)', () => {
  it('L36 "Если фанатик убил своего по команде и был залинчован до того, как истратил лимит на убийства, то сумеет забрать с собой одного выбранного игрока"', () => {
    const played = play(
      ...fanaticStart,
      'night 2',
      // The revenge kills a red, his own team: the favourite is not avenged and the limit grows.
      '  Fedya uses avenge Grisha',
      '  resolve night',
      '  expect dead Grisha',
      'day 3',
      '  Anna votes Fedya; Boris votes Fedya; Dasha votes Lena',
      '  Fedya uses execute Kolya',
      '  expect lynched Fedya Kolya',
      'night 3',
      '  expect dead Kolya',
    );
    expect(failedExpectations(played)).toEqual([]);
    // The vote result post says it in the seed's language.
    expect(dayOf(played, 3)?.resultPost).toContain(
      'Фанатик Fedya использует предсмертную казнь: игрок Kolya считается залинчованным вместе с ним.',
    );
  });

  it('L36: a Fanatic who killed no player of his own team, or whose favourite is avenged ("любимчик будет отомщен"), has no execution', () => {
    const none = play(
      ...fanaticStart,
      '  Anna votes Fedya; Boris votes Fedya; Dasha votes Lena',
      '  Fedya uses execute Kolya',
      '  expect lynched Fedya',
    );
    expect(failedExpectations(none)).toEqual([]);
    expect(dayOf(none, 2)?.resultPost).toContain('Предсмертная казнь игрока Fedya (цель — Kolya) не засчитана');

    const avenged = play(
      ...fanaticStart,
      'night 2',
      '  Fedya uses avenge Grisha',
      '  resolve night',
      'day 3',
      'night 3',
      // The next revenge kills a black: the favourite is avenged, the kill limit spent.
      '  Fedya uses avenge Misha',
      '  resolve night',
      '  expect dead Misha',
      '  expect status Fedya avenged',
      'day 4',
      '  Anna votes Fedya; Boris votes Fedya; Dasha votes Lena',
      '  Fedya uses execute Kolya',
      '  expect lynched Fedya',
    );
    expect(failedExpectations(avenged)).toEqual([]);
  });

  it('L29 "Если инквизитор проверил чек и получил по итогу, что он действительно черный, то в случае своего линчевания днем получает право предсмертно убить данного игрока"', () => {
    const played = play(
      'day 1',
      '  Anna votes Egor',
      'night 1',
      'day 2',
      // The black check of the night sent for verification at the end of the day.
      '  Inna uses verify-check Kolya',
      '  Inna uses verify-check Anna',
      'night 2',
      'day 3',
      '  Anna votes Inna; Boris votes Inna; Dasha votes Lena',
      '  Inna uses execute Kolya',
      '  expect lynched Inna Kolya',
    );
    expect(failedExpectations(played)).toEqual([]);
    // Only "данного игрока": not a player whose check he did not verify black.
    const other = play(
      'day 1',
      '  Anna votes Egor',
      'night 1',
      'day 2',
      '  Inna uses verify-check Kolya',
      'night 2',
      'day 3',
      '  Anna votes Inna; Boris votes Inna; Dasha votes Lena',
      '  Inna uses execute Lena',
      '  expect lynched Inna',
    );
    expect(failedExpectations(other)).toEqual([]);
  });

  it('L96 "Если сжег черного игрока по настоящему черному чеку, то в случае своего линчевания днем может казнить одного любого игрока - казненный игрок считается залинчованным"', () => {
    const played = playText(
      [
        ...roster.filter((l) => !l.includes('Inna')),
        'player Inna   faction=mafia  role=inquisitor second=mafia',
        'day 1',
        '  Anna votes Egor',
        'night 1',
        '  kill Misha by Inna',
        'day 2',
        '  Anna votes Inna; Boris votes Inna; Dasha votes Lena',
        '  Inna uses execute Zhenya',
        '  expect lynched Inna Zhenya',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
  });

  it('L113 "Герой пропустит ход, если попытается спасти фанатика или инквизитора, когда они используют предсмертную казнь"; L35 "нельзя спасти жертву фанатика"', () => {
    const rightful = [...fanaticStart, 'night 2', '  Fedya uses avenge Grisha', '  resolve night', 'day 3'];
    const savesFanatic = play(
      ...rightful,
      '  Anna votes Fedya; Boris votes Fedya; Dasha votes Lena',
      '  Fedya uses execute Kolya',
      '  Geroy uses save Fedya',
      '  expect lynched Fedya Kolya',
    );
    expect(failedExpectations(savesFanatic)).toEqual([]);
    expect(dayOf(savesFanatic, 3)?.resultPost).toContain('Герой Geroy не может спасти игрока Fedya: пропуск хода.');
    const savesVictim = play(
      ...rightful,
      '  Anna votes Fedya; Boris votes Fedya; Dasha votes Lena',
      '  Fedya uses execute Ilya',
      '  Geroy uses save Ilya',
      '  expect lynched Fedya Ilya',
    );
    expect(failedExpectations(savesVictim)).toEqual([]);
    // A Fanatic without the right makes no execution: the Hero's save of the red stands.
    const saved = play(
      ...fanaticStart,
      '  Anna votes Fedya; Boris votes Fedya; Dasha votes Lena',
      '  Fedya uses execute Kolya',
      '  Geroy uses save Fedya',
      '  expect no-lynch',
    );
    expect(failedExpectations(saved)).toEqual([]);
  });
});

describe('seed 004: the Drug dealer, the Lawyer and the Agent at the vote', () => {
  it('L34 "Перед голосованием наркодилер указывает ведущему сколько голосов желает закупить": votes bought for the first ballot count in its run-off, paid once', () => {
    const played = play(
      'day 1',
      '  Anna votes Egor',
      '  status Boris +vote-bank - 2',
      'night 1',
      'day 2',
      // Boris buys two: 3 on Kolya; Lena has 3 too.
      '  Boris votes Kolya weight 3; Anna votes Lena; Grisha votes Lena; Dasha votes Lena',
      '  runoff',
      '  expect runoff Kolya Lena',
      // In the run-off he states no purchase: the first ballot's stands (3 against 2).
      '  Boris votes runoff Kolya; Egor votes runoff Lena; Ilya votes runoff Lena',
      '  expect lynched Kolya',
      '  expect total Kolya 3',
    );
    expect(failedExpectations(played)).toEqual([]);
    const boris = slot(stateOf(played), 'Boris');
    expect(boris.statuses.find((s) => s.id === 'vote-bank')?.value).toBe(0);
    expect(dayOf(played, 2)?.resultPost).toContain(
      'Голоса, купленные игроком Boris на первом голосовании (2), учитываются и на переголосовании.',
    );
  });

  it('L95 "Имеет право в момент хода лжеца запросить у ведущего отмену бонуса к голосу": the black Lawyer’s vote counts without his +1', () => {
    const withBonus = play('day 1', '  Anna votes Egor', 'night 1', '  status Grisha +lawyer-checked-black', 'day 2', '  Lev votes Grisha');
    expect(dayOf(withBonus, 2)?.tallies[0]?.totals.find((t) => t.target === 'Grisha')?.total).toBe(2);
    const waived = play(
      'day 1',
      '  Anna votes Egor',
      'night 1',
      '  status Grisha +lawyer-checked-black',
      'day 2',
      '  Lev votes Grisha',
      '  Lev uses waive-vote-bonus',
      '  expect total Grisha 1',
    );
    expect(failedExpectations(waived)).toEqual([]);
    expect(dayOf(waived, 2)?.resultPost).toContain('Игрок Lev отменил бонус к своему голосу.');
  });

  it('L125 "Агент покидает город … после итога второго голосования … Если агент смог стать мэром или секретаршей, то он не покинет игру, пока удерживает этот пост"', () => {
    const played = play(
      'day 1',
      '  Anna votes Egor',
      'night 1',
      'day 2',
      '  Anna votes Lena',
      'night 2',
      '  expect status Agent not departed',
      'day 3',
      '  Anna votes Kolya',
      'night 3',
      '  expect status Agent departed',
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(dayOf(played, 3)?.resultPost).toContain('Агент Agent покидает город и возвращается с докладом к начальству.');

    const mayor = play(
      'day 1',
      '  Anna votes Agent; Boris votes Agent',
      '  expect title Agent mayor',
      'night 1',
      'day 2',
      '  Anna votes Lena',
      'night 2',
      'day 3',
      '  Anna votes Kolya',
      'night 3',
      '  expect status Agent not departed',
      'day 4',
      // A red lynched: the Mayor loses his post, and the Agent leaves with the result.
      '  Anna votes Ilya',
      '  expect lynched Ilya',
      'night 4',
      '  expect title Agent not mayor',
      '  expect status Agent departed',
    );
    expect(failedExpectations(mayor)).toEqual([]);
  });

  it('L36 "в конце первого дня указывает ведущему любого игрока, который будет его любимчиком": a favourite named on a later day is refused', () => {
    const played = play(
      'day 1',
      '  Anna votes Egor',
      'night 1',
      'day 2',
      '  Fedya uses favourite Anna',
      '  expect rejected Fedya action/wrong-day',
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(stateOf(played).actions.some((a) => a.ability === 'favourite')).toBe(false);
  });
});
