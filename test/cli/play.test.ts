import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGavel as run } from './run-gavel';

const scripts = 'test/engine/scenarios/scripts';

function tempFile(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-play-'));
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('gavel rulesets', () => {
  it('lists the four seed presets and the forum standard', async () => {
    const { code, out } = await run('rulesets');
    expect(code).toBe(0);
    for (const id of ['forum-template-001', 'mafia-1923-000', 'detective-conan-003', 'russian-004', 'forum-standard'])
      expect(out).toMatch(new RegExp(`^${id}: `, 'm'));
  });

  it('prints a preset as JSON a host can start from', async () => {
    const { code, out } = await run('rulesets', '--show', 'russian-004');
    expect(code).toBe(0);
    expect((JSON.parse(out) as { id: string }).id).toBe('russian-004');
  });

  it('checks a ruleset file and lists every problem, one per line', async () => {
    const bad = tempFile('bad.json', JSON.stringify({ extends: 'mafia-1923-000', voting: { courtSize: 0, defendedInTie: 'coin' } }));
    const { code, err } = await run('rulesets', '--check', bad);
    expect(code).toBe(1);
    expect(err).toContain('voting.courtSize: expected a whole number from 1 to 100, found 0');
    expect(err).toContain('voting.defendedInTie: expected "others-die" or "second-most", found "coin"');
    const misspelt = tempFile('misspelt.json', JSON.stringify({ extends: 'forum-template-001', votng: { lock: false } }));
    const typo = await run('rulesets', '--check', misspelt);
    expect(typo.code).toBe(1);
    expect(typo.err).toContain('votng: unknown field; did you mean voting?');
    expect(typo.err).not.toMatch(/\n\s+at /u);
    const missing = await run('rulesets', '--check', 'no/such.json');
    expect(missing).toMatchObject({ code: 1, err: 'gavel rulesets: cannot read file no/such.json: no such file or not readable\n' });
  });
});

describe('gavel play', () => {
  for (const script of ['forum-template-001', 'mafia-1923-000', 'detective-conan-003', 'russian-004']) {
    it(`plays ${script} to its winner with every expectation holding`, async () => {
      const { code, out, err } = await run('play', `${scripts}/${script}.game`);
      expect(err).toBe('');
      expect(code).toBe(0);
      expect(out).toMatch(/^(Winner|Draw): /m);
      expect(out).toMatch(/Expectations: (\d+) of \1 hold/);
    });
  }

  it('000 (L24): a script with levels prints the setup check the host reads before the game, and an unknown level is refused', async () => {
    const { code, out } = await run('play', `${scripts}/mafia-1923-000-levels.game`);
    expect(code).toBe(0);
    expect(out).toContain('  setup: Carla signed up as Beginner, which may not hold the role Doctor.');
    expect(out).toContain('  setup: Sara signed up as Spectator: that level only watches and is not a player.');
    const bad = tempFile('bad-level.game', 'ruleset mafia-1923-000\nplayer Al faction=mafia role=mafia-member level=expert\nnight 1\n');
    const refused = await run('play', bad);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('player Al: no level "expert" in mafia-1923-000 (beginner, standard, spectator)');
  });

  it('prints each phase, and the posts with --posts, in Markdown with --markdown', async () => {
    const { out } = await run('play', `${scripts}/forum-template-001.game`, '--posts', '--markdown');
    expect(out).toContain('== Day 1 ==');
    expect(out).toContain('== Night 1 ==');
    expect(out).toContain('**Vote result, Day 1**');
  });

  it('writes the posts in Russian with --lang ru, with the templates the extension uses', async () => {
    const { code, out, err } = await run('play', `${scripts}/forum-template-001.game`, '--posts', '--lang', 'ru');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('[b]День 1 начинается.[/b]');
    expect(out).toContain('[b]Итоги голосования, День 1[/b]');
    expect(out).not.toContain('Vote result');
    // The report around the posts stays the host's English.
    expect(out).toContain('== Day 1 ==');
  });

  it("writes a 004 game's posts in Russian by default (its post language), and in English with --lang en", async () => {
    const russian = await run('play', `${scripts}/russian-004.game`, '--posts');
    expect(russian.out).toContain('[b]Итоги голосования, День 1[/b]');
    expect(russian.out).toContain('Vera: 5 голосов');
    const english = await run('play', `${scripts}/russian-004.game`, '--posts', '--lang', 'en');
    expect(english.out).toContain('[b]Vote result, Day 1[/b]');
    expect(english.out).not.toContain('Итоги голосования');
  });

  it('refuses a post language it does not write', async () => {
    const { code, err } = await run('play', `${scripts}/forum-template-001.game`, '--posts', '--lang', 'de');
    expect(code).not.toBe(0);
    expect(err).toContain('--lang must be en or ru, not "de"');
  });

  it('exits 1 and names the line when an expectation fails', async () => {
    const path = tempFile(
      'g.game',
      [
        'ruleset forum-template-001',
        'player A faction=town role=vanilla',
        'player B faction=mafia role=goon',
        'player C faction=town role=vanilla',
        'day 1',
        'A votes B',
        'C votes B',
        'expect lynched A',
      ].join('\n'),
    );
    const { code, out } = await run('play', path);
    expect(code).toBe(1);
    expect(out).toContain('FAILED line 8: expect lynched A (got: B)');
  });

  it('reads a JSON game with an inline custom ruleset', async () => {
    const path = tempFile(
      'g.json',
      JSON.stringify({
        ruleset: { extends: 'forum-template-001', id: 'my-game', win: { mafiaWinsWhen: 'outnumber' } },
        script: [
          'player A faction=town role=vanilla',
          'player B faction=mafia role=goon',
          'day 1',
          'A votes B',
          'B votes A',
          'expect no-lynch',
          'expect no-winner',
        ],
      }),
    );
    const { code, out } = await run('play', path);
    expect(out).toContain('Ruleset: my-game');
    expect(code).toBe(0);
  });

  it('bad input is one clear message, never a stack trace', async () => {
    expect(await run('play', 'no/such.game')).toEqual({
      code: 1,
      out: '',
      err: 'gavel play: cannot read game script no/such.game: no such file or not readable\n',
    });
    const badJson = await run('play', tempFile('x.json', '{ nope'));
    expect(badJson.code).toBe(1);
    expect(badJson.err).toMatch(/^gavel play: .*x\.json is not valid JSON/);
    const badLine = await run(
      'play',
      tempFile('x.game', 'ruleset forum-template-001\nplayer A faction=town role=vanilla\nday 1\nA dances'),
    );
    expect(badLine.code).toBe(1);
    expect(badLine.err).toContain('line 4: cannot read "A dances"');
    const badRole = await run('play', tempFile('y.game', 'ruleset forum-template-001\nplayer A faction=town role=wizard\nday 1'));
    expect(badRole.err).toContain('roster: player A: no role "wizard" in forum-template-001');
    const noPreset = await run('play', tempFile('z.game', 'ruleset nope\nplayer A faction=town role=vanilla'));
    expect(noPreset.err).toContain('no preset "nope"');
    expect(await run('play')).toMatchObject({ code: 2 });
  });
});

describe('gavel play: what the end-of-day moves tell (004)', () => {
  const fanatic = [
    'ruleset russian-004',
    'player Ivan faction=red role=fanatic',
    'player Vera faction=red role=commissar',
    'player Olga faction=red role=citizen',
    'player Boris faction=red role=citizen',
    'player Kolya faction=mafia role=citizen second=mafia',
    'day 1',
    '  Ivan uses favourite Vera',
    'night 1',
  ].join('\n');

  it('L36 "Фанатик сразу узнает его мирную роль": the PM in the seed’s Russian words, and in English with --lang en', async () => {
    const file = tempFile('fanatic.game', fanatic);
    const ru = await run('play', file, '--posts');
    expect(ru.err).toBe('');
    expect(ru.out).toContain('-- private to Ivan --\nВаш любимчик — Vera, его мирная роль — Комиссар.\n--');
    const en = await run('play', file, '--posts', '--lang', 'en');
    expect(en.out).toContain('-- private to Ivan --\nYour favourite is Vera, whose peaceful role is Commissar.\n--');
    // --json keeps what the rules said as data beside its words.
    const json = JSON.parse((await run('play', file, '--json')).out) as { events: { type: string; message?: { code: string } }[] };
    expect(json.events.filter((e) => e.type === 'message/send').map((e) => e.message?.code)).toEqual(['day-end/favourite']);
  });

  it('L45: a script’s Maid words (after the colon) are the PM her target gets', async () => {
    const { code, out, err } = await run('play', `${scripts}/russian-004-maid.game`, '--posts');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('-- private to Vera --\nВаш чек: Kolya — "красный"; проверка прошла.\n--');
  });
});
