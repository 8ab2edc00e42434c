/**
 * Words the engine leaves to its reader. The engine never writes a sentence a
 * host reads in the extension: it says what happened as a code with typed
 * arguments, and each reader (the popup, the thread panel, the command line)
 * words it in its own language. A code `night/dies` is looked up as the
 * catalog key `engine_night_dies` (`engineMessageKey`); its arguments fill
 * `$1`, `$2`… in order, each written the reader's way (a phase as "Day 2" or
 * "День 2", a role id by the ruleset's name for it in that language, a time
 * in the reader's locale and the game's time zone, a list of names as a
 * list). A message with `count` is counted: the key gets the plural form of
 * the count (`_one`, `_few`, `_many`, `_other`) and the count comes first.
 */

/** A day or a night, as the engine numbers them. */
export interface WordPhase {
  readonly kind: 'day' | 'night';
  readonly number: number;
}

/** One argument of a message, typed so a reader knows how to word it. */
export type WordArg =
  /** Words shown as they are: a player's name as the host wrote it, a quotation from a post. */
  | { readonly kind: 'text'; readonly value: string }
  /** A number, written the reader's way (grouping, digits). */
  | { readonly kind: 'number'; readonly value: number }
  /** A phase: "Day 2", "Night 1". */
  | { readonly kind: 'phase'; readonly value: WordPhase }
  /** Names, each one item (a name may hold a comma: never joined into prose by the engine). */
  | { readonly kind: 'names'; readonly value: readonly string[] }
  /** An id the ruleset names, in the reader's language. */
  | { readonly kind: 'role' | 'status' | 'faction' | 'level'; readonly value: string }
  /**
   * An ability, named by the role that holds it where that is known: two roles may hold abilities of one id
   * (004: the Mafia's and the Maniac's `kill`), each with its own name.
   */
  | { readonly kind: 'ability'; readonly value: string; readonly role?: string }
  /** A moment (epoch milliseconds), shown in the reader's locale and the game's time zone. */
  | { readonly kind: 'time'; readonly value: number }
  /** A length of time in minutes: "5 h", "5 ч". */
  | { readonly kind: 'minutes'; readonly value: number }
  /** Another message, worded in the same language. */
  | { readonly kind: 'message'; readonly value: EngineMessage };

/** What the engine says, for a reader to word. */
export interface EngineMessage {
  /** The message's code, `area/what` (e.g. `night/dies`). */
  readonly code: string;
  readonly args: readonly WordArg[];
  /** A counted message: the plural form is chosen by this count, which is also `$1` (the args follow). */
  readonly count?: number;
}

/** The catalog key of a code: `engine_` and the code with every run of other characters as `_`. */
export function engineMessageKey(code: string): string {
  return `engine_${code.replace(/[^A-Za-z0-9]+/g, '_')}`;
}

/** Builders for arguments, so call sites read as what they pass. */
export const word = {
  text: (value: string): WordArg => ({ kind: 'text', value }),
  number: (value: number): WordArg => ({ kind: 'number', value }),
  phase: (value: WordPhase): WordArg => ({ kind: 'phase', value: { kind: value.kind, number: value.number } }),
  names: (value: readonly string[]): WordArg => ({ kind: 'names', value: [...value] }),
  role: (value: string): WordArg => ({ kind: 'role', value }),
  ability: (value: string, role?: string): WordArg => ({ kind: 'ability', value, ...(role === undefined ? {} : { role }) }),
  status: (value: string): WordArg => ({ kind: 'status', value }),
  faction: (value: string): WordArg => ({ kind: 'faction', value }),
  /** A level players sign up at (000: Beginner, Standard, Spectator). */
  level: (value: string): WordArg => ({ kind: 'level', value }),
  time: (value: number): WordArg => ({ kind: 'time', value }),
  minutes: (value: number): WordArg => ({ kind: 'minutes', value }),
  message: (value: EngineMessage): WordArg => ({ kind: 'message', value }),
} as const;

/** A message from its code and arguments. */
export function engineMessage(code: string, ...args: WordArg[]): EngineMessage {
  return { code, args };
}

/** A counted message: the plural form follows `count`. */
export function countedMessage(code: string, count: number, ...args: WordArg[]): EngineMessage {
  return { code, args, count };
}

/** The languages the engine's posts are written in. */
export type WordsLanguage = 'en' | 'ru';

/**
 * A reader's wording of messages in a language: the extension's catalogs
 * (`sayMessage` with the ruleset's names), handed to the engine by the
 * caller that composes posts (the worker, `gavel play`), since the engine
 * holds no catalog of its own.
 */
export type MessageWording = (message: EngineMessage, language: WordsLanguage) => string;

/**
 * A message as it reads where no reader words it (a caller that gave no
 * `MessageWording`): its code and its arguments, plainly, so nothing is lost.
 */
export function plainMessage(message: EngineMessage): string {
  const arg = (a: WordArg): string => {
    switch (a.kind) {
      case 'names':
        return a.value.join(', ');
      case 'phase':
        return `${a.value.kind} ${a.value.number}`;
      case 'message':
        return plainMessage(a.value);
      default:
        return String(a.value);
    }
  };
  const args = [...(message.count === undefined ? [] : [String(message.count)]), ...message.args.map(arg)];
  return args.length === 0 ? message.code : `${message.code}: ${args.join('; ')}`;
}
