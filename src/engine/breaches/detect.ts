/**
 * Finding breaches: every post of the thread checked against the phases and
 * the ruleset's breach rules, plus the day-level checks (activity, missing
 * votes). Pure: the votes of a post come from a function passed in (the vote
 * extraction), and `now` is an argument.
 */
import { bodyText } from '../../model/post';
import { normalizeName } from '../names/match';
import { currentName, type BodyNode, type ForumPost, type Roster, type Slot } from '../types';
import { firstPostPlacedOtherwise, phaseAt, isPhaseOver, pointOfPost, postPhaseLocator, samePhase } from '../phases/query';
import { isThreadClosed } from '../phases/query';
import type { Phase, PhaseBoundary, PhaseKind, PhasePoint } from '../phases/types';
import { holderNameAt, holdingAt, isHost, sameAccount } from './holders';
import type { Breach, BreachPost, BreachReason, BreachRule, BreachRules, Sanction } from './types';
import { countedMessage, engineMessage, word, type EngineMessage, type WordArg } from '../words';
import { ruleTerms } from './words';

/** The part of a vote extraction result breaches read (the shape of the votes module's `VoteCandidate`). */
export interface VoteLike {
  readonly action: 'vote' | 'unvote';
  readonly target: string;
  /** The text the vote was read from. */
  readonly text: string;
  readonly counted: boolean;
  readonly reason?: string;
}

/** The votes in a post, e.g. `(post) => extractVotes(post, voteRules)`. */
export type VotesOf = (post: ForumPost) => readonly VoteLike[];

/** A death: the slot is dead after the host's announcement post, or else after the end of the phase it died in. */
export interface Death {
  readonly slot: string;
  readonly phase: { readonly kind: PhaseKind; readonly number: number };
  /** The host post announcing the death; posts after it are the dead player's. */
  readonly post?: number;
}

/** Seed 000's ballot: one family vote and one individual vote per day (slot ids and family names). */
export interface Ballot {
  readonly slot: string;
  readonly day: number;
  readonly family: string | null;
  readonly individual: string | null;
}

export interface BreachInput {
  readonly posts: readonly ForumPost[];
  readonly roster: Roster;
  /** The game's phases in order (see `composePhases`). */
  readonly phases: readonly Phase[];
  readonly deaths?: readonly Death[];
  /** Earlier versions of edited posts (same `id`), to tell whether an edit changed a vote. */
  readonly previousVersions?: readonly ForumPost[];
  /** Seed 000: each slot's family. */
  readonly families?: Readonly<Record<string, string>>;
  /** Seed 000: the ballots cast. Absent: missing votes are not checked. */
  readonly ballots?: readonly Ballot[];
  /** Seed 000: slots that could not vote on a day (jailed, injured). */
  readonly excusedFromVoting?: readonly { readonly slot: string; readonly day: number }[];
  /** The moment of the check, to tell which clock-set days are over. Null: only days ended by a post. */
  readonly now?: number | null;
  /** The host post that ended the game: the thread is open after it ("gg" from the dead), so later posts are not checked. */
  readonly gameOverAtPost?: number;
}

export interface BreachOptions {
  /** Vote extraction. Without it, vote timing, grammar and vote-only posts are not checked and edits' vote change is `unknown`. */
  readonly votesOf?: VotesOf;
  /**
   * Carry on from the state an earlier look at the same thread kept (`keepState`): the posts up to
   * `state.throughPost` are not checked again one by one. Only valid when every other input but the
   * phases and the deaths, and the rules, are the same and those posts are unchanged; the caller checks
   * that (see `count/incremental.ts`). Where the phases or the deaths differ from the state's, the checks
   * carry on from the first post they can judge otherwise (`firstPostPlacedOtherwise`, the first post after a
   * changed death), and an ended day whose phase, posts and dead players are the same keeps its findings.
   */
  readonly resume?: BreachState;
  /** Receives the state after the post-by-post checks of the last post, for a later look to resume from. */
  readonly keepState?: (state: BreachState) => void;
  /** The caller's posts are already in post order (the thread counter's): they are not checked again. */
  readonly inPostOrder?: boolean;
}

/** What the post-by-post checks found up to a post: opaque to callers, never changed once kept. */
export interface BreachState {
  /** The last post checked. */
  readonly throughPost: number;
  /** The phases and the deaths (by slot, as placed among those phases) the checks were made under. */
  readonly phases: readonly Phase[];
  readonly deaths: ReadonlyMap<string, DeathPoint>;
  /** The post-by-post findings, in post order. */
  readonly drafts: readonly Draft[];
  /** Each last-words post let through, in post order: the post and the slot. */
  readonly lastWords: readonly (readonly [number, string])[];
  /** The inactivity check's: each phase's posts so far and each ended day's findings (`activityDrafts`). */
  readonly activity?: ActivityState;
}

/** Posts by phase (index in the phases) up to `throughPost`, and the inactivity findings of the days already judged. */
interface ActivityState {
  readonly byPhase: ReadonlyMap<number, readonly ForumPost[]>;
  readonly days: ReadonlyMap<number, { readonly cutoff: number | null; readonly drafts: readonly Draft[] }>;
}

type Draft = Omit<Breach, 'occurrence' | 'sanction' | 'id' | 'terms'> & {
  readonly order: number;
  readonly key: string;
  /** A sanction the rule sets for this case (004: posted, no wall), instead of its own. */
  readonly sanction?: Sanction;
};

function postOf(post: ForumPost): BreachPost {
  return {
    number: post.number,
    id: post.id,
    author: post.author,
    postedAt: post.postedAt,
    ...(post.permalink === undefined ? {} : { permalink: post.permalink }),
  };
}

function phaseRef(phase: Phase | null): { kind: PhaseKind; number: number } | null {
  return phase === null ? null : { kind: phase.kind, number: phase.number };
}

function phaseName(phase: { readonly kind: PhaseKind; readonly number: number }): string {
  return `${phase.kind === 'day' ? 'Day' : 'Night'} ${String(phase.number)}`;
}

function atOrAfter(point: PhasePoint, boundary: PhaseBoundary): boolean | null {
  if ('post' in boundary) return point.number === undefined ? null : point.number >= boundary.post;
  return point.at === undefined || point.at === null ? null : point.at >= boundary.at;
}

/** A post's time by its number (undefined: no such post, or no time). */
type TimeOf = (n: number) => number | undefined;
/** A post by its number. */
type PostOf = (n: number) => ForumPost | undefined;

/** A boundary as a moment, using post times for post boundaries. */
function momentOf(boundary: PhaseBoundary, times: TimeOf): number | null {
  return 'post' in boundary ? (times(boundary.post) ?? null) : boundary.at;
}

/** Colours compare ignoring case and spaces (`rgb(0, 0, 255)` is `rgb(0,0,255)`). */
function sameColor(a: string, b: string): boolean {
  const norm = (c: string): string => c.replace(/\s+/gu, '').toLowerCase();
  return norm(a) === norm(b);
}

function hasColor(nodes: readonly BodyNode[], colors: readonly string[]): boolean {
  for (const node of nodes) {
    const color = node.type === 'text' ? node.color : undefined;
    if (node.type === 'text' && color !== undefined && colors.some((c) => sameColor(c, color)) && node.text.trim() !== '') return true;
    if (node.type === 'spoiler' && hasColor(node.children, colors)) return true;
  }
  return false;
}

/** The player's own words in a post under the activity rule (quotes and votes left out as it says). */
export function ownWords(
  post: ForumPost,
  rule: { readonly excludeVoteOnly: boolean; readonly excludeQuoteOnly: boolean },
  votesOf?: VotesOf,
): string {
  let text = bodyText(post.body, { skipQuotes: rule.excludeQuoteOnly });
  if (rule.excludeVoteOnly && votesOf !== undefined) {
    for (const vote of votesOf(post)) {
      if (vote.reason === 'vote/in-quote') continue;
      const at = text.indexOf(vote.text);
      if (vote.text !== '' && at !== -1) text = text.slice(0, at) + text.slice(at + vote.text.length);
    }
  }
  return text.replace(/\s+/gu, ' ').trim();
}

function sameVotes(a: readonly VoteLike[], b: readonly VoteLike[]): boolean {
  const key = (list: readonly VoteLike[]): string =>
    list
      .filter((v) => v.counted)
      .map((v) => `${v.action}:${v.target.trim().toLowerCase()}`)
      .join('|');
  return key(a) === key(b);
}

export interface DeathPoint {
  readonly death: Death;
  /** Index of the death's phase in the phase list, or -1. */
  readonly phaseIndex: number;
}

/** Whether a post comes after the slot's death. Null when it cannot be told. */
function isAfterDeath(d: DeathPoint, phases: readonly Phase[], point: PhasePoint): boolean | null {
  if (d.death.post !== undefined) return point.number === undefined ? null : point.number > d.death.post;
  const phase = phases[d.phaseIndex];
  if (phase?.end === undefined || phase.end === null) return null;
  const end = phase.end;
  if ('post' in end) return point.number === undefined ? null : point.number > end.post;
  return point.at === undefined || point.at === null ? null : point.at >= end.at;
}

/**
 * The boundary before which last words are allowed, or null when open-ended. The death
 * becomes known at its announcement post (or at the end of the phase it happened in):
 * - a night death known in a day: until that day's vote opens (`next-vote`) or its end (`phase-end`);
 * - a day death, or a death known at night: until the next day starts.
 */
function lastWordsLimit(
  d: DeathPoint,
  phases: readonly Phase[],
  postsByNumber: PostOf,
  until: 'next-vote' | 'phase-end',
): PhaseBoundary | null {
  let known = d.phaseIndex;
  if (d.death.post !== undefined) {
    const announcement = postsByNumber(d.death.post);
    const position = phaseAt(phases, announcement === undefined ? { number: d.death.post } : pointOfPost(announcement));
    const phase = position.in === 'phase' ? position.phase : position.in === 'gap' ? position.previous : null;
    known = phase === null ? -1 : phases.indexOf(phase);
  } else if (d.death.phase.kind === 'night' && known !== -1) {
    known = phases.findIndex((p, i) => i > d.phaseIndex && p.kind === 'day');
  }
  if (known === -1) return null;
  const phase = phases[known];
  if (phase !== undefined && phase.kind === 'day' && d.death.phase.kind === 'night')
    return until === 'next-vote' ? (phase.voteOpens ?? phase.end) : phase.end;
  return phases.slice(known + 1).find((p) => p.kind === 'day')?.start ?? null;
}

/**
 * Every breach in the thread under the rules, in thread order, each with its post,
 * phase, rule wording, sanction (escalating on repeats where the rules say) and
 * evidence. Host posts are never breaches.
 */
export function findBreaches(input: BreachInput, rules: BreachRules, options: BreachOptions = {}): Breach[] {
  const { roster, phases } = input;
  // Several checks ask for the same post's votes (edits, activity, timing, grammar): read each post once.
  const readVotes = options.votesOf;
  const read = new Map<ForumPost, readonly VoteLike[]>();
  const votesOf: VotesOf | undefined =
    readVotes === undefined
      ? undefined
      : (post) => {
          const known = read.get(post);
          if (known !== undefined) return known;
          const votes = readVotes(post);
          read.set(post, votes);
          return votes;
        };
  // Posts already in post order (a counter's) are taken as they are; the lookups by number are built when first needed.
  const posts =
    options.inPostOrder === true || input.posts.every((p, i, all) => i === 0 || (all[i - 1]?.number ?? 0) <= p.number)
      ? input.posts
      : [...input.posts].sort((a, b) => a.number - b.number);
  // A post's time and a post by its number, found by a binary search (a map of every post cost a pass over the thread
  // on every count that asked): of several posts of one number, the last (with a time), as a map of them kept.
  const times: TimeOf = (n) => {
    for (let i = firstAfter(posts, n) - 1; i >= 0; i--) {
      const p = posts[i];
      if (p === undefined || p.number !== n) break;
      if (p.postedAt !== null) return p.postedAt;
    }
    return undefined;
  };
  const postsByNumber: PostOf = (n) => {
    const p = posts[firstAfter(posts, n) - 1];
    return p?.number === n ? p : undefined;
  };
  const lastPost = posts[posts.length - 1]?.number ?? null;
  const previous = new Map<string, ForumPost>();
  for (const p of input.previousVersions ?? []) previous.set(p.id, p);
  const phaseIndex = (ref: { readonly kind: PhaseKind; readonly number: number }): number =>
    phases.findIndex((p) => p.kind === ref.kind && p.number === ref.number);
  const deaths = new Map<string, DeathPoint>();
  for (const death of input.deaths ?? []) {
    const point = { death, phaseIndex: phaseIndex(death.phase) };
    const known = deaths.get(death.slot);
    if (known === undefined || point.phaseIndex < known.phaseIndex) deaths.set(death.slot, point);
  }
  const resume = options.resume;
  // Resumed: the checks carry on after the kept state's last post, or from the first post the changed phases or deaths
  // can judge otherwise; the kept findings and last words before that post stand.
  const from = resume === undefined ? Number.NEGATIVE_INFINITY : resumeFrom(resume, phases, deaths);
  const drafts: Draft[] = resume === undefined ? [] : keptBefore(resume.drafts, from);
  const push = (d: Omit<Draft, 'key'> & { key?: string }): void => {
    drafts.push({ ...d, key: d.key ?? d.slot ?? `account:${normalizeName(d.account)}` });
  };
  const lastWords: (readonly [number, string])[] = resume === undefined ? [] : resume.lastWords.filter(([n]) => n < from);
  const lastWordsUsed = new Map<string, number>();
  for (const [, slot] of lastWords) lastWordsUsed.set(slot, (lastWordsUsed.get(slot) ?? 0) + 1);
  let throughPost = resume === undefined ? Number.NEGATIVE_INFINITY : Math.min(resume.throughPost, from - 1);

  // Resumed: the posts before `from` are skipped by a search, not read one by one (they are a prefix in post order).
  for (let i = resume === undefined ? 0 : firstAfter(posts, from - 1); i < posts.length; i++) {
    const post = posts[i];
    if (post === undefined) continue;
    throughPost = Math.max(throughPost, post.number);
    if (isHost(roster, post.author)) continue;
    if (input.gameOverAtPost !== undefined && post.number > input.gameOverAtPost) continue;
    const point = pointOfPost(post);
    const position = phaseAt(phases, point);
    const phase = position.in === 'phase' ? position.phase : null;
    const where =
      position.in === 'phase'
        ? phaseName(position.phase)
        : position.in === 'gap'
          ? position.previous === null
            ? 'before the first phase'
            : `after ${phaseName(position.previous)}`
          : 'at an unknown phase';
    const base = { account: post.author, post: postOf(post), phase: phaseRef(phase), order: post.number };
    /** A sentence about the post's place: in a phase, after one, before the first, or not known. */
    const placed = (inPhase: (p: WordArg) => EngineMessage, after: (p: WordArg) => EngineMessage, other: EngineMessage): EngineMessage =>
      position.in === 'phase'
        ? inPhase(word.phase(position.phase))
        : position.in === 'gap' && position.previous !== null
          ? after(word.phase(position.previous))
          : other;
    const holding = holdingAt(roster, post.author, post.number, post.authorId);

    if (holding.kind === 'none' || holding.kind === 'not-yet') {
      if (rules.nonPlayerPosting.enabled) {
        const detail =
          holding.kind === 'none'
            ? `${post.author} holds no slot in the game`
            : `${post.author} replaces into slot ${holding.slot.id} only from post ${String(holding.from)}`;
        const findings =
          holding.kind === 'none'
            ? [engineMessage('breach/no-slot', word.text(post.author))]
            : [engineMessage('breach/not-yet-player', word.text(post.author), word.text(holding.slot.id), word.number(holding.from))];
        push({ ...base, reason: 'post/non-player', slot: null, rule: rules.nonPlayerPosting.text, detail, findings });
      }
      continue;
    }
    const slot = holding.slot;
    if (holding.kind === 'replaced-out') {
      if (rules.replacedPosting.enabled) {
        push({
          ...base,
          reason: 'post/replaced-out',
          slot: slot.id,
          rule: rules.replacedPosting.text,
          detail: `${post.author} was replaced by ${holding.by} from post ${String(holding.since)}`,
          findings: [engineMessage('breach/replaced-by', word.text(post.author), word.text(holding.by), word.number(holding.since))],
        });
      }
      continue;
    }
    const death = deaths.get(slot.id);
    if (death !== undefined && isAfterDeath(death, phases, point) === true) {
      const rule = rules.deadPosting;
      if (rule.enabled) {
        const used = lastWordsUsed.get(slot.id) ?? 0;
        const limit = lastWordsLimit(death, phases, postsByNumber, rule.lastWordsUntil);
        const inTime = limit === null || atOrAfter(point, limit) === false;
        const colored = rule.lastWordsColors.length === 0 || hasColor(post.body, rule.lastWordsColors);
        if (used < rule.lastWords && inTime && colored) {
          lastWordsUsed.set(slot.id, used + 1);
          lastWords.push([post.number, slot.id]);
        } else {
          const why =
            used >= rule.lastWords
              ? rule.lastWords === 0
                ? 'no last words allowed'
                : 'last words already posted'
              : !inTime
                ? 'too late for last words'
                : 'last words not in the required colour';
          const who = word.text(post.author);
          const died = word.phase(death.death.phase);
          const finding =
            used >= rule.lastWords
              ? rule.lastWords === 0
                ? engineMessage('breach/dead-no-last-words', who, died)
                : engineMessage('breach/dead-last-words-used', who, died)
              : !inTime
                ? engineMessage('breach/dead-too-late', who, died)
                : engineMessage('breach/dead-wrong-colour', who, died);
          push({
            ...base,
            reason: 'post/dead-player',
            slot: slot.id,
            rule: rule.text,
            detail: `${post.author} posted after dying (${phaseName(death.death.phase)}): ${why}`,
            findings: [finding],
          });
        }
      }
      continue;
    }
    if (rules.nightPosting.enabled && isThreadClosed(phases, point, rules.nightPosting.closure) === true) {
      push({
        ...base,
        reason: 'post/at-night',
        slot: slot.id,
        rule: rules.nightPosting.text,
        detail: `posted ${where}, while the thread is closed`,
        findings: [
          placed(
            (p) => engineMessage('breach/posted-in-closed', p),
            (p) => engineMessage('breach/posted-after-closed', p),
            engineMessage('breach/posted-closed'),
          ),
        ],
      });
    }
    const edited = post.edited;
    if (
      rules.edits.enabled &&
      edited !== undefined &&
      !(edited.by !== undefined && isHost(roster, edited.by) && !holderIs(slot, edited.by))
    ) {
      const at = edited.at ?? null;
      const withinGrace =
        rules.edits.graceSeconds > 0 && at !== null && post.postedAt !== null && at - post.postedAt <= rules.edits.graceSeconds * 1000;
      if (!withinGrace) {
        const earlier = previous.get(post.id);
        const voteChanged: 'yes' | 'no' | 'unknown' =
          earlier === undefined || votesOf === undefined ? 'unknown' : sameVotes(votesOf(earlier), votesOf(post)) ? 'no' : 'yes';
        const hasVote =
          votesOf === undefined
            ? null
            : votesOf(post).some((v) => v.counted) || (earlier !== undefined && votesOf(earlier).some((v) => v.counted));
        const breach = rules.edits.scope === 'any' || voteChanged === 'yes' || (voteChanged === 'unknown' && hasVote !== false);
        if (breach) {
          push({
            ...base,
            reason: 'post/edited',
            slot: slot.id,
            rule: rules.edits.text,
            detail: `edited${at === null ? '' : ` at ${new Date(at).toISOString()}`}${edited.by === undefined ? '' : ` by ${edited.by}`}; vote changed: ${voteChanged}`,
            edit: { at, ...(edited.by === undefined ? {} : { by: edited.by }), voteChanged },
            findings: [
              at === null ? engineMessage('breach/edited-no-time') : engineMessage('breach/edited-at', word.time(at)),
              ...(edited.by === undefined || sameAccount(edited.by, post.author)
                ? []
                : [engineMessage('breach/edited-by', word.text(edited.by))]),
              voteChanged === 'yes'
                ? engineMessage('breach/edit-vote-changed')
                : voteChanged === 'no'
                  ? engineMessage('breach/edit-vote-unchanged')
                  : engineMessage('breach/edit-vote-unknown'),
            ],
          });
        }
      }
    }
    if (votesOf !== undefined) {
      const votes = votesOf(post);
      const cast = votes.filter((v) => v.counted && v.action === 'vote');
      const timing = rules.voteTiming;
      if (timing.enabled && cast.length > 0) {
        const texts = cast.map((v) => v.text).join(' / ');
        if (position.in === 'phase' && position.phase.kind === 'day') {
          const opens = position.phase.voteOpens;
          if (timing.beforeOpen && opens !== undefined && atOrAfter(point, opens) === false) {
            push({
              ...base,
              reason: 'vote/before-open',
              slot: slot.id,
              rule: timing.text,
              detail: `voted (${texts}) in ${where} before the vote opened`,
              findings: [engineMessage('breach/vote-before-open', word.text(texts), word.phase(position.phase))],
            });
          }
        } else if (
          timing.afterEnd &&
          ((position.in === 'phase' && position.phase.kind === 'night') || (position.in === 'gap' && position.previous !== null))
        ) {
          push({
            ...base,
            reason: 'vote/after-day-end',
            slot: slot.id,
            rule: timing.text,
            detail: `voted (${texts}) ${where}, outside a day`,
            findings: [
              placed(
                (p) => engineMessage('breach/vote-in-night', word.text(texts), p),
                (p) => engineMessage('breach/vote-after-phase', word.text(texts), p),
                engineMessage('breach/vote-outside-day', word.text(texts)),
              ),
            ],
          });
        }
      }
      const grammar = rules.voteGrammar;
      if (grammar.enabled && phase?.kind === 'day') {
        const bad = votes.filter((v) => !v.counted && v.reason !== undefined && grammar.reasons.includes(v.reason));
        if (bad.length > 0) {
          push({
            ...base,
            reason: 'vote/grammar',
            slot: slot.id,
            rule: grammar.text,
            detail: bad.map((v) => `"${v.text}" (${v.reason ?? ''})`).join('; '),
            findings: bad.map((v) =>
              v.reason === 'vote/not-bold'
                ? engineMessage('breach/vote-not-bold', word.text(v.text))
                : v.reason === 'vote/abbreviated'
                  ? engineMessage('breach/vote-abbreviated', word.text(v.text))
                  : engineMessage('breach/vote-not-as-written', word.text(v.text)),
            ),
          });
        }
      }
    }
  }

  const postDrafts = options.keepState === undefined ? [] : [...drafts];
  const activity = activityDrafts(input, rules, posts, times, lastPost, deaths, votesOf, resume, from);
  if (options.keepState !== undefined && throughPost !== Number.NEGATIVE_INFINITY)
    options.keepState({
      throughPost,
      phases,
      deaths,
      drafts: postDrafts,
      lastWords,
      ...(activity.state === undefined ? {} : { activity: activity.state }),
    });
  drafts.push(...activity.drafts);
  drafts.push(...ballotDrafts(input, rules, posts, lastPost, deaths));
  return finish(drafts, rules);
}

function holderIs(slot: Slot, name: string): boolean {
  return slot.accounts.some((a) => sameAccount(a.name, name));
}

function ruleOf(rules: BreachRules, reason: BreachReason): BreachRule {
  switch (reason) {
    case 'post/at-night':
      return rules.nightPosting;
    case 'post/edited':
      return rules.edits;
    case 'post/dead-player':
      return rules.deadPosting;
    case 'post/replaced-out':
      return rules.replacedPosting;
    case 'post/non-player':
      return rules.nonPlayerPosting;
    case 'activity/too-few-posts':
    case 'activity/no-wall-before-vote':
      return rules.inactivity;
    case 'vote/before-open':
    case 'vote/after-day-end':
      return rules.voteTiming;
    case 'vote/grammar':
      return rules.voteGrammar;
    case 'vote/own-family':
    case 'vote/self':
    case 'vote/outside-family':
    case 'vote/missing':
      return rules.improperVotes;
  }
}

/** Occurrence counts per player and kind, escalated sanctions and ids. */
function finish(drafts: readonly Draft[], rules: BreachRules): Breach[] {
  const sorted = [...drafts].sort((a, b) => a.order - b.order || a.reason.localeCompare(b.reason) || a.key.localeCompare(b.key));
  const seen = new Map<string, number>();
  return sorted.map((d) => {
    const rule = ruleOf(rules, d.reason);
    // Improper votes of every kind share one count (seed 000 counts them together).
    const family = d.reason.startsWith('vote/') && ruleOf(rules, d.reason) === rules.improperVotes ? 'improper' : d.reason;
    const counter = `${d.key}|${family}`;
    const occurrence = (seen.get(counter) ?? 0) + 1;
    seen.set(counter, occurrence);
    const sanction = d.sanction ?? (occurrence > 1 && rule.repeat !== undefined ? rule.repeat : rule.sanction);
    const where =
      d.post === null ? `${d.slot ?? d.account}/${d.phase === null ? 'game' : `${d.phase.kind}${String(d.phase.number)}`}` : d.post.id;
    const { order: _order, key: _key, ...rest } = d;
    return { ...rest, id: `${d.reason}@${where}`, occurrence, sanction, terms: ruleTerms(rules, d.reason) };
  });
}

function diedBy(d: DeathPoint | undefined, index: number, inclusive: boolean): boolean {
  if (d === undefined || d.phaseIndex === -1) return false;
  return inclusive ? d.phaseIndex <= index : d.phaseIndex < index;
}

function lastPostIn(posts: readonly ForumPost[], phases: readonly Phase[], phase: Phase): number {
  let last = -1;
  for (const p of posts) {
    const at = phaseAt(phases, pointOfPost(p));
    if (at.in === 'phase' && at.phase === phase) last = p.number;
  }
  return last;
}

/**
 * Each post's phase (by index in the phases), in one pass over the posts (`posts` in post order). Carried
 * on from a kept state: only the posts from `from` on are placed (every post before it is placed at the same
 * index among these phases as among the state's, `resumeFrom`); each phase's kept list loses its posts from
 * `from` on, and only the phases whose list changed get a new one (a kept state is never changed).
 */
function postsByPhase(
  phases: readonly Phase[],
  posts: readonly ForumPost[],
  resume: BreachState | undefined,
  from: number,
): { readonly byPhase: Map<number, readonly ForumPost[]>; readonly touched: ReadonlySet<number> } {
  const kept = resume?.activity?.byPhase;
  const start = kept === undefined ? 0 : firstAfter(posts, from - 1);
  const byPhase = new Map<number, readonly ForumPost[]>();
  const touched = new Set<number>();
  if (kept !== undefined)
    for (const [index, list] of kept) {
      const keep = firstAfter(list, from - 1);
      if (keep === 0) continue;
      byPhase.set(index, keep === list.length ? list : list.slice(0, keep));
      if (keep < list.length) touched.add(index);
    }
  const locate = postPhaseLocator(phases);
  const added = new Map<number, ForumPost[]>();
  let lastPhase: Phase | null = null;
  let lastIndex = -1;
  for (let i = start; i < posts.length; i++) {
    const p = posts[i];
    if (p === undefined) continue;
    const at = locate(p);
    if (at.in !== 'phase') continue;
    if (at.phase !== lastPhase) {
      lastPhase = at.phase;
      lastIndex = phases.indexOf(at.phase);
    }
    const list = added.get(lastIndex);
    if (list === undefined) added.set(lastIndex, [p]);
    else list.push(p);
  }
  for (const [index, list] of added) {
    const before = byPhase.get(index);
    byPhase.set(index, before === undefined ? list : [...before, ...list]);
    touched.add(index);
  }
  return { byPhase, touched };
}

/** Whether two slots' deaths are the same and placed at the same phase index. */
function sameDeathPoint(a: DeathPoint | undefined, b: DeathPoint | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return (
    a.phaseIndex === b.phaseIndex &&
    a.death.slot === b.death.slot &&
    a.death.post === b.death.post &&
    a.death.phase.kind === b.death.phase.kind &&
    a.death.phase.number === b.death.phase.number
  );
}

/** The first post a death can change the checks of: the first after its announcement, or after the end of its phase. */
function firstAfterDeath(d: DeathPoint | undefined, phases: readonly Phase[]): number {
  if (d === undefined) return Number.POSITIVE_INFINITY;
  if (d.death.post !== undefined) return d.death.post + 1;
  const end = phases[d.phaseIndex]?.end;
  if (end === undefined || end === null) return Number.POSITIVE_INFINITY;
  return 'post' in end ? end.post + 1 : Number.NEGATIVE_INFINITY;
}

/**
 * The first post number to check again when carrying on from a kept state: the first after its last post, or the
 * first whose place among the phases may differ from the state's phases (`firstPostPlacedOtherwise`), or the first
 * after a death that is not the state's (a slot died, or died otherwise). Every check of a post before it reads the
 * same phases' answers and the same deaths as it did for the state.
 */
function resumeFrom(state: BreachState, phases: readonly Phase[], deaths: ReadonlyMap<string, DeathPoint>): number {
  let from = Math.min(state.throughPost + 1, firstPostPlacedOtherwise(state.phases, phases));
  if (state.deaths !== deaths)
    for (const slot of new Set([...state.deaths.keys(), ...deaths.keys()])) {
      const before = state.deaths.get(slot);
      const now = deaths.get(slot);
      if (sameDeathPoint(before, now)) continue;
      from = Math.min(from, firstAfterDeath(before, state.phases), firstAfterDeath(now, phases));
    }
  return from;
}

/** The kept post-by-post findings of the posts before `from` (drafts in post order). */
function keptBefore(drafts: readonly Draft[], from: number): Draft[] {
  let lo = 0;
  let hi = drafts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((drafts[mid]?.order ?? Number.POSITIVE_INFINITY) < from) lo = mid + 1;
    else hi = mid;
  }
  return drafts.slice(0, lo);
}

/** The index of the first post numbered after `n` (posts in post order). */
function firstAfter(posts: readonly ForumPost[], n: number): number {
  let lo = 0;
  let hi = posts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((posts[mid]?.number ?? Number.POSITIVE_INFINITY) <= n) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The inactivity findings of every ended day. The posts are placed in their phases once (not filtered
 * again for each day); carried on from a kept state (the same thread with posts added after its last
 * one, all else the same), a day already judged that no new post joined keeps its findings.
 */
function activityDrafts(
  input: BreachInput,
  rules: BreachRules,
  posts: readonly ForumPost[],
  times: TimeOf,
  lastPost: number | null,
  deaths: ReadonlyMap<string, DeathPoint>,
  votesOf: VotesOf | undefined,
  resume: BreachState | undefined,
  from: number,
): { readonly drafts: Draft[]; readonly state?: ActivityState } {
  const rule = rules.inactivity;
  if (!rule.enabled || rule.minPosts <= 0) return { drafts: [] };
  const { phases, roster } = input;
  const { byPhase, touched } = postsByPhase(phases, posts, resume, from);
  const keptDays = resume?.activity?.days;
  /** Whether the same players had died by the day (at this index) under the kept state's deaths and these. */
  const sameDead = (state: BreachState, index: number): boolean =>
    state.deaths === deaths ||
    roster.slots.every((slot) => diedBy(state.deaths.get(slot.id), index, true) === diedBy(deaths.get(slot.id), index, true));
  const days = new Map<number, { readonly cutoff: number | null; readonly drafts: readonly Draft[] }>();
  const out: Draft[] = [];
  phases.forEach((day, index) => {
    if (day.kind !== 'day' || !isPhaseOver(day, input.now ?? null, lastPost)) return;
    const dayPosts = byPhase.get(index) ?? [];
    const beforeVote = rule.window === 'before-vote-opens' && day.voteOpens !== undefined ? day.voteOpens : null;
    const cutoff = beforeVote === null ? null : momentOf(beforeVote, times);
    const kept = keptDays?.get(index);
    // A day whose phase, posts, cutoff and dead players are the kept state's keeps its findings. A day with no post
    // is judged again (its findings name the thread's last post); it reads no post.
    const keptPhase = resume?.phases[index];
    if (
      kept !== undefined &&
      resume !== undefined &&
      !touched.has(index) &&
      kept.cutoff === cutoff &&
      dayPosts.length > 0 &&
      keptPhase !== undefined &&
      samePhase(keptPhase, day) &&
      sameDead(resume, index)
    ) {
      out.push(...kept.drafts);
      days.set(index, kept);
      return;
    }
    const found: Draft[] = [];
    // With no post in the day, its last post is the last before it, if any (none in it: -1, as before).
    const order = (dayPosts[dayPosts.length - 1]?.number ?? -1) + 0.5;
    // Whose slot each of the day's posts counts for, found once per post (not once per post and slot).
    const holders = dayPosts.map((p) => {
      const holding = holdingAt(roster, p.author, p.number, p.authorId);
      return holding.kind === 'holder' ? holding.slot.id : null;
    });
    for (const slot of roster.slots) {
      if (diedBy(deaths.get(slot.id), index, true)) continue;
      const counted: number[] = [];
      // L136: a player who posted before the vote, with no wall among it, is not the player inactive all day.
      let posted = false;
      for (let k = 0; k < dayPosts.length; k++) {
        const p = dayPosts[k];
        if (p === undefined || holders[k] !== slot.id) continue;
        if (beforeVote !== null && atOrAfter(pointOfPost(p), beforeVote) !== false) continue;
        posted = true;
        if (cutoff !== null && rule.lateMinutes > 0 && (p.postedAt === null || p.postedAt > cutoff - rule.lateMinutes * 60_000)) continue;
        if (ownWords(p, rule, votesOf).length < Math.max(1, rule.minChars)) continue;
        counted.push(p.number);
      }
      if (counted.length >= rule.minPosts) continue;
      const reason: BreachReason = rule.window === 'before-vote-opens' ? 'activity/no-wall-before-vote' : 'activity/too-few-posts';
      const endPost = dayPosts[dayPosts.length - 1]?.number ?? lastPost ?? 0;
      found.push({
        reason,
        slot: slot.id,
        account: holderNameAt(slot, endPost),
        post: null,
        phase: { kind: day.kind, number: day.number },
        rule: rule.text,
        detail: `${String(counted.length)} contributive post(s) of at least ${String(rule.minChars)} characters in ${phaseName(day)}${beforeVote === null ? '' : ' before the vote'}; ${String(rule.minPosts)} required`,
        findings: [
          beforeVote === null
            ? countedMessage('breach/posts-counted', counted.length, word.phase(day), word.number(rule.minPosts))
            : countedMessage('breach/posts-counted-before-vote', counted.length, word.phase(day), word.number(rule.minPosts)),
        ],
        activity: { counted, required: rule.minPosts },
        order,
        key: slot.id,
        ...(posted && rule.postedWithoutWall !== undefined ? { sanction: rule.postedWithoutWall } : {}),
      });
    }
    out.push(...found);
    days.set(index, { cutoff, drafts: found });
  });
  return { drafts: out, state: { byPhase, days } };
}

function ballotDrafts(
  input: BreachInput,
  rules: BreachRules,
  posts: readonly ForumPost[],
  lastPost: number | null,
  deaths: ReadonlyMap<string, DeathPoint>,
): Draft[] {
  const rule = rules.improperVotes;
  if (!rule.enabled || input.ballots === undefined) return [];
  const { phases, roster } = input;
  const families = input.families ?? {};
  const out: Draft[] = [];
  phases.forEach((day, index) => {
    if (day.kind !== 'day') return;
    const over = isPhaseOver(day, input.now ?? null, lastPost);
    const order = lastPostIn(posts, phases, day) + 0.5 + index / 1000;
    const living = roster.slots.filter((s) => !diedBy(deaths.get(s.id), index, false));
    for (const slot of living) {
      const ballot = input.ballots?.find((b) => b.slot === slot.id && b.day === day.number);
      const family = families[slot.id];
      const excused = (input.excusedFromVoting ?? []).some((e) => e.slot === slot.id && e.day === day.number);
      const alone = living.filter((s) => families[s.id] === family).length <= 1;
      const account = holderNameAt(slot, lastPost ?? 0);
      const draft = (reason: BreachReason, detail: string, finding: EngineMessage): Draft => ({
        reason,
        slot: slot.id,
        account,
        post: null,
        phase: { kind: 'day', number: day.number },
        rule: rule.text,
        detail,
        findings: [finding],
        order,
        key: slot.id,
      });
      if (ballot === undefined || ballot.family === null || (ballot.individual === null && !alone)) {
        if (rule.missing && over && !excused)
          out.push(
            draft(
              'vote/missing',
              ballot === undefined
                ? `no vote on ${phaseName(day)}`
                : `incomplete vote on ${phaseName(day)} (family: ${ballot.family ?? 'none'}, individual: ${ballot.individual ?? 'none'})`,
              ballot === undefined
                ? engineMessage('breach/no-vote', word.phase(day))
                : ballot.family === null
                  ? engineMessage('breach/no-family-vote', word.phase(day))
                  : engineMessage('breach/no-individual-vote', word.phase(day)),
            ),
          );
        if (ballot === undefined) continue;
      }
      if (excused) continue;
      if (rule.ownFamily && family !== undefined && ballot.family === family)
        out.push(
          draft(
            'vote/own-family',
            `family vote for their own family ${family}`,
            engineMessage('breach/vote-own-family', word.text(family)),
          ),
        );
      if (rule.self && ballot.individual === slot.id)
        out.push(draft('vote/self', 'individual vote for themself', engineMessage('breach/vote-for-self')));
      else if (rule.outsideFamily && ballot.individual !== null && family !== undefined && families[ballot.individual] !== family) {
        const target = roster.slots.find((s) => s.id === ballot.individual);
        out.push(
          draft(
            'vote/outside-family',
            `individual vote for ${ballot.individual}, outside their family ${family}`,
            engineMessage(
              'breach/vote-outside-family',
              word.text(target === undefined ? ballot.individual : currentName(target)),
              word.text(family),
            ),
          ),
        );
      }
    }
  });
  return out;
}
