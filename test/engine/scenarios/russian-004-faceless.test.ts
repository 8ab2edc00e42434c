/**
 * Seed 004's Faceless and colour rules (the digest's §4.5, §6.2): a face that
 * came back is not cut again, a dead Faceless under the phantom effect still
 * scores, his face for his voters and killers, the successor's mark in the vote
 * result, a destroyed colour, the Mafia taking over the reddening, a werewolf's
 * blackening and the verification of a check. Played through `gavel play`
 * scripts with the russian-004 preset; each test quotes the seed line
 * (../shared/seeds/004_f6d88bc78ab5cdbd.txt) it implements.
 */
import { describe, expect, it } from 'vitest';
import { deriveState, facelessFaces, rulesets, type GameState, type PlayResult } from '../../../src/engine';
import { renderNightMessage, nightResultMessage, nightResultNames, type NightResult } from '../../../src/engine/night/results';
import { parseRuleset } from '../../../src/engine/rules/validate';
import { failedExpectations, playText } from './run-script';

/** Ten players: seven reds, a Mafia pair and a werewolf; extra players after them. */
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

const faceless = 'player Fyodor faction=grey role=faceless';

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
const valueOf = (played: PlayResult, name: string, status: string): number | undefined =>
  slot(stateOf(played), name).statuses.find((s) => s.id === status)?.value;
const lynch = (who: string, voters: readonly string[] = ['Anna', 'Boris', 'Vera', 'Olga', 'Ivan', 'Gleb', 'Dima']): string[] =>
  voters.filter((v) => v !== who).map((v) => `  ${v} votes ${who}`);
const nightOf = (played: PlayResult, n: number) => played.phases.find((p) => p.phase.kind === 'night' && p.phase.number === n)?.night;
/** The results a player was told in night `n`. */
const toldIn = (played: PlayResult, n: number, name: string): NightResult[] => {
  const id = slot(stateOf(played), name).slot.id;
  return (nightOf(played, n)?.events ?? []).flatMap((e) => (e.type === 'message' && e.to === id ? [e.result] : []));
};
const checksIn = (played: PlayResult, n: number, name: string): boolean[] =>
  toldIn(played, n, name).flatMap((r) => (r.fact === 'alignment-check' ? [r.value] : []));

describe('the face cut: a face that came back (L60)', () => {
  it('L60 "Если игрок вернул роль, он перестает считаться жертвой и его нельзя порезать повторно": the second cut of Vera fails', () => {
    const played = play([
      ...roster([faceless]),
      'day 1',
      'night 1',
      '  Fyodor uses face-cut Vera Dima',
      '  resolve night',
      'day 2',
      ...lynch('Dima'),
      '  expect lynched Dima',
      '  expect status Vera not face-cut',
      '  expect status Vera face-recovered',
      'night 2',
      '  Fyodor uses face-cut Vera Gleb',
      '  resolve night',
      '  expect status Vera not face-cut',
    ]);
    const refused = nightOf(played, 2)?.events.find((e) => e.type === 'nullified');
    expect(refused).toMatchObject({
      type: 'nullified',
      reasons: [expect.objectContaining({ message: expect.objectContaining({ code: 'night/face-recovered' }) })],
    });
  });

  it('L62: a victim whose face came back with the Faceless lynched is not cut again either', () => {
    play([
      ...roster([faceless, 'player Ilya faction=grey role=faceless']),
      'day 1',
      'night 1',
      '  Fyodor uses face-cut Vera Dima',
      '  resolve night',
      'day 2',
      ...lynch('Fyodor'),
      '  expect status Vera face-recovered',
      'night 2',
      '  Ilya uses face-cut Vera Gleb',
      '  resolve night',
      '  expect status Vera not face-cut',
    ]);
  });

  it('a player whose face was never cut is cut as before', () => {
    play([
      ...roster([faceless]),
      'day 1',
      'night 1',
      '  Fyodor uses face-cut Vera Dima',
      '  resolve night',
      'day 2',
      'night 2',
      '  Fyodor uses face-cut Olga Gleb',
      '  resolve night',
      '  expect status Olga face-cut',
    ]);
  });
});

describe('the dead Faceless under the phantom effect (L64.5)', () => {
  const phantom = { Anna: 'player Anna faction=red role=phantom' };

  it('L64.5 "Если безликий умер ночью, но остался в игре под эффектом фантома, жертва на голосовании будет ему засчитана"', () => {
    const played = play([
      ...roster([faceless], phantom),
      'day 1',
      'night 1',
      '  Fyodor uses face-cut Dima Vera',
      '  Kolya uses kill Fyodor',
      '  resolve night',
      '  expect dead Fyodor',
      '  expect status Fyodor phantom',
      'day 2',
      ...lynch('Dima', ['Boris', 'Vera', 'Olga', 'Ivan', 'Gleb']),
      '  expect lynched Dima',
    ]);
    expect(valueOf(played, 'Fyodor', 'faceless-score')).toBe(0.5);
  });

  it('without the phantom effect, the Faceless killed at night scores nothing (L61 "Ночные смерти не влияют на итог")', () => {
    const played = play([
      ...roster([faceless]),
      'day 1',
      'night 1',
      '  Fyodor uses face-cut Dima Vera',
      '  Kolya uses kill Fyodor',
      '  resolve night',
      '  expect dead Fyodor',
      'day 2',
      ...lynch('Dima'),
      '  expect lynched Dima',
    ]);
    expect(valueOf(played, 'Fyodor', 'faceless-score')).toBeUndefined();
  });
});

describe('the face of the Faceless for those who brought him down (L67, L135)', () => {
  it('L135 "Если безликий будет залинчован на любом из голосований, то все игроки, кинувшие в него голос, независимо от своей команды, получат в зачет его лицо"', () => {
    const played = play([
      ...roster([faceless]),
      // Day 1 elects the Mayor (L158); the first lynch is on day 2.
      'day 1',
      'night 1',
      'day 2',
      ...lynch('Fyodor', ['Anna', 'Boris', 'Vera', 'Olga', 'Kolya']),
      '  Ivan votes Gleb',
      '  expect lynched Fyodor',
      'night 2',
    ]);
    for (const voter of ['Anna', 'Boris', 'Vera', 'Olga', 'Kolya']) expect(valueOf(played, voter, 'faceless-face')).toBe(0.5);
    expect(valueOf(played, 'Ivan', 'faceless-face')).toBeUndefined();
    expect(valueOf(played, 'Gleb', 'faceless-face')).toBeUndefined();
  });

  it('L135 "Если безликий убит киллером ночью, то этот киллер лично получит себе в зачет лицо безликого … Если у этого киллера есть напарник или слуга, он тоже получит бонус"', () => {
    const played = play([
      ...roster([faceless]),
      'day 1',
      'night 1',
      '  Kolya uses kill Fyodor',
      '  resolve night',
      '  expect dead Fyodor',
      'day 2',
    ]);
    expect(valueOf(played, 'Kolya', 'faceless-face')).toBe(0.5);
    expect(valueOf(played, 'Lena', 'faceless-face')).toBe(0.5);
    // The werewolf is no partner of the Mafia, and the reds took no part.
    expect(valueOf(played, 'Pavel', 'faceless-face')).toBeUndefined();
    expect(valueOf(played, 'Vera', 'faceless-face')).toBeUndefined();
    const state = stateOf(played);
    expect(facelessFaces(state, rulesets['russian-004'])).toEqual([
      { slotId: slot(state, 'Kolya').slot.id, wins: 0.5 },
      { slotId: slot(state, 'Lena').slot.id, wins: 0.5 },
    ]);
  });

  it('L135: the Maniac who kills the Faceless has no partner: the face is his alone', () => {
    const played = play([
      ...roster([faceless, 'player Misha faction=maniac role=citizen second=maniac']),
      'day 1',
      'night 1',
      'day 2',
      'night 2',
      '  Misha uses kill Fyodor',
      '  resolve night',
      '  expect dead Fyodor',
      'day 3',
    ]);
    expect(valueOf(played, 'Misha', 'faceless-face')).toBe(0.5);
    expect(valueOf(played, 'Kolya', 'faceless-face')).toBeUndefined();
  });
});

describe('the successor’s mark in the vote result (L48)', () => {
  it('L48 "Если преемник умирает на голосовании, его статус будет обозначен рядом с ролью мафии"', () => {
    const played = play([
      ...roster(['player Misha faction=mafia role=citizen second=mafia'], {
        Kolya: 'player Kolya faction=mafia role=citizen second=boss-son',
      }),
      'day 1',
      'night 1',
      '  kill Kolya : night-kill',
      'day 2',
      '  Lena uses name-successor Misha',
      'night 2',
      'day 3',
      ...lynch('Misha'),
      '  expect lynched Misha',
    ]);
    const post = played.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 3)?.resultPost ?? '';
    expect(post).toContain('Misha (линчевание: проголосовали все красные): Мирный житель + Мафия (преемник), Мафия');
    // A Mafioso who was never the successor shows no mark.
    const other = play([...roster(), 'day 1', 'night 1', 'day 2', ...lynch('Lena'), '  expect lynched Lena']);
    const otherPost = other.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 2)?.resultPost ?? '';
    expect(otherPost).toContain('Мирный житель + Мафия, Мафия');
    expect(otherPost).not.toContain('преемник');
  });
});

describe('a destroyed role and colour (L53)', () => {
  it('L53 "мирная роль жертвы и возможность проверки ее цвета заблокируется до конца игры": the Commissar’s check gives no information', () => {
    const played = play([
      ...roster([], { Pavel: 'player Pavel faction=werewolf role=citizen second=executioner' }),
      'day 1',
      'night 1',
      '  Pavel uses torture Olga',
      '  resolve night',
      'day 2',
      '  Pavel uses cripple Olga',
      '  expect status Olga role-destroyed',
      'night 2',
      '  Vera uses check Olga',
      '  resolve night',
    ]);
    expect(checksIn(played, 2, 'Vera')).toEqual([]);
    // The thread hears "информация не предоставляется" (L6).
    const morning = (nightOf(played, 2)?.events ?? []).flatMap((e) =>
      e.type === 'announcement' && e.result.fact === 'morning-check' ? [e.result.value] : [],
    );
    expect(morning).toEqual([{ role: 'commissar', hit: false, noInfo: true }]);
  });

  it('L53: a Lawyer’s private check of the destroyed colour gives no information either, and leaves no mark', () => {
    const played = play([
      ...roster([], {
        Pavel: 'player Pavel faction=werewolf role=citizen second=executioner',
        Boris: 'player Boris faction=red role=lawyer',
      }),
      'day 1',
      'night 1',
      '  Pavel uses torture Olga',
      '  resolve night',
      'day 2',
      '  Pavel uses cripple Olga',
      'night 2',
      '  Boris uses check Olga',
      '  resolve night',
      '  expect status Olga not lawyer-checked-red',
    ]);
    expect(toldIn(played, 2, 'Boris').map((r) => r.fact)).toEqual(['check-no-info']);
    const state = stateOf(played);
    const told = slot(state, 'Boris').inbox.flatMap((m) => (m.result?.fact === 'check-no-info' ? [m.result] : []));
    const names = nightResultNames(
      state.players.map((p) => ({ id: p.slot.id, name: p.name })),
      { roles: rulesets['russian-004'].roles },
    );
    expect(told.map((r) => renderNightMessage(nightResultMessage(r, names), 'ru'))).toEqual([
      'Ваш чек игрока Olga: информация не предоставляется.',
    ]);
  });
});

describe('the reddening taken over by the Mafia (L55)', () => {
  const yakuza = ['player Ken faction=yakuza role=citizen second=yakuza', 'player Rin faction=yakuza role=citizen second=yakuza'];

  it('L55 "Если обе мафии живы, а одна из якудз погибла, то мафия заберет у якудз право на окраснение"', () => {
    const played = play([
      ...roster(yakuza),
      'day 1',
      '  Kolya uses redden Lena',
      '  expect status Lena not reddened',
      'night 1',
      '  kill Rin : night-kill',
      'day 2',
      '  Ken uses redden Ken',
      '  Kolya uses redden Lena',
      '  expect status Ken not reddened',
      '  expect status Lena reddened',
      'night 2',
      '  Vera uses check Lena',
      '  resolve night',
    ]);
    expect(checksIn(played, 2, 'Vera')).toEqual([false]);
  });

  it('L55 "Если мафия и якудза остались без напарников, они объединятся в новую пару и по-прежнему смогут использовать окраснение на одного из пары"', () => {
    const played = play([
      ...roster(yakuza),
      'day 1',
      'night 1',
      '  kill Rin : night-kill',
      '  kill Lena : night-kill',
      'day 2',
      '  Kolya uses redden Ken',
      '  expect status Ken reddened',
      'night 2',
      '  Vera uses check Ken',
      '  resolve night',
    ]);
    expect(checksIn(played, 2, 'Vera')).toEqual([false]);
  });

  it('L55: a lone survivor with nobody to pair up with has no reddening', () => {
    play([
      ...roster(yakuza),
      'day 1',
      'night 1',
      '  kill Rin : night-kill',
      '  kill Ken : night-kill',
      '  kill Lena : night-kill',
      'day 2',
      '  Kolya uses redden Kolya',
      '  expect status Kolya not reddened',
    ]);
  });
});

describe('a werewolf’s blackening (L15)', () => {
  it('L15 "Оборотень имеет право на очернение только тогда, когда в полной мере получает доступ к выстрелу киллера от негативной роли"', () => {
    const played = play([
      ...roster(),
      'day 1',
      '  Pavel uses blacken Olga',
      '  expect status Olga not blackened',
      'night 1',
      '  kill Kolya : night-kill',
      '  kill Lena : night-kill',
      'day 2',
      '  Pavel uses blacken Olga',
      '  expect status Olga blackened',
      'night 2',
      '  Vera uses check Olga',
      '  resolve night',
    ]);
    expect(checksIn(played, 2, 'Vera')).toEqual([true]);
  });

  it('L15, L54: the Geisha blackens once her katana is hers (the Maniac out), not while the Maniac lives', () => {
    play([
      ...roster(['player Misha faction=maniac role=citizen second=maniac'], {
        Pavel: 'player Pavel faction=werewolf role=citizen second=geisha',
      }),
      'day 1',
      '  Pavel uses blacken Olga',
      '  expect status Olga not blackened',
      'night 1',
      '  kill Misha : night-kill',
      'day 2',
      '  Pavel uses blacken Olga',
      '  expect status Olga blackened',
    ]);
  });
});

describe('the verification of a check (L15)', () => {
  const verdictsOf = (played: PlayResult, n: number, name: string): boolean[] =>
    toldIn(played, n, name).flatMap((r) => (r.fact === 'check-verified' ? [r.value] : []));

  it('L15 "Когда чекер получает черный чек, он может в конце любого дня отправить его на проверку подлинности и получить точный результат утром, но в эту ночь у него не будет хода": a blackened red verifies red', () => {
    const played = play([
      ...roster(),
      'day 1',
      '  Kolya uses blacken Olga',
      'night 1',
      '  Vera uses check Olga',
      '  resolve night',
      'day 2',
      '  Vera uses verify-check Olga',
      '  expect status Vera verifying-check',
      'night 2',
      '  Vera uses check Boris',
      '  resolve night',
    ]);
    expect(checksIn(played, 1, 'Vera')).toEqual([true]);
    expect(verdictsOf(played, 2, 'Vera')).toEqual([false]);
    // "в эту ночь у него не будет хода": the check of Boris did not happen.
    expect(checksIn(played, 2, 'Vera')).toEqual([]);
    // The PM, in the seed's words.
    const night2 = played.phases.find((p) => p.phase.kind === 'night' && p.phase.number === 2);
    expect(night2?.privateMessages.filter((m) => m.name === 'Vera').map((m) => m.text)).toEqual([
      'Проверка подлинности вашего чека игрока Olga: красный.',
    ]);
  });

  it('L15 "Если совершить проверку фальшивого красного чека от оборотней, то ее результатом станет черный чек" (the red check is the open question phaseEnd.checkVerification.checks)', () => {
    const played = play([
      ...roster(),
      'day 1',
      'night 1',
      '  Vera uses check Pavel',
      '  resolve night',
      'day 2',
      '  Vera uses verify-check Pavel',
      'night 2',
      '  resolve night',
    ]);
    expect(checksIn(played, 1, 'Vera')).toEqual([false]);
    expect(verdictsOf(played, 2, 'Vera')).toEqual([true]);
    expect(played.openQuestions.map((q) => q.setting)).toContain('phaseEnd.checkVerification.checks');
  });

  it('a game may allow only black checks to be verified: set phaseEnd.checkVerification.checks "black" (reported when a red one is sent)', () => {
    const [first, second, ...rest] = roster();
    const played = play([
      first ?? '',
      second ?? '',
      'set phaseEnd.checkVerification.checks "black"',
      ...rest,
      'day 1',
      'night 1',
      '  Vera uses check Pavel',
      '  resolve night',
      'day 2',
      '  Vera uses verify-check Pavel',
      '  expect status Vera not verifying-check',
      'night 2',
      '  resolve night',
    ]);
    expect(verdictsOf(played, 2, 'Vera')).toEqual([]);
    expect(played.openQuestions).toContainEqual(expect.objectContaining({ setting: 'phaseEnd.checkVerification.checks', chosen: 'black' }));
  });

  it('L64.7 "Проверка красного чека безликого всегда выдает только красный чек"', () => {
    const played = play([
      ...roster([faceless]),
      'day 1',
      'night 1',
      '  Vera uses check Fyodor',
      '  resolve night',
      'day 2',
      '  Vera uses verify-check Fyodor',
      'night 2',
      '  resolve night',
    ]);
    expect(verdictsOf(played, 2, 'Vera')).toEqual([false]);
  });

  it('L53: a colour destroyed since the check is not verified ("возможность проверки ее цвета заблокируется до конца игры")', () => {
    const played = play([
      ...roster([], { Pavel: 'player Pavel faction=werewolf role=citizen second=executioner' }),
      'day 1',
      'night 1',
      '  Vera uses check Olga',
      '  Pavel uses torture Olga',
      '  resolve night',
      'day 2',
      '  Pavel uses cripple Olga',
      '  Vera uses verify-check Olga',
      'night 2',
      '  resolve night',
    ]);
    expect(checksIn(played, 1, 'Vera')).toEqual([false]);
    expect(verdictsOf(played, 2, 'Vera')).toEqual([]);
    expect(toldIn(played, 2, 'Vera').map((r) => r.fact)).toEqual(['check-no-info']);
  });

  it('only a check the checker received himself may be sent: a player he never checked gives nothing', () => {
    const played = play([
      ...roster(),
      'day 1',
      '  Vera uses verify-check Kolya',
      '  expect status Vera not verifying-check',
      'night 1',
      '  resolve night',
    ]);
    expect(verdictsOf(played, 1, 'Vera')).toEqual([]);
  });
});

describe('the preset', () => {
  it('is a valid ruleset with these rules', () => {
    const ruleset = rulesets['russian-004'];
    expect(parseRuleset(JSON.parse(JSON.stringify(ruleset)))).toMatchObject({ ok: true });
    expect(ruleset.phaseEnd?.checkVerification?.checks).toBe('any');
    expect(ruleset.openQuestions?.map((q) => q.setting)).toContain('phaseEnd.checkVerification.checks');
  });
});
