/** Night results as data, and the sentences they make in English and Russian. */
import { describe, expect, it } from 'vitest';
import {
  composePrivateMessages,
  createRng,
  deriveState,
  isNightResult,
  nightFactCodes,
  nightResult,
  nightResultKeys,
  nightResultMessage,
  nightResultNames,
  nightResultWords,
  renderNightResult,
  resolveNight,
  rulesets,
  type GameEvent,
  type NightFactCode,
  type NightLanguage,
  type NightResult,
  type NightResultOf,
} from '../../../src/engine';
import { fromNightResolution, toNightInput } from '../../../src/engine/game/night-bridge';
import { nightRulesFor, rules1923, rulesRussian } from './helpers';
import { nightVerdictWords, type NightResultMessage } from '../../../src/engine/night/results';
import { postPhrases } from '../../../src/engine/announce/phrases';
import { day, night as startNight, setup } from '../voting/helpers';
import { act, night, player } from './helpers';

/** A table from the 004 game: Vera the Commissar, Anna the Doctor, Misha the black. */
const names = nightResultNames(
  [
    { id: 'vera', name: 'Vera' },
    { id: 'anna', name: 'Anna' },
    { id: 'misha', name: 'Misha' },
    { id: 'boris', name: 'Boris' },
    { id: 'igor', name: 'Igor' },
  ],
  rulesRussian,
);
/** The same names for a Russian reader: the ruleset's Russian role names (004 L55 and issue 17: a PM names roles in its reader's language). */
const namesRu = nightResultNames(
  [
    { id: 'vera', name: 'Vera' },
    { id: 'anna', name: 'Anna' },
    { id: 'misha', name: 'Misha' },
    { id: 'boris', name: 'Boris' },
    { id: 'igor', name: 'Igor' },
  ],
  rulesRussian,
  'ru',
);

/** At least one result of every fact code (the type makes a missing code an error). */
const samples: { readonly [F in NightFactCode]: readonly NightResultOf<F>[] } = {
  'alignment-check': [nightResult('vera', 'alignment-check', ['misha'], true), nightResult('vera', 'alignment-check', ['boris'], false)],
  'faction-learnt': [nightResult('igor', 'faction-learnt', ['misha'], 'mafia')],
  'roles-learnt': [nightResult('igor', 'roles-learnt', ['misha'], ['doctor', 'mafia'])],
  newspaper: [nightResult('boris', 'newspaper', ['anna'], ['doctor'])],
  'witnessed-death': [nightResult('igor', 'witnessed-death', ['boris'], ['citizen'])],
  'target-visits': [nightResult('igor', 'target-visits', ['misha'], ['boris']), nightResult('igor', 'target-visits', ['misha'], [])],
  'visited-by': [nightResult('igor', 'visited-by', ['boris'], ['misha', 'anna']), nightResult('igor', 'visited-by', ['boris'], [])],
  'action-stopped': [nightResult('anna', 'action-stopped', [], 'blocker')],
  'action-redirected': [nightResult('anna', 'action-redirected', ['boris'], ['boris'])],
  injured: [nightResult('misha', 'injured', [], null)],
  'in-love': [nightResult('anna', 'in-love', ['boris'], null)],
  'role-stolen': [nightResult('igor', 'role-stolen', ['anna'], 'doctor')],
  'steal-failed': [nightResult('igor', 'steal-failed', ['boris'], null), nightResult('igor', 'steal-failed', ['boris'], 'citizen')],
  'second-role-lost': [nightResult('misha', 'second-role-lost', [], 'doctor')],
  'role-lost': [nightResult('anna', 'role-lost', [], 'citizen')],
  'role-inherited': [nightResult('igor', 'role-inherited', ['anna'], 'doctor')],
  'role-taken-for-day': [nightResult('igor', 'role-taken-for-day', ['anna'], 'doctor')],
  'family-empty': [nightResult('igor', 'family-empty', [], 'Cohen')],
  'forwarded-result': [nightResult('igor', 'forwarded-result', ['vera'], nightResult('vera', 'alignment-check', ['misha'], true))],
  'morning-heal': [
    nightResult(null, 'morning-heal', ['anna'], { role: 'doctor', hit: true }),
    nightResult(null, 'morning-heal', ['anna'], { role: 'doctor', hit: false }),
  ],
  'morning-block': [nightResult(null, 'morning-block', ['igor'], { role: 'blocker', hit: true })],
  'morning-check': [
    nightResult(null, 'morning-check', ['vera'], { role: 'commissar', hit: true }),
    nightResult(null, 'morning-check', ['vera'], { role: 'commissar', hit: false }),
    nightResult(null, 'morning-check', ['vera'], { role: 'commissar', hit: false, noInfo: true }),
  ],
  'attack-survived': [nightResult('boris', 'attack-survived', [], null)],
  'victim-team': [nightResult('misha', 'victim-team', ['boris'], 'red')],
  'saved-victim': [nightResult('anna', 'saved-victim', ['boris'], null)],
  'block-hit': [nightResult('igor', 'block-hit', ['anna'], 'doctor')],
  'client-crippled': [nightResult('boris', 'client-crippled', [], null)],
  hacked: [nightResult('anna', 'hacked', [], null)],
  'colours-compared': [
    nightResult('igor', 'colours-compared', ['anna', 'misha'], 'same'),
    nightResult('igor', 'colours-compared', ['anna', 'misha'], 'different'),
    nightResult('igor', 'colours-compared', ['anna', 'misha'], 'no-info'),
  ],
  watched: [nightResult('vera', 'watched', [], null)],
  drugged: [nightResult('boris', 'drugged', [], null)],
  'role-swapped': [nightResult('boris', 'role-swapped', [], 'doctor')],
  'guard-died-for-you': [nightResult('anna', 'guard-died-for-you', ['igor'], ['misha'])],
  'guard-attack-survived': [nightResult('igor', 'guard-attack-survived', ['anna'], ['mafia'])],
  'guard-ward-killed': [nightResult('igor', 'guard-ward-killed', ['anna'], ['misha'])],
  'move-failed': [nightResult('anna', 'move-failed', ['boris'], 'doctor'), nightResult('misha', 'move-failed', [], 'poisoner')],
  'left-home': [nightResult('igor', 'left-home', ['anna'], null)],
  'pleasant-night': [nightResult('boris', 'pleasant-night', [], null)],
  tortured: [nightResult('boris', 'tortured', [], null)],
  'team-learnt': [nightResult('misha', 'team-learnt', ['boris'], false)],
  'face-cut': [nightResult('boris', 'face-cut', ['anna'], null), nightResult('boris', 'face-cut', [], null)],
  'face-cut-target': [nightResult('anna', 'face-cut-target', [], null)],
  'spare-life-spent': [nightResult('igor', 'spare-life-spent', [], null), nightResult('igor', 'spare-life-spent', ['anna'], null)],
  crippled: [nightResult('misha', 'crippled', [], null)],
  avenged: [nightResult('igor', 'avenged', ['misha'], null)],
  'another-attempt': [nightResult('igor', 'another-attempt', ['misha'], null)],
  'role-disarmed': [nightResult('igor', 'role-disarmed', [], 'citizen')],
  'visitor-roles': [
    nightResult('igor', 'visitor-roles', [], ['mafia', 'doctor']),
    // 004 L132: the roles that visited the Politician's protégé, or nobody.
    nightResult('igor', 'visitor-roles', ['anna'], ['mafia']),
    nightResult('igor', 'visitor-roles', ['anna'], []),
  ],
  'heal-result': [nightResult('igor', 'heal-result', ['anna'], true), nightResult('igor', 'heal-result', ['anna'], false)],
  'hacked-one-role': [nightResult('misha', 'hacked-one-role', [], null)],
  'host-note': [nightResult('boris', 'host-note', [], 'Ваш чек: красный.')],
  'guard-ward-killed-roles': [nightResult('igor', 'guard-ward-killed-roles', ['anna', 'boris'], ['mafia'])],
  'slave-taken': [nightResult('igor', 'slave-taken', ['anna'], 'doctor')],
  'passport-taken': [nightResult('anna', 'passport-taken', [], null)],
  punished: [nightResult('anna', 'punished', [], null)],
  'move-overruled': [nightResult('anna', 'move-overruled', [], 'doctor')],
  'role-collected': [nightResult('igor', 'role-collected', ['anna'], 'doctor')],
  'samples-matched': [
    nightResult('igor', 'samples-matched', ['anna', 'misha', 'boris'], true),
    nightResult('igor', 'samples-matched', ['anna', 'boris'], false),
  ],
  'check-verified': [nightResult('igor', 'check-verified', ['anna'], true), nightResult('igor', 'check-verified', ['anna'], false)],
  'check-no-info': [nightResult('igor', 'check-no-info', ['anna'], null)],
  'cursed-at-random': [nightResult('igor', 'cursed-at-random', ['anna', 'boris', 'misha'], null)],
  'sample-against-bodies': [
    nightResult('igor', 'sample-against-bodies', ['misha', 'anna', 'boris'], true),
    nightResult('igor', 'sample-against-bodies', ['misha', 'anna', 'boris'], false),
  ],
  'body-examined': [nightResult('igor', 'body-examined', ['anna'], ['mafia', 'red']), nightResult('igor', 'body-examined', ['anna'], [])],
  'master-note': [nightResult('anna', 'master-note', [], 'Лечи Бориса.')],
  'side-changed': [nightResult('misha', 'side-changed', ['igor'], 'mafia')],
  'partner-joined': [nightResult('igor', 'partner-joined', ['misha'], 'mercenary')],
  'new-pair': [nightResult('misha', 'new-pair', ['igor'], 'mafia')],
  'kill-sender-changed': [nightResult('misha', 'kill-sender-changed', ['misha'], 'igor')],
  'neighbor-alignment': [nightResult('anna', 'neighbor-alignment', ['igor'], false)],
  recruited: [nightResult('anna', 'recruited', ['igor'], 'cult')],
  'recruit-result': [nightResult('igor', 'recruit-result', ['anna'], true), nightResult('igor', 'recruit-result', ['anna'], false)],
  'more-targets-next-night': [nightResult('misha', 'more-targets-next-night', [], 'poisoner')],
  'poison-survived': [nightResult('boris', 'poison-survived', [], null)],
  'actions-doubled': [nightResult('anna', 'actions-doubled', [], null)],
  'trap-list-cleared': [nightResult('misha', 'trap-list-cleared', [], null)],
  'check-false-black': [
    nightResult('misha', 'check-false-black', ['anna'], true),
    nightResult('misha', 'check-false-black', ['anna'], false),
  ],
  'slave-move-sent': [
    nightResult('igor', 'slave-move-sent', ['anna', 'boris'], 'doctor'),
    nightResult('igor', 'slave-move-sent', ['anna'], 'doctor'),
  ],
  'track-no-info': [nightResult('misha', 'track-no-info', ['anna'], null)],
  'blackening-seen': [nightResult('misha', 'blackening-seen', ['anna'], 'mafia'), nightResult('misha', 'blackening-seen', ['anna'], null)],
  'role-request-places': [
    nightResult('igor', 'role-request-places', [], {
      role: 'doctor',
      nights: [
        { night: 1, places: ['anna'] },
        { night: 2, places: [] },
      ],
    }),
    nightResult('igor', 'role-request-places', [], { role: 'doctor', nights: [{ night: 1, places: ['anna', 'boris'] }] }),
  ],
  'role-request-no-info': [nightResult('igor', 'role-request-no-info', [], 'doctor')],
};
const allSamples: readonly NightResult[] = nightFactCodes.flatMap((code): readonly NightResult[] => samples[code]);

const placeholders = (words: string): string[] => [...new Set(words.match(/\$[1-9]/g) ?? [])].sort();

describe('every fact has its words in both languages', () => {
  it('the list of fact codes is complete and has no repeats', () => {
    expect(new Set(nightFactCodes).size).toBe(nightFactCodes.length);
    expect([...nightFactCodes].sort()).toEqual(Object.keys(samples).sort());
  });

  it('English and Russian have the same keys, each with the same placeholders', () => {
    expect(Object.keys(nightResultWords.ru).sort()).toEqual([...nightResultKeys].sort());
    for (const key of nightResultKeys) {
      expect(placeholders(nightResultWords.ru[key]), key).toEqual(placeholders(nightResultWords.en[key]));
    }
  });

  it('each key is the message of some fact, and every placeholder a message uses is given', () => {
    const used = new Set<string>();
    // A message's own messages (a role request's nights, 004 L7) are used too.
    const useNested = (m: NightResultMessage): void => {
      used.add(m.key);
      for (const sub of m.subs) if (typeof sub !== 'string') useNested(sub);
    };
    for (const result of allSamples) {
      const message = nightResultMessage(result, names);
      useNested(message);
      expect(placeholders(nightResultWords.en[message.key]), `${result.fact} -> ${message.key}`).toEqual(
        message.subs.map((_, i) => `$${i + 1}`),
      );
    }
    expect([...used].sort()).toEqual([...nightResultKeys].sort());
  });

  it.each<NightLanguage>(['en', 'ru'])(
    'in %s, every sample renders with no placeholder left; a PM names whom it is about, a public word never names the holder',
    (language) => {
      for (const result of allSamples) {
        const text = renderNightResult(result, names, language);
        expect(text, result.fact).not.toMatch(/\$[1-9]/);
        for (const id of result.about) {
          if (result.to === null) expect(text, result.fact).not.toContain(names.player(id));
          else expect(text, result.fact).toContain(names.player(id));
        }
      }
    },
  );
});

describe('the sentences', () => {
  const say = (result: NightResult, language: NightLanguage = 'en') =>
    renderNightResult(result, language === 'ru' ? namesRu : names, language);

  it('a check uses the ruleset’s verdict words; players and roles are named, not shown as ids', () => {
    expect(say(nightResult('vera', 'alignment-check', ['misha'], true))).toBe('Your investigation of Misha: black.');
    // Issue 17: the verdict in the reader's language too (nightVerdictWords), not the rules' English id.
    expect(say(nightResult('vera', 'alignment-check', ['boris'], false), 'ru')).toBe('Результат проверки игрока Boris: красный.');
    expect(say(nightResult('igor', 'roles-learnt', ['misha'], ['doctor', 'mafia']))).toBe('Misha is Doctor + Mafia.');
    expect(say(nightResult('igor', 'visited-by', ['boris'], ['misha', 'anna']))).toBe('Boris was visited by Misha, Anna.');
    expect(say(nightResult('igor', 'target-visits', ['misha'], []), 'ru')).toBe('Misha сидел(а) дома.');
  });

  it('004 public words are the seed’s: попал, не попал, чек прошел, чек не прошел', () => {
    const heal = (hit: boolean) => nightResult(null, 'morning-heal', ['anna'], { role: 'doctor', hit });
    const check = (hit: boolean) => nightResult(null, 'morning-check', ['vera'], { role: 'commissar', hit });
    expect(say(heal(true), 'ru')).toBe('Доктор: попал');
    expect(say(heal(false), 'ru')).toBe('Доктор: не попал');
    expect(say(check(true), 'ru')).toBe('Комиссар: чек прошел');
    expect(say(check(false), 'ru')).toBe('Комиссар: чек не прошел');
    expect(say(heal(true))).toBe('Doctor: hit (попал)');
    expect(say(check(false))).toBe('Commissar: check did not go through (чек не прошел)');
  });

  it('a forwarded result is written whole in the reader’s language', () => {
    const forwarded = nightResult('igor', 'forwarded-result', ['vera'], nightResult('vera', 'alignment-check', ['misha'], true));
    expect(say(forwarded)).toBe('(from Vera) Your investigation of Misha: black.');
    expect(say(forwarded, 'ru')).toBe('(от игрока Vera) Результат проверки игрока Misha: чёрный.');
  });

  it('issue 17: the forum standard\'s "Town" / "Scum" verdicts read «мирный» / «мафия» in a Russian PM, from the same map the posts use', () => {
    const forum = nightResultNames(
      [
        { id: 'cop', name: 'Cop' },
        { id: 'ann', name: 'Ann' },
      ],
      nightRulesFor(rulesets['forum-standard']),
      'ru',
    );
    expect(renderNightResult(nightResult('cop', 'alignment-check', ['ann'], false), forum, 'ru')).toBe(
      'Результат проверки игрока Ann: мирный.',
    );
    expect(renderNightResult(nightResult('cop', 'alignment-check', ['ann'], true), forum, 'ru')).toBe(
      'Результат проверки игрока Ann: мафия.',
    );
    // One map: the posts' phrases are the night's words.
    expect(postPhrases.ru.verdicts).toBe(nightVerdictWords.ru);
    // English keeps the rules' own word.
    const en = nightResultNames([{ id: 'ann', name: 'Ann' }], nightRulesFor(rulesets['forum-standard']));
    expect(en.verdict(false)).toBe('Town');
  });

  it('an id nobody names shows as itself, so a missing name is visible', () => {
    expect(renderNightResult(nightResult('x', 'in-love', ['ghost'], null), nightResultNames([]))).toBe(
      'You have fallen in love with ghost.',
    );
  });
});

describe('every message a night sends says who is told', () => {
  it('a message’s result goes to the player the message goes to; public words to nobody in particular', () => {
    const players = [
      player('C', 'commissar'),
      player('D', 'doctor'),
      player('I', 'investigator'),
      player('M', 'mafia', 'mafia'),
      player('R', 'citizen'),
    ];
    const r = resolveNight(
      night(players, [act('C', 'check', ['M']), act('D', 'heal', ['R']), act('M', 'kill', ['R'])]),
      rulesRussian,
      createRng(1),
    );
    const messages = r.events.filter((e) => e.type === 'message');
    const public_ = r.events.filter((e) => e.type === 'announcement');
    expect(messages.length).toBeGreaterThan(0);
    for (const e of messages) expect(e.result.to).toBe(e.to);
    expect(public_.map((e) => [e.result.to, e.result.fact])).toEqual([
      [null, 'morning-heal'],
      [null, 'morning-check'],
    ]);
  });
});

describe('a game keeps the results of its nights', () => {
  const ruleset = rulesets['mafia-1923-000'];
  const events: GameEvent[] = [
    setup([
      { name: 'Al', family: 'A', faction: 'mafia', role: 'mafia-member' },
      { name: 'Bo', family: 'A', faction: 'civilians', role: 'paperboy' },
      { name: 'Cy', family: 'B', faction: 'civilians', role: 'doctor' },
      { name: 'Di', family: 'B', faction: 'civilians', role: 'townsperson' },
    ]),
    startNight(1),
    { type: 'action/use', actor: 'Bo', ability: 'deliver', targets: ['Di', 'Cy'] },
  ];

  it('the message event keeps the result, with its English sentence beside it', () => {
    const state = deriveState(events);
    const resolution = resolveNight(toNightInput(state, rules1923, ruleset), rules1923, createRng(1));
    const sent = fromNightResolution(resolution, state, ruleset, rules1923).events.filter((e) => e.type === 'message/send');
    expect(sent).toEqual([
      {
        type: 'message/send',
        to: 'Di',
        text: 'The paper says Cy is Doctor.',
        result: { to: 'Di', fact: 'newspaper', about: ['Cy'], value: ['doctor'] },
      },
    ]);
  });

  it('the private messages of the night carry the result, and a stored game with text only still reads', () => {
    const state = deriveState(events);
    const resolution = resolveNight(toNightInput(state, rules1923, ruleset), rules1923, createRng(1));
    const caused = fromNightResolution(resolution, state, ruleset, rules1923).events;
    const after = deriveState([...events, ...caused, day(1)]);
    const { messages } = composePrivateMessages(after, ruleset, { kind: 'night', number: 1 }, null, createRng(0), {
      nightResolved: true,
    });
    expect(messages.map((m) => [m.name, m.result?.fact, m.text])).toEqual([['Di', 'newspaper', 'The paper says Cy is Doctor.']]);

    const old = deriveState([...events, { type: 'message/send', to: 'Di', text: 'The paper says Cy is Doctor.' }, day(1)]);
    const oldMessages = composePrivateMessages(old, ruleset, { kind: 'night', number: 1 }, null, createRng(0), { nightResolved: true });
    expect(oldMessages.messages).toEqual([{ to: 'Di', name: 'Di', text: 'The paper says Cy is Doctor.' }]);
  });

  it('a Witness told by the announcer (no night rules) gets the same fact as from the night rules', () => {
    const witnessGame: GameEvent[] = [
      setup([
        { name: 'Al', family: 'A', faction: 'mafia', role: 'mafia-member' },
        { name: 'Wi', family: 'B', faction: 'civilians', role: 'witness' },
        { name: 'Di', family: 'B', faction: 'civilians', role: 'townsperson' },
      ]),
      startNight(1),
      { type: 'player/die', slotId: 'Di', cause: 'killed at night' },
      day(1),
    ];
    const { messages } = composePrivateMessages(deriveState(witnessGame), ruleset, { kind: 'night', number: 1 }, null, createRng(0));
    expect(messages.map((m) => m.result)).toEqual([{ to: 'Wi', fact: 'witnessed-death', about: ['Di'], value: ['townsperson'] }]);
    expect(messages.map((m) => m.text)).toEqual(['Di died; their role was Townsperson.']);
  });
});

describe('reading results back', () => {
  it('every result a night can send reads back as a result; a damaged one does not', () => {
    for (const result of allSamples) expect(isNightResult(JSON.parse(JSON.stringify(result))), result.fact).toBe(true);
    expect(isNightResult({ to: 'c', fact: 'alignment-check', about: ['a'] })).toBe(false);
    expect(isNightResult({ to: 'c', fact: 'alignment-check', about: ['a'], value: 'black' })).toBe(false);
    expect(isNightResult({ to: 'c', fact: 'told-a-secret', about: [], value: null })).toBe(false);
    expect(isNightResult({ to: 7, fact: 'injured', about: [], value: null })).toBe(false);
    expect(isNightResult({ to: null, fact: 'morning-heal', about: ['d'], value: { role: 'doctor' } })).toBe(false);
    expect(isNightResult({ to: 'i', fact: 'forwarded-result', about: ['c'], value: { to: 'c', fact: 'nothing' } })).toBe(false);
  });
});
