/**
 * One way to read JSON a host wrote or a program saved: small readers that
 * compose into a format, each returning a typed value or adding problems that
 * say which file, which field (a JSON path such as
 * `roster.slots[3].accounts[0].name`) and what is wrong (what was expected,
 * what was found). A reader reports every problem it can find, not only the
 * first, and never throws on bad input.
 *
 * Numbers and lists are always bounded: a file asking for 1e9 phases or a
 * million roles is refused here, before later computation could hang on it.
 */

/** One thing wrong with an input. */
export interface JsonProblem {
  /** Which input: a file name, or a label such as `ruleset`. */
  readonly source: string;
  /** Where in it: a JSON path (`voting.roleWeights.judge`, `players[2].name`); empty for the whole input. */
  readonly path: string;
  /** What is wrong, in a host's words: `expected true or false, found "yes"`. */
  readonly problem: string;
}

/** A problem as one line: `source: path: problem` (the parts that are empty are left out). */
export function formatProblem(p: JsonProblem, withSource = true): string {
  return [withSource ? p.source : '', p.path, p.problem].filter((part) => part !== '').join(': ');
}

/**
 * Problems as text for a terminal: one problem is one line; several are a
 * count line (`game.json: 3 problems`) and one indented line each.
 */
export function formatProblems(problems: readonly JsonProblem[]): string {
  const [first] = problems;
  if (first === undefined) return '';
  if (problems.length === 1) return formatProblem(first);
  const sources = new Set(problems.map((p) => p.source));
  const lines = problems.map((p) => `  ${formatProblem(p, sources.size > 1)}`);
  return [`${sources.size === 1 ? first.source : 'input'}: ${problems.length} problems`, ...lines].join('\n');
}

/** What a reader returns when the value is unusable; the reason is in the context's problems. */
export const INVALID: unique symbol = Symbol('invalid JSON value');
export type Invalid = typeof INVALID;

/** Where a reader is: the problems found so far and how deep in nested values it is. */
export interface ReadContext {
  readonly source: string;
  readonly problems: JsonProblem[];
  depth: number;
}

/** Reads one value at `path`; adds problems to the context and returns INVALID when it cannot. */
export type Reader<T> = (value: unknown, path: string, cx: ReadContext) => T | Invalid;

/** A field that may be absent (`undefined`); present, it is read by `read`. */
export interface OptionalField<T> {
  readonly optional: true;
  readonly read: Reader<T>;
}

/** A field that may be absent, and then takes a default value. */
export interface DefaultedField<T> {
  readonly optional: true;
  readonly read: Reader<T>;
  readonly fallback: T;
}

export type ReadResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly JsonProblem[] };

/** Most problems one input reports; a file wrong everywhere would otherwise print thousands of lines. */
export const MAX_PROBLEMS = 100;

/** Reads `value` (already parsed JSON) with `reader`; `source` names the input in every problem. */
export function readJsonValue<T>(value: unknown, reader: Reader<T>, source: string): ReadResult<T> {
  const cx: ReadContext = { source, problems: [], depth: 0 };
  const out = reader(value, '', cx);
  if (out === INVALID || cx.problems.length > 0) return { ok: false, problems: limitProblems(cx.problems, source) };
  return { ok: true, value: out };
}

/** Parses JSON text, then reads it: a syntax error is a problem like any other. */
export function readJsonText<T>(text: string, reader: Reader<T>, source: string): ReadResult<T> {
  const parsed = parseJsonText(text, source);
  return parsed.ok ? readJsonValue(parsed.value, reader, source) : parsed;
}

/**
 * How deep lists and objects may nest in a file: far deeper than any format
 * here needs (a post body of 20 nested quotes is about 45 deep), shallow enough
 * that nothing walking the value later (copying it, printing it) overflows the stack.
 */
export const maxJsonDepth = 200;

/** The path of a value nested deeper than `limit`, or undefined; walks the value without recursion. */
export function tooDeep(value: unknown, limit: number = maxJsonDepth): string | undefined {
  interface At {
    readonly value: unknown;
    readonly key: string | number;
    readonly parent: At | undefined;
    readonly depth: number;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const stack: At[] = [{ value, key: '', parent: undefined, depth: 0 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (top.depth >= limit) {
      const keys: (string | number)[] = [];
      for (let at: At | undefined = top; at?.parent !== undefined; at = at.parent) keys.push(at.key);
      return keys.reverse().reduce<string>((path, key) => pathOf(path, key), '');
    }
    const container = top.value as Record<string, unknown> | unknown[];
    const keys: (string | number)[] = Array.isArray(container) ? container.map((_, i) => i) : Object.keys(container);
    for (const key of keys) {
      const v: unknown = Array.isArray(container) ? container[key as number] : container[key as string];
      if (typeof v === 'object' && v !== null) stack.push({ value: v, key, parent: top, depth: top.depth + 1 });
    }
  }
  return undefined;
}

/** A path cut to its first 200 characters at a field boundary, for a message. */
export function shortPath(path: string): string {
  if (path.length <= 200) return path;
  const cut = path.slice(0, 200);
  const at = Math.max(cut.lastIndexOf('.'), cut.lastIndexOf('['));
  return `${at > 0 ? cut.slice(0, at) : cut}…`;
}

/** `JSON.parse` without the throw: invalid text is one problem with the parser's reason, and so is a value nested too deep. */
export function parseJsonText(text: string, source: string): ReadResult<unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problems: [{ source, path: '', problem: `not valid JSON (${reason})` }] };
  }
  const deep = tooDeep(value);
  if (deep !== undefined)
    return {
      ok: false,
      problems: [{ source, path: shortPath(deep), problem: `nested more than ${maxJsonDepth} deep` }],
    };
  return { ok: true, value };
}

function limitProblems(problems: readonly JsonProblem[], source: string): readonly JsonProblem[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  return [
    ...problems.slice(0, MAX_PROBLEMS),
    { source, path: '', problem: `and ${problems.length - MAX_PROBLEMS} more problems not listed` },
  ];
}

/** Adds a problem and returns INVALID, so a reader can `return fail(...)`. */
export function fail(cx: ReadContext, path: string, problem: string): Invalid {
  cx.problems.push({ source: cx.source, path, problem });
  return INVALID;
}

// ---------------------------------------------------------------- paths and words

const identifier = /^[A-Za-z_$][\w$-]*$/u;

/** The path of a field of the object at `path`: `a.b`, or `a["odd key"]` for keys that are not plain names. */
export function pathOf(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (!identifier.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** A value in a few words, for "found …": `"dusk"`, `12`, `a list`, `an object`, `null`, `nothing`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function expected(cx: ReadContext, path: string, what: string, value: unknown): Invalid {
  return fail(cx, path, `expected ${what}, found ${describeValue(value)}`);
}

/** Edit distance (insertions, deletions, substitutions, and swaps of two neighbours). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const up = rows[i - 1] ?? [];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? Math.max(a.length, b.length);
}

/** The known word nearest to `word`, when it is close enough to be a slip of the keyboard. */
export function nearest(word: string, known: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  // One slip in a short word, else one per three letters (at least two): "lcok" → "lock", "votng" → "voting", but not "kind" → "id".
  const allowed = word.length <= 4 ? 1 : Math.max(2, Math.floor(word.length / 3));
  return bestDistance <= allowed ? best : undefined;
}

function didYouMean(word: string, known: Iterable<string>): string {
  const guess = nearest(word, known);
  return guess === undefined ? '' : `; did you mean ${guess}?`;
}

function quotedList(values: readonly unknown[]): string {
  const shown = values.map((v) => JSON.stringify(v));
  if (shown.length <= 2) return shown.join(' or ');
  return `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1] ?? ''}`;
}

// ---------------------------------------------------------------- scalars

export interface StringOptions {
  /** Refuse the empty string. @default true */
  readonly nonEmpty?: boolean;
  /** Longest accepted string. @default 100000 */
  readonly maxLength?: number;
}

/** A string (by default non-empty, at most 100,000 characters). */
export function string(options: StringOptions = {}): Reader<string> {
  const nonEmpty = options.nonEmpty ?? true;
  const maxLength = options.maxLength ?? 100_000;
  return (value, path, cx) => {
    if (typeof value !== 'string') return expected(cx, path, nonEmpty ? 'a non-empty string' : 'a string', value);
    if (nonEmpty && value.trim() === '') return fail(cx, path, 'expected a non-empty string, found an empty one');
    if (value.length > maxLength) return fail(cx, path, `too long: ${value.length} characters, at most ${maxLength}`);
    return value;
  };
}

export interface NumberBounds {
  readonly min: number;
  readonly max: number;
}

function between(bounds: NumberBounds, whole: boolean): string {
  return `${whole ? 'a whole number' : 'a number'} from ${bounds.min} to ${bounds.max}`;
}

/** A finite number within `min..max` (both required: every number a later computation loops on must be bounded). */
export function number(bounds: NumberBounds): Reader<number> {
  return (value, path, cx) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < bounds.min || value > bounds.max)
      return expected(cx, path, between(bounds, false), value);
    return value;
  };
}

/** A whole number within `min..max`. */
export function integer(bounds: NumberBounds): Reader<number> {
  return (value, path, cx) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < bounds.min || value > bounds.max)
      return expected(cx, path, between(bounds, true), value);
    return value;
  };
}

export const boolean: Reader<boolean> = (value, path, cx) =>
  typeof value === 'boolean' ? value : expected(cx, path, 'true or false', value);

/** One of a few fixed values (strings, numbers, booleans or null); a near-miss string gets a suggestion. */
export function oneOf<const V extends string | number | boolean | null>(values: readonly V[]): Reader<V> {
  return (value, path, cx) => {
    const found = values.find((v) => v === value);
    if (found !== undefined) return found;
    const strings = values.filter((v): v is V & string => typeof v === 'string');
    const hint = typeof value === 'string' ? didYouMean(value, strings) : '';
    return fail(cx, path, `expected ${quotedList(values)}, found ${describeValue(value)}${hint}`);
  };
}

/** Exactly this value. */
export function literal<const V extends string | number | boolean>(value: V): Reader<V> {
  return oneOf([value]);
}

/** Any JSON value, unread: for parts another reader checks, or free-form data kept as it is. */
export const anyJson: Reader<unknown> = (value) => value;

/** Any JSON object, kept as it is (a part whose fields another reader checks). */
export const anyObject: Reader<Record<string, unknown>> = (value, path, cx) =>
  isPlainObject(value) ? value : expected(cx, path, 'an object', value);

// ---------------------------------------------------------------- combinators

/** A field that may be absent. */
export function optional<T>(read: Reader<T>): OptionalField<T> {
  return { optional: true, read };
}

/** A field that may be absent, read as `fallback` then (a list that defaults to empty). */
export function orDefault<T>(read: Reader<T>, fallback: T): DefaultedField<T> {
  return { optional: true, read, fallback };
}

/** `null`, or a value read by `read`. */
export function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (value, path, cx) => (value === null ? null : read(value, path, cx));
}

export interface ListOptions {
  /** Most items accepted. */
  readonly max: number;
  /** Fewest items accepted. @default 0 */
  readonly min?: number;
}

/** A list of at most `max` items, each read by `item`. */
export function array<T>(item: Reader<T>, options: ListOptions): Reader<T[]> {
  return (value, path, cx) => {
    if (!Array.isArray(value)) return expected(cx, path, 'a list', value);
    if (value.length > options.max) return fail(cx, path, `too many items: ${value.length}, at most ${options.max}`);
    if (value.length < (options.min ?? 0))
      return fail(
        cx,
        path,
        value.length === 0 ? 'expected at least one item, found an empty list' : `expected at least ${options.min ?? 0} items`,
      );
    const out: T[] = [];
    let bad = false;
    value.forEach((v: unknown, i) => {
      const read = item(v, pathOf(path, i), cx);
      if (read === INVALID) bad = true;
      else out.push(read);
    });
    return bad ? INVALID : out;
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface RecordOptions {
  /** Most keys accepted. */
  readonly maxKeys: number;
  /** Reads each key (for example `oneOf(roleIds)`); any string by default. */
  readonly key?: Reader<string>;
}

/** An object used as a map: any keys (or keys read by `key`), every value read by `item`. */
export function record<T>(item: Reader<T>, options: RecordOptions): Reader<Record<string, T>> {
  return (value, path, cx) => {
    if (!isPlainObject(value)) return expected(cx, path, 'an object', value);
    const entries = Object.entries(value);
    if (entries.length > options.maxKeys) return fail(cx, path, `too many entries: ${entries.length}, at most ${options.maxKeys}`);
    const out: [string, T][] = [];
    let bad = false;
    for (const [key, v] of entries) {
      const at = pathOf(path, key);
      if (options.key !== undefined && options.key(key, at, cx) === INVALID) {
        bad = true;
        continue;
      }
      const read = item(v, at, cx);
      if (read === INVALID) bad = true;
      else out.push([key, read]);
    }
    // fromEntries defines own keys, so a key such as "__proto__" stays a plain key.
    return bad ? INVALID : Object.fromEntries(out);
  };
}

/** The readers of an object's fields, one per field of `T`: a field `T` may leave out is `optional(...)`. */
export type FieldReaders<T> = {
  readonly [K in keyof T]-?: undefined extends T[K] ? OptionalField<Exclude<T[K], undefined>> : Reader<T[K]> | DefaultedField<T[K]>;
};

export interface ObjectOptions {
  /**
   * A closed format refuses keys it does not know, naming the nearest known
   * one; an open one ignores them (and drops them from the value read).
   * @default true
   */
  readonly closed?: boolean;
}

/**
 * An object with known fields, each read by its reader. Written against a
 * type (`object<Slot>({...})`), the compiler insists on a reader for every
 * field of the type, so a field added to the type is a one-line addition here.
 */
export function object<T>(fields: FieldReaders<T>, options: ObjectOptions = {}): Reader<T> {
  const closed = options.closed ?? true;
  const specs = Object.entries(fields) as [string, Reader<unknown> | OptionalField<unknown> | DefaultedField<unknown>][];
  const known = new Set(specs.map(([key]) => key));
  return (value, path, cx) => {
    if (!isPlainObject(value)) return expected(cx, path, 'an object', value);
    const out: Record<string, unknown> = {};
    let bad = false;
    for (const [key, spec] of specs) {
      // Own keys only: a missing `constructor` must not be read from the prototype.
      const v = Object.hasOwn(value, key) ? value[key] : undefined;
      const at = pathOf(path, key);
      if (typeof spec !== 'function') {
        if (v === undefined) {
          if ('fallback' in spec) out[key] = spec.fallback;
          continue;
        }
        const read = spec.read(v, at, cx);
        if (read === INVALID) bad = true;
        else out[key] = read;
        continue;
      }
      if (v === undefined) {
        bad = true;
        fail(cx, at, 'missing');
        continue;
      }
      const read = spec(v, at, cx);
      if (read === INVALID) bad = true;
      else out[key] = read;
    }
    for (const key of Object.keys(value)) {
      if (known.has(key)) continue;
      if (closed) {
        bad = true;
        fail(cx, pathOf(path, key), `unknown field${didYouMean(key, known)}`);
      }
    }
    return bad ? INVALID : (out as T);
  };
}

/**
 * One of several object shapes told apart by a field (`kind`, `type`): the
 * field picks the reader, which reads the whole object (the field included).
 * `expected` words the choices where listing them all would be too long.
 */
export function union<T>(
  discriminator: string,
  cases: Readonly<Record<string, Reader<T>>>,
  options: { readonly expected?: string } = {},
): Reader<T> {
  const tags = Object.keys(cases);
  const words = options.expected ?? quotedList(tags);
  return (value, path, cx) => {
    if (!isPlainObject(value)) return expected(cx, path, 'an object', value);
    const tag = value[discriminator];
    const read = typeof tag === 'string' && Object.hasOwn(cases, tag) ? cases[tag] : undefined;
    if (read === undefined) {
      const hint = typeof tag === 'string' ? didYouMean(tag, tags) : '';
      return fail(cx, pathOf(path, discriminator), `expected ${words}, found ${describeValue(tag)}${hint}`);
    }
    return read(value, path, cx);
  };
}

/** Readers for each JSON type a value may take (a slot is a name or an object): the value's type picks one. */
export interface ByJsonType<T> {
  readonly string?: Reader<T>;
  readonly number?: Reader<T>;
  readonly boolean?: Reader<T>;
  readonly list?: Reader<T>;
  readonly object?: Reader<T>;
}

/** A value that may be written in several ways, told apart by its JSON type; `expectedWords` says what is accepted. */
export function byType<T>(readers: ByJsonType<T>, expectedWords: string): Reader<T> {
  return (value, path, cx) => {
    const read =
      typeof value === 'string'
        ? readers.string
        : typeof value === 'number'
          ? readers.number
          : typeof value === 'boolean'
            ? readers.boolean
            : Array.isArray(value)
              ? readers.list
              : isPlainObject(value)
                ? readers.object
                : undefined;
    return read === undefined ? expected(cx, path, expectedWords, value) : read(value, path, cx);
  };
}

/**
 * A value read by `read` and then turned into something else, or checked
 * further: `to` returns the new value, or `reject(problem)` to report a
 * problem at the value's path.
 */
export function map<T, U>(read: Reader<T>, to: (value: T, reject: (problem: string) => Invalid, path: string) => U | Invalid): Reader<U> {
  return (value, path, cx) => {
    const first = read(value, path, cx);
    if (first === INVALID) return INVALID;
    return to(first, (problem) => fail(cx, path, problem), path);
  };
}

/** A reader defined later (a post body's quotes hold bodies), nested at most `maxDepth` deep. */
export function recursive<T>(make: () => Reader<T>, maxDepth: number): Reader<T> {
  let read: Reader<T> | undefined;
  return (value, path, cx) => {
    if (cx.depth >= maxDepth) return fail(cx, path, `nested more than ${maxDepth} deep`);
    read ??= make();
    cx.depth++;
    try {
      return read(value, path, cx);
    } finally {
      cx.depth--;
    }
  };
}
