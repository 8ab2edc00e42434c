import { readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { JSDOM } from 'jsdom';
import { parseThreadPage } from '../../src/parsers';
import { InputError, UsageError, parseArgs, type CliCommand } from '../command';
import {
  breachRulesFor,
  findRuleset,
  rulesets,
  buildLedger,
  countNames,
  countRulesFor,
  countThread,
  defaultVoteGrammar,
  type Account,
  type Ballot,
  type BodyNode,
  type BreachRules,
  type Death,
  type ForumPost,
  type ManualMark,
  type Pardon,
  type PhaseKind,
  type PhaseMarker,
  type PhaseSetup,
  type Roster,
  type Sanction,
  type Slot,
  type VoteGrammar,
} from '../../src/engine';

/**
 * `gavel breaches <game.json> <posts.jsonl>`: the host's breach ledger for a
 * thread, as JSON. The game file (format in docs/phases-and-breaches.md) names
 * the ruleset, the roster, how phases are set, deaths and pardons.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function readJson(file: string, what: string): Json {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new InputError(`cannot read ${what} ${file}`);
  }
  try {
    return JSON.parse(text) as Json;
  } catch (error) {
    throw new InputError(`${what} ${file} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

function str(v: Json | undefined, where: string): string {
  if (typeof v !== 'string' || v === '') throw new InputError(`${where} must be a non-empty string`);
  return v;
}

function num(v: Json | undefined, where: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new InputError(`${where} must be a number`);
  return v;
}

function list(v: Json | undefined, where: string): Json[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new InputError(`${where} must be a list`);
  return v;
}

/** A time: epoch milliseconds, or an ISO date-time string. */
function time(v: Json | undefined, where: string): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string') {
    const t = Date.parse(v);
    if (!Number.isNaN(t)) return t;
  }
  throw new InputError(`${where} must be epoch milliseconds or an ISO date-time like "2026-03-24T19:00:00Z"`);
}

/** `"Day 2"`, `"N1"` or `{ "kind": "day", "number": 2 }`. */
function phaseRef(v: Json | undefined, where: string): { kind: PhaseKind; number: number } {
  if (typeof v === 'string') {
    const m = /^\s*(day|night|d|n)\s*(\d+)\s*$/iu.exec(v);
    if (m !== null) return { kind: (m[1] ?? '').toLowerCase().startsWith('d') ? 'day' : 'night', number: Number(m[2]) };
  }
  if (isObject(v) && (v.kind === 'day' || v.kind === 'night')) return { kind: v.kind, number: num(v.number, `${where}.number`) };
  throw new InputError(`${where} must name a phase like "Day 2" or "Night 1"`);
}

function kind(v: Json | undefined, where: string): PhaseKind {
  if (v === 'day' || v === 'night') return v;
  throw new InputError(`${where} must be "day" or "night"`);
}

function toRoster(v: Json | undefined): Roster {
  if (!isObject(v)) throw new InputError('game file: "roster" must be an object with "slots" and "hosts"');
  const hosts = list(v.hosts, 'roster.hosts').map((h, i) => str(h, `roster.hosts[${String(i)}]`));
  const slots: Slot[] = list(v.slots, 'roster.slots').map((s, i) => {
    const where = `roster.slots[${String(i)}]`;
    // A slot may be written as just its player's name.
    if (typeof s === 'string') return { id: s, accounts: [{ name: s }] };
    if (!isObject(s)) throw new InputError(`${where} must be a name or an object with "accounts"`);
    const accounts: Account[] = list(s.accounts, `${where}.accounts`).map((a, j) => {
      const at = `${where}.accounts[${String(j)}]`;
      if (typeof a === 'string') return { name: a };
      if (!isObject(a)) throw new InputError(`${at} must be a name or { "name", "fromPost" }`);
      return {
        name: str(a.name, `${at}.name`),
        ...(a.fromPost === undefined ? {} : { fromPost: num(a.fromPost, `${at}.fromPost`) }),
        ...(a.userId === undefined ? {} : { userId: str(a.userId, `${at}.userId`) }),
      };
    });
    if (accounts.length === 0) throw new InputError(`${where}.accounts must list at least one account`);
    return { id: s.id === undefined ? (accounts[0]?.name ?? String(i)) : str(s.id, `${where}.id`), accounts };
  });
  if (slots.length === 0) throw new InputError('roster.slots must list the players');
  return { hosts, slots };
}

/** A slot id from an id or any of its account names. */
function slotIdOf(roster: Roster, name: string, where: string): string {
  const wanted = name.trim().toLowerCase();
  const slot = roster.slots.find((s) => s.id.toLowerCase() === wanted || s.accounts.some((a) => a.name.trim().toLowerCase() === wanted));
  if (slot === undefined) throw new InputError(`${where}: "${name}" is not a slot or player of the roster`);
  return slot.id;
}

const sanctions: readonly Sanction[] = [
  'none',
  'not-counted',
  'warning',
  'host-decides',
  'strike',
  'vote-against-self',
  'mod-kill',
  'exile',
];

function toRules(v: Json | undefined, overrides: Json | undefined): BreachRules {
  const names = ['000', '001', '003', '004', 'mafiascum', ...Object.keys(rulesets)];
  if (typeof v !== 'string') throw new InputError(`game file: "rules" must name a ruleset: ${names.join(', ')}`);
  // A game ruleset id (forum-template-001…) names its breach rules in its references.
  const reference = findRuleset(v)?.references?.breachRules ?? v;
  const base = breachRulesFor(reference);
  if (base === undefined) throw new InputError(`game file: "rules" "${v}" is not one of ${names.join(', ')}`);
  if (overrides === undefined) return base;
  if (!isObject(overrides)) throw new InputError('game file: "ruleOverrides" must be an object of rule sections');
  const merged: Record<string, unknown> = { ...base };
  for (const [section, value] of Object.entries(overrides)) {
    const known = merged[section];
    if (known === undefined || typeof known !== 'object' || known === null)
      throw new InputError(
        `ruleOverrides.${section} is not a section of the breach rules (${Object.keys(base)
          .filter((k) => typeof merged[k] === 'object')
          .join(', ')})`,
      );
    if (!isObject(value)) throw new InputError(`ruleOverrides.${section} must be an object`);
    for (const [key, field] of Object.entries(value)) {
      // `repeat` is optional in every section, so a preset may not have it yet.
      if (!(key in known) && key !== 'repeat') throw new InputError(`ruleOverrides.${section}.${key} is not a setting of that section`);
      const current = (known as Record<string, unknown>)[key];
      if ((key === 'sanction' || key === 'repeat') && !sanctions.some((known) => known === field)) {
        throw new InputError(`ruleOverrides.${section}.${key} must be one of ${sanctions.join(', ')}`);
      }
      // Thresholds are a number or null (not used).
      const nullable = section === 'thresholds' && (field === null || typeof field === 'number');
      if (
        current !== undefined &&
        current !== null &&
        !nullable &&
        typeof current !== typeof field &&
        !(Array.isArray(current) && Array.isArray(field))
      ) {
        throw new InputError(`ruleOverrides.${section}.${key} must be a ${typeof current}`);
      }
    }
    merged[section] = { ...known, ...value };
  }
  return merged as unknown as BreachRules;
}

/** The host's grammar settings laid over the ruleset's own (which the ruleset's voting section gives). */
function toVoteGrammar(grammar: Json | undefined): Partial<VoteGrammar> | undefined {
  if (grammar === undefined) return undefined;
  if (!isObject(grammar)) throw new InputError('game file: "voteGrammar" must be an object of grammar settings');
  for (const key of Object.keys(grammar))
    if (!(key in defaultVoteGrammar)) throw new InputError(`voteGrammar.${key} is not a grammar setting`);
  return grammar as Partial<VoteGrammar>;
}

function toPhaseSetup(v: Json | undefined): PhaseSetup {
  if (!isObject(v)) throw new InputError('game file: "phases" must be an object with at least "firstPhase"');
  const firstPhase = kind(v.firstPhase, 'phases.firstPhase');
  const setup: { -readonly [K in keyof PhaseSetup]: PhaseSetup[K] } = { firstPhase };
  if (v.clock !== undefined) {
    const c = v.clock;
    if (!isObject(c) || !isObject(c.day) || !isObject(c.night))
      throw new InputError('phases.clock must have "timeZone", "firstDate", "day" and "night" hours and "phases"');
    const hours = (h: JsonObject, where: string): { start: string; end: string; voteOpens?: string } => ({
      start: str(h.start, `${where}.start`),
      end: str(h.end, `${where}.end`),
      ...(h.voteOpens === undefined ? {} : { voteOpens: str(h.voteOpens, `${where}.voteOpens`) }),
    });
    setup.clock = {
      timeZone: str(c.timeZone, 'phases.clock.timeZone'),
      firstDate: str(c.firstDate, 'phases.clock.firstDate'),
      firstPhase: c.firstPhase === undefined ? firstPhase : kind(c.firstPhase, 'phases.clock.firstPhase'),
      day: hours(c.day, 'phases.clock.day'),
      night: hours(c.night, 'phases.clock.night'),
      phases: num(c.phases, 'phases.clock.phases'),
      ...(c.firstNumber === undefined ? {} : { firstNumber: num(c.firstNumber, 'phases.clock.firstNumber') }),
    };
  }
  if (v.markers !== undefined) {
    setup.markers = list(v.markers, 'phases.markers').map((m, i): PhaseMarker => {
      const where = `phases.markers[${String(i)}]`;
      if (!isObject(m)) throw new InputError(`${where} must be { "pattern", "event" }`);
      const event = m.event;
      if (event !== 'start' && event !== 'end' && event !== 'vote-opens' && event !== 'deadline')
        throw new InputError(`${where}.event must be start, end, vote-opens or deadline`);
      return {
        pattern: str(m.pattern, `${where}.pattern`),
        event,
        ...(m.kind === undefined ? {} : { kind: kind(m.kind, `${where}.kind`) }),
      };
    });
  }
  if (v.marks !== undefined) {
    setup.marks = list(v.marks, 'phases.marks').map((m, i): ManualMark => {
      const where = `phases.marks[${String(i)}]`;
      if (!isObject(m)) throw new InputError(`${where} must be { "post", "phase", "event" }`);
      const event = m.event;
      if (event !== 'start' && event !== 'end' && event !== 'vote-opens')
        throw new InputError(`${where}.event must be start, end or vote-opens`);
      return { post: num(m.post, `${where}.post`), ...phaseRef(m.phase, `${where}.phase`), event };
    });
  }
  if (v.timeZone !== undefined) setup.timeZone = str(v.timeZone, 'phases.timeZone');
  return setup;
}

function toBody(v: Json | undefined, where: string): BodyNode[] {
  if (typeof v === 'string') return [{ type: 'text', text: v }];
  if (!Array.isArray(v)) throw new InputError(`${where} must be a list of body nodes (or a plain string)`);
  return v.map((node, i): BodyNode => {
    const at = `${where}[${String(i)}]`;
    if (!isObject(node)) throw new InputError(`${at} must be a body node object`);
    switch (node.type) {
      case 'text':
        if (typeof node.text !== 'string') throw new InputError(`${at}.text must be a string`);
        return {
          type: 'text',
          text: node.text,
          ...(node.bold === true ? { bold: true as const } : {}),
          ...(node.italic === true ? { italic: true as const } : {}),
          ...(node.underline === true ? { underline: true as const } : {}),
          ...(node.struck === true ? { struck: true as const } : {}),
          ...(node.voteTag === true ? { voteTag: true as const } : {}),
          ...(typeof node.color === 'string' ? { color: node.color.toLowerCase() } : {}),
        };
      case 'break':
        return { type: 'break' };
      case 'quote':
        return {
          type: 'quote',
          children: toBody(node.children ?? [], `${at}.children`),
          ...(typeof node.author === 'string' ? { author: node.author } : {}),
          ...(typeof node.postId === 'string' ? { postId: node.postId } : {}),
        };
      case 'spoiler':
        return {
          type: 'spoiler',
          children: toBody(node.children ?? [], `${at}.children`),
          ...(typeof node.title === 'string' ? { title: node.title } : {}),
        };
      default:
        throw new InputError(`${at}.type must be text, break, quote or spoiler`);
    }
  });
}

function toPost(v: Json, where: string): ForumPost {
  if (!isObject(v)) throw new InputError(`${where} must be a JSON object (a ForumPost)`);
  const postedAt = v.postedAt === null || v.postedAt === undefined ? null : time(v.postedAt, `${where}.postedAt`);
  let edited: ForumPost['edited'];
  if (v.edited !== undefined && v.edited !== null) {
    const e = v.edited;
    if (!isObject(e)) throw new InputError(`${where}.edited must be an object`);
    edited = {
      ...(e.at === undefined || e.at === null ? {} : { at: time(e.at, `${where}.edited.at`) }),
      ...(e.by === undefined ? {} : { by: str(e.by, `${where}.edited.by`) }),
      ...(e.count === undefined ? {} : { count: num(e.count, `${where}.edited.count`) }),
    };
  }
  return {
    id: typeof v.id === 'number' ? String(v.id) : str(v.id, `${where}.id`),
    number: num(v.number, `${where}.number`),
    author: str(v.author, `${where}.author`),
    postedAt,
    body: toBody(v.body, `${where}.body`),
    ...(v.authorId === undefined ? {} : { authorId: String(v.authorId) }),
    ...(v.permalink === undefined ? {} : { permalink: str(v.permalink, `${where}.permalink`) }),
    ...(edited === undefined ? {} : { edited }),
  };
}

function readPosts(file: string, what: string): ForumPost[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new InputError(`cannot read ${what} ${file}`);
  }
  const posts: ForumPost[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let value: Json;
    try {
      value = JSON.parse(line) as Json;
    } catch {
      throw new InputError(`${file} line ${String(i + 1)} is not valid JSON`);
    }
    posts.push(toPost(value, `${file} line ${String(i + 1)}`));
  });
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

/** The posts of saved thread pages, read with the forum adapters; the same post on two pages counts once. */
function readPages(
  files: readonly string[],
  options: { readonly url: string | undefined; readonly now: number; readonly timeZone: string | undefined },
  warn: (text: string) => void,
): ForumPost[] {
  const byId = new Map<string, ForumPost>();
  for (const file of files) {
    let html: string;
    try {
      html = readFileSync(file, 'utf8');
    } catch {
      throw new InputError(`cannot read saved page ${file}`);
    }
    const url = pageUrlOf(html) ?? options.url;
    if (url === undefined) throw new InputError(`${file}: the page does not say its address; give it with --url <thread url>`);
    const { document } = new JSDOM(html, { url }).window;
    const parsed = parseThreadPage(document, url, {
      now: options.now,
      ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
    });
    if (!parsed.supported) throw new InputError(`${file}: not a thread page of a supported forum (${parsed.reason})`);
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
    "  <saved pages>      or the thread's pages saved from the browser (.html), in any order",
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
    if (gameFile === undefined || threadFiles.length === 0)
      throw new UsageError('give a game file and a posts .jsonl file (or saved pages)');
    const jsonlFiles = threadFiles.filter((f) => f.endsWith('.jsonl'));
    const pageFiles = threadFiles.filter((f) => /\.html?$/iu.test(f));
    if (jsonlFiles.length + pageFiles.length < threadFiles.length)
      throw new UsageError(
        `the thread is a posts .jsonl file or saved .html pages, not ${threadFiles.filter((f) => !f.endsWith('.jsonl') && !/\.html?$/iu.test(f)).join(', ')}`,
      );
    if (jsonlFiles.length > 1 || (jsonlFiles.length === 1 && pageFiles.length > 0))
      throw new UsageError('give either one posts .jsonl file or saved pages, not both');
    const game = readJson(resolvePath(io.cwd, gameFile), 'game file');
    if (!isObject(game)) throw new InputError(`game file ${gameFile} must be a JSON object`);
    const rules = toRules(game.rules, game.ruleOverrides);
    const roster = toRoster(game.roster);
    const nowText = values.get('now');
    const now =
      nowText !== undefined
        ? time(/^\d+$/u.test(nowText) ? Number(nowText) : nowText, '--now')
        : game.now === undefined
          ? null
          : time(game.now, 'game file "now"');
    const jsonlFile = jsonlFiles[0];
    const posts =
      jsonlFile !== undefined
        ? readPosts(resolvePath(io.cwd, jsonlFile), 'posts file')
        : readPages(
            pageFiles.map((f) => resolvePath(io.cwd, f)),
            // Relative dates on a page ("Today", "5 minutes ago") are read against the check's moment, or the current time.
            { url: values.get('url'), now: now ?? Date.now(), timeZone: values.get('time-zone') },
            io.err,
          );
    const previousFile = values.get('previous');
    const previousVersions = previousFile === undefined ? [] : readPosts(resolvePath(io.cwd, previousFile), 'previous versions file');
    const phaseSetup = toPhaseSetup(game.phases);
    const deaths: Death[] = list(game.deaths, 'deaths').map((d, i) => {
      const where = `deaths[${String(i)}]`;
      if (!isObject(d)) throw new InputError(`${where} must be { "slot", "phase", "post"? }`);
      return {
        slot: slotIdOf(roster, str(d.slot, `${where}.slot`), where),
        phase: phaseRef(d.phase, `${where}.phase`),
        ...(d.post === undefined ? {} : { post: num(d.post, `${where}.post`) }),
      };
    });
    const pardons: Pardon[] = list(game.pardons, 'pardons').map((p, i) => {
      const where = `pardons[${String(i)}]`;
      if (!isObject(p)) throw new InputError(`${where} must be { "breach", "note" }`);
      return { breachId: str(p.breach, `${where}.breach`), note: str(p.note, `${where}.note`) };
    });
    let families: Record<string, string> | undefined;
    if (game.families !== undefined) {
      if (!isObject(game.families)) throw new InputError('game file: "families" must map players to families');
      families = {};
      for (const [who, family] of Object.entries(game.families))
        families[slotIdOf(roster, who, 'families')] = str(family, `families.${who}`);
    }
    const ballots: Ballot[] | undefined =
      game.ballots === undefined
        ? undefined
        : list(game.ballots, 'ballots').map((b, i) => {
            const where = `ballots[${String(i)}]`;
            if (!isObject(b)) throw new InputError(`${where} must be { "slot", "day", "family", "individual" }`);
            return {
              slot: slotIdOf(roster, str(b.slot, `${where}.slot`), where),
              day: num(b.day, `${where}.day`),
              family: b.family === null || b.family === undefined ? null : str(b.family, `${where}.family`),
              individual:
                b.individual === null || b.individual === undefined
                  ? null
                  : slotIdOf(roster, str(b.individual, `${where}.individual`), `${where}.individual`),
            };
          });
    const excusedFromVoting = list(game.excusedFromVoting, 'excusedFromVoting').map((e, i) => {
      const where = `excusedFromVoting[${String(i)}]`;
      if (!isObject(e)) throw new InputError(`${where} must be { "slot", "day" }`);
      return { slot: slotIdOf(roster, str(e.slot, `${where}.slot`), where), day: num(e.day, `${where}.day`) };
    });
    // The ruleset the rules name counts the thread: its voting section says how votes are written and decided.
    const ruleset = countRulesFor(typeof game.rules === 'string' ? game.rules : '')?.ruleset ?? rulesets['forum-template-001'];
    const voteGrammar = toVoteGrammar(game.voteGrammar);
    const counted = countThread(posts, {
      game: {
        roster,
        ruleset,
        phases: phaseSetup,
        deaths,
        breachRules: rules,
        breachInput: {
          previousVersions,
          excusedFromVoting,
          now,
          ...(game.gameOverAtPost === undefined ? {} : { gameOverAtPost: num(game.gameOverAtPost, 'game file "gameOverAtPost"') }),
        },
        ...(families === undefined ? {} : { families }),
        ...(ballots === undefined ? {} : { ballots }),
      },
      ...(voteGrammar === undefined ? {} : { voteGrammar }),
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
