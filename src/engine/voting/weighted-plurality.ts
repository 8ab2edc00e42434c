import { playerOf } from '../game/derive';
import { copiesRoleToday } from '../night/roles-004-copies';
import type { GameEvent, GameState, PlayerState, RecordedVote } from '../game/types';
import type { OpenQuestionHit, Ruleset, WeightedPluralityVoting } from '../rules/types';
import {
  activeColorCounts,
  baseWeightOf,
  colorOf,
  dayAction,
  dayActions,
  holds,
  isElite,
  isVoteImmuneToday,
  redsLynched,
  roleBarrierOf,
  voteCapOf,
  weightShiftOf,
} from './day-004';
import {
  borrowedFrom,
  counterValue,
  crowdOf,
  dayProtections,
  holdsAny,
  unusableCorpses,
  voteBankOf,
  withoutLateMoves,
  openingNote,
  type DayClockInput,
} from './day-004-roles';
import {
  ballotBefore,
  departures,
  firstBallotPurchase,
  lynchExecutions,
  runoffPurchaseHit,
  waivesBonus,
  type Execution,
} from './day-004-lynch';
import { forcedVoteDue, tallyWith004Rulings, zeroVotesWhile } from './day-004-lynch-2';
import { copiedBarrier, copyFactor } from './day-004-copies';
import { votesAsked } from './day-004-dealer';
import { withDayOrders } from '../game/slave-orders-004';
import { heroAskedTeam, heroSaveEffects, liarMechanics } from './day-004-mechanics';
import { sortTotals, voterVoid } from './eligibility';
import type { CountedVote, DayOutcome, DayTally, VoidedVote, VoteDeath, VoteTotal } from './types';
import { tallyNotes, type TallyNotes } from './notes';

/** The ballots of a 004 day. */
export const pluralityBallots = {
  lynch: 'lynch',
  runoff: 'runoff',
  hunt: 'hunt',
  election: 'election',
  electionRunoff: 'election-runoff',
  /** L30: the re-vote after the Priest forgave the player who would have died. */
  revote: 'revote',
  /** L156–L157: the extra vote after a lone Faceless (or Hero-saved) lynch. */
  extra: 'extra',
} as const;

/** Living red and black players (elite seats excluded): 004's R and B. */
export function colorCounts(state: GameState, ruleset: Ruleset): { readonly red: number; readonly black: number; readonly grey: number } {
  return activeColorCounts(state, ruleset, 'alive');
}

/** The ballot being decided now: the latest one the host opened, else the day's default. */
export function currentBallot(state: GameState, rules: WeightedPluralityVoting): string {
  const opened = state.openBallots[state.openBallots.length - 1];
  if (opened !== undefined) return opened.ballot;
  return state.phase?.number === rules.electionDay ? pluralityBallots.election : pluralityBallots.lynch;
}

/** Why 004's witch hunt cannot be called now (its approvals aside). */
export type HuntRefusal = 'hunt/mayor-in-office' | 'hunt/already-held' | 'hunt/extra-vote' | 'hunt/too-few-alive' | 'hunt/other-ballot';

/**
 * Whether the host may call the witch hunt now (L158–L164), its approvals aside: not while a Mayor holds office, once a
 * game, not at an extra vote or a re-vote (L164.2 "При дополнительных голосованиях выбор охоты не дается"), not with
 * too few alive, and only in place of the day's lynch vote. Null: it may.
 */
export function huntRefusal(state: GameState, rules: WeightedPluralityVoting): HuntRefusal | null {
  const ballot = currentBallot(state, rules);
  if (state.players.some((p) => p.titles.includes(rules.titleLostOnRedLynch))) return 'hunt/mayor-in-office';
  if (state.history.some((d) => d.ballot === pluralityBallots.hunt) || ballot === pluralityBallots.hunt) return 'hunt/already-held';
  if (state.openBallots.some((b) => b.ballot === pluralityBallots.extra || b.ballot === pluralityBallots.revote)) return 'hunt/extra-vote';
  if (state.players.filter((p) => p.alive).length <= rules.witchHuntMinAlive) return 'hunt/too-few-alive';
  if (ballot !== pluralityBallots.lynch) return 'hunt/other-ballot';
  return null;
}

type Color = ReturnType<typeof colorOf>;

interface Working {
  voter: PlayerState;
  target: string;
  color: Color;
  weight: number;
  counted: number;
  at: number;
  advance: boolean;
  /** The vote has a bonus against its target (L28 Lawyer), so the target's barriers do not work against it. */
  bonusAgainst: boolean;
  /** L97: a black Liar's hidden vote (not his own open vote). */
  hidden?: true;
  /** L129: the Servant who cast this vote for his master. */
  proxy?: PlayerState;
}

/**
 * Tallies a 004 day (digest §2): the Day 1 mayor election, the lynch by
 * weighted plurality with the red, black and grey corrections and barriers,
 * the run-off among only the tied, its strict-tie rules, the "everyone voted
 * for him" overrides and the witch hunt. Which ballot is decided is the
 * latest one the host opened (`ballot/open`), else the day's default.
 */
export function tallyWeightedPlurality(
  given: GameState,
  ruleset: Ruleset,
  rules: WeightedPluralityVoting,
  clock?: DayClockInput,
): DayTally {
  // L27: the Pimp's day orders stand for his slave's day moves the tally reads (forgiveness, a save, an execution).
  const state = withDayOrders(given, ruleset);
  const ballot = currentBallot(state, rules);
  const candidates = state.openBallots.find((b) => b.ballot === ballot)?.candidates;
  switch (ballot) {
    case pluralityBallots.election:
    case pluralityBallots.electionRunoff:
      return tallyElection(state, ruleset, rules, ballot, candidates);
    case pluralityBallots.hunt:
      return withHuntShifts(
        state,
        ruleset,
        rules,
        tallyWith004Rulings(state, ruleset, rules, tallyHunt(state, ruleset, rules), pluralityBallots.hunt),
      );
    default:
      return tallyWith004Rulings(
        state,
        ruleset,
        rules,
        tallyLynch(state, ruleset, rules, ballot, candidates, clock),
        pluralityBallots.hunt,
      );
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

function baseWeight(state: GameState, player: PlayerState, rules: WeightedPluralityVoting, vote: RecordedVote): number {
  if (vote.weight !== undefined) return vote.weight;
  // L40: "Если скопировал судью … голос … будет на треть слабее базового" (from scratch: the base, not the original's moved weight).
  const source = borrowedFrom(state, player, rules.day?.roleDay);
  const factor = rules.day?.roleDay?.borrowedWeights?.factor;
  if (source !== undefined && factor !== undefined) {
    const shift = weightShiftOf(source, rules.day);
    const borrowed = shift?.start ?? [source.role].map((r) => rules.roleWeights[r]).find((w) => w !== undefined);
    const by = copyFactor(rules.day?.roleDay?.borrowedWeights, shift?.role ?? source.role);
    if (borrowed !== undefined) return Math.max(baseWeightOf(player, rules), Math.round(borrowed * by * 100) / 100);
  }
  return baseWeightOf(player, rules);
}

function tallyLynch(
  given: GameState,
  ruleset: Ruleset,
  rules: WeightedPluralityVoting,
  ballot: string,
  candidates: readonly string[] | undefined,
  clock?: DayClockInput,
): DayTally {
  const day = rules.day;
  const roleDay = day?.roleDay;
  // L113 "Если не успевают, автоматически засчитывается пропуск хода": before-vote moves made after the vote opened do not count.
  const { state, late } = withoutLateMoves(given, day?.clock, clock);
  const isRunoff = ballot === pluralityBallots.runoff;
  const isRevote = ballot === pluralityBallots.revote;
  // The lynch itself, the extra vote and the Priest's re-vote: every player votes and may not abstain (L151).
  const lynchLike = !isRunoff;
  const voided: VoidedVote[] = [];
  const openQuestions: OpenQuestionHit[] = [];
  const notes = tallyNotes(ruleset);
  for (const a of late) notes.add('late-move', { name: playerOf(state, a.actor)?.name ?? a.actor, ability: a.ability });
  if (clock?.opening !== undefined && day?.clock !== undefined) notes.add(...openingNote(clock.opening, day.clock));
  const activeMode = day?.activeCount ?? 'alive';
  const counts = activeColorCounts(state, ruleset, activeMode);
  const other = activeColorCounts(state, ruleset, activeMode === 'alive' ? 'can-vote' : 'alive');
  if (day !== undefined && (other.red !== counts.red || other.black !== counts.black)) {
    openQuestions.push({
      setting: 'voting.day.activeCount',
      chosen: activeMode,
      detail: `R ${counts.red}, B ${counts.black} (the other reading: R ${other.red}, B ${other.black})`,
    });
  }
  const capBlack = Math.max(counts.red - 1, counts.black);
  const capBlackGrey = Math.max(counts.red, counts.black);
  const blackCapActive = rules.blackCap && redsLynched(state, ruleset) > 0;
  const name = (id: string): string => playerOf(state, id)?.name ?? id;

  // The day's actions the tally reads (sent to the host before the vote or after its last vote). The moves made
  // after a ballot's last vote (Liar, Priest, Hero) count for the ballot open when they were made, not the next one.
  const openedAt = state.openBallots.find((b) => b.ballot === ballot)?.at ?? -1;
  const forgivenToday = new Set(
    day?.forgiveAbility === undefined ? [] : state.actions.filter((a) => a.ability === day.forgiveAbility).flatMap((a) => a.targets),
  );
  const scandal = dayAction(state, ruleset, day?.compromiseAbility, openedAt);
  const liar = scandal === undefined ? undefined : playerOf(state, scandal.actor);
  const compromised = new Set((scandal?.targets ?? []).slice(0, 2).filter((t) => t !== scandal?.actor));
  const liarSelf = scandal !== undefined && scandal.targets.slice(0, 2).includes(scandal.actor);
  // L97 by the holder's colour; L78 the Faceless's Liar, L94 an enslaved Liar by his Pimp's colour (liarMechanics).
  const blackLiar = liar !== undefined && liarMechanics(state, ruleset, liar, day?.compromiseAbility) === 'black';
  if (liar !== undefined) for (const id of compromised) notes.add('compromised', { name: name(id), n: blackLiar ? 1 : 0 });
  if (liar !== undefined && liarSelf) notes.add('self-compromised', { name: liar.name });

  const forced = day?.forcedSelfVoteStatus;
  const isForced = (p: PlayerState): boolean => forced !== undefined && p.statuses.some((s) => s.id === forced);

  const working: Working[] = [];
  let standing = standingVotes(state, ballot, isRunoff, voided);
  // L129: the Servant does not vote; his vote (sent by PM) stands for a master who did not vote, or in the master's place.
  const proxy = roleDay?.proxy;
  const proxies = new Map<string, PlayerState>();
  if (proxy !== undefined) {
    const replacing = new Set(dayActions(state, ruleset, proxy.replaceAbility).map((a) => a.actor));
    const mapped: RecordedVote[] = [];
    for (const v of standing) {
      const servant = playerOf(state, v.voter);
      if (servant === undefined || !holdsAny(servant, proxy.roles)) continue;
      const master = servant.statuses.find((s) => s.id === proxy.masterStatus)?.with;
      const masterVoted = standing.some((x) => x.voter === master);
      if (master === undefined || (masterVoted && !replacing.has(servant.slot.id))) {
        voided.push({ voter: v.voter, ballot, target: v.target, reason: 'vote/voter-cannot-vote' });
        continue;
      }
      proxies.set(master, servant);
      mapped.push({ ...v, voter: master });
    }
    const masters = new Set(mapped.map((v) => v.voter));
    for (const v of standing) {
      const p = playerOf(state, v.voter);
      if (p !== undefined && holdsAny(p, proxy.roles)) continue;
      if (masters.has(v.voter)) {
        // "хозяин потеряет право отписываться на данном голосовании до его итога".
        voided.push({ voter: v.voter, ballot, target: v.target, reason: 'vote/replaced' });
        continue;
      }
      mapped.push(v);
    }
    standing = mapped.sort((a, b) => a.at - b.at);
  }
  // L150 "Если к 22.00 по Москве не все проголосуют, ведущий поставит отсутствующим принудительный автоголос" (the
  // extra vote: at the end of its 30 minutes, L156); a run-off allows abstaining, so nobody is forced there.
  if (lynchLike && day?.clock !== undefined && clock !== undefined) {
    const due = forcedVoteDue(ballot, openedAt, clock, day.clock, pluralityBallots);
    if (clock.now >= due) {
      for (const p of state.players) {
        if (!p.alive || voterVoid(state, ruleset, p.slot.id) !== null || standing.some((v) => v.voter === p.slot.id)) continue;
        if (proxy !== undefined && holdsAny(p, proxy.roles)) continue;
        notes.add('auto-vote-absent', { voter: p.name });
        standing.push({ voter: p.slot.id, ballot, target: p.slot.id, at: state.eventCount, advance: true });
      }
    }
  }
  // L136: a player inactive all day votes against himself at the start of the vote, whatever he writes later.
  if (lynchLike && forced !== undefined) {
    for (const p of state.players) {
      if (!p.alive || !isForced(p) || standing.some((v) => v.voter === p.slot.id)) continue;
      standing.push({ voter: p.slot.id, ballot, target: p.slot.id, at: -1, advance: true });
    }
    standing.sort((a, b) => a.at - b.at);
  }
  for (const vote of standing) {
    const voter = playerOf(state, vote.voter);
    let voterReason = voterVoid(state, ruleset, vote.voter);
    // L18: the phantom-effect players "сохраняют возможность голосовать"; a dead Phantom possessing a player votes once more.
    if (voterReason === 'vote/voter-dead' && voter?.statuses.some((s) => roleDay?.deadVoterStatuses.includes(s.id) === true) === true)
      voterReason = null;
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
    const autoVote = (): string => voter.slot.id;
    let target: string;
    let advance = vote.advance === true;
    if (lynchLike && isForced(voter)) {
      if (vote.at >= 0) voided.push({ voter: vote.voter, ballot, target: vote.target, reason: 'vote/replaced' });
      notes.add('auto-vote-inactive', { voter: voter.name });
      target = autoVote();
      advance = true;
    } else if (vote.target === null) {
      // L151 "На линчеваниях нельзя отказаться от голоса … На переголосовании допустим отказ от голоса".
      if (!lynchLike || day?.abstainBecomesAutoVote !== true) {
        voided.push({ voter: vote.voter, ballot, target: null, reason: 'vote/abstain' });
        continue;
      }
      notes.add('auto-vote-abstain', { voter: voter.name });
      target = autoVote();
      advance = true;
    } else {
      target = vote.target;
      const targetPlayer = playerOf(state, target);
      if (targetPlayer === undefined || !targetPlayer.alive) {
        // L151: "голос, который не относится к кому-либо из активных игроков" is an auto-vote at a lynch.
        if (!lynchLike || !rules.invalidTargetBecomesAutoVote || day === undefined) {
          voided.push({
            voter: vote.voter,
            ballot,
            target,
            reason: targetPlayer === undefined ? 'vote/target-unknown' : 'vote/target-dead',
          });
          continue;
        }
        notes.add('auto-vote-dead', { voter: voter.name, target: targetPlayer?.name ?? target });
        target = autoVote();
        advance = true;
      } else if (candidates !== undefined && !candidates.includes(target)) {
        voided.push({ voter: vote.voter, ballot, target, reason: 'vote/not-a-candidate' });
        continue;
      } else if (isVoteImmuneToday(state, targetPlayer, ruleset, rules) || (isRevote && forgivenToday.has(target))) {
        if (!rules.invalidTargetBecomesAutoVote) {
          voided.push({ voter: vote.voter, ballot, target, reason: 'vote/target-immune' });
          continue;
        }
        notes.add('auto-vote', { voter: voter.name, target: targetPlayer.name });
        target = autoVote();
        advance = true;
      }
    }
    const color = colorOf(voter, ruleset);
    const weight = baseWeight(state, voter, rules, vote);
    const servant = proxies.get(voter.slot.id);
    if (servant !== undefined) notes.add('proxy-vote', { servant: servant.name, name: voter.name });
    working.push({
      voter,
      target,
      color,
      weight,
      counted: weight,
      at: vote.at,
      advance,
      bonusAgainst: false,
      ...(servant === undefined ? {} : { proxy: servant }),
    });
  }

  const openVote = (id: string): Working | undefined => working.find((w) => w.voter.slot.id === id && w.hidden !== true);
  const effects: GameEvent[] = [];

  // L18: a player possessed by the dead Phantom — the Phantom "сохраняет свой голос … если голосует со связанным игроком в одну цель".
  if (roleDay?.hostedVoteStatus !== undefined) {
    for (const w of working) {
      const host = w.voter.statuses.find((s) => s.id === roleDay.hostedVoteStatus)?.with;
      if (host === undefined || openVote(host)?.target === w.target) continue;
      w.weight = 0;
      notes.add('hosted-vote-lost', { name: w.voter.name, host: name(host) });
    }
  }
  // L70 "при этом голос безликого будет равен нулю".
  zeroVotesWhile(ruleset, rules, working, notes);

  // L31 Witness: each named player voting with him +1, the Witness +1 per such player.
  for (const named of dayActions(state, ruleset, day?.confirmAbility)) {
    const witness = openVote(named.actor);
    if (witness === undefined) continue;
    const confirming = working.filter(
      (w) => w !== witness && named.targets.slice(0, 4).includes(w.voter.slot.id) && w.target === witness.target,
    );
    if (confirming.length === 0) continue;
    for (const w of confirming) w.weight += 1;
    witness.weight += confirming.length;
    notes.add('witness', { name: witness.voter.name, n: confirming.length });
  }

  // L132 Politician: "каждый из них получает +1 к своему голосу, если голосует с политиком в одну цель, при этом сам
  // политик получает +1 за каждую пару поддержавших его игроков"; the Mayor voting with him gets the bonus too; as
  // Mayor himself he "пассивно получает максимальный бонус к голосу от своего текущего влияния".
  const support = roleDay?.support;
  // L40, L47: a copy of the Politician names supporters too, from scratch (the limit's start).
  const politicians =
    support === undefined
      ? []
      : state.players.filter(
          (p) => p.alive && (holdsAny(p, support.roles) || copiesRoleToday(state, p, roleDay?.borrowedWeights, support.roles)),
        );
  if (support !== undefined) {
    const mayor = state.players.find((p) => p.alive && p.titles.includes(support.patronTitle));
    for (const politician of politicians) {
      const own = openVote(politician.slot.id);
      if (own === undefined) continue;
      const limit = counterValue(politician, support.limit);
      let bonus: number;
      let given = 0;
      if (politician.titles.includes(support.patronTitle)) bonus = Math.floor(limit / support.perSupporters);
      else {
        const named = dayActions(state, ruleset, support.ability).find((a) => a.actor === politician.slot.id);
        const chosen = (named?.targets ?? []).filter((t) => t !== politician.slot.id).slice(0, Math.max(0, limit));
        const backing = working.filter((w) => w.hidden !== true && chosen.includes(w.voter.slot.id) && w.target === own.target);
        for (const w of backing) w.weight += support.supporterBonus;
        given = backing.length * support.supporterBonus;
        bonus = Math.floor(backing.length / support.perSupporters);
        if (backing.length > 0) notes.add('support', { name: politician.name, n: backing.length, bonus });
      }
      own.weight += bonus;
      const patron = mayor === undefined || mayor.slot.id === politician.slot.id ? undefined : openVote(mayor.slot.id);
      if (patron !== undefined && patron.target === own.target && bonus + given > 0) {
        const add = support.patronBonus === 'all' ? bonus + given : bonus;
        if (given > 0)
          openQuestions.push({
            setting: 'voting.day.roleDay.support.patronBonus',
            chosen: support.patronBonus,
            detail: `the Mayor gets +${add} (the other reading: +${support.patronBonus === 'all' ? bonus : bonus + given})`,
          });
        if (add > 0) {
          patron.weight += add;
          notes.add('patron-bonus', { name: patron.voter.name, bonus: add });
        }
      }
    }
  }

  // L18 Phantom: "+1 к своему голосу за каждого активного игрока под эффектом фантома", unless he cancels it after the votes.
  const crowd = roleDay?.crowdBonus;
  if (crowd !== undefined) {
    for (const w of working) {
      if (w.hidden === true || !w.voter.alive) continue;
      // L40: an Actor who copied the Phantom "получает бонус к голосу за фантомных игроков, если оригинальный фантом его не отменит".
      const original = holdsAny(w.voter, crowd.roles) ? w.voter : borrowedFrom(state, w.voter, roleDay);
      if (original === undefined || !holdsAny(original, crowd.roles)) continue;
      const n = crowdOf(state, w.voter, crowd.status);
      if (n === 0) continue;
      if (dayActions(state, ruleset, crowd.cancelAbility, openedAt).some((a) => a.actor === original.slot.id)) {
        notes.add('crowd-cancelled', { name: w.voter.name });
        continue;
      }
      w.weight += n;
      notes.add('crowd-bonus', { name: w.voter.name, n });
    }
  }
  // L42 Necromancer: +1 per corpse whose role the undead cannot use.
  const corpse = roleDay?.corpseBonus;
  if (corpse !== undefined) {
    for (const w of working) {
      if (w.hidden === true || !holdsAny(w.voter, corpse.roles)) continue;
      const n = unusableCorpses(state, w.voter, corpse);
      if (n === 0) continue;
      w.weight += n;
      notes.add('corpse-bonus', { name: w.voter.name, n });
    }
  }
  // L34 Drug dealer: the votes he buys (his vote's stated weight above his own) come out of the bank his doses filled.
  const bank = roleDay?.voteBank;
  const dealerVotes = new Set<Working>();
  if (bank !== undefined) {
    for (const dealer of state.players.filter((p) => p.alive && holdsAny(p, bank.roles))) {
      const inBank = voteBankOf(state, dealer, bank);
      const kept = dealer.statuses.find((s) => s.id === bank.bankStatus)?.value ?? 0;
      const w = openVote(dealer.slot.id);
      let bought = 0;
      // L34 "покупает нужное число голосов в нужный момент. Перед голосованием …": in a run-off, the purchase made for
      // the first ballot (an open question: kept or spent), paid for once.
      const first = isRunoff ? firstBallotPurchase(state, rules, dealer, inBank, ballotBefore(state, openedAt)) : undefined;
      if (first !== undefined) {
        bought = first;
        openQuestions.push(runoffPurchaseHit(rules, dealer, first));
        if (w !== undefined) {
          dealerVotes.add(w);
          const kept = bank.runoffPurchase === 'kept';
          w.weight = baseWeightOf(dealer, rules) + (kept ? first : 0);
          notes.add(kept ? 'runoff-bought' : 'runoff-bought-spent', { name: dealer.name, n: first });
        }
      } else if (w !== undefined) {
        dealerVotes.add(w);
        const base = baseWeightOf(dealer, rules);
        // L34, L27: what he told the host by his buy move (his master may forbid it), else his vote's stated weight.
        const asked = votesAsked(state, ruleset, bank, dealer, Math.max(0, w.weight - base));
        bought = bank.step > 0 ? Math.floor(Math.min(asked, inBank) / bank.step) * bank.step : Math.min(asked, inBank);
        if (asked > inBank) notes.add('bank-short', { name: dealer.name, asked, n: inBank });
        w.weight = base + bought;
        if (bought > 0) notes.add('bank', { name: dealer.name, n: bought, left: inBank - bought });
      }
      if (inBank - bought !== kept)
        effects.push({ type: 'status/add', slotId: dealer.slot.id, status: bank.bankStatus, value: inBank - bought });
    }
  }

  // L97 black Liar: "За каждый ход в любого другого игрока … получает право незаметно докинуть … один черный голос в указанную цель".
  if (liar !== undefined && blackLiar) {
    const hidden = dayAction(state, ruleset, roleDay?.hiddenVoteAbility, openedAt);
    if (hidden !== undefined && hidden.actor === liar.slot.id) {
      if (hidden.targets.length > 0 && compromised.size > 0)
        openQuestions.push({
          setting: 'voting.day.roleDay.hiddenVotesInTotals',
          chosen: roleDay?.hiddenVotesInTotals ?? 'left-out',
          detail: `${liar.name} added hidden votes`,
        });
      for (const target of hidden.targets.slice(0, compromised.size)) {
        const t = playerOf(state, target);
        if (t === undefined || !t.alive || isVoteImmuneToday(state, t, ruleset, rules)) continue;
        if (candidates !== undefined && !candidates.includes(target)) continue;
        working.push({
          voter: liar,
          target,
          color: 'black',
          weight: 1,
          counted: 1,
          at: hidden.at,
          advance: true,
          bonusAgainst: false,
          hidden: true,
        });
      }
    }
  }
  // L95: "Имеет право в момент хода лжеца запросить у ведущего отмену бонуса к голосу".
  const waived = new Set(working.filter((w) => waivesBonus(state, ruleset, rules, w.voter, openedAt)).map((w) => w.voter));
  for (const v of waived) notes.add('bonus-waived', { name: v.name });
  for (const w of working) {
    const targetPlayer = playerOf(state, w.target);
    // L28: the Lawyer's vote against a player he checked black counts one more.
    for (const b of day?.bonusAgainst ?? []) {
      if (targetPlayer === undefined || !b.roles.some((r) => holds(w.voter, r)) || waived.has(w.voter)) continue;
      if (!targetPlayer.statuses.some((s) => s.id === b.status)) continue;
      if (b.colors !== undefined && !b.colors.includes(w.color)) continue;
      w.weight += b.bonus;
      w.bonusAgainst = true;
      notes.add('vote-bonus', { voter: w.voter.name, target: targetPlayer.name, bonus: b.bonus });
    }
    let counted = w.weight;
    // L34: a drugged player's vote above 1 counts 1.
    const cap = voteCapOf(w.voter, day);
    if (cap !== undefined) counted = Math.min(counted, cap);
    // L32/L97: the Liar's targets vote for nothing (a black Liar's: at most 1).
    if (liar !== undefined && compromised.has(w.voter.slot.id)) counted = blackLiar ? Math.min(counted, 1) : 0;
    if ((w.color === 'red' && rules.redCap) || (w.color === 'grey' && rules.greyCap)) {
      if (counted > capBlack) {
        notes.add('vote-capped', { voter: w.voter.name, raw: counted, cap: capBlack, color: w.color });
        counted = capBlack;
      }
    }
    w.counted = counted;
  }

  // Barriers, then the black and grey caps, per target.
  const targets = [...new Set(working.map((w) => w.target))];
  for (const target of targets) {
    const player = playerOf(state, target);
    if (player === undefined) continue;
    const into = working.filter((w) => w.target === target);
    const barrierStatuses = player.statuses.filter((s) => ruleset.statuses.find((d) => d.id === s.id)?.barrier === true);
    const isDose = (id: string): boolean => bank !== undefined && id === bank.dosedStatus;
    // L40: a copied Priest's barrier is a third weaker (a copied Hero's is whole), from scratch or not (an open question).
    const source = borrowedFrom(state, player, roleDay);
    const copied = source === undefined ? undefined : copiedBarrier(state, ruleset, day, player, source);
    if (copied !== undefined) openQuestions.push(...copied.hits);
    const borrowedBarrier = copied?.barrier ?? 0;
    const ownBarrier = Math.max(
      0,
      ...barrierStatuses.filter((s) => !isDose(s.id)).map((s) => s.value ?? 1),
      roleBarrierOf(state, player, ruleset, day),
      borrowedBarrier,
    );
    const dose = Math.max(0, ...barrierStatuses.filter((s) => isDose(s.id)).map((s) => s.value ?? 1));
    let barrier = Math.max(ownBarrier, dose);
    // L34: "Купленные голоса не исчезают, если им препятствует барьер от наркотиков. Если игрок имеет собственный барьер и
    // получает барьер от наркотиков, то голоса наркодилера учитываются стандартным образом для значения суммы этих барьеров."
    const dealerIn = into.filter((w) => dealerVotes.has(w));
    if (dose > 0 && dealerIn.length > 0 && bank !== undefined) {
      if (ownBarrier === 0) for (const w of dealerIn) w.bonusAgainst = true;
      else {
        openQuestions.push({
          setting: 'voting.day.roleDay.voteBank.sumWithOwnBarrier',
          chosen: String(bank.sumWithOwnBarrier),
          detail: `${player.name}: barrier ${ownBarrier} and dose ${dose}`,
        });
        if (bank.sumWithOwnBarrier) barrier = ownBarrier + dose;
      }
    }
    // L132: "Политик обладает нулевым голосовым барьером днем" (open question: each vote at most 1, nothing taken off).
    // L40: a copy of the Politician has it too ("За политика отсутствует неприкосновенность": the immunity only is lacking).
    const zeroBarrier =
      support?.zeroBarrier === 'cap-each' &&
      (holdsAny(player, support.roles) || copiesRoleToday(state, player, roleDay?.borrowedWeights, support.roles)) &&
      barrier === 0;
    if (liar !== undefined && compromised.has(target)) barrier = 0;
    if (liar !== undefined && liarSelf && target === liar.slot.id) barrier = Math.max(barrier, 2);
    if (zeroBarrier && !(liar !== undefined && compromised.has(target))) {
      const over = into.filter((w) => !w.bonusAgainst && w.counted > 1);
      for (const w of over) {
        const floor = weightShiftOf(w.voter, day)?.barrierFloor;
        w.counted = floor !== undefined && w.weight > floor.above ? Math.min(w.counted, floor.floor) : 1;
      }
      if (over.length > 0) {
        notes.add('zero-barrier', { name: player.name });
        openQuestions.push({
          setting: 'voting.day.roleDay.support.zeroBarrier',
          chosen: 'cap-each',
          detail: `votes against ${player.name} capped at 1`,
        });
      }
    }
    if (barrier > 0) {
      // The Lawyer's votes pass the barriers of a player he checked (L28); a Judge above 3 falls only to 2 (L33).
      const barred = into.filter((w) => !w.bonusAgainst);
      const floors = new Map<Working, number>();
      for (const w of barred) {
        const floor = weightShiftOf(w.voter, day)?.barrierFloor;
        if (floor !== undefined && w.weight > floor.above) floors.set(w, floor.floor);
      }
      for (const w of barred) w.counted = Math.min(w.counted, floors.get(w) ?? 1);
      let left = barrier;
      const order = [...barred.filter((w) => w.color === 'black'), ...barred.filter((w) => w.color !== 'black')].filter(
        (w) => !floors.has(w),
      );
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

  // L132: "пока мэр у власти и не голосует против политика, то любые другие голоса против него приравниваются к нулю".
  if (support !== undefined) {
    const mayor = state.players.find((p) => p.alive && p.titles.includes(support.patronTitle));
    for (const politician of politicians) {
      if (mayor === undefined || mayor.slot.id === politician.slot.id) continue;
      if (openVote(mayor.slot.id)?.target === politician.slot.id) continue;
      // L40: "За политика отсутствует неприкосновенность на голосовании".
      if (!holdsAny(politician, support.roles)) continue;
      const against = working.filter((w) => w.target === politician.slot.id && w.counted > 0);
      if (against.length === 0) continue;
      for (const w of against) w.counted = 0;
      notes.add('patron-cover', { name: politician.name });
    }
    // L132: "Если назначил секретаршу и использовал обычную вертикаль на другом игроке, то сама секретарша условно считается
    // защищенной второй - … если в нее не проголосует сам мэр, то все голоса за секретаршу приравниваются к нулю".
    const vertical = day?.verticalDefault;
    const mayorPolitician = politicians.find((p) => p.titles.includes(support.patronTitle));
    if (vertical !== undefined && mayorPolitician !== undefined) {
      const elsewhere = state.players.some(
        (p) => p.alive && p.statuses.some((s) => s.id === vertical.status) && !p.titles.includes(vertical.title),
      );
      const secretary = state.players.find((p) => p.alive && p.titles.includes(vertical.title));
      if (elsewhere && secretary !== undefined && openVote(mayorPolitician.slot.id)?.target !== secretary.slot.id) {
        const against = working.filter((w) => w.target === secretary.slot.id && w.counted > 0);
        for (const w of against) w.counted = 0;
        if (against.length > 0) notes.add('patron-cover', { name: secretary.name });
      }
    }
  }

  const totalsOf = (): VoteTotal[] => {
    const totalsMap = new Map<string, number>();
    const firstAt = new Map<string, number>();
    for (const w of working) {
      totalsMap.set(w.target, (totalsMap.get(w.target) ?? 0) + w.counted);
      if (!w.advance && !firstAt.has(w.target)) firstAt.set(w.target, w.at);
    }
    return sortTotals(
      [...totalsMap].map(([target, total]) => ({ target, total })),
      firstAt,
    );
  };

  const decide = (totals: readonly VoteTotal[]): { outcome: DayOutcome; deaths: VoteDeath[] } => {
    // Overrides: everyone else, or all living reds on one black or grey player.
    const livingVoters = state.players.filter((p) => p.alive && voterVoid(state, ruleset, p.slot.id) === null);
    for (const target of targets) {
      const player = playerOf(state, target);
      if (player === undefined) continue;
      if (working.filter((w) => w.target === target).every((w) => w.counted === 0 && forgivenToday.has(target))) continue;
      const voters = new Set(working.filter((w) => w.target === target && w.hidden !== true).map((w) => w.voter.slot.id));
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
    if (!isRunoff && !isRevote) {
      // L33: the player the Judge voted against, who would go to a run-off, dies alone.
      for (const w of working) {
        const role = day?.tieSettlerRoles.find((r) => holds(w.voter, r));
        if (role === undefined || !tied.includes(w.target) || w.target === w.voter.slot.id) continue;
        notes.add('tie-settled', { name: name(w.target), role });
        return { outcome: { kind: 'lynch', slotIds: [w.target] }, deaths: [{ slotId: w.target, cause: 'lynch' }] };
      }
      return { outcome: { kind: 'runoff', candidates: tied }, deaths: [] };
    }

    // Strict tie in the run-off (L153), and in the Priest's re-vote (L155).
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

  let totals = totalsOf();
  let decided = decide(totals);
  let followUp: DayTally['followUp'];

  // L13: "один из них все равно останется открытым, их ходы остаются в силе по приоритету: политик > адвокат > священник".
  const rings = dayProtections(state, ruleset, rules).filter((p) => p.ring === true);
  for (const r of rings) notes.add('immunity-open', { name: name(r.action.actor), target: name(r.action.targets[0] ?? '') });
  // L30 Priest: after the last vote, every vote against the player he voted for counts 0.
  for (const act of dayActions(state, ruleset, day?.forgiveAbility, openedAt)) {
    if (rings.some((r) => r.action === act)) continue;
    const priest = openVote(act.actor);
    const forgiven = act.targets[0];
    if (priest === undefined || forgiven === undefined || priest.target !== forgiven || forgiven === act.actor) continue;
    if (act.at < priest.at || decided.deaths.some((d) => d.slotId === act.actor)) continue;
    const wouldDie = decided.deaths.some((d) => d.slotId === forgiven);
    for (const w of working) if (w.target === forgiven) w.counted = 0;
    notes.add('forgiven', { priest: priest.voter.name, name: name(forgiven) });
    totals = totalsOf();
    if (wouldDie && !isRunoff) {
      notes.add('forgiven-revote', { name: name(forgiven) });
      decided = { outcome: { kind: 'no-lynch', reason: 'no-lynch/forgiven' }, deaths: [] };
      followUp = { ballot: 'revote' };
    } else decided = decide(totals);
    break;
  }

  let deaths = decided.deaths;
  let outcome = decided.outcome;
  const crippled: string[] = [];

  // L30: "Если на переголосовании залинчуют священника, он имеет право позволить только что спасенному игроку умереть вместо себя".
  if (isRevote) {
    for (const act of dayActions(state, ruleset, roleDay?.dieInsteadAbility, openedAt)) {
      const saved = act.targets[0];
      if (saved === undefined || !forgivenToday.has(saved) || !deaths.some((d) => d.slotId === act.actor)) continue;
      if (playerOf(state, saved)?.alive !== true || deaths.some((d) => d.slotId === saved)) continue;
      deaths = deaths.map((d) => (d.slotId === act.actor ? { slotId: saved, cause: d.cause } : d));
      outcome = { kind: 'lynch', slotIds: deaths.map((d) => d.slotId) };
      notes.add('die-instead', { priest: name(act.actor), name: name(saved) });
    }
  }

  // L23 Terrorist's detonator: the vote is void; he and his target are hit, their voters blocked.
  const detonation = dayAction(state, ruleset, day?.detonateAbility);
  const terrorist = detonation === undefined ? undefined : playerOf(state, detonation.actor);
  const blastTarget = detonation?.targets[0] === undefined ? undefined : playerOf(state, detonation.targets[0]);
  // L29, L36, L96: the death executions of the lynched ("Взрыв террориста не мешает предсмертным ходам на голосовании", L113).
  let executed: readonly Execution[] = [];
  const execute = (): void => {
    const done = lynchExecutions(state, ruleset, rules, deaths, openedAt, notes);
    executed = done.executed;
    if (done.executed.length === 0) return;
    deaths = done.deaths;
    outcome = { kind: 'lynch', slotIds: deaths.map((d) => d.slotId) };
  };
  if (terrorist !== undefined && blastTarget?.alive === true && blastTarget.slot.id !== terrorist.slot.id) {
    notes.add('detonator', { name: terrorist.name, target: blastTarget.name });
    const cripples = colorOf(terrorist, ruleset) === 'black' || colorOf(blastTarget, ruleset) === 'red';
    deaths = [{ slotId: terrorist.slot.id, cause: 'lynch' }];
    if (cripples && day?.crippleStatus !== undefined) {
      crippled.push(blastTarget.slot.id);
      effects.push({ type: 'status/add', slotId: blastTarget.slot.id, status: day.crippleStatus });
      notes.add('detonator-crippled', { target: blastTarget.name });
    } else deaths.push({ slotId: blastTarget.slot.id, cause: 'lynch' });
    outcome = { kind: 'lynch', slotIds: deaths.map((d) => d.slotId) };
    execute();
    followUp = undefined;
    blast([terrorist.slot.id, blastTarget.slot.id], terrorist.name);
  } else {
    // L73: the host names the lynched player's team to the Faceless when he asks for the Hero's move (before the save).
    const saveAbility = day?.saveAbility;
    if (roleDay?.greyToldLynchedTeam === true && saveAbility !== undefined) {
      const savedNow = (id: string): number =>
        state.actions.filter((a) => a.actor === id && a.ability === saveAbility && a.at > openedAt).length;
      const voteLynched = deaths.map((d) => d.slotId);
      effects.push(...heroAskedTeam(state, ruleset, voteLynched, saveAbility, savedNow));
    }
    execute();
    // L35 Hero: after the last vote, cancels the lynch of a red; defending a black, he is lynched with him.
    for (const act of dayActions(state, ruleset, day?.saveAbility, openedAt)) {
      const hero = playerOf(state, act.actor);
      const saved = act.targets[0];
      if (hero === undefined || saved === undefined || saved === act.actor || !deaths.some((d) => d.slotId === saved)) continue;
      const savedPlayer = playerOf(state, saved);
      if (savedPlayer === undefined) continue;
      // L35 "Точно также нельзя спасти жертву фанатика, черного инквизитора"; L113 "Герой пропустит ход, если попытается
      // спасти фанатика или инквизитора, когда они используют предсмертную казнь".
      const deathMoves = roleDay?.deathMoveAbilities ?? [];
      if (
        executed.some((x) => x.user === saved || x.victim === saved) ||
        deathMoves.some((a) => dayActions(state, ruleset, a, openedAt).some((x) => x.actor === saved || x.targets[0] === saved))
      ) {
        notes.add('hero-skip', { hero: hero.name, name: savedPlayer.name });
        break;
      }
      const color = colorOf(savedPlayer, ruleset);
      // L98 the black Hero saves blacks too; L73 the Faceless's Hero "может спасти любого игрока".
      const heroColour = colorOf(hero, ruleset);
      const blackSave = heroColour === 'black' ? roleDay?.blackSave : undefined;
      const savesAny = heroColour === 'grey' && roleDay?.greySavesAny === true;
      if (color === 'red' || (blackSave !== undefined && color === 'black') || savesAny) {
        deaths = deaths.filter((d) => d.slotId !== saved);
        notes.add('hero-save', { hero: hero.name, name: savedPlayer.name });
        if (day?.savedStatus !== undefined) effects.push({ type: 'status/add', slotId: saved, status: day.savedStatus });
        const heroic = roleDay?.takeVoter;
        if (color === 'red' && heroic !== undefined && heroColour === 'red' && holdsAny(hero, heroic.roles))
          effects.push({ type: 'status/add', slotId: hero.slot.id, status: heroic.status });
        if (blackSave !== undefined || savesAny) effects.push(...heroSaveEffects(ruleset, hero, savedPlayer, blackSave));
      } else if (color === 'black') {
        deaths = [...deaths, { slotId: hero.slot.id, cause: 'lynch' }];
        notes.add('hero-dies-with', { hero: hero.name, name: savedPlayer.name });
      } else notes.add('hero-grey', { hero: hero.name, name: savedPlayer.name });
      outcome =
        deaths.length === 0 ? { kind: 'no-lynch', reason: 'no-lynch/hero-saved' } : { kind: 'lynch', slotIds: deaths.map((d) => d.slotId) };
      break;
    }
    // L35: "Если красный герой успешно спас красного игрока, но позже героя все равно залинчевали, то он получает право
    // героически погибнуть со злодеем, то есть забрать с собой одного из тех, кто кинул в героя голос".
    const heroic = roleDay?.takeVoter;
    for (const d of heroic === undefined ? [] : [...deaths]) {
      const hero = playerOf(state, d.slotId);
      if (heroic === undefined || hero === undefined || !holdsAny(hero, heroic.roles) || colorOf(hero, ruleset) !== 'red') continue;
      if (!hero.statuses.some((s) => s.id === heroic.status)) continue;
      const taken = dayActions(state, ruleset, heroic.ability, openedAt).find((a) => a.actor === hero.slot.id)?.targets[0];
      if (taken === undefined || deaths.some((x) => x.slotId === taken)) continue;
      if (!working.some((w) => w.hidden !== true && w.target === hero.slot.id && w.voter.slot.id === taken)) continue;
      deaths = [...deaths, { slotId: taken, cause: 'lynch' }];
      outcome = { kind: 'lynch', slotIds: deaths.map((x) => x.slotId) };
      notes.add('took-voter', { hero: hero.name, name: name(taken) });
    }
    // L73: the Faceless's Hero lynched himself may take the heroic suicide (a draw, no victims; facelessTallies).
    const suicide = roleDay?.greySuicide;
    for (const d of suicide === undefined ? [] : deaths) {
      const hero = playerOf(state, d.slotId);
      if (suicide === undefined || hero === undefined || colorOf(hero, ruleset) !== 'grey' || !holdsAny(hero, suicide.roles)) continue;
      if (!dayActions(state, ruleset, suicide.ability, openedAt).some((a) => a.actor === hero.slot.id)) continue;
      effects.push({ type: 'status/add', slotId: hero.slot.id, status: suicide.status });
      notes.add('heroic-suicide', { name: hero.name });
    }
    // L23: a lynched Terrorist blows up the courtroom: everyone who voted against him is blocked for a game day.
    for (const d of deaths) {
      const p = playerOf(state, d.slotId);
      if (p !== undefined && blasts(state, p, day)) blast([d.slotId], p.name);
    }
  }

  function blast(hit: readonly string[], who: string): void {
    if (day?.blastStatus === undefined) return;
    const voters = [...new Set(working.filter((w) => hit.includes(w.target) && !hit.includes(w.voter.slot.id)).map((w) => w.voter))];
    if (voters.length === 0) return;
    for (const v of voters) effects.push({ type: 'status/add', slotId: v.slot.id, status: day.blastStatus, phases: day.blastPhases });
    notes.add('blast', { name: who, names: voters.map((v) => v.name).join(', ') });
  }

  // L156–L157: a lone lynch of the Faceless, or of a player the Hero saved before, brings another vote the same day.
  if (day !== undefined && ballot !== pluralityBallots.extra && deaths.length === 1 && followUp === undefined) {
    const lone = playerOf(state, deaths[0]?.slotId ?? '');
    if (
      lone !== undefined &&
      (day.extraVoteAfterLone.colors.includes(colorOf(lone, ruleset)) ||
        lone.statuses.some((s) => day.extraVoteAfterLone.statuses.includes(s.id)))
    ) {
      notes.add('extra-vote', { name: lone.name });
      followUp = { ballot: 'extra' };
    }
  }

  const redHit = [...deaths.map((d) => d.slotId), ...crippled].some((id) => {
    const p = playerOf(state, id);
    return p !== undefined && colorOf(p, ruleset) === 'red';
  });
  if (redHit) {
    const mayorInOffice = state.players.some((p) => p.titles.includes(rules.titleLostOnRedLynch));
    for (const p of state.players) {
      for (const title of mayorInOffice ? [rules.titleLostOnRedLynch, ...rules.titlesLostWith] : []) {
        if (!p.titles.includes(title)) continue;
        effects.push({ type: 'title/revoke', slotId: p.slot.id, title });
        notes.add('title-lost', { name: p.name, title });
      }
    }
  }
  const votedAgainst = (voter: string, target: string): boolean =>
    working.find((w) => w.voter.slot.id === voter && w.hidden !== true)?.target === target;
  effects.push(...weightShifts(state, ruleset, rules, votedAgainst, deaths, notes));
  effects.push(...supportLimits(state, ruleset, rules, votedAgainst, deaths, openQuestions));
  // L161: the Mayor fires the Secretary by voting against her, unless she is lynched.
  const fire = day?.fireByVote;
  if (fire !== undefined && lynchLike) {
    for (const w of working) {
      if (w.hidden === true || !w.voter.titles.includes(fire.byTitle)) continue;
      const secretary = playerOf(state, w.target);
      if (secretary === undefined || !secretary.titles.includes(fire.title) || deaths.some((d) => d.slotId === w.target)) continue;
      if (effects.some((e) => e.type === 'title/revoke' && e.slotId === w.target && e.title === fire.title)) continue;
      effects.push({ type: 'title/revoke', slotId: w.target, title: fire.title });
      notes.add('fired', { name: secretary.name, title: fire.title });
    }
  }

  // L125: the Agent leaves after the result of the second vote.
  effects.push(...departures(state, rules, outcome, followUp !== undefined, deaths, effects, notes));

  const counted: CountedVote[] = working.map((w) => ({
    voter: w.voter.slot.id,
    ballot,
    target: w.target,
    weight: w.weight,
    counted: w.counted,
    at: w.at,
    ...(w.hidden === true ? { hidden: true as const } : {}),
  }));
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
    ...(followUp === undefined ? {} : { followUp }),
  };
}

/** L33: the Judge's weight after the day's lynches (−3 / −2 per red, +1 per black he voted against, the Faceless nothing). */
function weightShifts(
  state: GameState,
  ruleset: Ruleset,
  rules: WeightedPluralityVoting,
  votedAgainst: VotedAgainst,
  deaths: readonly VoteDeath[],
  notes: TallyNotes,
): GameEvent[] {
  const day = rules.day;
  if (day?.weightStatus === undefined || deaths.length === 0) return [];
  const out: GameEvent[] = [];
  for (const p of state.players) {
    const shift = weightShiftOf(p, day);
    if (shift === undefined || !p.alive || deaths.some((d) => d.slotId === p.slot.id)) continue;
    const from = baseWeightOf(p, rules);
    const moved = byLynches(state, ruleset, votedAgainst, p, deaths, from, (n, color, against) =>
      color === 'red'
        ? n + (against ? shift.redVotedAgainst : shift.redOther)
        : color === 'black' && against
          ? Math.min(shift.max, n + shift.blackVotedAgainst)
          : n,
    );
    const to = Math.max(shift.min, Math.min(shift.max, moved));
    if (to === from) continue;
    out.push({ type: 'status/add', slotId: p.slot.id, status: day.weightStatus, value: to });
    notes.add('weight-moved', { name: p.name, role: shift.role, from, to });
  }
  return out;
}

/**
 * L132: the Politician's support limit after the day's lynches ("возрастает на единицу за каждого залинчованного
 * черного и точно также падает при линчевании красного, если политик лично голосовал против залинчованного").
 */
function supportLimits(
  state: GameState,
  ruleset: Ruleset,
  rules: WeightedPluralityVoting,
  votedAgainst: VotedAgainst,
  deaths: readonly VoteDeath[],
  openQuestions: OpenQuestionHit[],
): GameEvent[] {
  const support = rules.day?.roleDay?.support;
  if (support === undefined || deaths.length === 0) return [];
  const counter = support.limit;
  const out: GameEvent[] = [];
  for (const p of state.players) {
    if (!p.alive || !holdsAny(p, support.roles) || deaths.some((d) => d.slotId === p.slot.id)) continue;
    const from = counterValue(p, counter);
    const moved = byLynches(state, ruleset, votedAgainst, p, deaths, from, (n, color, against, dead) => {
      if (color === 'red') return n + (against ? counter.redVotedAgainst : counter.redOther);
      if (color !== 'black') return n;
      if (!against)
        openQuestions.push({
          setting: 'voting.day.roleDay.support.limit.blackOther',
          chosen: String(counter.blackOther),
          detail: `${p.name} did not vote against ${dead.name}`,
        });
      return n + (against ? counter.blackVotedAgainst : counter.blackOther);
    });
    const to = Math.max(counter.min, moved);
    if (to !== from) out.push({ type: 'status/add', slotId: p.slot.id, status: counter.status, value: to });
  }
  return out;
}

/**
 * A player's value (the Judge's weight, the Politician's support limit) moved by the day's lynches, one lynched player
 * at a time: `step` takes the value so far, the lynched player's colour and whether this player voted against him.
 */
function byLynches(
  state: GameState,
  ruleset: Ruleset,
  votedAgainst: VotedAgainst,
  player: PlayerState,
  deaths: readonly VoteDeath[],
  from: number,
  step: (value: number, color: Color, votedAgainst: boolean, dead: PlayerState) => number,
): number {
  let value = from;
  for (const d of deaths) {
    const dead = playerOf(state, d.slotId);
    if (dead !== undefined) value = step(value, colorOf(dead, ruleset), votedAgainst(player.slot.id, d.slotId), dead);
  }
  return value;
}

/** Whether `voter` gave one of his open votes of the ballot against `target`. */
type VotedAgainst = (voter: string, target: string) => boolean;

/**
 * The witch hunt is that day's lynch (L162 "альтернативная форма дневного голосования, позволяющая стабильно
 * залинчевать двух выбранных игроков"), so its dead, the executed among them, move the Judge's weight (L33 "При
 * двойном линчевании на голос влияют обе жертвы") and the Politician's support limit (L132) as a lynch does. A voter
 * "voted against" a hunted player when one of his two votes named him.
 */
function withHuntShifts(state: GameState, ruleset: Ruleset, rules: WeightedPluralityVoting, tally: DayTally): DayTally {
  const notes = tallyNotes(ruleset);
  const hits: OpenQuestionHit[] = [];
  const votedAgainst: VotedAgainst = (voter, target) => tally.counted.some((c) => c.voter === voter && c.target === target);
  const shifts = [
    ...weightShifts(state, ruleset, rules, votedAgainst, tally.deaths, notes),
    ...supportLimits(state, ruleset, rules, votedAgainst, tally.deaths, hits),
  ];
  if (shifts.length === 0 && hits.length === 0) return tally;
  return {
    ...tally,
    effects: [...tally.effects, ...shifts],
    openQuestions: [...tally.openQuestions, ...hits],
    explanations: [...tally.explanations, ...notes.explanations],
    notes: [...(tally.notes ?? []), ...notes.notes],
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
function tallyHunt(state: GameState, ruleset: Ruleset, rules: WeightedPluralityVoting): DayTally {
  const voided: VoidedVote[] = [];
  const given = new Map<string, string[]>();
  const counted: CountedVote[] = [];
  for (const vote of state.votes) {
    if (vote.ballot !== pluralityBallots.hunt) continue;
    const forced = rules.day?.forcedSelfVoteStatus;
    // L163.3: no auto-vote in the hunt for a missing wall, but such a player cannot vote in it.
    const inactive = forced !== undefined && playerOf(state, vote.voter)?.statuses.some((s) => s.id === forced) === true;
    // L129 "Слуга не может голосовать"; the hunt gives no master's vote to send.
    const proxy = rules.day?.roleDay?.proxy;
    const voterPlayer = playerOf(state, vote.voter);
    const servant = proxy !== undefined && voterPlayer !== undefined && holdsAny(voterPlayer, proxy.roles);
    const reason = voterVoid(state, ruleset, vote.voter) ?? (inactive || servant ? 'vote/voter-cannot-vote' : null);
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
    if (isVoteImmuneToday(state, target, ruleset, rules)) {
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
  const notes = tallyNotes(ruleset);
  notes.add('witch-hunt');
  let dying = totals.slice(0, 2).map((t) => t.target);
  // L163.5: without exactly two players on top, the Judge's targets die first instead of the earliest voted.
  const second = totals[1];
  const third = totals[2];
  if (second !== undefined && third !== undefined && third.total === second.total) {
    const edge = second.total;
    const sure = totals.filter((t) => t.total > edge).map((t) => t.target);
    const level = totals.filter((t) => t.total === edge).map((t) => t.target);
    const settlers = state.players.filter((p) => p.alive && rules.day?.tieSettlerRoles.some((r) => holds(p, r)) === true);
    const favoured = counted.filter((c) => settlers.some((p) => p.slot.id === c.voter) && level.includes(c.target)).map((c) => c.target);
    if (favoured.length > 0) {
      const ordered = [...new Set([...favoured, ...level])];
      dying = [...sure, ...ordered].slice(0, 2);
      const role = rules.day?.tieSettlerRoles.find((r) => settlers.some((p) => holds(p, r))) ?? '';
      for (const id of favoured.filter((f) => dying.includes(f)))
        notes.add('hunt-tie-settled', { name: playerOf(state, id)?.name ?? id, role });
    }
  }
  const day = rules.day;
  const effects: GameEvent[] = [];
  const nameOf = (id: string): string => playerOf(state, id)?.name ?? id;
  const blast = (hit: readonly string[], who: string): void => {
    if (day?.blastStatus === undefined) return;
    const voters = [...new Set(counted.filter((c) => hit.includes(c.target) && !hit.includes(c.voter)).map((c) => c.voter))];
    if (voters.length === 0) return;
    for (const v of voters) effects.push({ type: 'status/add', slotId: v, status: day.blastStatus, phases: day.blastPhases });
    notes.add('blast', { name: who, names: voters.map(nameOf).join(', ') });
  };
  // L23 "Если детонатор использован при охоте на ведьм, то считается, что террорист со своей жертвой занимает место
  // линчуемого игрока с меньшим приоритетом голосов. Террорист и его жертва также приравниваются к залинчованным целям".
  const detonation = dayAction(state, ruleset, day?.detonateAbility);
  const terrorist = detonation === undefined ? undefined : playerOf(state, detonation.actor);
  const blastTarget = detonation?.targets[0] === undefined ? undefined : playerOf(state, detonation.targets[0]);
  let deaths: VoteDeath[] = dying.map((slotId) => ({ slotId, cause: 'witch hunt' }));
  if (terrorist !== undefined && blastTarget?.alive === true && blastTarget.slot.id !== terrorist.slot.id) {
    const pair = [terrorist.slot.id, blastTarget.slot.id];
    const first = totals.map((t) => t.target).find((t) => !pair.includes(t));
    notes.add('detonator', { name: terrorist.name, target: blastTarget.name });
    deaths = [...(first === undefined ? [] : [{ slotId: first, cause: 'witch hunt' }]), { slotId: terrorist.slot.id, cause: 'witch hunt' }];
    const cripples = colorOf(terrorist, ruleset) === 'black' || colorOf(blastTarget, ruleset) === 'red';
    if (cripples && day?.crippleStatus !== undefined) {
      effects.push({ type: 'status/add', slotId: blastTarget.slot.id, status: day.crippleStatus });
      notes.add('detonator-crippled', { target: blastTarget.name });
    } else deaths.push({ slotId: blastTarget.slot.id, cause: 'witch hunt' });
    blast(pair, terrorist.name);
  } else {
    // L23: a Terrorist lynched in the hunt blows up too.
    for (const d of deaths) {
      const p = playerOf(state, d.slotId);
      if (p !== undefined && blasts(state, p, day)) blast([d.slotId], p.name);
    }
  }
  const outcome: DayOutcome =
    deaths.length === 0 ? { kind: 'no-lynch', reason: 'no-lynch/no-votes' } : { kind: 'lynch', slotIds: deaths.map((d) => d.slotId) };
  // L125: the hunt is that day's vote.
  effects.push(...departures(state, rules, outcome, false, deaths, effects, notes));
  return {
    system: 'weighted-plurality',
    ballot: pluralityBallots.hunt,
    totals,
    counted,
    voided,
    outcome,
    deaths,
    effects,
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
    // L152 "причем они не смогут голосовать": second-round candidates do not vote.
    if (second && candidates?.includes(vote.voter) === true && rules.day?.electionRunoffCandidatesVote === false) {
      voided.push({ voter: vote.voter, ballot, target: vote.target, reason: 'vote/runoff-target' });
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
  const notes = tallyNotes(ruleset);
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

/** L23: whether a lynched player blows up the courtroom: he holds a blasting role, or plays one today by a copy (L40, L47). */
function blasts(state: GameState, p: PlayerState, day: WeightedPluralityVoting['day']): boolean {
  const roles = day?.blastRoles ?? [];
  return roles.some((r) => holds(p, r)) || copiesRoleToday(state, p, day?.roleDay?.borrowedWeights, roles);
}
