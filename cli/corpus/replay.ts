/**
 * Replaying a corpus game day by day and scoring it exactly as the corpus
 * README says (../shared/corpus/mafiascum/README.md, "How a replay is scored").
 * The day splitting and counting are the engine's `countThread`, the same the
 * extension's panel and `gavel breaches` use; this file only turns the archive
 * into a game (roster, known day ends, deaths, resets, vote weights) and
 * compares the count with the truth.
 */
import { countThread, currentName, mafiascumRuleset, matchName, voteCountAt } from '../../src/engine';
import type {
  AccountLinks,
  BodyNode,
  CountGame,
  Death,
  ForumPost,
  LinkEvidence,
  Phase,
  Roster,
  Ruleset,
  Slot,
  VoteRules,
  VoteTally,
  Wagon,
} from '../../src/engine';
import type { ArchiveGame, ArchivePlayer } from './archive';
import { parseNotes, type GameNotes } from './notes';

/** A corpus post with its body already parsed. */
export interface ReplayPost {
  readonly number: number;
  readonly id: string;
  readonly user: string;
  readonly body: readonly BodyNode[];
}

/** What the replay predicts, and how that compares with the archive. */
export interface DayResult {
  readonly thread: string;
  readonly gameId: string;
  readonly day: number;
  /** The lynched slot's current name, `NO LYNCH`, or null when no wagon reached the threshold. */
  readonly lynch: string | null;
  readonly hammerPost: number | null;
  readonly endPost: number;
  /** What the archive says: a slot's current name, `NO LYNCH`, `no majority`, or null when it names nothing. */
  readonly expectedLynch: string | null;
  /** null where the Notes exclude that part from scoring. */
  readonly lynchCorrect: boolean | null;
  readonly hammerCorrect: boolean | null;
  /** Both scored parts correct (null when neither part is scored). */
  readonly correct: boolean | null;
  /** Why a wrong day went wrong: the wagons that decided it. */
  readonly explanation: readonly string[];
}

export const noLynchLabel = 'NO LYNCH';
export const noMajorityLabel = 'no majority';

/** Slots a fate says are dead when Day `day` starts: died in an earlier day, or in a night before it. */
export function isAliveOnDay(player: ArchivePlayer, day: number): boolean {
  const { fate } = player;
  if (fate.number === undefined) return true;
  return fate.number >= day;
}

export function rosterOf(game: ArchiveGame, hosts: readonly string[] = game.moderators): Roster {
  const slots: Slot[] = game.players.map((p, i) => ({ id: `slot-${i + 1}`, accounts: p.accounts.map((name) => ({ name })) }));
  return { slots, hosts: [...hosts] };
}

/**
 * The game's moderators as the corpus README counts them: the accounts on the
 * archive's `Moderator:` line, and the author of every post the transitions
 * name as a day's end (hosts rename their accounts; a day's end post is the
 * host's by definition). An end post written by a slot's account (a corpus
 * defect) does not make that player a host.
 */
export function moderatorsOf(game: ArchiveGame, ends: readonly (number | null)[], posts: readonly ReplayPost[]): string[] {
  const key = (name: string): string => name.trim().toLowerCase();
  const players = new Set(game.players.flatMap((p) => p.accounts.map(key)));
  const endPosts = new Set(ends.filter((e): e is number => e !== null));
  const out = [...game.moderators];
  const seen = new Set(out.map(key));
  for (const post of posts) {
    if (!endPosts.has(post.number) || seen.has(key(post.user)) || players.has(key(post.user))) continue;
    seen.add(key(post.user));
    out.push(post.user);
  }
  return out;
}

/** A slot whose role says Doublevoter votes twice (corpus README). */
export function weightsOf(game: ArchiveGame, roster: Roster): Record<string, number> {
  const weights: Record<string, number> = {};
  game.players.forEach((p, i) => {
    const slot = roster.slots[i];
    if (slot !== undefined && /double[\s-]*voter/i.test(p.role)) weights[slot.id] = 2;
  });
  return weights;
}

/** The mafiascum ruleset with this game's No Lynch setting from its Notes. */
export function rulesetFor(notes: GameNotes): Ruleset {
  const voting = mafiascumRuleset.voting;
  return { ...mafiascumRuleset, voting: { ...voting, count: { ...voting.count, noLynchOneLess: notes.oneLessForNoLynch } } };
}

/** The days whose start and end the transitions give: Day n runs from the post after Day n-1's end to its own end. */
export function knownDays(ends: readonly (number | null)[]): Phase[] {
  return ends.flatMap((endPost, i): Phase[] => {
    const previous = i === 0 ? -1 : ends[i - 1];
    if (endPost === null || previous === null || previous === undefined) return [];
    return [{ kind: 'day', number: i + 1, start: { post: previous + 1 }, end: { post: endPost } }];
  });
}

/** The archive as a game the engine's count takes: fates as deaths in their phase, the Notes' kills at their post, and resets. */
export function countGameOf(
  game: ArchiveGame,
  ends: readonly (number | null)[],
  notes: GameNotes,
  hosts: readonly string[] = game.moderators,
): CountGame {
  const roster = rosterOf(game, hosts);
  const days = knownDays(ends);
  const dayOfPost = (post: number): number =>
    days.find((d) => 'post' in d.start && d.end !== null && 'post' in d.end && d.start.post <= post && post <= d.end.post)?.number ?? 1;
  const deaths: Death[] = [
    ...game.players.flatMap((p, i): Death[] => {
      const slot = roster.slots[i];
      const { phase, number } = p.fate;
      return slot === undefined || phase === undefined || number === undefined ? [] : [{ slot: slot.id, phase: { kind: phase, number } }];
    }),
    ...notes.killedAtPost.flatMap((k): Death[] => {
      const slot = slotByName(k.name, roster);
      return slot === undefined ? [] : [{ slot, phase: { kind: 'day', number: dayOfPost(k.post) }, post: k.post }];
    }),
  ];
  return {
    roster,
    ruleset: rulesetFor(notes),
    phases: { known: days },
    deaths,
    resets: notes.resetsAtPost,
    weights: weightsOf(game, roster),
  };
}

function slotByName(name: string, roster: Roster): string | undefined {
  const m = matchName(name, roster, { disabled: ['substring', 'edit-distance', 'initials'] });
  return m.kind === 'match' ? m.slotId : undefined;
}

function nameOf(roster: Roster, slotId: string): string {
  const slot = roster.slots.find((s) => s.id === slotId);
  return slot === undefined ? slotId : currentName(slot);
}

function wagonLabel(roster: Roster, w: Wagon): string {
  return w.target.kind === 'no-lynch' ? noLynchLabel : nameOf(roster, w.target.slotId);
}

/**
 * Is the day's end post the first moderator post after the hammer, or in the
 * unbroken run of moderator posts that follows it?
 */
export function hammerMatchesEnd(
  posts: readonly ReplayPost[],
  moderators: readonly string[],
  hammerPost: number,
  endPost: number,
): boolean {
  const mods = new Set(moderators.map((m) => m.trim().toLowerCase()));
  // The posts after the hammer, in the order given: from the first moderator post, while moderators post (no copy of the thread per day).
  let inRun = false;
  for (const p of posts) {
    if (p.number <= hammerPost) continue;
    const isMod = mods.has(p.user.trim().toLowerCase());
    if (!inRun) {
      if (!isMod) continue;
      inRun = true;
    } else if (!isMod) break;
    if (p.number === endPost) return true;
  }
  return false;
}

function describeWagons(roster: Roster, wagons: readonly Wagon[], limit: number): string[] {
  return wagons.slice(0, limit).map((w) => {
    const voters = w.votes.map((v) => `${nameOf(roster, v.slotId)} #${v.post}${v.weight === 1 ? '' : ` x${v.weight}`}`).join(', ');
    return `  ${wagonLabel(roster, w)} (${w.total}${w.needed === null ? '' : `/${w.needed}`}): ${voters}`;
  });
}

function explain(roster: Roster, rules: VoteRules, tally: VoteTally, expected: string | null, endPost: number): string[] {
  const lines: string[] = [];
  const at = tally.hammer?.post ?? endPost;
  const count = voteCountAt(tally, rules, at);
  lines.push(`  count after post ${at} (threshold ${count.threshold ?? '-'}, ${tally.aliveAtStart.length} alive at start):`);
  lines.push(...describeWagons(roster, count.wagons, 4));
  const expectedSlot = expected === null ? undefined : roster.slots.find((s) => currentName(s) === expected)?.id;
  const refused = tally.history.filter(
    (r) =>
      !r.counted &&
      r.reason !== 'vote/in-quote' &&
      r.reason !== 'vote/not-bold' &&
      r.reason !== 'vote/after-day-end' &&
      r.reason !== 'vote/voter-host',
  );
  const relevant = refused.filter(
    (r) => expectedSlot === undefined || (r.target?.kind === 'slot' && r.target.slotId === expectedSlot) || r.target === null,
  );
  for (const r of relevant.slice(-8)) lines.push(`  refused #${r.post} ${r.author}: "${r.text}" (${r.reason ?? ''})`);
  return lines;
}

function evidenceText(e: LinkEvidence): string {
  switch (e.kind) {
    case 'renamed':
      return `renamed from ${e.name}`;
    case 'edit-distance':
      return `${e.distance} letter${e.distance === 1 ? '' : 's'} from ${e.name}`;
    case 'initials':
      return `initials of ${e.name}`;
    case 'abbreviation':
      return `abbreviation of ${e.name}`;
    case 'shared-start':
      return `shares ${e.letters} first letters with ${e.name}`;
    case 'elimination':
      return 'the only unlisted poster and the only silent slot';
    case 'took-over':
      return `the slot's own account stopped posting at #${e.lastPost}, before this one began`;
  }
}

/**
 * The account links behind a day's count (posts `from` to `to`), for a wrong
 * day's explanation: each applied link and each suggestion whose account posted
 * in the day, and each account the roster lists in several slots.
 */
export function linkLines(links: AccountLinks, roster: Roster, from: number, to: number): string[] {
  const inDay = (l: { readonly firstPost: number; readonly lastPost: number }): boolean => l.firstPost <= to && l.lastPost >= from;
  const evidence = (list: readonly LinkEvidence[]): string => list.map(evidenceText).join('; ');
  return [
    ...links.applied
      .filter(inDay)
      .map((l) => `  linked: ${l.account} posts as ${nameOf(roster, l.slotId)} (${evidence(l.evidence)}; ${l.posts} posts)`),
    ...links.suggested
      .filter(inDay)
      .map((l) => `  not linked: ${l.account} may be ${nameOf(roster, l.slotId)} (${evidence(l.evidence)}): ${l.reason}`),
    ...links.shared.map(
      (s) =>
        `  shared: ${s.account} is listed in ${s.holdings
          .map((h) => `${nameOf(roster, h.slotId)}${h.from === null ? '' : ` from #${h.from}${h.estimated ? ' (estimated)' : ''}`}`)
          .join(' and ')}`,
    ),
  ];
}

/** Replays every day of one game that has an end post; `accountLinks: false` counts with the roster's accounts only (to measure what the links change). */
export function replayGame(
  game: ArchiveGame,
  ends: readonly (number | null)[],
  given: readonly ReplayPost[],
  options: { readonly accountLinks?: boolean } = {},
): DayResult[] {
  // Thread order, whatever order the posts came in: the hammer's end post is the first moderator post after it.
  const posts = [...given].sort((a, b) => a.number - b.number);
  const notes = parseNotes(game.notes);
  const moderators = moderatorsOf(game, ends, posts);
  const countGame = countGameOf(game, ends, notes, moderators);
  const { roster } = countGame;
  const forumPosts: ForumPost[] = posts.map((p) => ({ id: p.id, number: p.number, author: p.user, postedAt: null, body: p.body }));
  const counted = countThread(forumPosts, {
    game: countGame,
    breaches: false,
    accountLinks: options.accountLinks !== false,
    // Only the days are read here: no post's verdict nor the vote count post.
    postOutput: false,
  });
  const rules = counted.ok ? counted.voteRules : null;
  const results: DayResult[] = [];
  for (const phase of knownDays(ends)) {
    const day = phase.number;
    const endPost = phase.end !== null && 'post' in phase.end ? phase.end.post : null;
    if (endPost === null) continue;
    // A day with no post that may hold a vote is not in the count: nothing was voted.
    const tally = counted.ok ? (counted.days.find((d) => d.phase.number === day)?.tally.byPost ?? null) : null;
    const hammer = tally?.hammer ?? null;
    const lynch = hammer === null ? null : hammer.target.kind === 'no-lynch' ? noLynchLabel : nameOf(roster, hammer.target.slotId);
    const lynched = game.players.findIndex((p) => p.fate.kind === 'lynched' && p.fate.phase === 'day' && p.fate.number === day);
    const lynchedSlot = roster.slots[lynched];
    const expectedLynch = notes.noLynchDays.includes(day)
      ? noLynchLabel
      : notes.noMajorityDays.includes(day)
        ? noMajorityLabel
        : lynchedSlot === undefined
          ? null
          : currentName(lynchedSlot);
    // A day whose end post is not in the posts file (the corpus stops before it) has nothing to score against.
    const endKnown = hasPostNumbered(posts, endPost);
    const lynchScored = endKnown && !notes.hammerAfterDeadlineDays.includes(day);
    const hammerScored = endKnown && !notes.longTwilightDays.includes(day) && !notes.noMajorityDays.includes(day);
    const lynchCorrect = lynchScored
      ? expectedLynch === noMajorityLabel
        ? lynch === null
        : lynch !== null && lynch === expectedLynch
      : null;
    const hammerCorrect = hammerScored ? hammer !== null && hammerMatchesEnd(posts, moderators, hammer.post, endPost) : null;
    const parts = [lynchCorrect, hammerCorrect].filter((x): x is boolean => x !== null);
    const correct = parts.length === 0 ? null : parts.every((x) => x);
    results.push({
      thread: game.thread,
      gameId: game.gameId,
      day,
      lynch,
      hammerPost: hammer?.post ?? null,
      endPost,
      expectedLynch,
      lynchCorrect,
      hammerCorrect,
      correct,
      explanation:
        correct === false && tally !== null && rules !== null && counted.ok
          ? [
              ...explain(roster, rules, tally, expectedLynch, endPost),
              ...linkLines(counted.accountLinks, roster, 'post' in phase.start ? phase.start.post : 0, endPost),
            ]
          : [],
    });
  }
  return results;
}

/** Whether a post numbered `n` is among `sorted` (in post order): a binary search, no set of every number. */
function hasPostNumbered(sorted: readonly ReplayPost[], n: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid]?.number ?? Number.POSITIVE_INFINITY) < n) lo = mid + 1;
    else hi = mid;
  }
  return sorted[lo]?.number === n;
}

export interface ReplaySummary {
  readonly games: number;
  readonly daysScored: number;
  readonly daysNotScorable: number;
  readonly lynchScored: number;
  readonly lynchCorrect: number;
  readonly hammerScored: number;
  readonly hammerCorrect: number;
  readonly bothCorrect: number;
  /** bothCorrect / daysScored. */
  readonly share: number;
}

export function summarize(games: number, days: readonly DayResult[]): ReplaySummary {
  const scored = days.filter((d) => d.correct !== null);
  const bothCorrect = scored.filter((d) => d.correct === true).length;
  return {
    games,
    daysScored: scored.length,
    daysNotScorable: days.length - scored.length,
    lynchScored: days.filter((d) => d.lynchCorrect !== null).length,
    lynchCorrect: days.filter((d) => d.lynchCorrect === true).length,
    hammerScored: days.filter((d) => d.hammerCorrect !== null).length,
    hammerCorrect: days.filter((d) => d.hammerCorrect === true).length,
    bothCorrect,
    share: scored.length === 0 ? 0 : bothCorrect / scored.length,
  };
}
