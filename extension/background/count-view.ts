/**
 * From a thread's stored posts to what the thread page shows: the vote count
 * (as of the latest post, or as of a post the host picked), what Gavel read in
 * each post (votes counted or not and why, night posts, edits, dead posters,
 * replaced players, inactivity) and the breach list.
 *
 * A game the host set up passes its roster, rules and phases in as a
 * `CountContext`. Until then Gavel counts with the roster it reads from the
 * player list in the opening post, the forum template's (seed 001) vote
 * rules and the phases the host's own posts announce ("Day 2 begins",
 * "Night 1"), and says so; it judges no breach rule (it does not know the
 * game's), listing only what every game shares: the edits the forum shows.
 */
import {
  breachRulesPresets,
  breachRulesUnjudged,
  isHost,
  countNames,
  countThread,
  phaseLabel,
  rulesetSections,
  slotName,
  voteOpeningsSet,
  type Breach,
  type BreachReason,
  type BreachRules,
  type CountGame,
  type DayTally,
  type HuntApprovalCount,
  type CountProblem,
  type Dialect,
  type PlayerListProblem,
  type PostLanguage,
  type PostMark,
  type Sanction,
  type ThreadCount,
  type ThreadCounter,
  type VoteGrammar,
  type VoteReader,
  type VoteReason,
  type VoteTarget,
} from '../../src/engine';
import { shownPostNumber, type ForumPost, type PostNumbering } from '../../src/model/post';
import type {
  AccountLinkView,
  BreachView,
  GameRecord,
  HuntApprovalsView,
  PostMarkView,
  PostVerdictView,
  SharedAccountView,
  VoteCountView,
} from '../shared/protocol';
import { translatorFor } from '../shared/catalogs';
import { countSourcesMessage, rosterSourceMessage } from '../shared/source-words';
import { engineMessage, word, type EngineMessage } from '../../src/engine/words';
import { breachReasonKey, sanctionKey, voteReasonKey } from '../shared/reason-keys';

/** The view the pages show, and the engine's breaches behind its breach list (for the worker's ledger). */
export type CountResult =
  | {
      readonly ok: true;
      readonly count: VoteCountView;
      readonly breaches: readonly Breach[];
      /** The day's tally by the ruleset's voting system (null: the count is post by post only), for the day's follow-up ballots. */
      readonly tally?: DayTally | null;
      /** 004 L164: the witch hunt's approvals read from the day's posts (absent: the rules read none). */
      readonly huntApprovals?: HuntApprovalsView;
    }
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
  /** The game's time zone (IANA), for the moments the pages show. */
  readonly timeZone?: string;
  /** The same, as a message for the host's language (absent: the text is shown as written). */
  readonly phaseSourceWords?: EngineMessage;
}

export interface CountOptions {
  /** Count as of this post number (inclusive). Absent: as of the latest post stored. */
  readonly asOfPost?: number;
  /** A configured game's roster, rules and phases. Absent: read from the thread (the opening post's player list, seed 001's rules). */
  readonly context?: CountContext;
  /** The markup the vote count post is written in (the forum's). @default 'bbcode' */
  readonly dialect?: Dialect;
  /** The language of the vote count post (the game's post language). @default the ruleset's */
  readonly language?: PostLanguage;
  /** How the thread's forum prints post numbers (`postNumberingOf(engine)`), for the numbers the pages and the vote count post show. @default `plainNumbering` */
  readonly numbering?: PostNumbering;
  /** The host's vote grammar from Settings, laid over the rules' own (only the fields the host changed). */
  readonly voteGrammar?: Partial<VoteGrammar>;
  /** Reads a post's vote lines through the worker's extraction cache, so posts already read are not read again. */
  readonly readVotes?: VoteReader;
  /** The thread's counter (`createThreadCounter`), which counts from the first post changed since its last count. */
  readonly counter?: ThreadCounter;
  /** The ids of the posts the asker shows: the view's per-post verdicts (`posts`) are theirs only. Absent: every post's. */
  readonly shownPosts?: ReadonlySet<string>;
  /** The worker's clock, for a day still running whose rules have a clock (004: absent voters forced at 22:00, L150). */
  readonly now?: number;
}

/**
 * The count's view of a game the host set up: its roster, its ruleset (whose
 * voting section says how votes are written and decided), its phases, and the
 * deaths and votes in its event log.
 */
const withOpenings = (set: Readonly<Record<string, number>> | undefined): { voteOpenedAt?: Readonly<Record<string, number>> } =>
  set === undefined ? {} : { voteOpenedAt: set };

export function contextFromGame(game: GameRecord): CountContext {
  const breachRules = game.breachRules ?? presetBreachRules(game);
  return {
    game: {
      roster: game.roster,
      ruleset: game.ruleset.data,
      phases: game.phases,
      events: game.events,
      breachRules,
      // 004 L150: the vote openings the host set by hand (`vote/opening-set`), over the announcements read.
      ...withOpenings(voteOpeningsSet(game.events)),
    },
    breachRules,
    rosterSource: game.rosterSource,
    phaseSource: `the phases set up for ${game.title}`,
    timeZone: game.timeZone,
    phaseSourceWords: engineMessage('phases/game', word.text(game.title)),
  };
}

/** A game's ruleset's own breach rules (the forum template's where the ruleset names none): where a game's rules start. */
export function presetBreachRules(game: GameRecord): BreachRules {
  return rulesetSections(game.ruleset.data).breachRules ?? breachRulesPresets['001'];
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
    case 'count/no-host':
      return "This game names no host, so no post can start a day or a night: add the host's account in Gavel's popup to count votes.";
    case 'count/phases':
      return `Gavel could not set the phases: ${problem.detail}`;
    case 'count/no-day':
      return 'No day has started in this thread yet.';
  }
}

/** What the host should check in a player list read from the opening post, in the host's words. */
export function playerListProblemText(problem: PlayerListProblem): string {
  switch (problem.code) {
    case 'player-list/unreadable':
      return `not read as a player: "${problem.line}"`;
    case 'player-list/sentence':
      return `reads as a sentence, not a name, so left out: "${problem.line}"`;
    case 'player-list/duplicate':
      return `${problem.name} is listed twice; the second line is left out: "${problem.line}"`;
    case 'player-list/dead-no-phase':
      return `${problem.name} is marked dead but the list does not say when: "${problem.line}"`;
    case 'player-list/never-posts':
      return `${problem.name} is listed but has not posted in the thread`;
    case 'player-list/not-listed':
      return `${problem.name} has posted ${problem.posts} times but is not on the list`;
  }
}

function markView(m: PostMark, rules: BreachRules): PostMarkView {
  switch (m.kind) {
    case 'edited':
      return { kind: 'edited', by: m.by ?? null };
    case 'inactive':
      return { kind: 'inactive', phase: m.phase, counted: m.counted, required: m.required, minChars: rules.inactivity.minChars };
    default:
      return { kind: m.kind };
  }
}

/**
 * The vote count, per-post verdicts and breaches of a thread, counted by the
 * engine (`countThread`) and put into the pages' words.
 *
 * @example countFromPosts(posts, { asOfPost: 40 }) // the count as it stood after post #40
 */
export function countFromPosts(posts: readonly ForumPost[], options: CountOptions = {}): CountResult {
  const counted = (options.counter?.count ?? countThread)(posts, {
    ...(options.context === undefined ? {} : { game: options.context.game }),
    ...(options.asOfPost === undefined ? {} : { asOfPost: options.asOfPost }),
    ...(options.voteGrammar === undefined ? {} : { voteGrammar: options.voteGrammar }),
    ...(options.readVotes === undefined ? {} : { readVotes: options.readVotes }),
    ...(options.numbering === undefined ? {} : { numbering: options.numbering }),
    // With no game, no rule is judged: Gavel does not know the game's rules until the host picks them.
    ...(options.context === undefined ? { breachRules: breachRulesUnjudged } : {}),
    ...(options.language === undefined ? {} : { language: options.language }),
    dialect: options.dialect ?? 'bbcode',
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  if (!counted.ok) return { ok: false, reason: problemText(counted.problem) };
  const count = countView(counted, options.context, options.numbering, options.shownPosts);
  if (count === null) return { ok: false, reason: problemText({ code: 'count/no-day' }) };
  const approvals = counted.current?.tally.huntApprovals;
  return {
    ok: true,
    breaches: counted.breaches,
    count,
    tally: counted.current?.tally.systemTally ?? null,
    ...(approvals === undefined ? {} : { huntApprovals: huntApprovalsView(approvals, options.numbering) }),
  };
}

/** The approvals as the popup shows them: each with its post as the forum numbers it. */
function huntApprovalsView(approvals: HuntApprovalCount, numbering: PostNumbering | undefined): HuntApprovalsView {
  return {
    counted: approvals.approvals,
    list: approvals.list.map((a) => ({
      slotId: a.voter,
      post: numbering === undefined ? a.at : shownPostNumber(a.at, numbering),
      counted: a.counted,
      reason: a.reason ?? null,
    })),
  };
}

/** The engine's count as the pages show it. */
export function countView(
  counted: ThreadCount,
  context?: CountContext,
  numbering?: PostNumbering,
  shownPosts?: ReadonlySet<string>,
): VoteCountView | null {
  const { roster, current, voteCountPost } = counted;
  if (current === null || voteCountPost === null) return null;
  const { tally } = current;
  const targetName = (target: VoteTarget): string => (target.kind === 'no-lynch' ? 'No Lynch' : slotName(roster, target.slotId));
  const names = countNames(tally, roster);
  const rules = context?.breachRules ?? breachRulesUnjudged;
  // The host's own posts (vote count headings, "Vote: opens at 21:00") are never read as players' votes.
  const hostPost = (author: string): boolean => isHost(roster, author);
  // Each day's hammer post wears a hammer badge.
  const hammers = new Map<number, string>();
  for (const d of counted.days) if (d.tally.hammer !== null) hammers.set(d.tally.hammer.post, targetName(d.tally.hammer.target));
  const shown = shownPosts === undefined ? counted.verdicts : counted.verdicts.filter((v) => shownPosts.has(v.postId));
  const verdicts: PostVerdictView[] = shown.flatMap((v) => {
    const hammer = hammers.get(v.post);
    const marks: PostMarkView[] = [
      ...(hammer === undefined ? [] : [{ kind: 'hammer' as const, target: hammer }]),
      ...v.marks.map((m) => markView(m, rules)),
    ];
    const votes = hostPost(v.author)
      ? []
      : v.votes.map((r) => ({
          action: r.action,
          text: r.text,
          written: r.written,
          counted: r.counted,
          target: r.target === null ? null : targetName(r.target),
          reason: r.counted ? null : r.reason === null ? 'not counted' : voteReasonText(r.reason),
          code: r.counted ? null : r.reason,
          ...(r.weight === undefined ? {} : { weight: r.weight }),
        }));
    if (votes.length === 0 && marks.length === 0) return [];
    return [{ post: v.post, postId: v.postId, author: v.author, phase: v.phase === null ? null : phaseLabel(v.phase), votes, marks }];
  });
  const notCounted = (tally.byPost?.history ?? [])
    .filter((r) => !r.counted && !hostPost(r.author))
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
      phaseRef: b.phase === null ? null : { kind: b.phase.kind, number: b.phase.number },
      rule: reasonWords(b.reason),
      code: b.reason,
      sanction: sanctionWords(b.sanction),
      sanctionCode: b.sanction,
      findings: b.findings,
      terms: b.terms,
    };
  });
  const fromList = counted.rosterFrom.kind === 'player-list' ? counted.rosterFrom : null;
  // With no game the panel says it works from the opening post, and what it could not read there.
  const rosterSource =
    context?.rosterSource ??
    (fromList === null ? 'the game set up for this thread' : `${fromList.source} (the opening post; no game is set up for this thread)`);
  // The same two, as one message the pages word in the host's language.
  const rosterWords =
    context !== undefined
      ? rosterSourceMessage(context.rosterSource)
      : fromList === null
        ? engineMessage('roster/game')
        : engineMessage('roster/opening-post-no-game', word.message(rosterSourceMessage(fromList.source)));
  const phaseWords =
    counted.phasesFrom.kind === 'day-one-assumed'
      ? engineMessage('phases/day-one-assumed', word.number(shownPostNumber(counted.phasesFrom.from, numbering)))
      : (context?.phaseSourceWords ??
        (context !== undefined
          ? engineMessage('phases/as-written', word.text(context.phaseSource))
          : roster.hosts[0] === undefined
            ? engineMessage('phases/host-posts-unnamed')
            : engineMessage('phases/host-posts', word.text(roster.hosts[0]))));
  const phaseSource =
    counted.phasesFrom.kind === 'day-one-assumed'
      ? `no phase post found yet, so Day 1 runs from post #${shownPostNumber(counted.phasesFrom.from, numbering)}`
      : (context?.phaseSource ?? `read from ${roster.hosts[0] ?? 'the host'}'s posts ("Day 2 begins", "Night 1 has started")`);
  const { accountLinks: links } = counted;
  const accountLinks: AccountLinkView[] = [
    ...links.applied.map((l) => ({ ...l, heldBack: null, applied: true })),
    ...links.suggested.map(({ reason, ...l }) => ({ ...l, heldBack: reason, applied: false })),
  ].map((l) => ({
    account: l.account,
    slotId: l.slotId,
    slot: slotName(roster, l.slotId),
    applied: l.applied,
    heldBack: l.heldBack,
    evidence: l.evidence,
    posts: l.posts,
    firstPost: l.firstPost,
  }));
  // Two slots may both be called by the shared account's name: each is named by all its holders ("Carol/Bezukhov").
  const holders = (slotId: string): string =>
    roster.slots
      .find((s) => s.id === slotId)
      ?.accounts.map((a) => a.name)
      .join('/') ?? slotId;
  const sharedAccounts: SharedAccountView[] = links.shared.map((s) => {
    // The holding its later posts count for: the one that starts latest (slotOfAccount's choice where both are held).
    const latest = s.holdings.reduce((a, b) => ((b.from ?? 0) >= (a.from ?? 0) ? b : a));
    return { account: s.account, slots: s.holdings.map((h) => holders(h.slotId)), latest: holders(latest.slotId), from: latest.from };
  });
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
    ...(fromList === null || fromList.problems.length === 0
      ? {}
      : { rosterProblems: fromList.problems.map(playerListProblemText), rosterProblemCodes: fromList.problems }),
    phaseSource,
    sources: countSourcesMessage(rosterWords, phaseWords),
    accountLinks,
    sharedAccounts,
    statedRules: counted.statedRules.map((r) => r.sentence),
    posts: verdicts,
    breaches: breachViews,
    judged: context !== undefined,
    ...(context?.timeZone === undefined ? {} : { timeZone: context.timeZone }),
    voteCountPost,
    ...(numbering === undefined ? {} : { numbering }),
  };
}
