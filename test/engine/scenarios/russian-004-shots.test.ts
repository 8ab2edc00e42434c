/**
 * Seed 004's shot economy around the black roles (../shared/seeds/004_f6d88bc78ab5cdbd.txt,
 * digest §1.3–1.5, §5.6): which shots come back, who may insure whom, the Poisoner's extra
 * poisonings, the Mercenary changing sides and the Mafia–Yakuza merge. Each test quotes the
 * seed line it implements.
 */
import { describe, expect, it } from 'vitest';
import { createRng, parseRuleset, resolveNight, rulesets, withNight, type NightInput, type NightPlayer } from '../../../src/engine';
import { act, deaths, eventsOf, messagesTo, night, nightRulesFor, player, rulesRussian, statusRulesOf, told } from '../night/helpers';
import { failedExpectations, playText } from './run-script';

const statusRules = statusRulesOf('russian-004');
const resolve = (input: NightInput, rules = rulesRussian) => resolveNight({ ...input, statusRules }, rules, createRng(4));
const withSettings = (settings: Parameters<typeof withNight>[1]['settings']) =>
  nightRulesFor(withNight(rulesets['russian-004'], { settings: { ...rulesets['russian-004'].night?.settings, ...settings } }));
/** A black: a peaceful role with a negative one on top (L81). */
const black = (slotId: string, faction: string, negative: string, extra: Partial<NightPlayer> = {}) =>
  player(slotId, 'citizen', faction, { secondRole: negative, ...extra });
const red = (slotId: string, peaceful = 'citizen', extra: Partial<NightPlayer> = {}) => player(slotId, peaceful, 'red', extra);
const dead = (players: readonly NightPlayer[], ...ids: string[]) =>
  players.map((p) => (ids.includes(p.slotId) ? { ...p, alive: false } : p));

const mafia = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia')];
const maniac = black('X', 'maniac', 'maniac');
const reds = [red('R1'), red('R2'), red('R3')];

describe('L2, L3: a shot that kills a black and a red at once', () => {
  it('"Если от одного хода киллера одновременно умер черный и красный, то дополнительного хода за это не будет"', () => {
    const geisha = black('G', 'werewolf', 'geisha');
    // The Mafia shoots the Geisha, who took a red client for the night: the kill takes both (L54).
    const both = resolve(night([...mafia, maniac, geisha, ...reds], [act('G', 'entertain', ['R1']), act('M1', 'kill', ['G'])], 1));
    expect(deaths(both)).toEqual(['G', 'R1']);
    expect(both.reserveKills['mafia']).toBe(0);
    // The same shot on the Geisha alone kills only a black: the shot comes back (L2).
    const alone = resolve(night([...mafia, maniac, geisha, ...reds], [act('M1', 'kill', ['G'])], 1));
    expect(deaths(alone)).toEqual(['G']);
    expect(alone.reserveKills['mafia']).toBe(1);
  });
});

describe('L3: the Maniac does not combine a kill with insurance', () => {
  it('"нельзя совмещать одиночное убийство и страховку для мафии": of a kill and an insurance, the later PM stands', () => {
    const players = [...mafia, maniac, red('B', 'blocker'), ...reds];
    // Night 1 is the Mafia's; the Maniac holds a reserve shot. He insures, then shoots: the shot stands.
    const shoots = resolve(
      night(players, [act('X', 'insure', ['R3'], 1), act('X', 'kill', ['R2'], 2), act('M1', 'kill', ['R1'], 3)], 1, {
        reserveKills: { maniac: 1 },
      }),
    );
    expect(shoots.refused.map((x) => [x.action.actor, x.action.ability, x.reason])).toEqual([['X', 'insure', 'night/superseded']]);
    expect(deaths(shoots)).toEqual(['R1', 'R2']);
    // He shoots, then insures: the shot is withdrawn.
    const insures = resolve(
      night(players, [act('X', 'kill', ['R2'], 1), act('X', 'insure', ['R3'], 2), act('M1', 'kill', ['R1'], 3)], 1, {
        reserveKills: { maniac: 1 },
      }),
    );
    expect(insures.refused.map((x) => [x.action.actor, x.action.ability, x.reason])).toEqual([['X', 'kill', 'night/superseded']]);
    expect(deaths(insures)).toEqual(['R1']);
  });
  it('L2 "Если обе мафии стреляют, то они не могут страховать друг друга": a shooting Mafioso\'s insurance is withdrawn', () => {
    const r = resolve(
      night([...mafia, maniac, red('B', 'blocker'), ...reds], [act('M2', 'insure', ['R3'], 1), act('M2', 'kill', ['R2'], 2)], 1, {
        reserveKills: { mafia: 1 },
      }),
    );
    expect(r.refused.map((x) => [x.action.actor, x.action.ability, x.reason])).toEqual([['M2', 'insure', 'night/superseded']]);
  });
});

describe('insurance for the Maniac from the Geisha, the Boss’s Son and the Mercenary', () => {
  const blocker = red('B', 'blocker');
  const commissar = red('C', 'commissar');
  it('L54 "Гейша может обеспечить маньяку страховку вместо мафии, но цель выбирает сама и по приоритету всегда превосходит страховку со стороны мафии"', () => {
    const geisha = black('G', 'werewolf', 'geisha');
    const r = resolve(
      night(
        [...mafia, maniac, geisha, blocker, commissar, ...reds],
        [
          act('X', 'kill', ['R1']),
          act('B', 'block', ['X']),
          act('M1', 'insure', ['R3']),
          act('G', 'insure', ['R2']),
          act('C', 'check', ['G']),
        ],
        2,
      ),
    );
    expect(eventsOf(r, 'death').map((e) => [e.player, e.by])).toEqual([['R2', ['G']]]);
    // The insured Maniac's shot is spent (L3: no extra move for it).
    expect(r.reserveKills['maniac']).toBe(0);
    // "До первого успешного убийства, без учета страховки, будет чекаться мирной."
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['G'], false)]);
  });
  it('L54 "Если маньяка заменяет якудза, гейша не будет страховать их убийства, но если одна из якудз выбыла, гейша сразу займет место напарника у выжившей"', () => {
    const geisha = black('G', 'werewolf', 'geisha');
    const yakuza = [black('Y1', 'yakuza', 'yakuza'), black('Y2', 'yakuza', 'yakuza')];
    const pair = resolve(
      night(
        [...mafia, ...yakuza, geisha, blocker, ...reds],
        [act('Y1', 'kill', ['R1']), act('B', 'block', ['Y1']), act('Y2', 'insure', ['R3']), act('G', 'insure', ['R2'])],
        2,
      ),
    );
    // Both Yakuza live: her order does not cover them, the partner's does.
    expect(deaths(pair)).toEqual(['R3']);
    // (The Mafia is out, so the lone Yakuza keeps his nights: L55.)
    const lone = resolve(
      night(
        [...dead(mafia, 'M1', 'M2'), ...dead(yakuza, 'Y2'), geisha, blocker, ...reds],
        [act('Y1', 'kill', ['R1']), act('B', 'block', ['Y1'])],
        2,
      ),
    );
    // The lone Yakuza's partner now: her insurance stands by default and shoots the same target (L14).
    expect(eventsOf(lone, 'death').map((e) => [e.player, e.by])).toEqual([['R1', ['G']]]);
  });
  it('L48 "Если вся троица жива и у мафии есть только один выстрел в ночь маньяка, то один из тройки может обеспечить страховку для маньяка"', () => {
    const son = black('S', 'mafia', 'boss-son');
    const actions = [act('X', 'kill', ['R1']), act('B', 'block', ['X']), act('M1', 'kill', ['R2']), act('S', 'insure', ['R3'])];
    const trio = resolve(night([...mafia, son, maniac, blocker, ...reds], actions, 2, { reserveKills: { mafia: 1 } }));
    // The Maniac's night: his shot (insured by the Son) comes before the Mafia's (L119).
    expect(eventsOf(trio, 'death').map((e) => [e.player, e.by])).toEqual([
      ['R3', ['S']],
      ['R2', ['M1']],
    ]);
    // Without the full trio, a Mafia holding its one shot does not insure the Maniac (L3: only "когда не имеет своего хода киллера").
    const pair = resolve(
      night(
        [...mafia, son, maniac, blocker, ...reds].map((p) => (p.slotId === 'M2' ? { ...p, alive: false } : p)),
        actions,
        2,
        { reserveKills: { mafia: 1 } },
      ),
    );
    expect(deaths(pair)).toEqual(['R2']);
  });
  it('L49 "Если мафия решает застраховать маньяка в его ночь, то может для этого использовать услуги наемника"', () => {
    const mercenary = black('N', 'mafia', 'mercenary');
    const r = resolve(
      night(
        [...mafia, mercenary, maniac, blocker, commissar, ...reds],
        [act('X', 'kill', ['R1']), act('B', 'block', ['X']), act('N', 'insure', ['R2']), act('C', 'check', ['N'])],
        2,
      ),
    );
    expect(eventsOf(r, 'death').map((e) => [e.player, e.by])).toEqual([['R2', ['N']]]);
    // "До первого успешного убийства, без учета заказов, будет чекаться мирным."
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['N'], false)]);
    // The Mercenary is no partner of the Mafia's own shot: no default insurance from him (L49: he sends no moves).
    const own = resolve(
      night([...dead(mafia, 'M2'), mercenary, maniac, blocker, ...reds], [act('M1', 'kill', ['R1']), act('B', 'block', ['M1'])], 1),
    );
    expect(deaths(own)).toEqual([]);
  });
});

describe('L14: declining the partners’ insurance for a game', () => {
  it('"Страховка стреляющего напарника действует по умолчанию, но можно запросить у ведущего отказ от нее"', () => {
    const players = [...mafia, maniac, red('B', 'blocker'), ...reds];
    const blocked = [act('M1', 'kill', ['R1']), act('B', 'block', ['M1'])];
    expect(deaths(resolve(night(players, blocked, 1)))).toEqual(['R1']);
    const declined = withSettings({ partnerInsurance: 'declined' });
    expect(deaths(resolve(night(players, blocked, 1), declined))).toEqual([]);
    // An insurance order sent that night still stands.
    expect(deaths(resolve(night(players, [...blocked, act('M2', 'insure', ['R2'])], 1), declined))).toEqual(['R2']);
    expect(rulesets['russian-004'].night?.settings?.partnerInsurance).toBe('on');
  });
  it('a game sets it with "set night.settings.partnerInsurance declined"', () => {
    const script = (declined: boolean) =>
      [
        'ruleset russian-004',
        'seed 4',
        ...(declined ? ['set night.settings.partnerInsurance declined'] : []),
        'player Anna   faction=red    role=doctor',
        'player Boris  faction=red    role=blocker',
        'player Vera   faction=red    role=commissar',
        'player Ilya   faction=red    role=citizen',
        'player Zhenya faction=red    role=citizen',
        'player Kolya  faction=mafia  role=citizen second=mafia',
        'player Lena   faction=mafia  role=citizen second=mafia',
        'player Misha  faction=maniac role=citizen second=maniac',
        'day 1',
        'night 1',
        '  Kolya uses kill Ilya',
        '  Boris uses block Kolya',
        '  resolve night',
        declined ? '  expect alive Ilya' : '  expect dead Ilya',
      ].join('\n');
    expect(failedExpectations(playText(script(false)))).toEqual([]);
    expect(failedExpectations(playText(script(true)))).toEqual([]);
  });
});

describe('L10: a witch hunt that lynched two blacks gives no new shot', () => {
  it('"Если охота на ведьм привела к линчеванию двух черных, то выжившие черные не получат новый выстрел в ближайшую ночь"', () => {
    const players = [...dead(mafia, 'M1', 'M2'), maniac, ...reds];
    const hunted = { dayBefore: { ballot: 'hunt', lynched: ['M1', 'M2'] } };
    const none = resolve(night(players, [act('X', 'kill', ['R1'])], 3, hunted));
    expect(deaths(none)).toEqual([]);
    expect(none.refused.map((x) => x.reason)).toEqual(['night/no-new-shot']);
    // A shot in reserve is no new shot: it may still be fired.
    expect(deaths(resolve(night(players, [act('X', 'kill', ['R1'])], 3, { ...hunted, reserveKills: { maniac: 1 } })))).toEqual(['R1']);
    // A plain lynch of two blacks, or a hunt that took one black, withholds nothing.
    expect(
      deaths(resolve(night(players, [act('X', 'kill', ['R1'])], 3, { dayBefore: { ballot: 'lynch', lynched: ['M1', 'M2'] } }))),
    ).toEqual(['R1']);
    const one = [...dead(mafia, 'M1'), maniac, ...dead(reds, 'R3')];
    expect(deaths(resolve(night(one, [act('M2', 'kill', ['R1'])], 3, { dayBefore: { ballot: 'hunt', lynched: ['M1', 'R3'] } })))).toEqual([
      'R1',
    ]);
  });
  it('a played game: the hunt of day 3 lynches both Mafiosi, and the Maniac has no shot on night 3', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'seed 4',
        'player Anna   faction=red    role=doctor',
        'player Boris  faction=red    role=blocker',
        'player Vera   faction=red    role=commissar',
        'player Grisha faction=red    role=detective',
        'player Egor   faction=red    role=citizen',
        'player Ilya   faction=red    role=citizen',
        'player Zhenya faction=red    role=citizen',
        'player Dasha  faction=red    role=citizen',
        'player Kolya  faction=mafia  role=citizen second=mafia',
        'player Lena   faction=mafia  role=citizen second=mafia',
        'player Misha  faction=maniac role=citizen second=maniac',
        'day 1',
        '  Anna votes Egor; Boris votes Egor; Vera votes Egor',
        '  expect title Egor mayor',
        'night 1',
        'day 2',
        '  Kolya votes Ilya; Lena votes Ilya; Misha votes Ilya',
        '  expect title Egor not mayor',
        'night 2',
        'day 3',
        '  Anna votes hunt-approval Anna; Boris votes hunt-approval Boris; Vera votes hunt-approval Vera; Egor votes hunt-approval Egor',
        '  Dasha votes hunt-approval Dasha',
        '  hunt',
        '  Anna votes Kolya; Anna votes Lena; Boris votes Kolya; Boris votes Lena',
        '  expect lynched Kolya Lena',
        'night 3',
        '  Misha uses kill Zhenya',
        '  resolve night',
        '  expect alive Zhenya',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    expect((played.phases.at(-1)?.night?.refused ?? []).map((r) => r.reason)).toEqual(['night/no-new-shot']);
  });
});

describe('L52: the Poisoner’s extra poisonings', () => {
  const poisoner = black('P', 'werewolf', 'poisoner');
  // R1 was poisoned by P on night 2 and still lives at dusk on night 3.
  const victim = red('R1', 'citizen', { statuses: [{ id: 'poisoned', sinceNight: 2, by: 'P' }] });
  const table = [...dead(mafia, 'M2'), maniac, poisoner, victim, red('R2'), red('R3'), red('B', 'blocker')];
  const statuses = (r: ReturnType<typeof resolve>) => eventsOf(r, 'status-applied').map((e) => [e.player, e.status.id]);
  it('"Пока цель жива, доступен только дневной ход с противоядием": no new poisoning while his victim lives', () => {
    const r = resolve(night(table, [act('P', 'poison', ['R2']), act('M1', 'kill', ['R3'])], 3));
    expect(r.refused.map((x) => [x.action.actor, x.reason])).toEqual([['P', 'night/poison-pending']]);
    expect(statuses(r)).toEqual([]);
  });
  it('"Если число доступных выстрелов у других черных на начало ночи выше, чем они физически могут реализовать, один из них перейдет отравителю в качестве дополнительного отравления"', () => {
    // The lone Mafioso holds his night's shot and one in reserve, and can fire only one (L2).
    const r = resolve(night(table, [act('P', 'poison', ['R2']), act('M1', 'kill', ['R3'])], 3, { reserveKills: { mafia: 1 } }));
    expect(r.refused).toEqual([]);
    expect(statuses(r)).toEqual([['R2', 'poisoned']]);
    // The surplus went to the Poisoner: nothing is left over, and the open question of the surplus is not met.
    expect(r.reserveKills).toEqual({ mafia: 0, maniac: 0 });
    expect(r.ambiguities.map((a) => a.setting)).not.toContain('loneShooterSurplus');
  });
  it('"Если дополнительное отравление было получено, но не было реализовано отравителем ... выжившие черные получат дополнительный выстрел - по приоритету его получает маньяк, если одна из мафий мертва"', () => {
    const blocked = resolve(
      night(table, [act('B', 'block', ['P']), act('P', 'poison', ['R2']), act('M1', 'kill', ['R3'])], 3, { reserveKills: { mafia: 1 } }),
    );
    expect(statuses(blocked)).toEqual([]);
    expect(blocked.reserveKills).toEqual({ mafia: 0, maniac: 1 });
    const idle = resolve(night(table, [act('M1', 'kill', ['R3'])], 3, { reserveKills: { mafia: 1 } }));
    expect(idle.reserveKills).toEqual({ mafia: 0, maniac: 1 });
  });
});

describe('L55: the Mafia and the Yakuza', () => {
  const yakuza = [black('Y1', 'yakuza', 'yakuza'), black('Y2', 'yakuza', 'yakuza')];
  const blocker = red('B', 'blocker');
  it('"Если осталась одна мафия и две якудзы, то ночь полностью переходит к якудзе … при этом точно также перейдут нереализованные запасные выстрелы"', () => {
    const players = [...dead(mafia, 'M2'), ...yakuza, ...reds];
    const r = resolve(
      night(players, [act('M1', 'kill', ['R3']), act('Y1', 'kill', ['R1']), act('Y2', 'kill', ['R2'])], 3, { reserveKills: { mafia: 1 } }),
    );
    // "Единичный стрелок не имеет отдельного выстрела": the lone Mafioso's shot is refused; the Yakuza fire the
    // Mafia's night and its reserve shot.
    expect(r.refused.map((x) => [x.action.actor, x.reason])).toEqual([['M1', 'night/not-this-night']]);
    expect(deaths(r)).toEqual(['R1', 'R2']);
    expect(r.reserveKills).toEqual({ mafia: 0, yakuza: 0 });
  });
  it('"Если на игре участвует сын босса … то он считается третьим членом соответствующей группы, поэтому она не отдаст свою ночь, пока из нее не погибнут двое черных"', () => {
    const son = black('S', 'mafia', 'boss-son');
    const r = resolve(night([...dead(mafia, 'M2'), son, ...yakuza, ...reds], [act('M1', 'kill', ['R1']), act('Y1', 'kill', ['R2'])], 3));
    expect(deaths(r)).toEqual(['R1']);
    expect(r.refused.map((x) => [x.action.actor, x.reason])).toEqual([['Y1', 'night/not-this-night']]);
  });
  it('"Единичный стрелок … может обеспечивать страховку действующей паре, при этом свою цель выбирает сам … не может подстрелить другого черного через страхующий выстрел"', () => {
    const players = [...dead(mafia, 'M2'), ...yakuza, blocker, black('W', 'werewolf', 'werewolf'), ...reds];
    const ownTarget = resolve(night(players, [act('Y1', 'kill', ['R1']), act('B', 'block', ['Y1']), act('M1', 'insure', ['R2'])], 3));
    expect(eventsOf(ownTarget, 'death').map((e) => [e.player, e.by])).toEqual([['R2', ['M1']]]);
    const onBlack = resolve(night(players, [act('Y1', 'kill', ['R1']), act('B', 'block', ['Y1']), act('M1', 'insure', ['W'])], 3));
    // His insurance skips; the Yakuza partner's default insurance shoots the same target instead (L14).
    expect(eventsOf(onBlack, 'death').map((e) => [e.player, e.by])).toEqual([['R1', ['Y2']]]);
  });
  it('"Если мафия и якудза остались без напарников, они объединятся в новую пару": each insures the other by default', () => {
    const players = [...dead(mafia, 'M2'), ...dead(yakuza, 'Y2'), blocker, ...reds];
    const odd = resolve(night(players, [act('M1', 'kill', ['R1']), act('B', 'block', ['M1'])], 3));
    expect(eventsOf(odd, 'death').map((e) => [e.player, e.by])).toEqual([['R1', ['Y1']]]);
    const even = resolve(night(players, [act('Y1', 'kill', ['R2']), act('B', 'block', ['Y1'])], 4));
    expect(eventsOf(even, 'death').map((e) => [e.player, e.by])).toEqual([['R2', ['M1']]]);
    // Without the merge (the Maniac's game), the lone Mafioso has no partner to insure him.
    const maniacGame = resolve(
      night([...dead(mafia, 'M2'), maniac, blocker, ...reds], [act('M1', 'kill', ['R1']), act('B', 'block', ['M1'])], 3),
    );
    expect(deaths(maniacGame)).toEqual([]);
  });
  it('"Если участвует именно наемник или ниндзя, то он автоматически перейдет в противоположную группу, когда умрут оба его нанимателя"', () => {
    const mercenary = black('N', 'mafia', 'mercenary');
    const players = [...dead(mafia, 'M1', 'M2'), mercenary, ...yakuza, ...reds];
    const r = resolve(night(players, [act('N', 'contract', ['R1']), act('Y1', 'kill', ['R2'])], 4));
    // He carries out the Yakuza's order first, and the Yakuza skips (L49), who learn his victim's team.
    expect(deaths(r)).toEqual(['R1']);
    expect(eventsOf(r, 'nullified')).toMatchObject([{ player: 'Y1', ability: 'kill', cause: 'thwarted' }]);
    expect(messagesTo(r, 'Y2')).toEqual([told('team-learnt', ['R1'], false)]);
    expect(r.reserveKills['yakuza']).toBe(0);
    // On the Mafia's old nights too: the Mafia's group is down to him, and its nights are the Yakuza's.
    const odd = resolve(night(players, [act('N', 'contract', ['R1']), act('Y1', 'kill', ['R2'])], 5));
    expect(deaths(odd)).toEqual(['R1']);
  });
});

describe('L55, L121: insurance after a saved victim', () => {
  const yakuza = [black('Y1', 'yakuza', 'yakuza'), black('Y2', 'yakuza', 'yakuza')];
  const doctor = red('D', 'doctor');
  it('"Страховка в смешанной паре может срабатывать, даже если жертва основного киллера так или иначе была спасена"', () => {
    const players = [...dead(mafia, 'M2'), ...dead(yakuza, 'Y2'), doctor, ...reds];
    const r = resolve(night(players, [act('D', 'heal', ['R1']), act('M1', 'kill', ['R1']), act('Y1', 'insure', ['R2'])], 3));
    expect(eventsOf(r, 'death').map((e) => [e.player, e.by])).toEqual([['R2', ['Y1']]]);
    // In the Maniac's game a saved victim brings no insurance: the insurer fires only when the shot is stopped (L14).
    const plain = resolve(
      night([...mafia, maniac, doctor, ...reds], [act('D', 'heal', ['R1']), act('M1', 'kill', ['R1']), act('M2', 'insure', ['R2'])], 3),
    );
    expect(deaths(plain)).toEqual([]);
  });
  it('"Пока обе пары целы, мафия или якудза сумеет выстрелить за противоположную пару даже в том случае, когда соответствующий выстрел сорвался из-за того, что жертва была спасена"', () => {
    const players = [...mafia, ...yakuza, doctor, ...reds];
    const r = resolve(
      night(players, [act('D', 'heal', ['R1']), act('M1', 'kill', ['R1']), act('M2', 'insure', ['R3']), act('Y1', 'insure', ['R2'])], 3),
    );
    // Only the other pair fires for a saved victim; the Mafia partner's insurance is for a stopped shot.
    expect(eventsOf(r, 'death').map((e) => [e.player, e.by])).toEqual([['R2', ['Y1']]]);
  });
});

describe('a host’s ruleset states these rules as data, and malformed ones are named', () => {
  it('insures, noNewShotAfter and pairedGroups are checked with their paths', () => {
    const preset = rulesets['russian-004'];
    const role = {
      id: 'hired',
      name: 'Hired',
      abilities: [
        {
          id: 'cover',
          name: 'Cover',
          timing: 'night',
          night: { effect: 'insure', step: 'faction-kill', insures: [{ faction: 'maniac', outranks: 'yes', when: 1 }, 'mafia'] },
        },
      ],
    };
    const result = parseRuleset({
      extends: 'russian-004',
      id: 'ours',
      roles: [...preset.roles, role],
      night: { ...preset.night, noNewShotAfter: { ballot: 'hunt', guilty: 0 }, pairedGroups: ['mafia', 'ninjas'] },
    });
    expect(result.ok ? [] : result.errors).toEqual([
      'night.pairedGroups[1]: no faction "ninjas" in this ruleset',
      'night.noNewShotAfter.guilty: must be a whole number ≥ 1',
      expect.stringMatching(/\.night\.insures\[0\]\.when: role "hired": is not a field here/),
      expect.stringMatching(/\.night\.insures\[0\]\.outranks: role "hired": must be true or false/),
      expect.stringMatching(/\.night\.insures\[1\]: role "hired": must be an object/),
    ]);
  });
});

describe('L48: the Boss’s Son’s group names the insurer of a shot', () => {
  it('"При наличии сына босса, когда совершается ход киллера, требуется указать одного конкретного игрока, который обеспечит страховку стрелку"', () => {
    const son = black('S', 'mafia', 'boss-son');
    const players = [...mafia, son, maniac, red('B', 'blocker'), ...reds];
    const named = resolve(night(players, [act('M1', 'kill', ['R1'], undefined, { insuredBy: 'S' }), act('B', 'block', ['M1'])], 1));
    expect(eventsOf(named, 'death').map((e) => [e.player, e.by])).toEqual([['R1', ['S']]]);
    // A full trio's shot that names no insurer has none by default.
    expect(deaths(resolve(night(players, [act('M1', 'kill', ['R1']), act('B', 'block', ['M1'])], 1)))).toEqual([]);
    // A pair needs no name: the partner insures by default (L14).
    const pair = players.filter((p) => p.slotId !== 'S');
    expect(deaths(resolve(night(pair, [act('M1', 'kill', ['R1']), act('B', 'block', ['M1'])], 1)))).toEqual(['R1']);
  });
});
