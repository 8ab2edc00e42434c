/**
 * What 004's end-of-day moves tell players and the thread is an EngineMessage
 * (`day-end/*`) kept on the `message/send` event; each reader words it in its
 * language with the catalogs (`engine_day_end_*`). Events stored before the
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
  plainMessage,
  word,
  type GameEvent,
  type Ruleset,
} from '../../../src/engine';
import { dayMoveEvents } from '../../../src/engine/game/day-moves-004';
import { catalogWording } from '../../../extension/shared/engine-wording';

const ruleset = (): Ruleset => {
  const r = findRuleset('russian-004');
  if (r === undefined) throw new Error('no russian-004');
  return r;
};

/** Day 1 of a 004 game: the Fanatic Ivan names Vera (a Commissar) as his favourite. */
const fanaticDay = (): GameEvent[] => [
  {
    type: 'game/setup',
    players: [
      { slotId: 'ivan', name: 'Ivan', faction: 'red', role: 'fanatic' },
      { slotId: 'vera', name: 'Vera', faction: 'red', role: 'commissar' },
      { slotId: 'kolya', name: 'Kolya', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
    ],
  },
  { type: 'phase/start', phase: { kind: 'day', number: 1 } },
  { type: 'action/use', actor: 'ivan', ability: 'favourite', targets: ['vera'] },
];

describe('the end-of-day moves’ messages (004)', () => {
  it('L36 "Фанатик сразу узнает его мирную роль": the favourite is told as day-end/favourite with the name and the role id', () => {
    const state = deriveState(fanaticDay());
    const { events } = dayMoveEvents(state, ruleset(), { kind: 'day', number: 1 }, createRng(1));
    const sent = events.filter((e) => e.type === 'message/send');
    expect(sent).toEqual([
      {
        type: 'message/send',
        to: 'ivan',
        // No wording given: the text says the code and its arguments plainly, nothing lost.
        text: plainMessage(engineMessage('day-end/favourite', word.text('Vera'), word.role('commissar'))),
        message: engineMessage('day-end/favourite', word.text('Vera'), word.role('commissar')),
      },
    ]);
  });

  it('is worded in Russian with the seed’s words and in English, from the same message', () => {
    const wording = catalogWording(ruleset());
    const favourite = engineMessage('day-end/favourite', word.text('Vera'), word.role('commissar'));
    expect(wording(favourite, 'ru')).toBe('Ваш любимчик — Vera, его мирная роль — Комиссар.');
    expect(wording(favourite, 'en')).toBe('Your favourite is Vera, whose peaceful role is Commissar.');
    // L18 "Ведущий сообщит в итоге голосования, в какого игрока вселился фантом."
    const possessed = engineMessage('day-end/possessed', word.role('phantom'), word.text('Ivan'), word.text('Vera'));
    expect(wording(possessed, 'ru')).toBe('Фантом Ivan вселился в игрока Vera.');
    expect(wording(possessed, 'en')).toBe('The Phantom Ivan possessed Vera.');
    // L53 "… уничтожить роль и цвет у любого игрока, если будет залинчован днем, о чем будет указано в итогах голосования"
    const rage = engineMessage('day-end/rage', word.role('executioner'), word.text('Vera'));
    expect(wording(rage, 'ru')).toBe('Залинчеванный Экзекутор уничтожил роль и цвет игрока Vera.');
  });

  it('a day’s private messages are worded in the posts’ language when composed, whatever language the event was sent in', () => {
    const r = ruleset();
    const wording = catalogWording(r);
    const state = deriveState(fanaticDay());
    const { events } = dayMoveEvents(state, r, { kind: 'day', number: 1 }, createRng(1), (m) => wording(m, 'ru'));
    const after = deriveState([...fanaticDay(), ...events]);
    const en = composePrivateMessages(after, r, { kind: 'day', number: 1 }, null, createRng(1), { language: 'en', wording });
    expect(en.messages).toEqual([
      expect.objectContaining({
        to: 'ivan',
        text: 'Your favourite is Vera, whose peaceful role is Commissar.',
        message: expect.anything(),
      }),
    ]);
    const ru = composePrivateMessages(after, r, { kind: 'day', number: 1 }, null, createRng(1), { language: 'ru', wording });
    expect(ru.messages.map((m) => m.text)).toEqual(['Ваш любимчик — Vera, его мирная роль — Комиссар.']);
  });

  it('an event stored before the messages were data (text only) still reads, and is shown as written', () => {
    const stored = [...fanaticDay(), { type: 'message/send', to: 'ivan', text: 'Ваш любимчик — Vera, его роль — Комиссар.' }];
    const read = json.readJsonText(JSON.stringify(stored), json.array(json.gameEventReader, { max: 100 }), 'old-game.json');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const state = deriveState(read.value);
    const { messages } = composePrivateMessages(state, ruleset(), { kind: 'day', number: 1 }, null, createRng(1), {
      language: 'en',
      wording: catalogWording(ruleset()),
    });
    expect(messages).toEqual([{ to: 'ivan', name: 'Ivan', text: 'Ваш любимчик — Vera, его роль — Комиссар.' }]);
  });

  it('a stored event keeps its message through the game file reader, and a message that is not one is refused, naming the field', () => {
    const message = engineMessage('day-end/face-back');
    const good = json.readJsonText(
      JSON.stringify({ type: 'message/send', to: 'vera', text: 'x', message }),
      json.gameEventReader,
      'game.json',
    );
    expect(good.ok && good.value).toEqual({ type: 'message/send', to: 'vera', text: 'x', message });
    const bad = json.readJsonText(
      JSON.stringify({ type: 'message/send', to: 'vera', text: 'x', message: { code: 7 } }),
      json.gameEventReader,
      'game.json',
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems).toEqual([expect.objectContaining({ path: 'message', problem: 'not a message this Gavel knows' })]);
  });
});
