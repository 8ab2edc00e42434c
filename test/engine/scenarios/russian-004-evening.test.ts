/**
 * Seed 004's moves made between the vote and the night ("в конце дня") and the
 * statuses they leave, played through `gavel play` scripts with the
 * russian-004 preset: each test quotes the seed line
 * (../shared/seeds/004_f6d88bc78ab5cdbd.txt) it implements.
 */
import { describe, expect, it } from 'vitest';
import {
  deriveState,
  engineMessage,
  facelessTallies,
  rulesets,
  word,
  type EngineMessage,
  type GameState,
  type PlayResult,
} from '../../../src/engine';
import { failedExpectations, playText } from './run-script';

/** Ten players: seven reds, a Mafia pair and a werewolf; no side can win inside these short games. */
const roster = (extra: readonly string[] = [], roles: Readonly<Record<string, string>> = {}): string[] => {
  const peaceful = (name: string, role: string): string => roles[name] ?? `player ${name} faction=red role=${role}`;
  return [
    'ruleset russian-004',
    'seed 4',
    peaceful('Anna', 'doctor'),
    peaceful('Boris', 'citizen'),
    peaceful('Vera', 'commissar'),
    peaceful('Olga', 'citizen'),
    peaceful('Ivan', 'citizen'),
    peaceful('Gleb', 'citizen'),
    peaceful('Dima', 'citizen'),
    roles['Kolya'] ?? 'player Kolya faction=mafia role=citizen second=mafia',
    roles['Lena'] ?? 'player Lena faction=mafia role=citizen second=mafia',
    roles['Pavel'] ?? 'player Pavel faction=werewolf role=citizen second=poisoner',
    ...extra,
  ];
};

const play = (lines: readonly string[]): PlayResult => {
  const played = playText(lines.join('\n'));
  expect(failedExpectations(played)).toEqual([]);
  return played;
};
const stateOf = (played: PlayResult): GameState => deriveState(played.events);
const slot = (state: GameState, name: string) => {
  const p = state.players.find((x) => x.name === name);
  if (p === undefined) throw new Error(`no ${name}`);
  return p;
};
const inbox = (played: PlayResult, name: string): string[] => slot(stateOf(played), name).inbox.map((m) => m.text);
const publicWords = (played: PlayResult): string[] => stateOf(played).publicMessages.map((m) => m.text);
/** What the game rules said to a player (or, with null, to the thread), as messages: the code and its arguments. */
const said = (played: PlayResult, name: string | null): EngineMessage[] => {
  const state = stateOf(played);
  const messages = name === null ? state.publicMessages : slot(state, name).inbox;
  return messages.flatMap((m) => (m.message === undefined ? [] : [m.message]));
};

describe('the Poisoner’s antidote (L52)', () => {
  it('"Если в конце следующего дня отказался дать противоядие и ночью к жертве не зашел доктор, она умрет": no antidote, the victim dies the next night', () => {
    play([
      ...roster(),
      'day 1',
      'night 1',
      '  Pavel uses poison Olga',
      '  resolve night',
      '  expect status Olga poisoned',
      'day 2',
      'night 2',
      '  resolve night',
      '  expect dead Olga',
    ]);
  });

  it('"Пока цель жива, доступен только дневной ход с противоядием": the antidote at the end of day 2 takes the poison off, and the victim lives', () => {
    play([
      ...roster(),
      'day 1',
      'night 1',
      '  Pavel uses poison Olga',
      '  resolve night',
      'day 2',
      '  Pavel uses antidote Olga',
      // Expectations are checked when their phase ends: after the day's end-of-day moves.
      '  expect status Olga not poisoned',
      'night 2',
      '  resolve night',
      '  expect alive Olga',
    ]);
  });

  it('an antidote for a player the Poisoner did not poison changes nothing', () => {
    play([
      ...roster(),
      'day 1',
      'night 1',
      '  Pavel uses poison Olga',
      '  resolve night',
      'day 2',
      '  Pavel uses antidote Ivan',
      '  expect status Olga poisoned',
      'night 2',
      '  resolve night',
      '  expect dead Olga',
    ]);
  });

  it('the poison kills at the Poisoner’s place in the night order: the poisoned Commissar dies before his check', () => {
    const played = play([
      ...roster(),
      'day 1',
      'night 1',
      '  Pavel uses poison Vera',
      '  resolve night',
      'day 2',
      'night 2',
      '  Vera uses check Kolya',
      '  resolve night',
      '  expect dead Vera',
    ]);
    // With the poison at the end of the night (after the check step) her check would have gone through.
    const night2 = played.phases.find((p) => p.phase.kind === 'night' && p.phase.number === 2)?.night;
    expect(night2?.events).toContainEqual(expect.objectContaining({ type: 'nullified', player: 'Vera', cause: 'actor-died' }));
  });

  it('"ночью к жертве не зашел доктор": a Doctor who visits the victim that night still cures him', () => {
    play([
      ...roster(),
      'day 1',
      'night 1',
      '  Pavel uses poison Olga',
      '  resolve night',
      'day 2',
      'night 2',
      '  Anna uses heal Olga',
      '  resolve night',
      '  expect alive Olga',
      '  expect status Olga not poisoned',
    ]);
  });
});

/** The lynch of day 2: six reds vote for `who` (Day 1 is the Mayor's election). */
const lynch = (who: string, voters: readonly string[] = ['Anna', 'Boris', 'Vera', 'Olga', 'Ivan', 'Gleb', 'Dima']): string[] =>
  voters.filter((v) => v !== who).map((v) => `  ${v} votes ${who}`);

describe('statuses that name a partner, chosen at the end of a day and kept between nights (L19, L36, L43)', () => {
  it('L19 "В конце любого дня имеет право создать "связь"": the link set on day 1 still covers the partner on night 2', () => {
    const played = play([
      ...roster([], { Ivan: 'player Ivan faction=red role=immortal' }),
      'day 1',
      '  Ivan uses link Olga',
      '  expect status Ivan life-link',
      'night 1',
      'day 2',
      'night 2',
      '  Kolya uses kill Olga',
      '  resolve night',
      '  expect alive Olga',
    ]);
    const ivan = slot(stateOf(played), 'Ivan');
    expect(ivan.statuses.find((s) => s.id === 'life-link')?.with).toBe(slot(stateOf(played), 'Olga').slot.id);
  });

  it('L19 "Бессмертный может в конце любого дня разорвать связь … создание связи допустимо только 1 раз": broken on day 2, not made again', () => {
    const played = play([
      ...roster([], { Ivan: 'player Ivan faction=red role=immortal' }),
      'day 1',
      '  Ivan uses link Olga',
      'night 1',
      'day 2',
      '  Ivan uses unlink',
      '  Ivan uses link Boris',
      '  expect status Ivan not life-link',
      'night 2',
      '  Kolya uses kill Olga',
      '  resolve night',
      '  expect dead Olga',
    ]);
    expect(played.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 2)?.rejected).toEqual([
      expect.objectContaining({ reason: 'action/uses-exhausted' }),
    ]);
  });

  it('L36 "в конце первого дня указывает ведущему любого игрока, который будет его любимчиком … Фанатик сразу узнает его мирную роль"', () => {
    const played = play([
      ...roster([], { Ivan: 'player Ivan faction=red role=fanatic' }),
      'day 1',
      '  Ivan uses favourite Vera',
      '  expect status Ivan favourite',
      'night 1',
      'day 2',
      '  Ivan uses favourite Olga',
      'night 2',
    ]);
    const state = stateOf(played);
    expect(slot(state, 'Ivan').statuses.find((s) => s.id === 'favourite')?.with).toBe(slot(state, 'Vera').slot.id);
    expect(said(played, 'Ivan')).toEqual([engineMessage('day-end/favourite', word.text('Vera'), word.role('commissar'))]);
    expect(inbox(played, 'Ivan')).toContain('Ваш любимчик — Vera, его мирная роль — Комиссар.');
  });

  it('L36 "Не может пропустить ход с назначением любимчика - в этом случае получит к утру цель по рандому, но она точно не будет среди жертв первой ночи"', () => {
    const played = play([
      ...roster([], { Ivan: 'player Ivan faction=red role=fanatic' }),
      'day 1',
      'night 1',
      '  Kolya uses kill Olga',
      '  resolve night',
      '  expect dead Olga',
      'day 2',
    ]);
    const state = stateOf(played);
    const favourite = slot(state, 'Ivan').statuses.find((s) => s.id === 'favourite')?.with;
    expect(favourite).toBeDefined();
    expect(favourite).not.toBe(slot(state, 'Olga').slot.id);
    expect(favourite).not.toBe(slot(state, 'Ivan').slot.id);
    expect(inbox(played, 'Ivan').filter((t) => t.startsWith('Ваш любимчик'))).toHaveLength(1);
    expect(said(played, 'Ivan').map((m) => m.code)).toEqual(['day-end/favourite']);
  });

  it('L43 "В конце каждого дня указывает трех игроков": the marks name the Cultist, and the next day’s three replace them', () => {
    const played = play([
      ...roster([], { Ivan: 'player Ivan faction=red role=cultist' }),
      'day 1',
      '  Ivan uses mark Kolya Lena Pavel',
      '  expect status Kolya soul-mark',
      '  expect status Pavel soul-mark',
      'night 1',
      'day 2',
      '  Ivan uses mark Kolya Boris Gleb',
      '  expect status Kolya soul-mark',
      '  expect status Lena not soul-mark',
      '  expect status Boris soul-mark',
      'night 2',
    ]);
    const state = stateOf(played);
    expect(slot(state, 'Gleb').statuses.find((s) => s.id === 'soul-mark')?.with).toBe(slot(state, 'Ivan').slot.id);
  });

  it('L43: a Cultist’s mark from the day reaches the night: a marked player killed that night gives him a soul', () => {
    const played = play([
      ...roster([], { Ivan: 'player Ivan faction=red role=cultist' }),
      'day 1',
      '  Ivan uses mark Olga Boris Gleb',
      'night 1',
      '  Kolya uses kill Olga',
      '  resolve night',
      '  expect dead Olga',
    ]);
    expect(slot(stateOf(played), 'Ivan').spent['souls-gained']).toBe(1);
  });
});

describe('the Executioner’s torture chamber (L53)', () => {
  const executioner = { Pavel: 'player Pavel faction=werewolf role=citizen second=executioner' };

  it('"Если отпускает, мирная роль жертвы вновь станет активна, но она не сможет сделать какой-либо ход до конца текущей ночи"', () => {
    const played = play([
      ...roster([], executioner),
      'day 1',
      'night 1',
      '  Pavel uses torture Vera',
      '  resolve night',
      'day 2',
      '  expect status Vera not tortured',
      '  expect status Vera no-moves-tonight',
      '  Pavel uses release Vera',
      'night 2',
      '  Vera uses check Kolya',
      '  resolve night',
      'day 3',
      '  expect status Vera not no-moves-tonight',
    ]);
    expect(said(played, 'Vera')).toEqual([engineMessage('day-end/released')]);
    expect(inbox(played, 'Vera')).toContain(
      'Вас отпустили из камеры пыток: ваша мирная роль вновь активна, но до конца текущей ночи вы не сможете сделать какой-либо ход.',
    );
    const night2 = played.phases.find((p) => p.phase.kind === 'night' && p.phase.number === 2)?.night;
    expect(night2?.refused.map((r) => r.reason)).toEqual(['night/actor-status']);
  });

  it('"Если продолжает пытки, мирная роль жертвы и возможность проверки ее цвета заблокируется до конца игры … негативная роль жертвы будет заблокирована до конца ночи"', () => {
    const played = play([
      ...roster([], executioner),
      'day 1',
      'night 1',
      '  Pavel uses torture Kolya',
      '  resolve night',
      'day 2',
      '  Pavel uses cripple Kolya',
      '  expect status Kolya role-destroyed',
      '  expect status Kolya no-moves-tonight',
      '  expect status Kolya not tortured',
      'night 2',
      'day 3',
      '  expect status Kolya role-destroyed',
      '  expect status Kolya not no-moves-tonight',
    ]);
    expect(said(played, 'Kolya')).toEqual([engineMessage('day-end/destroyed', word.role('executioner'))]);
    expect(inbox(played, 'Kolya')).toContain('Экзекутор уничтожил вашу мирную роль и ваш цвет до конца игры.');
  });

  it('"Если экзекутор по любой причине не пытает другого игрока, он впадает в бешенство … если будет залинчован днем, о чем будет указано в итогах голосования"', () => {
    const played = play([
      ...roster([], executioner),
      'day 1',
      'night 1',
      'day 2',
      '  Pavel uses rage Vera',
      ...lynch('Pavel'),
      '  expect lynched Pavel',
      '  expect status Vera role-destroyed',
      '  expect status Vera not no-moves-tonight',
      'night 2',
    ]);
    expect(said(played, null)).toEqual([engineMessage('day-end/rage', word.role('executioner'), word.text('Vera'))]);
    expect(publicWords(played)).toContain('Залинчеванный Экзекутор уничтожил роль и цвет игрока Vera.');
    expect(played.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 2)?.resultPost).toContain(
      'Залинчеванный Экзекутор уничтожил роль и цвет игрока Vera.',
    );
  });

  it('"Если экзекутора залинчевали, когда он пытал кого-либо, то он сможет уничтожить роль и цвет только у пойманного игрока"', () => {
    play([
      ...roster([], executioner),
      'day 1',
      'night 1',
      '  Pavel uses torture Olga',
      '  resolve night',
      'day 2',
      '  Pavel uses rage Vera',
      ...lynch('Pavel'),
      '  expect lynched Pavel',
      '  expect status Vera not role-destroyed',
      'night 2',
    ]);
  });

  it('"Экзекутор может подвергнуть пыткам себя … уничтожив собственную мирную роль и цвет - если будет залинчован в соответствующий день, то по-прежнему может покалечить другого игрока"', () => {
    play([
      ...roster([], executioner),
      'day 1',
      'night 1',
      '  Pavel uses torture Pavel',
      '  resolve night',
      'day 2',
      '  Pavel uses rage Vera',
      ...lynch('Pavel'),
      '  expect lynched Pavel',
      '  expect status Vera role-destroyed',
    ]);
    const played = play([
      ...roster([], executioner),
      'day 1',
      'night 1',
      '  Pavel uses torture Pavel',
      '  resolve night',
      'day 2',
      '  expect status Pavel role-destroyed',
    ]);
    expect(played.openQuestions.map((q) => q.setting)).not.toContain('phaseEnd.dayMoves.release.unanswered');
  });

  it('a rage with no lynch does nothing; an unanswered chamber is an open question (Gavel releases the victim)', () => {
    const played = play([
      ...roster([], executioner),
      'day 1',
      'night 1',
      '  Pavel uses torture Olga',
      '  resolve night',
      'day 2',
      '  Pavel uses rage Olga',
      '  expect status Olga not role-destroyed',
      '  expect status Olga not tortured',
      '  expect status Olga no-moves-tonight',
      'night 2',
    ]);
    expect(played.openQuestions.map((q) => q.setting)).toContain('phaseEnd.dayMoves.release.unanswered');
  });
});

describe('the successor of the Boss’s Son (L48) and of the Daughter of the Head (L55)', () => {
  const withSon = {
    Kolya: 'player Kolya faction=mafia role=citizen second=boss-son',
    Lena: 'player Lena faction=mafia role=citizen second=mafia',
  };
  const extra = ['player Misha faction=mafia role=citizen second=mafia'];

  it('"Если сын босса погибнет, один из напарников станет его преемником … преемник назначается в конце дня и в это же время может быть изменен"', () => {
    const played = play([
      ...roster(extra, withSon),
      'day 1',
      'night 1',
      '  kill Kolya : night-kill',
      'day 2',
      '  Lena uses name-successor Misha',
      '  expect status Misha successor',
      'night 2',
      '  Vera uses check Misha',
      '  resolve night',
      'day 3',
      '  Misha uses name-successor Lena',
      '  expect status Lena successor',
      '  expect status Misha not successor',
      'night 3',
    ]);
    // The successor checks red like the Boss's Son ("чекается красным даже после убийств").
    const night2 = played.phases.find((p) => p.phase.kind === 'night' && p.phase.number === 2)?.night;
    expect(night2?.events).toContainEqual(
      expect.objectContaining({ type: 'message', result: expect.objectContaining({ fact: 'alignment-check', value: false }) }),
    );
    expect(said(played, 'Lena')).toContainEqual(
      engineMessage('day-end/successor', word.text('Misha'), word.role('boss-son'), word.text('Kolya')),
    );
    expect(inbox(played, 'Lena')).toContain('Теперь Сын босса — игрок Misha (вместо игрока Kolya).');
  });

  it('no successor while the Boss’s Son lives, and "Преемник не может передать статус последней мафии": the last Mafioso left is never the successor', () => {
    play([
      ...roster(extra, withSon),
      'day 1',
      '  Lena uses name-successor Misha',
      '  expect status Misha not successor',
      'night 1',
      '  kill Kolya : night-kill',
      'day 2',
      '  Lena uses name-successor Misha',
      'night 2',
      '  kill Misha : night-kill',
      'day 3',
      '  Lena uses name-successor Lena',
      '  expect status Lena not successor',
    ]);
  });

  it('L55: the Daughter of the Head passes to a Yakuza the same way', () => {
    play([
      ...roster(
        [
          'player Yuki faction=yakuza role=citizen second=head-daughter',
          'player Ken faction=yakuza role=citizen second=yakuza',
          'player Rin faction=yakuza role=citizen second=yakuza',
        ],
        {},
      ),
      'day 1',
      'night 1',
      '  kill Yuki : night-kill',
      'day 2',
      '  Ken uses name-heir Rin',
      '  expect status Rin successor',
    ]);
  });
});

describe('the Yakuza’s reddening rumour (L55)', () => {
  const yakuza = ['player Ken faction=yakuza role=citizen second=yakuza', 'player Rin faction=yakuza role=citizen second=yakuza'];

  it('"имеют право использовать “окраснение” на одного из пары, пока она остается целой": the reddened Yakuza checks red that night', () => {
    const played = play([
      ...roster(yakuza),
      'day 1',
      '  Ken uses redden Rin',
      '  expect status Rin reddened',
      'night 1',
      '  Vera uses check Rin',
      '  resolve night',
      'day 2',
      '  expect status Rin not reddened',
    ]);
    const night1 = played.phases.find((p) => p.phase.kind === 'night' && p.phase.number === 1)?.night;
    expect(night1?.events).toContainEqual(
      expect.objectContaining({ type: 'message', result: expect.objectContaining({ fact: 'alignment-check', value: false }) }),
    );
  });

  it('no reddening once the pair is broken, nor of a player outside the pair', () => {
    play([
      ...roster(yakuza),
      'day 1',
      '  Ken uses redden Kolya',
      '  expect status Kolya not reddened',
      'night 1',
      '  kill Rin : night-kill',
      'day 2',
      '  Ken uses redden Ken',
      '  expect status Ken not reddened',
    ]);
  });
});

describe('the blackening rumour (L15), which beats a reddening (L55)', () => {
  const yakuza = ['player Ken faction=yakuza role=citizen second=yakuza', 'player Rin faction=yakuza role=citizen second=yakuza'];
  const checkOf = (played: PlayResult, n: number) =>
    played.phases
      .find((p) => p.phase.kind === 'night' && p.phase.number === n)
      ?.night?.events.flatMap((e) => (e.type === 'message' && e.result.fact === 'alignment-check' ? [e.result.value] : []));

  it('L15 "мафия в нечетную ночь … может днем перед ней распустить лживые слухи о каком-либо игроке, то есть этот игрок будет чекаться черным в данную ночь"', () => {
    const played = play([
      ...roster(),
      'day 1',
      '  Kolya uses blacken Olga',
      '  expect status Olga blackened',
      'night 1',
      '  Vera uses check Olga',
      '  resolve night',
    ]);
    expect(checkOf(played, 1)).toEqual([true]);
  });

  it('L15: not before the other side’s night (the Maniac’s even night is not the Mafia’s), and one rumour a side a day', () => {
    play([
      ...roster(['player Misha faction=maniac role=citizen second=maniac']),
      'day 1',
      '  Misha uses blacken Olga',
      '  Kolya uses blacken Boris',
      '  Lena uses blacken Gleb',
      '  expect status Olga not blackened',
      '  expect status Boris not blackened',
      '  expect status Gleb blackened',
      'night 1',
      'day 2',
      '  Misha uses blacken Olga',
      '  expect status Olga blackened',
      '  expect status Gleb not blackened',
    ]);
  });

  it('L55 "Окраснение по приоритету уступает очернению, то есть очерненная якудза в любом случае будет чекаться черной"', () => {
    const played = play([
      ...roster(yakuza),
      'day 1',
      '  Ken uses redden Rin',
      '  Kolya uses blacken Rin',
      '  expect status Rin reddened',
      '  expect status Rin blackened',
      'night 1',
      '  Vera uses check Rin',
      '  resolve night',
    ]);
    expect(checkOf(played, 1)).toEqual([true]);
  });
});

describe('the Faceless’s face cut ended by a lynch, and his score (L60–L64)', () => {
  const faceless = ['player Fyodor faction=grey role=faceless'];

  it('L60 "Чтобы вернуть мирную роль, жертва должна убить днем игрока, на которого ей укажет безликий"; L61 "ценность таких жертв вдвое ниже"', () => {
    const played = play([
      ...roster(faceless),
      'day 1',
      'night 1',
      '  Fyodor uses face-cut Vera Dima',
      '  resolve night',
      '  expect status Vera face-cut',
      'day 2',
      ...lynch('Dima'),
      '  expect lynched Dima',
      '  expect status Vera not face-cut',
    ]);
    expect(said(played, 'Vera')).toEqual([engineMessage('day-end/face-back')]);
    expect(inbox(played, 'Vera')).toContain('Ваше лицо вернулось: ваша мирная роль снова активна.');
    expect(slot(stateOf(played), 'Fyodor').statuses.find((s) => s.id === 'faceless-score')?.value).toBe(0.25);
  });

  it('L61 "Если днем залинчуют игрока, которому безликий срезал лицо, то погибший пойдет в итоговый зачет безликого … 2 убитых таким способом игрока равноценны стандартной победе"', () => {
    const played = play([
      ...roster(faceless),
      'day 1',
      'night 1',
      '  Fyodor uses face-cut Dima Vera',
      '  resolve night',
      'day 2',
      ...lynch('Dima'),
      '  expect lynched Dima',
      '  expect alive Vera',
    ]);
    expect(slot(stateOf(played), 'Fyodor').statuses.find((s) => s.id === 'faceless-score')?.value).toBe(0.5);
  });

  it('L62 "Если днем залинчуют самого безликого, то все его жертвы сразу вернут мирные роли"; L66.3 "Если безликий погиб днем, то в зачет пойдет поражение"', () => {
    const played = play([
      ...roster(faceless),
      'day 1',
      'night 1',
      '  Fyodor uses face-cut Vera Dima',
      '  resolve night',
      'day 2',
      ...lynch('Fyodor'),
      '  expect lynched Fyodor',
      '  expect status Vera not face-cut',
    ]);
    const state = stateOf(played);
    expect(facelessTallies(state, rulesets['russian-004'])).toEqual([
      { slotId: slot(state, 'Fyodor').slot.id, outcome: 'loss', bonusWins: 0 },
    ]);
  });

  it('L66.2 "Если безликий умер ночью, он получает ничью", with the bonus he had gathered by then (L64.2)', () => {
    const played = play([
      ...roster(faceless),
      'day 1',
      'night 1',
      '  Fyodor uses face-cut Dima Vera',
      '  resolve night',
      'day 2',
      ...lynch('Dima'),
      'night 2',
      '  Kolya uses kill Fyodor',
      '  resolve night',
      '  expect dead Fyodor',
    ]);
    const state = stateOf(played);
    expect(facelessTallies(state, rulesets['russian-004'])).toEqual([
      { slotId: slot(state, 'Fyodor').slot.id, outcome: 'draw', bonusWins: 0.5 },
    ]);
  });

  it('L61 "Ночные смерти не влияют на итог": the target killed at night scores nothing and the cut stays', () => {
    const played = play([
      ...roster(faceless),
      'day 1',
      'night 1',
      '  Fyodor uses face-cut Vera Dima',
      '  Kolya uses kill Dima',
      '  resolve night',
      'day 2',
      '  expect status Vera face-cut',
    ]);
    expect(slot(stateOf(played), 'Fyodor').statuses.some((s) => s.id === 'faceless-score')).toBe(false);
  });
});

describe('the Phantom’s possession (L18)', () => {
  const phantom = { Ivan: 'player Ivan faction=red role=phantom' };

  it('"Если фантом погибает ночью … может в конце текущего дня вселиться в одного из игроков … Фантом узнает мирную роль выбранного игрока … Ведущий сообщит в итоге голосования"', () => {
    const played = play([
      ...roster([], phantom),
      'day 1',
      'night 1',
      '  Kolya uses kill Ivan',
      '  resolve night',
      '  expect dead Ivan',
      'day 2',
      '  Ivan uses possess Vera',
      '  expect status Ivan possessing',
      'night 2',
      'day 3',
      '  expect status Ivan possessing',
      'night 3',
      '  expect status Ivan not possessing',
    ]);
    const state = stateOf(played);
    expect(said(played, 'Ivan')).toEqual([engineMessage('day-end/possessed-role', word.text('Vera'), word.role('commissar'))]);
    expect(said(played, null)).toEqual([engineMessage('day-end/possessed', word.role('phantom'), word.text('Ivan'), word.text('Vera'))]);
    expect(inbox(played, 'Ivan')).toContain('Вы вселились в игрока Vera, его мирная роль — Комиссар.');
    expect(publicWords(played)).toContain('Фантом Ivan вселился в игрока Vera.');
    // "Ведущий сообщит в итоге голосования, в какого игрока вселился фантом."
    expect(played.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 2)?.resultPost).toContain(
      'Фантом Ivan вселился в игрока Vera.',
    );
    expect(state.players.find((p) => p.name === 'Ivan')?.alive).toBe(false);
  });

  it('"Если фантом погибает … на голосовании": the possession sent before the vote takes effect when he is lynched', () => {
    play([
      ...roster([], phantom),
      'day 1',
      'night 1',
      'day 2',
      '  Ivan uses possess Vera',
      ...lynch('Ivan'),
      '  expect lynched Ivan',
      '  expect status Ivan possessing',
    ]);
  });

  it('"Если этот игрок выбывает, фантом покидает игру вместе с ним"', () => {
    const played = play([
      ...roster([], phantom),
      'day 1',
      'night 1',
      '  Kolya uses kill Ivan',
      '  resolve night',
      'day 2',
      '  Ivan uses possess Vera',
      'night 2',
      '  Lena uses kill Vera',
      '  resolve night',
      '  expect dead Vera',
      '  expect status Ivan not possessing',
    ]);
    expect(said(played, null)).toContainEqual(
      engineMessage('day-end/phantom-leaves', word.role('phantom'), word.text('Ivan'), word.text('Vera')),
    );
    expect(publicWords(played)).toContain('Фантом Ivan покидает игру вместе с игроком Vera.');
  });

  it('a living Phantom possesses nobody, and the possession he sent in case of a lynch stays his to use', () => {
    play([
      ...roster([], phantom),
      'day 1',
      '  Ivan uses possess Vera',
      '  expect status Ivan not possessing',
      'night 1',
      '  Kolya uses kill Ivan',
      '  resolve night',
      'day 2',
      '  Ivan uses possess Vera',
      '  expect status Ivan possessing',
    ]);
  });

  it('a Phantom dead two nights ago no longer may possess anyone', () => {
    const played = play([
      ...roster([], phantom),
      'day 1',
      'night 1',
      '  Kolya uses kill Ivan',
      '  resolve night',
      'day 2',
      'night 2',
      'day 3',
      '  Ivan uses possess Vera',
      '  expect status Ivan not possessing',
    ]);
    expect(played.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 3)?.rejected).toEqual([]);
  });
});

describe('the preset', () => {
  it('names every end-of-day move by an ability some role has', () => {
    const preset = rulesets['russian-004'];
    const abilities = new Set(preset.roles.flatMap((r) => r.abilities.map((a) => a.id)));
    expect(Object.keys(preset.phaseEnd?.dayMoves ?? {}).filter((id) => !abilities.has(id))).toEqual([]);
  });
});
