/**
 * The day's vote count, post by post, as a careful host keeps it.
 *
 * Input is the thread's posts (any order, duplicates allowed: only the post
 * number orders them), the roster, who is alive when the day starts, the
 * rules and the day's events (deaths, replacements, resets). Output is plain
 * data: the wagons, who is not voting, the threshold, L-n for every wagon, the
 * hammer, the lock, the outcome and the full history of votes and unvotes,
 * each refused one with its reason.
 */
import { currentName, type ForumPost, type Roster } from '../types';
import { matchVoteTarget, slotOfAccount, strictMatchTiers, type MatchHow, type MatchOptions, type MatchReading } from '../names/match';
import { extractVotes, type AmbiguityId, type ExtractReason, type VoteCandidate } from './extract';
import { isInflectedName } from './inflection';
import { thresholdFor, type VoteRules } from './rules';

/** Why the tally refused a vote the grammar accepted (namespaced, one comment each). */
export type TallyReason =
  /** The name fits two or more players equally well; the host must rule. */
  | 'vote/ambiguous-name'
  /** The vote names two or more different players ("X or Y", "X and Y", "X/Y", "Борис или Аркадий"); the host must ask. */
  | 'vote/several-players'
  /** The name fits no player of the game. */
  | 'vote/no-such-player'
  /** The player voted for is dead (or not alive today). */
  | 'vote/target-dead'
  /** The poster's slot is dead. */
  | 'vote/voter-dead'
  /** The poster holds no slot in this game. */
  | 'vote/voter-not-in-game'
  /** The poster is a host; host posts never vote. */
  | 'vote/voter-host'
  /** The poster was replaced out of the slot before this post. */
  | 'vote/voter-replaced'
  /** The voter is on a locked wagon and may not move (seed 001 rule 7). */
  | 'vote/after-lock'
  /** The day had already ended (deadline or hammer). */
  | 'vote/after-day-end'
  /** Posted during the night phase. */
  | 'vote/during-night'
  /** The game had been called under the 50% rule. */
  | 'vote/game-called'
  /** Posted before the host announced the vote (004 L150 "Если голос дан до объявления о начале … голосования, он не засчитывается"). */
  | 'vote/before-vote-opens'
  /** A vote for oneself where the rules forbid it. */
  | 'vote/self-vote'
  /** A new vote without an unvote where the rules make that void. */
  | 'vote/already-voting'
  /** Another speaks for the poster today (a Ventriloquist): only the votes the host recorded for him count. */
  | 'vote/spoken-for';

export type VoteReason = ExtractReason | TallyReason;

/** Whom a vote is for. */
export type VoteTarget = { readonly kind: 'slot'; readonly slotId: string } | { readonly kind: 'no-lynch' };

/** One vote or unvote as it happened, counted or not. */
export interface VoteRecord {
  readonly post: number;
  readonly postId: string;
  readonly author: string;
  /** The poster's slot, when the poster holds one. */
  readonly voterSlotId: string | null;
  readonly action: 'vote' | 'unvote';
  /** The name as written. */
  readonly written: string;
  /** The slot or No Lynch the vote went to, when it was resolved. */
  readonly target: VoteTarget | null;
  readonly counted: boolean;
  readonly reason?: VoteReason;
  /** How the name was matched. */
  readonly how?: MatchHow;
  /**
   * Slot ids an ambiguous name fitted (every one, closest first), or the players a vote for several named;
   * also set on a vote counted for the only living one of them (`ambiguousLooseNames: 'prefer-living'`).
   */
  readonly candidates?: readonly string[];
  /** How the text was read before it matched, when not whole ("the X", "X's slot"…). */
  readonly reading?: MatchReading;
  readonly ambiguity?: AmbiguityId;
  /** The vote was said to be cast once: it weighs at most one (a doublevoter's single vote). */
  readonly single?: true;
  /**
   * What the vote weighed when it was cast, on a day whose weights change during it (`TallyInput.weightChanges`):
   * set on every counted vote of such a day, absent on other days (their weights are the rules' for the whole day).
   */
  readonly weight?: number;
  /**
   * A vote the host recorded for the voter outside the posts (`TallyInput.spokenVotes`): who cast it (a
   * Ventriloquist's slot). Such a record belongs to no post: `post` is the last post read before it.
   */
  readonly spokenBy?: string;
  /** What the record did to the count: set a vote, cleared one, or nothing. */
  readonly effect: 'set' | 'clear' | 'none';
  /** The run of text it was read from. */
  readonly text: string;
  /** A vote that stopped standing without an unvote (death, replacement, reset): after which post. */
  readonly voidedAt?: number;
  readonly voidedBy?: 'voter-died' | 'target-died' | 'voter-replaced' | 'target-replaced' | 'reset';
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * One vote line's record, built field by field: object spread here cost ~20 µs a record in V8,
 * which a post of thousands of vote lines multiplied.
 */
function voteRecord(
  post: ForumPost,
  voter: string | null,
  c: VoteCandidate,
  target: VoteTarget | null,
  counted: boolean,
  effect: VoteRecord['effect'],
  reason: VoteReason | undefined,
  how?: MatchHow,
  candidates?: readonly string[],
  reading?: MatchReading,
): VoteRecord {
  const r: Mutable<VoteRecord> = {
    post: post.number,
    postId: post.id,
    author: post.author,
    voterSlotId: voter,
    action: c.action,
    written: c.target,
    text: c.text,
    target,
    counted,
    effect,
  };
  if (reason !== undefined) r.reason = reason;
  if (how !== undefined) r.how = how;
  if (candidates !== undefined) r.candidates = candidates;
  if (reading !== undefined) r.reading = reading;
  if (c.ambiguity !== undefined) r.ambiguity = c.ambiguity;
  if (c.single === true) r.single = true;
  return r;
}

/** Something that happens during the day besides votes. */
export type DayEvent =
  /** A slot dies (day kill, modkill) in the post `atPost`; its vote and the votes on it are void from then. */
  | { readonly kind: 'death'; readonly slotId: string; readonly atPost: number }
  /** The host resets the count in the post `atPost`: every standing vote is void from then. */
  | { readonly kind: 'reset'; readonly atPost: number }
  /** The night starts at `atPost`: posts from there on are night posts. */
  | { readonly kind: 'night'; readonly atPost: number };

/**
 * When something the host recorded outside the thread's posts happened during the day: after a post (the game
 * model's votes are posts numbered by their place in its log, so a day move's place there is such a post), or at a
 * time (epoch ms, a live thread's day move: when it reached the host), which falls before the first post stamped at
 * or after it. Posts with no time never pass a time.
 */
export type DayMoment = { readonly afterPost: number } | { readonly time: number };

/**
 * A slot's vote weight from a moment of the day on (a Politician's theft: the robbed player's weight becomes 0 and
 * the Politician's carries it). A vote standing at that moment changes weight there; votes cast before it counted at
 * the old weight, so a wagon that reached its threshold before the change keeps its hammer. A change may itself bring
 * a wagon to its threshold (the Politician's vote doubling): the hammer is then the last post read before it.
 */
export interface WeightChange {
  readonly slotId: string;
  readonly weight: number;
  readonly from: DayMoment;
}

/** A vote cast for `voter` by another (`by`, a Ventriloquist), recorded by the host at a moment of the day. */
export interface SpokenVote {
  readonly voter: string;
  /** The slot or No Lynch voted for; null: an unvote. */
  readonly target: VoteTarget | null;
  readonly by: string;
  readonly at: DayMoment;
}

export interface TallyInput {
  readonly posts: readonly ForumPost[];
  readonly roster: Roster;
  /** Slot ids alive when the day starts. */
  readonly alive: readonly string[];
  readonly rules: VoteRules;
  /** The first post of the day. Earlier posts are not part of the day and are ignored. */
  readonly dayStartPost: number;
  /** The post the day's vote opens with (the host's announcement). Votes in earlier posts are kept with `'vote/before-vote-opens'`. */
  readonly voteOpensPost?: number;
  /** The last post of the day (the deadline). Later votes are kept with `'vote/after-day-end'`. */
  readonly dayEndPost?: number;
  /** Deaths, resets and the start of night. Replacements come from `Account.fromPost` in the roster. */
  readonly events?: readonly DayEvent[];
  /** Mafia slot ids (mod view), for the 50% rule. Without them the rule is not checked. */
  readonly mafiaSlots?: readonly string[];
  readonly matchOptions?: MatchOptions;
  /** Reads a post's vote lines (a cache's `read`, so unchanged posts are not read again). @default extractVotes */
  readonly readVotes?: (post: ForumPost) => readonly VoteCandidate[];
  /**
   * Carry on from the state an earlier tally of this same day kept (`keepState`): its posts up to
   * `state.throughPost` are not read again. Only valid when every other input is the same and the
   * day's posts up to that post are unchanged; the caller checks that (see `count/incremental.ts`).
   */
  readonly resume?: TallyState;
  /** Receives the state after the day's last post read, for a later tally of more posts to resume from. */
  readonly keepState?: (state: TallyState) => void;
  /**
   * Weight changes during the day, on top of `rules.weights` (the weights the day starts with). Changes of one
   * moment apply in the order given. A change after the day's last post read applies at the end of the count
   * unless the day ended before it (a hammer that ends the day, a time after the day's last post).
   */
  readonly weightChanges?: readonly WeightChange[];
  /** Slots another speaks for today: their own posts' votes are kept with `'vote/spoken-for'`. */
  readonly spokenFor?: readonly string[];
  /** The votes cast for them (`SpokenVote`), counted as theirs from their moment, like a post there. */
  readonly spokenVotes?: readonly SpokenVote[];
}

/**
 * The running state of a day's tally after some post: what a tally of the
 * same day with more posts resumes from. Opaque to callers; copied on the
 * way in and out, so one kept state can be resumed any number of times.
 */
export interface TallyState {
  /** The last post read into it. */
  readonly throughPost: number;
  /** How many of the day's posts (from its first post) were read. */
  readonly postsRead: number;
  readonly history: readonly VoteRecord[];
  readonly voids: ReadonlyMap<number, { readonly voidedAt: number; readonly voidedBy: NonNullable<VoteRecord['voidedBy']> }>;
  readonly standing: ReadonlyMap<string, Standing>;
  readonly alive: readonly string[];
  readonly aliveAtStart: readonly string[];
  readonly deaths: readonly { readonly slotId: string; readonly atPost: number }[];
  readonly ambiguities: readonly { readonly id: AmbiguityId; readonly post: number }[];
  readonly hammer: VoteTally['hammer'];
  readonly lock: VoteTally['lock'];
  readonly lockedKey: string | null;
  readonly endedByHammer: boolean;
  readonly gameCalledAt: number | null;
  readonly lastPost: number | null;
  readonly eventIndex: number;
  readonly replacementIndex: number;
  /** Which of `weightChanges` (by index) were applied, each slot's weight after them, and where each applied. */
  readonly changesApplied: readonly number[];
  /** Which of `spokenVotes` (by index) were counted. */
  readonly spokenApplied: readonly number[];
  readonly weightsNow: ReadonlyMap<string, number>;
  readonly appliedChanges: readonly AppliedWeightChange[];
  readonly lastDayTime: number | null;
}

/** A weight change as the tally applied it: after which post read. */
export interface AppliedWeightChange {
  readonly slotId: string;
  readonly weight: number;
  /** The last post read before it (the change holds from the next post on, and in a count as of this post). */
  readonly afterPost: number;
}

export interface WagonVote {
  readonly slotId: string;
  /** The post the vote was cast in. */
  readonly post: number;
  readonly weight: number;
}

export interface Wagon {
  readonly target: VoteTarget;
  /** Voters in the order they joined. */
  readonly votes: readonly WagonVote[];
  /** The sum of the voters' weights. */
  readonly total: number;
  /** Votes this wagon needs (one less for No Lynch where the rules say so); null under plurality. */
  readonly needed: number | null;
  /** L-n: how many more votes it needs (0 at the threshold); null under plurality. */
  readonly lMinus: number | null;
}

export type VoteOutcome =
  /** A player is lynched. */
  | { readonly kind: 'lynch'; readonly slotId: string }
  /** The No Lynch wagon won. */
  | { readonly kind: 'no-lynch' }
  /** The day ended and no wagon reached the threshold. */
  | { readonly kind: 'no-majority' }
  /** Plurality: the largest wagons are tied. */
  | { readonly kind: 'tie'; readonly slotIds: readonly string[] }
  /** The 50% rule called the game. */
  | { readonly kind: 'game-called'; readonly atPost: number }
  /** The day has not ended yet. */
  | { readonly kind: 'in-progress' };

export interface VoteTally {
  /** The threshold at the end of the count (it moves when players die). */
  readonly threshold: number | null;
  /** Slot ids alive at the end of the count. */
  readonly alive: readonly string[];
  /** Slot ids alive when the day started. */
  readonly aliveAtStart: readonly string[];
  /** Deaths during the day, in order. */
  readonly deaths: readonly { readonly slotId: string; readonly atPost: number }[];
  /** Wagons, largest first; ties by the earliest vote. */
  readonly wagons: readonly Wagon[];
  /** Living slots with no standing vote. */
  readonly notVoting: readonly string[];
  /** The first post at which a wagon reached the threshold. */
  readonly hammer: { readonly post: number; readonly target: VoteTarget } | null;
  /** The first post at which a wagon at the threshold got one more vote (when the rules lock). */
  readonly lock: { readonly post: number; readonly target: VoteTarget } | null;
  readonly outcome: VoteOutcome;
  /** Every vote and unvote of the day, in post order. */
  readonly history: readonly VoteRecord[];
  /** Open questions the day ran into, with the post. */
  readonly ambiguities: readonly { readonly id: AmbiguityId; readonly post: number }[];
  /** The last post of the day that was read. */
  readonly lastPost: number | null;
  /** The weight changes applied during the day (`TallyInput.weightChanges`), in order; absent without any. */
  readonly weightChanges?: readonly AppliedWeightChange[];
}

const noLynchKey = '\u0000no-lynch';

/** Tiers where a name is the player's own: an ambiguity there is never settled by who is alive. */
const strictTiers = strictMatchTiers;

function keyOf(target: VoteTarget): string {
  return target.kind === 'no-lynch' ? noLynchKey : target.slotId;
}

function targetOfKey(key: string): VoteTarget {
  return key === noLynchKey ? { kind: 'no-lynch' } : { kind: 'slot', slotId: key };
}

function neededFor(rules: VoteRules, aliveCount: number, key: string): number | null {
  const base = thresholdFor(rules.threshold, aliveCount);
  if (base === null) return null;
  // One subtraction on every call, not only for No Lynch's rare wagon: V8 then never meets it unprepared.
  const less = key === noLynchKey && rules.noLynchOneLess ? 1 : 0;
  return base - less;
}

interface Standing {
  readonly record: number;
  readonly key: string;
  readonly post: number;
  readonly weight: number;
}

/**
 * The first of `keys` (in the order they changed) whose wagon is at its threshold, or null. Reads
 * only the standing votes, once, so a post of many vote lines costs the voters times the lines.
 */
function firstReached(
  standing: ReadonlyMap<string, Standing>,
  rules: VoteRules,
  aliveCount: number,
  keys: ReadonlySet<string>,
): string | null {
  const totals = new Map<string, number>();
  for (const s of standing.values()) if (keys.has(s.key)) totals.set(s.key, (totals.get(s.key) ?? 0) + s.weight);
  for (const key of keys) {
    const needed = neededFor(rules, aliveCount, key);
    if (needed !== null && (totals.get(key) ?? 0) >= needed) return key;
  }
  return null;
}

/**
 * Whether some wagon may be at its threshold plus `over` votes: one of `keys` when given, else any. A quick
 * look before `buildWagons` (which sorts every wagon's votes) for the hammer or the lock: the totals are summed
 * here in another order, so a wagon within half a vote of it counts as may-be (a sum of fractional weights
 * could round otherwise) and `buildWagons` decides.
 */
function mayReach(
  standing: ReadonlyMap<string, Standing>,
  rules: VoteRules,
  aliveCount: number,
  keys: ReadonlySet<string> | null,
  over: number,
): boolean {
  const totals = new Map<string, number>();
  for (const s of standing.values()) if (keys === null || keys.has(s.key)) totals.set(s.key, (totals.get(s.key) ?? 0) + s.weight);
  for (const [key, total] of totals) {
    const needed = neededFor(rules, aliveCount, key);
    if (needed !== null && total >= needed + over - 0.5) return true;
  }
  return false;
}

/** Builds wagons from standing votes (largest first, ties by earliest vote). */
function buildWagons(standing: ReadonlyMap<string, Standing>, rules: VoteRules, aliveCount: number): Wagon[] {
  const byKey = new Map<string, WagonVote[]>();
  for (const [slotId, s] of standing) {
    const list = byKey.get(s.key) ?? [];
    list.push({ slotId, post: s.post, weight: s.weight });
    byKey.set(s.key, list);
  }
  const wagons: Wagon[] = [];
  for (const [key, votes] of byKey) {
    votes.sort(byPostThenSlot);
    let total = 0;
    for (const v of votes) total += v.weight;
    const needed = neededFor(rules, aliveCount, key);
    wagons.push({ target: targetOfKey(key), votes, total, needed, lMinus: needed === null ? null : Math.max(0, needed - total) });
  }
  return wagons.sort(byTotalThenFirstVote);
}

/** A wagon's votes in the order they joined (a slot id breaks a tie). */
function byPostThenSlot(a: WagonVote, b: WagonVote): number {
  return a.post - b.post || (a.slotId < b.slotId ? -1 : a.slotId > b.slotId ? 1 : 0);
}

/** Largest wagon first; of equal ones, the one whose first vote came first (votes are in post order). */
function byTotalThenFirstVote(a: Wagon, b: Wagon): number {
  return b.total - a.total || firstVotePost(a) - firstVotePost(b);
}

/** The post of a wagon's first vote. */
function firstVotePost(w: Wagon): number {
  return w.votes[0]?.post ?? Number.POSITIVE_INFINITY;
}

/**
 * Counts one day, post by post.
 *
 * - Each living slot has at most one standing vote; a new vote replaces the
 *   old one (or is void, per `voteWithoutUnvote`).
 * - The hammer is the first post after which a wagon's total reaches its
 *   threshold; with `hammerEndsDay` every later vote is `'vote/after-day-end'`.
 *   With `hammerEndsDay` the votes of one post also apply in the order written
 *   and the first to bring a wagon to its threshold ends the day there: in
 *   "Vote: X … Unvote, Vote: Y" where X's vote is the hammer, X is lynched and
 *   the rest of the post comes after the day's end, as a host reads it.
 * - With `lock`, a wagon at the threshold that gets one more vote is locked:
 *   its voters cannot unvote or move.
 * - A death or replacement voids the slot's standing vote and the votes on it
 *   (replacements keep them where the rules say so).
 *
 * Posts are sorted by number and each number is read once, so the input order
 * and repeated posts (a page parsed twice) never change the result.
 */
export function tallyVotes(input: TallyInput): VoteTally {
  // Posts already in post order, one per number (a counter's), are taken as they are.
  const posts = inPostOrder(input.posts) ? input.posts : sortedUnique(input.posts);
  const day = new DayCount(input);
  for (const post of posts) day.read(post);
  return day.finish();
}

/** Whether the posts are in increasing post number, each number once. */
function inPostOrder(posts: readonly ForumPost[]): boolean {
  for (let i = 1; i < posts.length; i++) if ((posts[i - 1]?.number ?? 0) >= (posts[i]?.number ?? 0)) return false;
  return true;
}

/** The posts sorted by number, the first of each number kept. */
function sortedUnique(posts: readonly ForumPost[]): readonly ForumPost[] {
  return [...posts].sort((a, b) => a.number - b.number).filter((p, i, all) => i === 0 || all[i - 1]?.number !== p.number);
}

/** Events at the same post apply in a fixed order (kind, then slot), so their input order never matters. */
function eventKey(e: DayEvent): string {
  return `${e.kind}\u0000${e.kind === 'death' ? e.slotId : ''}`;
}

/** A slot's current name (its id when the roster has no such slot). */
function slotNameIn(roster: Roster, id: string): string {
  const slot = roster.slots.find((x) => x.id === id);
  return slot === undefined ? id : currentName(slot);
}

/** What a vote line's name resolved to: the target, or why not, and how it matched. */
interface TargetReading {
  readonly target: VoteTarget | null;
  readonly reason: VoteReason | undefined;
  readonly how: MatchHow | undefined;
  readonly candidates: string[] | undefined;
  readonly reading: MatchReading | undefined;
}

/**
 * One day's count in progress: the state a post changes, and the steps that change it. Every field is set in the
 * constructor, so V8 keeps one shape for it and compiles each small step once.
 */
class DayCount {
  private readonly input: TallyInput;
  // The input's day bounds and vote reader, kept here so the post-by-post steps read one shape whatever the input's.
  private readonly dayStartPost: number;
  private readonly dayEndPost: number | undefined;
  private readonly voteOpensPost: number | undefined;
  private readonly readVotesOf: (post: ForumPost) => readonly VoteCandidate[];
  private readonly roster: Roster;
  private readonly rules: VoteRules;
  private readonly hosts: Set<string>;
  private readonly alive: Set<string>;
  private readonly aliveAtStart: string[];
  private readonly mafia: Set<string>;
  /** Each slot's weight now: the rules' for the day, as the day's weight changes leave it so far. */
  private readonly weightsNow: Map<string, number>;
  private readonly weightChanges: readonly WeightChange[];
  private readonly timedWeights: boolean;
  private readonly spokenFor: Set<string>;
  private readonly spokenVotes: readonly SpokenVote[];
  /** Whether anything happens at moments of the day besides the posts. */
  private readonly moments: boolean;
  /** Deaths and resets in the order they apply. */
  private readonly events: DayEvent[];
  private readonly nightFrom: number | null;
  /** Replacements from the roster: the new account holds the slot from `fromPost`, so the change happens after the post before it. */
  private readonly replacements: { slotId: string; atPost: number }[];
  private readonly lastEventPost: number;
  /** The options of every name match but the post it is read at. */
  private readonly matchBase: MatchOptions;
  private readonly history: VoteRecord[];
  private readonly voids: Map<number, { voidedAt: number; voidedBy: NonNullable<VoteRecord['voidedBy']> }>;
  private readonly standing: Map<string, Standing>;
  private readonly deaths: { slotId: string; atPost: number }[];
  private readonly ambiguities: { id: AmbiguityId; post: number }[];
  private hammer: VoteTally['hammer'];
  private lock: VoteTally['lock'];
  private lockedKey: string | null;
  private endedByHammer: boolean;
  private gameCalledAt: number | null;
  private lastPost: number | null;
  private eventIndex: number;
  private replacementIndex: number;
  /** The last post read (meaningful once `postsRead` > 0). */
  private throughPost: number;
  private postsRead: number;
  private readonly changesApplied: Set<number>;
  private readonly spokenApplied: Set<number>;
  private readonly appliedChanges: AppliedWeightChange[];
  /** The latest time of a post of the day read so far (a change timed after it, once the day is over, is not the day's). */
  private lastDayTime: number | null;
  // The post being read: whether an unvote came earlier in it, the wagons it changed, and (with `hammerEndsDay`)
  // whether a vote in it brought a wagon to its threshold, so what follows comes after the day.
  private unvotedInPost: boolean;
  private changedKeys: Set<string>;
  private hammeredInPost: boolean;

  constructor(input: TallyInput) {
    const { roster, rules, resume } = input;
    this.input = input;
    this.dayStartPost = input.dayStartPost;
    this.dayEndPost = input.dayEndPost;
    this.voteOpensPost = input.voteOpensPost;
    this.readVotesOf = input.readVotes ?? ((post) => extractVotes(post, rules));
    this.roster = roster;
    this.rules = rules;
    this.hosts = new Set(roster.hosts.map((h) => h.trim().toLowerCase()));
    const slotIds = new Set(roster.slots.map((s) => s.id));
    this.alive = new Set(resume?.alive ?? input.alive.filter((id) => slotIds.has(id)));
    this.aliveAtStart = resume === undefined ? [...this.alive] : [...resume.aliveAtStart];
    this.mafia = new Set(input.mafiaSlots ?? []);
    this.weightsNow = new Map<string, number>(resume?.weightsNow ?? Object.entries(rules.weights));
    this.weightChanges = input.weightChanges ?? [];
    this.timedWeights = this.weightChanges.length > 0;
    this.spokenFor = new Set(input.spokenFor ?? []);
    this.spokenVotes = input.spokenVotes ?? [];
    this.moments = this.timedWeights || this.spokenVotes.length > 0;
    this.events = (input.events ?? [])
      .filter((e) => e.kind !== 'night')
      .sort((a, b) => a.atPost - b.atPost || (eventKey(a) < eventKey(b) ? -1 : eventKey(a) > eventKey(b) ? 1 : 0));
    const nightStarts = (input.events ?? []).flatMap((e) => (e.kind === 'night' ? [e.atPost] : []));
    this.nightFrom = nightStarts.length === 0 ? null : Math.min(...nightStarts);
    this.replacements = [];
    for (const slot of roster.slots) {
      slot.accounts.forEach((account, i) => {
        if (i > 0 && account.fromPost !== undefined && account.fromPost > input.dayStartPost)
          this.replacements.push({ slotId: slot.id, atPost: account.fromPost - 1 });
      });
    }
    this.replacements.sort((a, b) => a.atPost - b.atPost);
    this.lastEventPost = input.dayEndPost ?? Number.POSITIVE_INFINITY;
    this.matchBase = { ...input.matchOptions, noLynchWords: rules.grammar.noLynchWords };
    // Arrays start as literals (not spreads) so V8's allocation site learns they hold objects.
    this.history = [];
    if (resume !== undefined) for (const r of resume.history) this.history.push(r);
    this.voids = new Map(resume?.voids ?? []);
    this.standing = new Map(resume?.standing ?? []);
    this.deaths = [];
    if (resume !== undefined) for (const d of resume.deaths) this.deaths.push(d);
    this.ambiguities = [];
    if (resume !== undefined) for (const a of resume.ambiguities) this.ambiguities.push(a);
    this.hammer = resume?.hammer ?? null;
    this.lock = resume?.lock ?? null;
    this.lockedKey = resume?.lockedKey ?? null;
    this.endedByHammer = resume?.endedByHammer ?? false;
    this.gameCalledAt = resume?.gameCalledAt ?? null;
    this.lastPost = resume?.lastPost ?? null;
    this.eventIndex = resume?.eventIndex ?? 0;
    this.replacementIndex = resume?.replacementIndex ?? 0;
    this.throughPost = resume?.throughPost ?? 0;
    this.postsRead = resume?.postsRead ?? 0;
    this.changesApplied = new Set<number>(resume?.changesApplied ?? []);
    this.spokenApplied = new Set<number>(resume?.spokenApplied ?? []);
    this.appliedChanges = [];
    if (resume !== undefined) for (const c of resume.appliedChanges) this.appliedChanges.push(c);
    this.lastDayTime = resume?.lastDayTime ?? null;
    this.unvotedInPost = false;
    this.changedKeys = new Set<string>();
    this.hammeredInPost = false;
    if (resume === undefined) this.checkFiftyPercent(input.dayStartPost);
  }

  private weightOf(slotId: string): number {
    return this.weightsNow.get(slotId) ?? 1;
  }

  /** The last post read, or the post before the day when none was. */
  private lastReadPost(): number {
    return this.postsRead > 0 ? this.throughPost : this.dayStartPost - 1;
  }

  /** Voids every standing vote `test` picks, at post `at`, for reason `by`. */
  private voidWhere(test: (voter: string, s: Standing) => boolean, at: number, by: NonNullable<VoteRecord['voidedBy']>): void {
    for (const [voter, s] of this.standing) {
      if (!test(voter, s)) continue;
      this.standing.delete(voter);
      this.voids.set(s.record, { voidedAt: at, voidedBy: by });
    }
  }

  /** The 50% rule after the living changed at post `at`. */
  private checkFiftyPercent(at: number): void {
    const { rules } = this;
    if (rules.fiftyPercentRule === 'off' || this.input.mafiaSlots === undefined || this.gameCalledAt !== null) return;
    const m = [...this.alive].filter((id) => this.mafia.has(id)).length;
    const town = this.alive.size - m;
    const needed = thresholdFor(rules.threshold, this.alive.size);
    if (m === 0) return;
    if (m === town) this.ambiguities.push({ id: '001/fifty-percent-parity', post: at });
    const called = rules.fiftyPercentRule === 'mafia-outnumber-town' ? m > town : needed !== null && town < needed;
    if (called) this.gameCalledAt = at;
  }

  /** The deaths, resets and replacements up to post `upTo` (within the day) not applied yet. */
  private applyEventsThrough(upTo: number): void {
    // Nothing that happens after the day has ended changes the day.
    if (this.endedByHammer) return;
    const post = Math.min(upTo, this.lastEventPost);
    const { dayStartPost } = this;
    for (;;) {
      const event = this.events[this.eventIndex];
      const replacement = this.replacements[this.replacementIndex];
      const eventAt = event?.atPost ?? Number.POSITIVE_INFINITY;
      const replacementAt = replacement?.atPost ?? Number.POSITIVE_INFINITY;
      if (Math.min(eventAt, replacementAt) > post) return;
      if (replacement !== undefined && replacementAt < eventAt) {
        this.replacementIndex++;
        if (replacementAt < dayStartPost) continue;
        this.applyReplacement(replacement.slotId, replacementAt);
        continue;
      }
      if (event === undefined) return;
      this.eventIndex++;
      if (event.atPost < dayStartPost) {
        if (event.kind === 'death') this.alive.delete(event.slotId);
        continue;
      }
      this.applyEvent(event);
    }
  }

  /**
   * A replacement of `slotId` at post `at` within the day: its votes and the votes on it are void unless the rules
   * keep them. (Out of `applyEventsThrough`'s loop, which runs on every post: the functions made here capture the
   * slot, and captured loop variables made a context object on every pass of the loop.)
   */
  private applyReplacement(slotId: string, at: number): void {
    if (!this.rules.replacementKeepsVote) this.voidWhere((voter) => voter === slotId, at, 'voter-replaced');
    if (!this.rules.votesOnReplacedSlotStand) this.voidWhere((_voter, s) => s.key === slotId, at, 'target-replaced');
  }

  /** A death or a reset within the day (see `applyReplacement` for why it is a method of its own). */
  private applyEvent(event: DayEvent): void {
    switch (event.kind) {
      case 'death':
        if (!this.alive.has(event.slotId)) break;
        this.alive.delete(event.slotId);
        this.deaths.push({ slotId: event.slotId, atPost: event.atPost });
        this.voidWhere((voter) => voter === event.slotId, event.atPost, 'voter-died');
        this.voidWhere((_voter, s) => s.key === event.slotId, event.atPost, 'target-died');
        if (this.lockedKey === event.slotId) this.lockedKey = null;
        this.checkFiftyPercent(event.atPost);
        break;
      case 'reset':
        this.voidWhere(() => true, event.atPost, 'reset');
        this.lockedKey = null;
        break;
    }
  }

  /** The hammer and the lock after the count changed at `atPost` on the wagons of `changedKeys`. */
  private settle(atPost: number, changedKeys: ReadonlySet<string>): void {
    if (changedKeys.size === 0) return;
    const { rules } = this;
    // Most changes bring no wagon near its threshold: the wagons are built only when one may be the hammer or the lock.
    const seekHammer = this.hammer === null && mayReach(this.standing, rules, this.alive.size, changedKeys, 0);
    const seekLock = rules.lock && this.lock === null && mayReach(this.standing, rules, this.alive.size, null, 1);
    if (!seekHammer && !seekLock) return;
    const wagons = buildWagons(this.standing, rules, this.alive.size);
    if (this.hammer === null) {
      const first = wagons.find((w) => w.needed !== null && w.total >= w.needed && changedKeys.has(keyOf(w.target)));
      if (first !== undefined) {
        this.hammer = { post: atPost, target: first.target };
        if (rules.hammerEndsDay) this.endedByHammer = true;
      }
    }
    if (rules.lock && this.lock === null) {
      const over = wagons.find((w) => w.needed !== null && w.total >= w.needed + 1);
      if (over !== undefined) {
        this.lock = { post: atPost, target: over.target };
        this.lockedKey = keyOf(over.target);
      }
    }
  }

  /**
   * Applies, in the order given, the weight changes not applied yet that `due` says have happened: a standing vote
   * of the slot weighs the new weight from then, and the wagons it changed are settled after `afterPost`.
   */
  private applyChanges(due: (m: DayMoment) => boolean, afterPost: number): void {
    const keys = new Set<string>();
    this.weightChanges.forEach((c, i) => {
      if (this.changesApplied.has(i) || this.endedByHammer || !due(c.from)) return;
      this.changesApplied.add(i);
      this.weightsNow.set(c.slotId, c.weight);
      this.appliedChanges.push({ slotId: c.slotId, weight: c.weight, afterPost });
      const s = this.standing.get(c.slotId);
      if (s === undefined) return;
      const weight = this.history[s.record]?.single === true ? Math.min(1, c.weight) : c.weight;
      if (weight === s.weight) return;
      this.standing.set(c.slotId, { record: s.record, key: s.key, post: s.post, weight });
      keys.add(s.key);
    });
    this.spokenVotes.forEach((v, i) => {
      if (this.spokenApplied.has(i) || this.endedByHammer || !due(v.at)) return;
      this.spokenApplied.add(i);
      this.countSpoken(v, 'afterPost' in v.at ? Math.max(v.at.afterPost, afterPost) : afterPost, keys);
    });
    this.settle(afterPost, keys);
  }

  /** A vote cast for its voter by another, counted as the voter's own vote at `atPost` (no post holds it). */
  private countSpoken(v: SpokenVote, atPost: number, keys: Set<string>): void {
    const { rules, alive, standing } = this;
    // The target as a key: a slot, No Lynch, or null for an unvote.
    const key = v.target === null ? null : keyOf(v.target);
    let reason: VoteRecord['reason'];
    if (!alive.has(v.voter)) reason = 'vote/voter-dead';
    else if (v.target?.kind === 'slot' && !alive.has(v.target.slotId)) reason = 'vote/target-dead';
    else if (v.target?.kind === 'no-lynch' && !rules.grammar.noLynchAllowed) reason = 'vote/no-lynch-not-allowed';
    else if (v.target?.kind === 'slot' && v.target.slotId === v.voter && !rules.selfVoteAllowed) reason = 'vote/self-vote';
    const current = standing.get(v.voter);
    if (reason === undefined && current !== undefined && this.lockedKey !== null && current.key === this.lockedKey && current.key !== key)
      reason = 'vote/after-lock';
    let effect: VoteRecord['effect'] = 'none';
    let weight: number | undefined;
    if (reason === undefined && key === null && current !== undefined) {
      // A spoken unvote: the voter's standing vote is withdrawn.
      keys.add(current.key);
      standing.delete(v.voter);
      effect = 'clear';
    } else if (reason === undefined && key !== null && current?.key !== key) {
      if (current !== undefined) keys.add(current.key);
      weight = this.weightOf(v.voter);
      standing.set(v.voter, { record: this.history.length, key, post: atPost, weight });
      keys.add(key);
      effect = 'set';
    }
    const record: Mutable<VoteRecord> = {
      post: atPost,
      postId: '',
      author: slotNameIn(this.roster, v.voter),
      voterSlotId: v.voter,
      action: v.target === null ? 'unvote' : 'vote',
      written: v.target === null ? '' : v.target.kind === 'no-lynch' ? 'No Lynch' : slotNameIn(this.roster, v.target.slotId),
      text: '',
      target: v.target,
      counted: reason === undefined,
      effect,
      spokenBy: v.by,
    };
    if (reason !== undefined) record.reason = reason;
    if (this.timedWeights && weight !== undefined) record.weight = weight;
    this.history.push(record);
  }

  /** Reads one post of the day (posts come in post order; earlier or already read ones are skipped). */
  read(post: ForumPost): void {
    const { dayEndPost } = this;
    if (post.number < this.dayStartPost || (this.postsRead > 0 && post.number <= this.throughPost)) return;
    const before = this.lastReadPost();
    this.throughPost = post.number;
    this.postsRead++;
    this.applyEventsThrough(post.number - 1);
    const afterEnd = this.endedByHammer || (dayEndPost !== undefined && post.number > dayEndPost);
    const night = this.nightFrom !== null && post.number >= this.nightFrom;
    // The weight changes that happened before this post, while the day still runs.
    if (this.moments && !afterEnd && !night && this.gameCalledAt === null) {
      const at = post.postedAt;
      this.applyChanges((m) => ('afterPost' in m ? m.afterPost < post.number : at !== null && m.time <= at), before);
    }
    const candidates = this.readVotesOf(post);
    // A weight change may have ended the day with a hammer.
    const afterEndNow = this.endedByHammer || (dayEndPost !== undefined && post.number > dayEndPost);
    if (!afterEndNow && !night && this.gameCalledAt === null) this.lastPost = post.number;
    if (!afterEndNow && !night && post.postedAt !== null) this.lastDayTime = Math.max(this.lastDayTime ?? post.postedAt, post.postedAt);
    if (candidates.length > 0) this.readVotes(post, candidates, afterEndNow, night);
    this.applyEventsThrough(post.number);
  }

  /** Counts the vote lines of one post, in the order written, and settles the hammer and lock after it. */
  private readVotes(post: ForumPost, candidates: readonly VoteCandidate[], afterEnd: boolean, night: boolean): void {
    const holder = slotOfAccount(post.author, this.roster, post.number, { renamedAccounts: this.rules.renamedAccounts });
    const voterReason = this.voterReason(post, holder, afterEnd, night);
    const voter = holder?.slotId ?? null;
    this.unvotedInPost = false;
    this.changedKeys = new Set<string>();
    this.hammeredInPost = false;
    for (const c of candidates) this.countLine(post, c, voter, voterReason);
    this.settle(post.number, this.changedKeys);
  }

  /** Why the poster's votes in this post cannot count, whatever they say (undefined: they may). */
  private voterReason(
    post: ForumPost,
    holder: ReturnType<typeof slotOfAccount>,
    afterEnd: boolean,
    night: boolean,
  ): TallyReason | undefined {
    if (afterEnd) return 'vote/after-day-end';
    if (night) return 'vote/during-night';
    if (this.gameCalledAt !== null) return 'vote/game-called';
    if (this.hosts.has(post.author.trim().toLowerCase())) return 'vote/voter-host';
    if (holder === undefined) return 'vote/voter-not-in-game';
    if (holder.replacedOut) return 'vote/voter-replaced';
    if (!this.alive.has(holder.slotId)) return 'vote/voter-dead';
    if (this.spokenFor.has(holder.slotId)) return 'vote/spoken-for';
    if (this.voteOpensPost !== undefined && post.number < this.voteOpensPost) return 'vote/before-vote-opens';
    return undefined;
  }

  /** Counts one vote line of a post: resolves its name, applies it to the standing votes, records it. */
  private countLine(post: ForumPost, c: VoteCandidate, voter: string | null, voterReason: TallyReason | undefined): void {
    const { rules, standing } = this;
    if (c.ambiguity !== undefined) this.ambiguities.push({ id: c.ambiguity, post: post.number });
    if (!c.counted) {
      this.history.push(voteRecord(post, voter, c, null, false, 'none', c.reason));
      return;
    }
    const read = c.action === 'vote' ? this.targetOf(post, c) : null;
    const target = read === null ? null : read.target;
    let reason: VoteReason | undefined = this.hammeredInPost ? 'vote/after-day-end' : voterReason;
    if (read !== null && read.reason !== undefined) reason ??= read.reason;
    if (c.action === 'vote') {
      if (reason === undefined && target?.kind === 'slot' && !this.alive.has(target.slotId)) reason = 'vote/target-dead';
      if (reason === undefined && target?.kind === 'slot' && target.slotId === voter && !rules.selfVoteAllowed) reason = 'vote/self-vote';
    }
    const current = voter === null ? undefined : standing.get(voter);
    if (reason === undefined && current !== undefined && this.lockedKey !== null && current.key === this.lockedKey) {
      const sameTarget = target !== null && keyOf(target) === current.key;
      if (c.action === 'unvote' || !sameTarget) reason = 'vote/after-lock';
    }
    let effect: VoteRecord['effect'] = 'none';
    if (reason === undefined && voter !== null) {
      if (c.action === 'unvote') {
        if (current !== undefined) {
          standing.delete(voter);
          this.changedKeys.add(current.key);
          effect = 'clear';
        }
        this.unvotedInPost = true;
      } else if (target !== null) {
        const key = keyOf(target);
        if (current !== undefined && current.key !== key && !this.unvotedInPost) {
          if (rules.voteWithoutUnvote === 'void') reason = 'vote/already-voting';
          this.ambiguities.push({ id: '001/vote-without-unvote', post: post.number });
        }
        if (reason === undefined && current?.key !== key) {
          if (current !== undefined) this.changedKeys.add(current.key);
          // A doublevoter who says the vote is cast once ("(single vote)") weighs one for it.
          const weight = c.single === true ? Math.min(1, this.weightOf(voter)) : this.weightOf(voter);
          standing.set(voter, { record: this.history.length, key, post: post.number, weight });
          this.changedKeys.add(key);
          effect = 'set';
        }
      }
    }
    const record = voteRecord(post, voter, c, target, reason === undefined, effect, reason, read?.how, read?.candidates, read?.reading);
    // On a day whose weights change, each vote keeps what it weighed when cast (the post's badge says it).
    const set = effect === 'set' && voter !== null ? standing.get(voter) : undefined;
    if (this.timedWeights && set !== undefined) (record as Mutable<VoteRecord>).weight = set.weight;
    this.history.push(record);
    if (rules.hammerEndsDay && this.hammer === null && effect !== 'none') {
      const reached = firstReached(standing, rules, this.alive.size, this.changedKeys);
      if (reached !== null) {
        this.hammer = { post: post.number, target: targetOfKey(reached) };
        this.endedByHammer = true;
        this.hammeredInPost = true;
      }
    }
  }

  /** Whom a vote line's name means, read at its post (a replacement who joins later never makes it ambiguous). */
  private targetOf(post: ForumPost, c: VoteCandidate): TargetReading {
    if (c.noLynch) return { target: { kind: 'no-lynch' }, reason: undefined, how: undefined, candidates: undefined, reading: undefined };
    const { rules } = this;
    const m = matchVoteTarget(c.target, this.roster, { ...this.matchBase, atPost: post.number });
    // Seed 004's open question: a vote as an inflected name ("Бориса" for Борис) is reported each time, or refused.
    const inflected = m.kind === 'match' && isInflectedName(c.target, m.name);
    if (inflected) this.ambiguities.push({ id: 'names/inflected-name', post: post.number });
    if (inflected && rules.grammar.inflectedNames === 'refuse')
      return { target: null, reason: 'vote/no-such-player', how: undefined, candidates: undefined, reading: undefined };
    if (m.kind === 'match') {
      // A nickname only the thread explains is Gavel's reading, not the player's words: the host is told each time.
      if (m.how === 'thread-nickname') this.ambiguities.push({ id: 'names/thread-nickname', post: post.number });
      return { target: { kind: 'slot', slotId: m.slotId }, reason: undefined, how: m.how, candidates: undefined, reading: m.reading };
    }
    if (m.kind === 'several') {
      this.ambiguities.push({ id: 'names/several-players', post: post.number });
      const candidates = m.candidates.map((x) => x.slotId);
      return { target: null, reason: 'vote/several-players', how: undefined, candidates, reading: undefined };
    }
    if (m.kind === 'ambiguous') {
      const candidates = m.candidates.map((x) => x.slotId);
      // Only the equally close fits are weighed by who is alive; every fit is listed for the host.
      const living = candidates.slice(0, m.closest).filter((id) => this.alive.has(id));
      const [onlyLiving] = living;
      if (rules.ambiguousLooseNames === 'prefer-living' && !strictTiers.has(m.how) && living.length === 1 && onlyLiving !== undefined) {
        this.ambiguities.push({ id: 'names/ambiguous-living-preferred', post: post.number });
        return { target: { kind: 'slot', slotId: onlyLiving }, reason: undefined, how: m.how, candidates, reading: m.reading };
      }
      return { target: null, reason: 'vote/ambiguous-name', how: undefined, candidates, reading: m.reading };
    }
    return { target: null, reason: 'vote/no-such-player', how: undefined, candidates: undefined, reading: undefined };
  }

  /** The count after the last post read: the changes and events left, the wagons, the outcome. */
  finish(): VoteTally {
    const { input, rules, alive, standing } = this;
    if (input.keepState !== undefined && this.postsRead > 0) input.keepState(this.state());
    const { nightFrom, throughPost, lastDayTime } = this;
    // The changes after the last post read, where the day had not ended before them (a day's end the count has read:
    // its end post, a night post; a change timed after the day's last post then came after the day).
    const dayEndRead =
      this.postsRead > 0 &&
      ((input.dayEndPost !== undefined && throughPost >= input.dayEndPost) || (nightFrom !== null && throughPost >= nightFrom));
    if (this.moments && this.gameCalledAt === null)
      this.applyChanges(
        (m) =>
          'afterPost' in m
            ? m.afterPost < Math.min(input.dayEndPost ?? Number.POSITIVE_INFINITY, nightFrom ?? Number.POSITIVE_INFINITY)
            : !dayEndRead || lastDayTime === null || m.time <= lastDayTime,
        Math.min(this.lastReadPost(), input.dayEndPost ?? Number.POSITIVE_INFINITY),
      );
    this.applyEventsThrough(this.lastEventPost);

    const wagons = buildWagons(standing, rules, alive.size);
    const threshold = thresholdFor(rules.threshold, alive.size);
    const { hammer, lock, lockedKey, gameCalledAt } = this;
    const dayOver = this.endedByHammer || input.dayEndPost !== undefined;
    let outcome: VoteOutcome;
    const toOutcome = (t: VoteTarget): VoteOutcome => (t.kind === 'no-lynch' ? { kind: 'no-lynch' } : { kind: 'lynch', slotId: t.slotId });
    if (gameCalledAt !== null) outcome = { kind: 'game-called', atPost: gameCalledAt };
    else if (rules.hammerEndsDay && hammer !== null) outcome = toOutcome(hammer.target);
    else if (!dayOver) outcome = { kind: 'in-progress' };
    else if (lock !== null && lockedKey !== null) outcome = toOutcome(lock.target);
    else if (threshold === null) {
      const top = wagons[0];
      const tied = wagons.filter((w) => top !== undefined && w.total === top.total && w.total > 0);
      const onlyTop = tied[0];
      if (tied.length === 1 && onlyTop !== undefined) outcome = toOutcome(onlyTop.target);
      else if (tied.length > 1)
        outcome = { kind: 'tie', slotIds: tied.flatMap((w) => (w.target.kind === 'slot' ? [w.target.slotId] : [])) };
      else outcome = { kind: 'no-majority' };
    } else {
      const atThreshold = wagons.find((w) => w.needed !== null && w.total >= w.needed);
      outcome = atThreshold === undefined ? { kind: 'no-majority' } : toOutcome(atThreshold.target);
    }

    return {
      threshold,
      alive: [...alive],
      aliveAtStart: this.aliveAtStart,
      deaths: this.deaths,
      wagons,
      notVoting: [...alive].filter((id) => !standing.has(id)),
      hammer,
      lock,
      outcome,
      history: this.history.map((r, i) => {
        const v = this.voids.get(i);
        return v === undefined ? r : { ...r, voidedAt: v.voidedAt, voidedBy: v.voidedBy };
      }),
      ambiguities: this.ambiguities,
      lastPost: this.lastPost,
      ...(this.timedWeights ? { weightChanges: this.appliedChanges } : {}),
    };
  }

  /** A copy of the state after the last post read, for a later tally of more posts to resume from. */
  private state(): TallyState {
    return {
      throughPost: this.throughPost,
      postsRead: this.postsRead,
      history: [...this.history],
      voids: new Map(this.voids),
      standing: new Map(this.standing),
      alive: [...this.alive],
      aliveAtStart: this.aliveAtStart,
      deaths: [...this.deaths],
      ambiguities: [...this.ambiguities],
      hammer: this.hammer,
      lock: this.lock,
      lockedKey: this.lockedKey,
      endedByHammer: this.endedByHammer,
      gameCalledAt: this.gameCalledAt,
      lastPost: this.lastPost,
      eventIndex: this.eventIndex,
      replacementIndex: this.replacementIndex,
      changesApplied: [...this.changesApplied],
      spokenApplied: [...this.spokenApplied],
      weightsNow: new Map(this.weightsNow),
      appliedChanges: [...this.appliedChanges],
      lastDayTime: this.lastDayTime,
    };
  }
}

/**
 * The count as it stood after post `post`, rebuilt from the history: each
 * voter's last vote or unvote up to that post, minus votes voided by then.
 */
export function voteCountAt(
  tally: VoteTally,
  rules: VoteRules,
  post: number,
): { readonly wagons: readonly Wagon[]; readonly notVoting: readonly string[]; readonly threshold: number | null } {
  const alive = new Set(tally.aliveAtStart);
  for (const d of tally.deaths) if (d.atPost <= post) alive.delete(d.slotId);
  const standing = new Map<string, Standing>();
  const single = (r: VoteRecord | undefined, w: number): number => (r?.single === true ? Math.min(1, w) : w);
  tally.history.forEach((r, i) => {
    if (r.post > post || r.voterSlotId === null || r.effect === 'none') return;
    if (r.effect === 'clear') standing.delete(r.voterSlotId);
    else if (r.target !== null)
      standing.set(r.voterSlotId, {
        record: i,
        key: keyOf(r.target),
        post: r.post,
        // A day whose weights changed kept each vote's weight when cast; the changes up to `post` are laid on below.
        weight: r.weight ?? single(r, rules.weights[r.voterSlotId] ?? 1),
      });
  });
  for (const c of tally.weightChanges ?? []) {
    const s = c.afterPost <= post ? standing.get(c.slotId) : undefined;
    if (s !== undefined) standing.set(c.slotId, { ...s, weight: single(tally.history[s.record], c.weight) });
  }
  for (const [voter, s] of [...standing]) {
    const voided = tally.history[s.record]?.voidedAt;
    if (voided !== undefined && voided <= post) standing.delete(voter);
  }
  return {
    wagons: buildWagons(standing, rules, alive.size),
    notVoting: [...alive].filter((id) => !standing.has(id)),
    threshold: thresholdFor(rules.threshold, alive.size),
  };
}

/** Votes and unvotes that changed the count after post `since` (the last published count), plus votes voided since. */
export function changesSince(
  tally: VoteTally,
  since: number,
): { readonly changes: readonly VoteRecord[]; readonly voided: readonly VoteRecord[] } {
  return {
    changes: tally.history.filter((r) => r.post > since && r.effect !== 'none'),
    voided: tally.history.filter((r) => r.voidedAt !== undefined && r.voidedAt > since),
  };
}
