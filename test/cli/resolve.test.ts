/** `gavel resolve`: a night from a scenario file, explained; bad input is one clear line. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGavel as run } from './run-gavel';
import { rulesets } from '../../src/engine';
import { rulesetWords } from '../../extension/shared/ruleset-words';

const root = resolve(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'gavel-resolve-'));

function scenario(name: string, data: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
  return file;
}

const rarNight = {
  rules: 'forum-rar',
  seed: 1,
  night: 1,
  deadline: '2026-11-22T06:00:00Z',
  players: [
    { name: 'Vig', role: 'vigilante' },
    { name: 'Noodle', role: 'doctor' },
    { name: 'Bad Ash', role: 'roleblocker' },
    { name: 'Gorny', role: 'vanilla' },
  ],
  actions: [
    { actor: 'Vig', ability: 'shoot', targets: ['Gorny'], sentAt: '2026-11-21T22:00:00Z' },
    { actor: 'Noodle', ability: 'protect', targets: ['Gorny'], sentAt: '2026-11-21T22:05:00Z' },
    { actor: 'bad ash', ability: 'block', targets: ['Noodle'], sentAt: '2026-11-21T23:00:00Z' },
    { actor: 'Vig', ability: 'shoot', targets: ['Noodle'], sentAt: '2026-11-22T07:00:00Z' },
  ],
};

const drunkNight = (seed: number) => ({
  rules: 'mafia-1923',
  seed,
  players: [
    { name: 'Kobi', role: 'drunkard', family: 'Levi' },
    { name: 'A', role: 'townsperson', family: 'Cohen' },
    { name: 'B', role: 'townsperson', family: 'Cohen' },
    { name: 'C', role: 'townsperson', family: 'Cohen' },
    { name: 'M', role: 'mafia-member', faction: 'mafia', family: 'Levi' },
  ],
  actions: [{ actor: 'Kobi', ability: 'drunken-attack', targets: ['Cohen'], sentAt: 1 }],
});

describe('gavel resolve', () => {
  it('prints each outcome with its chain of reasons, and the refused PMs', async () => {
    const { code, out, err } = await run('resolve', scenario('rar.json', rarNight));
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/DEATH: Gorny \(kill by Vig\)/);
    expect(out).toMatch(
      /\+ Vig shot Gorny\n\s+- Noodle protected Gorny \(the protection prevents kills\)\n\s+\+ Bad Ash roleblocked Noodle/,
    );
    expect(out).toMatch(/Refused actions:\n\s+Vig shoot -> Noodle: sent after the night deadline \[night\/after-deadline\]/);
  });

  it('--json gives the resolution as data', async () => {
    const { code, out } = await run('resolve', scenario('rar2.json', rarNight), '--json');
    expect(code).toBe(0);
    const parsed = JSON.parse(out) as { rules: string; resolution: { events: { type: string; player?: string }[] } };
    expect(parsed.rules).toBe('forum-template-001-rar');
    expect(parsed.resolution.events.filter((e) => e.type === 'death').map((e) => e.player)).toEqual(['Gorny']);
  });

  it('the seed decides random draws: same seed, same victim; --seed overrides the file', async () => {
    const file = scenario('drunk.json', drunkNight(3));
    const victim = async (...extra: string[]) => {
      const { out } = await run('resolve', file, '--json', ...extra);
      return (JSON.parse(out) as { resolution: { events: { type: string; player?: string }[] } }).resolution.events.find(
        (e) => e.type === 'death',
      )?.player;
    };
    const first = await victim();
    expect(await victim()).toBe(first);
    const seen = new Set<string | undefined>();
    for (let s = 0; s < 30; s++) seen.add(await victim('--seed', String(s)));
    expect([...seen].sort()).toEqual(['A', 'B', 'C']);
  });

  it('accepts inline rules: a preset with a setting changed', async () => {
    const data = {
      ...drunkNight(1),
      rules: { preset: 'mafia-1923', settings: { thiefOnPlainMafiaMember: 'keeps-thief' } },
      players: [...drunkNight(1).players, { name: 'T', role: 'thief', family: 'Cohen' }],
      actions: [{ actor: 'T', ability: 'steal', targets: ['M'], sentAt: 1 }],
    };
    const { code, out } = await run('resolve', scenario('inline.json', data));
    expect(code).toBe(0);
    expect(out).toMatch(/thiefOnPlainMafiaMember = keeps-thief/);
    expect(out).not.toMatch(/ROLE: T/);
  });

  const bad: [string, unknown, RegExp][] = [
    ['malformed JSON', '{ "rules": ', /: not valid JSON \(/],
    ['an unknown preset', { ...rarNight, rules: 'chess' }, /unknown rules preset "chess"/],
    [
      'an unknown role',
      { ...rarNight, players: [{ name: 'X', role: 'wizard' }], actions: [] },
      /players\[0\]\.role: "wizard" is not a role of rules "forum-template-001-rar"/,
    ],
    [
      'an unknown player in an action',
      { ...rarNight, actions: [{ actor: 'Nobody', ability: 'shoot', targets: [], sentAt: 1 }] },
      /actions\[0\]\.actor: no player called "Nobody"/,
    ],
    [
      'a bad time',
      { ...rarNight, actions: [{ actor: 'Vig', ability: 'shoot', targets: ['Gorny'], sentAt: 'yesterday' }] },
      /actions\[0\]\.sentAt: expected epoch milliseconds or an ISO date-time like .*, found "yesterday"/,
    ],
    [
      'an unknown setting',
      { ...rarNight, rules: { preset: 'forum-rar', settings: { lenient: 'yes' } } },
      /rules\.settings\.lenient: is not a setting \(known: /,
    ],
  ];
  it('lists every problem of a scenario, each with its place, and suggests the field meant', async () => {
    const data = {
      ...rarNight,
      nigth: 2,
      players: [...rarNight.players, { name: 'X', role: 'wizard', usesLeft: { shoot: 1e9 } }],
      actions: [{ actor: 'Vig', ability: 'shoot', targets: 'Gorny', sentAt: 1 }],
    };
    const { code, err, out } = await run('resolve', scenario('several.json', data));
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err.split('\n').slice(1, 5)).toEqual([
      '  players[4].usesLeft.shoot: expected a whole number from 0 to 1000, found 1000000000',
      '  actions[0].targets: expected a list, found "Gorny"',
      '  nigth: unknown field; did you mean night?',
      '',
    ]);
    expect(err.split('\n')[0]).toMatch(/several\.json: 3 problems$/u);
  });

  for (const [label, data, message] of bad) {
    it(`refuses ${label} with one line and exit code 1`, async () => {
      const { code, err, out } = await run('resolve', scenario(`bad-${label.replace(/\W+/g, '-')}.json`, data));
      expect(code).toBe(1);
      expect(out).toBe('');
      expect(err).toMatch(message);
      expect(err.trim().split('\n')).toHaveLength(1);
    });
  }

  it('a missing file is one line, exit code 1', async () => {
    const { code, err } = await run('resolve', join(dir, 'nope.json'));
    expect(code).toBe(1);
    expect(err).toMatch(/cannot read .*nope\.json/);
  });

  it('no file is a usage error, exit code 2', async () => {
    const { code, err } = await run('resolve');
    expect(code).toBe(2);
    expect(err).toMatch(/missing <scenario\.json>/);
  });
});

/** 004 night 1: Vera checks Misha, Anna heals Boris, Misha shoots Ilya; Igor the Investigator hears Vera's result. */
const russianNight = {
  rules: 'russian',
  night: 1,
  players: [
    { name: 'Vera', role: 'commissar' },
    { name: 'Anna', role: 'doctor' },
    { name: 'Igor', role: 'investigator' },
    { name: 'Misha', role: 'mafia', faction: 'mafia' },
    { name: 'Boris', role: 'citizen' },
    { name: 'Ilya', role: 'citizen' },
  ],
  actions: [
    { actor: 'Vera', ability: 'check', targets: ['Misha'], sentAt: 1 },
    { actor: 'Anna', ability: 'heal', targets: ['Boris'], sentAt: 2 },
    { actor: 'Misha', ability: 'kill', targets: ['Ilya'], sentAt: 3 },
  ],
};

describe('gavel resolve --lang', () => {
  it('writes the messages and public words in English by default', async () => {
    const { code, out } = await run('resolve', scenario('ru-en.json', russianNight));
    expect(code).toBe(0);
    expect(out).toContain('PUBLIC: Doctor: missed (не попал)');
    expect(out).toContain('PUBLIC: Commissar: check went through (чек прошел)');
    expect(out).toContain('PM to Vera: Your investigation of Misha: black.');
    expect(out).toContain('PM to Igor: (from Vera) Your investigation of Misha: black.');
  });

  it('--lang ru writes the whole night in Russian: the messages, the seed’s public words and the host’s notes', async () => {
    const { code, out } = await run('resolve', scenario('ru-ru.json', russianNight), '--lang', 'ru');
    expect(code).toBe(0);
    const words = rulesetWords(rulesets['russian-004'], 'ru');
    expect(out).toContain(`Публичный итог: ${words.role('doctor')}: не попал`);
    expect(out).toContain(`Публичный итог: ${words.role('commissar')}: чек прошел`);
    expect(out).toContain('Сообщение для Vera: Результат проверки игрока Misha: чёрный.');
    expect(out).toContain('Сообщение для Igor: (от игрока Vera) Результат проверки игрока Misha: чёрный.');
    // The host's notes: the outcome, the reasons under it, each in Russian.
    expect(out).toMatch(
      /Итог ночи:\n {2}Ilya погибает: ночное убийство от команды \(от руки: Misha\)\n {4}Игрок Ilya погибает\n {6}Приказ на убийство от команды «[^»]+», присланный игроком Misha, назвал игрока Ilya\n {6}Ничто не защитило игрока\n/,
    );
    expect(out).toContain(`Действие «${words.ability('heal')}» игрока Anna ничего не изменило`);
    expect(out).not.toMatch(/Your investigation|DEATH|PUBLIC|PM to/);
  });

  it('--lang ru: the killer\'s PM names his victim\'s team in Russian (004 L115.2 "Любой киллер узнает о команде своей жертвы")', async () => {
    const { code, out } = await run('resolve', scenario('ru-team.json', russianNight), '--lang', 'ru');
    expect(code).toBe(0);
    const words = rulesetWords(rulesets['russian-004'], 'ru');
    expect(words.faction('red')).toBe('Красные (мирные)');
    expect(out).toContain('Сообщение для Misha: Команда вашей жертвы (Ilya): Красные (мирные).');
    expect(out).not.toMatch(/: town\.|: red\./);
    // Written out, the faction reads the same.
    const written = { ...russianNight, players: russianNight.players.map((p) => ({ faction: 'red', ...p })) };
    const again = await run('resolve', scenario('ru-team-red.json', written), '--lang', 'ru');
    expect(again.out).toContain('Сообщение для Misha: Команда вашей жертвы (Ilya): Красные (мирные).');
  });

  it('--lang ru words refusals and blocks in Russian, with no seed reference or code', async () => {
    const { code, out } = await run('resolve', scenario('rar-ru.json', rarNight), '--lang', 'ru');
    expect(code).toBe(0);
    const words = rulesetWords(rulesets['forum-template-001'], 'ru');
    expect(out).toContain('Отклонённые действия:\n  Vig: ');
    expect(out).toContain(`Vig: ${words.ability('shoot')} → Noodle: Отправлено после дедлайна ночи`);
    expect(out).toContain(
      `+ Игрок Vig выстрелил в игрока Gorny\n        - Игрок Noodle защитил игрока Gorny (защита предотвращает убийства)\n          + Игрок Bad Ash заблокировал игрока Noodle`,
    );
    // Below the rules line (the ruleset's own name): no "(003)", no "[night/after-deadline]", no English sentence.
    const notes = out.split('\n').slice(1).join('\n');
    expect(notes).not.toMatch(/\(\d{3}\)|\[night\/|engine_|\b(?:the|was|by|shot|dies)\b/);
  });

  it('--lang ru words a random draw and the open questions a night touches, with the answer it used', async () => {
    const night = drunkNight(3);
    const withPaperboy = {
      ...night,
      players: [...night.players, { name: 'Dan', role: 'paperboy', family: 'Levi' }],
      actions: [...night.actions, { actor: 'Dan', ability: 'deliver', targets: ['A', 'M'], sentAt: 2 }],
    };
    const { code, out } = await run('resolve', scenario('drunk-ru.json', withPaperboy), '--lang', 'ru');
    expect(code).toBe(0);
    const words = rulesetWords(rulesets['mafia-1923-000'], 'ru');
    expect(out).toMatch(/Из живых членов семьи \(всего: 3\) жребий пал на игрока [ABC]/);
    expect(out).toMatch(
      new RegExp(
        `Спорные вопросы этой ночи:\\n {2}Правила не говорят, когда ночью срабатывает «${words.ability('deliver')}»; Gavel поставил это действие на шаг \\d+ из \\d+\\n`,
      ),
    );
    expect(out).not.toMatch(/\(\d{3}\)|\bstep\b|=/);
  });

  it('--json gives each message as data: who is told, what fact, about whom, its value', async () => {
    const { out } = await run('resolve', scenario('ru-json.json', russianNight), '--json');
    const parsed = JSON.parse(out) as { resolution: { events: { type: string; result?: unknown }[] } };
    const results = parsed.resolution.events.flatMap((e) => (e.result === undefined ? [] : [e.result]));
    expect(results).toEqual([
      // 004 L115.2: the killer learns his victim's team.
      // A player written with no faction plays for the ruleset's town side (004's "red"), not an id the ruleset lacks.
      { to: 'Misha', fact: 'victim-team', about: ['Ilya'], value: 'red' },
      { to: 'Vera', fact: 'alignment-check', about: ['Misha'], value: true },
      {
        to: 'Igor',
        fact: 'forwarded-result',
        about: ['Vera'],
        value: { to: 'Vera', fact: 'alignment-check', about: ['Misha'], value: true },
      },
      { to: null, fact: 'morning-heal', about: ['Anna'], value: { role: 'doctor', hit: false } },
      { to: null, fact: 'morning-check', about: ['Vera'], value: { role: 'commissar', hit: true } },
    ]);
  });

  it('a language Gavel does not speak is a usage error', async () => {
    const { code, err } = await run('resolve', scenario('ru-de.json', russianNight), '--lang', 'de');
    expect(code).toBe(2);
    expect(err).toMatch(/--lang must be en or ru/);
  });
});

describe('docs/night.md', () => {
  it('its example scenario resolves to exactly the output the page shows', async () => {
    const doc = readFileSync(join(root, 'docs', 'night.md'), 'utf8');
    const json = /```json\n([\s\S]*?)```/.exec(doc)?.[1];
    const shown = /This night prints:\n\n```\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(json).toBeDefined();
    expect(shown).toBeDefined();
    const { code, out } = await run('resolve', scenario('doc.json', json ?? ''));
    expect(code).toBe(0);
    expect(out).toBe(shown);
  });

  it("004 L41, L27: a scenario gives the day choices (pastMoves), the host's choice of a collected role and a move's text (a note)", async () => {
    const night = {
      rules: 'russian-004',
      seed: 1,
      reserveKills: { mafia: 1 },
      collectChoice: { Kira: 'Vera' },
      players: [
        {
          name: 'Kira',
          role: 'collector',
          faction: 'red',
          pastMoves: [{ night: 1, day: true, ability: 'collect', targets: ['Olga', 'Vera'] }],
        },
        { name: 'Vera', role: 'commissar', faction: 'red' },
        { name: 'Olga', role: 'doctor', faction: 'red' },
        { name: 'Anna', role: 'active-citizen', faction: 'red' },
        { name: 'Pia', role: 'pimp', faction: 'red' },
        { name: 'Sasha', role: 'blocker', faction: 'red', statuses: [{ id: 'slave', by: 'Pia' }] },
        { name: 'Kolya', role: 'citizen', faction: 'mafia', secondRole: 'mafia' },
        { name: 'Lena', role: 'citizen', faction: 'mafia', secondRole: 'mafia' },
      ],
      actions: [
        { actor: 'Kolya', ability: 'kill', targets: ['Olga'], sentAt: 1 },
        { actor: 'Lena', ability: 'kill', targets: ['Vera'], sentAt: 2 },
        { actor: 'Pia', ability: 'note-slave', targets: ['Sasha'], sentAt: 3, text: 'Block Lena.' },
      ],
    };
    const { code, out, err } = await run('resolve', scenario('collector-004.json', night));
    expect(err).toBe('');
    expect(code).toBe(0);
    // Olga died first, but the host gave Kira Vera's role; Olga's went to the Active citizen.
    expect(out).toMatch(/PM to Kira: The role Commissar of Vera is in your collection now\./);
    expect(out).toMatch(/ROLE: Anna role active-citizen -> doctor/);
    expect(out).toMatch(/PM to Sasha: A note from your master: Block Lena\./);
  });
});

describe('gavel resolve: the Maid’s words and the day before (004)', () => {
  const night004 = (extra: Record<string, unknown> = {}, maid: Record<string, unknown> = {}) => ({
    rules: 'russian-004',
    seed: 1,
    night: 2,
    players: [
      { name: 'Masha', role: 'maid' },
      { name: 'Vera', role: 'commissar' },
      { name: 'Anna', role: 'citizen' },
      { name: 'Kolya', role: 'citizen', secondRole: 'mafia', faction: 'mafia' },
      { name: 'Lena', role: 'citizen', secondRole: 'mafia', faction: 'mafia', alive: false },
      { name: 'Misha', role: 'citizen', secondRole: 'maniac', faction: 'maniac', alive: false },
    ],
    actions: [
      { actor: 'Vera', ability: 'check', target: 'Kolya', sentAt: 1 },
      { actor: 'Masha', ability: 'serve-replace', target: 'Vera', sentAt: 2, text: 'Kolya — красный; всё чисто.', ...maid },
      { actor: 'Kolya', ability: 'kill', target: 'Anna', sentAt: 3 },
    ],
    ...extra,
  });

  it('L45 «можно как заменить сообщение»: the words of the Maid’s move are what Vera is told', async () => {
    const { code, out, err } = await run('resolve', scenario('maid.json', night004()));
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('PM to Vera: Kolya — красный; всё чисто.');
    expect(out).not.toMatch(/PM to Vera: Your investigation/);
    // No day before given: the Mafia shoots.
    expect(out).toMatch(/DEATH: Anna/);
  });

  it('L10: a "dayBefore" whose witch hunt lynched two blacks leaves the killers no new shot', async () => {
    const data = night004({ dayBefore: { ballot: 'hunt', lynched: ['Lena', 'misha'] } });
    const { code, out } = await run('resolve', scenario('hunt.json', data));
    expect(code).toBe(0);
    expect(out).not.toMatch(/DEATH: Anna/);
    expect(out).toContain('the witch hunt lynched two blacks yesterday: no new shot tonight');
  });

  it('refuses words on a move that hands on none, an unknown name in "dayBefore" and a malformed one, each naming its field', async () => {
    const words = await run(
      'resolve',
      scenario('words.json', { ...night004(), actions: [{ actor: 'Vera', ability: 'check', target: 'Kolya', sentAt: 1, text: 'hi' }] }),
    );
    expect(words.code).toBe(1);
    expect(words.err).toContain('actions[0].text: "check" hands its target no words (moves that do: serve-replace, serve-add)');
    const who = await run('resolve', scenario('who.json', night004({ dayBefore: { ballot: 'hunt', lynched: ['Nobody'] } })));
    expect(who.code).toBe(1);
    expect(who.err).toContain('dayBefore.lynched[0]: no player called "Nobody"');
    const shape = await run('resolve', scenario('shape.json', night004({ dayBefore: { ballot: 'hunt', lynched: 'Lena' } })));
    expect(shape.code).toBe(1);
    expect(shape.err).toContain('dayBefore.lynched: expected a list, found "Lena"');
    const text = await run('resolve', scenario('text.json', night004({}, { text: 7 })));
    expect(text.code).toBe(1);
    expect(text.err).toContain('actions[1].text: expected a non-empty string, found 7');
  });
});
