/**
 * Counting a thread, in one place for the extension's panel, `gavel
 * breaches` and `gavel replay`: the days and nights, who is alive on each
 * day, what each post was read as, each day's tally in the ruleset's own
 * voting system, the breaches and the vote count post.
 */
import { breachRulesPresets } from '../breaches/rules';
import { announcedDeaths } from '../breaches/announced';
import { findBreaches, type Ballot, type BreachInput, type BreachOptions, type Death } from '../breaches/detect';
import type { Breach, BreachRules } from '../breaches/types';
import { deriveState, emptyGameState, emptyPlayerLedgers } from '../game/derive';
import type { GameEvent, GameState, PhaseRef, PlayerState, RecordedVote } from '../game/types';
import {
  composePhases,
  firstPostPlacedOtherwise,
  phaseOrdinal,
  postPhaseLocator,
  samePhase,
  type Phase,
  type PhaseKind,
  type PhasePosition,
} from '../phases';
import { forumTemplate } from '../rules/presets/forum-template-001';
import { rulesetSections } from '../rules/sections';
import type { HuntApprovalGrammar, Ruleset } from '../rules/types';
import { applyAccountLinks, findAccountLinks, noAccountLinks, type AccountActivity } from '../names/link';
import { crossCheckPlayerList, crossCheckPosters, readPlayerList } from '../setup/player-list';
import { readStatedRules, type StatedRule } from '../setup/stated-rules';
import { learnNicknames } from '../names/nicknames';
import type { ThreadNickname } from '../names/match';
import type { NicknameVote } from '../names/nicknames';
import { currentName, type ForumPost, type Roster } from '../types';
import { tallyDay } from '../voting/tally';
import { familyCourtBallots } from '../voting/family-court';
import { currentBallot } from '../voting/weighted-plurality';
import { dayClockInput, voteOpensAfter } from '../voting/day-clock';
import { voteOpeningOf, type VoteOpening } from '../voting/vote-opening';
import type { DayClockInput } from '../voting/day-004-roles';
import { huntApprovalBallot } from '../voting/day-004';
import { huntApprovals, isApprovalPhrase, readHuntApprovals, type HuntApprovalCount } from '../voting/hunt-approvals';
import { slotOfAccount } from '../names/match';
import type { DayTally } from '../voting/types';
import { hasRoleVotes, lynchAfterRoles, roleVotes, singleVoteNotes, weightNotesOfVoters } from '../voting/role-votes';
import type { VoteGrammar, VoteRules } from '../votes/rules';
import {
  tallyVotes,
  type DayEvent,
  type DayMoment,
  type TallyState,
  type VoteOutcome,
  type VoteRecord,
  type VoteTally,
  type VoteTarget,
} from '../votes/tally';
import { extractVotes, type VoteCandidate } from '../votes/extract';
import type { VoteReader } from '../votes/cache';
import { composeVoteCountPost } from './compose';
import { defaultPostLanguage } from '../announce/phrases';
import { voteRulesOf } from './rules';
import type {
  CountGame,
  CountTally,
  CountThreadOptions,
  CountThreadResult,
  CountMemo,
  CountStages,
  CountWagon,
  CountedDay,
  PostMark,
  PostVerdict,
  ThreadCount,
} from './types';

/** The deaths of a game's event log, each in the phase it happened in (the first death of a slot counts). */
export function deathsOfEvents(events: readonly GameEvent[]): Death[] {
  const deaths: Death[] = [];
  let phase: PhaseRef | null = null;
  for (const event of events) {
    if (event.type === 'phase/start') phase = event.phase;
    if (event.type === 'player/die' && phase !== null && !deaths.some((d) => d.slot === event.slotId))
      deaths.push({ slot: event.slotId, phase: { kind: phase.kind, number: phase.number } });
  }
  return deaths;
}

const byPostOutcome = (o: VoteOutcome): CountTally['outcome'] => {
  switch (o.kind) {
    case 'lynch':
      return { kind: 'lynch', slotIds: [o.slotId] };
    case 'no-lynch':
      return { kind: 'no-lynch', reason: 'no-lynch/voted-no-lynch' };
    case 'no-majority':
      return { kind: 'no-lynch', reason: 'no-lynch/no-majority' };
    case 'tie':
      return { kind: 'no-lynch', reason: 'no-lynch/tie' };
    case 'game-called':
      return { kind: 'no-lynch', reason: 'no-lynch/game-called' };
    case 'in-progress':
      return { kind: 'in-progress' };
  }
};

const targetOf = (key: string | null): VoteTarget => (key === null ? { kind: 'no-lynch' } : { kind: 'slot', slotId: key });

interface DayInput {
  readonly phase: Phase;
  readonly startPost: number;
  readonly endPost: number | null;
  readonly alive: readonly string[];
  readonly events: readonly DayEvent[];
  readonly posts: readonly ForumPost[];
}

/**
 * A thread's count: its days and nights, who is alive each day, each post's
 * verdict, each day's tally in the ruleset's voting system, the breaches and
 * the vote count post, as of the latest post or a chosen one.
 *
 * Without a game the roster is the opening post's player list, the rules
 * `options.preset`'s (the forum template by default) and the phases the
 * host's posts announce; deaths are the host's death posts and the days'
 * lynches.
 *
 * @example countThread(posts, { asOfPost: 40 }) // the count as it stood after post #40
 */
export function countThread(posts: readonly ForumPost[], options: CountThreadOptions = {}): CountThreadResult {
  // A counter's memory (count/incremental.ts): its post order, its vote lines, and what each whole-thread step kept.
  const memo = options.memo;
  const stages = memo?.stages;
  const firstChanged = memo?.firstChanged ?? Number.NEGATIVE_INFINITY;
  const sorted = memo?.sorted ?? postOrder(posts);
  const opening = sorted[0];
  const last = sorted[sorted.length - 1];
  if (opening === undefined || last === undefined) return { ok: false, problem: { code: 'count/no-posts' } };
  const game = options.game;
  // Each author's posts, carried on from the last count: asked for by the player list's cross-check and the account links.
  let byAuthor: ReadonlyMap<string, readonly number[]> | undefined;
  const postsByAuthor = (kept: CountStages | undefined): ReadonlyMap<string, readonly number[]> =>
    (byAuthor ??= postsByAuthorOf(kept ?? {}, sorted, kept === undefined ? Number.NEGATIVE_INFINITY : firstChanged));

  let listedRoster: Roster;
  let rosterFrom: ThreadCount['rosterFrom'];
  // The deaths the opening post's list dates ("[s]Elmo[/s] - lynched Day 1"): dead from that phase on.
  let listDeaths: readonly Death[] = [];
  if (game !== undefined) {
    listedRoster = game.roster;
    rosterFrom = { kind: 'game' };
  } else {
    const list = playerListOf(stages, sorted, firstChanged, opening);
    if (list === null) return { ok: false, problem: { code: 'count/no-player-list', post: opening.number } };
    listedRoster = list.roster;
    listDeaths = list.deaths;
    rosterFrom = {
      kind: 'player-list',
      post: opening.number,
      source: list.source,
      problems: [
        ...list.problems,
        ...(stages === undefined
          ? crossCheckPlayerList(listedRoster, sorted)
          : crossCheckPosters(listedRoster, posterCountsOf(postsByAuthor(stages), opening))),
      ],
    };
  }
  // With no host every post is a player's: no phase post is read and the thread would be one long Day 1.
  if (listedRoster.hosts.every((h) => h.trim() === '') && phasesNeedHosts(game)) return { ok: false, problem: { code: 'count/no-host' } };
  const ruleset: Ruleset = game?.ruleset ?? options.preset ?? forumTemplate;
  // Without a game, the rules the opening post states ("votes on their own line", half the living) apply; the host's own settings win.
  const stated = game === undefined ? readStatedRules(opening.body) : null;
  const statedThreshold = ruleset.voting.kind === 'majority' ? stated?.threshold : undefined;
  // Reported only where applied: a threshold for a majority vote, a grammar rule the host's settings do not set.
  const statedRules: StatedRule[] = (stated?.rules ?? []).filter((r) =>
    r.rule === 'half-threshold'
      ? statedThreshold !== undefined
      : options.voteGrammar?.[r.rule === 'own-line' ? 'ownLine' : 'lineStart'] === undefined,
  );
  const grammarChanges = { ...stated?.grammar, ...options.voteGrammar };
  const rulesRead = voteRulesOf(ruleset, {
    ...(Object.keys(grammarChanges).length === 0 ? {} : { grammar: grammarChanges }),
    ...(game?.weights === undefined ? {} : { weights: game.weights }),
  });
  const voteRules = rulesRead !== null && statedThreshold !== undefined ? { ...rulesRead, threshold: statedThreshold } : rulesRead;
  // Posters on no slot linked to the slots they play, before anything is counted: the authors of known day ends are hosts too.
  const dayEnders =
    game !== undefined && 'known' in game.phases
      ? game.phases.known.flatMap((p) => (p.end !== null && 'post' in p.end ? [postNumbered(sorted, p.end.post)?.author ?? ''] : []))
      : [];
  const accountLinks =
    options.accountLinks === false
      ? noAccountLinks
      : findAccountLinks(sorted, listedRoster, {
          hosts: dayEnders.filter((a) => a !== ''),
          apply: voteRules?.renamedAccounts !== false,
          ...(stages === undefined ? {} : { activity: activityOf(postsByAuthor(stages)) }),
        });
  const roster = applyAccountLinks(listedRoster, accountLinks);
  // Each post's vote lines are read once per count (the day's tally and the breaches share them), or once per content with a cache.
  const readAllVotes =
    voteRules === null
      ? null
      : (memo?.readerFor?.(voteRules.grammar) ??
        (options.readVotes === undefined
          ? memoVotes((post, grammar) => extractVotes(post, { grammar }), voteRules.grammar, true)
          : memoVotes(options.readVotes, voteRules.grammar, false)));
  // 004 L164: a green "Одобряю" approves the witch hunt; it is no vote for a player of that name.
  const approvalGrammar = ruleset.voting.kind === 'weighted-plurality' ? ruleset.voting.day?.huntApproval : undefined;
  const readVotes = readAllVotes === null || approvalGrammar === undefined ? readAllVotes : withoutApprovals(readAllVotes, approvalGrammar);
  const hosts = roster.hosts.map((h) => h.trim().toLowerCase());
  // Each author's answer worked out once (a thread has a few dozen authors and tens of thousands of posts).
  const hostAuthors = new Map<string, boolean>();
  const isHostPost = (p: ForumPost): boolean => {
    let host = hostAuthors.get(p.author);
    if (host === undefined) {
      host = hosts.includes(p.author.trim().toLowerCase());
      hostAuthors.set(p.author, host);
    }
    return host;
  };
  // Phases and deaths are read from the hosts' posts only.
  const hostPosts = hostPostsOf(stages, sorted, firstChanged, hosts, isHostPost);

  // The days and nights.
  let phases: readonly Phase[];
  let firstPhase: PhaseKind;
  let phasesFrom: ThreadCount['phasesFrom'] = { kind: game === undefined ? 'host-posts' : 'game' };
  const knownPhases = game !== undefined && 'known' in game.phases;
  if (game !== undefined && 'known' in game.phases) {
    phases = game.phases.known;
    firstPhase = phases[0]?.kind ?? ruleset.firstPhase;
  } else {
    const setup =
      game === undefined ? { firstPhase: ruleset.firstPhase } : (game.phases as Exclude<CountGame['phases'], { known: unknown }>);
    firstPhase = setup.firstPhase;
    const composed = phasesOf(stages, setup, hostPosts, roster.hosts);
    if (!composed.ok) return { ok: false, problem: { code: 'count/phases', detail: composed.detail } };
    phases = composed.phases;
  }
  if (!knownPhases && firstPhase === 'day' && !phases.some((p) => p.kind === 'day')) {
    // A game that starts with a day, and no "Day 1 begins" post yet: the day runs from the post after the opening post.
    const next = phases[0];
    const end = next !== undefined && 'post' in next.start ? { post: next.start.post - 1 } : null;
    phases = [{ kind: 'day', number: 1, start: { post: opening.number + 1 }, end }, ...phases];
    phasesFrom = { kind: 'day-one-assumed', from: opening.number + 1 };
  }
  phases = samePhases(stages, phases);
  const ordinal = (ref: { readonly kind: PhaseKind; readonly number: number }): number => phaseOrdinal(ref.kind, ref.number, firstPhase);
  const positions = positionsOf(stages, sorted, firstChanged, phases);
  const { firstIn, lastIn } = phaseBounds(sorted, positions);

  // Who died when: the game's, else read from the host's posts (and, below, the days' lynches).
  const logDeaths = game?.events === undefined ? [] : deathsOfEvents(game.events);
  const readDeaths = game?.deaths === undefined && logDeaths.length === 0;
  const deaths: Death[] = readDeaths
    ? [...announcedDeathsOf(stages, hostPosts, roster, phases, isHostPost)]
    : [...(game?.deaths ?? []), ...logDeaths];
  // A death the host's posts announce keeps its post; the list dates the others.
  for (const d of listDeaths) if (!deaths.some((known) => known.slot === d.slot)) deaths.push(d);

  // Nicknames the thread itself explains (names/nicknames.ts), learnt once from every player's votes and posts.
  const nicknames =
    readVotes === null
      ? []
      : learnNicknames({
          posts: sorted,
          roster,
          votes: nicknameVotesOf(
            stages,
            sorted,
            firstChanged,
            `${hosts.join('\u0000')}\u0001${JSON.stringify(voteRules?.grammar)}`,
            (p, out) => {
              if (isHostPost(p)) return;
              // Walked by index: most posts hold no vote line, and an iterator made for each of them is garbage.
              const candidates = readVotes(p);
              for (let i = 0; i < candidates.length; i++) {
                const c = candidates[i];
                if (c !== undefined && c.counted && c.action === 'vote' && !c.noLynch && c.target.trim() !== '')
                  out.push({ post: p.number, author: p.author, target: c.target });
              }
            },
          ),
        });
  const context: DayContext = {
    game,
    ruleset,
    roster,
    voteRules,
    readVotes,
    nicknames,
    hosts,
    ...(options.now === undefined ? {} : { now: options.now }),
  };
  // What each day's tally kept, keyed by everything the tally reads but its posts.
  const contextKey = memo === undefined ? '' : JSON.stringify([roster, voteRules, nicknames]);
  const days: CountedDay[] = [];
  const inputs: DayInput[] = [];
  // The first post whose verdict may differ from the last count's (the ones before are kept).
  let verdictsFrom = firstChanged;
  const dayPhases = phases.filter((p) => p.kind === 'day');
  for (const [i, phase] of dayPhases.entries()) {
    const first = firstIn.get(phase);
    // A day known to the game (an archive's) is counted even with no post in it; a day read from posts or a clock only once it has posts.
    const knownStart = knownPhases && 'post' in phase.start ? phase.start.post : undefined;
    if (first === undefined && knownStart === undefined && i > 0) continue;
    const nextDay = dayPhases[i + 1];
    const nextStart =
      nextDay === undefined ? undefined : knownPhases && 'post' in nextDay.start ? nextDay.start.post : firstIn.get(nextDay)?.number;
    const startPost =
      game === undefined
        ? Math.max(first?.number ?? opening.number + 1, opening.number + 1)
        : (first?.number ?? knownStart ?? opening.number);
    const before = (n: number): boolean => nextStart === undefined || n < nextStart;
    const deadBefore = new Set(
      deaths.filter((d) => (d.post !== undefined ? d.post <= startPost : ordinal(d.phase) < ordinal(phase))).map((d) => d.slot),
    );
    const events: DayEvent[] = [
      ...deaths
        .filter((d) => !deadBefore.has(d.slot) && d.post !== undefined && d.post > startPost && before(d.post))
        .map((d): DayEvent => ({ kind: 'death', slotId: d.slot, atPost: d.post ?? startPost })),
      ...(game?.resets ?? []).filter((r) => r >= startPost && before(r)).map((r): DayEvent => ({ kind: 'reset', atPost: r })),
    ];
    const lastInDay = lastIn.get(phase);
    const endPost = phase.end === null ? null : 'post' in phase.end ? phase.end.post : (lastInDay?.number ?? null);
    const input: DayInput = {
      phase,
      startPost,
      endPost,
      alive: roster.slots.map((s) => s.id).filter((id) => !deadBefore.has(id)),
      events,
      // The day's posts run from its start to the next day's first post (post order: one stretch).
      posts: sorted.slice(indexFrom(sorted, startPost), nextStart === undefined ? sorted.length : indexFrom(sorted, nextStart)),
    };
    const carry = memo === undefined ? undefined : carryOf(memo, contextKey, input);
    // A day counted afresh may read its posts otherwise than last time; one carried on reads those before where it resumed the same.
    // A day carried on with no post after the state it resumes from (an ended day) adds no new record.
    const resumedAt = carry?.resume?.throughPost;
    const lastOfDay = input.posts[input.posts.length - 1]?.number;
    verdictsFrom = Math.min(
      verdictsFrom,
      resumedAt === undefined ? startPost : lastOfDay === undefined || lastOfDay <= resumedAt ? Number.POSITIVE_INFINITY : resumedAt + 1,
    );
    const tally = countDay(context, input, carry);
    inputs.push(input);
    days.push({ phase, startPost, endPost, aliveAtStart: input.alive, tally });
    // A day that ended on a wagon at the threshold lynched that player, if the host's posts did not already say so.
    if (readDeaths) {
      const lynched =
        tally.outcome.kind === 'lynch'
          ? tally.outcome.slotIds
          : phase.end !== null && tally.hammer?.target.kind === 'slot'
            ? [tally.hammer.target.slotId]
            : [];
      for (const slot of lynched)
        if (!deaths.some((d) => d.slot === slot)) deaths.push({ slot, phase: { kind: 'day', number: phase.number } });
    }
  }

  const breachInput: BreachInput = {
    posts: sorted,
    roster,
    phases,
    deaths,
    now: null,
    ...game?.breachInput,
    ...(game?.families === undefined ? {} : { families: game.families }),
    ...(game?.ballots === undefined ? {} : { ballots: game.ballots }),
  };
  let breaches: readonly Breach[] = [];
  if (options.breaches !== false) {
    // Worked out only when the breaches are checked: the ruleset's sections derive its night rules (every role's night part).
    const breachRules: BreachRules =
      game?.breachRules ??
      (game === undefined ? options.breachRules : undefined) ??
      rulesetSections(ruleset).breachRules ??
      breachRulesPresets['001'];
    breaches = findBreaches(breachInput, breachRules, {
      inPostOrder: true,
      ...(readVotes === null ? {} : { votesOf: readVotes }),
      ...(memo === undefined ? {} : breachCarryOf(memo, breachInput, breachRules)),
    });
  }

  const postOutput = options.postOutput !== false;
  // Without the post output the kept verdicts would go stale: the next count with them makes them all again.
  if (!postOutput && stages !== undefined) delete stages.verdicts;
  const verdicts = !postOutput
    ? []
    : verdictsOf(sorted, days, breaches, roster, positions, isHostPost, {
        stages,
        key: `${contextKey}\u0001${hosts.join('\u0000')}`,
        days: days.map((d) => ({ start: d.startPost, weights: JSON.stringify(d.tally.weights ?? null) })),
        phases,
        from: verdictsFrom,
        nextPostOf: (accounts, after) => nextPostBy(postsByAuthor(stages), accounts, after),
      });

  // The count as of the chosen post: the day it falls in (or the last day before it).
  const asOf = Math.min(options.asOfPost ?? last.number, last.number);
  const index = days.findLastIndex((d) => d.startPost <= asOf);
  const at = index === -1 ? 0 : index;
  const day = days[at];
  const input = inputs[at];
  const base = {
    ok: true,
    roster,
    accountLinks,
    ruleset,
    voteRules,
    rosterFrom,
    statedRules,
    phasesFrom,
    phases,
    deaths,
    days,
    verdicts,
    breaches,
    lastPost: last.number,
  } as const;
  if (day === undefined || input === undefined) return { ...base, current: null, voteCountPost: null };
  const lastCounted = input.posts[input.posts.length - 1]?.number ?? asOf;
  // Counted as of an earlier post, the day had not ended yet and nothing after that post had happened.
  const tally =
    asOf >= lastCounted
      ? day.tally
      : countDay(
          { ...context, now: undefined },
          {
            ...input,
            endPost: input.endPost !== null && asOf < input.endPost ? null : input.endPost,
            events: input.events.filter((e) => e.atPost <= asOf),
            posts: input.posts.filter((p) => p.number <= asOf),
          },
        );
  const countedUpTo = Math.min(asOf, lastCounted);
  const asOfPost = options.asOfPost === undefined ? (tally.hammer?.post ?? countedUpTo) : countedUpTo;
  const current = { day, tally, asOfPost, countedUpTo, chosen: options.asOfPost !== undefined };
  if (!postOutput) return { ...base, current, voteCountPost: null };
  const dialect = options.dialect ?? 'bbcode';
  const text = composeVoteCountPost(
    {
      system: tally.system,
      day: { kind: 'day', number: day.phase.number },
      asOfPost: countedUpTo,
      alive: tally.alive.length,
      threshold: tally.threshold,
      ...countNames(tally, roster),
      ...(tally.notes === undefined ? {} : { notes: tally.notes }),
      ...(options.numbering === undefined ? {} : { numbering: options.numbering }),
    },
    dialect,
    options.language ?? defaultPostLanguage(ruleset),
  );
  return {
    ...base,
    current,
    voteCountPost: { dialect, text },
  };
}

/** Whether the phases are read from the host's posts: not known (an archive's) and set by no clock or marks of the host's. */
function phasesNeedHosts(game: CountGame | undefined): boolean {
  if (game === undefined) return true;
  if ('known' in game.phases) return false;
  return game.phases.clock === undefined && (game.phases.marks ?? []).length === 0;
}

/** A slot's current name, or the id of a slot the roster does not hold. */
export function slotName(roster: Roster, slotId: string): string {
  const slot = roster.slots.find((s) => s.id === slotId);
  return slot === undefined ? slotId : currentName(slot);
}

/** A tally's wagons, families, not-voting list, hammer and lock with the roster's names ("No Lynch" for no lynch). */
export function countNames(
  tally: CountTally,
  roster: Roster,
): {
  readonly wagons: {
    readonly target: string;
    readonly votes: number;
    readonly lMinus: number | null;
    readonly voters: readonly string[];
  }[];
  readonly families?: { readonly family: string; readonly votes: number }[];
  readonly notVoting: string[];
  readonly hammer: { readonly target: string; readonly post: number } | null;
  readonly lock: { readonly target: string; readonly post: number } | null;
} {
  const name = (t: VoteTarget): string => (t.kind === 'no-lynch' ? 'No Lynch' : slotName(roster, t.slotId));
  return {
    wagons: tally.wagons.map((w) => ({
      target: name(w.target),
      votes: w.total,
      lMinus: w.lMinus,
      voters: w.votes.map((v) => slotName(roster, v.slotId)),
    })),
    ...(tally.families === undefined ? {} : { families: tally.families.map((f) => ({ family: f.target, votes: f.total })) }),
    notVoting: tally.notVoting.map((id) => slotName(roster, id)),
    hammer: tally.hammer === null ? null : { target: name(tally.hammer.target), post: tally.hammer.post },
    lock: tally.lock === null ? null : { target: name(tally.lock.target), post: tally.lock.post },
  };
}

interface DayContext {
  readonly game: CountGame | undefined;
  readonly ruleset: Ruleset;
  readonly roster: Roster;
  readonly voteRules: VoteRules | null;
  readonly readVotes: ((post: ForumPost) => readonly VoteCandidate[]) | null;
  readonly nicknames: readonly ThreadNickname[];
  /** The hosts' accounts, lower-cased (their posts approve nothing). */
  readonly hosts: readonly string[];
  /** The caller's clock for a day still running (absent: the latest post's time). */
  readonly now?: number | undefined;
}

const noCandidates: readonly VoteCandidate[] = Object.freeze([]);

/**
 * A post's vote lines, read once per post object in this count. `plain` says `read` is `extractVotes` itself,
 * which finds nothing in an empty body: such a post (most of a thread that a pre-filter read only in part) is
 * not read nor remembered.
 */
function memoVotes(read: VoteReader, grammar: VoteGrammar, plain: boolean): (post: ForumPost) => readonly VoteCandidate[] {
  const seen = new Map<ForumPost, readonly VoteCandidate[]>();
  return (post) => {
    if (plain && post.body.length === 0) return noCandidates;
    let votes = seen.get(post);
    if (votes === undefined) {
      votes = read(post, grammar);
      seen.set(post, votes);
    }
    return votes;
  };
}

/**
 * How a day's tally carries on from a counter's memory: the state kept for
 * the same day under the same roster, rules, nicknames, living players and
 * events resumes when none of the day's posts it read has changed since.
 */
function carryOf(memo: CountMemo, contextKey: string, input: DayInput): DayCarry {
  const key = `${contextKey}\u0001${JSON.stringify([input.phase, input.startPost, input.endPost, input.alive, input.events])}`;
  const kept = memo.previous.get(key);
  let resume: TallyState | undefined;
  if (kept !== undefined && kept.throughPost < memo.firstChanged) {
    // The day must still hold exactly the posts the state read (a day that now ends earlier does not).
    const read = indexAfter(input.posts, kept.throughPost) - indexFrom(input.posts, input.startPost);
    if (read === kept.postsRead) resume = kept;
  }
  return {
    ...(resume === undefined ? {} : { resume }),
    keep: (state) => {
      memo.next.set(key, state);
    },
  };
}

/**
 * How the breach checks carry on from a counter's memory: under the same input (but the posts, the phases and the
 * deaths) and rules, from the first changed post. A new phase or death does not drop the kept state: `findBreaches`
 * carries it on from the first post they change, and keeps the findings of the ended days they leave as they were.
 */
function breachCarryOf(memo: CountMemo, input: BreachInput, rules: BreachRules): Pick<BreachOptions, 'resume' | 'keepState'> {
  const key = JSON.stringify([{ ...input, posts: null, phases: null, deaths: null }, rules]);
  const kept = memo.previousBreaches.get(key);
  return {
    ...(kept !== undefined && kept.throughPost < memo.firstChanged ? { resume: kept } : {}),
    keepState: (state) => {
      memo.nextBreaches.set(key, state);
    },
  };
}

interface DayCarry {
  readonly resume?: TallyState;
  readonly keep: (state: TallyState) => void;
}

/**
 * When a day move of the game's log (its index there) happened in the thread's day: when it reached the host (the
 * event's time, which the extension always records), else (an older or hand-made log) from the day's start.
 */
function momentOf(events: readonly GameEvent[], index: number): DayMoment {
  const event = events[index];
  return event?.type === 'action/use' && event.at !== undefined ? { time: event.at } : { afterPost: Number.NEGATIVE_INFINITY };
}

/** One day's count: read post by post, then decided by the ruleset's voting system. */
function countDay(ctx: DayContext, input: DayInput, carry?: DayCarry): CountTally {
  const { ruleset, roster, voteRules } = ctx;
  // A ballot the host opened after reading some posts (a run-off, re-vote, extra vote or hunt) is voted in the later posts
  // only: each voter votes afresh, whatever he voted before (where the rules forbid changing a vote, too).
  const events = ctx.game?.events ?? [];
  const afterPost = ruleset.voting.kind === 'majority' || events.length === 0 ? undefined : dayLog(events, input.phase.number).afterPost;
  const posts = afterPost === undefined ? input.posts : input.posts.filter((p) => p.number > afterPost);
  // L150: votes before the host's announcement (or his set time) do not count. A state kept before the announcement
  // was posted counted them, so a day with a known opening is read afresh.
  const opening = voteOpeningFor(ctx, input);
  const fromPost = opening?.fromPost;
  // A majority day's roles (src/engine/voting/role-votes.ts): weights, stolen votes, the unlynchable, pardons. Their
  // day moves live in the game's log, not the posts, so such a day is read afresh rather than resumed.
  const roles =
    ruleset.voting.kind === 'majority' && hasRoleVotes(ruleset) ? roleVotes(systemState(ctx, input.phase, input.alive), ruleset) : null;
  const keep = afterPost === undefined && fromPost === undefined && roles === null ? carry : undefined;
  const dayRules =
    voteRules === null || roles === null ? voteRules : { ...voteRules, weights: { ...roles.baseWeights, ...ctx.game?.weights } };
  const weightChanges =
    roles === null ? [] : roles.weightChanges.map((c) => ({ slotId: c.slotId, weight: c.weight, from: momentOf(events, c.at) }));
  const byPost =
    voteRules === null
      ? null
      : tallyVotes({
          // Resumed, the tally reads only the posts after its kept state (in post order they are the stretch's tail):
          // handing it the whole stretch made every count of a long thread step over each ended day's posts again.
          posts: keep?.resume === undefined ? posts : posts.slice(indexAfter(posts, keep.resume.throughPost)),
          roster,
          alive: input.alive,
          rules: dayRules ?? voteRules,
          ...(ctx.readVotes === null ? {} : { readVotes: ctx.readVotes }),
          ...(ctx.nicknames.length === 0 ? {} : { matchOptions: { nicknames: ctx.nicknames } }),
          dayStartPost: input.startPost,
          ...(fromPost === undefined ? {} : { voteOpensPost: fromPost }),
          ...(input.endPost === null ? {} : { dayEndPost: input.endPost }),
          events: input.events,
          ...(weightChanges.length === 0 ? {} : { weightChanges }),
          // A Ventriloquist's day: the player he speaks for votes only through the votes the host recorded for him.
          ...(roles === null || roles.spokenFor.length === 0 ? {} : { spokenFor: roles.spokenFor.map((x) => x.slotId) }),
          ...(roles === null || roles.spokenVotes.length === 0
            ? {}
            : { spokenVotes: roles.spokenVotes.map((v) => ({ voter: v.voter, target: v.target, by: v.by, at: momentOf(events, v.at) })) }),
          ...(keep?.resume === undefined ? {} : { resume: keep.resume }),
          ...(keep === undefined ? {} : { keepState: keep.keep }),
        });
  // A majority is decided post by post (its hammer and lock); the other systems by their own tally of the standing votes.
  if (byPost !== null && ruleset.voting.kind === 'majority') {
    const outcome = byPostOutcome(byPost.outcome);
    const voters = new Set(byPost.wagons.flatMap((w) => w.votes.map((v) => v.slotId)));
    const standingPosts = new Set(byPost.wagons.flatMap((w) => w.votes.map((v) => v.post)));
    const notes = roles === null ? [] : [...weightNotesOfVoters(roles, voters), ...singleVoteNotes(byPost.history, roles, standingPosts)];
    // The majority on an Unlynchable player, or on one a Governor pardoned, lynches nobody: the count says so.
    const lynched =
      outcome.kind === 'lynch' ? outcome.slotIds[0] : byPost.hammer?.target.kind === 'slot' ? byPost.hammer.target.slotId : undefined;
    const after =
      roles === null || lynched === undefined ? null : lynchAfterRoles(systemState(ctx, input.phase, input.alive), roles, lynched);
    const cancelled = after !== null && !after.stands ? after : null;
    return {
      system: 'majority',
      threshold: byPost.threshold,
      alive: byPost.alive,
      wagons: byPost.wagons.map((w) => ({
        target: w.target,
        total: w.total,
        needed: w.needed,
        lMinus: w.lMinus,
        votes: w.votes.map((v) => ({ slotId: v.slotId, post: v.post, weight: v.weight, counted: v.weight })),
      })),
      notVoting: byPost.notVoting,
      hammer: byPost.hammer,
      lock: byPost.lock,
      outcome: cancelled !== null && outcome.kind === 'lynch' ? { kind: 'no-lynch', reason: cancelled.reason } : outcome,
      byPost,
      systemTally: null,
      ...(notes.length === 0 && cancelled === null ? {} : { notes: cancelled === null ? notes : [...notes, cancelled.note] }),
      ...(roles === null || dayRules === null || Object.keys(dayRules.weights).length === 0 ? {} : { weights: dayRules.weights }),
    };
  }
  const alive = byPost?.alive ?? input.alive;
  const base = systemState(ctx, input.phase, alive);
  const ballot =
    ruleset.voting.kind === 'weighted-plurality'
      ? currentBallot(base, ruleset.voting)
      : ruleset.voting.kind === 'majority'
        ? ruleset.voting.ballot
        : null;
  const votes: RecordedVote[] =
    byPost === null || ballot === null
      ? [...base.votes, ...ballotVotes(ctx.game?.ballots ?? [], input.phase.number, base.votes.length)]
      : byPost.wagons
          .flatMap((w) =>
            w.votes.map((v): RecordedVote => ({
              voter: v.slotId,
              ballot,
              target: w.target.kind === 'slot' ? w.target.slotId : null,
              at: v.post,
              ...(ctx.game?.weights?.[v.slotId] === undefined ? {} : { weight: v.weight }),
            })),
          )
          .sort((a, b) => a.at - b.at);
  // Votes counted from posts are placed by post number, the host's day moves and ballot openings by their place in the
  // log: the host enters those after the posts read so far (the Priest forgives after the last vote), so they are
  // placed after the day's last post read, in the log's order among themselves.
  const lastRead = input.endPost ?? input.posts.reduce((n, p) => Math.max(n, p.number), input.startPost);
  const afterPosts = (at: number): number => lastRead + 1 + at;
  const placed =
    byPost === null || ballot === null
      ? base
      : {
          ...base,
          actions: base.actions.map((a) => ({ ...a, at: afterPosts(a.at) })),
          openBallots: base.openBallots.map((b) => (b.at === undefined ? b : { ...b, at: afterPosts(b.at) })),
        };
  const state: GameState = { ...placed, votes, voteLog: votes };
  const clock = dayClockOf(ctx, input, events, lastRead, opening);
  const day = tallyDay(state, ruleset, clock);
  const approvals = approvalsOf(ctx, input, state, clock);
  return {
    ...fromSystemTally(day, byPost, alive, state, input.endPost !== null),
    ...(approvals === null ? {} : { huntApprovals: approvals }),
  };
}

/**
 * The time a day is judged by (004's clock, L150, L156, L164): the vote opens by the ruleset's clock after the day's
 * first post with a time; each vote is timed by its post, a ballot the host opened by the post he opened it after (the
 * host's day moves, entered from PMs, carry no time and count as on time); "now" is the day's last post for a day that
 * ended, else the caller's clock (or the latest post's time). Undefined where the rules have no clock or no post has a time.
 */
function dayClockOf(
  ctx: DayContext,
  input: DayInput,
  events: readonly GameEvent[],
  lastRead: number,
  opening: VoteOpening | undefined,
): DayClockInput | undefined {
  const voting = ctx.ruleset.voting;
  if (voting.kind !== 'weighted-plurality' || voting.day?.clock === undefined) return undefined;
  const timeOfPost = new Map<number, number>();
  for (const p of input.posts) if (p.postedAt !== null) timeOfPost.set(p.number, p.postedAt);
  const timed = input.posts.filter((p) => p.postedAt !== null);
  const dayStart = timed[0]?.postedAt ?? null;
  const ended = input.endPost;
  const lastTime = (ended === null ? timed : timed.filter((p) => p.number <= ended)).reduce(
    (t, p) => Math.max(t, p.postedAt ?? t),
    Number.NEGATIVE_INFINITY,
  );
  const now = ended === null && ctx.now !== undefined ? ctx.now : lastTime;
  if (!Number.isFinite(now)) return undefined;
  const clock = dayClockInput(voting.day.clock, {
    dayStart,
    now,
    timeOf: (at) => {
      if (at <= lastRead) return timeOfPost.get(at);
      const event = events[at - lastRead - 1];
      // L113: a day move the host recorded carries when it reached him (absent in older logs: on time).
      if (event?.type === 'action/use') return event.at;
      return event?.type === 'ballot/open' && event.afterPost !== undefined ? timeOfPost.get(event.afterPost) : undefined;
    },
  });
  if (clock === undefined || opening === undefined) return clock;
  return {
    ...clock,
    voteOpensAt: opening.at ?? clock.voteOpensAt,
    opening: { source: opening.source, ...(opening.source === 'read' && opening.fromPost !== undefined ? { post: opening.fromPost } : {}) },
  };
}

/**
 * When a 004 day's vote opened (L150 "Если голос дан до объявления о начале выборов или голосования, он не
 * засчитывается"): the host's set time for the day, else his announcing post (the clock's `voteOpening` phrases), else
 * the clock's time after the day's first timed post, assumed. Undefined where the rules have no day clock.
 */
function voteOpeningFor(ctx: DayContext, input: DayInput): VoteOpening | undefined {
  const voting = ctx.ruleset.voting;
  if (voting.kind !== 'weighted-plurality' || voting.day?.clock === undefined) return undefined;
  const clock = voting.day.clock;
  const dayPosts = input.posts.filter((p) => p.number >= input.startPost && (input.endPost === null || p.number <= input.endPost));
  const dayStart = dayPosts.find((p) => p.postedAt !== null)?.postedAt ?? null;
  const assumedAt = dayStart === null ? null : voteOpensAfter(dayStart, clock);
  const setAt = ctx.game?.voteOpenedAt?.[String(input.phase.number)];
  return voteOpeningOf(dayPosts, ctx.hosts, clock.voteOpening, setAt, assumedAt);
}

/**
 * 004 L164: the witch hunt's approvals in the day's posts (the ruleset's approval grammar, `voting.day.huntApproval`),
 * one per living main player within the window, judged as `huntApprovals` judges them. Null where the rules read none.
 */
function approvalsOf(ctx: DayContext, input: DayInput, state: GameState, clock: DayClockInput | undefined): HuntApprovalCount | null {
  const voting = ctx.ruleset.voting;
  const grammar = voting.kind === 'weighted-plurality' ? voting.day?.huntApproval : undefined;
  if (voting.kind !== 'weighted-plurality' || grammar === undefined) return null;
  const greenFont = ctx.voteRules?.grammar.greenFontVotes ?? false;
  const renamedAccounts = ctx.voteRules?.renamedAccounts ?? true;
  const approvals: RecordedVote[] = [];
  for (const post of input.posts) {
    if (input.endPost !== null && post.number > input.endPost) continue;
    if (ctx.hosts.includes(post.author.trim().toLowerCase())) continue;
    if (!approves(post, grammar, greenFont)) continue;
    const holder = slotOfAccount(post.author, ctx.roster, post.number, { renamedAccounts });
    if (holder === undefined || holder.replacedOut) continue;
    approvals.push({ voter: holder.slotId, ballot: huntApprovalBallot, target: holder.slotId, at: post.number });
  }
  // Only the thread's approvals: the host's own word for one he read elsewhere is his override in the popup.
  return huntApprovals({ ...state, votes: approvals }, ctx.ruleset, voting, clock);
}

/** Whether a post approves the witch hunt, read once per post object and grammar (a thread is counted on every page view). */
const approvalsRead = new WeakMap<HuntApprovalGrammar, WeakMap<ForumPost, boolean>[]>();
function approves(post: ForumPost, grammar: HuntApprovalGrammar, greenFont: boolean): boolean {
  let byFont = approvalsRead.get(grammar);
  if (byFont === undefined) {
    byFont = [new WeakMap(), new WeakMap()];
    approvalsRead.set(grammar, byFont);
  }
  const known = byFont[greenFont ? 1 : 0];
  let read = known?.get(post);
  if (read === undefined) {
    read = readHuntApprovals(post, grammar, { greenFont }).some((c) => c.counted);
    known?.set(post, read);
  }
  return read;
}

/** A post's vote lines without the runs that approve the witch hunt (004 L164), read once per post object. */
function withoutApprovals(
  read: (post: ForumPost) => readonly VoteCandidate[],
  grammar: HuntApprovalGrammar,
): (post: ForumPost) => readonly VoteCandidate[] {
  const seen = new WeakMap<ForumPost, readonly VoteCandidate[]>();
  return (post) => {
    let votes = seen.get(post);
    if (votes === undefined) {
      const all = read(post);
      votes = all.some((c) => c.action === 'vote' && isApprovalPhrase(c.target, grammar))
        ? all.filter((c) => !(c.action === 'vote' && isApprovalPhrase(c.target, grammar)))
        : all;
      seen.set(post, votes);
    }
    return votes;
  };
}

/** The votes of the form's ballots on a day (000): a family vote and an individual vote each. */
function ballotVotes(ballots: readonly Ballot[], day: number, from: number): RecordedVote[] {
  return ballots
    .filter((b) => b.day === day)
    .flatMap((b) => [
      ...(b.family === null ? [] : [{ voter: b.slot, ballot: familyCourtBallots.family, target: b.family }]),
      ...(b.individual === null ? [] : [{ voter: b.slot, ballot: familyCourtBallots.individual, target: b.individual }]),
    ])
    .map((v, i): RecordedVote => ({ ...v, at: from + i }));
}

/**
 * Where a day is in the game's log: its `phase/start`, and the end of what the day's count reads: the next phase, or
 * within the day the result of its last ballot (a ballot opened after a result, 004's re-vote or extra vote, carries
 * the day on). `afterPost`: the thread's post the day's last opened ballot was opened after. -1: not in the log.
 */
function dayLog(
  events: readonly GameEvent[],
  day: number,
): { readonly start: number; readonly after: number; readonly afterPost?: number } {
  const start = events.findIndex((e) => e.type === 'phase/start' && e.phase.kind === 'day' && e.phase.number === day);
  if (start === -1) return { start, after: -1 };
  const next = events.findIndex((e, i) => i > start && e.type === 'phase/start');
  const dayEnd = next === -1 ? events.length : next;
  let lastOpen = start;
  let afterPost: number | undefined;
  for (let i = start + 1; i < dayEnd; i++) {
    const e = events[i];
    if (e?.type === 'ballot/open') {
      lastOpen = i;
      afterPost = e.afterPost;
    }
  }
  const result = events.findIndex((e, i) => i > lastOpen && i < dayEnd && e.type === 'day/result');
  return { start, after: result === -1 ? next : result, ...(afterPost === undefined ? {} : { afterPost }) };
}

/** The game as it stood on a day: from its event log where there is one (roles, statuses, titles), else from the roster alone (no roles). */
function systemState(ctx: DayContext, phase: Phase, alive: readonly string[]): GameState {
  const events = ctx.game?.events ?? [];
  const living = new Set(alive);
  const day: PhaseRef = { kind: 'day', number: phase.number };
  const families = ctx.game?.families ?? {};
  let logged: GameState | null = null;
  if (events.some((e) => e.type === 'game/setup')) {
    const { start, after } = dayLog(events, phase.number);
    if (start === -1) {
      // The log has not reached this day: its setup and deaths stand, none of its votes are this day's.
      const state = deriveState(events);
      logged = { ...state, votes: [], voteLog: [], actions: [], openBallots: [] };
    } else logged = deriveState(events.slice(0, after === -1 ? events.length : after));
  }
  // A slot the log does not set up (or a game with no log) takes part with no role, faction or status.
  const players = ctx.roster.slots.map((slot): PlayerState => {
    const known = logged?.players.find((p) => p.slot.id === slot.id);
    if (known !== undefined) return { ...known, alive: living.has(slot.id) };
    const family = families[slot.id];
    return {
      slot,
      name: currentName(slot),
      faction: '',
      role: '',
      ...(family === undefined ? {} : { family }),
      alive: living.has(slot.id),
      ...emptyPlayerLedgers,
    };
  });
  const base: GameState = logged ?? emptyGameState;
  return {
    ...base,
    players,
    families: [...new Set([...base.families, ...Object.values(families)])],
    phase: day,
  };
}

function fromSystemTally(day: DayTally, byPost: VoteTally | null, alive: readonly string[], state: GameState, ended: boolean): CountTally {
  const isSlot = new Set(state.players.map((p) => p.slot.id));
  const postOf = (at: number): number | null => (byPost === null ? null : at);
  const wagons: CountWagon[] = day.totals
    .filter((t) => isSlot.has(t.target))
    .map((t) => ({
      target: targetOf(t.target),
      total: t.total,
      needed: null,
      lMinus: null,
      votes: day.counted
        .filter((c) => c.target === t.target && c.ballot !== familyCourtBallots.family)
        .map((c) => ({ slotId: c.voter, post: postOf(c.at), weight: c.weight, counted: c.counted })),
    }));
  const voted = new Set(state.votes.map((v) => v.voter));
  return {
    system: day.system,
    threshold: null,
    alive,
    wagons,
    ...(day.familyTotals === undefined ? {} : { families: day.familyTotals }),
    ...(day.court === undefined ? {} : { court: day.court }),
    notVoting: alive.filter((id) => !voted.has(id)),
    hammer: null,
    lock: null,
    outcome: ended ? day.outcome : ({ kind: 'in-progress' } as const satisfies CountTally['outcome']),
    byPost,
    systemTally: day,
  };
}

/**
 * What was read in each post: its votes from the days' counts, and the marks
 * from edits and breaches. With a counter's stages, the verdicts before
 * `from` are the last count's when the phases, the days, the roster and the
 * breach marks before it are the same; the others are made again.
 */
function verdictsOf(
  sorted: readonly ForumPost[],
  days: readonly CountedDay[],
  breaches: readonly Breach[],
  roster: Roster,
  positions: readonly PhasePosition[],
  isHostPost: (p: ForumPost) => boolean,
  keep: {
    readonly stages: CountStages | undefined;
    readonly key: string;
    /** Each counted day's first post and its weights: a post before the first day that differs from the last count's reads the same days. */
    readonly days: readonly { readonly start: number; readonly weights: string }[];
    readonly phases: readonly Phase[];
    readonly from: number;
    /** The number of the first post after `after` by one of the accounts (names compared ignoring case). */
    readonly nextPostOf: (accounts: readonly { readonly name: string }[], after: number) => number | undefined;
  },
): PostVerdict[] {
  // The breaches' marks first: a change among them moves the first verdict made again.
  const breachMarks = new Map<number, PostMark[]>();
  const mark = (marks: Map<number, PostMark[]>, post: number, m: PostMark): void => {
    const list = marks.get(post) ?? [];
    if (!list.some((x) => x.kind === m.kind)) list.push(m);
    marks.set(post, list);
  };
  const postKinds = {
    'post/at-night': 'night-post',
    'post/dead-player': 'dead-poster',
    'post/replaced-out': 'replaced',
    'post/non-player': 'non-player',
  } as const;
  for (const b of breaches) {
    if (b.post !== null) {
      const kind = (postKinds as Readonly<Record<string, PostMark['kind']>>)[b.reason];
      if (kind !== undefined && kind !== 'edited' && kind !== 'inactive') mark(breachMarks, b.post.number, { kind, breach: b.reason });
      continue;
    }
    if (b.reason === 'activity/too-few-posts' && b.phase !== null && b.slot !== null) {
      // Shown on the player's first post after that day, where the host sees them come back.
      const phase = b.phase;
      const index = days.findIndex((d) => d.phase.kind === phase.kind && d.phase.number === phase.number);
      const nextDay = days[index + 1];
      // The day's posts run up to the next day's first post (its night included).
      const after =
        index === -1 ? Infinity : nextDay === undefined ? Infinity : (sorted[indexFrom(sorted, nextDay.startPost) - 1]?.number ?? Infinity);
      const slot = roster.slots.find((s) => s.id === b.slot);
      const next = slot === undefined ? undefined : keep.nextPostOf(slot.accounts, after);
      if (next !== undefined)
        mark(breachMarks, next, {
          kind: 'inactive',
          phase: { kind: phase.kind, number: phase.number },
          counted: b.activity?.counted.length ?? 0,
          required: b.activity?.required ?? 0,
        });
    }
  }
  const { stages } = keep;
  const kept = stages?.verdicts;
  let from = kept === undefined || kept.key !== keep.key ? Number.NEGATIVE_INFINITY : keep.from;
  // Other phases (a day ended, one started): the verdicts before the first post they place otherwise stay (a verdict
  // reads its post's phase by kind and number). Other days: those before the first day that changed stay.
  if (kept !== undefined && from > Number.NEGATIVE_INFINITY) {
    if (kept.phases !== keep.phases) from = Math.min(from, firstPostPlacedOtherwise(kept.phases, keep.phases));
    for (let j = 0; j < Math.max(kept.days.length, keep.days.length); j++) {
      const a = kept.days[j];
      const b = keep.days[j];
      if (a !== undefined && b !== undefined && a.start === b.start && a.weights === b.weights) continue;
      from = Math.min(from, a?.start ?? Number.POSITIVE_INFINITY, b?.start ?? Number.POSITIVE_INFINITY);
      break;
    }
  }
  const markKeys = new Map<number, string>();
  if (stages !== undefined) for (const [post, list] of breachMarks) markKeys.set(post, JSON.stringify(list));
  if (kept !== undefined && from > Number.NEGATIVE_INFINITY) {
    for (const [post, key] of markKeys) if (post < from && kept.marks.get(post) !== key) from = post;
    for (const post of kept.marks.keys()) if (post < from && !markKeys.has(post)) from = post;
  }
  const records = new Map<number, VoteRecord[]>();
  // What each counted vote weighs, where the day's roles made it other than 1.
  const weightOf = new Map<VoteRecord, number>();
  for (const day of days) {
    const history = day.tally.byPost?.history ?? [];
    const weights = day.tally.weights;
    // The history is in post order: only the records from `from` on are needed, and only their weights
    // (weighing every record of every day made each count read the whole thread's votes).
    let i = history.length;
    while (i > 0 && (history[i - 1]?.post ?? Number.NEGATIVE_INFINITY) >= from) i--;
    for (; i < history.length; i++) {
      const r = history[i];
      // A vote the host recorded for a player (a Ventriloquist's) is in no post of the thread.
      if (r === undefined || r.spokenBy !== undefined) continue;
      const list = records.get(r.post);
      if (list === undefined) records.set(r.post, [r]);
      else list.push(r);
      // A day whose weights changed (a theft) kept what each vote weighed when cast; a plain 1 is not marked.
      const w =
        r.weight !== undefined ? (r.weight === 1 ? undefined : r.weight) : r.voterSlotId === null ? undefined : weights?.[r.voterSlotId];
      if (r.counted && r.action === 'vote' && w !== undefined) weightOf.set(r, r.single === true ? Math.min(1, w) : w);
    }
  }
  const verdicts: PostVerdict[] =
    kept === undefined || from === Number.NEGATIVE_INFINITY ? [] : kept.verdicts.slice(0, verdictFrom(kept.verdicts, from));
  for (let i = from === Number.NEGATIVE_INFINITY ? 0 : indexFrom(sorted, from); i < sorted.length; i++) {
    const p = sorted[i];
    if (p === undefined) continue;
    const read = records.get(p.number) ?? [];
    const m: PostMark[] = [];
    if (p.edited !== undefined && !isHostPost(p))
      m.push({ kind: 'edited', ...(p.edited.by !== undefined && p.edited.by !== p.author ? { by: p.edited.by } : {}) });
    for (const b of breachMarks.get(p.number) ?? []) if (!m.some((x) => x.kind === b.kind)) m.push(b);
    if (read.length === 0 && m.length === 0) continue;
    const position = positions[i];
    verdicts.push({
      post: p.number,
      postId: p.id,
      author: p.author,
      phase: position?.in === 'phase' ? { kind: position.phase.kind, number: position.phase.number } : null,
      votes: read.map((r) => {
        const weight = weightOf.get(r);
        return {
          action: r.action,
          text: r.text,
          written: r.written,
          counted: r.counted,
          target: r.target,
          reason: r.counted ? null : (r.reason ?? null),
          ...(weight === undefined ? {} : { weight }),
        };
      }),
      marks: m,
    });
  }
  if (stages !== undefined) stages.verdicts = { key: keep.key, days: keep.days, phases: keep.phases, marks: markKeys, verdicts };
  return verdicts;
}

/** The index of the first verdict of post `n` or later (verdicts are in post order). */
function verdictFrom(verdicts: readonly PostVerdict[], n: number): number {
  let lo = 0;
  let hi = verdicts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((verdicts[mid]?.post ?? Number.POSITIVE_INFINITY) < n) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A thread's posts in post order, one per number (the first of several with the same number). */
export function postOrder(posts: readonly ForumPost[]): ForumPost[] {
  // Posts given in post order already (a replay's, a page's): the same list, with no map of every number.
  if (inStrictPostOrder(posts)) return [...posts];
  const byNumber = new Map<number, ForumPost>();
  for (const p of posts) if (!byNumber.has(p.number)) byNumber.set(p.number, p);
  return [...byNumber.values()].sort((a, b) => a.number - b.number);
}

/** Whether each post's number is greater than the one before it (so no number repeats). */
function inStrictPostOrder(posts: readonly ForumPost[]): boolean {
  for (let i = 1; i < posts.length; i++) {
    const before = posts[i - 1];
    const post = posts[i];
    if (before === undefined || post === undefined || !(before.number < post.number)) return false;
  }
  return true;
}

/** The index of the first post numbered `n` or later, in posts in post order. */
function indexFrom(sorted: readonly { readonly number: number }[], n: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid]?.number ?? Number.POSITIVE_INFINITY) < n) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the first post numbered after `n`, in posts in post order. */
function indexAfter(sorted: readonly { readonly number: number }[], n: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid]?.number ?? Number.POSITIVE_INFINITY) <= n) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The post numbered `n`, in posts in post order. */
function postNumbered(sorted: readonly ForumPost[], n: number): ForumPost | undefined {
  const post = sorted[indexFrom(sorted, n)];
  return post?.number === n ? post : undefined;
}

/** The opening post's player list, read against the thread's posters; read again only when either changed. */
function playerListOf(
  stages: CountStages | undefined,
  sorted: readonly ForumPost[],
  firstChanged: number,
  opening: ForumPost,
): ReturnType<typeof readPlayerList> {
  if (stages === undefined)
    return readPlayerList(
      opening.body,
      opening.author,
      opening.number,
      sorted.map((p) => p.author),
    );
  // Each poster once, under its normal form, as last written (what the list reader makes of all the posts' authors).
  let kept = stages.posters;
  if (kept === undefined || firstChanged <= kept.through) kept = { through: Number.NEGATIVE_INFINITY, names: new Map() };
  for (let i = indexAfter(sorted, kept.through); i < sorted.length; i++) {
    const p = sorted[i];
    if (p !== undefined) kept.names.set(p.author.trim().toLowerCase(), p.author);
  }
  kept.through = sorted[sorted.length - 1]?.number ?? kept.through;
  stages.posters = kept;
  const posters = [...kept.names.values()];
  const postersKey = posters.join('\u0000');
  const known = stages.playerList;
  if (known !== undefined && known.opening === opening.number && firstChanged > opening.number && known.postersKey === postersKey)
    return known.list;
  const list = readPlayerList(opening.body, opening.author, opening.number, posters);
  stages.playerList = { opening: opening.number, postersKey, list };
  return list;
}

/** The hosts' posts in post order: kept up to the first changed post (the same list when nothing of them changed). */
function hostPostsOf(
  stages: CountStages | undefined,
  sorted: readonly ForumPost[],
  firstChanged: number,
  hosts: readonly string[],
  isHostPost: (p: ForumPost) => boolean,
): readonly ForumPost[] {
  if (stages === undefined) return sorted.filter(isHostPost);
  const hostsKey = hosts.join('\u0000');
  const known = stages.hostPosts;
  const from = known === undefined || known.hostsKey !== hostsKey ? Number.NEGATIVE_INFINITY : firstChanged;
  const kept = known === undefined || from === Number.NEGATIVE_INFINITY ? [] : known.posts.slice(0, indexFrom(known.posts, from));
  const start = from === Number.NEGATIVE_INFINITY ? 0 : indexFrom(sorted, from);
  for (let i = start; i < sorted.length; i++) {
    const p = sorted[i];
    if (p !== undefined && isHostPost(p)) kept.push(p);
  }
  // Unchanged: the list itself, so what was read from it is known to hold.
  if (known !== undefined && known.hostsKey === hostsKey && sameItems(kept, known.posts)) return known.posts;
  stages.hostPosts = { hostsKey, posts: kept };
  return kept;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The phases of a setup and the hosts' posts: composed again only when either changed. */
function phasesOf(
  stages: CountStages | undefined,
  setup: Parameters<typeof composePhases>[0],
  hostPosts: readonly ForumPost[],
  hosts: readonly string[],
): ReturnType<typeof composePhases> {
  if (stages === undefined) return composePhases(setup, hostPosts, hosts);
  const key = JSON.stringify([setup, hosts]);
  const known = stages.phases;
  if (known !== undefined && known.key === key && known.hostPosts === hostPosts) return known.result;
  const result = composePhases(setup, hostPosts, hosts);
  stages.phases = { key, hostPosts, result };
  return result;
}

/**
 * The last count's phases where these are the same (by content), so positions read against them stay valid. Where
 * they differ (a day ended, one started), the leading phases that are the same are the last count's objects, so the
 * positions kept for the posts before the change still name phases of the list.
 */
function samePhases(stages: CountStages | undefined, phases: readonly Phase[]): readonly Phase[] {
  if (stages === undefined) return phases;
  const known = stages.phaseList;
  if (known !== undefined && known.phases === phases) return phases;
  const key = JSON.stringify(phases);
  if (known !== undefined && known.key === key) return known.phases;
  let list = phases;
  if (known !== undefined) {
    let k = 0;
    while (k < phases.length && k < known.phases.length && samePhase(known.phases[k] as Phase, phases[k] as Phase)) k++;
    if (k > 0) list = [...known.phases.slice(0, k), ...phases.slice(k)];
  }
  stages.phaseList = { key, phases: list };
  return list;
}

/**
 * The first post whose position among the last count's phases may name a phase object not in the new list: the
 * first post of any phase of the old list that is not reused (a post where two phases overlap is the later one's),
 * or the first after the last reused phase's end (the gap after it names the next phase). -Infinity: not told (a
 * moment, or no phase reused).
 */
function firstStalePosition(before: readonly Phase[], phases: readonly Phase[]): number {
  let reused = 0;
  while (reused < before.length && reused < phases.length && before[reused] === phases[reused]) reused++;
  const last = phases[reused - 1];
  if (last === undefined) return Number.NEGATIVE_INFINITY;
  let first = Number.POSITIVE_INFINITY;
  if (last.end !== null) {
    if (!('post' in last.end)) return Number.NEGATIVE_INFINITY;
    first = last.end.post + 1;
  }
  for (let i = reused; i < before.length; i++) {
    const start = before[i]?.start;
    if (start === undefined) continue;
    if (!('post' in start)) return Number.NEGATIVE_INFINITY;
    first = Math.min(first, start.post);
  }
  return first;
}

/** Where each post falls among the phases, by its place in post order: kept up to the first changed post while the phases are the same. */
function positionsOf(
  stages: CountStages | undefined,
  sorted: readonly ForumPost[],
  firstChanged: number,
  phases: readonly Phase[],
): readonly PhasePosition[] {
  // Placed by a binary search of the phases' starts: when a day ends every post is placed again (issue 18).
  const locate = postPhaseLocator(phases);
  if (stages === undefined) return sorted.map(locate);
  const known = stages.positions;
  // The posts before the first changed one are the last count's, in the same places. Where the phases changed, the
  // positions of the posts before the first one they place otherwise stay (those name the phases kept by `samePhases`).
  const keepBelow =
    known === undefined
      ? Number.NEGATIVE_INFINITY
      : known.phases === phases
        ? firstChanged
        : Math.min(firstChanged, firstPostPlacedOtherwise(known.phases, phases), firstStalePosition(known.phases, phases));
  const list = known === undefined || keepBelow === Number.NEGATIVE_INFINITY ? [] : known.list;
  list.length = Math.min(list.length, indexFrom(sorted, keepBelow));
  for (let i = list.length; i < sorted.length; i++) {
    const p = sorted[i];
    if (p !== undefined) list.push(locate(p));
  }
  stages.positions = { phases, list };
  return list;
}

/** Each phase's first and last post, in post order. */
function phaseBounds(
  sorted: readonly ForumPost[],
  positions: readonly PhasePosition[],
): { readonly firstIn: ReadonlyMap<Phase, ForumPost>; readonly lastIn: ReadonlyMap<Phase, ForumPost> } {
  const firstIn = new Map<Phase, ForumPost>();
  const lastIn = new Map<Phase, ForumPost>();
  let run: Phase | null = null;
  for (let i = 0; i < sorted.length; i++) {
    const at = positions[i];
    const phase = at?.in === 'phase' ? at.phase : null;
    if (phase === run) continue;
    // A run of posts in one phase ends: its last post is the phase's last so far.
    const before = sorted[i - 1];
    if (run !== null && before !== undefined) lastIn.set(run, before);
    const p = sorted[i];
    if (phase !== null && p !== undefined && !firstIn.has(phase)) firstIn.set(phase, p);
    run = phase;
  }
  const last = sorted[sorted.length - 1];
  if (run !== null && last !== undefined) lastIn.set(run, last);
  return { firstIn, lastIn };
}

/** The deaths the hosts' posts announce: read again only when those posts, the roster or the phases changed. */
function announcedDeathsOf(
  stages: CountStages | undefined,
  hostPosts: readonly ForumPost[],
  roster: Roster,
  phases: readonly Phase[],
  isHostPost: (p: ForumPost) => boolean,
): readonly Death[] {
  if (stages === undefined) return announcedDeaths(hostPosts, roster, phases, isHostPost);
  const key = JSON.stringify(roster);
  const known = stages.deaths;
  if (known !== undefined && known.key === key && known.phases === phases && known.hostPosts === hostPosts) return known.deaths;
  const deaths = announcedDeaths(hostPosts, roster, phases, isHostPost);
  stages.deaths = { key, phases, hostPosts, deaths };
  return deaths;
}

/** The players' votes the nicknames are learnt from, in post order: kept up to the first changed post. */
function nicknameVotesOf(
  stages: CountStages | undefined,
  sorted: readonly ForumPost[],
  firstChanged: number,
  key: string,
  votesIn: (p: ForumPost, out: NicknameVote[]) => void,
): readonly NicknameVote[] {
  if (stages === undefined) {
    const all: NicknameVote[] = [];
    for (const p of sorted) votesIn(p, all);
    return all;
  }
  const known = stages.nicknameVotes;
  const from = known === undefined || known.key !== key ? Number.NEGATIVE_INFINITY : firstChanged;
  if (known !== undefined && from === Number.POSITIVE_INFINITY) return known.votes;
  const votes = known === undefined || from === Number.NEGATIVE_INFINITY ? [] : known.votes.filter((v) => v.post < from);
  for (let i = from === Number.NEGATIVE_INFINITY ? 0 : indexFrom(sorted, from); i < sorted.length; i++) {
    const p = sorted[i];
    if (p !== undefined) votesIn(p, votes);
  }
  stages.nicknameVotes = { key, votes };
  return votes;
}

/**
 * Each author's post numbers, kept up to the first changed post: the numbers from it on are dropped
 * (each list is in post order, so they are its tail) and the posts from it on are added again.
 */
function postsByAuthorOf(stages: CountStages, sorted: readonly ForumPost[], firstChanged: number): ReadonlyMap<string, readonly number[]> {
  let kept = stages.postsByAuthor;
  let start = 0;
  if (kept === undefined || firstChanged === Number.NEGATIVE_INFINITY) kept = new Map();
  else if (firstChanged === Number.POSITIVE_INFINITY) start = sorted.length;
  else {
    for (const [author, numbers] of kept) {
      while (numbers.length > 0 && (numbers[numbers.length - 1] ?? Number.NEGATIVE_INFINITY) >= firstChanged) numbers.pop();
      if (numbers.length === 0) kept.delete(author);
    }
    start = indexFrom(sorted, firstChanged);
  }
  for (let i = start; i < sorted.length; i++) {
    const p = sorted[i];
    if (p === undefined) continue;
    const numbers = kept.get(p.author);
    if (numbers === undefined) kept.set(p.author, [p.number]);
    else numbers.push(p.number);
  }
  stages.postsByAuthor = kept;
  return kept;
}

/**
 * The thread's posters as `crossCheckPlayerList` counts them: each account's posts after the opening
 * post, by its trimmed lower-case form, named as first written after it, in the order they first posted.
 */
function posterCountsOf(
  byAuthor: ReadonlyMap<string, readonly number[]>,
  opening: ForumPost,
): Map<string, { name: string; posts: number }> {
  const groups: { key: string; name: string; first: number; posts: number }[] = [];
  const byKey = new Map<string, { key: string; name: string; first: number; posts: number }>();
  for (const [author, numbers] of byAuthor) {
    const own = numbers[0] === opening.number && author === opening.author ? 1 : 0;
    const first = numbers[own];
    if (first === undefined) continue;
    const key = author.trim().toLowerCase();
    const known = byKey.get(key);
    if (known === undefined) {
      const group = { key, name: author.trim(), first, posts: numbers.length - own };
      byKey.set(key, group);
      groups.push(group);
    } else {
      known.posts += numbers.length - own;
      if (first < known.first) {
        known.first = first;
        known.name = author.trim();
      }
    }
  }
  groups.sort((a, b) => a.first - b.first);
  return new Map(groups.map((g) => [g.key, { name: g.name, posts: g.posts }]));
}

/** Each account's posts as `accountActivity` gives them (accounts with an empty name left out), in the order they first posted. */
function activityOf(byAuthor: ReadonlyMap<string, readonly number[]>): Map<string, AccountActivity> {
  const groups: { key: string; account: string; posts: number; firstPost: number; lastPost: number }[] = [];
  const byKey = new Map<string, (typeof groups)[number]>();
  for (const [author, numbers] of byAuthor) {
    const first = numbers[0];
    const last = numbers[numbers.length - 1];
    const key = author.trim().toLowerCase();
    if (first === undefined || last === undefined || key === '') continue;
    const known = byKey.get(key);
    if (known === undefined) {
      const group = { key, account: author.trim(), posts: numbers.length, firstPost: first, lastPost: last };
      byKey.set(key, group);
      groups.push(group);
    } else {
      known.posts += numbers.length;
      known.lastPost = Math.max(known.lastPost, last);
      if (first < known.firstPost) {
        known.firstPost = first;
        known.account = author.trim();
      }
    }
  }
  groups.sort((a, b) => a.firstPost - b.firstPost);
  return new Map(groups.map((g) => [g.key, { account: g.account, posts: g.posts, firstPost: g.firstPost, lastPost: g.lastPost }]));
}

/** The number of the first post after `after` by one of the accounts (names compared ignoring case, as written). */
function nextPostBy(
  byAuthor: ReadonlyMap<string, readonly number[]>,
  accounts: readonly { readonly name: string }[],
  after: number,
): number | undefined {
  const names = new Set(accounts.map((a) => a.name.toLowerCase()));
  let next: number | undefined;
  for (const [author, numbers] of byAuthor) {
    if (!names.has(author.toLowerCase())) continue;
    let lo = 0;
    let hi = numbers.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((numbers[mid] ?? Number.POSITIVE_INFINITY) <= after) lo = mid + 1;
      else hi = mid;
    }
    const found = numbers[lo];
    if (found !== undefined && (next === undefined || found < next)) next = found;
  }
  return next;
}
