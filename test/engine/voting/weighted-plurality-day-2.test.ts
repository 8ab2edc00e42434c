/**
 * Seed 004's day rulings of the second day file (voting.day.roleDay and
 * voting.day.clock): each test quotes the seed line it implements
 * (../shared/seeds/004_f6d88bc78ab5cdbd.txt).
 */
import { describe, expect, it } from 'vitest';
import {
  composeVoteResult,
  createRng,
  deriveState,
  endDay,
  huntApprovals,
  rulesets,
  tallyDay,
  voteOpensOn,
  type DayClockInput,
  type GameEvent,
  type Ruleset,
} from '../../../src/engine';
import { day, die, setup, vote } from './helpers';

const ruleset = rulesets['russian-004'];

const roster = setup([
  { name: 'pol', faction: 'red', role: 'politician' },
  { name: 'mayor', faction: 'red', role: 'citizen' },
  { name: 'law', faction: 'red', role: 'lawyer' },
  { name: 'judge', faction: 'red', role: 'judge' },
  { name: 'priest', faction: 'red', role: 'priest' },
  { name: 'hero', faction: 'red', role: 'hero' },
  { name: 'hero2', faction: 'red', role: 'hero' },
  { name: 'witness', faction: 'red', role: 'witness' },
  { name: 'r1', faction: 'red', role: 'citizen' },
  { name: 'r2', faction: 'red', role: 'citizen' },
  { name: 'r3', faction: 'red', role: 'citizen' },
  { name: 'dealer', faction: 'red', role: 'drug-dealer' },
  { name: 'phantom', faction: 'red', role: 'phantom' },
  { name: 'necro', faction: 'red', role: 'necromancer' },
  { name: 'actor', faction: 'red', role: 'actor' },
  { name: 'terror', faction: 'red', role: 'terrorist' },
  { name: 'b1', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  { name: 'b2', faction: 'mafia', role: 'liar', secondRole: 'mafia' },
  { name: 'b3', faction: 'maniac', role: 'citizen', secondRole: 'maniac' },
  { name: 'servant', faction: 'elite', role: 'servant' },
  { name: 'agent', faction: 'elite', role: 'agent' },
]);

const use = (actor: string, ability: string, ...targets: string[]): GameEvent => ({ type: 'action/use', actor, ability, targets });
const status = (slotId: string, id: string, extra: { value?: number; with?: string; by?: string } = {}): GameEvent => ({
  type: 'status/add',
  slotId,
  status: id,
  ...extra,
});
const mayor: GameEvent = { type: 'title/grant', slotId: 'mayor', title: 'mayor' };

const log = (...events: GameEvent[]): GameEvent[] => [roster, day(1), day(2), ...events];
function tally(...events: GameEvent[]): ReturnType<typeof tallyDay> {
  return tallyDay(deriveState(log(...events)), ruleset);
}
const total = (t: ReturnType<typeof tallyDay>, id: string): number => t.totals.find((x) => x.target === id)?.total ?? 0;
const codes = (t: ReturnType<typeof tallyDay>): string[] => (t.notes ?? []).map((n) => n.code);
const questions = (t: ReturnType<typeof tallyDay>): string[] => t.openQuestions.map((q) => q.setting);

describe('004 day: the Politician (L132)', () => {
  it('"каждый из них получает +1 … если голосует с политиком в одну цель … сам политик получает +1 за каждую пару"; the limit starts at two', () => {
    const t = tally(use('pol', 'support', 'r1', 'r2', 'r3'), vote('pol', 'b1'), vote('r1', 'b1'), vote('r2', 'b1'), vote('r3', 'b1'));
    // pol 1 + 1 (one pair), r1 2, r2 2; r3 is the third supporter, over the limit of two: 1.
    expect(total(t, 'b1')).toBe(7);
    expect(codes(t)).toContain('support');
    // A supporter voting elsewhere gets nothing and the pair is broken.
    const split = tally(use('pol', 'support', 'r1', 'r2'), vote('pol', 'b1'), vote('r1', 'b1'), vote('r2', 'b2'));
    expect(total(split, 'b1')).toBe(3);
    expect(total(split, 'b2')).toBe(1);
  });

  it('"политик дает бонус к голосу мэра, равный суммарному бонусу от своей личной поддержки, если они голосуют в одну цель"', () => {
    const t = tally(mayor, use('pol', 'support', 'r1', 'r2'), vote('pol', 'b1'), vote('r1', 'b1'), vote('r2', 'b1'), vote('mayor', 'b1'));
    // pol 2, r1 2, r2 2, the Mayor 1 + 1.
    expect(total(t, 'b1')).toBe(8);
    expect(codes(t)).toContain('patron-bonus');
    expect(questions(t)).toContain('voting.day.roleDay.support.patronBonus');
  });

  it('"пока мэр у власти и не голосует против политика, то любые другие голоса против него приравниваются к нулю"', () => {
    const covered = tally(mayor, vote('b1', 'pol'), vote('b2', 'pol'), vote('mayor', 'b3'), vote('r1', 'b3'));
    expect(total(covered, 'pol')).toBe(0);
    expect(covered.deaths.map((d) => d.slotId)).toEqual(['b3']);
    expect(codes(covered)).toContain('patron-cover');
    // The Mayor votes against him: the cover is off.
    const open = tally(mayor, vote('b1', 'pol'), vote('b2', 'pol'), vote('mayor', 'pol'), vote('r1', 'b3'));
    expect(total(open, 'pol')).toBe(3);
  });

  it('"Политик обладает нулевым голосовым барьером днем": each vote against him counts at most 1 (an open question, reported)', () => {
    const t = tally(use('witness', 'name-witnesses', 'r1'), vote('witness', 'pol'), vote('r1', 'pol'));
    expect(total(t, 'pol')).toBe(2);
    expect(codes(t)).toContain('zero-barrier');
    expect(questions(t)).toContain('voting.day.roleDay.support.zeroBarrier');
    // The Judge above 3 falls only to 2 (L33).
    expect(total(tally(vote('judge', 'pol')), 'pol')).toBe(2);
  });

  it('"верхний лимит поддержки … возрастает на единицу за каждого залинчованного черного и … падает при линчевании красного, если политик лично голосовал против"', () => {
    const black = tally(vote('pol', 'b1'), vote('r1', 'b1'));
    expect(black.effects).toContainEqual({ type: 'status/add', slotId: 'pol', status: 'support-limit', value: 3 });
    // He did not vote against the lynched black: the limit rises all the same (the setting), and the question is reported.
    const notHis = tally(vote('pol', 'b2'), vote('r1', 'b1'), vote('r2', 'b1'));
    expect(notHis.effects).toContainEqual({ type: 'status/add', slotId: 'pol', status: 'support-limit', value: 3 });
    expect(questions(notHis)).toContain('voting.day.roleDay.support.limit.blackOther');
    const red = tally(vote('pol', 'r3'), vote('b1', 'r3'));
    expect(red.effects).toContainEqual({ type: 'status/add', slotId: 'pol', status: 'support-limit', value: 1 });
    // A red he did not vote against changes nothing.
    const otherRed = tally(vote('pol', 'b1'), vote('b2', 'r3'), vote('b3', 'r3'));
    expect(otherRed.effects.some((e) => e.type === 'status/add' && e.status === 'support-limit')).toBe(false);
    // With a limit of 3, three supporters count.
    const three = tally(
      status('pol', 'support-limit', { value: 3 }),
      use('pol', 'support', 'r1', 'r2', 'r3'),
      ...['pol', 'r1', 'r2', 'r3'].map((v) => vote(v, 'b1')),
    );
    expect(total(three, 'b1')).toBe(2 + 2 + 2 + 2);
  });

  it('"Если политик сам стал мэром … пассивно получает максимальный бонус к голосу от своего текущего влияния"', () => {
    const t = tally(
      { type: 'title/grant', slotId: 'pol', title: 'mayor' },
      use('pol', 'support', 'r1', 'r2'),
      vote('pol', 'b1'),
      vote('r1', 'b1'),
    );
    // Limit 2: one pair, +1; the supporters named are ignored.
    expect(total(t, 'b1')).toBe(3);
  });

  it('"Если назначил секретаршу и использовал обычную вертикаль на другом игроке, то сама секретарша условно считается защищенной второй"', () => {
    const titles: GameEvent[] = [
      { type: 'title/grant', slotId: 'pol', title: 'mayor' },
      { type: 'title/grant', slotId: 'r1', title: 'secretary' },
      status('r2', 'vertical'),
    ];
    const covered = tally(...titles, vote('b1', 'r1'), vote('b2', 'r1'), vote('pol', 'b3'));
    expect(total(covered, 'r1')).toBe(0);
    // "против нее все равно можно будет голосовать, но если в нее не проголосует сам мэр": the Mayor votes her, the votes count.
    const open = tally(...titles, vote('b1', 'r1'), vote('b2', 'r1'), vote('pol', 'r1'));
    // b1 1, b2 1, the Mayor-Politician 1 + 1 (his passive bonus of one pair).
    expect(total(open, 'r1')).toBe(4);
  });

  it('"теневую вертикаль власти … защищает от голосования любого игрока, кроме самого политика … лишь до тех пор, пока мэр удерживает пост"', () => {
    const inOffice = tally(mayor, use('pol', 'shadow-vertical', 'r1'), vote('b1', 'r1'));
    expect(total(inOffice, 'r1')).toBe(0);
    expect(total(inOffice, 'b1')).toBe(1);
    const noMayor = tally(use('pol', 'shadow-vertical', 'r1'), vote('b1', 'r1'));
    expect(total(noMayor, 'r1')).toBe(1);
  });
});

describe('004 day: mutual immunity (L13)', () => {
  it('"Если политик/адвокат/священник взаимно дают себе иммунитет … один из них все равно останется открытым … политик > адвокат > священник"', () => {
    const t = tally(
      mayor,
      use('law', 'legal-protection', 'pol'),
      use('pol', 'shadow-vertical', 'law'),
      vote('b1', 'law'),
      vote('b2', 'pol'),
    );
    // The Politician's move stands: the Lawyer is protected (b1's vote is an auto-vote); the Lawyer's on the Politician is dropped.
    expect(total(t, 'law')).toBe(0);
    expect(total(t, 'b1')).toBe(1);
    expect(codes(t)).toContain('immunity-open');
    // The Lawyer's protection of the Priest stands before the Priest's forgiveness of the Lawyer: the Lawyer stays open.
    const priest = tally(
      use('law', 'legal-protection', 'priest'),
      vote('priest', 'law'),
      vote('b1', 'law'),
      vote('b2', 'law'),
      use('priest', 'forgive', 'law'),
    );
    expect(priest.deaths.map((d) => d.slotId)).toEqual(['law']);
    expect(codes(priest)).not.toContain('forgiven');
    // Without the ring both moves stand.
    const one = tally(mayor, use('law', 'legal-protection', 'pol'), vote('b2', 'pol'), vote('b1', 'r1'));
    expect(total(one, 'pol')).toBe(0);
  });
});

describe('004 day: the black Liar (L97)', () => {
  it('"За каждый ход в любого другого игрока … черный лжец получает право незаметно докинуть … один черный голос"; "не указываются в спойлере"', () => {
    const events = log(
      vote('b2', 'r1'),
      vote('r2', 'r3'),
      use('b2', 'scandal', 'judge', 'r3'),
      use('b2', 'hidden-votes', 'r3', 'r3', 'r3'),
    );
    const state = deriveState(events);
    const t = tallyDay(state, ruleset);
    // Two players compromised: two hidden votes (the third is over the count).
    expect(total(t, 'r3')).toBe(3);
    expect(t.counted.filter((c) => c.hidden === true)).toHaveLength(2);
    const post = composeVoteResult(t, state, ruleset, 'markdown', 'en');
    expect(post.split('\n').filter((l) => l.includes('b2') && l.includes('r3'))).toEqual([]);
    // A red Liar has no hidden votes.
    const red = tally(vote('r2', 'b1'), use('b2', 'scandal'), use('r1', 'hidden-votes', 'b1'));
    expect(red.counted.some((c) => c.hidden === true)).toBe(false);
  });

  it('open question: the hidden votes are left out of the totals the post shows too (setting hiddenVotesInTotals), and the tally says so', () => {
    const events = log(
      vote('b2', 'r1'),
      vote('r2', 'r3'),
      use('b2', 'scandal', 'judge', 'r3'),
      use('b2', 'hidden-votes', 'r3', 'r1', 'r3'),
    );
    const state = deriveState(events);
    const t = tallyDay(state, ruleset);
    expect(t.openQuestions).toEqual(
      expect.arrayContaining([expect.objectContaining({ setting: 'voting.day.roleDay.hiddenVotesInTotals', chosen: 'left-out' })]),
    );
    const totalLine = (post: string, name: string): string | undefined => post.split('\n').find((l) => l.startsWith(`${name}:`));
    // r3: Olga's vote (1) shows; the hidden one on r3 does not. r1: b2's open vote and one hidden vote.
    const shown = composeVoteResult(t, state, ruleset, 'markdown', 'en');
    expect(totalLine(shown, 'r3')).toMatch(/: 1$/u);
    expect(totalLine(shown, 'r1')).toMatch(/: 1$/u);
    const voting = ruleset.voting;
    const dayRules = voting.kind === 'weighted-plurality' ? voting.day : undefined;
    if (voting.kind !== 'weighted-plurality' || dayRules?.roleDay === undefined) throw new Error('004 has role rulings by day');
    const real: Ruleset = {
      ...ruleset,
      voting: { ...voting, day: { ...dayRules, roleDay: { ...dayRules.roleDay, hiddenVotesInTotals: 'counted' } } },
    };
    const counted = composeVoteResult(t, state, real, 'markdown', 'en');
    expect(totalLine(counted, 'r3')).toMatch(/: 2$/u);
    expect(totalLine(counted, 'r1')).toMatch(/: 2$/u);
  });
});

describe('004 day: the Drug dealer (L34)', () => {
  it('"получает +1 к голосу за каждого накачанного игрока … по методу запаса … любое значение, кратное 0,5"', () => {
    const drugged = [status('r1', 'drugged', { by: 'dealer' }), status('r2', 'drugged', { by: 'dealer' })];
    const t = tally(...drugged, vote('dealer', 'b1', 'lynch', 2.5));
    expect(total(t, 'b1')).toBe(2.5);
    expect(t.effects).toContainEqual({ type: 'status/add', slotId: 'dealer', status: 'vote-bank', value: 0.5 });
    // Asking for more than the bank holds buys only what is there.
    const short = tally(...drugged, vote('dealer', 'b1', 'lynch', 5));
    expect(total(short, 'b1')).toBe(3);
    expect(codes(short)).toContain('bank-short');
    // The bank kept from before adds to today's earnings; not voting keeps it all.
    const kept = tally(...drugged, status('dealer', 'vote-bank', { value: 1 }), vote('r3', 'b1'));
    expect(kept.effects).toContainEqual({ type: 'status/add', slotId: 'dealer', status: 'vote-bank', value: 3 });
  });

  it('"двойной дозой … получит за него только +1"; "тройной дозой … не выручит за это денег"; "Может накачать наркотой себя, но денег за это не будет"', () => {
    const t = tally(
      status('r1', 'drugged', { by: 'dealer', value: 2 }),
      status('r2', 'drugged', { by: 'dealer', value: 3 }),
      status('dealer', 'drugged', { by: 'dealer' }),
      vote('r3', 'b1'),
    );
    expect(t.effects).toContainEqual({ type: 'status/add', slotId: 'dealer', status: 'vote-bank', value: 1 });
    // The double dose is a double barrier.
    const barrier = tally(status('r1', 'drugged', { by: 'dealer', value: 2 }), vote('b1', 'r1'), vote('b2', 'r1'), vote('b3', 'r1'));
    expect(total(barrier, 'r1')).toBe(1);
  });

  it('"Купленные голоса не исчезают, если им препятствует барьер от наркотиков"; with a barrier of his own, the sum (an open question)', () => {
    const drugged = [status('r1', 'drugged', { by: 'dealer' }), status('r2', 'drugged', { by: 'dealer' })];
    const t = tally(...drugged, vote('dealer', 'r1', 'lynch', 3));
    expect(total(t, 'r1')).toBe(3);
    const own = tally(
      ...drugged,
      status('r1', 'barrier', { value: 1 }),
      vote('dealer', 'r1', 'lynch', 3),
      vote('b1', 'r1'),
      vote('b2', 'r1'),
    );
    // Each vote at most 1 (3), minus the barriers' sum 2.
    expect(total(own, 'r1')).toBe(1);
    expect(questions(own)).toContain('voting.day.roleDay.voteBank.sumWithOwnBarrier');
  });
});

describe('004 day: the Phantom and the Necromancer (L18, L42)', () => {
  const ghosts = [die('r1'), die('r2'), status('r1', 'phantom'), status('r2', 'phantom')];

  it('"все убитые ночью игроки автоматически получают эффект фантома … сохраняют возможность голосовать"; "+1 к своему голосу за каждого"', () => {
    const t = tally(...ghosts, vote('phantom', 'b1'), vote('r1', 'b1'), vote('r2', 'b2'));
    expect(total(t, 'b1')).toBe(4);
    expect(total(t, 'b2')).toBe(1);
    expect(codes(t)).toContain('crowd-bonus');
  });

  it('L40 "Если скопировал фантома … получает бонус к голосу за фантомных игроков, если оригинальный фантом его не отменит"', () => {
    const copy = status('actor', 'copied-role', { with: 'phantom' });
    expect(total(tally(...ghosts, copy, vote('actor', 'b1')), 'b1')).toBe(3);
    expect(total(tally(...ghosts, copy, vote('actor', 'b1'), use('phantom', 'cancel-bonus')), 'b1')).toBe(1);
  });

  it('"Живой фантом также имеет право отменить прибавку к голосу … когда все игроки дадут голоса"', () => {
    const t = tally(...ghosts, vote('phantom', 'b1'), use('phantom', 'cancel-bonus'));
    expect(total(t, 'b1')).toBe(1);
    expect(codes(t)).toContain('crowd-cancelled');
  });

  it('"Фантом … сохраняет свой голос на голосовании, если голосует со связанным игроком в одну цель"', () => {
    const possessing = [die('phantom'), status('phantom', 'possessing', { with: 'r3' })];
    expect(total(tally(...possessing, vote('phantom', 'b1'), vote('r3', 'b1')), 'b1')).toBe(2);
    const apart = tally(...possessing, vote('phantom', 'b1'), vote('r3', 'b2'));
    expect(total(apart, 'b1')).toBe(0);
    expect(codes(apart)).toContain('hosted-vote-lost');
  });

  it('L42 "Если роль из перечня недоступных, некромант все равно получит труп … вес его голоса будет увеличен на +1"', () => {
    const t = tally(
      die('judge'),
      status('judge', 'undead', { by: 'necro' }),
      die('law'),
      status('law', 'undead', { by: 'necro' }),
      vote('necro', 'b1'),
    );
    // The Judge's role is not for the undead (+1); the Lawyer's is (nothing).
    expect(total(t, 'b1')).toBe(2);
  });
});

describe('004 day: the Agent and the Servant (L124–L129)', () => {
  it('"против него нельзя голосовать" (Agent, Servant); "Агент может голосовать"', () => {
    const t = tally(vote('b1', 'agent'), vote('b2', 'servant'), vote('agent', 'b3'));
    expect(total(t, 'b1')).toBe(1);
    expect(total(t, 'b2')).toBe(1);
    expect(total(t, 'b3')).toBe(1);
  });

  it('"Слуга не может голосовать … Если игрок не оставил голос, слуга имеет право оставить голос в ЛС ведущему за него"', () => {
    const serves = status('servant', 'serves', { with: 'judge' });
    const absent = tally(serves, vote('servant', 'b1'));
    // The Judge's own weight.
    expect(total(absent, 'b1')).toBe(6);
    expect(absent.counted.map((c) => c.voter)).toEqual(['judge']);
    expect(codes(absent)).toContain('proxy-vote');
    const present = tally(serves, vote('judge', 'b2'), vote('servant', 'b1'));
    expect(total(present, 'b1')).toBe(0);
    expect(present.voided.map((v) => [v.voter, v.reason])).toEqual([['servant', 'vote/voter-cannot-vote']]);
  });

  it('"Слуга может заменить хозяина на голосовании … хозяин потеряет право отписываться на данном голосовании"', () => {
    const t = tally(status('servant', 'serves', { with: 'r1' }), use('servant', 'replace-master'), vote('r1', 'b2'), vote('servant', 'b1'));
    expect(total(t, 'b1')).toBe(1);
    expect(total(t, 'b2')).toBe(0);
    expect(t.voided.map((v) => [v.voter, v.reason])).toEqual([['r1', 'vote/replaced']]);
  });
});

describe('004 day: the Hero and the Priest (L35, L30)', () => {
  it('L35 "Если красный герой успешно спас красного игрока, но позже героя все равно залинчевали … забрать с собой одного из тех, кто кинул в героя голос"', () => {
    const saved = tally(vote('b1', 'r1'), use('hero', 'save', 'r1'));
    expect(saved.effects).toContainEqual({ type: 'status/add', slotId: 'hero', status: 'saved-a-red' });
    // Four votes against the Hero's single barrier: 3.
    const against = ['b1', 'b2', 'b3', 'r2'].map((v) => vote(v, 'hero'));
    const later = tally(status('hero', 'saved-a-red'), ...against, vote('r1', 'b3'), use('hero', 'take-voter', 'b2'));
    expect(later.deaths.map((d) => d.slotId)).toEqual(['hero', 'b2']);
    expect(codes(later)).toContain('took-voter');
    // Not someone who did not vote against him, and not without the earlier save.
    expect(tally(status('hero', 'saved-a-red'), ...against, use('hero', 'take-voter', 'r1')).deaths.map((d) => d.slotId)).toEqual(['hero']);
    expect(tally(...against, use('hero', 'take-voter', 'b1')).deaths.map((d) => d.slotId)).toEqual(['hero']);
  });

  it('L113 "Герой пропустит ход, если попытается спасти фанатика или инквизитора, когда они используют предсмертную казнь"', () => {
    // A Hero (saved-a-red) lynched, taking b2; a second save is no longer his, but the rule holds for any death move's user.
    // The red Hero (who saved a red before) is lynched and takes b2 along; a second Hero's save of him is skipped.
    const against = ['b1', 'b2', 'b3', 'r2'].map((v) => vote(v, 'hero'));
    const t = tally(status('hero', 'saved-a-red'), ...against, use('hero', 'take-voter', 'b2'), use('hero2', 'save', 'hero'));
    expect(t.deaths.map((d) => d.slotId)).toEqual(['hero', 'b2']);
    expect(codes(t)).toContain('hero-skip');
    // Without the death move the save goes through.
    const saved = tally(...against, use('hero2', 'save', 'hero'));
    expect(saved.deaths).toEqual([]);
  });

  it('L30 "Если на переголосовании залинчуют священника, он имеет право позволить только что спасенному игроку умереть вместо себя"', () => {
    const t = tally(
      vote('priest', 'r1'),
      use('priest', 'forgive', 'r1'),
      { type: 'ballot/open', ballot: 'revote' },
      vote('b1', 'priest', 'revote'),
      vote('b2', 'priest', 'revote'),
      vote('b3', 'priest', 'revote'),
      vote('r2', 'priest', 'revote'),
      use('priest', 'die-instead', 'r1'),
    );
    expect(t.deaths.map((d) => d.slotId)).toEqual(['r1']);
    expect(codes(t)).toContain('die-instead');
  });
});

describe('004 day: the Terrorist in the hunt (L23, L163)', () => {
  it('"Если детонатор использован при охоте на ведьм … террорист со своей жертвой занимает место линчуемого игрока с меньшим приоритетом голосов"', () => {
    const t = tally(
      { type: 'ballot/open', ballot: 'hunt' },
      use('terror', 'detonate', 'b2'),
      vote('r1', 'b1', 'hunt'),
      vote('r1', 'b3', 'hunt'),
      vote('r2', 'b1', 'hunt'),
      vote('r2', 'b3', 'hunt'),
      vote('r3', 'b2', 'hunt'),
    );
    expect(t.deaths.map((d) => d.slotId)).toEqual(['b1', 'terror', 'b2']);
    // "голоса против кого-то из них приведут к блокировке ролей".
    expect(t.effects).toContainEqual({ type: 'status/add', slotId: 'r3', status: 'blocked', phases: 2 });
  });

  it('L23: a Terrorist lynched in the hunt blocks those who voted against him', () => {
    const t = tally(
      { type: 'ballot/open', ballot: 'hunt' },
      vote('b1', 'terror', 'hunt'),
      vote('b2', 'terror', 'hunt'),
      vote('r1', 'b3', 'hunt'),
    );
    expect(t.deaths.map((d) => d.slotId)).toEqual(['terror', 'b3']);
    expect(t.effects).toContainEqual({ type: 'status/add', slotId: 'b1', status: 'blocked', phases: 2 });
  });
});

describe('004 day: a copied Judge or Priest (L40)', () => {
  it('"Если скопировал судью или священника, то голос или барьер будет на треть слабее базового"', () => {
    const judge = tally(status('actor', 'copied-role', { with: 'judge' }), vote('actor', 'b1'));
    expect(total(judge, 'b1')).toBe(4);
    const priest = tally(status('actor', 'copied-role', { with: 'priest' }), ...['b1', 'b2', 'b3', 'r1'].map((v) => vote(v, 'actor')));
    // Barrier 2 instead of 3.
    expect(total(priest, 'actor')).toBe(2);
  });
});

describe('004 day: the clock (L150, L113, L164)', () => {
  const clock = ruleset.voting.kind === 'weighted-plurality' ? ruleset.voting.day?.clock : undefined;
  if (clock === undefined) throw new Error('004 has a day clock');
  // Day 2 of a game on 2016-11-28: the vote opens at 21:00 Moscow, 18:00 UTC.
  const opens = voteOpensOn('2016-11-28', clock);
  if (opens === null) throw new Error('date');
  const minutes = (n: number): number => opens + n * 60_000;

  it('the vote opens at "21.00 по Москве"', () => {
    expect(opens).toBe(Date.UTC(2016, 10, 28, 18, 0));
  });

  it('L150 "Если к 22.00 по Москве не все проголосуют, ведущий поставит отсутствующим принудительный автоголос"', () => {
    const state = deriveState(log(die('r2'), die('r3'), vote('r1', 'b1')));
    const input = (now: number): DayClockInput => ({ voteOpensAt: opens, now, timeOf: () => minutes(5) });
    const before = tallyDay(state, ruleset, input(minutes(59)));
    expect(total(before, 'b2')).toBe(0);
    const after = tallyDay(state, ruleset, input(minutes(60)));
    // Every living admitted player who did not vote votes against himself; the Servant does not vote.
    expect(total(after, 'b2')).toBe(1);
    expect(total(after, 'judge')).toBe(6);
    expect(after.counted.some((c) => c.voter === 'servant')).toBe(false);
    expect(codes(after)).toContain('auto-vote-absent');
  });

  it('L113 "Адвокат, свидетель, политик, наркодилер и террорист делают ход перед началом голосования. Если не успевают … пропуск хода"', () => {
    const events = log(use('witness', 'name-witnesses', 'r1'), vote('witness', 'b1'), vote('r1', 'b1'));
    const state = deriveState(events);
    const lateAt = events.findIndex((e) => e.type === 'action/use');
    const late = tallyDay(state, ruleset, {
      voteOpensAt: opens,
      now: minutes(10),
      timeOf: (i) => (i === lateAt ? minutes(1) : minutes(2)),
    });
    expect(total(late, 'b1')).toBe(2);
    expect(codes(late)).toContain('late-move');
    const onTime = tallyDay(state, ruleset, {
      voteOpensAt: opens,
      now: minutes(10),
      timeOf: (i) => (i === lateAt ? minutes(-5) : minutes(2)),
    });
    expect(total(onTime, 'b1')).toBe(4);
  });

  it("the flow's endDay takes the clock: at 22:00 the absent voters' forced auto-votes decide the day", () => {
    // Only r1 voted (against b1); at 22:00 everyone else votes against himself and the Judge's 6 lynch him.
    const events = log(vote('r1', 'b1'));
    const ended = endDay(
      events,
      ruleset,
      2,
      { by: 'tally', clock: { voteOpensAt: opens, now: minutes(60), timeOf: () => minutes(5) } },
      { dialect: 'markdown', firstPhase: 'day' },
      createRng(1),
    );
    if (!ended.ok) throw new Error(ended.text);
    expect(ended.tally?.deaths.map((d) => d.slotId)).toEqual(['judge']);
    const untimed = endDay(events, ruleset, 2, { by: 'tally' }, { dialect: 'markdown', firstPhase: 'day' }, createRng(1));
    if (!untimed.ok) throw new Error(untimed.text);
    expect(untimed.tally?.deaths.map((d) => d.slotId)).toEqual(['b1']);
  });

  it('L164 "На сбор одобрений выделяется 15 минут": approvals after the window do not count', () => {
    const events = log(...['r1', 'r2', 'r3'].map((v) => vote(v, v, 'hunt-approval')));
    const state = deriveState(events);
    const at = (n: number) => events.findIndex((e) => e.type === 'vote/cast' && e.voter === `r${n}`);
    const timeOf = (i: number): number => (i === at(3) ? minutes(16) : minutes(3));
    if (ruleset.voting.kind !== 'weighted-plurality') throw new Error('004');
    const counted = huntApprovals(state, ruleset, ruleset.voting, { voteOpensAt: opens, now: minutes(20), timeOf });
    expect(counted?.approvals).toBe(2);
    expect(huntApprovals(state, ruleset, ruleset.voting)?.approvals).toBe(3);
  });

  it('L156 "по длительности оно не будет превышать 30 минут": the extra vote\'s absent voters are forced at its end', () => {
    const events = log(vote('r1', 'b1'), { type: 'ballot/open', ballot: 'extra' }, vote('r2', 'b2', 'extra'));
    const state = deriveState(events);
    const openAt = events.findIndex((e) => e.type === 'ballot/open');
    const timeOf = (i: number): number => (i === openAt ? minutes(90) : minutes(95));
    const running = tallyDay(state, ruleset, { voteOpensAt: opens, now: minutes(119), timeOf });
    expect(codes(running)).not.toContain('auto-vote-absent');
    const over = tallyDay(state, ruleset, { voteOpensAt: opens, now: minutes(120), timeOf });
    expect(codes(over)).toContain('auto-vote-absent');
    expect(total(over, 'b1')).toBe(1);
  });
});
