/**
 * 004's witch-hunt approvals (L162–L164): reading them from a post, and
 * counting them for the day. "Одобрение должны дать минимум 50% действующих
 * основных игроков (без учета элитных ролей и фантомов) зеленым шрифтом"; "На
 * сбор одобрений выделяется 15 минут". An approval is a run of the player's own
 * emphasised text that reads as one of the ruleset's approval phrases
 * (`voting.day.huntApproval`, data, in the game's languages); the count keeps
 * one per living main player, posted within the window when the time is known.
 */
import { hasStatusFlag, playerOf } from '../game/derive';
import type { GameState } from '../game/types';
import type { BodyNode, ForumPost } from '../types';
import type { HuntApprovalGrammar, Ruleset, WeightedPluralityVoting } from '../rules/types';
import { huntApprovalBallot, isElite } from './day-004';
import type { DayClockInput } from './day-004-roles';
import { isGreen } from '../votes/extract';

/** Why an approval-like run of a post is no approval. */
export type ApprovalReadReason =
  /** Inside a quotation of someone else's post. */
  | 'approval/in-quote'
  /** Inside a spoiler. */
  | 'approval/in-spoiler'
  /** Written in plain text: an approval is emphasised like a vote (L164: green font). */
  | 'approval/not-emphasised'
  /** Struck through: taken back. */
  | 'approval/struck';

/** One approval-like run of a post. */
export interface ApprovalCandidate {
  /** The run as written. */
  readonly text: string;
  readonly counted: boolean;
  readonly reason?: ApprovalReadReason;
}

/** A phrase as compared: lower case, "ё" as "е", letters and digits only, single spaces. */
export function approvalKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const phraseSets = new WeakMap<HuntApprovalGrammar, ReadonlySet<string>>();

function phrasesOf(grammar: HuntApprovalGrammar): ReadonlySet<string> {
  let set = phraseSets.get(grammar);
  if (set === undefined) {
    set = new Set(grammar.phrases.map(approvalKey).filter((p) => p !== ''));
    phraseSets.set(grammar, set);
  }
  return set;
}

/** Whether a text reads as one of the grammar's approval phrases (the vote reader's green "Одобряю" is no vote for a player so named). */
export function isApprovalPhrase(text: string, grammar: HuntApprovalGrammar): boolean {
  return phrasesOf(grammar).has(approvalKey(text));
}

interface Run {
  readonly emphasised: boolean;
  readonly inQuote: boolean;
  readonly inSpoiler: boolean;
  readonly line: number;
  text: string;
  struck: boolean;
}

/** A body's runs: text on one line with the same emphasis (bold, or green font where green is a vote) and context. */
function runsOf(nodes: readonly BodyNode[], greenFont: boolean): Run[] {
  const runs: Run[] = [];
  let line = 0;
  const walk = (list: readonly BodyNode[], inQuote: boolean, inSpoiler: boolean): void => {
    for (const node of list) {
      if (node.type === 'break') line++;
      else if (node.type === 'quote' || node.type === 'spoiler') {
        line++;
        walk(node.children, inQuote || node.type === 'quote', inSpoiler || node.type === 'spoiler');
        line++;
      } else {
        const emphasised = node.bold === true || node.voteTag === true || (greenFont && isGreen(node.color));
        const last = runs[runs.length - 1];
        const struck = node.struck === true;
        if (
          last !== undefined &&
          last.line === line &&
          last.emphasised === emphasised &&
          last.inQuote === inQuote &&
          last.inSpoiler === inSpoiler
        ) {
          last.text += node.text;
          last.struck = last.struck && (struck || node.text.trim() === '');
        } else runs.push({ emphasised, inQuote, inSpoiler, line, text: node.text, struck });
      }
    }
  };
  walk(nodes, false, false);
  return runs;
}

/**
 * The approval-like runs of a post, each counted or not with why: a run whose whole text is one of the grammar's
 * phrases ("Одобряю", "за охоту", "approve the hunt"); it counts when emphasised (bold, or green font where
 * `greenFont`), not quoted, not in a spoiler and not struck. A phrase inside a sentence is talk, not an approval.
 *
 * @example readHuntApprovals(post, huntApproval004, { greenFont: true }) // [{ text: 'Одобряю', counted: true }]
 */
export function readHuntApprovals(
  post: Pick<ForumPost, 'body'>,
  grammar: HuntApprovalGrammar,
  options: { readonly greenFont: boolean },
): ApprovalCandidate[] {
  const phrases = phrasesOf(grammar);
  const out: ApprovalCandidate[] = [];
  for (const run of runsOf(post.body, options.greenFont)) {
    if (!phrases.has(approvalKey(run.text))) continue;
    const text = run.text.trim();
    const reason: ApprovalReadReason | undefined = run.inQuote
      ? 'approval/in-quote'
      : run.inSpoiler
        ? 'approval/in-spoiler'
        : !run.emphasised
          ? 'approval/not-emphasised'
          : run.struck
            ? 'approval/struck'
            : undefined;
    out.push(reason === undefined ? { text, counted: true } : { text, counted: false, reason });
  }
  return out;
}

/** Why a recorded approval does not count for today's hunt. */
export type ApprovalVoidReason =
  /** Not a living main player admitted to the vote (elites, the dead, the barred and the inactive do not count). */
  | 'approval/not-main'
  /** The player approved already: one approval each. */
  | 'approval/repeated'
  /** Posted before the vote opened: the host collects approvals from its start (L164.2). */
  | 'approval/too-early'
  /** Posted after the window (L164.5: 15 minutes). */
  | 'approval/too-late';

/** One approval of the day (a vote on the `hunt-approval` ballot) as the count judges it. */
export interface HuntApproval {
  readonly voter: string;
  /** Its place in the tally's order (a post number where counted from the thread, else the log index). */
  readonly at: number;
  /** When it was made, where known. */
  readonly time?: number;
  readonly counted: boolean;
  readonly reason?: ApprovalVoidReason;
}

/** Today's approvals: how many count, how many are needed, and each one with its verdict. */
export interface HuntApprovalCount {
  readonly approvals: number;
  readonly needed: number;
  readonly list: readonly HuntApproval[];
}

/**
 * The witch hunt's approvals today (L164): living main players (elites out) admitted to the vote who approved (a vote
 * on the `hunt-approval` ballot), once each; with the time given, only those made from the vote's opening to the end
 * of the window count. `needed` is `huntApprovalShare` of the main players, rounded up. Null: the rules have no hunt
 * approvals.
 */
export function huntApprovals(
  state: GameState,
  ruleset: Ruleset,
  rules: WeightedPluralityVoting,
  clock?: DayClockInput,
): HuntApprovalCount | null {
  const day = rules.day;
  const share = day?.huntApprovalShare;
  if (share === undefined) return null;
  const main = state.players.filter(
    (p) =>
      p.alive &&
      !isElite(p, ruleset) &&
      !hasStatusFlag(p, ruleset, 'blocksVoting') &&
      !(day?.forcedSelfVoteStatus !== undefined && p.statuses.some((s) => s.id === day.forcedSelfVoteStatus)),
  );
  const ids = new Set(main.map((p) => p.slot.id));
  const window = day?.clock;
  const seen = new Set<string>();
  const list: HuntApproval[] = [];
  for (const v of [...state.votes].filter((x) => x.ballot === huntApprovalBallot && x.target !== null).sort((a, b) => a.at - b.at)) {
    const time = clock?.timeOf(v.at);
    const base = { voter: v.voter, at: v.at, ...(time === undefined ? {} : { time }) };
    let reason: ApprovalVoidReason | undefined;
    if (!ids.has(v.voter) || playerOf(state, v.voter) === undefined) reason = 'approval/not-main';
    else if (seen.has(v.voter)) reason = 'approval/repeated';
    else if (window !== undefined && clock !== undefined && time !== undefined) {
      // L164 "ведущий во время начала голосования начнет сбор одобрений … На сбор одобрений выделяется 15 минут".
      if (time < clock.voteOpensAt) reason = 'approval/too-early';
      else if (time > clock.voteOpensAt + window.huntApprovalMinutes * 60_000) reason = 'approval/too-late';
    }
    if (reason === undefined) seen.add(v.voter);
    list.push(reason === undefined ? { ...base, counted: true } : { ...base, counted: false, reason });
  }
  return { approvals: seen.size, needed: Math.ceil(main.length * share), list };
}
