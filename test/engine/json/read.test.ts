/**
 * The JSON reading kit: a host's file is read into typed values, or refused
 * with every problem naming the file, the field's path and what was expected.
 */
import { describe, expect, it } from 'vitest';
import { json, formatProblems, readJsonText, readJsonValue, type Reader } from '../../../src/engine';

const { array, boolean, byType, integer, map, nullable, number, object, oneOf, optional, orDefault, record, recursive, string, union } =
  json;

interface Account {
  readonly name: string;
  readonly fromPost?: number;
}
interface Slot {
  readonly id: string;
  readonly accounts: readonly Account[];
}
interface Roster {
  readonly hosts: readonly string[];
  readonly slots: readonly Slot[];
}

const roster: Reader<Roster> = object<Roster>({
  hosts: orDefault(array(string(), { max: 5 }), []),
  slots: array(
    object<Slot>({
      id: string(),
      accounts: array(object<Account>({ name: string(), fromPost: optional(integer({ min: 0, max: 1000 })) }), { min: 1, max: 3 }),
    }),
    { max: 20 },
  ),
});

describe('reading a value that fits', () => {
  it('gives the typed value, with defaults for absent fields and nothing for absent optional ones', () => {
    const read = readJsonValue({ slots: [{ id: 's1', accounts: [{ name: 'Noodle' }] }] }, roster, 'game.json');
    expect(read).toEqual({ ok: true, value: { hosts: [], slots: [{ id: 's1', accounts: [{ name: 'Noodle' }] }] } });
  });

  it('parses text first, and a syntax error is a problem like any other', () => {
    expect(readJsonText('{"hosts": [', roster, 'game.json')).toMatchObject({
      ok: false,
      problems: [{ source: 'game.json', path: '', problem: expect.stringMatching(/^not valid JSON \(/u) as unknown }],
    });
  });
});

describe('problems name the file, the path and what was expected', () => {
  it('finds a wrong type deep in a roster, and every other problem with it', () => {
    const read = readJsonValue(
      {
        hosts: 'Gorny',
        slots: [
          { id: 's1', accounts: [{ name: 'Noodle' }] },
          { id: 's2', accounts: [{ name: 'Dredd' }, { name: 42 }] },
          { id: '', accounts: [] },
        ],
      },
      roster,
      'game.json',
    );
    expect(read.ok ? [] : read.problems).toEqual([
      { source: 'game.json', path: 'hosts', problem: 'expected a list, found "Gorny"' },
      { source: 'game.json', path: 'slots[1].accounts[1].name', problem: 'expected a non-empty string, found 42' },
      { source: 'game.json', path: 'slots[2].id', problem: 'expected a non-empty string, found an empty one' },
      { source: 'game.json', path: 'slots[2].accounts', problem: 'expected at least one item, found an empty list' },
    ]);
  });

  it('says a required field is missing', () => {
    const read = readJsonValue({ slots: [{ accounts: [{ name: 'Noodle' }] }] }, roster, 'game.json');
    expect(read.ok ? [] : read.problems.map((p) => formatProblems([p]))).toEqual(['game.json: slots[0].id: missing']);
  });

  it('prints one problem as one line, several under a count', () => {
    const read = readJsonValue({ hosts: [1], slots: {} }, roster, 'game.json');
    expect(read.ok ? '' : formatProblems(read.problems)).toBe(
      ['game.json: 2 problems', '  hosts[0]: expected a non-empty string, found 1', '  slots: expected a list, found an object'].join('\n'),
    );
  });

  it('quotes keys that are not plain names in the path', () => {
    const read = readJsonValue({ 'Bad Ash': 'x' }, record(integer({ min: 0, max: 9 }), { maxKeys: 5 }), 'weights.json');
    expect(read.ok ? [] : read.problems[0]?.path).toBe('["Bad Ash"]');
  });
});

describe('keys a file may use to trick a reader', () => {
  it('keeps "__proto__" a plain key of a map and reads no field from the prototype', () => {
    const read = readJsonText('{"__proto__": 3, "judge": 6}', record(integer({ min: 0, max: 9 }), { maxKeys: 5 }), 'w');
    expect(read.ok && Object.keys(read.value)).toEqual(['__proto__', 'judge']);
    expect(read.ok && Object.getPrototypeOf(read.value)).toBe(Object.prototype);
    const ctor = object<{ constructor?: string }>({ constructor: optional(string()) });
    expect(readJsonValue({}, ctor, 'x')).toEqual({ ok: true, value: {} });
  });
});

describe('unknown keys in a closed format', () => {
  const voting = object<{ lock: boolean; majorityOf: string }>({ lock: boolean, majorityOf: oneOf(['living', 'eligible']) });

  it('are refused with the nearest known key', () => {
    const read = readJsonValue({ lock: true, majorityOf: 'living', lcok: false, majortyOf: 'x' }, voting, 'r.json');
    expect(read.ok ? [] : read.problems.map((p) => `${p.path}: ${p.problem}`)).toEqual([
      'lcok: unknown field; did you mean lock?',
      'majortyOf: unknown field; did you mean majorityOf?',
    ]);
  });

  it('get no suggestion when nothing is close', () => {
    const read = readJsonValue({ lock: true, majorityOf: 'living', colour: 'red' }, voting, 'r.json');
    expect(read.ok ? [] : read.problems.map((p) => p.problem)).toEqual(['unknown field']);
  });

  it('are dropped, not refused, where the format is open', () => {
    const open = object<{ lock: boolean }>({ lock: boolean }, { closed: false });
    expect(readJsonValue({ lock: true, note: 'from a newer Gavel' }, open, 'x')).toEqual({ ok: true, value: { lock: true } });
  });

  it('suggest the value meant for a misspelt choice', () => {
    const read = readJsonValue({ lock: true, majorityOf: 'livng' }, voting, 'r.json');
    expect(read.ok ? [] : read.problems[0]?.problem).toBe('expected "living" or "eligible", found "livng"; did you mean living?');
  });
});

describe('bounds', () => {
  const phases = integer({ min: 1, max: 500 });

  it('refuse numbers that would make later work hang, and fractions where a count belongs', () => {
    for (const bad of [100000, 1e9, 0, -3, 2.5, Number.NaN, '12', null]) {
      const read = readJsonValue(bad, phases, 'clock');
      expect(read.ok, String(bad)).toBe(false);
    }
    expect(readJsonValue(1e9, phases, 'clock')).toMatchObject({
      problems: [{ problem: 'expected a whole number from 1 to 500, found 1000000000' }],
    });
    expect(readJsonValue(500, phases, 'clock')).toEqual({ ok: true, value: 500 });
  });

  it('refuse a list or an object with too many items before reading them', () => {
    const list = readJsonValue(
      Array.from({ length: 11 }, () => 'x'),
      array(string(), { max: 10 }),
      'f',
    );
    expect(list).toMatchObject({ ok: false, problems: [{ problem: 'too many items: 11, at most 10' }] });
    const map = readJsonValue(
      Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`k${i}`, 1])),
      record(number({ min: 0, max: 1 }), { maxKeys: 3 }),
      'f',
    );
    expect(map).toMatchObject({ ok: false, problems: [{ problem: 'too many entries: 4, at most 3' }] });
  });

  it('refuse values nested deeper than a recursive format allows', () => {
    interface Quote {
      readonly quote: Quote | null;
    }
    const quote: Reader<Quote> = recursive(() => object<Quote>({ quote: nullable(quote) }), 5);
    let deep: Quote = { quote: null };
    for (let i = 0; i < 10; i++) deep = { quote: deep };
    const read = readJsonValue(deep, quote, 'post');
    expect(read).toMatchObject({ ok: false, problems: [{ path: 'quote.quote.quote.quote.quote', problem: 'nested more than 5 deep' }] });
  });

  it('stop listing problems after a hundred', () => {
    const read = readJsonValue(
      Array.from({ length: 150 }, () => 1),
      array(string(), { max: 1000 }),
      'f',
    );
    expect(read.ok ? [] : read.problems).toHaveLength(101);
    expect(read.ok ? '' : read.problems[100]?.problem).toBe('and 50 more problems not listed');
  });
});

describe('choices between shapes', () => {
  type Win = { kind: 'parity'; mafiaWinsWhen: 'at-parity' | 'outnumber' } | { kind: 'families-after-day'; afterDay: number };
  const win = union<Win>('kind', {
    parity: object({ kind: oneOf(['parity']), mafiaWinsWhen: oneOf(['at-parity', 'outnumber']) }),
    'families-after-day': object({ kind: oneOf(['families-after-day']), afterDay: integer({ min: 1, max: 100 }) }),
  });

  it('read an object by its discriminating field, with the fields of that shape', () => {
    expect(readJsonValue({ kind: 'families-after-day', afterDay: 5 }, win, 'r')).toEqual({
      ok: true,
      value: { kind: 'families-after-day', afterDay: 5 },
    });
    const read = readJsonValue({ kind: 'parity', afterDay: 5 }, win, 'r');
    expect(read.ok ? [] : read.problems.map((p) => `${p.path}: ${p.problem}`)).toEqual([
      'mafiaWinsWhen: missing',
      'afterDay: unknown field',
    ]);
  });

  it('name the discriminating field when it is not one of the shapes, with the nearest', () => {
    const read = readJsonValue({ kind: 'parit' }, win, 'r');
    expect(read.ok ? [] : read.problems).toEqual([
      { source: 'r', path: 'kind', problem: 'expected "parity" or "families-after-day", found "parit"; did you mean parity?' },
    ]);
  });

  it('read a value written as a name or as an object, told apart by its JSON type', () => {
    const account = byType<Account>(
      {
        string: map(string(), (name) => ({ name })),
        object: object<Account>({ name: string(), fromPost: optional(integer({ min: 0, max: 9 })) }),
      },
      'a name or { "name", "fromPost" }',
    );
    expect(readJsonValue(['Noodle', { name: 'Leopold', fromPost: 6 }], array(account, { max: 5 }), 'r')).toEqual({
      ok: true,
      value: [{ name: 'Noodle' }, { name: 'Leopold', fromPost: 6 }],
    });
    expect(readJsonValue([7], array(account, { max: 5 }), 'r')).toMatchObject({
      problems: [{ path: '[0]', problem: 'expected a name or { "name", "fromPost" }, found 7' }],
    });
  });

  it('let a value be checked further after it is read', () => {
    const date = map(string(), (text, reject) =>
      /^\d{4}-\d{2}-\d{2}$/u.test(text) ? text : reject(`expected a date like 2026-03-24, found "${text}"`),
    );
    expect(readJsonValue({ firstDate: '24/03/2026' }, object<{ firstDate: string }>({ firstDate: date }), 'clock')).toMatchObject({
      problems: [{ path: 'firstDate', problem: 'expected a date like 2026-03-24, found "24/03/2026"' }],
    });
  });
});

describe('the nearest known word', () => {
  it('forgives a slip of the keyboard but not a different word', () => {
    expect(json.nearest('votng', ['voting', 'win', 'roles'])).toBe('voting');
    expect(json.nearest('rolse', ['voting', 'win', 'roles'])).toBe('roles');
    expect(json.nearest('kind', ['id', 'name'])).toBeUndefined();
    expect(json.editDistance('nigth', 'night')).toBe(1);
    expect(json.editDistance('', 'abc')).toBe(3);
  });
});
