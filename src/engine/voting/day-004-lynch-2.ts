/**
 * Seed 004's day rulings of the fourth day file, read from `voting.day.roleDay`
 * and `voting.day.clock`: the side a departing Agent reveals (L125), death
 * executions in the witch hunt (an open question: the seed is silent), the
 * possessing Faceless's vote of 0 (L70), the Priest's re-vote's own forced
 * auto-votes (L150, L155) and the Pimp's day orders read by the tally (L27).
 * The tally (`weighted-plurality.ts`) calls `tallyWith004Rulings` once; none of
 * this names a role.
 */
import { postPhrases } from '../announce/phrases';
import { playerOf } from '../game/derive';
import type { GameState, PlayerState, RecordedAction } from '../game/types';
import type { DayClockRules, OpenQuestionHit, Ruleset, SideWords, WeightedPluralityVoting } from '../rules/types';
import { colorOf, holds } from './day-004';
import { lynchExecutions } from './day-004-lynch';
import { dayDeadlines, type DayClockInput } from './day-004-roles';
import { tallyNotes, type TallyNotes } from './notes';
import type { DayTally, VoteDeath } from './types';

const MINUTE = 60_000;

/**
 * The moment absent voters of `ballot` get their forced auto-vote (L150 "Если к 22.00 по Москве не все проголосуют,
 * ведущий поставит отсутствующим принудительный автоголос"): the extra vote at the end of its `extraVoteMinutes`
 * (L156), the Priest's re-vote `forcedVoteAfterMinutes` after it opened (L155 "оно будет проходить по правилам
 * обычного голосования": its own hour), any other ballot at the day's deadline. A ballot whose opening has no time
 * keeps the day's deadline.
 */
export function forcedVoteDue(
  ballot: string,
  openedAt: number,
  clock: DayClockInput,
  rules: DayClockRules,
  ballots: { readonly extra: string; readonly revote: string },
): number {
  const opened = ballot === ballots.extra || ballot === ballots.revote ? clock.timeOf(openedAt) : undefined;
  if (opened === undefined) return dayDeadlines(clock.voteOpensAt, rules).forcedVotes;
  return opened + (ballot === ballots.extra ? rules.extraVoteMinutes : rules.forcedVoteAfterMinutes) * MINUTE;
}

/** A vote as the tally works on it (the part these rulings change). */
export interface WorkingVote {
  readonly voter: PlayerState;
  weight: number;
  readonly hidden?: boolean;
}

/**
 * L70 "при этом голос безликого будет равен нулю": a voter with a `zeroVoteWhile` status of its colours (the
 * Faceless possessing his victim) votes with weight 0.
 */
export function zeroVotesWhile(ruleset: Ruleset, rules: WeightedPluralityVoting, working: readonly WorkingVote[], notes: TallyNotes): void {
  const zero = rules.day?.roleDay?.zeroVoteWhile;
  if (zero === undefined) return;
  for (const w of working) {
    if (w.hidden === true || w.weight === 0) continue;
    if (!zero.colors.includes(colorOf(w.voter, ruleset)) || !w.voter.statuses.some((s) => zero.statuses.includes(s.id))) continue;
    w.weight = 0;
    notes.add('possessing-zero', { name: w.voter.name });
  }
}

/** A side's words compared: lower-case, "ё" as "е", punctuation and extra spaces dropped. */
function normWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The colour a side move names: a colour id, its word in a post language, a faction's id or name, or (with the
 * ruleset's `words`) text whose every word is one of a colour's forms or an ignored word, all forms naming one colour
 * ("за красных", "мафию", "I am with the mafia"). Undefined: no side, or two, or a word it does not know.
 */
export function colorNamed(text: string, ruleset: Ruleset, words?: SideWords): string | undefined {
  const said = normWords(text);
  if (said === '') return undefined;
  for (const color of ['red', 'black', 'grey']) {
    const names = [color, ...Object.values(postPhrases).map((p) => p.colors[color] ?? color)];
    if (names.some((w) => normWords(w) === said)) return color;
  }
  const faction = ruleset.factions.find((f) => normWords(f.id) === said || normWords(f.name) === said);
  if (faction?.color !== undefined) return faction.color;
  if (words === undefined) return undefined;
  const ignored = new Set(words.ignored.map(normWords));
  const formOf = new Map<string, string>();
  for (const [color, forms] of Object.entries(words.colors)) for (const f of forms) formOf.set(normWords(f), color);
  // Several-word forms first ("мирные жители"), then single words.
  const multi = [...formOf.keys()].filter((f) => f.includes(' ')).sort((a, b) => b.length - a.length);
  let rest = ` ${said} `;
  const named = new Set<string>();
  for (const f of multi) {
    if (!rest.includes(` ${f} `)) continue;
    named.add(formOf.get(f) ?? '');
    rest = rest.split(` ${f} `).join(' ');
  }
  for (const w of rest.split(' ').filter((x) => x !== '')) {
    const color = formOf.get(w);
    if (color !== undefined) named.add(color);
    else if (!ignored.has(w)) return undefined;
  }
  return named.size === 1 ? [...named][0] : undefined;
}

/**
 * The latest side move of `player` this game (past phases and today's), if any, and whether the host refused it
 * (L125.9 "ведущий может отказать ему в этой возможности": `action/cancel` with `refused`).
 */
function latestSideMove(
  state: GameState,
  player: PlayerState,
  abilities: readonly string[],
): { readonly move: RecordedAction; readonly refused: boolean } | undefined {
  const mine = (m: RecordedAction): boolean => m.actor === player.slot.id && abilities.includes(m.ability);
  const moves = [
    ...[...(state.pastMoves ?? []), ...state.actions].filter(mine).map((move) => ({ move, refused: false })),
    ...(state.refusedMoves ?? []).filter(mine).map((move) => ({ move, refused: true })),
  ];
  return moves.sort((a, b) => a.move.at - b.move.at).at(-1);
}

/**
 * L125.7 "после чего для всех откроется его сторона": each player the tally sends away (`departure.status`) has his
 * side said in the vote result: L125.9 the side he told the host, or L125.10 the side of the player he named ("ему
 * пойдет в зачет сторона этого игрока"), read at the moment he leaves. No such move: the result says he named none.
 */
function revealSides(state: GameState, ruleset: Ruleset, rules: WeightedPluralityVoting, tally: DayTally, notes: TallyNotes): void {
  const roleDay = rules.day?.roleDay;
  const departure = roleDay?.departure;
  const report = roleDay?.sideReport;
  if (departure === undefined || report === undefined) return;
  for (const e of tally.effects) {
    if (e.type !== 'status/add' || e.status !== departure.status) continue;
    const p = playerOf(state, e.slotId);
    if (p === undefined) continue;
    const role = departure.roles.find((r) => holds(p, r)) ?? p.role;
    const latest = latestSideMove(state, p, [report.chooseAbility, report.nameAbility]);
    const move = latest?.move;
    if (latest?.refused === true) {
      notes.add('side-refused', { role, name: p.name });
      continue;
    }
    if (move?.ability === report.nameAbility) {
      const named = move.targets[0] === undefined ? undefined : playerOf(state, move.targets[0]);
      const color = named === undefined ? 'none' : colorOf(named, ruleset);
      if (named !== undefined && color !== 'none') {
        notes.add('side-revealed-named', { role, name: p.name, color, target: named.name });
        continue;
      }
    } else if (move !== undefined) {
      const color = colorNamed(move.text ?? '', ruleset, report.words);
      if (color !== undefined) {
        notes.add('side-revealed', { role, name: p.name, color });
        continue;
      }
    }
    notes.add('side-unreported', { role, name: p.name });
  }
}

/**
 * Death executions in the witch hunt (the seed is silent: L96 "в случае своего линчевания днем", and L162 calls the
 * hunt a way "залинчевать двух выбранных игроков"): with `huntExecutions: 'allowed'` a hunted holder's execution
 * stands as at a lynch (the executed player dies in the hunt with him); with `none` it is refused. Either way a holder
 * who sent one is an open-question hit.
 */
function huntExecutions(
  state: GameState,
  ruleset: Ruleset,
  rules: WeightedPluralityVoting,
  tally: DayTally,
  notes: TallyNotes,
  hits: OpenQuestionHit[],
): readonly VoteDeath[] {
  const roleDay = rules.day?.roleDay;
  const executions = roleDay?.executions;
  if (executions === undefined || tally.deaths.length === 0) return tally.deaths;
  const openedAt = state.openBallots.find((b) => b.ballot === tally.ballot)?.at ?? -1;
  const abilities = new Set(executions.map((e) => e.ability));
  const senders = tally.deaths.filter((d) =>
    state.actions.some((a) => a.actor === d.slotId && abilities.has(a.ability) && a.at > openedAt),
  );
  if (senders.length === 0) return tally.deaths;
  const chosen = roleDay?.huntExecutions ?? 'none';
  for (const d of senders)
    hits.push({
      setting: 'voting.day.roleDay.huntExecutions',
      chosen,
      detail: `${playerOf(state, d.slotId)?.name ?? d.slotId} sent a death execution in the witch hunt`,
    });
  if (chosen === 'none') {
    for (const d of senders) notes.add('hunt-no-execution', { name: playerOf(state, d.slotId)?.name ?? d.slotId });
    return tally.deaths;
  }
  const cause = tally.deaths[0]?.cause ?? 'witch hunt';
  return lynchExecutions(state, ruleset, rules, tally.deaths, openedAt, notes).deaths.map((d) => ({ slotId: d.slotId, cause }));
}

/**
 * The rulings of this file applied to a finished 004 tally: executions in the witch hunt and the departing players'
 * sides. Their words are added to the tally's notes (and English explanations) after its own.
 */
export function tallyWith004Rulings(
  state: GameState,
  ruleset: Ruleset,
  rules: WeightedPluralityVoting,
  tally: DayTally,
  hunt: string,
): DayTally {
  const notes = tallyNotes(ruleset);
  const hits: OpenQuestionHit[] = [];
  const deaths = tally.ballot === hunt ? huntExecutions(state, ruleset, rules, tally, notes, hits) : tally.deaths;
  revealSides(state, ruleset, rules, tally, notes);
  if (notes.notes.length === 0 && hits.length === 0) return tally;
  return {
    ...tally,
    deaths,
    outcome: deaths.length === tally.deaths.length ? tally.outcome : { kind: 'lynch', slotIds: deaths.map((d) => d.slotId) },
    openQuestions: [...tally.openQuestions, ...hits],
    explanations: [...tally.explanations, ...notes.explanations],
    notes: [...(tally.notes ?? []), ...notes.notes],
  };
}
