/**
 * What the phase's end tells players under 003 and 001 (the Black
 * Organization's new leader, Pisco's will, the Black Suitcase, a lynched
 * Hitman's successor) is an EngineMessage (`phase-end/*`) kept on the
 * `message/send` event, worded by each reader with the catalogs
 * (`engine_phase_end_*`), in Russian as in English. Events stored before these
 * messages were data hold only their text, which is shown as written.
 */
import { describe, expect, it } from 'vitest';
import {
  composePrivateMessages,
  createRng,
  deriveState,
  engineMessage,
  findRuleset,
  json,
  parseGameScript,
  playGame,
  word,
  type EngineMessage,
  type GameEvent,
  type PlayResult,
  type PostLanguage,
} from '../../../src/engine';
import { catalogWording } from '../../../extension/shared/engine-wording';
import { readScript } from '../scenarios/run-script';

/** Plays a script with the catalogs' wording, its posts in `language`. */
const play = (text: string, language: PostLanguage): PlayResult => {
  const parsed = parseGameScript(text);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
  const ruleset = findRuleset(parsed.script.ruleset ?? '');
  if (ruleset === undefined) throw new Error('no ruleset');
  const run = playGame(parsed.script, ruleset, { wording: catalogWording(ruleset), language });
  if (!run.ok) throw new Error(run.errors.map((e) => e.message).join('\n'));
  return run.result;
};

/** What the game rules said to a player, as messages and as the text sent. */
const sentTo = (played: PlayResult, slotId: string): { message: EngineMessage | undefined; text: string }[] =>
  played.events.flatMap((e) => (e.type === 'message/send' && e.to === slotId ? [{ message: e.message, text: e.text }] : []));

describe('003: the phase’s end tells its news as engine messages', () => {
  const en = play(readScript('detective-conan-003-statuses.game'), 'en');
  const ru = play(readScript('detective-conan-003-statuses.game'), 'ru');

  it('"The BO may elect to choose a leader": the members are told phase-end/leader with the name and the faction id, worded in both languages', () => {
    const leader = engineMessage('phase-end/leader', word.text('Pisco'), word.faction('bo'));
    expect(sentTo(en, 'Vodka')).toContainEqual({ message: leader, text: 'Pisco now leads the Black Organization.' });
    expect(sentTo(ru, 'Vodka')).toContainEqual({ message: leader, text: 'Новый лидер фракции «Чёрная организация»: Pisco.' });
  });

  it('"Pisco will receive the Will then": phase-end/will with the name and the will as written', () => {
    const will = engineMessage('phase-end/will', word.text('Ayumi'), word.text('My diary names the man in black.'));
    expect(sentTo(en, 'Pisco')).toContainEqual({ message: will, text: 'You took the will of Ayumi: My diary names the man in black.' });
    expect(sentTo(ru, 'Pisco')).toContainEqual({
      message: will,
      text: 'Вы забрали завещание игрока Ayumi: My diary names the man in black.',
    });
  });

  it('"the leader will choose a member … to get the suitcase": phase-end/suitcase', () => {
    const suitcase = engineMessage('phase-end/suitcase');
    expect(sentTo(en, 'Tequila')).toContainEqual({ message: suitcase, text: 'You carry the Black Suitcase tonight.' });
    expect(sentTo(ru, 'Tequila')).toContainEqual({ message: suitcase, text: 'Этой ночью чёрный чемоданчик у вас.' });
  });

  it('a message sent in English is composed in Russian when the posts are Russian, from the same message', () => {
    const ruleset = findRuleset('detective-conan-003');
    if (ruleset === undefined) throw new Error('no ruleset');
    const state = deriveState(en.events);
    const sent = en.events.filter((e): e is Extract<GameEvent, { type: 'message/send' }> => e.type === 'message/send');
    const will = sent.find((e) => e.message?.code === 'phase-end/will');
    expect(will).toBeDefined();
    const at = en.events.indexOf(will as GameEvent);
    const phase = deriveState(en.events.slice(0, at)).phase;
    if (phase === null) throw new Error('no phase');
    const { messages } = composePrivateMessages(state, ruleset, phase, null, createRng(1), {
      language: 'ru',
      wording: catalogWording(ruleset),
    });
    expect(messages.map((m) => m.text)).toContain('Вы забрали завещание игрока Ayumi: My diary names the man in black.');
  });
});

describe('001: a lynched Hitman’s successor is told as phase-end/successor', () => {
  const script = [
    'ruleset forum-template-001',
    'player Noodle faction=town role=cop',
    'player Leo faction=mafia role=goon',
    'player Gorny faction=town role=vest',
    'player Pyro faction=mafia role=hitman',
    'player Caluin faction=town role=doctor',
    'player Zarn faction=town role=vanilla',
    'player Dredd faction=town role=vanilla',
    'player Orphan faction=mafia role=goon',
    'day 1',
    ...['Noodle', 'Gorny', 'Caluin', 'Zarn', 'Dredd'].map((v) => `  ${v} votes Pyro`),
  ].join('\n');

  it('"either Leo or Orphan becomes the hit man and then would replace Pyro": in English and in Russian', () => {
    const successor = engineMessage('phase-end/successor', word.text('Pyro'), word.role('hitman'));
    expect(sentTo(play(script, 'en'), 'Leo')).toEqual([{ message: successor, text: 'Pyro is gone: you are now the Mafia Hitman.' }]);
    const ru = sentTo(play(script, 'ru'), 'Leo');
    expect(ru.map((m) => m.message)).toEqual([successor]);
    expect(ru[0]?.text).toMatch(/^Игрока Pyro больше нет: теперь ваша роль — /);
    expect(ru[0]?.text).not.toContain('hitman');
  });
});

describe('events stored before the phase’s end messages were data', () => {
  it('a text-only leader message still reads and is shown as written', () => {
    const stored = [
      {
        type: 'game/setup',
        players: [
          { slotId: 'gin', name: 'Gin', faction: 'bo', role: 'bo-member' },
          { slotId: 'ran', name: 'Ran', faction: 'town', role: 'townsfolk' },
        ],
      },
      { type: 'phase/start', phase: { kind: 'day', number: 1 } },
      { type: 'message/send', to: 'gin', text: 'Gin now leads the Black Organization.' },
    ];
    const read = json.readJsonText(JSON.stringify(stored), json.array(json.gameEventReader, { max: 100 }), 'old-game.json');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const ruleset = findRuleset('detective-conan-003');
    if (ruleset === undefined) throw new Error('no ruleset');
    const { messages } = composePrivateMessages(deriveState(read.value), ruleset, { kind: 'day', number: 1 }, null, createRng(1), {
      language: 'ru',
      wording: catalogWording(ruleset),
    });
    expect(messages).toEqual([{ to: 'gin', name: 'Gin', text: 'Gin now leads the Black Organization.' }]);
  });
});
