/**
 * Seed 004's day rulings in the weighted-plurality tally (digest §2, §2.3–2.8):
 * each test quotes the seed line it implements (../shared/seeds/004_f6d88bc78ab5cdbd.txt).
 */
import { describe, expect, it } from 'vitest';
import {
  deriveState,
  isNightImmune,
  playerOf,
  rulesets,
  tallyDay,
  tallyVotes,
  voteRulesOf,
  type ForumPost,
  type GameEvent,
  type VoteRules,
} from '../../../src/engine';
import { day, die, setup, vote } from './helpers';

const ruleset = rulesets['russian-004'];

/** Eight reds, three blacks, the grey Faceless and an elite Mason. */
const roster = setup([
  { name: 'judge', faction: 'red', role: 'judge' },
  { name: 'priest', faction: 'red', role: 'priest' },
  { name: 'hero', faction: 'red', role: 'hero' },
  { name: 'witness', faction: 'red', role: 'witness' },
  { name: 'lawyer', faction: 'red', role: 'lawyer' },
  { name: 'liar', faction: 'red', role: 'liar' },
  { name: 'terror', faction: 'red', role: 'terrorist' },
  { name: 'r8', faction: 'red', role: 'citizen' },
  { name: 'b1', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  { name: 'b2', faction: 'mafia', role: 'liar', secondRole: 'mafia' },
  { name: 'b3', faction: 'maniac', role: 'citizen', secondRole: 'maniac' },
  { name: 'grey', faction: 'grey', role: 'faceless' },
  { name: 'mason', faction: 'elite', role: 'mason' },
]);

const use = (actor: string, ability: string, ...targets: string[]): GameEvent => ({ type: 'action/use', actor, ability, targets });
const status = (slotId: string, id: string, value?: number): GameEvent => ({
  type: 'status/add',
  slotId,
  status: id,
  ...(value === undefined ? {} : { value }),
});

function tally(...events: GameEvent[]): ReturnType<typeof tallyDay> {
  return tallyDay(deriveState([roster, day(1), day(2), ...events]), ruleset);
}
const total = (t: ReturnType<typeof tallyDay>, id: string): number => t.totals.find((x) => x.target === id)?.total ?? 0;
const codes = (t: ReturnType<typeof tallyDay>): string[] => (t.notes ?? []).map((n) => n.code);

describe('004 day: auto-votes (L151, L136)', () => {
  it('L151 "голос, который не относится к кому-либо из активных игроков … приравнивается к автоголосу": a vote for the dead counts against the voter', () => {
    const t = tally(die('r8'), vote('b1', 'r8'), vote('hero', 'b1'));
    expect(total(t, 'b1')).toBe(2);
    expect(t.voided).toEqual([]);
    expect(codes(t)).toContain('auto-vote-dead');
  });

  it('L151 "На линчеваниях нельзя отказаться от голоса": an abstention at the lynch is an auto-vote; "На переголосовании допустим отказ" keeps it void in a run-off', () => {
    const lynch = tally(vote('b1', null), vote('hero', 'b2'));
    expect(total(lynch, 'b1')).toBe(1);
    expect(codes(lynch)).toContain('auto-vote-abstain');
    const runoff = tally({ type: 'ballot/open', ballot: 'runoff', candidates: ['b1', 'b2'] }, vote('hero', null, 'runoff'));
    expect(runoff.voided.map((v) => v.reason)).toEqual(['vote/abstain']);
  });

  it('L136: a player inactive all day votes against himself ("зачтется против него же"); a poster without a wall is not admitted ("не допускается на голосование")', () => {
    const t = tally(status('b1', 'inactive'), status('b2', 'no-vote'), vote('b1', 'hero'), vote('b2', 'hero'), vote('r8', 'b3'));
    expect(total(t, 'b1')).toBe(1);
    expect(total(t, 'hero')).toBe(0);
    expect(t.voided.map((v) => [v.voter, v.reason])).toEqual([
      ['b1', 'vote/replaced'],
      ['b2', 'vote/voter-cannot-vote'],
    ]);
    // Inactive and silent: his auto-vote is there all the same.
    const silent = tally(status('b1', 'inactive'), vote('r8', 'b3'));
    expect(total(silent, 'b1')).toBe(1);
  });
});

describe('004 day: the Judge (L33)', () => {
  it('"переголосования не будет - этот игрок сразу будет осужден и умрет в одиночку": his target, tied, dies alone', () => {
    // The Judge's 6 (capped at max(R-1, B) = 7, so 6) against b1; six others on b2.
    const t = tally(vote('judge', 'b1'), ...['priest', 'hero', 'witness', 'lawyer', 'liar', 'terror'].map((v) => vote(v, 'b2')));
    expect(total(t, 'b1')).toBe(6);
    expect(total(t, 'b2')).toBe(6);
    expect(t.outcome).toEqual({ kind: 'lynch', slotIds: ['b1'] });
    expect(codes(t)).toContain('tie-settled');
  });

  it('"голос упадет на три единицы" / "на две" / "возрастает на единицу … не может стать выше шести": the weight moves with lynches', () => {
    const votedRed = tally(vote('judge', 'r8'), vote('b1', 'r8'));
    expect(votedRed.effects).toContainEqual({ type: 'status/add', slotId: 'judge', status: 'vote-weight', value: 3 });
    const otherRed = tally(vote('judge', 'b1'), ...['b1', 'b2', 'b3', 'grey', 'hero', 'priest', 'witness'].map((v) => vote(v, 'r8')));
    expect(otherRed.deaths.map((d) => d.slotId)).toEqual(['r8']);
    expect(otherRed.effects).toContainEqual({ type: 'status/add', slotId: 'judge', status: 'vote-weight', value: 4 });
    // At 6 already, a black lynch he voted for keeps him at 6; from 3 it gives 4.
    expect(tally(vote('judge', 'b1')).effects.filter((e) => e.type === 'status/add')).toEqual([]);
    const fromThree = tally(status('judge', 'vote-weight', 3), vote('judge', 'b1'));
    expect(total(fromThree, 'b1')).toBe(3);
    expect(fromThree.effects).toContainEqual({ type: 'status/add', slotId: 'judge', status: 'vote-weight', value: 4 });
    // "Линчевание безликого не меняет голос."
    expect(tally(status('judge', 'vote-weight', 3), vote('judge', 'grey')).effects.filter((e) => e.type === 'status/add')).toEqual([]);
  });

  it('"Пока голос судьи выше 3-х, голосование в игрока с барьером опустит его только до 2-х"', () => {
    const t = tally(status('b1', 'barrier', 1), vote('judge', 'b1'));
    expect(total(t, 'b1')).toBe(2);
  });
});

describe('004 day: who cannot be voted against (L127, L159–L161)', () => {
  it('L127 Mason: no one may vote against him (an auto-vote), and his own vote weighs 0', () => {
    const t = tally(vote('b1', 'mason'), vote('mason', 'b2'));
    expect(total(t, 'b1')).toBe(1);
    expect(total(t, 'mason')).toBe(0);
    expect(total(t, 'b2')).toBe(0);
  });

  it('L160 "Если ведущий ничего не получит, мэру засчитывается автоматический ход в секретаршу"', () => {
    const titles: GameEvent[] = [
      { type: 'title/grant', slotId: 'hero', title: 'mayor' },
      { type: 'title/grant', slotId: 'r8', title: 'secretary' },
    ];
    const byDefault = tally(...titles, vote('b1', 'r8'));
    expect(total(byDefault, 'r8')).toBe(0);
    expect(total(byDefault, 'b1')).toBe(1);
    // The Mayor put someone else under the vertical: the Secretary can be voted against.
    const elsewhere = tally(...titles, status('priest', 'vertical'), vote('b1', 'r8'));
    expect(total(elsewhere, 'r8')).toBe(1);
  });

  it('L161 "мэр может ее уволить, кинув в нее свой голос … Если секретарша под защитой вертикали власти, ее нельзя уволить"', () => {
    const titles: GameEvent[] = [
      { type: 'title/grant', slotId: 'hero', title: 'mayor' },
      { type: 'title/grant', slotId: 'r8', title: 'secretary' },
    ];
    const fired = tally(...titles, status('priest', 'vertical'), vote('hero', 'r8'), vote('b1', 'b2'), vote('b3', 'b2'));
    expect(fired.deaths.map((d) => d.slotId)).toEqual(['b2']);
    expect(fired.effects).toContainEqual({ type: 'title/revoke', slotId: 'r8', title: 'secretary' });
    // Under the vertical by default: the Mayor's vote against her is an auto-vote, and she keeps the post.
    const kept = tally(...titles, vote('hero', 'r8'), vote('b1', 'b2'), vote('b3', 'b2'));
    expect(kept.effects).not.toContainEqual({ type: 'title/revoke', slotId: 'r8', title: 'secretary' });
  });

  it('L152 "причем они не смогут голосовать": second-round election candidates do not vote', () => {
    const state = deriveState([
      roster,
      day(1),
      { type: 'ballot/open', ballot: 'election-runoff', candidates: ['hero', 'priest'] },
      vote('hero', 'priest', 'election-runoff'),
      vote('r8', 'hero', 'election-runoff'),
    ]);
    const t = tallyDay(state, ruleset);
    expect(t.voided.map((v) => [v.voter, v.reason])).toEqual([['hero', 'vote/runoff-target']]);
    expect(t.outcome).toEqual({ kind: 'elected', slotId: 'hero', title: 'mayor' });
  });

  it('L159 "Ни одна роль не может выбрать его целью": the Mayor is immune to every move; L161: the Secretary to killers and checks only', () => {
    const state = deriveState([
      roster,
      { type: 'title/grant', slotId: 'hero', title: 'mayor' },
      { type: 'title/grant', slotId: 'r8', title: 'secretary' },
    ]);
    const mayor = playerOf(state, 'hero');
    const secretary = playerOf(state, 'r8');
    if (mayor === undefined || secretary === undefined) throw new Error('roster');
    expect(isNightImmune(mayor, ruleset, 'protect')).toBe(true);
    expect(isNightImmune(secretary, ruleset, 'faction-kill')).toBe(true);
    expect(isNightImmune(secretary, ruleset, 'investigate')).toBe(true);
    expect(isNightImmune(secretary, ruleset, 'protect')).toBe(false);
  });

  it('L28 "правовую защиту, аналогичную вертикали власти": the Lawyer\'s protected player cannot be voted against', () => {
    const t = tally(use('lawyer', 'legal-protection', 'r8'), vote('b1', 'r8'));
    expect(total(t, 'r8')).toBe(0);
    expect(total(t, 'b1')).toBe(1);
  });
});

describe('004 day: role mechanics on the vote', () => {
  it('L30 Priest: "все голоса против этого игрока приравниваются к нулю … сразу же начнет переголосование"', () => {
    const t = tally(vote('priest', 'b1'), vote('b2', 'b1'), vote('r8', 'b3'), use('priest', 'forgive', 'b1'));
    expect(total(t, 'b1')).toBe(0);
    expect(t.deaths).toEqual([]);
    expect(t.outcome).toEqual({ kind: 'no-lynch', reason: 'no-lynch/forgiven' });
    expect(t.followUp).toEqual({ ballot: 'revote' });
    // In the re-vote no one may vote for the saved player.
    const revote = tally(
      vote('priest', 'b1'),
      use('priest', 'forgive', 'b1'),
      { type: 'ballot/open', ballot: 'revote' },
      vote('b2', 'b1', 'revote'),
      vote('r8', 'b3', 'revote'),
      vote('hero', 'b3', 'revote'),
    );
    expect(total(revote, 'b1')).toBe(0);
    expect(total(revote, 'b2')).toBe(1);
    expect(revote.deaths.map((d) => d.slotId)).toEqual(['b3']);
  });

  it('L30: the Priest\'s barrier of three falls by one per lynched red ("даже если священник не голосовал за него")', () => {
    const fresh = tally(...['b1', 'b2', 'b3'].map((b) => vote(b, 'priest')), vote('r8', 'priest'));
    expect(total(fresh, 'priest')).toBe(1);
    const afterRed = tally(
      die('r8', 'lynch'),
      { type: 'day/result', phase: { kind: 'day', number: 2 }, lynched: ['r8'], noVictimRunoff: false, ballot: 'lynch' },
      ...['b1', 'b2', 'b3'].map((b) => vote(b, 'priest')),
      vote('hero', 'priest'),
    );
    expect(total(afterRed, 'priest')).toBe(2);
  });

  it('L35 Hero: "Если игрок из красной команды - герой отменит линчевание. Если из черной - героя залинчуют на пару с ним"', () => {
    const red = tally(vote('b1', 'r8'), vote('b2', 'r8'), use('hero', 'save', 'r8'));
    expect(red.deaths).toEqual([]);
    expect(red.outcome).toEqual({ kind: 'no-lynch', reason: 'no-lynch/hero-saved' });
    expect(red.effects).toContainEqual({ type: 'status/add', slotId: 'r8', status: 'hero-saved' });
    const black = tally(vote('r8', 'b1'), vote('priest', 'b1'), use('hero', 'save', 'b1'));
    expect(black.deaths.map((d) => d.slotId)).toEqual(['b1', 'hero']);
    const grey = tally(vote('r8', 'grey'), use('hero', 'save', 'grey'));
    expect(grey.deaths.map((d) => d.slotId)).toEqual(['grey']);
    expect(codes(grey)).toContain('hero-grey');
  });

  it('L156 "Если по итогу голосования выбывает безликий, то в этот же день будет еще одно голосование"; L157 the same for a lone lynch of one the Hero saved', () => {
    expect(tally(vote('r8', 'grey')).followUp).toEqual({ ballot: 'extra' });
    expect(tally(status('r8', 'hero-saved'), vote('b1', 'r8')).followUp).toEqual({ ballot: 'extra' });
    // Not after the extra vote itself, and not for anyone else.
    expect(tally(vote('r8', 'b1')).followUp).toBeUndefined();
    expect(tally({ type: 'ballot/open', ballot: 'extra' }, vote('r8', 'grey', 'extra')).followUp).toBeUndefined();
  });

  it('L23 Terrorist lynched: "голосовавшие против него получают тяжелые ранения, поэтому их роли блокируются на одни сутки", even at weight 0', () => {
    const t = tally(vote('b1', 'terror'), vote('mason', 'terror'), vote('b2', 'terror'));
    expect(t.deaths.map((d) => d.slotId)).toEqual(['terror']);
    const blocked = t.effects
      .filter((e) => e.type === 'status/add' && e.status === 'blocked')
      .map((e) => (e.type === 'status/add' ? e.slotId : ''));
    expect(blocked.sort()).toEqual(['b1', 'b2', 'mason']);
  });

  it('L23 detonator: "умрет только террорист и его жертва"; a red Terrorist cripples a red target and the Mayor loses the post', () => {
    const black = tally(use('terror', 'detonate', 'b1'), vote('r8', 'b2'), vote('hero', 'b2'), vote('b3', 'b1'));
    expect(black.deaths.map((d) => d.slotId)).toEqual(['terror', 'b1']);
    expect(black.effects).toContainEqual({ type: 'status/add', slotId: 'b3', status: 'blocked', phases: 2 });
    const red = tally({ type: 'title/grant', slotId: 'hero', title: 'mayor' }, use('terror', 'detonate', 'r8'), vote('b1', 'b2'));
    expect(red.deaths.map((d) => d.slotId)).toEqual(['terror']);
    expect(red.effects).toContainEqual({ type: 'status/add', slotId: 'r8', status: 'crippled' });
    expect(red.effects).toContainEqual({ type: 'title/revoke', slotId: 'hero', title: 'mayor' });
  });

  it('L32 Liar: "Голоса этих игроков … станут равны нулю, а голосовые барьеры … заблокированы"; himself: "двойной голосовой барьер"', () => {
    const t = tally(
      status('b1', 'barrier', 1),
      vote('judge', 'b1'),
      vote('b1', 'r8'),
      vote('hero', 'b1'),
      use('liar', 'scandal', 'judge', 'b1'),
    );
    expect(total(t, 'r8')).toBe(0);
    // The Judge's vote counts nothing; b1's barrier is off, so the Hero's vote counts whole.
    expect(total(t, 'b1')).toBe(1);
    const self = tally(use('liar', 'scandal', 'liar'), vote('r8', 'liar'), vote('hero', 'liar'), vote('priest', 'liar'));
    expect(total(self, 'liar')).toBe(1);
  });

  it('L32 "Если случится переголосование … эффект от предыдущего хода будет отменен": the scandal does not carry into the run-off', () => {
    const t = tally(
      use('liar', 'scandal', 'r8'),
      { type: 'ballot/open', ballot: 'runoff', candidates: ['b1', 'b2'] },
      vote('r8', 'b1', 'runoff'),
    );
    expect(total(t, 'b1')).toBe(1);
    const again = tally(
      { type: 'ballot/open', ballot: 'runoff', candidates: ['b1', 'b2'] },
      vote('r8', 'b1', 'runoff'),
      use('liar', 'scandal', 'r8'),
    );
    expect(total(again, 'b1')).toBe(0);
  });

  it('L97 black Liar: "голоса жертв не обнуляются, а падают до единицы"', () => {
    const t = tally(vote('judge', 'b3'), use('b2', 'scandal', 'judge'));
    expect(total(t, 'b3')).toBe(1);
  });

  it('L31 Witness: "каждый из этих игроков, проголосовавший со свидетелем в одну цель, получит +1 … свидетель тоже получает +1"', () => {
    const t = tally(
      use('witness', 'name-witnesses', 'r8', 'hero', 'priest'),
      vote('witness', 'b1'),
      vote('r8', 'b1'),
      vote('hero', 'b1'),
      vote('priest', 'b2'),
    );
    // Witness 1 + 2, r8 2, hero 2.
    expect(total(t, 'b1')).toBe(7);
    expect(total(t, 'b2')).toBe(1);
  });

  it('L28 Lawyer: "против этого игрока голос будет увеличен на единицу и любые … барьеры у этого игрока не будут работать против адвоката"', () => {
    const t = tally(status('b1', 'lawyer-checked-black'), status('b1', 'barrier', 2), vote('lawyer', 'b1'), vote('r8', 'b1'));
    // The Lawyer's 2 pass the barrier; r8's 1 is taken off by it.
    expect(total(t, 'b1')).toBe(2);
  });

  it('L34 drugged: "каждый из них получит одиночный голосовой барьер … чей голос должен быть выше единицы, то он будет приравнен к единице"', () => {
    const t = tally(status('judge', 'drugged', 1), vote('judge', 'b1'), vote('r8', 'judge'), vote('hero', 'judge'));
    expect(total(t, 'b1')).toBe(1);
    expect(total(t, 'judge')).toBe(1);
  });
});

describe('004 day: open questions', () => {
  it('who is "active" in R and B (L10–L12) is reported when a living player is not admitted to the vote', () => {
    const t = tally(status('r8', 'no-vote'), vote('hero', 'b1'));
    expect(t.openQuestions.map((q) => q.setting)).toContain('voting.day.activeCount');
    expect(tally(vote('hero', 'b1')).openQuestions.map((q) => q.setting)).not.toContain('voting.day.activeCount');
  });
});

describe('004 votes: inflected names (open question)', () => {
  const rulesOf004 = (): VoteRules => {
    const rules = voteRulesOf(ruleset);
    if (rules === null) throw new Error('004 votes in the thread');
    return rules;
  };
  const green = (number: number, author: string, text: string): ForumPost => ({
    id: `p${number}`,
    number,
    author,
    postedAt: null,
    body: [{ type: 'text', text, color: 'green' }],
  });
  const roster004 = {
    hosts: ['Host'],
    slots: [
      { id: 'boris', accounts: [{ name: 'Борис' }] },
      { id: 'masha', accounts: [{ name: 'Маша' }] },
      { id: 'vera', accounts: [{ name: 'Вера' }] },
    ],
  };
  const count = (rules: VoteRules) =>
    tallyVotes({
      posts: [green(2, 'Вера', 'Бориса'), green(3, 'Борис', 'Машу'), green(4, 'Маша', 'Борис')],
      roster: roster004,
      alive: ['boris', 'masha', 'vera'],
      rules,
      dayStartPost: 1,
    });

  it('L150 "Голос должен быть дан в виде имени игрока зеленым шрифтом": "Бориса" for Борис counts, and is reported each time', () => {
    const t = count(rulesOf004());
    expect(t.history.filter((h) => h.counted).map((h) => (h.target?.kind === 'slot' ? h.target.slotId : ''))).toEqual([
      'boris',
      'masha',
      'boris',
    ]);
    expect(t.ambiguities).toEqual([
      { id: 'names/inflected-name', post: 2 },
      { id: 'names/inflected-name', post: 3 },
    ]);
  });

  it('with inflectedNames "refuse" such a vote does not count', () => {
    const base = rulesOf004();
    const t = count({ ...base, grammar: { ...base.grammar, inflectedNames: 'refuse' } });
    expect(t.history.filter((h) => h.counted).length).toBe(1);
  });
});
