/**
 * The game-script format of `gavel play` and the scenario tests: a plain-text,
 * line-based description of a game (roster, ruleset, then days and nights of
 * votes, actions and host events, with optional `expect` checks). The full
 * grammar is in docs/rulesets.md. The parser is strict: every line must be
 * understood, and errors name the line.
 */
import type { PhaseRef } from './types';
import type { JsonProblem } from '../json/read';
import { parseClockTime, parseDate } from '../phases/clock';

/** One player line: `player <name> faction=<id> role=<id> [second=<id>] [family=<name>] [rank=<n>] [level=<id>] [target=<name>]`. */
export interface ScriptPlayer {
  readonly name: string;
  readonly faction: string;
  readonly role: string;
  readonly secondRole?: string;
  readonly family?: string;
  /** Rank inside the faction for kill orders (003: 1 is highest, the leader). */
  readonly rank?: number;
  /** The level the player signed up at (000: `level=beginner`, `standard`, `spectator`); the ruleset's `setup.levels` ids. */
  readonly level?: string;
  /** The player the role is set against at setup (a Lyncher's target), by name. */
  readonly target?: string;
}

/** What an `expect` line checks. */
export type Expectation =
  | { readonly kind: 'dead' | 'alive'; readonly who: string }
  | { readonly kind: 'lynched'; readonly who: readonly string[] }
  | { readonly kind: 'no-lynch' }
  | { readonly kind: 'runoff'; readonly who: readonly string[] }
  | { readonly kind: 'total'; readonly who: string; readonly total: number }
  | { readonly kind: 'status'; readonly who: string; readonly status: string; readonly present: boolean }
  | { readonly kind: 'title'; readonly who: string; readonly title: string; readonly present: boolean }
  | { readonly kind: 'winner'; readonly side: string }
  | { readonly kind: 'draw' }
  | { readonly kind: 'no-winner' }
  | { readonly kind: 'court'; readonly families: readonly string[] }
  | { readonly kind: 'void'; readonly voter: string; readonly reason: string }
  | { readonly kind: 'rejected'; readonly who: string; readonly reason: string }
  /** A finding of the setup check (`expect setup setup/level-role Al`, `expect setup not setup/level-role`): its code, about a player when named. */
  | { readonly kind: 'setup'; readonly code: string; readonly who?: string; readonly present: boolean };

/** A substitution's value as written: a colour (`black`, `red`), or places (player names; `home`: none). */
export type ScriptForgedValue = { readonly colour: 'black' | 'red' } | { readonly places: readonly string[] };

/** What `forges` sets: the result's value and its condition, and (004 L86, a track) the blackening and its condition. */
export interface ScriptForged {
  readonly value?: ScriptForgedValue;
  readonly when?: ScriptForgedValue;
  /** A side (faction id) the blackening came from, or null (`none`) for no blackening. */
  readonly blackening?: string | null;
  readonly blackeningWhen?: string | null;
}

/**
 * Reads `[<value> [if <value>]] [blackening <side|none> [if <side|none>]]` after `forges`: one colour word, `home`, or
 * player names; then (004 L86) the blackening the Investigator is handed the night after, a side's id or `none`.
 */
function readForged(words: readonly string[]): ScriptForged | string {
  const usage =
    'use: <name> uses <ability> <target> forges <black|red|home|names…> [if <black|red|home|names…>] [blackening <side|none> [if <side|none>]] (a track’s blackening alone: forges blackening <side|none> [if <side|none>])';
  const cut = words.findIndex((w) => w.toLowerCase() === 'blackening');
  const result = cut === -1 ? words : words.slice(0, cut);
  let forged: ScriptForged = {};
  if (result.length > 0 || cut === -1) {
    const at = result.indexOf('if');
    const parts = at === -1 ? [result] : [result.slice(0, at), result.slice(at + 1)];
    const values: ScriptForgedValue[] = [];
    for (const part of parts) {
      const low = part.map((w) => w.toLowerCase());
      if (part.length === 0) return usage;
      if (low.length === 1 && (low[0] === 'black' || low[0] === 'red')) values.push({ colour: low[0] });
      else if (low.length === 1 && low[0] === 'home') values.push({ places: [] });
      else if (low.some((w) => w === 'black' || w === 'red' || w === 'home' || w === 'if')) return usage;
      else values.push({ places: part });
    }
    const [value, when] = values;
    if (value === undefined) return usage;
    forged = when === undefined ? { value } : { value, when };
  }
  if (cut === -1) return forged;
  // `blackening <side|none> [if <side|none>]`: one word each.
  const rest = words.slice(cut + 1).map((w) => w.toLowerCase());
  const side = (w: string | undefined): string | null | undefined =>
    w === undefined || w === 'if' || w === 'blackening' ? undefined : w === 'none' ? null : w;
  const blackening = side(rest[0]);
  if (blackening === undefined) return usage;
  if (rest.length === 1) return { ...forged, blackening };
  const blackeningWhen = side(rest[2]);
  if (rest.length !== 3 || rest[1] !== 'if' || blackeningWhen === undefined) return usage;
  return { ...forged, blackening, blackeningWhen };
}

export type ScriptStep = { readonly line: number } & (
  | { readonly kind: 'phase'; readonly phase: PhaseRef }
  | {
      readonly kind: 'vote';
      readonly voter: string;
      readonly ballot: string | null;
      readonly target: string | null;
      readonly weight?: number;
      readonly advance?: true;
    }
  | { readonly kind: 'unvote'; readonly voter: string; readonly ballot: string | null }
  | {
      readonly kind: 'use';
      readonly actor: string;
      readonly ability: string;
      readonly targets: readonly string[];
      /** The words the move hands to its target, after a colon (004 Maid, L45: `Masha uses serve-replace Vera: <text>`). */
      readonly text?: string;
      /**
       * What the Investigator is handed instead (004 L85, L86, L77): `… forges red [if black]` for a check's colour,
       * `… forges <name> [<name>…] | home [if …]` for a track's places (names resolved by the play); L86, a track's
       * blackening: `… forges [<places>] blackening <side|none> [if <side|none>]`.
       */
      readonly forged?: ScriptForged;
      /**
       * 004 L86: a role request's substituted answer for the Investigator, by player names (`… request-role doctor
       * instead 1=Boris 2=home when 2=Vera`).
       */
      readonly requestForged?: ScriptNightPlaces & { readonly when?: ScriptNightPlaces['nights'] };
    }
  | { readonly kind: 'kill'; readonly who: string; readonly cause: string; readonly by?: string }
  | { readonly kind: 'revive'; readonly who: string }
  | {
      readonly kind: 'status';
      readonly who: string;
      readonly status: string;
      readonly add: boolean;
      readonly phases?: number;
      readonly value?: number;
      /** The other player of a pair (`status Ann +life-link with Bo`). */
      readonly with?: string;
    }
  | { readonly kind: 'title'; readonly who: string; readonly title: string; readonly add: boolean }
  | { readonly kind: 'role'; readonly who: string; readonly role: string; readonly secondRole?: string }
  | { readonly kind: 'will'; readonly who: string; readonly text: string }
  /** 004 L166: `note <name>: <text>`, a night note handed to the host; `refuse-note <name>`: the host refuses his last one (L170). */
  | { readonly kind: 'note'; readonly who: string; readonly text: string }
  | { readonly kind: 'refuse-note'; readonly who: string }
  /**
   * `refuse <name> <ability>` / `cancel <name> <ability>`: the host takes back that player's latest recorded move of the
   * ability this phase, refusing it to him (004 L125.9) or as entered by mistake (`action/cancel`).
   */
  | { readonly kind: 'cancel'; readonly who: string; readonly ability: string; readonly refused: boolean }
  /** 004 L41: the host chooses which of the players a Collector named, dead at once tonight, he collects. */
  | { readonly kind: 'collect-choice'; readonly who: string; readonly victim: string }
  | { readonly kind: 'message'; readonly who: string; readonly text: string }
  | { readonly kind: 'announce'; readonly text: string }
  | { readonly kind: 'replace'; readonly who: string; readonly by: string }
  | { readonly kind: 'runoff' }
  | { readonly kind: 'hunt' }
  /** 004: the ballot settled, another follows the same day (the Priest's re-vote, the extra vote). */
  | { readonly kind: 'revote' | 'extra' }
  /** Resolve the night's recorded actions with the night rules (src/engine/night). */
  | { readonly kind: 'resolve' }
  /**
   * `at [YYYY-MM-DD] HH:MM`: the time of the steps that follow (posts, moves, the host's steps), on the game's clock
   * (the ruleset's day clock zone, else UTC); a time alone keeps the last date given. A day's vote opens by the
   * ruleset's clock on the date of its first `at` (004 L150: 21:00 Moscow), and the day ends at the last time given.
   */
  | { readonly kind: 'at'; readonly date?: string; readonly time: string }
  | { readonly kind: 'expect'; readonly expectation: Expectation; readonly text: string }
);

export interface GameScript {
  /** A preset id, or null when the ruleset comes from elsewhere (`--ruleset`, JSON). */
  readonly ruleset: string | null;
  readonly seed: number;
  readonly players: readonly ScriptPlayer[];
  /** Families named with `family <name>` (000: an empty family still takes a court place). */
  readonly families: readonly string[];
  /** `set <path> <value>` lines: ruleset settings this game changes (see `withSettings`). */
  readonly settings: readonly { readonly path: string; readonly value: unknown }[];
  readonly steps: readonly ScriptStep[];
}

export interface ScriptError {
  readonly line: number;
  readonly message: string;
}

/**
 * Script errors in the shape every reader of a host's input reports (see
 * `formatProblems`): the file, the place (`line 12`, or `roster` for line 0)
 * and the problem.
 */
export function scriptProblems(errors: readonly ScriptError[], source: string): JsonProblem[] {
  return errors.map((e) => ({ source, path: e.line === 0 ? 'roster' : `line ${e.line}`, problem: e.message }));
}

export type ScriptParse =
  { readonly ok: true; readonly script: GameScript } | { readonly ok: false; readonly errors: readonly ScriptError[] };

/** Ballot words a vote line may name before its target. */
export const ballotWords: readonly string[] = [
  'lynch',
  'family',
  'individual',
  'family-extra',
  'individual-extra',
  'family-negative',
  'individual-negative',
  'runoff',
  'hunt',
  'election',
  'election-runoff',
  'revote',
  'extra',
  'hunt-approval',
  'leader',
];

/** Splits a line into words; "double quotes" keep spaces. */
function tokenize(line: string): string[] | null {
  const tokens: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(line)) !== null) tokens.push(m[1] ?? m[2] ?? '');
  return (line.match(/"/g) ?? []).length % 2 === 0 ? tokens : null;
}

/** Splits `who: text` lines (message, will, announce). */
function splitColon(rest: string): [string, string] | null {
  const i = rest.indexOf(':');
  if (i === -1) return null;
  return [rest.slice(0, i).trim().replace(/^"|"$/g, ''), rest.slice(i + 1).trim()];
}

/** A move line with words after a colon: the move (name, `uses`, ability, targets) and the words. */
const movePattern = /^((?:"[^"]*"|[^\s"]+)\s+uses\s[^:]*):(.*)$/is;

/** A line's statements, split by `;`; a move with words takes the rest of the line (its words may hold `;`). */
function splitStatements(content: string): string[] {
  const parts = content.split(';');
  const out: string[] = [];
  for (const [i, part] of parts.entries()) {
    if (movePattern.test(part.trim())) {
      out.push(parts.slice(i).join(';'));
      break;
    }
    out.push(part);
  }
  return out;
}

/** Parses a game script. Strict: an unknown line is an error naming the line. */
export function parseGameScript(text: string): ScriptParse {
  const errors: ScriptError[] = [];
  const players: ScriptPlayer[] = [];
  const families: string[] = [];
  const steps: ScriptStep[] = [];
  const settings: { path: string; value: unknown }[] = [];
  let ruleset: string | null = null;
  let seed = 1;
  let inPhase = false;

  const statements = text.split(/\r?\n/).flatMap((raw, index) => {
    const content = raw.replace(/(^|\s)#.*$/, '').trim();
    // Several statements may share a line, split by `;` (not in free-text lines).
    const parts = /^(message|will|note|announce|kill)\b/i.test(content) ? [content] : splitStatements(content);
    return parts.map((part) => ({ line: index + 1, content: part.trim() }));
  });
  statements.forEach(({ line, content }) => {
    if (content.length === 0) return;
    const err = (message: string): void => {
      errors.push({ line, message });
    };
    // A move with words (`<name> uses <ability> [on] <targets…>: <text>`): the words are free text, not read as tokens.
    const worded = movePattern.exec(content);
    const tokens = tokenize(worded?.[1] ?? content);
    if (tokens === null) return err('unbalanced double quote');
    const [head = '', ...rest] = tokens;
    const keyword = head.toLowerCase().replace(/:$/, '');
    const after = content.slice(content.indexOf(head) + head.length).trim();

    const header = (): boolean => {
      if (inPhase) err(`"${keyword}" belongs before the first day or night`);
      return !inPhase;
    };

    switch (keyword) {
      case 'ruleset':
        if (header()) {
          if (rest.length !== 1) return err('use: ruleset <id>');
          ruleset = rest[0] ?? null;
        }
        return;
      case 'seed': {
        if (!header()) return;
        const n = Number(rest[0]);
        if (rest.length !== 1 || !Number.isInteger(n)) return err('use: seed <whole number>');
        seed = n;
        return;
      }
      case 'player': {
        if (!header()) return;
        const [name, ...attrs] = rest;
        if (name === undefined || name.includes('='))
          return err('use: player <name> faction=<id> role=<id> [second=<id>] [family=<name>] [rank=<n>] [level=<id>] [target=<name>]');
        const fields: Record<string, string> = {};
        for (const a of attrs) {
          const eq = a.indexOf('=');
          if (eq <= 0) return err(`"${a}" is not key=value`);
          const key = a.slice(0, eq);
          if (!['faction', 'role', 'second', 'family', 'rank', 'level', 'target'].includes(key))
            return err(`unknown player field "${key}" (faction, role, second, family, rank, level, target)`);
          fields[key] = a.slice(eq + 1);
        }
        const faction = fields['faction'];
        const role = fields['role'];
        if (faction === undefined || role === undefined) return err(`player ${name} needs faction= and role=`);
        if (players.some((p) => p.name.toLowerCase() === name.toLowerCase())) return err(`player ${name} is listed twice`);
        const second = fields['second'];
        const family = fields['family'];
        const level = fields['level'];
        if (level === '') return err(`player ${name}: level= needs a level id`);
        const target = fields['target'];
        if (target === '') return err(`player ${name}: target= needs a player's name`);
        const rank = fields['rank'] === undefined ? undefined : Number(fields['rank']);
        if (rank !== undefined && (!Number.isInteger(rank) || rank < 1)) return err(`player ${name}: rank must be a whole number from 1`);
        players.push({
          name,
          faction,
          role,
          ...(second === undefined ? {} : { secondRole: second }),
          ...(family === undefined ? {} : { family }),
          ...(rank === undefined ? {} : { rank }),
          ...(level === undefined ? {} : { level }),
          ...(target === undefined ? {} : { target }),
        });
        if (family !== undefined && !families.includes(family)) families.push(family);
        return;
      }
      case 'set': {
        if (!header()) return;
        const [path, ...valueWords] = rest;
        if (path === undefined || valueWords.length === 0 || !/^[a-zA-Z][\w.]*$/.test(path)) return err('use: set <setting.path> <value>');
        const raw = after.slice(after.indexOf(path) + path.length).trim();
        let value: unknown;
        try {
          value = JSON.parse(raw) as unknown;
        } catch {
          value = raw;
        }
        settings.push({ path, value });
        return;
      }
      case 'family':
        if (header()) {
          if (rest.length !== 1 || rest[0] === undefined) return err('use: family <name>');
          if (!families.includes(rest[0])) families.push(rest[0]);
        }
        return;
      case 'day':
      case 'night': {
        const n = Number(rest[0]);
        if (rest.length !== 1 || !Number.isInteger(n) || n < 0) return err(`use: ${keyword} <number>`);
        inPhase = true;
        steps.push({ line, kind: 'phase', phase: { kind: keyword, number: n } });
        return;
      }
    }

    if (!inPhase) return err(`"${head}" must come after a "day N" or "night N" line`);

    switch (keyword) {
      case 'kill': {
        // kill <name> [by <name>] [: cause]
        const [left, cause] = content.includes(':') ? (splitColon(after) ?? [after, '']) : [after, ''];
        const words = tokenize(left) ?? [];
        const who = words[0];
        if (who === undefined || (words.length !== 1 && !(words.length === 3 && words[1] === 'by')))
          return err('use: kill <name> [by <name>] [: cause]');
        const by = words[2];
        steps.push({ line, kind: 'kill', who, cause: cause === '' ? 'killed' : cause, ...(by === undefined ? {} : { by }) });
        return;
      }
      case 'revive':
        if (rest.length !== 1 || rest[0] === undefined) return err('use: revive <name>');
        steps.push({ line, kind: 'revive', who: rest[0] });
        return;
      case 'status': {
        // `… with <name>` at the end names the other player of a pair (the Immortal's link, the Fanatic's favourite).
        const withAt = rest.indexOf('with');
        const partner = withAt === -1 ? undefined : rest[withAt + 1];
        if (withAt !== -1 && (partner === undefined || withAt !== rest.length - 2))
          return err('use: status <name> +<status> [phases] [value] [with <name>]');
        const [who, change, n, value] = withAt === -1 ? rest : rest.slice(0, withAt);
        if (who === undefined || change === undefined || !/^[+-]/.test(change) || (withAt === -1 ? rest.length : withAt) > 4)
          return err('use: status <name> +<status> [phases] [value] [with <name>] | status <name> -<status>');
        if (partner !== undefined && change.startsWith('-')) return err('"with" names a partner only when a status is given (+)');
        const phases = n === undefined || n === '-' ? undefined : Number(n);
        const val = value === undefined ? undefined : Number(value);
        if (phases !== undefined && (!Number.isInteger(phases) || phases < 1))
          return err('phases must be a whole number ≥ 1 (or - for the default)');
        if (val !== undefined && !Number.isFinite(val)) return err('value must be a number');
        steps.push({
          line,
          kind: 'status',
          who,
          status: change.slice(1),
          add: change.startsWith('+'),
          ...(phases === undefined ? {} : { phases }),
          ...(val === undefined ? {} : { value: val }),
          ...(partner === undefined ? {} : { with: partner }),
        });
        return;
      }
      case 'title': {
        const [who, change] = rest;
        if (who === undefined || change === undefined || !/^[+-]./.test(change) || rest.length !== 2)
          return err('use: title <name> +<title> | -<title>');
        steps.push({ line, kind: 'title', who, title: change.slice(1), add: change.startsWith('+') });
        return;
      }
      case 'role': {
        const [who, role, second] = rest;
        if (who === undefined || role === undefined || rest.length > 3) return err('use: role <name> <role> [<second role>]');
        steps.push({ line, kind: 'role', who, role, ...(second === undefined ? {} : { secondRole: second }) });
        return;
      }
      case 'refuse':
      case 'cancel': {
        const [who, ability] = rest;
        if (who === undefined || ability === undefined || rest.length !== 2) return err(`use: ${keyword} <name> <ability>`);
        steps.push({ line, kind: 'cancel', who, ability, refused: keyword === 'refuse' });
        return;
      }
      case 'collect-choice': {
        const [who, victim] = rest;
        if (who === undefined || victim === undefined || rest.length !== 2) return err('use: collect-choice <collector> <named player>');
        steps.push({ line, kind: 'collect-choice', who, victim });
        return;
      }
      case 'refuse-note': {
        const [who] = rest;
        if (who === undefined || rest.length !== 1) return err('use: refuse-note <name>');
        steps.push({ line, kind: 'refuse-note', who });
        return;
      }
      case 'note':
      case 'will':
      case 'message': {
        const parts = splitColon(after);
        if (parts === null || parts[0] === '' || parts[1] === '') return err(`use: ${keyword} <name>: <text>`);
        steps.push({ line, kind: keyword, who: parts[0], text: parts[1] });
        return;
      }
      case 'announce': {
        const text = after.replace(/^:\s*/, '');
        if (text === '') return err('use: announce: <text>');
        steps.push({ line, kind: 'announce', text });
        return;
      }
      case 'replace': {
        const [who, word, by] = rest;
        if (who === undefined || word !== 'with' || by === undefined || rest.length !== 3)
          return err('use: replace <name> with <new name>');
        steps.push({ line, kind: 'replace', who, by });
        return;
      }
      case 'runoff':
      case 'hunt':
      case 'revote':
      case 'extra':
        if (rest.length > 0) return err(`use: ${keyword} (alone on its line)`);
        steps.push({ line, kind: keyword });
        return;
      case 'at': {
        const [first, second] = rest;
        const usage = 'use: at [YYYY-MM-DD] HH:MM';
        if (first === undefined || rest.length > 2) return err(usage);
        const date = rest.length === 2 ? first : undefined;
        const time = rest.length === 2 ? second : first;
        if (time === undefined || parseClockTime(time) === null || (date !== undefined && parseDate(date) === null)) return err(usage);
        steps.push({ line, kind: 'at', time, ...(date === undefined ? {} : { date }) });
        return;
      }
      case 'resolve':
        if (rest.length !== 1 || rest[0] !== 'night') return err('use: resolve night');
        steps.push({ line, kind: 'resolve' });
        return;
      case 'expect': {
        const expectation = parseExpectation(rest);
        if (typeof expectation === 'string') return err(expectation);
        steps.push({ line, kind: 'expect', expectation, text: content });
        return;
      }
    }

    // <name> votes [ballot] <target|nobody> [weight N] [advance] | <name> unvotes [ballot] | <name> uses <ability> [on] <targets…>
    const verb = rest[0]?.toLowerCase();
    const args = rest.slice(1);
    if (verb === 'votes') {
      let ballot: string | null = null;
      const a = [...args];
      if (a.length >= 2 && a[0] !== undefined && ballotWords.includes(a[0].toLowerCase())) ballot = (a.shift() ?? '').toLowerCase();
      const target = a.shift();
      if (target === undefined) return err('use: <name> votes [ballot] <target> [weight <n>] [advance]');
      let weight: number | undefined;
      let advance: true | undefined;
      while (a.length > 0) {
        const w = a.shift();
        if (w === 'weight') {
          const n = Number(a.shift());
          if (!Number.isFinite(n)) return err('weight needs a number');
          weight = n;
        } else if (w === 'advance') {
          advance = true;
        } else {
          return err(`unexpected "${w ?? ''}" after the vote target (names with spaces need "double quotes")`);
        }
      }
      steps.push({
        line,
        kind: 'vote',
        voter: head,
        ballot,
        target: target.toLowerCase() === 'nobody' ? null : target,
        ...(weight === undefined ? {} : { weight }),
        ...(advance === undefined ? {} : { advance }),
      });
      return;
    }
    // 004 L164: `<name> approves [hunt]` is the player's approval of the witch hunt (a vote on the `hunt-approval` ballot).
    if (verb === 'approves') {
      if (args.length > 1 || (args[0] !== undefined && args[0].toLowerCase() !== 'hunt')) return err('use: <name> approves [hunt]');
      steps.push({ line, kind: 'vote', voter: head, ballot: 'hunt-approval', target: head });
      return;
    }
    if (verb === 'unvotes') {
      if (args.length > 1 || (args[0] !== undefined && !ballotWords.includes(args[0].toLowerCase())))
        return err('use: <name> unvotes [ballot]');
      steps.push({ line, kind: 'unvote', voter: head, ballot: args[0]?.toLowerCase() ?? null });
      return;
    }
    if (verb === 'uses') {
      const [ability, ...named] = args;
      // 004 L86: `instead <night>=<name>[+<name>…]|home … [when <night>=…]`, a role request's substituted answer.
      const insteadAt = named.findIndex((t) => t.toLowerCase() === 'instead');
      const beforeInstead = insteadAt < 0 ? named : named.slice(0, insteadAt);
      let requestForged: (ScriptNightPlaces & { when?: ScriptNightPlaces['nights'] }) | undefined;
      if (insteadAt >= 0) {
        const rest = named.slice(insteadAt + 1);
        const whenAt = rest.findIndex((t) => t.toLowerCase() === 'when');
        const nights = nightPlacesOf(whenAt < 0 ? rest : rest.slice(0, whenAt));
        const when = whenAt < 0 ? [] : nightPlacesOf(rest.slice(whenAt + 1));
        if (nights === null || nights.length === 0 || when === null || (whenAt >= 0 && when.length === 0))
          return err('use: <name> uses <ability> <role> instead <night>=<name>[+<name>…]|home … [when <night>=…]');
        requestForged = { nights, ...(whenAt < 0 ? {} : { when }) };
      }
      if (ability === undefined) return err('use: <name> uses <ability> [on] <target> [<target>…] [forges …] [instead …] [: <text>]');
      const text = worded?.[2]?.trim();
      if (text === '') return err('the text after ":" is empty: write the words the move hands on, or leave out the colon');
      // 004 L85, L86, L77: `forges <value> [if <value>]` after the targets is what the Investigator is handed instead.
      const forgesAt = beforeInstead.indexOf('forges');
      const targets = forgesAt === -1 ? beforeInstead : beforeInstead.slice(0, forgesAt);
      const forged = forgesAt === -1 ? undefined : readForged(beforeInstead.slice(forgesAt + 1));
      if (typeof forged === 'string') return err(forged);
      steps.push({
        line,
        kind: 'use',
        actor: head,
        ability,
        targets: targets[0] === 'on' ? targets.slice(1) : targets,
        ...(text === undefined ? {} : { text }),
        ...(forged === undefined ? {} : { forged }),
        ...(requestForged === undefined ? {} : { requestForged }),
      });
      return;
    }
    err(`cannot read "${content}" (see docs/rulesets.md for the script lines)`);
  });

  if (players.length === 0) errors.push({ line: 0, message: 'no players: add "player <name> faction=<id> role=<id>" lines' });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, script: { ruleset, seed, players, families, settings, steps } };
}

function parseExpectation(words: readonly string[]): Expectation | string {
  const [kind, ...rest] = words;
  const usage =
    'expect dead|alive <name> | lynched <names…> | no-lynch | runoff <names…> | total <name> <n> | status <name> [not] <status> | title <name> [not] <title> | winner <side> | draw | no-winner | court <families…> | void <voter> <reason> | rejected <name> <reason> | setup [not] <code> [name]';
  const one = rest[0];
  switch (kind) {
    case 'dead':
    case 'alive':
      return one !== undefined && rest.length === 1 ? { kind, who: one } : usage;
    case 'lynched':
    case 'runoff':
      return rest.length > 0 ? { kind, who: rest } : usage;
    case 'court':
      return rest.length > 0 ? { kind, families: rest } : usage;
    case 'no-lynch':
    case 'draw':
    case 'no-winner':
      return rest.length === 0 ? { kind } : usage;
    case 'total': {
      const n = Number(rest[1]);
      return one !== undefined && rest.length === 2 && Number.isFinite(n) ? { kind, who: one, total: n } : usage;
    }
    case 'status':
    case 'title': {
      const present = rest[1] !== 'not';
      const value = present ? rest[1] : rest[2];
      if (one === undefined || value === undefined || rest.length !== (present ? 2 : 3)) return usage;
      return kind === 'status' ? { kind, who: one, status: value, present } : { kind, who: one, title: value, present };
    }
    case 'winner':
      return one !== undefined && rest.length === 1 ? { kind, side: one } : usage;
    case 'void':
      return one !== undefined && rest[1] !== undefined && rest.length === 2 ? { kind, voter: one, reason: rest[1] } : usage;
    case 'rejected':
      return one !== undefined && rest[1] !== undefined && rest.length === 2 ? { kind, who: one, reason: rest[1] } : usage;
    case 'setup': {
      const present = one !== 'not';
      const [code, who, ...more] = present ? rest : rest.slice(1);
      if (code === undefined || more.length > 0) return usage;
      return { kind, code, present, ...(who === undefined ? {} : { who }) };
    }
    default:
      return usage;
  }
}

/** 004 L86: a role request's answer in a script, night by night, by player names (none: home). */
export interface ScriptNightPlaces {
  readonly nights: readonly { readonly night: number; readonly places: readonly string[] }[];
}

/** `1=Boris 2=home 3=Vera+Anna` as nights and names; null when a token is not `<night>=…`. */
function nightPlacesOf(tokens: readonly string[]): ScriptNightPlaces['nights'] | null {
  const nights: { night: number; places: string[] }[] = [];
  for (const token of tokens) {
    const m = /^(\d+)=(.+)$/.exec(token);
    if (m === null) return null;
    const night = Number(m[1]);
    const value = m[2] ?? '';
    if (night < 1) return null;
    nights.push({ night, places: value.toLowerCase() === 'home' ? [] : value.split('+').filter((x) => x !== '') });
  }
  return nights;
}
