/**
 * 004's Maid (L45): «Дополнительно горничная указывает то, что ведущий
 * передаст целевому игроку - можно как заменить сообщение, так и дополнить
 * его». Her words travel with her move: in a game script (after a colon), in
 * the event log (`action/use`'s `text`) and from there into the night.
 */
import { describe, expect, it } from 'vitest';
import { deriveState, json, parseGameScript, type GameEvent } from '../../../src/engine';
import { toNightInput } from '../../../src/engine/game/night-bridge';
import { rulesetNightRules } from '../../../src/engine/rules/sections';
import { findRuleset } from '../../../src/engine';
import { playScript, playText } from '../scenarios/run-script';

const words = 'Ваш чек: Kolya — "красный"; проверка прошла.';

describe('the Maid’s words in a game script (L45)', () => {
  it('are read after the colon, whole: a ";" or quotes in them are words, not statements', () => {
    const parsed = parseGameScript(
      ['player Masha faction=red role=maid', 'night 1', `  Vera votes Kolya; Masha uses serve-replace on Vera: ${words}`].join('\n'),
    );
    expect(parsed.ok && parsed.script.steps.filter((s) => s.kind !== 'phase')).toEqual([
      { line: 3, kind: 'vote', voter: 'Vera', ballot: null, target: 'Kolya' },
      { line: 3, kind: 'use', actor: 'Masha', ability: 'serve-replace', targets: ['Vera'], text: words },
    ]);
  });

  it('an empty text after the colon is refused, naming the line', () => {
    const parsed = parseGameScript(['player Masha faction=red role=maid', 'night 1', '  Masha uses serve-replace Vera:   '].join('\n'));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors).toEqual([{ line: 3, message: expect.stringContaining('the text after ":" is empty') }]);
  });

  it('«заменить сообщение»: the played night tells Vera the Maid’s words instead of her check, and the log keeps them', () => {
    const played = playScript('russian-004-maid.game');
    const state = deriveState(played.events);
    const use = played.events.find(
      (e): e is Extract<GameEvent, { type: 'action/use' }> => e.type === 'action/use' && e.ability === 'serve-replace',
    );
    expect(use).toEqual({ type: 'action/use', actor: 'Masha', ability: 'serve-replace', targets: ['Vera'], text: words });
    const vera = state.players.find((p) => p.name === 'Vera');
    expect(vera?.inbox.map((m) => m.text)).toEqual([words]);
  });

  it('a text on a move that hands on no words is refused, naming the line and the moves that do', () => {
    expect(() =>
      playText(
        [
          'ruleset russian-004',
          'player Vera faction=red role=commissar',
          'player Kolya faction=mafia role=citizen second=mafia',
          'night 1',
          '  Vera uses check Kolya: hello',
        ].join('\n'),
      ),
    ).toThrow(
      /line 5: "check" hands its target no words, so the text after ":" has nowhere to go \(moves that do: buy-votes, serve-replace, serve-add, choose-side, order-slave-day, note-slave\)/,
    );
  });

  it('a recorded move’s words reach the night’s input, and a stored event with them reads back', () => {
    const ruleset = findRuleset('russian-004');
    const rules = ruleset === undefined ? undefined : rulesetNightRules(ruleset);
    if (ruleset === undefined || rules === undefined) throw new Error('no russian-004');
    const events: GameEvent[] = [
      {
        type: 'game/setup',
        players: [
          { slotId: 'm', name: 'Masha', faction: 'red', role: 'maid' },
          { slotId: 'v', name: 'Vera', faction: 'red', role: 'commissar' },
        ],
      },
      { type: 'phase/start', phase: { kind: 'night', number: 1 } },
      { type: 'action/use', actor: 'm', ability: 'serve-add', targets: ['v'], text: words },
    ];
    const read = json.readJsonText(JSON.stringify(events), json.array(json.gameEventReader, { max: 10 }), 'game.json');
    expect(read.ok && read.value).toEqual(events);
    const input = toNightInput(deriveState(events), rules, ruleset);
    expect(input.actions).toEqual([{ actor: 'm', ability: 'serve-add', targets: ['v'], sentAt: 2, text: words }]);
    // A text that is not a string is refused with its field named.
    const bad = json.readJsonText(JSON.stringify({ ...events[2], text: 5 }), json.gameEventReader, 'game.json');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems[0]).toMatchObject({ path: 'text' });
  });
});
