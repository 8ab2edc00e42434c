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
  announcedDeaths,
  breachRulesPresets,
  composePhases,
  currentName,
  defaultVoteRules,
  extractVotes,
  findBreaches,
  majorityVoteRules,
  phaseLabel,
  phaseOfPost,
  readPlayerList,
  renderTemplate,
  rulesetSections,
  tallyVotes,
  type Breach,
  type BreachReason,
  type BreachRules,
  type DayEvent,
  type Death,
  type Dialect,
  type Phase,
  type PhaseSetup,
  type Roster,
  type Sanction,
  type VoteReason,
  type VoteGrammar,
  type VoteRecord,
  type VoteRules,
  type VoteTally,
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

/** Everything the count needs besides the posts: a configured game's, or the one read from the thread. */
export interface CountContext {
  readonly roster: Roster;
  /** Where the roster came from, in the host's words. */
  readonly rosterSource: string;
  readonly voteRules: VoteRules;
  readonly phaseSetup: PhaseSetup;
  /** How the phases were set, in the host's words. */
  readonly phaseSource: string;
  readonly breachRules: BreachRules;
  /** Deaths the host entered. Absent: read from the thread (the host's death posts, else the day's lynch). */
  readonly deaths?: readonly Death[];
  /** What reaching the threshold does ("lynch"). */
  readonly thresholdLabel: string;
}

export interface CountOptions {
  /** Count as of this post number (inclusive). Absent: as of the latest post stored. */
  readonly asOfPost?: number;
  /** A configured game's roster, rules and phases. Absent: read from the thread (see `contextFromThread`). */
  readonly context?: CountContext;
  /** The markup the vote count post is written in (the forum's). @default 'bbcode' */
  readonly dialect?: Dialect;
  /** The host's vote grammar from Settings, laid over the rules' own (only the fields the host changed). */
  readonly voteGrammar?: Partial<VoteGrammar>;
}

/**
 * The context Gavel uses for a thread no game is set up for: the opening post's
 * player list, seed 001's rules, and phases from the host's announcements.
 */
export function contextFromThread(
  sorted: readonly ForumPost[],
): { readonly ok: true; readonly context: CountContext } | { readonly ok: false; readonly reason: string } {
  const opening = sorted[0];
  if (opening === undefined) return { ok: false, reason: 'No post of this thread has been read yet.' };
  const list = readPlayerList(opening.body, opening.author, opening.number);
  if (list === null) {
    return {
      ok: false,
      reason: `No player list was found in the opening post (#${opening.number}): set the roster in Gavel's popup to count votes.`,
    };
  }
  return {
    ok: true,
    context: {
      roster: list.roster,
      rosterSource: list.source,
      voteRules: defaultVoteRules,
      phaseSetup: { firstPhase: 'day' },
      phaseSource: `read from ${opening.author}'s posts ("Day 2 begins", "Night 1 has started")`,
      breachRules: breachRulesPresets['001'],
      thresholdLabel: 'lynch',
    },
  };
}

/**
 * The context of a game the host set up: its roster, its ruleset's vote and breach
 * rules, its phases, and the deaths in its event log (each in the phase it happened in).
 */
export function contextFromGame(game: GameRecord): CountContext {
  const voting = game.ruleset.data.voting;
  const voteRules: VoteRules = voting.kind === 'majority' ? majorityVoteRules(voting) : defaultVoteRules;
  const deaths: Death[] = [];
  let phase: { kind: 'day' | 'night'; number: number } | null = null;
  for (const event of game.events) {
    if (event.type === 'phase/start') phase = { kind: event.phase.kind, number: event.phase.number };
    if (event.type === 'player/die' && phase !== null && !deaths.some((d) => d.slot === event.slotId))
      deaths.push({ slot: event.slotId, phase });
  }
  return {
    roster: game.roster,
    rosterSource: game.rosterSource,
    voteRules,
    phaseSetup: game.phases,
    phaseSource: `the phases set up for ${game.title}`,
    breachRules: rulesetSections(game.ruleset.data).breachRules ?? breachRulesPresets['001'],
    ...(deaths.length === 0 ? {} : { deaths }),
    thresholdLabel: 'lynch',
  };
}

// The worker's words are the English catalog's, the same the popup and the panel show in English.
const english = translatorFor('en');
const voteReasonText = (reason: VoteReason): string => english(voteReasonKey[reason]);
const reasonWords = (reason: BreachReason): string => english(breachReasonKey[reason]);
const sanctionWords = (sanction: Sanction): string => english(sanctionKey[sanction]);

interface DayCount {
  readonly phase: Phase;
  readonly tally: VoteTally;
  /** The tally's input without the posts, to count again as of an earlier post. */
  readonly input: Omit<Parameters<typeof tallyVotes>[0], 'posts'>;
  readonly posts: readonly ForumPost[];
}

/**
 * The vote count, per-post verdicts and breaches of a thread.
 *
 * @example countFromPosts(posts, { asOfPost: 40 }) // the count as it stood after post #40
 */
export function countFromPosts(posts: readonly ForumPost[], options: CountOptions = {}): CountResult {
  const byNumber = new Map<number, ForumPost>();
  for (const p of posts) if (!byNumber.has(p.number)) byNumber.set(p.number, p);
  const sorted = [...byNumber.values()].sort((a, b) => a.number - b.number);
  const found = options.context === undefined ? contextFromThread(sorted) : ({ ok: true, context: options.context } as const);
  if (!found.ok) return found;
  const grammar = options.voteGrammar;
  const ctx: CountContext =
    grammar === undefined || Object.keys(grammar).length === 0
      ? found.context
      : { ...found.context, voteRules: { ...found.context.voteRules, grammar: { ...found.context.voteRules.grammar, ...grammar } } };
  const opening = sorted[0];
  const last = sorted[sorted.length - 1];
  if (opening === undefined || last === undefined) return { ok: false, reason: 'No post of this thread has been read yet.' };
  const { roster, voteRules: rules } = ctx;
  const hosts = roster.hosts;
  const isHostPost = (p: ForumPost): boolean => hosts.some((h) => h.trim().toLowerCase() === p.author.trim().toLowerCase());

  const composed = composePhases(ctx.phaseSetup, sorted, hosts);
  if (!composed.ok) return { ok: false, reason: `Gavel could not set the phases: ${composed.detail}` };
  let phases: readonly Phase[] = composed.phases;
  let phaseSource = ctx.phaseSource;
  if (!phases.some((p) => p.kind === 'day')) {
    // No "Day 1 begins" post yet: the day runs from the post after the opening post.
    phases = [{ kind: 'day', number: 1, start: { post: opening.number + 1 }, end: null }, ...phases.filter((p) => p.kind !== 'day')];
    phaseSource = `no phase post found yet, so Day 1 runs from post #${opening.number + 1}`;
  }

  const slotName = (slotId: string): string => {
    const slot = roster.slots.find((s) => s.id === slotId);
    return slot === undefined ? slotId : currentName(slot);
  };
  const targetName = (target: VoteTarget): string => (target.kind === 'no-lynch' ? 'No Lynch' : slotName(target.slotId));

  // Where each post falls, once.
  const positionOf = new Map(sorted.map((p) => [p.number, phaseOfPost(phases, p)]));
  const postsIn = (phase: Phase): ForumPost[] =>
    sorted.filter((p) => {
      const at = positionOf.get(p.number);
      return at?.in === 'phase' && at.phase === phase;
    });

  const deaths: Death[] = ctx.deaths === undefined ? announcedDeaths(sorted, roster, phases, isHostPost) : [...ctx.deaths];
  const ordinal = (ref: { readonly kind: 'day' | 'night'; readonly number: number }): number =>
    phases.findIndex((p) => p.kind === ref.kind && p.number === ref.number);

  // Count every day in turn: who is alive at its start depends on the days before.
  const days: DayCount[] = [];
  const dayPhases = phases.filter((p) => p.kind === 'day');
  for (const [i, phase] of dayPhases.entries()) {
    const inDay = postsIn(phase);
    const first = inDay[0];
    if (first === undefined && i > 0) continue;
    const nextDay = dayPhases[i + 1];
    const nextStart = nextDay === undefined ? undefined : postsIn(nextDay)[0]?.number;
    const startPost = Math.max(first?.number ?? opening.number + 1, opening.number + 1);
    const dayPosts = sorted.filter((p) => p.number >= startPost && (nextStart === undefined || p.number < nextStart));
    const index = ordinal(phase);
    const deadBefore = new Set(
      deaths
        .filter((d) => (d.post !== undefined ? d.post <= startPost : ordinal(d.phase) < index && ordinal(d.phase) !== -1))
        .map((d) => d.slot),
    );
    const events: DayEvent[] = deaths
      .filter(
        (d) => !deadBefore.has(d.slot) && d.post !== undefined && d.post > startPost && (nextStart === undefined || d.post < nextStart),
      )
      .map((d) => ({ kind: 'death', slotId: d.slot, atPost: d.post ?? startPost }));
    const lastInDay = inDay[inDay.length - 1];
    const input = {
      roster,
      alive: roster.slots.map((s) => s.id).filter((id) => !deadBefore.has(id)),
      rules,
      dayStartPost: startPost,
      ...(phase.end !== null && lastInDay !== undefined ? { dayEndPost: lastInDay.number } : {}),
      events,
    };
    const tally = tallyVotes({ ...input, posts: dayPosts });
    days.push({ phase, tally, input, posts: dayPosts });
    // A day that ended on a wagon at the threshold lynched that player, if the host's posts did not already say so.
    const lynched =
      tally.outcome.kind === 'lynch'
        ? tally.outcome.slotId
        : phase.end !== null && tally.hammer?.target.kind === 'slot'
          ? tally.hammer.target.slotId
          : null;
    if (ctx.deaths === undefined && lynched !== null && !deaths.some((d) => d.slot === lynched))
      deaths.push({ slot: lynched, phase: { kind: 'day', number: phase.number } });
  }

  // The breaches the rules define, over the whole thread.
  const votesOf = (post: ForumPost) => extractVotes(post, rules);
  const breaches: readonly Breach[] = findBreaches({ posts: sorted, roster, phases, deaths, now: null }, ctx.breachRules, { votesOf });

  // What was read in each post.
  const records = new Map<number, VoteRecord[]>();
  for (const day of days) for (const r of day.tally.history) records.set(r.post, [...(records.get(r.post) ?? []), r]);
  const marks = new Map<number, PostMarkView[]>();
  const mark = (post: number, m: PostMarkView): void => {
    const list = marks.get(post) ?? [];
    if (!list.some((x) => x.kind === m.kind)) list.push(m);
    marks.set(post, list);
  };
  for (const p of sorted)
    if (p.edited !== undefined && !isHostPost(p))
      mark(p.number, {
        kind: 'edited',
        text: p.edited.by !== undefined && p.edited.by !== p.author ? `edited by ${p.edited.by}` : 'edited',
      });
  for (const b of breaches) {
    if (b.post !== null) {
      const kind =
        b.reason === 'post/at-night'
          ? 'night-post'
          : b.reason === 'post/dead-player'
            ? 'dead-poster'
            : b.reason === 'post/replaced-out'
              ? 'replaced'
              : b.reason === 'post/non-player'
                ? 'non-player'
                : null;
      if (kind !== null) mark(b.post.number, { kind, text: reasonWords(b.reason) });
      continue;
    }
    if (b.reason === 'activity/too-few-posts' && b.phase !== null && b.slot !== null) {
      // Shown on the player's first post after that day, where the host sees them come back.
      const day = days.find((d) => d.phase.kind === b.phase?.kind && d.phase.number === b.phase.number);
      const after = day?.posts[day.posts.length - 1]?.number ?? Infinity;
      const slot = roster.slots.find((s) => s.id === b.slot);
      const next = sorted.find(
        (p) => p.number > after && slot !== undefined && slot.accounts.some((a) => a.name.toLowerCase() === p.author.toLowerCase()),
      );
      if (next !== undefined) {
        const counted = b.activity?.counted.length ?? 0;
        const required = b.activity?.required ?? 0;
        mark(next.number, { kind: 'inactive', text: `inactive on ${phaseLabel(b.phase)} (${counted} of ${required} posts)` });
      }
    }
  }
  const verdicts: PostVerdictView[] = [];
  for (const p of sorted) {
    const read = records.get(p.number) ?? [];
    const m = marks.get(p.number) ?? [];
    if (read.length === 0 && m.length === 0) continue;
    const position = positionOf.get(p.number);
    verdicts.push({
      post: p.number,
      postId: p.id,
      author: p.author,
      phase: position?.in === 'phase' ? phaseLabel(position.phase) : null,
      votes: read.map((r) => ({
        action: r.action,
        text: r.text,
        counted: r.counted,
        target: r.target === null ? null : targetName(r.target),
        reason: r.counted ? null : r.reason === undefined ? 'not counted' : voteReasonText(r.reason),
        code: r.counted ? null : (r.reason ?? null),
      })),
      marks: m,
    });
  }

  // The count as of the chosen post: the day it falls in (or the last day before it).
  const asOf = Math.min(options.asOfPost ?? last.number, last.number);
  const day = [...days].reverse().find((d) => d.input.dayStartPost <= asOf) ?? days[0];
  if (day === undefined) return { ok: false, reason: 'No day has started in this thread yet.' };
  const tally =
    asOf >= (day.posts[day.posts.length - 1]?.number ?? asOf)
      ? day.tally
      : tallyVotes({ ...day.input, posts: day.posts.filter((p) => p.number <= asOf) });
  const threshold = tally.threshold ?? 0;
  const wagons = tally.wagons.map((w) => ({
    target: targetName(w.target),
    votes: w.total,
    lMinus: w.lMinus,
    voters: w.votes.map((v) => slotName(v.slotId)),
  }));
  const notVoting = tally.notVoting.map(slotName);
  const hammer = tally.hammer === null ? null : { target: targetName(tally.hammer.target), post: tally.hammer.post };
  const lock = tally.lock === null ? null : { target: targetName(tally.lock.target), post: tally.lock.post };
  const countedUpTo = Math.min(asOf, day.posts[day.posts.length - 1]?.number ?? asOf);
  const notCounted = tally.history
    .filter((r) => !r.counted)
    .map((r) => ({
      post: r.post,
      author: r.author,
      text: r.text,
      reason: r.reason === undefined ? 'not counted' : voteReasonText(r.reason),
      code: r.reason ?? null,
    }));
  const permalinks = new Map(sorted.map((p) => [p.number, p.permalink]));
  const breachViews: BreachView[] = breaches.map((b) => {
    const link = b.post === null ? undefined : permalinks.get(b.post.number);
    return {
      id: b.id,
      post: b.post?.number ?? null,
      postId: b.post?.id ?? null,
      ...(link === undefined ? {} : { permalink: link }),
      player: b.slot === null ? b.account : slotName(b.slot),
      phase: b.phase === null ? null : phaseLabel(b.phase),
      rule: reasonWords(b.reason),
      code: b.reason,
      ruleText: b.rule,
      sanction: sanctionWords(b.sanction),
      sanctionCode: b.sanction,
      detail: b.detail,
    };
  });
  const dialect = options.dialect ?? 'bbcode';
  const dayLabel = phaseLabel(day.phase);
  return {
    ok: true,
    breaches,
    count: {
      day: day.phase.number,
      alive: tally.alive.length,
      threshold,
      thresholdLabel: ctx.thresholdLabel,
      asOfPost: options.asOfPost === undefined ? (tally.hammer?.post ?? countedUpTo) : countedUpTo,
      chosenAsOf: options.asOfPost !== undefined,
      lastPost: last.number,
      wagons,
      notVoting,
      hammer,
      lock,
      notCounted,
      rosterSource: ctx.rosterSource,
      phaseSource,
      posts: verdicts,
      breaches: breachViews,
      voteCountPost: {
        dialect,
        text: composeVoteCountPost(
          {
            dayLabel,
            asOfPost: countedUpTo,
            alive: tally.alive.length,
            threshold,
            label: ctx.thresholdLabel,
            wagons,
            notVoting,
            hammer,
            lock,
          },
          dialect,
        ),
      },
    },
  };
}

interface VoteCountFacts {
  readonly dayLabel: string;
  readonly asOfPost: number;
  readonly alive: number;
  readonly threshold: number;
  readonly label: string;
  readonly wagons: readonly {
    readonly target: string;
    readonly votes: number;
    readonly lMinus: number | null;
    readonly voters: readonly string[];
  }[];
  readonly notVoting: readonly string[];
  readonly hammer: { readonly target: string; readonly post: number } | null;
  readonly lock: { readonly target: string; readonly post: number } | null;
}

/**
 * The vote count post a host pastes into the thread, in the forum's markup. Names are
 * escaped by the engine's template renderer, so a name can never open a tag.
 */
export function composeVoteCountPost(f: VoteCountFacts, dialect: Dialect): string {
  const lines: string[] = [
    renderTemplate('{b}Vote count, {day}{/b} (as of post #{post})', { day: f.dayLabel, post: f.asOfPost }, dialect),
    '',
  ];
  for (const w of f.wagons) {
    const l = w.lMinus === null ? '' : w.lMinus === 0 ? ', at the threshold' : `, L-${w.lMinus}`;
    lines.push(
      renderTemplate(
        '{b}{target}{/b} ({votes}{l}): {voters}',
        { target: w.target, votes: w.votes, l, voters: w.voters.join(', ') },
        dialect,
      ),
    );
  }
  if (f.wagons.length === 0) lines.push('No votes yet.');
  lines.push('');
  if (f.notVoting.length > 0)
    lines.push(renderTemplate('Not voting ({n}): {names}', { n: f.notVoting.length, names: f.notVoting.join(', ') }, dialect));
  lines.push(
    renderTemplate(
      'With {alive} alive, it takes {threshold} to {label}.',
      { alive: f.alive, threshold: f.threshold, label: f.label },
      dialect,
    ),
  );
  if (f.hammer !== null)
    lines.push(renderTemplate('{b}{target} was hammered in post #{post}.{/b}', { target: f.hammer.target, post: f.hammer.post }, dialect));
  if (f.lock !== null)
    lines.push(renderTemplate('The wagon on {target} locked in post #{post}.', { target: f.lock.target, post: f.lock.post }, dialect));
  return lines.join('\n');
}
