/**
 * The posts Gavel writes come out in the game's post language: Russian for a
 * 004 game (its default), English for a 001 game, English for a 004 game
 * switched to English; Russian counts agree with their numbers; and every
 * preset names its roles, abilities, statuses, factions and titles in Russian.
 */
import { describe, expect, it } from 'vitest';
import {
  composeVoteCountPost,
  composeVoteResult,
  defaultPostLanguage,
  deriveState,
  parseRuleset,
  postNames,
  rulesets,
  templatesIn,
  type DayTally,
  type GameEvent,
  type PlayResult,
  type PostLanguage,
  type Ruleset,
  type VoteCountFacts,
} from '../../../src/engine';
import { findRuleset, parseGameScript, playGame } from '../../../src/engine';
import { readScript } from '../scenarios/run-script';

function play(script: string, language?: PostLanguage): PlayResult {
  const parsed = parseGameScript(readScript(script));
  if (!parsed.ok) throw new Error('script does not parse');
  const ruleset = findRuleset(parsed.script.ruleset ?? '');
  if (ruleset === undefined) throw new Error('no preset');
  const run = playGame(parsed.script, ruleset, language === undefined ? {} : { language });
  if (!run.ok) throw new Error(run.errors.map((e) => e.message).join('\n'));
  return run.result;
}

/** Every post a played game wrote: opening posts, vote results, private messages, the end post. */
function posts(result: PlayResult): {
  readonly opening: string[];
  readonly results: string[];
  readonly pms: string[];
  readonly end: string;
} {
  return {
    opening: result.phases.map((p) => p.openingPost),
    results: result.phases.flatMap((p) => (p.resultPost === undefined ? [] : [p.resultPost])),
    pms: result.phases.flatMap((p) => p.privateMessages.map((m) => m.text)),
    end: result.endPost ?? '',
  };
}

/** English words the composers used to write; none may be left in a Russian post. */
const englishPhrases =
  /\b(begins|Alive|Nobody|Vote result|Vote count|Winner|Draw|has died|lynch|killed|capped|correction|barrier of|loses the|Your investigation|voted against|Not voting|majority)\b/u;

describe('a 004 game writes its posts in Russian', () => {
  const ruleset = rulesets['russian-004'];
  const result = play('russian-004.game');
  const written = posts(result);

  it('is Russian by default, and a 001 game English', () => {
    expect(defaultPostLanguage(ruleset)).toBe('ru');
    expect(defaultPostLanguage(rulesets['forum-template-001'])).toBe('en');
  });

  it('writes every phase start, vote result, private message and the game end in Russian', () => {
    expect(written.opening[0]).toContain('[b]День 1 начинается.[/b]');
    expect(written.opening[0]).toContain('Никто не погиб.');
    expect(written.opening[0]).toContain('[b]В живых (13):[/b]');
    expect(written.opening[1]).toContain('[b]Ночь 1 начинается.[/b]');
    expect(written.opening[2]).toContain('[b]Ilya[/b] выбывает из игры (ночное убийство). Мирный житель');
    expect(written.opening[2]).toContain('Доктор: не попал');
    expect(written.results[0]).toContain('[b]Итоги голосования, День 1[/b]');
    expect(written.results[0]).toContain('Итог выборов: Мэр — игрок Vera.');
    expect(written.results.join('\n')).toContain('Голос игрока Zhenya весом 6 ограничен до 5 (красная поправка).');
    expect(written.results.join('\n')).toContain('Линчеван красный: игрок Vera теряет пост (Мэр).');
    expect(written.pms).toContain('Результат проверки игрока Lena: чёрный.');
    expect(written.end).toContain('[b]Победа: Красные (мирные)[/b]');
    expect(written.end).toContain('Все чёрные и Безликий выбыли из игры.');
    for (const post of [...written.opening, ...written.results, ...written.pms, written.end]) expect(post).not.toMatch(englishPhrases);
  });

  it('counts votes with Russian plural agreement', () => {
    const day1 = written.results[0] ?? '';
    expect(day1).toContain('Vera: 5 голосов');
    expect(day1).toContain('Anna: 4 голоса');
    expect(written.results.join('\n')).toMatch(/: 1 голос$/mu);
  });

  it('writes English when the game is switched to English, with the roles named in English', () => {
    const english = posts(play('russian-004.game', 'en'));
    expect(english.opening[0]).toContain('[b]Day 1 begins.[/b]');
    expect(english.opening[2]).toContain('[b]Ilya[/b] has died (killed at night). Citizen');
    expect(english.results[0]).toContain('[b]Vote result, Day 1[/b]');
    expect(english.results[0]).toContain('Vera is elected Mayor.');
    expect(english.results.join('\n')).toContain("Zhenya's vote of 6 is capped at 5 (red correction)");
    expect(english.pms).toContain('Your investigation of Lena: black.');
    expect(english.end).toContain('[b]Winner: Reds (town)[/b]');
    for (const post of [...english.opening, ...english.results, english.end]) expect(post).not.toMatch(/День|Ночь|голос|выбывает/u);
  });
});

describe('a 001 game writes its posts in English', () => {
  const written = posts(play('forum-template-001.game'));

  it('writes the phase starts, vote results and the game end in English', () => {
    expect(written.opening[0]).toContain('[b]Day 1 begins.[/b]');
    expect(written.results[0]).toContain('[b]Vote result, Day 1[/b]');
    expect(written.end).toMatch(/\[b\](Winner|Draw): /u);
    for (const post of [...written.opening, ...written.results, written.end]) expect(post).not.toMatch(/\p{Script=Cyrillic}/u);
  });

  it('writes Russian when the game is switched to Russian', () => {
    const russian = posts(play('forum-template-001.game', 'ru'));
    expect(russian.opening[0]).toContain('[b]День 1 начинается.[/b]');
    expect(russian.results[0]).toContain('[b]Итоги голосования, День 1[/b]');
    expect(russian.end).toMatch(/\[b\](Победа|Ничья): /u);
    for (const post of [...russian.opening, ...russian.results, russian.end]) expect(post).not.toMatch(englishPhrases);
  });
});

describe('counted phrases agree with their numbers', () => {
  const facts = (votes: number, lMinus: number | null, threshold: number): VoteCountFacts => ({
    system: 'majority',
    day: { kind: 'day', number: 2 },
    asOfPost: 46,
    alive: 7,
    threshold,
    wagons: [{ target: 'Bob', votes, lMinus, voters: ['A'] }],
    notVoting: ['C', 'D'],
    hammer: null,
    lock: null,
  });

  it.each([
    [1, '1 голос', 'не хватает 1 голоса', 'нужен 1 голос'],
    [3, '3 голоса', 'не хватает 3 голосов', 'нужно 3 голоса'],
    [5, '5 голосов', 'не хватает 5 голосов', 'нужно 5 голосов'],
    [21, '21 голос', 'не хватает 21 голоса', 'нужен 21 голос'],
    [2.5, '2,5 голоса', null, null],
  ])('%s votes in Russian', (n, votes, short, threshold) => {
    const text = composeVoteCountPost(facts(n, Number.isInteger(n) ? n : null, Number.isInteger(n) ? n : 4), 'bbcode', 'ru');
    expect(text).toContain(`[b]Подсчёт голосов, День 2[/b] (на момент сообщения #46)`);
    expect(text).toContain(`[b]Bob[/b] (${votes}`);
    if (short !== null) expect(text).toContain(short);
    if (threshold !== null) expect(text).toContain(`Живых: 7. Для линча ${threshold}.`);
    expect(text).toContain('Не проголосовали (2): C, D');
  });

  it('keeps the English count as it was', () => {
    const text = composeVoteCountPost(facts(3, 1, 4), 'bbcode', 'en');
    expect(text.split('\n')).toEqual([
      '[b]Vote count, Day 2[/b] (as of post #46)',
      '',
      '[b]Bob[/b] (3, L-1): A',
      '',
      'Not voting (2): C, D',
      'With 7 alive, it takes 4 to lynch.',
    ]);
  });

  it('writes a vote result total with its plural and never declines a name', () => {
    const events: GameEvent[] = [
      {
        type: 'game/setup',
        players: ['Иван', 'Bo', 'Cy'].map((name, i) => ({ slotId: `s${i}`, name, faction: 'red', role: 'citizen' })),
      },
      { type: 'phase/start', phase: { kind: 'day', number: 2 } },
    ];
    const state = deriveState(events);
    const tally: DayTally = {
      system: 'weighted-plurality',
      ballot: 'lynch',
      totals: [
        { target: 's0', total: 5 },
        { target: 's1', total: 2 },
      ],
      counted: [],
      voided: [],
      outcome: { kind: 'no-lynch', reason: 'no-lynch/no-votes' },
      deaths: [],
      effects: [],
      openQuestions: [],
      explanations: [],
    };
    const post = composeVoteResult(tally, state, rulesets['russian-004'], 'bbcode', 'ru');
    expect(post).toContain('Иван: 5 голосов');
    expect(post).toContain('Bo: 2 голоса');
    expect(post).toContain('Никто не погибает.');
  });
});

describe('the ruleset names its items per language', () => {
  const cyrillic = /\p{Script=Cyrillic}/u;
  const items = (
    r: Ruleset,
  ): { readonly where: string; readonly name: string; readonly names?: Readonly<Partial<Record<PostLanguage, string>>> }[] => [
    ...r.factions.map((f) => ({ where: `faction ${f.id}`, ...f })),
    ...r.roles.map((x) => ({ where: `role ${x.id}`, ...x })),
    ...r.roles.flatMap((x) => x.abilities.map((a) => ({ where: `ability ${x.id}/${a.id}`, ...a }))),
    ...r.statuses.map((s) => ({ where: `status ${s.id}`, ...s })),
    ...r.titles.map((t) => ({ where: `title ${t.id}`, ...t })),
    { where: 'the ruleset', ...r },
  ];

  it.each(Object.keys(rulesets))('%s names every role, ability, status, faction and title in Russian', (id) => {
    const missing = items(rulesets[id as keyof typeof rulesets]).filter((i) => !cyrillic.test(i.names?.ru ?? ''));
    expect(missing.map((i) => i.where)).toEqual([]);
  });

  it('004 names every item in English too', () => {
    const notEnglish = items(rulesets['russian-004']).filter((i) => cyrillic.test(i.names?.en ?? i.name));
    expect(notEnglish.map((i) => i.where)).toEqual([]);
  });

  it("a stored 004 ruleset without names still writes the seed's Russian names and Russian posts", () => {
    const r = rulesets['russian-004'];
    const strip = <T extends { readonly names?: unknown }>({ names: _n, ...rest }: T): Omit<T, 'names'> => rest;
    const { postLanguage: _l, templatesIn: _t, ...announcements } = r.announcements;
    const old: Ruleset = {
      ...strip(r),
      roles: r.roles.map((x) => ({ ...strip(x), abilities: x.abilities.map(strip) })),
      factions: r.factions.map(strip),
      statuses: r.statuses.map(strip),
      titles: r.titles.map(strip),
      announcements: { ...announcements, templates: rulesets['forum-template-001'].announcements.templates },
    };
    expect(defaultPostLanguage(old)).toBe('ru');
    // Its templates are the English ones it was saved with; its Russian posts take Gavel's Russian defaults.
    expect(templatesIn(old, 'ru').dayStart).toContain('{phase} начинается.');
    expect(templatesIn(old, 'en').dayStart).toContain('{phase} begins.');
    const ru = postNames(old, 'ru');
    expect([ru.role('blocker'), ru.role('active-citizen'), ru.title('mayor'), ru.faction('grey')]).toEqual([
      'Блокер',
      'Активный житель',
      'Мэр',
      'Безликий',
    ]);
    // A host's own name is kept, not replaced by the preset's.
    const doctor = r.roles.find((x) => x.id === 'doctor');
    if (doctor === undefined) throw new Error('004 has a doctor');
    expect(postNames({ ...old, roles: [{ ...strip(doctor), name: 'Medic' }] }, 'ru').role('doctor')).toBe('Medic');
  });
});

describe('the ruleset validator checks names and post languages', () => {
  const check = (change: Record<string, unknown>): readonly string[] => {
    const parsed = parseRuleset({ extends: 'forum-template-001', ...change });
    return parsed.ok ? [] : parsed.errors;
  };

  it('accepts names in the post languages and templates per language', () => {
    expect(
      check({
        names: { ru: 'Шаблон', en: 'Template' },
        factions: [
          { id: 'town', name: 'Town', names: { ru: 'Город' }, kind: 'town' },
          { id: 'mafia', name: 'Mafia', kind: 'mafia' },
        ],
        announcements: { postLanguage: 'ru', templatesIn: { en: rulesets['forum-template-001'].announcements.templates } },
      }),
    ).toEqual([]);
  });

  it('refuses a name in a language Gavel does not write, an empty name, a name that is not an object, and an unknown post language', () => {
    expect(check({ names: { de: 'Vorlage' } }).join('\n')).toMatch(/^names\.de: unknown field/mu);
    expect(check({ names: { ru: '' } }).join('\n')).toMatch(/^names\.ru: /mu);
    expect(check({ names: 'Шаблон' }).join('\n')).toMatch(/^names: expected an object/mu);
    expect(check({ statuses: [{ id: 'blocked', name: 'blocked', names: { ru: 7 } }] }).join('\n')).toMatch(/^statuses\[0\]\.names\.ru: /mu);
    expect(check({ announcements: { postLanguage: 'de' } }).join('\n')).toMatch(/^announcements\.postLanguage: /mu);
    expect(check({ announcements: { templatesIn: { ru: { dayStart: 'x' } } } }).join('\n')).toMatch(
      /^announcements\.templatesIn\.ru\.death: /mu,
    );
  });
});
