import { factionOf, phaseIndex, playerOf } from '../game/derive';
import { deathCauseText } from '../game/death-causes';
import type { GameState, PhaseRef, PlayerState } from '../game/types';
import type { OpenQuestionHit, Ruleset } from '../rules/types';
import type { Rng } from '../rng';
import type { DayTally } from '../voting/types';
import type { WinCheck } from '../win/check';
import { nightResult, nightResultNames, renderNightResult, type NightResult } from '../night/results';
import { renderTemplate, type Dialect, type TemplateValue } from './render';

/** A private message for one player: `text` in English; a night's result also as data, to be written in the host's language. */
export interface PrivateMessage {
  readonly to: string;
  readonly name: string;
  readonly text: string;
  readonly result?: NightResult;
}

const samePhase = (a: PhaseRef | null | undefined, b: PhaseRef): boolean =>
  a !== null && a !== undefined && a.kind === b.kind && a.number === b.number;

function phaseName(phase: PhaseRef): string {
  return `${phase.kind === 'day' ? 'Day' : 'Night'} ${phase.number}`;
}

function roleName(ruleset: Ruleset, id: string): string {
  return ruleset.roles.find((r) => r.id === id)?.name ?? id;
}

/** What the public learns about a dead player, by the ruleset's reveal setting. */
export function revealOf(player: PlayerState, ruleset: Ruleset): string {
  const role = [player.role, ...(player.secondRole === undefined ? [] : [player.secondRole])].map((r) => roleName(ruleset, r)).join(' + ');
  const faction = factionOf(player, ruleset)?.name ?? player.faction;
  switch (ruleset.announcements.revealOnDeath) {
    case 'role':
      return role;
    case 'faction':
      return faction;
    case 'role-and-faction':
      return `${role}, ${faction}`;
    case 'nothing':
      return '';
  }
}

function deathLines(state: GameState, ruleset: Ruleset, phase: PhaseRef, dialect: Dialect): string[] {
  return state.players
    .filter((p) => !p.alive && samePhase(p.death?.phase, phase))
    .map((p) => {
      const values: Record<string, TemplateValue> = {
        name: p.name,
        cause: deathCauseText(p.death?.cause ?? ''),
        reveal: revealOf(p, ruleset),
        will: '',
      };
      if (ruleset.announcements.showWills && p.will !== undefined) values['will'] = `Will: ${p.will}`;
      return renderTemplate(ruleset.announcements.templates.death, values, dialect).trimEnd();
    });
}

/**
 * The public post that opens a day (or a night): who died in the phase before
 * and what the ruleset makes public about them (role, faction, will), public
 * statuses that began, public messages, and who is alive. Only what the
 * ruleset's announcement rules make public is included.
 */
export function composePhaseStart(state: GameState, ruleset: Ruleset, previous: PhaseRef | null, dialect: Dialect): string {
  const phase = state.phase;
  const deaths = previous === null ? [] : deathLines(state, ruleset, previous, dialect);
  const seq = state.phaseSeq - 1;
  const statuses = state.players.flatMap((p) =>
    p.statuses
      .filter((s) => s.since === seq && ruleset.announcements.publicStatuses.includes(s.id))
      .map((s) =>
        renderTemplate(
          ruleset.announcements.templates.status,
          { name: p.name, status: ruleset.statuses.find((d) => d.id === s.id)?.name ?? s.id },
          dialect,
        ),
      ),
  );
  const news = previous === null ? [] : state.publicMessages.filter((m) => samePhase(m.phase, previous)).map((m) => m.text);
  const alive = state.players.filter((p) => p.alive).map((p) => p.name);
  return tidy(
    renderTemplate(
      ruleset.announcements.templates.dayStart,
      {
        phase: phase === null ? '' : phaseName(phase),
        deaths: deaths.length === 0 ? ['Nobody died.'] : { rendered: deaths.join('\n') },
        statuses: { rendered: statuses.join('\n') },
        news,
        alive,
        aliveCount: alive.length,
      },
      dialect,
    ),
  );
}

/** Drops runs of blank lines a template leaves where a value was empty. */
function tidy(text: string): string {
  return text
    .split('\n')
    .filter((l, i, all) => l.trim().length > 0 || (i > 0 && (all[i - 1] ?? '').trim().length > 0))
    .join('\n')
    .trim();
}

/**
 * The public vote result: totals per player (and per family), who voted for
 * whom only where the ruleset makes votes public, the deaths with what is
 * revealed, and the corrections the count applied.
 */
export function composeVoteResult(tally: DayTally, state: GameState, ruleset: Ruleset, dialect: Dialect): string {
  const name = (id: string): string => playerOf(state, id)?.name ?? id;
  const totals = tally.totals.map((t) => `${name(t.target)}: ${t.total}`);
  const families = (tally.familyTotals ?? []).map((t) => `${t.target}: ${t.total}`);
  const votes =
    ruleset.announcements.voteResults === 'votes'
      ? tally.counted.map((v) => `${name(v.voter)} → ${name(v.target)}${v.weight !== 1 || v.counted !== 1 ? ` (${v.counted})` : ''}`)
      : [];
  const deaths = tally.deaths.map((d) => {
    const p = playerOf(state, d.slotId);
    return p === undefined ? d.slotId : `${p.name} (${d.cause})${revealOf(p, ruleset) === '' ? '' : `: ${revealOf(p, ruleset)}`}`;
  });
  const outcome =
    tally.outcome.kind === 'runoff' || tally.outcome.kind === 'election-runoff'
      ? [`Tie: a second vote between ${tally.outcome.candidates.map(name).join(', ')}.`]
      : tally.outcome.kind === 'elected'
        ? [`${name(tally.outcome.slotId)} is elected ${tally.outcome.title}.`]
        : deaths.length === 0
          ? ['Nobody dies.']
          : deaths;
  return tidy(
    renderTemplate(
      ruleset.announcements.templates.voteResult,
      { phase: state.phase === null ? '' : phaseName(state.phase), totals, families, votes, outcome, notes: tally.explanations },
      dialect,
    ),
  );
}

function sentence(clause: string): string {
  const text = clause.trim();
  if (text === '') return text;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

/** The post that ends the game. */
export function composeWinner(check: WinCheck, state: GameState, dialect: Dialect, ruleset: Ruleset): string {
  const names = check.winners.map((id) => playerOf(state, id)?.name ?? id);
  const sides = check.winningSides.map((s) => ruleset.factions.find((f) => f.id === s)?.name ?? s);
  return renderTemplate(
    ruleset.announcements.templates.winner,
    // The win check's detail is a clause ("no mafia is left alive: …"); standing alone in the post it is a sentence.
    {
      result: check.result === 'draw' ? 'Draw' : 'Winner',
      sides: sides.join(', '),
      winners: names.join(', '),
      detail: sentence(check.detail),
    },
    dialect,
  );
}

/**
 * The post that closes a game: the deaths of the phase that ended it, with
 * what the ruleset reveals, then the winner. Nothing "begins" after it.
 */
export function composeGameEnd(check: WinCheck, state: GameState, ruleset: Ruleset, after: PhaseRef, dialect: Dialect): string {
  const deaths = deathLines(state, ruleset, after, dialect);
  return tidy([...deaths, ...(deaths.length > 0 ? [''] : []), composeWinner(check, state, dialect, ruleset)].join('\n'));
}

/**
 * Private messages of a phase: everything the host sent a player in it, the
 * roles of the phase's dead to the roles told them (000's Witness; a night
 * resolved by the night rules tells them itself), and the vote leaks the
 * ruleset gives roles (000's Court Secretary: a random 25%, rounded down, of
 * the individual votes, chosen independently per holder).
 */
export function composePrivateMessages(
  state: GameState,
  ruleset: Ruleset,
  phase: PhaseRef,
  tally: DayTally | null,
  rng: Rng,
  options: { readonly nightResolved?: boolean } = {},
): { readonly messages: readonly PrivateMessage[]; readonly openQuestions: readonly OpenQuestionHit[] } {
  const messages: PrivateMessage[] = [];
  const openQuestions: OpenQuestionHit[] = [];
  for (const p of state.players) {
    for (const m of p.inbox) {
      if (!samePhase(m.phase, phase)) continue;
      messages.push({ to: p.slot.id, name: p.name, text: m.text, ...(m.result === undefined ? {} : { result: m.result }) });
    }
  }
  if (options.nightResolved !== true) {
    const names = nightResultNames(
      state.players.map((p) => ({ id: p.slot.id, name: p.name })),
      { roles: ruleset.roles },
    );
    const dead = state.players.filter((p) => !p.alive && samePhase(p.death?.phase, phase));
    for (const holder of state.players.filter(
      (p) => p.alive && ruleset.announcements.deathRoleRoles.some((r) => r === p.role || r === p.secondRole),
    )) {
      for (const d of dead) {
        if (d.slot.id === holder.slot.id) continue;
        const result = nightResult(
          holder.slot.id,
          'witnessed-death',
          [d.slot.id],
          [d.role, ...(d.secondRole === undefined ? [] : [d.secondRole])],
        );
        messages.push({ to: holder.slot.id, name: holder.name, text: renderNightResult(result, names), result });
      }
    }
  }
  if (tally !== null) {
    const individual = tally.counted.filter((v) => v.ballot !== 'family' && !v.ballot.startsWith('family-'));
    for (const leak of ruleset.announcements.voteLeakRoles) {
      for (const holder of state.players.filter((p) => p.alive && (p.role === leak.role || p.secondRole === leak.role))) {
        const count = Math.floor(individual.length * leak.share);
        openQuestions.push({
          setting: 'announcements.voteLeakRoles',
          chosen: 'share of counted individual votes',
          detail: `${holder.name} is told ${count} of ${individual.length} votes`,
        });
        const pool = [...individual];
        const chosen: typeof individual = [];
        while (chosen.length < count && pool.length > 0) {
          const [pick] = pool.splice(rng.int(pool.length), 1);
          if (pick !== undefined) chosen.push(pick);
        }
        chosen.sort((a, b) => a.at - b.at);
        const name = (id: string): string => playerOf(state, id)?.name ?? id;
        messages.push({
          to: holder.slot.id,
          name: holder.name,
          text: chosen.length === 0 ? 'No votes to report.' : chosen.map((v) => `${name(v.voter)} voted for ${name(v.target)}`).join('\n'),
        });
      }
    }
  }
  return { messages, openQuestions };
}

/** Phases in game order (for a host's timeline). */
export function comparePhases(a: PhaseRef, b: PhaseRef, firstPhase: 'day' | 'night'): number {
  return phaseIndex(a, firstPhase) - phaseIndex(b, firstPhase);
}
