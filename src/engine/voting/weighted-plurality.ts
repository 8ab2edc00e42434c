import { factionOf, playerOf } from '../game/derive';
import type { GameEvent, GameState, PlayerState, RecordedVote } from '../game/types';
import type { OpenQuestionHit, Ruleset, WeightedPluralityVoting } from '../rules/types';
import { isVoteImmune, sortTotals, voterVoid } from './eligibility';
import type { CountedVote, DayOutcome, DayTally, VoidedVote, VoteDeath, VoteTotal } from './types';
import { tallyNotes, type TallyNotes } from './notes';

/** The ballots of a 004 day. */
export const pluralityBallots = {
  lynch: 'lynch',
  runoff: 'runoff',
  hunt: 'hunt',
  election: 'election',
  electionRunoff: 'election-runoff',
} as const;

type Color = 'red' | 'black' | 'grey' | 'none';

function colorOf(player: PlayerState, ruleset: Ruleset): Color {
  return factionOf(player, ruleset)?.color ?? 'none';
}

function isElite(player: PlayerState, ruleset: Ruleset): boolean {
  return factionOf(player, ruleset)?.elite === true;
}

/** Living red and black players (elite seats excluded): 004's R and B. */
export function colorCounts(state: GameState, ruleset: Ruleset): { readonly red: number; readonly black: number; readonly grey: number } {
  const alive = state.players.filter((p) => p.alive && !isElite(p, ruleset));
  return {
    red: alive.filter((p) => colorOf(p, ruleset) === 'red').length,
    black: alive.filter((p) => colorOf(p, ruleset) === 'black').length,
    grey: alive.filter((p) => colorOf(p, ruleset) === 'grey').length,
  };
}

/** The ballot being decided now: the latest one the host opened, else the day's default. */
export function currentBallot(state: GameState, rules: WeightedPluralityVoting): string {
  const opened = state.openBallots[state.openBallots.length - 1];
  if (opened !== undefined) return opened.ballot;
  return state.phase?.number === rules.electionDay ? pluralityBallots.election : pluralityBallots.lynch;
}

interface Working {
  voter: PlayerState;
  target: string;
  color: Color;
  weight: number;
  counted: number;
  at: number;
  advance: boolean;
}

/**
 * Tallies a 004 day (digest §2): the Day 1 mayor election, the lynch by
 * weighted plurality with the red, black and grey corrections and barriers,
 * the run-off among only the tied, its strict-tie rules, the "everyone voted
 * for him" overrides and the witch hunt. Which ballot is decided is the
 * latest one the host opened (`ballot/open`), else the day's default.
 */
export function tallyWeightedPlurality(state: GameState, ruleset: Ruleset, rules: WeightedPluralityVoting): DayTally {
  const ballot = currentBallot(state, rules);
  const candidates = state.openBallots.find((b) => b.ballot === ballot)?.candidates;
  switch (ballot) {
    case pluralityBallots.election:
    case pluralityBallots.electionRunoff:
      return tallyElection(state, ruleset, rules, ballot, candidates);
    case pluralityBallots.hunt:
      return tallyHunt(state, ruleset);
    default:
      return tallyLynch(state, ruleset, rules, ballot, candidates);
  }
}

/** Votes of one ballot that stand: the first per voter where votes can't be changed, the last in run-offs. */
function standingVotes(state: GameState, ballot: string, changeable: boolean, voided: VoidedVote[]): RecordedVote[] {
  const byVoter = new Map<string, RecordedVote>();
  for (const v of state.votes) {
    if (v.ballot !== ballot) continue;
    const previous = byVoter.get(v.voter);
    if (previous !== undefined && !changeable) {
      voided.push({ voter: v.voter, ballot, target: v.target, reason: 'vote/replaced' });
      continue;
    }
    if (previous !== undefined) voided.push({ voter: previous.voter, ballot, target: previous.target, reason: 'vote/replaced' });
    byVoter.set(v.voter, v);
  }
  return [...byVoter.values()].sort((a, b) => a.at - b.at);
}

function baseWeight(player: PlayerState, rules: WeightedPluralityVoting, vote: RecordedVote): number {
  if (vote.weight !== undefined) return vote.weight;
  const roles = [player.role, ...(player.secondRole === undefined ? [] : [player.secondRole])];
  for (const role of roles) {
    const w = rules.roleWeights[role];
    if (w !== undefined) return w;
  }
  return 1;
}

function tallyLynch(
  state: GameState,
  ruleset: Ruleset,
  rules: WeightedPluralityVoting,
  ballot: string,
  candidates: readonly string[] | undefined,
): DayTally {
  const isRunoff = ballot === pluralityBallots.runoff;
  const voided: VoidedVote[] = [];
  const openQuestions: OpenQuestionHit[] = [];
  const notes = tallyNotes();
  const counts = colorCounts(state, ruleset);
  const capBlack = Math.max(counts.red - 1, counts.black);
  const capBlackGrey = Math.max(counts.red, counts.black);
  const redLynched = state.history.some((d) =>
    d.lynched.some((id) => {
      const p = playerOf(state, id);
      return p !== undefined && colorOf(p, ruleset) === 'red';
    }),
  );
  const blackCapActive = rules.blackCap && redLynched;

  const working: Working[] = [];
  for (const vote of standingVotes(state, ballot, isRunoff, voided)) {
    const voter = playerOf(state, vote.voter);
    const voterReason = voterVoid(state, ruleset, vote.voter);
    if (voter === undefined || voterReason !== null) {
      voided.push({ voter: vote.voter, ballot, target: vote.target, reason: voterReason ?? 'vote/voter-unknown' });
      continue;
    }
    if (isRunoff && candidates?.includes(vote.voter) === true) {
      openQuestions.push({
        setting: 'voting.runoffTargetsVote',
        chosen: String(rules.runoffTargetsVote),
        detail: `${voter.name} is a run-off target`,
      });
      if (!rules.runoffTargetsVote) {
        voided.push({ voter: vote.voter, ballot, target: vote.target, reason: 'vote/runoff-target' });
        continue;
      }
    }
    if (vote.target === null) {
      voided.push({ voter: vote.voter, ballot, target: null, reason: 'vote/abstain' });
      continue;
    }
    let target = vote.target;
    const targetPlayer = playerOf(state, target);
    if (targetPlayer === undefined) {
      voided.push({ voter: vote.voter, ballot, target, reason: 'vote/target-unknown' });
      continue;
    }
    if (!targetPlayer.alive) {
      voided.push({ voter: vote.voter, ballot, target, reason: 'vote/target-dead' });
      continue;
    }
    if (candidates !== undefined && !candidates.includes(target)) {
      voided.push({ voter: vote.voter, ballot, target, reason: 'vote/not-a-candidate' });
      continue;
    }
    if (isVoteImmune(targetPlayer, ruleset)) {
      if (!rules.invalidTargetBecomesAutoVote) {
        voided.push({ voter: vote.voter, ballot, target, reason: 'vote/target-immune' });
        continue;
      }
      notes.add('auto-vote', { voter: voter.name, target: targetPlayer.name });
      target = voter.slot.id;
    }
    const color = colorOf(voter, ruleset);
    let weight = baseWeight(voter, rules, vote);
    const raw = weight;
    if ((color === 'red' && rules.redCap) || (color === 'grey' && rules.greyCap)) {
      if (weight > capBlack) {
        notes.add('vote-capped', { voter: voter.name, raw, cap: capBlack, color });
        weight = capBlack;
      }
    }
    working.push({ voter, target, color, weight: raw, counted: weight, at: vote.at, advance: vote.advance === true });
  }

  // Barriers, then the black and grey caps, per target.
  const targets = [...new Set(working.map((w) => w.target))];
  for (const target of targets) {
    const player = playerOf(state, target);
    if (player === undefined) continue;
    const into = working.filter((w) => w.target === target);
    const barrier = Math.max(
      0,
      ...player.statuses.filter((s) => ruleset.statuses.find((d) => d.id === s.id)?.barrier === true).map((s) => s.value ?? 1),
    );
    if (barrier > 0) {
      for (const w of into) w.counted = Math.min(w.counted, 1);
      let left = barrier;
      const order = [...into.filter((w) => w.color === 'black'), ...into.filter((w) => w.color !== 'black')];
      for (const w of order) {
        const take = Math.min(left, w.counted);
        w.counted -= take;
        left -= take;
      }
      notes.add('barrier', { name: player.name, barrier });
    }
    if (blackCapActive)
      capSum(
        into.filter((w) => w.color === 'black'),
        capBlack,
        () => notes.add('black-cap', { name: player.name, cap: capBlack }),
      );
    if (rules.greyCap && into.some((w) => w.color === 'grey')) {
      capSum(
        into.filter((w) => w.color === 'black' || w.color === 'grey'),
        capBlackGrey,
        () => notes.add('black-grey-cap', { name: player.name, cap: capBlackGrey }),
      );
    }
  }

  const totalsMap = new Map<string, number>();
  const firstAt = new Map<string, number>();
  for (const w of working) {
    totalsMap.set(w.target, (totalsMap.get(w.target) ?? 0) + w.counted);
    if (!w.advance && !firstAt.has(w.target)) firstAt.set(w.target, w.at);
  }
  const totals: VoteTotal[] = sortTotals(
    [...totalsMap].map(([target, total]) => ({ target, total })),
    firstAt,
  );
  const counted: CountedVote[] = working.map((w) => ({
    voter: w.voter.slot.id,
    ballot,
    target: w.target,
    weight: w.weight,
    counted: w.counted,
    at: w.at,
  }));

  const decide = (): { outcome: DayOutcome; deaths: VoteDeath[] } => {
    // Overrides: everyone else, or all living reds on one black or grey player.
    const livingVoters = state.players.filter((p) => p.alive && voterVoid(state, ruleset, p.slot.id) === null);
    for (const target of targets) {
      const player = playerOf(state, target);
      if (player === undefined) continue;
      const voters = new Set(working.filter((w) => w.target === target).map((w) => w.voter.slot.id));
      const others = livingVoters.filter(
        (p) => p.slot.id !== target && !isElite(p, ruleset) && !(isRunoff && candidates?.includes(p.slot.id) === true),
      );
      const reds = livingVoters.filter((p) => colorOf(p, ruleset) === 'red' && !isElite(p, ruleset) && p.slot.id !== target);
      const targetColor = colorOf(player, ruleset);
      if (
        rules.allRedsOverride &&
        (targetColor === 'black' || targetColor === 'grey') &&
        reds.length > 0 &&
        reds.every((p) => voters.has(p.slot.id))
      ) {
        notes.add('all-reds', { name: player.name });
        return { outcome: { kind: 'lynch', slotIds: [target] }, deaths: [{ slotId: target, cause: 'lynch (all reds voted)' }] };
      }
      if (rules.everyoneOverride && others.length > 0 && others.every((p) => voters.has(p.slot.id))) {
        notes.add('everyone', { name: player.name });
        return { outcome: { kind: 'lynch', slotIds: [target] }, deaths: [{ slotId: target, cause: 'lynch (everyone voted)' }] };
      }
    }
    const top = totals[0];
    if (top === undefined || top.total <= 0) return { outcome: { kind: 'no-lynch', reason: 'no-lynch/no-votes' }, deaths: [] };
    const tied = totals.filter((t) => t.total === top.total).map((t) => t.target);
    if (tied.length === 1)
      return {
        outcome: { kind: 'lynch', slotIds: [top.target] },
        deaths: [{ slotId: top.target, cause: isRunoff ? 'lynch (run-off)' : 'lynch' }],
      };

    const broken = greyTieBreak(tied, working, state, ruleset, counts, notes);
    if (broken !== undefined)
      return { outcome: { kind: 'lynch', slotIds: [broken] }, deaths: [{ slotId: broken, cause: 'lynch (tie-break)' }] };
    if (!isRunoff) return { outcome: { kind: 'runoff', candidates: tied }, deaths: [] };

    // Strict tie in the run-off (L153).
    const firstTwo = tied.slice(0, 2);
    if (counts.black > rules.doubleDeathAboveNegatives) {
      notes.add(tied.length > 2 ? 'strict-tie-first-two' : 'strict-tie-both', { n: counts.black });
      return { outcome: { kind: 'lynch', slotIds: firstTwo }, deaths: firstTwo.map((slotId) => ({ slotId, cause: 'lynch (strict tie)' })) };
    }
    if (tied.length > 2) {
      openQuestions.push({
        setting: 'voting.threeWayFewNegatives',
        chosen: rules.threeWayFewNegatives,
        detail: `${tied.length}-way strict tie with ${counts.black} negatives alive`,
      });
      if (rules.threeWayFewNegatives === 'first-two') {
        return {
          outcome: { kind: 'lynch', slotIds: firstTwo },
          deaths: firstTwo.map((slotId) => ({ slotId, cause: 'lynch (strict tie)' })),
        };
      }
    }
    notes.add('strict-tie-nobody', { n: counts.black });
    return { outcome: { kind: 'no-lynch', reason: 'no-lynch/strict-tie-few-negatives' }, deaths: [] };
  };
  const { outcome, deaths } = decide();

  const effects: GameEvent[] = [];
  const redDied = deaths.some((d) => {
    const p = playerOf(state, d.slotId);
    return p !== undefined && colorOf(p, ruleset) === 'red';
  });
  if (redDied) {
    const mayorInOffice = state.players.some((p) => p.titles.includes(rules.titleLostOnRedLynch));
    for (const p of state.players) {
      for (const title of mayorInOffice ? [rules.titleLostOnRedLynch, ...rules.titlesLostWith] : []) {
        if (!p.titles.includes(title)) continue;
        effects.push({ type: 'title/revoke', slotId: p.slot.id, title });
        notes.add('title-lost', { name: p.name, title });
      }
    }
  }
  return {
    system: 'weighted-plurality',
    ballot,
    totals,
    counted,
    voided,
    outcome,
    deaths,
    effects,
    openQuestions,
    explanations: notes.explanations,
    notes: notes.notes,
  };
}

/** Lowers the latest votes first until their sum is within the cap. */
function capSum(votes: Working[], cap: number, explain: () => void): void {
  let excess = votes.reduce((s, w) => s + w.counted, 0) - cap;
  if (excess <= 0) return;
  explain();
  for (const w of [...votes].sort((a, b) => b.at - a.at)) {
    const take = Math.min(excess, w.counted);
    w.counted -= take;
    excess -= take;
    if (excess <= 0) break;
  }
}

/** 004 grey-correction tie-breakers (L12) between exactly two tied players. */
function greyTieBreak(
  tied: readonly string[],
  working: readonly Working[],
  state: GameState,
  ruleset: Ruleset,
  counts: { readonly red: number; readonly black: number; readonly grey: number },
  notes: TallyNotes,
): string | undefined {
  if (tied.length !== 2) return undefined;
  const redVotes = working.filter((w) => w.color === 'red' && !isElite(w.voter, ruleset));
  const [a, b] = tied;
  if (a === undefined || b === undefined) return undefined;
  const name = (id: string): string => playerOf(state, id)?.name ?? id;
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const allRedOnX = redVotes.length > 0 && redVotes.every((w) => w.target === x);
    const yOnlyDark = working.filter((w) => w.target === y).every((w) => w.color === 'black' || w.color === 'grey');
    if (allRedOnX && yOnlyDark) {
      notes.add('red-tie', { x: name(x), y: name(y) });
      return x;
    }
  }
  if (counts.grey > 0 && counts.red === counts.black + counts.grey) {
    const redWeight = (id: string): number => redVotes.filter((w) => w.target === id).reduce((s, w) => s + w.counted, 0);
    if (redWeight(a) !== redWeight(b)) {
      const winner = redWeight(a) > redWeight(b) ? a : b;
      notes.add('grey-tie-weight', { name: name(winner) });
      return winner;
    }
    const firstRed = redVotes.filter((w) => !w.advance && (w.target === a || w.target === b)).sort((p, q) => p.at - q.at)[0];
    if (firstRed !== undefined) {
      notes.add('grey-tie-first', { name: name(firstRed.target) });
      return firstRed.target;
    }
  }
  return undefined;
}

/** The witch hunt (L162–164): two votes each, to different players; the two most-voted die, earlier votes first on ties. */
function tallyHunt(state: GameState, ruleset: Ruleset): DayTally {
  const voided: VoidedVote[] = [];
  const given = new Map<string, string[]>();
  const counted: CountedVote[] = [];
  for (const vote of state.votes) {
    if (vote.ballot !== pluralityBallots.hunt) continue;
    const reason = voterVoid(state, ruleset, vote.voter);
    if (reason !== null) {
      voided.push({ voter: vote.voter, ballot: vote.ballot, target: vote.target, reason });
      continue;
    }
    const mine = given.get(vote.voter) ?? [];
    if (vote.target === null) {
      given.set(vote.voter, [...mine, '']);
      voided.push({ voter: vote.voter, ballot: vote.ballot, target: null, reason: 'vote/abstain' });
      continue;
    }
    const target = playerOf(state, vote.target);
    if (mine.length >= 2 || mine.includes(vote.target)) {
      voided.push({ voter: vote.voter, ballot: vote.ballot, target: vote.target, reason: 'vote/too-many' });
      continue;
    }
    if (target === undefined || !target.alive) {
      voided.push({
        voter: vote.voter,
        ballot: vote.ballot,
        target: vote.target,
        reason: target === undefined ? 'vote/target-unknown' : 'vote/target-dead',
      });
      continue;
    }
    if (isVoteImmune(target, ruleset)) {
      voided.push({ voter: vote.voter, ballot: vote.ballot, target: vote.target, reason: 'vote/target-immune' });
      continue;
    }
    given.set(vote.voter, [...mine, vote.target]);
    counted.push({ voter: vote.voter, ballot: vote.ballot, target: vote.target, weight: 1, counted: 1, at: vote.at });
  }
  const totalsMap = new Map<string, number>();
  const firstAt = new Map<string, number>();
  for (const c of counted) {
    totalsMap.set(c.target, (totalsMap.get(c.target) ?? 0) + 1);
    const advance = state.votes.find((v) => v.at === c.at)?.advance === true;
    if (!advance && !firstAt.has(c.target)) firstAt.set(c.target, c.at);
  }
  const totals = sortTotals(
    [...totalsMap].map(([target, total]) => ({ target, total })),
    firstAt,
  );
  const dying = totals.slice(0, 2).map((t) => t.target);
  const notes = tallyNotes();
  notes.add('witch-hunt');
  return {
    system: 'weighted-plurality',
    ballot: pluralityBallots.hunt,
    totals,
    counted,
    voided,
    outcome: dying.length === 0 ? { kind: 'no-lynch', reason: 'no-lynch/no-votes' } : { kind: 'lynch', slotIds: dying },
    deaths: dying.map((slotId) => ({ slotId, cause: 'witch hunt' })),
    effects: [],
    openQuestions: [],
    explanations: notes.explanations,
    notes: notes.notes,
  };
}

/** The Day 1 mayor election (L149–152): plurality, no self-votes, no weights; a tie goes to a second round, whose strict tie the first vote decides. */
function tallyElection(
  state: GameState,
  ruleset: Ruleset,
  rules: WeightedPluralityVoting,
  ballot: string,
  candidates: readonly string[] | undefined,
): DayTally {
  const voided: VoidedVote[] = [];
  const counted: CountedVote[] = [];
  const second = ballot === pluralityBallots.electionRunoff;
  for (const vote of standingVotes(state, ballot, second, voided)) {
    const reason = voterVoid(state, ruleset, vote.voter);
    if (reason !== null) {
      voided.push({ voter: vote.voter, ballot, target: vote.target, reason });
      continue;
    }
    if (vote.target === null) {
      voided.push({ voter: vote.voter, ballot, target: null, reason: 'vote/abstain' });
      continue;
    }
    const target = playerOf(state, vote.target);
    if (target === undefined || !target.alive) {
      voided.push({
        voter: vote.voter,
        ballot,
        target: vote.target,
        reason: target === undefined ? 'vote/target-unknown' : 'vote/target-dead',
      });
      continue;
    }
    if (vote.target === vote.voter) {
      voided.push({ voter: vote.voter, ballot, target: vote.target, reason: 'vote/self-vote' });
      continue;
    }
    if (candidates !== undefined && !candidates.includes(vote.target)) {
      voided.push({ voter: vote.voter, ballot, target: vote.target, reason: 'vote/not-a-candidate' });
      continue;
    }
    counted.push({ voter: vote.voter, ballot, target: vote.target, weight: 1, counted: 1, at: vote.at });
  }
  const totalsMap = new Map<string, number>();
  const firstAt = new Map<string, number>();
  for (const c of counted) {
    totalsMap.set(c.target, (totalsMap.get(c.target) ?? 0) + 1);
    const advance = state.votes.find((v) => v.at === c.at)?.advance === true;
    if (!advance && !firstAt.has(c.target)) firstAt.set(c.target, c.at);
  }
  const totals = sortTotals(
    [...totalsMap].map(([target, total]) => ({ target, total })),
    firstAt,
  );
  const top = totals[0];
  const notes = tallyNotes();
  let outcome: DayOutcome;
  const effects: GameEvent[] = [];
  if (top === undefined) {
    outcome = { kind: 'no-lynch', reason: 'no-lynch/no-votes' };
  } else {
    const tied = totals.filter((t) => t.total === top.total).map((t) => t.target);
    if (tied.length > 1 && !second) {
      outcome = { kind: 'election-runoff', candidates: tied };
    } else {
      if (tied.length > 1) notes.add('election-first-vote');
      outcome = { kind: 'elected', slotId: top.target, title: rules.electionTitle };
      effects.push({ type: 'title/grant', slotId: top.target, title: rules.electionTitle });
    }
  }
  return {
    system: 'weighted-plurality',
    ballot,
    totals,
    counted,
    voided,
    outcome,
    deaths: [],
    effects,
    openQuestions: [],
    explanations: notes.explanations,
    notes: notes.notes,
  };
}
