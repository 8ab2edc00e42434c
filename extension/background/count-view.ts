/**
 * From a thread's stored posts to what the thread page shows: the vote count
 * (as of the latest post, or as of a post the host picked), what Gavel read in
 * each post (votes counted or not and why, night posts, edits, dead posters,
 * replaced players, inactivity) and the breach list.
 *
 * A game the host set up passes its roster, rules and phases in as a
 * `CountContext`. Until then Gavel counts with the roster it reads from the
 * player list in the opening post, the forum template's (seed 001) vote and
 * breach rules, and the phases the host's own posts announce ("Day 2
 * begins", "Night 1"), and says so.
 */
import {
  breachRulesPresets,
  countNames,
  countThread,
  phaseLabel,
  rulesetSections,
  slotName,
  type Breach,
  type BreachReason,
  type BreachRules,
  type CountGame,
  type CountProblem,
  type Dialect,
  type PostMark,
  type Sanction,
  type ThreadCount,
  type VoteGrammar,
  type VoteReader,
  type VoteReason,
  type VoteTarget,
} from '../../src/engine';
import type { ForumPost } from '../../src/model/post';
import type { BreachView, GameRecord, PostMarkView, PostVerdictView, VoteCountView } from '../shared/protocol';
import { translatorFor } from '../shared/catalogs';
import { breachReasonKey, sanctionKey, voteReasonKey } from '../shared/reason-keys';

/** The view the pages show, and the engine's breaches behind its breach list (for the worker's ledger). */
export type CountResult =
  | { readonly ok: true; readonly count: VoteCountView; readonly breaches: readonly Breach[] }
  | { readonly ok: false; readonly reason: string };

/** A configured game as the engine's count takes it, with where its roster and phases came from in the host's words. */
export interface CountContext {
  readonly game: CountGame;
  /** The game's breach rules (its ruleset's, else the forum template's). */
  readonly breachRules: BreachRules;
  /** Where the roster came from, in the host's words. */
  readonly rosterSource: string;
  /** How the phases were set, in the host's words. */
  readonly phaseSource: string;
}

export interface CountOptions {
  /** Count as of this post number (inclusive). Absent: as of the latest post stored. */
  readonly asOfPost?: number;
  /** A configured game's roster, rules and phases. Absent: read from the thread (the opening post's player list, seed 001's rules). */
  readonly context?: CountContext;
  /** The markup the vote count post is written in (the forum's). @default 'bbcode' */
  readonly dialect?: Dialect;
  /** The host's vote grammar from Settings, laid over the rules' own (only the fields the host changed). */
  readonly voteGrammar?: Partial<VoteGrammar>;
  /** Reads a post's vote lines through the worker's extraction cache, so posts already read are not read again. */
  readonly readVotes?: VoteReader;
}

/**
 * The count's view of a game the host set up: its roster, its ruleset (whose
 * voting section says how votes are written and decided), its phases, and the
 * deaths and votes in its event log.
 */
export function contextFromGame(game: GameRecord): CountContext {
  const breachRules = rulesetSections(game.ruleset.data).breachRules ?? breachRulesPresets['001'];
  return {
    game: { roster: game.roster, ruleset: game.ruleset.data, phases: game.phases, events: game.events, breachRules },
    breachRules,
    rosterSource: game.rosterSource,
    phaseSource: `the phases set up for ${game.title}`,
  };
}

// The worker's words are the English catalog's, the same the popup and the panel show in English.
const english = translatorFor('en');
const voteReasonText = (reason: VoteReason): string => english(voteReasonKey[reason]);
const reasonWords = (reason: BreachReason): string => english(breachReasonKey[reason]);
const sanctionWords = (sanction: Sanction): string => english(sanctionKey[sanction]);

/** Why the count could not be made, in the host's words. */
function problemText(problem: CountProblem): string {
  switch (problem.code) {
    case 'count/no-posts':
      return 'No post of this thread has been read yet.';
    case 'count/no-player-list':
      return `No player list was found in the opening post (#${problem.post}): set the roster in Gavel's popup to count votes.`;
    case 'count/phases':
      return `Gavel could not set the phases: ${problem.detail}`;
    case 'count/no-day':
      return 'No day has started in this thread yet.';
  }
}

function markView(m: PostMark): PostMarkView {
  switch (m.kind) {
    case 'edited':
      return { kind: 'edited', text: m.by === undefined ? 'edited' : `edited by ${m.by}` };
    case 'inactive':
      return { kind: 'inactive', text: `inactive on ${phaseLabel(m.phase)} (${m.counted} of ${m.required} posts)` };
    default:
      return { kind: m.kind, text: reasonWords(m.breach) };
  }
}

/**
 * The vote count, per-post verdicts and breaches of a thread, counted by the
 * engine (`countThread`) and put into the pages' words.
 *
 * @example countFromPosts(posts, { asOfPost: 40 }) // the count as it stood after post #40
 */
export function countFromPosts(posts: readonly ForumPost[], options: CountOptions = {}): CountResult {
  const counted = countThread(posts, {
    ...(options.context === undefined ? {} : { game: options.context.game }),
    ...(options.asOfPost === undefined ? {} : { asOfPost: options.asOfPost }),
    ...(options.voteGrammar === undefined ? {} : { voteGrammar: options.voteGrammar }),
    ...(options.readVotes === undefined ? {} : { readVotes: options.readVotes }),
    dialect: options.dialect ?? 'bbcode',
  });
  if (!counted.ok) return { ok: false, reason: problemText(counted.problem) };
  const count = countView(counted, options.context);
  if (count === null) return { ok: false, reason: problemText({ code: 'count/no-day' }) };
  return { ok: true, breaches: counted.breaches, count };
}

/** The engine's count as the pages show it. */
export function countView(counted: ThreadCount, context?: CountContext): VoteCountView | null {
  const { roster, current, voteCountPost } = counted;
  if (current === null || voteCountPost === null) return null;
  const { tally } = current;
  const targetName = (target: VoteTarget): string => (target.kind === 'no-lynch' ? 'No Lynch' : slotName(roster, target.slotId));
  const names = countNames(tally, roster);
  const verdicts: PostVerdictView[] = counted.verdicts.map((v) => ({
    post: v.post,
    postId: v.postId,
    author: v.author,
    phase: v.phase === null ? null : phaseLabel(v.phase),
    votes: v.votes.map((r) => ({
      action: r.action,
      text: r.text,
      counted: r.counted,
      target: r.target === null ? null : targetName(r.target),
      reason: r.counted ? null : r.reason === null ? 'not counted' : voteReasonText(r.reason),
      code: r.counted ? null : r.reason,
    })),
    marks: v.marks.map(markView),
  }));
  const notCounted = (tally.byPost?.history ?? [])
    .filter((r) => !r.counted)
    .map((r) => ({
      post: r.post,
      author: r.author,
      text: r.text,
      reason: r.reason === undefined ? 'not counted' : voteReasonText(r.reason),
      code: r.reason ?? null,
    }));
  // Counted on Gavel's reading: the living one of several fits, or a nickname the thread taught.
  const readAs: VoteCountView['readAs'] = (tally.byPost?.history ?? []).flatMap((r) => {
    if (!r.counted || r.target?.kind !== 'slot') return [];
    const target = r.target.slotId;
    const why =
      r.how === 'thread-nickname' ? ('thread-nickname' as const) : r.candidates !== undefined ? ('living-preferred' as const) : null;
    if (why === null) return [];
    const also = (r.candidates ?? []).filter((id) => id !== target).map((id) => slotName(roster, id));
    return [{ post: r.post, author: r.author, text: r.text, target: slotName(roster, target), why, also }];
  });
  const breachViews: BreachView[] = counted.breaches.map((b) => {
    const link = b.post?.permalink;
    return {
      id: b.id,
      post: b.post?.number ?? null,
      postId: b.post?.id ?? null,
      ...(link === undefined ? {} : { permalink: link }),
      player: b.slot === null ? b.account : slotName(roster, b.slot),
      phase: b.phase === null ? null : phaseLabel(b.phase),
      rule: reasonWords(b.reason),
      code: b.reason,
      ruleText: b.rule,
      sanction: sanctionWords(b.sanction),
      sanctionCode: b.sanction,
      detail: b.detail,
    };
  });
  const rosterSource =
    context?.rosterSource ?? (counted.rosterFrom.kind === 'player-list' ? counted.rosterFrom.source : 'the game set up for this thread');
  const phaseSource =
    counted.phasesFrom.kind === 'day-one-assumed'
      ? `no phase post found yet, so Day 1 runs from post #${counted.phasesFrom.from}`
      : (context?.phaseSource ?? `read from ${roster.hosts[0] ?? 'the host'}'s posts ("Day 2 begins", "Night 1 has started")`);
  return {
    day: current.day.phase.number,
    alive: tally.alive.length,
    threshold: tally.threshold,
    thresholdLabel: 'lynch',
    asOfPost: current.asOfPost,
    chosenAsOf: current.chosen,
    lastPost: counted.lastPost,
    wagons: names.wagons,
    notVoting: names.notVoting,
    hammer: names.hammer,
    lock: names.lock,
    notCounted,
    readAs,
    rosterSource,
    phaseSource,
    posts: verdicts,
    breaches: breachViews,
    voteCountPost,
  };
}
