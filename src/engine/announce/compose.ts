import { factionOf, phaseIndex, playerOf } from '../game/derive';
import { notesToPost } from '../game/night-notes';
import type { GameState, PhaseRef, PlayerState, SentMessage } from '../game/types';
import type { EngineMessage, MessageWording } from '../words';
import type { OpenQuestionHit, Ruleset } from '../rules/types';
import type { Rng } from '../rng';
import type { DayTally } from '../voting/types';
import { votesHidden } from '../voting/day-abilities';
import type { WinCheck } from '../win/check';
import { nightResult, nightResultNames, renderNightResult, type NightResult, type NightResultNames } from '../night/results';
import { rulesetNightRules } from '../rules/sections';
import type { PostLanguage } from '../rules/types';
import {
  causeIn,
  defaultPostLanguage,
  formatAmount,
  noteIn,
  postPhaseName,
  pluralForm,
  postNames,
  postPhrases,
  templatesIn,
  type PostNames,
} from './phrases';
import { renderPlain, renderTemplate, type Dialect, type TemplateValue } from './render';

/** A private message for one player: `text` in the game's post language; a night's result also as data, to be written in any language. */
export interface PrivateMessage {
  readonly to: string;
  readonly name: string;
  readonly text: string;
  readonly result?: NightResult;
  /** What the game rules said (004's end-of-day moves), for a reader to word in its language; `text` is its wording in the post. */
  readonly message?: EngineMessage;
}

/**
 * What a sent message says in a post's language: a night's result in the post's words, a message the
 * game rules said in the caller's wording (its `text` as sent where no wording is given), a host's own
 * message (or one stored before results and messages were data) as written.
 */
function sentText(m: SentMessage, results: NightResultNames, language: PostLanguage, wording: MessageWording | undefined): string {
  if (m.result !== undefined) return renderNightResult(m.result, results, language);
  if (m.message !== undefined && wording !== undefined) return wording(m.message, language);
  return m.text;
}

/**
 * How a night result in a post names the game's players, the ruleset's roles
 * and factions (in the post's language) and a check's verdict (the night
 * rules' word, in the post's language where the phrases know it).
 */
export function postResultNames(state: GameState, ruleset: Ruleset, language: PostLanguage): NightResultNames {
  const names = postNames(ruleset, language);
  const verdictWords = rulesetNightRules(ruleset)?.verdicts;
  const base = nightResultNames(
    state.players.map((p) => ({ id: p.slot.id, name: p.name })),
    {
      roles: ruleset.roles.map((r) => ({ id: r.id, name: names.role(r.id) })),
      ...(verdictWords === undefined ? {} : { verdicts: verdictWords }),
    },
    language,
  );
  return { ...base, faction: (id) => names.faction(id) };
}

const samePhase = (a: PhaseRef | null | undefined, b: PhaseRef): boolean =>
  a !== null && a !== undefined && a.kind === b.kind && a.number === b.number;

/**
 * What the public learns about a dead player, by the ruleset's reveal
 * settings (a night death by `revealOnNightDeath` where the ruleset has one):
 * with `names`, in their language; without, by the ruleset's own names.
 */
export function revealOf(player: PlayerState, ruleset: Ruleset, names?: PostNames): string {
  const roleName = (id: string): string => names?.role(id) ?? ruleset.roles.find((r) => r.id === id)?.name ?? id;
  // 004 L48: the marks the ruleset shows beside the roles (the successor's), where the negative role is shown.
  const marks = player.statuses
    .filter((s) => ruleset.announcements.revealStatuses?.includes(s.id) === true)
    .map((s) => names?.status(s.id) ?? ruleset.statuses.find((d) => d.id === s.id)?.name ?? s.id);
  const roles = [player.role, ...(player.secondRole === undefined ? [] : [player.secondRole])].map(roleName).join(' + ');
  const role = marks.length === 0 ? roles : `${roles} (${marks.join(', ')})`;
  const found = factionOf(player, ruleset);
  const faction = found === undefined ? player.faction : (names?.faction(found.id) ?? found.name);
  const night = player.death?.phase?.kind === 'night' ? ruleset.announcements.revealOnNightDeath : undefined;
  switch (night ?? ruleset.announcements.revealOnDeath) {
    case 'role':
      return role;
    case 'peaceful-role':
      return roleName(player.role);
    case 'faction':
      return faction;
    case 'role-and-faction':
      return `${role}, ${faction}`;
    case 'nothing':
      return '';
  }
}

function deathLines(state: GameState, ruleset: Ruleset, phase: PhaseRef, dialect: Dialect, language: PostLanguage): string[] {
  const names = postNames(ruleset, language);
  const template = templatesIn(ruleset, language).death;
  return state.players
    .filter((p) => !p.alive && samePhase(p.death?.phase, phase))
    .map((p) => {
      const values: Record<string, TemplateValue> = {
        name: p.name,
        cause: causeIn(p.death?.cause ?? '', language),
        reveal: revealOf(p, ruleset, names),
        will: '',
      };
      if (ruleset.announcements.showWills && p.will !== undefined && p.will !== '')
        values['will'] = { rendered: renderTemplate(postPhrases[language].will, { will: p.will }, dialect) };
      return renderTemplate(template, values, dialect).trimEnd();
    });
}

/**
 * What a phase made public, for the post after it: the public words the night rules gave (004's "попал"), written in
 * the post's language, a host's own message as written; and after a night, its notes (004 L166: under the results, no
 * sender named; L169: a note of one killed that night too).
 */
function phaseNews(state: GameState, ruleset: Ruleset, phase: PhaseRef, language: PostLanguage, wording?: MessageWording): string[] {
  const results = postResultNames(state, ruleset, language);
  return [
    ...state.publicMessages.filter((m) => samePhase(m.phase, phase)).map((m) => sentText(m, results, language, wording)),
    ...(phase.kind === 'night' ? notesToPost(state, phase).map((n) => renderPlain(postPhrases[language].nightNote, { text: n.text })) : []),
  ];
}

/**
 * The public post that opens a day (or a night): who died in the phase before
 * and what the ruleset makes public about them (role, faction, will), public
 * statuses that began, public messages, and who is alive. Only what the
 * ruleset's announcement rules make public is included.
 */
export function composePhaseStart(
  state: GameState,
  ruleset: Ruleset,
  previous: PhaseRef | null,
  dialect: Dialect,
  language: PostLanguage = defaultPostLanguage(ruleset),
  /** How the caller words an engine message (its catalogs), for the public words of the phase before. */
  wording?: MessageWording,
): string {
  const phase = state.phase;
  const names = postNames(ruleset, language);
  const templates = templatesIn(ruleset, language);
  const deaths = previous === null ? [] : deathLines(state, ruleset, previous, dialect, language);
  const seq = state.phaseSeq - 1;
  const statuses = state.players.flatMap((p) =>
    p.statuses
      .filter((s) => s.since === seq && ruleset.announcements.publicStatuses.includes(s.id))
      .map((s) => renderTemplate(templates.status, { name: p.name, status: names.status(s.id) }, dialect)),
  );
  const news = previous === null ? [] : phaseNews(state, ruleset, previous, language, wording);
  const alive = state.players.filter((p) => p.alive).map((p) => p.name);
  return tidy(
    renderTemplate(
      templates.dayStart,
      {
        phase: phase === null ? '' : postPhaseName(phase, language),
        deaths: deaths.length === 0 ? [postPhrases[language].nobodyDied] : { rendered: deaths.join('\n') },
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
 * The totals a vote result post shows: 004's black Liar's hidden votes (L97) are taken off them unless the ruleset
 * shows the real totals; a target whose every vote was hidden has no line.
 */
function shownTotals(tally: DayTally, ruleset: Ruleset): readonly { readonly target: string; readonly total: number }[] {
  const voting = ruleset.voting;
  const mode = voting.kind === 'weighted-plurality' ? (voting.day?.roleDay?.hiddenVotesInTotals ?? 'left-out') : 'counted';
  const hidden = tally.counted.filter((v) => v.hidden === true);
  if (mode === 'counted' || hidden.length === 0) return tally.totals;
  return tally.totals.flatMap((t) => {
    const off = hidden.filter((v) => v.target === t.target).reduce((s, v) => s + v.counted, 0);
    if (off === 0) return [t];
    return t.total - off <= 0 ? [] : [{ target: t.target, total: t.total - off }];
  });
}

/**
 * The public vote result: totals per player (and per family), who voted for
 * whom only where the ruleset makes votes public, the deaths with what is
 * revealed, and the corrections the count applied.
 */
export function composeVoteResult(
  tally: DayTally,
  state: GameState,
  ruleset: Ruleset,
  dialect: Dialect,
  language: PostLanguage = defaultPostLanguage(ruleset),
): string {
  const words = postPhrases[language];
  const names = postNames(ruleset, language);
  const name = (id: string): string => playerOf(state, id)?.name ?? id;
  // Each line is rendered here (names escaped once) and passed on as rendered.
  const line = (template: string, values: Readonly<Record<string, TemplateValue>>): string => renderTemplate(template, values, dialect);
  const total = (who: string, n: number): string => line(pluralForm(words.total, language, n), { name: who, n: formatAmount(n, language) });
  // 003: "Lynch votes won't be shown in the case of Voice of Reason".
  const hidden = votesHidden(state, ruleset);
  const totals = hidden ? [] : shownTotals(tally, ruleset).map((t) => total(name(t.target), t.total));
  const families = (tally.familyTotals ?? []).map((t) => total(t.target, t.total));
  const votes =
    ruleset.announcements.voteResults === 'votes' && !hidden
      ? tally.counted
          // 004 L97: "Докинутые голоса не указываются в спойлере голосования".
          .filter((v) => v.hidden !== true)
          .map((v) =>
            v.weight !== 1 || v.counted !== 1
              ? line(words.weightedVote, { voter: name(v.voter), target: name(v.target), n: formatAmount(v.counted, language) })
              : line(words.vote, { voter: name(v.voter), target: name(v.target) }),
          )
      : [];
  const deaths = tally.deaths.map((d) => {
    const p = playerOf(state, d.slotId);
    if (p === undefined) return line('{id}', { id: d.slotId });
    const reveal = revealOf(p, ruleset, names);
    const cause = causeIn(d.cause, language);
    return reveal === '' ? line(words.voteDeath, { name: p.name, cause }) : line(words.voteDeathRevealed, { name: p.name, cause, reveal });
  });
  const outcome =
    tally.outcome.kind === 'runoff' || tally.outcome.kind === 'election-runoff'
      ? [line(words.runoff, { names: tally.outcome.candidates.map(name).join(', ') })]
      : tally.outcome.kind === 'elected'
        ? [line(words.elected, { name: name(tally.outcome.slotId), title: names.title(tally.outcome.title) })]
        : deaths.length === 0
          ? [line(words.nobodyDies, {})]
          : deaths;
  const rendered = (lines: readonly string[]): TemplateValue => ({ rendered: lines.join('\n') });
  return tidy(
    renderTemplate(
      templatesIn(ruleset, language).voteResult,
      {
        phase: state.phase === null ? '' : postPhaseName(state.phase, language),
        totals: rendered(totals),
        families: rendered(families),
        votes: rendered(votes),
        outcome: rendered(outcome),
        // A tally stored before its notes were data keeps its English explanations.
        notes: tally.notes === undefined ? tally.explanations : tally.notes.map((n) => noteIn(n, language, names)),
      },
      dialect,
    ),
  );
}

function sentence(clause: string): string {
  const text = clause.trim();
  if (text === '') return text;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

/** Why the game ended, as the post says it: the language's sentence for the win check's reason, else the check's own detail. */
function winDetail(check: WinCheck, language: PostLanguage): string {
  const words = postPhrases[language];
  const said = words.winReasons[check.reason];
  if (said === undefined) return sentence(check.detail);
  // 004: a side's win after the Faceless won already is a draw for that side.
  return check.result === 'draw' && check.reason !== 'win/stalemate-draw' ? `${said} ${words.facelessDraw}` : said;
}

/** The post that ends the game. */
export function composeWinner(
  check: WinCheck,
  state: GameState,
  dialect: Dialect,
  ruleset: Ruleset,
  language: PostLanguage = defaultPostLanguage(ruleset),
): string {
  const words = postPhrases[language];
  const names = postNames(ruleset, language);
  const winners = check.winners.map((id) => playerOf(state, id)?.name ?? id);
  // 000's winning sides are families (named by the host), the others factions.
  const sides = check.winningSides.map((s) => (ruleset.factions.some((f) => f.id === s) ? names.faction(s) : s));
  return renderTemplate(
    templatesIn(ruleset, language).winner,
    // The win check's detail is a clause ("no mafia is left alive: …"); standing alone in the post it is a sentence.
    {
      result: check.result === 'draw' ? words.draw : words.winner,
      sides: sides.join(', '),
      winners: winners.join(', '),
      detail: winDetail(check, language),
    },
    dialect,
  );
}

/**
 * The post that closes a game: the deaths of the phase that ended it, with
 * what the ruleset reveals, then the winner. Nothing "begins" after it.
 */
export function composeGameEnd(
  check: WinCheck,
  state: GameState,
  ruleset: Ruleset,
  after: PhaseRef,
  dialect: Dialect,
  language: PostLanguage = defaultPostLanguage(ruleset),
  /** How the caller words an engine message (its catalogs), for the public words of the phase that ended the game. */
  wording?: MessageWording,
): string {
  const deaths = deathLines(state, ruleset, after, dialect, language);
  // The last phase's public words and night notes, as a day's opening post would have shown them.
  const news = phaseNews(state, ruleset, after, language, wording);
  const before = [...deaths, ...(deaths.length > 0 && news.length > 0 ? [''] : []), ...news];
  return tidy([...before, ...(before.length > 0 ? [''] : []), composeWinner(check, state, dialect, ruleset, language)].join('\n'));
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
  options: { readonly nightResolved?: boolean; readonly language?: PostLanguage; readonly wording?: MessageWording } = {},
): { readonly messages: readonly PrivateMessage[]; readonly openQuestions: readonly OpenQuestionHit[] } {
  const language = options.language ?? defaultPostLanguage(ruleset);
  const words = postPhrases[language];
  const resultNames = postResultNames(state, ruleset, language);
  const messages: PrivateMessage[] = [];
  const openQuestions: OpenQuestionHit[] = [];
  for (const p of state.players) {
    for (const m of p.inbox) {
      if (!samePhase(m.phase, phase)) continue;
      // A night's result is written in the post's language; a host's own message as written.
      const text = sentText(m, resultNames, language, options.wording);
      messages.push({
        to: p.slot.id,
        name: p.name,
        text,
        ...(m.result === undefined ? {} : { result: m.result }),
        ...(m.message === undefined ? {} : { message: m.message }),
      });
    }
  }
  if (options.nightResolved !== true) {
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
        messages.push({ to: holder.slot.id, name: holder.name, text: renderNightResult(result, resultNames, language), result });
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
          text:
            chosen.length === 0
              ? words.noVotesToReport
              : chosen.map((v) => renderPlain(words.votedFor, { voter: name(v.voter), target: name(v.target) })).join('\n'),
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
