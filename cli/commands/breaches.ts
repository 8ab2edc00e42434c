import { resolve as resolvePath } from 'node:path';
import { parseThreadPage } from '../../src/parsers';
import { InputError, UsageError, parseArgs, type CliCommand } from '../command';
import { inputLimits, pageDocument, readInputFile } from '../input';
import {
  breachRulesFor,
  breachRulesPresets,
  findRuleset,
  formatProblems,
  json,
  rulesets,
  rulesetSections,
  buildLedger,
  countNames,
  countRulesFor,
  countThread,
  type Account,
  type Ballot,
  type BodyNode,
  type BreachRules,
  type ClockSchedule,
  type Death,
  type EditInfo,
  type ForumPost,
  type JsonProblem,
  type KindWords,
  type ManualMark,
  type Pardon,
  type PhaseHours,
  type PhaseKind,
  type PhaseRef,
  type PhaseSetup,
  type Reader,
  type Roster,
  type Ruleset,
  type Slot,
  type TextNode,
  type VoteGrammar,
  sanctions,
} from '../../src/engine';
import { GAME_FILE_FORMAT, readGameFile, type GameFile } from '../../extension/storage/game-file';

/**
 * `gavel breaches <game.json> <posts.jsonl>`: the host's breach ledger for a
 * thread, as JSON. The game file is either the one a host writes (format in
 * docs/phases-and-breaches.md: the ruleset, the roster, how phases are set,
 * deaths and pardons) or the file the extension's Export writes, whose roster,
 * rules, phases, deaths (from its event log), pardons and stored posts are used.
 */

const { array, anyObject, byType, idText, integer, map, nullable, object, oneOf, optional, orDefault, record, string, union } = json;

/** What `gavel breaches` needs from a game file, whichever format it came in. */
interface BreachesGame {
  readonly rules: BreachRules;
  /** The game's ruleset where the file carries one (an export); else the one the breach rules name counts the thread. */
  readonly ruleset?: Ruleset;
  readonly grammar: Partial<VoteGrammar> | undefined;
  readonly roster: Roster;
  readonly phases: PhaseSetup;
  readonly deaths: readonly Death[];
  readonly pardons: readonly Pardon[];
  readonly families?: Record<string, string>;
  readonly ballots?: readonly Ballot[];
  readonly excusedFromVoting: readonly { readonly slot: string; readonly day: number }[];
  readonly gameOverAtPost?: number;
  readonly now: number | null;
  /** The thread's posts, where the file holds them (an export of a game with its thread). */
  readonly posts?: readonly ForumPost[];
}

/** The text of a file, or an InputError naming it (a missing file, or one over the input size limit). */
function readText(file: string, what: string): string {
  return readInputFile(file, file, 'data', what);
}

function refuse(problems: readonly JsonProblem[]): never {
  throw new InputError(formatProblems(problems));
}

/** One value given on the command line, read like the same value in a file. */
function readWord<T>(reader: Reader<T>, value: unknown, source: string): T {
  const read = json.readJsonValue(value, reader, source);
  return read.ok ? read.value : refuse(read.problems);
}

// ---------------------------------------------------------------- words a host writes

/** A time: epoch milliseconds, or an ISO date-time string. */
const time: Reader<number> = json.momentReader;

/** `"Day 2"`, `"N1"` or `{ "kind": "day", "number": 2 }`. */
const phaseRef: Reader<PhaseRef> = byType(
  {
    string: map(string(), (text, reject) => {
      const m = /^\s*(day|night|d|n)\s*(\d+)\s*$/iu.exec(text);
      const n = Number(m?.[2]);
      if (m === null || n > json.dataLimits.phaseNumber)
        return reject(`expected a phase like "Day 2" or "Night 1", found ${json.describeValue(text)}`);
      return { kind: (m[1] ?? '').toLowerCase().startsWith('d') ? 'day' : 'night', number: n };
    }),
    object: json.phaseRefReader,
  },
  'a phase like "Day 2" or "Night 1"',
);

/** An account: a name, or `{ "name", "fromPost", "userId" }`. */
const account: Reader<Account> = byType(
  { string: map(idText, (name) => ({ name })), object: json.accountReader },
  'a name or { "name", "fromPost" }',
);

interface HostSlot {
  readonly id?: string;
  readonly accounts: Account[];
  readonly aliases?: string[];
}

/** A seat: its player's name, or `{ "id", "accounts" }` for a seat with replacements. */
const slot: Reader<Slot> = byType(
  {
    string: map(idText, (name) => ({ id: name, accounts: [{ name }] })),
    object: map(
      object<HostSlot>({
        id: optional(idText),
        accounts: array(account, { min: 1, max: json.dataLimits.accountsPerSlot }),
        aliases: optional(array(idText, { max: json.dataLimits.accountsPerSlot })),
      }),
      (s) => ({ ...s, id: s.id ?? s.accounts[0]?.name ?? '' }),
    ),
  },
  'a name or an object with "accounts"',
);

const roster = object<Roster>({
  hosts: orDefault(array(idText, { max: json.dataLimits.accountsPerSlot }), []),
  slots: array(slot, { min: 1, max: json.dataLimits.players }),
});

interface HostClock extends Omit<ClockSchedule, 'firstPhase'> {
  readonly firstPhase?: PhaseKind;
}

interface HostPhases extends Omit<PhaseSetup, 'clock' | 'marks'> {
  readonly clock?: HostClock;
  readonly marks?: { readonly post: number; readonly phase: PhaseRef; readonly event: ManualMark['event'] }[];
}

const hours = object<PhaseHours>({ start: idText, end: idText, voteOpens: optional(idText) });

const phases: Reader<PhaseSetup> = map(
  object<HostPhases>({
    firstPhase: json.phaseKind,
    clock: optional(
      object<HostClock>({
        timeZone: idText,
        firstDate: idText,
        firstPhase: optional(json.phaseKind),
        day: hours,
        night: hours,
        phases: integer({ min: 1, max: json.dataLimits.clockPhases }),
        firstNumber: optional(json.phaseNumber),
      }),
    ),
    markers: optional(array(json.phaseMarkerReader, { max: json.dataLimits.phaseMarks })),
    kindWords: optional(object<KindWords>({ day: array(idText, { max: 50 }), night: array(idText, { max: 50 }) })),
    marks: optional(
      array(
        object<NonNullable<HostPhases['marks']>[number]>({
          post: json.postNumber,
          phase: phaseRef,
          event: oneOf(['start', 'end', 'vote-opens']),
        }),
        {
          max: json.dataLimits.phaseMarks,
        },
      ),
    ),
    timeZone: optional(idText),
  }),
  ({ clock, marks, ...rest }): PhaseSetup => ({
    ...rest,
    ...(clock === undefined ? {} : { clock: { ...clock, firstPhase: clock.firstPhase ?? rest.firstPhase } }),
    ...(marks === undefined ? {} : { marks: marks.map(({ phase, ...m }): ManualMark => ({ ...m, ...phase })) }),
  }),
);

const ruleNames = (): string => ['000', '001', '003', '004', 'mafiascum', ...Object.keys(rulesets)].join(', ');

/** `rules`: a breach-rules id, or a game ruleset id whose references name its breach rules. */
const rulesReader: Reader<BreachRules> = map(string(), (name, reject) => {
  const rules = breachRulesFor(findRuleset(name)?.references?.breachRules ?? name);
  return rules ?? reject(`"${name}" is not one of ${ruleNames()}`);
});

/** The breach rules with the host's overrides, each setting checked against the type of the rule's own value. */
function overrideRules(base: BreachRules, overrides: Record<string, Record<string, unknown>>, cx: json.ReadContext): BreachRules {
  const merged: Record<string, unknown> = { ...base };
  const sections = Object.keys(base).filter((k) => typeof merged[k] === 'object' && merged[k] !== null);
  for (const [section, value] of Object.entries(overrides)) {
    const path = json.pathOf('ruleOverrides', section);
    const known = merged[section];
    if (!sections.includes(section) || typeof known !== 'object' || known === null) {
      const guess = json.nearest(section, sections);
      json.fail(
        cx,
        path,
        `not a section of the breach rules (${sections.join(', ')})${guess === undefined ? '' : `; did you mean ${guess}?`}`,
      );
      continue;
    }
    const settings = known as Record<string, unknown>;
    for (const [key, field] of Object.entries(value)) {
      const at = json.pathOf(path, key);
      // `repeat` is optional in every section, so a preset may not have it yet.
      if (!(key in settings) && key !== 'repeat') {
        const guess = json.nearest(key, [...Object.keys(settings), 'repeat']);
        json.fail(cx, at, `not a setting of ${section}${guess === undefined ? '' : `; did you mean ${guess}?`}`);
        continue;
      }
      const current = settings[key];
      if (key === 'sanction' || key === 'repeat') oneOf(sanctions)(field, at, cx);
      // Thresholds are a number or null (not used).
      else if (section === 'thresholds') nullable(integer({ min: 0, max: 1000 }))(field, at, cx);
      else if (typeof current === 'number') json.number({ min: 0, max: 1_000_000 })(field, at, cx);
      else if (typeof current === 'boolean') json.boolean(field, at, cx);
      else if (typeof current === 'string') string({ nonEmpty: false })(field, at, cx);
      else if (Array.isArray(current)) array(json.anyJson, { max: 1000 })(field, at, cx);
    }
    merged[section] = { ...settings, ...value };
  }
  return merged as unknown as BreachRules;
}

interface HostGameFile {
  readonly rules: BreachRules;
  readonly ruleOverrides?: Record<string, Record<string, unknown>>;
  readonly voteGrammar?: Partial<VoteGrammar>;
  readonly roster: Roster;
  readonly phases: PhaseSetup;
  readonly deaths: { readonly slot: string; readonly phase: PhaseRef; readonly post?: number }[];
  readonly pardons: { readonly breach: string; readonly note: string }[];
  readonly families?: Record<string, string>;
  readonly ballots?: { readonly slot: string; readonly day: number; readonly family: string | null; readonly individual: string | null }[];
  readonly excusedFromVoting: { readonly slot: string; readonly day: number }[];
  readonly gameOverAtPost?: number;
  readonly now?: number;
}

const rows = json.dataLimits.events;

/** The game file a host writes (docs/phases-and-breaches.md); a key it does not know is refused with the nearest. */
const hostGameFile = object<HostGameFile>({
  rules: rulesReader,
  ruleOverrides: optional(record(anyObject, { maxKeys: 50 })),
  voteGrammar: optional(json.voteGrammarChangesReader),
  roster,
  phases,
  deaths: orDefault(
    array(object<HostGameFile['deaths'][number]>({ slot: idText, phase: phaseRef, post: optional(json.postNumber) }), {
      max: json.dataLimits.players,
    }),
    [],
  ),
  pardons: orDefault(array(object<HostGameFile['pardons'][number]>({ breach: idText, note: string() }), { max: rows }), []),
  families: optional(record(idText, { maxKeys: json.dataLimits.players })),
  ballots: optional(
    array(
      object<NonNullable<HostGameFile['ballots']>[number]>({
        slot: idText,
        day: json.phaseNumber,
        family: orDefault(nullable(idText), null),
        individual: orDefault(nullable(idText), null),
      }),
      { max: rows },
    ),
  ),
  excusedFromVoting: orDefault(
    array(object<HostGameFile['excusedFromVoting'][number]>({ slot: idText, day: json.phaseNumber }), { max: rows }),
    [],
  ),
  gameOverAtPost: optional(json.postNumber),
  now: optional(time),
});

/** A slot id from an id or any of its account names. */
function slotIdOf(roster: Roster, name: string): string | undefined {
  const wanted = name.trim().toLowerCase();
  return roster.slots.find((s) => s.id.toLowerCase() === wanted || s.accounts.some((a) => a.name.trim().toLowerCase() === wanted))?.id;
}

/** The host's file, its player names turned into slot ids (a name no slot has is a problem at its place). */
const hostGame: Reader<BreachesGame> = (value, path, cx) => {
  const file = hostGameFile(value, path, cx);
  if (file === json.INVALID) return json.INVALID;
  const before = cx.problems.length;
  const slotOf = (name: string, at: string): string => {
    const id = slotIdOf(file.roster, name);
    if (id === undefined) json.fail(cx, at, `"${name}" is not a slot or player of the roster`);
    return id ?? name;
  };
  // Names are matched ignoring case: two seats whose names differ only in case would make every name a guess.
  const seatOf = new Map<string, { slot: number; written: string }>();
  file.roster.slots.forEach((s, i) => {
    for (const written of new Set([s.id, ...s.accounts.map((a) => a.name.trim())])) {
      const key = written.toLowerCase();
      const other = seatOf.get(key);
      if (other === undefined) seatOf.set(key, { slot: i, written });
      else if (other.slot !== i)
        json.fail(
          cx,
          `roster.slots[${i}]`,
          other.written === written
            ? `"${written}" is also a name of roster.slots[${other.slot}]`
            : `"${written}" and roster.slots[${other.slot}]'s "${other.written}" differ only in case; names are matched ignoring case, so one of them must be renamed`,
        );
    }
  });
  const rules = file.ruleOverrides === undefined ? file.rules : overrideRules(file.rules, file.ruleOverrides, cx);
  const game: BreachesGame = {
    rules,
    grammar: file.voteGrammar,
    roster: file.roster,
    phases: file.phases,
    deaths: file.deaths.map((d, i) => ({ ...d, slot: slotOf(d.slot, `deaths[${i}].slot`) })),
    pardons: file.pardons.map((p) => ({ breachId: p.breach, note: p.note })),
    excusedFromVoting: file.excusedFromVoting.map((e, i) => ({ ...e, slot: slotOf(e.slot, `excusedFromVoting[${i}].slot`) })),
    now: file.now ?? null,
    ...(file.families === undefined
      ? {}
      : {
          families: Object.fromEntries(
            Object.entries(file.families).map(([who, family]) => [slotOf(who, json.pathOf('families', who)), family]),
          ),
        }),
    ...(file.ballots === undefined
      ? {}
      : {
          ballots: file.ballots.map((b, i) => ({
            ...b,
            slot: slotOf(b.slot, `ballots[${i}].slot`),
            individual: b.individual === null ? null : slotOf(b.individual, `ballots[${i}].individual`),
          })),
        }),
    ...(file.gameOverAtPost === undefined ? {} : { gameOverAtPost: file.gameOverAtPost }),
  };
  return cx.problems.length > before ? json.INVALID : game;
};

/**
 * What breaches needs from the extension's export: the ruleset's breach rules
 * (the popup's fallback, 001, where it names none), the roster and phases,
 * each death of the event log in the phase it happened in (as the extension's
 * count reads them), the pardons, 000's families and the stored posts.
 */
function fromExport(file: GameFile): BreachesGame {
  const { game } = file;
  const deaths: Death[] = [];
  let phase: PhaseRef | null = null;
  for (const event of game.events) {
    if (event.type === 'phase/start') phase = { kind: event.phase.kind, number: event.phase.number };
    if (event.type === 'player/die' && phase !== null && !deaths.some((d) => d.slot === event.slotId))
      deaths.push({ slot: event.slotId, phase });
  }
  const families = game.players.flatMap((p) => (p.family === undefined ? [] : [[p.slotId, p.family] as const]));
  return {
    rules: rulesetSections(game.ruleset.data).breachRules ?? breachRulesPresets['001'],
    ruleset: game.ruleset.data,
    grammar: undefined,
    roster: game.roster,
    phases: game.phases,
    deaths,
    pardons: file.pardons.map((p) => ({ breachId: p.breachId, note: p.note })),
    excusedFromVoting: [],
    now: null,
    ...(families.length === 0 ? {} : { families: Object.fromEntries(families) }),
    ...(file.thread === null ? {} : { posts: file.thread.posts.map((p) => p.post) }),
  };
}

/** Reads a game file in either format: the extension's export (it says `"format": "gavel-game"`) or the host's. */
export function readBreachesGame(text: string, source: string): BreachesGame {
  const parsed = json.parseJsonText(text, source);
  if (!parsed.ok) refuse(parsed.problems);
  const value = parsed.value;
  if (typeof value === 'object' && value !== null && (value as Record<string, unknown>)['format'] === GAME_FILE_FORMAT) {
    const read = readGameFile(value, source);
    if (!read.ok) refuse(read.problems);
    return fromExport(read.file);
  }
  const read = json.readJsonValue(value, hostGame, source);
  if (!read.ok) refuse(read.problems);
  return read.value;
}

// ---------------------------------------------------------------- the posts file

interface LoosePost extends Omit<ForumPost, 'postedAt' | 'edited'> {
  readonly postedAt?: number | null;
  readonly edited?: EditInfo | null;
}

type LooseText = { readonly [K in (typeof textMarks)[number]]?: unknown } & { readonly type: 'text'; readonly text: string };

/** A post body as scrapers write it: a plain string, or nodes (flags other than `true` are dropped, colours lower-cased). */
const body: Reader<BodyNode[]> = json.recursive(
  () =>
    byType<BodyNode[]>(
      {
        string: map(string({ nonEmpty: false }), (text): BodyNode[] => [{ type: 'text', text }]),
        list: array(
          union<BodyNode>('type', {
            text: map(
              object<LooseText>({ type: oneOf(['text']), text: string({ nonEmpty: false }), ...looseMarks }, { closed: false }),
              (node) => {
                const marks = textMarks.filter((k) => k !== 'color' && node[k] === true).map((k) => [k, true] as const);
                return {
                  type: 'text',
                  text: node.text,
                  ...Object.fromEntries(marks),
                  ...(typeof node.color === 'string' ? { color: node.color.toLowerCase() } : {}),
                } as TextNode;
              },
            ),
            break: object({ type: oneOf(['break']) }, { closed: false }),
            quote: map(
              object<{ type: 'quote'; author?: unknown; postId?: unknown; children: BodyNode[] }>(
                { type: oneOf(['quote']), author: optional(json.anyJson), postId: optional(json.anyJson), children: orDefault(body, []) },
                { closed: false },
              ),
              ({ author, postId, children }): BodyNode => ({
                type: 'quote',
                children,
                ...(typeof author === 'string' ? { author } : {}),
                ...(typeof postId === 'string' ? { postId } : {}),
              }),
            ),
            spoiler: map(
              object<{ type: 'spoiler'; title?: unknown; children: BodyNode[] }>(
                { type: oneOf(['spoiler']), title: optional(json.anyJson), children: orDefault(body, []) },
                { closed: false },
              ),
              ({ title, children }): BodyNode => ({ type: 'spoiler', children, ...(typeof title === 'string' ? { title } : {}) }),
            ),
          }),
          { max: json.dataLimits.bodyNodes },
        ),
      },
      'a list of body nodes (or a plain string)',
    ),
  json.dataLimits.bodyDepth,
);

const textMarks = ['bold', 'italic', 'underline', 'struck', 'voteTag', 'color'] as const;
const looseMarks = Object.fromEntries(textMarks.map((k) => [k, optional(json.anyJson)])) as Record<
  (typeof textMarks)[number],
  json.OptionalField<unknown>
>;

/** One post of a posts file: the parsers' ForumPost, with ids as numbers, times as ISO text and bodies as strings allowed. */
const post: Reader<ForumPost> = map(
  object<LoosePost>(
    {
      id: byType({ string: idText, number: map(integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), String) }, 'a post id'),
      number: json.postNumber,
      author: idText,
      authorId: optional(
        byType(
          { string: string({ nonEmpty: false }), number: map(json.number({ min: 0, max: Number.MAX_SAFE_INTEGER }), String) },
          'an id',
        ),
      ),
      postedAt: optional(nullable(time)),
      permalink: optional(idText),
      edited: optional(
        nullable(
          object<EditInfo>(
            {
              at: optional(nullable(time) as Reader<number>),
              by: optional(idText),
              count: optional(integer({ min: 0, max: 1_000_000 })),
              reason: optional(string({ nonEmpty: false })),
            },
            { closed: false },
          ),
        ),
      ),
      body,
    },
    { closed: false },
  ),
  ({ postedAt, edited, ...rest }): ForumPost => ({
    ...rest,
    postedAt: postedAt ?? null,
    ...(edited === undefined || edited === null
      ? {}
      : { edited: Object.fromEntries(Object.entries(edited).filter(([, v]) => v !== null)) as EditInfo }),
  }),
);

/** The posts of a .jsonl file, one per line; every bad line is named, and with `unique` a repeated id or number. */
export function readPosts(file: string, what: string, unique: boolean): ForumPost[] {
  const text = readText(file, what);
  const posts: ForumPost[] = [];
  const problems: JsonProblem[] = [];
  // In a thread each post has its own id and number: a second post with either would be dropped or counted in its place.
  const lineOfId = new Map<string, number>();
  const lineOfNumber = new Map<number, number>();
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '' || problems.length >= json.MAX_PROBLEMS) return;
    const source = `${file} line ${String(i + 1)}`;
    const read = json.readJsonText(line, post, source);
    if (!read.ok) {
      problems.push(...read.problems);
      return;
    }
    const { id, number } = read.value;
    const sameId = lineOfId.get(id);
    const sameNumber = lineOfNumber.get(number);
    if (unique && sameId !== undefined)
      problems.push({ source, path: 'id', problem: `post id ${JSON.stringify(id)} is also on line ${String(sameId)}` });
    else if (unique && sameNumber !== undefined)
      problems.push({ source, path: 'number', problem: `post number ${String(number)} is also on line ${String(sameNumber)}` });
    lineOfId.set(id, i + 1);
    lineOfNumber.set(number, i + 1);
    posts.push(read.value);
  });
  if (problems.length > 0) refuse(problems);
  return posts;
}

/** Where a saved page came from: its canonical link, og:url, or the browser's "saved from url" note. */
function pageUrlOf(html: string): string | undefined {
  const canonical =
    /<link[^>]+rel=["']canonical["'][^>]*href=["']([^"']+)["']/iu.exec(html) ??
    /<link[^>]+href=["']([^"']+)["'][^>]*rel=["']canonical["']/iu.exec(html);
  const og = /<meta[^>]+property=["']og:url["'][^>]*content=["']([^"']+)["']/iu.exec(html);
  const saved = /<!--\s*saved from url=\(\d+\)(\S+?)\s*-->/iu.exec(html);
  for (const m of [canonical, og, saved]) {
    const url = m?.[1];
    if (url !== undefined && /^https?:\/\//iu.test(url)) return url;
  }
  return undefined;
}

/** The posts of saved thread pages, read with the forum adapters; the same post on two pages counts once. `engines` gathers the engines detected. */
export function readPages(
  files: readonly string[],
  options: { readonly url: string | undefined; readonly now: number; readonly timeZone: string | undefined },
  warn: (text: string) => void,
  engines?: Set<string>,
): ForumPost[] {
  const byId = new Map<string, ForumPost>();
  for (const file of files) {
    const html = readInputFile(file, file, 'page', 'saved page');
    const url = pageUrlOf(html) ?? options.url;
    if (url === undefined) throw new InputError(`${file}: the page does not say its address; give it with --url <thread url>`);
    const document = pageDocument(html, url, file, warn);
    const parsed = parseThreadPage(document, url, {
      now: options.now,
      ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
    });
    if (!parsed.supported) throw new InputError(`${file}: not a thread page of a supported forum (${parsed.reason})`);
    engines?.add(parsed.engine);
    if (parsed.issues.length > 0)
      warn(
        `note: ${file}: ${String(parsed.issues.length)} parse issue(s), first: ${parsed.issues[0]?.kind ?? ''} ${parsed.issues[0]?.selector ?? ''}\n`,
      );
    for (const post of parsed.data.posts) if (!byId.has(post.id)) byId.set(post.id, post);
  }
  return [...byId.values()].sort((a, b) => a.number - b.number);
}

export const command: CliCommand = {
  name: 'breaches',
  summary: 'the breach ledger of a thread: night posts, edits, inactivity, dead posters, bad votes',
  usage: [
    'Usage: gavel breaches <game.json> <posts.jsonl | saved pages...> [--previous <posts.jsonl>] [--now <time>]',
    '                      [--url <thread url>] [--time-zone <zone>]',
    '',
    '  <game.json>        the game: ruleset, roster, phases, deaths, pardons (docs/phases-and-breaches.md)',
    '  <posts.jsonl>      the thread, one post (ForumPost JSON) per line',
    `  <saved pages>      or the thread's pages saved from the browser (.html, at most ${String(inputLimits.page / 1024 / 1024)} MB each), in any order`,
    "  --url URL          the thread's address, for saved pages that do not name it themselves",
    '  --time-zone ZONE   the zone the board shows its dates in (IANA name, e.g. Europe/Moscow; default UTC)',
    '  --previous FILE    earlier versions of edited posts (same ids), to tell whether an edit changed a vote',
    '  --now TIME         the moment of the check (ISO date-time or epoch ms); default: the game file\'s "now",',
    '                     else only days ended by a post are judged for activity',
    '',
    'Prints the ledger as JSON: the phases found, then per player the breaches with their posts,',
    'rules and sanctions, warnings, strikes and status (clear, warned, mod-kill-due, exiled).',
  ].join('\n'),
  run: async (args, io) => {
    const { positional, values } = parseArgs(args, { values: ['previous', 'now', 'url', 'time-zone'] });
    const [gameFile, ...threadFiles] = positional;
    if (gameFile === undefined) throw new UsageError('give a game file and a posts .jsonl file (or saved pages)');
    const jsonlFiles = threadFiles.filter((f) => f.endsWith('.jsonl'));
    const pageFiles = threadFiles.filter((f) => /\.html?$/iu.test(f));
    if (jsonlFiles.length + pageFiles.length < threadFiles.length)
      throw new UsageError(
        `the thread is a posts .jsonl file or saved .html pages, not ${threadFiles.filter((f) => !f.endsWith('.jsonl') && !/\.html?$/iu.test(f)).join(', ')}`,
      );
    if (jsonlFiles.length > 1 || (jsonlFiles.length === 1 && pageFiles.length > 0))
      throw new UsageError('give either one posts .jsonl file or saved pages, not both');
    const game = readBreachesGame(readText(resolvePath(io.cwd, gameFile), 'game file'), gameFile);
    if (threadFiles.length === 0 && game.posts === undefined)
      throw new UsageError(
        'give a game file and a posts .jsonl file (or saved pages); only an exported game with its thread holds its posts',
      );
    const { rules, roster, deaths, pardons, families, ballots, excusedFromVoting } = game;
    const nowText = values.get('now');
    const now = nowText === undefined ? game.now : readWord(time, /^\d+$/u.test(nowText) ? Number(nowText) : nowText, '--now');
    const urlText = values.get('url');
    if (urlText !== undefined && !/^https?:\/\//iu.test(urlText))
      throw new UsageError(`--url must be the thread's http(s) address, not ${JSON.stringify(urlText)}`);
    const jsonlFile = jsonlFiles[0];
    const posts =
      jsonlFile !== undefined
        ? readPosts(resolvePath(io.cwd, jsonlFile), 'posts file', true)
        : pageFiles.length > 0
          ? readPages(
              pageFiles.map((f) => resolvePath(io.cwd, f)),
              // Relative dates on a page ("Today", "5 minutes ago") are read against the check's moment, or the current time.
              { url: values.get('url'), now: now ?? Date.now(), timeZone: values.get('time-zone') },
              io.err,
            )
          : [...(game.posts ?? [])];
    const previousFile = values.get('previous');
    const previousVersions =
      previousFile === undefined ? [] : readPosts(resolvePath(io.cwd, previousFile), 'previous versions file', false);
    // The game's ruleset counts the thread: its voting section says how votes are written and decided.
    const ruleset = game.ruleset ?? countRulesFor(rules.id)?.ruleset ?? rulesets['forum-template-001'];
    const counted = countThread(posts, {
      game: {
        roster,
        ruleset,
        phases: game.phases,
        deaths,
        breachRules: rules,
        breachInput: {
          previousVersions,
          excusedFromVoting,
          now,
          ...(game.gameOverAtPost === undefined ? {} : { gameOverAtPost: game.gameOverAtPost }),
        },
        ...(families === undefined ? {} : { families }),
        ...(ballots === undefined ? {} : { ballots }),
      },
      ...(game.grammar === undefined ? {} : { voteGrammar: game.grammar }),
    });
    if (!counted.ok)
      throw new InputError(counted.problem.code === 'count/phases' ? `phases: ${counted.problem.detail}` : counted.problem.code);
    const { breaches, phases } = counted;
    // Each day's tally in the ruleset's voting system, with the roster's names.
    const days = counted.days.map((d) => {
      const names = countNames(d.tally, roster);
      return {
        day: d.phase.number,
        system: d.tally.system,
        alive: d.aliveAtStart.length,
        threshold: d.tally.threshold,
        wagons: names.wagons,
        ...(names.families === undefined ? {} : { families: names.families }),
        notVoting: names.notVoting,
        hammer: names.hammer,
        outcome: d.tally.outcome,
      };
    });
    const ledger = buildLedger(breaches, roster, rules, pardons);
    io.out(
      `${JSON.stringify({ rules: ledger.rules, phases, days, players: ledger.players, unmatchedPardons: ledger.unmatchedPardons }, null, 2)}\n`,
    );
    return 0;
  },
};
