/**
 * Seed 004's black and Faceless variants of the day and copy mechanics (shared/seeds/004 L73, L78, L79, L94, L98,
 * L102, L105; digest §5): each test quotes the seed line it implements, run through the night resolver or the
 * vote tally with the russian-004 preset.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  deriveState,
  facelessTallies,
  resolveNight,
  rulesets,
  tallyDay,
  type GameEvent,
  type NightInput,
  type NightPlayer,
  type NightResolution,
} from '../../../src/engine';
import { act, deaths, eventsOf, messagesTo, night, player, rulesRussian, statusRulesOf, told } from '../night/helpers';
import { day, night as nightStart, setup, vote } from '../voting/helpers';
import { failedExpectations, playText } from './run-script';

const statusRules = statusRulesOf('russian-004');
const resolve = (input: NightInput): NightResolution => resolveNight({ ...input, statusRules }, rulesRussian, createRng(4));
/** A black: a peaceful role with a negative one on top (L81). */
const black = (slotId: string, faction: string, negative: string, peaceful = 'citizen', extra: Partial<NightPlayer> = {}) =>
  player(slotId, peaceful, faction, { secondRole: negative, ...extra });
const red = (slotId: string, peaceful = 'citizen', extra: Partial<NightPlayer> = {}) => player(slotId, peaceful, 'red', extra);
const grey = (slotId: string, peaceful: string, extra: Partial<NightPlayer> = {}) =>
  player(slotId, peaceful, 'grey', { secondRole: 'faceless', ...extra });
const reds = [red('R1'), red('R2'), red('R3')];
const statusesOf = (r: NightResolution, who: string) =>
  eventsOf(r, 'status-applied')
    .filter((e) => e.player === who)
    .map((e) => e.status.id);

describe('L105 black Cultist: a werewolf who kills through the Cultist’s move', () => {
  it('"если оборотень успешно убивает через ход культиста любого игрока, то сразу теряет свою мирность"', () => {
    const werewolf = black('W', 'werewolf', 'werewolf', 'cultist', { spent: { 'souls-gained': 3 } });
    const r = resolve(night([werewolf, red('C', 'commissar'), ...reds], [act('W', 'devour', ['R1']), act('C', 'check', ['W'])], 2));
    expect(deaths(r)).toEqual(['R1']);
    expect(statusesOf(r, 'W')).toEqual(['has-killed']);
    // "сразу": the Commissar's check the same night already shows him black.
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['W'], true)]);
  });
  it('a devour that does not kill (the Doctor saves the target) leaves him red', () => {
    const werewolf = black('W', 'werewolf', 'werewolf', 'cultist', { spent: { 'souls-gained': 3 } });
    const r = resolve(
      night(
        [werewolf, red('C', 'commissar'), red('D', 'doctor'), ...reds],
        [act('W', 'devour', ['R1']), act('D', 'heal', ['R1']), act('C', 'check', ['W'])],
        2,
      ),
    );
    expect(deaths(r)).toEqual([]);
    expect(statusesOf(r, 'W')).toEqual([]);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['W'], false)]);
  });
});

/** The day: a small 004 roster with a Liar of each colour and a Pimp of each colour. */
const ruleset = rulesets['russian-004'];
const roster = setup([
  { name: 'judge', faction: 'red', role: 'judge' },
  { name: 'r1', faction: 'red', role: 'citizen' },
  { name: 'r2', faction: 'red', role: 'citizen' },
  { name: 'r3', faction: 'red', role: 'citizen' },
  { name: 'rliar', faction: 'red', role: 'liar' },
  { name: 'rpimp', faction: 'red', role: 'pimp' },
  { name: 'fliar', faction: 'grey', role: 'liar', secondRole: 'faceless' },
  { name: 'bliar', faction: 'mafia', role: 'liar', secondRole: 'mafia' },
  { name: 'bpimp', faction: 'maniac', role: 'pimp', secondRole: 'maniac' },
  { name: 'b1', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  { name: 'bactor', faction: 'mafia', role: 'actor', secondRole: 'mafia' },
  { name: 'ractor', faction: 'red', role: 'actor' },
  { name: 'rhero', faction: 'red', role: 'hero' },
  { name: 'bhero', faction: 'mafia', role: 'hero', secondRole: 'mafia' },
  { name: 'whero', faction: 'werewolf', role: 'hero', secondRole: 'werewolf' },
  { name: 'fhero', faction: 'grey', role: 'hero', secondRole: 'faceless' },
]);
const use = (actor: string, ability: string, ...targets: string[]): GameEvent => ({ type: 'action/use', actor, ability, targets });
const enslave = (slave: string, master: string): GameEvent => ({ type: 'status/add', slotId: slave, status: 'slave', by: master });
const tally = (...events: GameEvent[]) => tallyDay(deriveState([roster, day(1), day(2), ...events]), ruleset);
const total = (t: ReturnType<typeof tally>, id: string): number => t.totals.find((x) => x.target === id)?.total ?? 0;
const hidden = (t: ReturnType<typeof tally>): number => t.counted.filter((c) => c.hidden === true).length;
/** The judge (weight 2 in 004, L13) votes r3; the Liar compromises the judge and r2, then asks two hidden votes on r3. */
const scandalBy = (liar: string, ...extra: GameEvent[]) =>
  tally(...extra, vote('judge', 'r3'), vote(liar, 'r1'), use(liar, 'scandal', 'judge', 'r2'), use(liar, 'hidden-votes', 'r3', 'r3'));

describe('L78 the Faceless’s Liar: «Лжец - работает по механике черных»', () => {
  it('his targets’ votes fall to one (L97), and he adds a hidden black vote per target', () => {
    const judge = tally(vote('judge', 'r3'));
    expect(total(judge, 'r3')).toBeGreaterThan(1);
    const t = scandalBy('fliar');
    // The judge's vote falls to 1 (not 0), and the two hidden votes count: 3 on r3.
    expect(total(t, 'r3')).toBe(3);
    expect(hidden(t)).toBe(2);
  });
  it('a red Liar’s targets vote for nothing, and he has no hidden votes (L32)', () => {
    const t = scandalBy('rliar');
    expect(total(t, 'r3')).toBe(0);
    expect(hidden(t)).toBe(0);
  });
});

describe('L94 «Сутенер - если взял в рабы лжеца, при назначении хода его механика будет определяться цветом сутенера»', () => {
  it('a red Liar enslaved by a black Pimp plays the black Liar', () => {
    const t = scandalBy('rliar', enslave('rliar', 'bpimp'));
    expect(total(t, 'r3')).toBe(3);
    expect(hidden(t)).toBe(2);
  });
  it('a black Liar enslaved by a red Pimp plays the red Liar: no hidden votes, his targets’ votes 0', () => {
    const t = scandalBy('bliar', enslave('bliar', 'rpimp'));
    expect(total(t, 'r3')).toBe(0);
    expect(hidden(t)).toBe(0);
    // Unenslaved, the same black Liar plays by his own colour (L97).
    expect(total(scandalBy('bliar'), 'r3')).toBe(3);
  });
  it('the Pimp dead, the slave is free («пока сутенера не убьют»): his own colour again', () => {
    const t = scandalBy('rliar', enslave('rliar', 'bpimp'), { type: 'player/die', slotId: 'bpimp', cause: 'night kill' });
    expect(hidden(t)).toBe(0);
    expect(total(t, 'r3')).toBe(0);
  });
});

describe('L79 the Faceless’s Witch: «Ведьма - работает по механике черных»', () => {
  const killers = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia'), black('X', 'maniac', 'maniac')];
  it('swapping a killer with his victim does not cancel the shot (L106 «соответствующий выстрел не будет отменен»)', () => {
    const r = resolve(night([...killers, grey('W', 'witch'), ...reds], [act('W', 'swap', ['M1', 'R1']), act('M1', 'kill', ['R1'])], 1));
    expect(deaths(r)).toEqual(['R1']);
  });
  it('a red Witch’s swap cancels it (L46)', () => {
    const r = resolve(night([...killers, red('W', 'witch'), ...reds], [act('W', 'swap', ['M1', 'R1']), act('M1', 'kill', ['R1'])], 1));
    expect(deaths(r)).toEqual([]);
  });
});

describe('L102 «Актер - все другие роли копируются с учетом поправок для негативов»', () => {
  const copyOf = (who: string) => ({ id: 'copied-role', with: who });
  const killers = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia'), black('X', 'maniac', 'maniac')];
  it('a black Actor who copied the Witch: swapping a killer with his victim does not cancel the shot (L106)', () => {
    const actor = black('A', 'maniac', 'maniac', 'actor', { statuses: [copyOf('W')] });
    const r = resolve(
      night([...killers.slice(0, 2), actor, red('W', 'witch'), ...reds], [act('A', 'swap', ['M1', 'R1']), act('M1', 'kill', ['R1'])], 1),
    );
    expect(deaths(r)).toEqual(['R1']);
  });
  it('a red Actor who copied the Witch cancels it, as the red Witch (L46)', () => {
    const actor = red('A', 'actor', { statuses: [copyOf('W')] });
    const r = resolve(
      night([...killers, actor, red('W', 'witch'), ...reds], [act('A', 'swap', ['M1', 'R1']), act('M1', 'kill', ['R1'])], 1),
    );
    expect(deaths(r)).toEqual([]);
  });
  it('a black Actor who copied the Bodyguard has the black Bodyguard’s alibi (L89)', () => {
    const actor = black('A', 'maniac', 'maniac', 'actor', { statuses: [copyOf('B')] });
    const r = resolve(
      night(
        [...killers.slice(0, 2), actor, red('B', 'bodyguard'), red('D', 'detective'), ...reds],
        [act('A', 'guard-alibi', ['R1', 'R2']), act('M1', 'kill', ['R1']), act('D', 'track', ['A'])],
        1,
      ),
    );
    expect(messagesTo(r, 'D')).toEqual([told('target-visits', ['A'], ['R2'])]);
  });
});

describe('L102 by day: a black Actor’s copied Liar is the black Liar (L97)', () => {
  /** Day 1, the Actor copies the red Liar at its end; day 2, the copied scandal as in scandalBy. */
  const copied = (actor: string) =>
    tallyDay(
      deriveState([
        roster,
        day(1),
        use(actor, 'copy-role', 'rliar'),
        nightStart(1),
        day(2),
        vote('judge', 'r3'),
        vote(actor, 'r1'),
        use(actor, 'scandal', 'judge', 'r2'),
        use(actor, 'hidden-votes', 'r3', 'r3'),
      ]),
      ruleset,
    );
  it('«копируются с учетом поправок для негативов»: his targets’ votes fall to one and his hidden votes count', () => {
    const t = copied('bactor');
    expect(total(t, 'r3')).toBe(3);
    expect(hidden(t)).toBe(2);
  });
  it('a red Actor’s copy is the red Liar', () => {
    const t = copied('ractor');
    expect(total(t, 'r3')).toBe(0);
    expect(hidden(t)).toBe(0);
  });
});

/** Everyone else votes `target` (a lynch), then `hero` saves him after the last vote. */
const lynchSaved = (hero: string, target: string) => {
  const voters = ['judge', 'r1', 'r2', 'r3', 'rpimp'].filter((v) => v !== target);
  return tally(...voters.map((v) => vote(v, target)), use(hero, 'save', target));
};
const lynched = (t: ReturnType<typeof tally>) => t.deaths.map((d) => d.slotId);
const statusesAdded = (t: ReturnType<typeof tally>) =>
  t.effects.flatMap((e) => (e.type === 'status/add' ? [[e.slotId, e.status, e.with ?? '', e.phases ?? 0].join(' ')] : []));
const pmsTo = (t: ReturnType<typeof tally>, who: string) =>
  t.effects.flatMap((e) => (e.type === 'message/send' && e.to === who ? [e.message?.code] : []));

describe('L98 black Hero: «будет одинаково спасать как красных, так и черных игроков»', () => {
  it('saves a black from the lynch (a red Hero is lynched with him, L35)', () => {
    expect(lynched(lynchSaved('bhero', 'b1'))).toEqual([]);
    expect(lynched(lynchSaved('rhero', 'b1')).sort()).toEqual(['b1', 'rhero']);
  });
  it('«После голосования черный герой узнает от ведущего команду того, кого спас»: a PM, not a line of the vote post', () => {
    expect(pmsTo(lynchSaved('bhero', 'b1'), 'bhero')).toEqual(['day/hero-saved-team-black']);
    expect(pmsTo(lynchSaved('bhero', 'r1'), 'bhero')).toEqual(['day/hero-saved-team-red']);
    // A red Hero is told nothing of the kind.
    expect(pmsTo(lynchSaved('rhero', 'r1'), 'rhero')).toEqual([]);
  });
  it('«Если спас именно красного игрока, то герой будет чекаться красным … пока спасенный красный остается жив»', () => {
    expect(statusesAdded(lynchSaved('bhero', 'r1'))).toContain('bhero hero-reddened r1 0');
    const hero = black('H', 'mafia', 'mafia', 'hero', { statuses: [{ id: 'hero-reddened', with: 'R1' }] });
    const alive = resolve(night([hero, black('M2', 'mafia', 'mafia'), red('C', 'commissar'), ...reds], [act('C', 'check', ['H'])], 2));
    expect(messagesTo(alive, 'C')).toEqual([told('alignment-check', ['H'], false)]);
    // The saved red dead: he checks black again.
    const gone = [red('R1', 'citizen', { alive: false }), red('R2'), red('R3')];
    const dead = resolve(night([hero, black('M2', 'mafia', 'mafia'), red('C', 'commissar'), ...gone], [act('C', 'check', ['H'])], 2));
    expect(messagesTo(dead, 'C')).toEqual([told('alignment-check', ['H'], true)]);
  });
  it('«Если оборотень с ролью героя спасает другого черного, то потеряет свой красный цвет до конца игры»', () => {
    expect(statusesAdded(lynchSaved('whero', 'b1'))).toContain('whero has-killed  0');
    // A Mafioso Hero has no red colour to lose.
    expect(statusesAdded(lynchSaved('bhero', 'b1')).filter((x) => x.includes('has-killed'))).toEqual([]);
  });
  it('«Черный герой и спасенный черный игрок не могут использовать черные ходы киллеров в ближайшую ночь»', () => {
    const t = lynchSaved('bhero', 'b1');
    expect(statusesAdded(t).filter((x) => x.includes('hero-no-kill'))).toEqual(['bhero hero-no-kill  2', 'b1 hero-no-kill  2']);
    // That night the saved lone Mafioso's shot is blocked; without the status it is his.
    const m1 = black('M1', 'mafia', 'mafia', 'citizen', { statuses: [{ id: 'hero-no-kill' }] });
    const r = resolve(night([m1, black('X', 'maniac', 'maniac'), ...reds], [act('M1', 'kill', ['R1'])], 1));
    expect(deaths(r)).toEqual([]);
    // The host's note says why: the status, not a hack (L22).
    const why = JSON.stringify(eventsOf(r, 'blocked'));
    expect(why).toMatch(/M1's role mafia is blocked tonight \(hero-no-kill\)/u);
    expect(why).not.toMatch(/hacked/u);
    const free = resolve(night([black('M1', 'mafia', 'mafia'), black('X', 'maniac', 'maniac'), ...reds], [act('M1', 'kill', ['R1'])], 1));
    expect(deaths(free)).toEqual(['R1']);
    // Only the killer moves: a saved Joker (a werewolf) still turns a check over (L51), though his gun is blocked.
    const joker = black('J', 'werewolf', 'joker', 'citizen', { statuses: [{ id: 'hero-no-kill' }] });
    const flip = resolve(night([joker, red('C', 'commissar'), ...reds], [act('J', 'flip-check', ['R1']), act('C', 'check', ['R1'])], 1));
    expect(messagesTo(flip, 'C')).toEqual([told('alignment-check', ['R1'], true)]);
  });
});

describe('L73 the Faceless’s Hero: «может спасти любого игрока, при этом ведущий назовет команду линчуемого»', () => {
  it('saves a black, a red or the grey alike, and is told the team', () => {
    const t = lynchSaved('fhero', 'b1');
    expect(lynched(t)).toEqual([]);
    // Told when the host asks for the move, before the save (russian-004-faceless-hero.test.ts), not again with it.
    expect(pmsTo(t, 'fhero')).toEqual(['day/hero-asked-team-black']);
    expect(lynched(lynchSaved('fhero', 'r1'))).toEqual([]);
    // None of the black Hero's statuses.
    expect(statusesAdded(t).filter((x) => !x.includes('hero-saved'))).toEqual([]);
  });
});

describe('L73 «Если линчуется сам, имеет право на героический суицид - покинет игру с ничьей, но потеряет все набранные жертвы»', () => {
  const voters = ['judge', 'r1', 'r2', 'r3', 'rpimp'];
  /** The Faceless Hero with one lynched victim to his score (L61), lynched today. */
  const lynchFaceless = (...extra: GameEvent[]): { t: ReturnType<typeof tally>; events: GameEvent[] } => {
    const events: GameEvent[] = [
      roster,
      day(1),
      day(2),
      { type: 'status/add', slotId: 'fhero', status: 'faceless-score', value: 0.5 },
      ...voters.map((v) => vote(v, 'fhero')),
      ...extra,
    ];
    const t = tallyDay(deriveState(events), ruleset);
    return {
      t,
      events: [...events, ...t.effects, ...t.deaths.map((d): GameEvent => ({ type: 'player/die', slotId: d.slotId, cause: 'lynch' }))],
    };
  };
  const result = (events: GameEvent[]) => facelessTallies(deriveState(events), ruleset).find((x) => x.slotId === 'fhero');
  it('with the move: a draw and no victims', () => {
    const { t, events } = lynchFaceless(use('fhero', 'heroic-suicide'));
    expect(lynched(t)).toEqual(['fhero']);
    expect((t.notes ?? []).map((n) => n.code)).toContain('heroic-suicide');
    expect(result(events)).toEqual({ slotId: 'fhero', outcome: 'draw', bonusWins: 0 });
  });
  it('without it: a loss (L66.3 «Если безликий погиб днем, то в зачет пойдет поражение»), his victims kept', () => {
    const { events } = lynchFaceless();
    expect(result(events)?.outcome).toBe('loss');
    expect(result(events)?.bonusWins).toBeGreaterThan(0);
  });
  it('«не важно спасал безликий кого-то через роль героя ранее или нет»: after a save the day before', () => {
    const { events } = lynchFaceless(
      { type: 'action/use', actor: 'fhero', ability: 'save', targets: ['r1'] },
      use('fhero', 'heroic-suicide'),
    );
    expect(result(events)?.outcome).toBe('draw');
  });
});

describe('L98 in a played game: the black Hero’s save, through the day’s end to the night’s check', () => {
  const roster = [
    'ruleset russian-004',
    'player Geroy faction=mafia role=hero second=mafia',
    'player Kolya faction=mafia role=citizen second=mafia',
    'player Misha faction=maniac role=citizen second=maniac',
    'player Kira faction=red role=commissar',
    'player Anna faction=red role=citizen',
    'player Boris faction=red role=citizen',
    'player Dasha faction=red role=citizen',
    'player Egor faction=red role=citizen',
  ];
  it('he saves a red and checks red that night; the Commissar learns it from his PM', () => {
    const played = playText(
      [
        ...roster,
        // Day 1 elects the Mayor (L159); the lynches begin on day 2.
        'day 1',
        '  Boris votes Egor',
        'night 1',
        '  resolve night',
        'day 2',
        '  Boris votes Anna; Dasha votes Anna; Egor votes Anna',
        '  Geroy uses save Anna',
        '  expect no-lynch',
        'night 2',
        '  Kira uses check Geroy',
        '  resolve night',
        '  expect status Geroy hero-reddened',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const toGeroy = played.events.flatMap((e) => (e.type === 'message/send' && e.to === 'Geroy' ? [e.message?.code] : []));
    expect(toGeroy).toContain('day/hero-saved-team-red');
    const toKira = played.events.flatMap((e) => (e.type === 'message/send' && e.to === 'Kira' && e.result !== undefined ? [e.result] : []));
    expect(toKira).toEqual([expect.objectContaining({ fact: 'alignment-check', value: false })]);
  });
  it('he saves his partner: neither may shoot the night after', () => {
    const played = playText(
      [
        ...roster,
        'day 1',
        '  Boris votes Egor',
        'night 1',
        '  resolve night',
        'day 2',
        '  Boris votes Kolya; Dasha votes Kolya; Egor votes Kolya',
        '  Geroy uses save Kolya',
        '  expect no-lynch',
        'night 2',
        '  resolve night',
        '  expect status Kolya hero-no-kill',
        '  expect status Geroy hero-no-kill',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
  });
});
