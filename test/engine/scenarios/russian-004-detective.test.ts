/**
 * Seed 004 (../shared/seeds/004_f6d88bc78ab5cdbd.txt): the Detective's track that gives no information, the
 * blackening he recognises and hands the Investigator a night late (L7), and the substitution of it that colour
 * checks forbid (L86). Each test quotes the seed line.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  nightResultNames,
  renderNightResult,
  resolveNight,
  rulesets,
  type NightInput,
  type NightPlayer,
  type NightStatus,
  withNight,
  type PlayResult,
} from '../../../src/engine';
import { act, eventsOf, messagesTo, night, nightRulesFor, player, rulesRussian, statusRulesOf, told } from '../night/helpers';
import { failedExpectations, playText } from './run-script';

const statusRules = statusRulesOf('russian-004');
const resolve = (input: NightInput, rules = rulesRussian) => resolveNight({ ...input, statusRules }, rules, createRng(4));
const black = (slotId: string, peaceful: string, faction = 'mafia', negative = faction, extra: Partial<NightPlayer> = {}) =>
  player(slotId, peaceful, faction, { secondRole: negative, ...extra });
const red = (slotId: string, peaceful = 'citizen', extra: Partial<NightPlayer> = {}) => player(slotId, peaceful, 'red', extra);
const withStatuses = (p: NightPlayer, ...statuses: NightStatus[]): NightPlayer => ({
  ...p,
  statuses: [...(p.statuses ?? []), ...statuses],
});
/** The blackening rumour of the day before night 1, cast by `by`. */
const blackenedBy = (by: string): NightStatus => ({ id: 'blackened', sinceNight: 1, by });

const mafia = [black('M1', 'citizen'), black('M2', 'citizen')];
const maniac = black('X', 'citizen', 'maniac');
const detective = red('E', 'detective');
const investigator = red('I', 'investigator');

/** What the Investigator is handed, as the inner facts of his forwarded results. */
const handed = (r: ReturnType<typeof resolve>, to = 'I') =>
  messagesTo(r, to).flatMap((m) => (m.fact === 'forwarded-result' ? [told(m.value.fact, m.value.about, m.value.value as never)] : []));

/** A player's PMs of a night, in Russian, with the preset's Russian names. */
const pmsRu = (r: ReturnType<typeof resolve>, to: string): string[] => {
  const preset = rulesets['russian-004'];
  const names = nightResultNames(
    r.events.flatMap((e) => ('player' in e ? [{ id: e.player, name: e.player }] : [])),
    {
      roles: preset.roles.map((x) => ({ id: x.id, name: x.names?.ru ?? x.name })),
      factions: preset.factions.map((f) => ({ id: f.id, name: f.names?.ru ?? f.name })),
      ...(preset.night ? { verdicts: preset.night.verdicts } : {}),
    },
  );
  return eventsOf(r, 'message')
    .filter((e) => e.to === to)
    .map((e) => renderNightResult(e.result, names, 'ru'));
};

const reasonCodes = (r: ReturnType<typeof resolve>): string[] => {
  const out: string[] = [];
  const walk = (reasons: readonly { message?: { code: string }; because?: readonly unknown[] }[]): void => {
    for (const x of reasons) {
      if (x.message !== undefined) out.push(x.message.code);
      walk((x.because ?? []) as never);
    }
  };
  for (const e of r.events) walk(e.reasons);
  return out;
};

describe('L7 "В случае слежки - если детектив был заблочен, попал к проститутке/гейше, проверял клиента проститутки/гейши или потерял ход из-за безумца - информация не предоставляется"', () => {
  const table = [...mafia, detective, investigator, red('R1'), red('R2')];

  it('"был заблочен": the Blocker’s arrest gives the Detective and the Investigator "информация не предоставляется"', () => {
    const r = resolve(night([...table, red('B', 'blocker')], [act('B', 'block', ['E']), act('E', 'track', ['M1'])], 1));
    // L115.5 "его цель узнает о блоке своего хода": the block's notice stays his; his track's result is "no information".
    expect(messagesTo(r, 'E')).toEqual([
      told('action-stopped', [], 'blocker'),
      told('track-no-info', ['M1'], null),
      // The Blocker came to him: "дополнительно может увидеть имена тех, кто заходил к детективу ночью" (setting below).
      told('visited-by', ['E'], ['B']),
    ]);
    expect(pmsRu(r, 'E')[1]).toBe('Слежка за игроком M1: информация не предоставляется.');
    // The Investigator is handed the Detective's result, not the block's notice.
    expect(handed(r)).toEqual([told('track-no-info', ['M1'], null)]);
  });

  it('"попал к проститутке": taken home by the Prostitute', () => {
    const r = resolve(night([...table, red('P', 'prostitute')], [act('P', 'take-home', ['E']), act('E', 'track', ['M1'])], 1));
    expect(messagesTo(r, 'E')).toContainEqual(told('track-no-info', ['M1'], null));
    expect(messagesTo(r, 'E')).not.toContainEqual(expect.objectContaining({ fact: 'target-visits' }));
    expect(handed(r)).toEqual([told('track-no-info', ['M1'], null)]);
  });

  it('"попал к … гейше": kept company by the Geisha', () => {
    const geisha = black('G', 'citizen', 'werewolf', 'geisha');
    const r = resolve(night([...table, geisha], [act('G', 'entertain', ['E']), act('E', 'track', ['M1'])], 1));
    expect(messagesTo(r, 'E')).toContainEqual(told('track-no-info', ['M1'], null));
    expect(handed(r)).toEqual([told('track-no-info', ['M1'], null)]);
  });

  it('"проверял клиента проститутки": the Prostitute’s "move failed" is no PM the seed gives the Detective; he is told "no information"', () => {
    const r = resolve(night([...table, red('P', 'prostitute')], [act('P', 'take-home', ['M1']), act('E', 'track', ['M1'])], 1));
    expect(messagesTo(r, 'E')).toEqual([told('track-no-info', ['M1'], null)]);
    expect(handed(r)).toEqual([told('track-no-info', ['M1'], null)]);
  });

  it('"проверял клиента … гейши"', () => {
    const geisha = black('G', 'citizen', 'werewolf', 'geisha');
    const r = resolve(night([...table, geisha], [act('G', 'entertain', ['M1']), act('E', 'track', ['M1'])], 1));
    expect(messagesTo(r, 'E')).toEqual([told('track-no-info', ['M1'], null)]);
    expect(handed(r)).toEqual([told('track-no-info', ['M1'], null)]);
  });

  it('"потерял ход из-за безумца": the Madman’s fire', () => {
    const r = resolve(night([...table, red('F', 'madman')], [act('F', 'fire', []), act('E', 'track', ['M1'])], 3));
    expect(messagesTo(r, 'E')).toEqual([told('track-no-info', ['M1'], null)]);
    expect(handed(r)).toEqual([told('track-no-info', ['M1'], null)]);
  });

  it('"был заблочен" by a status that stops his moves (the torture chamber, L53; a day’s block): the refused track answers the same', () => {
    for (const status of ['tortured', 'blocked']) {
      const r = resolve(
        night(
          table.map((p) => (p.slotId === 'E' ? withStatuses(p, { id: status, sinceNight: 1 }) : p)),
          [act('E', 'track', ['M1'])],
          1,
        ),
      );
      expect(r.refused.map((x) => x.reason)).toEqual(['night/actor-status']);
      expect(messagesTo(r, 'E')).toEqual([told('track-no-info', ['M1'], null)]);
      expect(handed(r)).toEqual([told('track-no-info', ['M1'], null)]);
    }
  });

  it('a track that went through still shows the places (the rule is the stop’s, not every track’s)', () => {
    const r = resolve(night([...table, red('B', 'blocker')], [act('B', 'block', ['R2']), act('E', 'track', ['M1'])], 1));
    expect(messagesTo(r, 'E')).toEqual([told('target-visits', ['M1'], [])]);
    expect(handed(r)).toEqual([told('target-visits', ['M1'], [])]);
  });

  it('"дополнительно может увидеть имена тех, кто заходил к детективу ночью": a stopped Detective still sees them (setting stoppedTrackerSeesVisitors, default yes, reported)', () => {
    const players = [...table, red('B', 'blocker'), red('D', 'doctor')];
    const actions = [act('B', 'block', ['E']), act('D', 'heal', ['E']), act('E', 'track', ['M1'])];
    const r = resolve(night(players, actions, 1));
    expect(messagesTo(r, 'E')).toContainEqual(told('visited-by', ['E'], ['B', 'D']));
    expect(handed(r)).toEqual([told('track-no-info', ['M1'], null)]);
    expect(r.ambiguities.map((a) => [a.setting, a.value])).toContainEqual(['stoppedTrackerSeesVisitors', 'yes']);
    const no = nightRulesFor(
      withNight(rulesets['russian-004'], { settings: { ...rulesRussian.settings, stoppedTrackerSeesVisitors: 'no' } }),
    );
    const without = resolve(night(players, actions, 1), no);
    expect(messagesTo(without, 'E').map((m) => m.fact)).not.toContain('visited-by');
    expect(rulesets['russian-004'].openQuestions?.map((q) => q.setting)).toContain('night.settings.stoppedTrackerSeesVisitors');
  });
});

describe('L7 "Детектив способен распознавать очернения"', () => {
  it('"если при слежке в соответствующую ночь его цель была под очернением и ее не сумел успешно чекнуть кто-либо из цветных чекеров, то детектив узнает о его наличии"; "видит разницу между очернениями от стороны мафии, маньяка (якудзы) или от джокера"', () => {
    const r = resolve(
      night(
        [...mafia, maniac, detective, investigator, withStatuses(red('R1'), blackenedBy('M1')), red('R2')],
        [act('E', 'track', ['R1'])],
        1,
      ),
    );
    expect(messagesTo(r, 'E')).toEqual([told('target-visits', ['R1'], []), told('blackening-seen', ['R1'], 'mafia')]);
    expect(pmsRu(r, 'E')[1]).toBe('Игрок R1 был под очернением от стороны «Мафия».');
    // "но эти данные передаются следователю с задержкой на одну ночь": tonight the Investigator gets the places alone.
    expect(handed(r)).toEqual([told('target-visits', ['R1'], [])]);
    expect(eventsOf(r, 'status-applied').map((e) => [e.player, e.status])).toContainEqual([
      'R1',
      { id: 'blackening-held', sinceNight: 1, with: 'E', by: 'M1', value: 1 },
    ]);
  });

  it('the side is the caster’s: the Maniac’s, the Yakuza’s, a werewolf’s (the Joker’s)', () => {
    const yakuza = black('Y', 'citizen', 'yakuza');
    const joker = black('J', 'citizen', 'werewolf', 'joker');
    for (const [caster, side] of [
      ['X', 'maniac'],
      ['Y', 'yakuza'],
      ['J', 'werewolf'],
    ] as const) {
      const r = resolve(
        night(
          [...mafia, maniac, yakuza, joker, detective, withStatuses(red('R1'), blackenedBy(caster)), red('R2')],
          [act('E', 'track', ['R1'])],
          2,
        ),
      );
      expect(messagesTo(r, 'E')).toContainEqual(told('blackening-seen', ['R1'], side));
    }
  });

  it('"и ее не сумел успешно чекнуть кто-либо из цветных чекеров": the Commissar read the target tonight, so the Detective does not recognise it', () => {
    const players = [...mafia, detective, investigator, red('C', 'commissar'), withStatuses(red('R1'), blackenedBy('M1')), red('R2')];
    const r = resolve(night(players, [act('E', 'track', ['R1']), act('C', 'check', ['R1'])], 1));
    expect(messagesTo(r, 'E')).toEqual([told('target-visits', ['R1'], [])]);
    expect(eventsOf(r, 'status-applied').filter((e) => e.status.id === 'blackening-held' && e.status.value === 1)).toEqual([]);
  });

  it('"успешно": a Commissar whose check did not go through (blocked) hides nothing', () => {
    const players = [
      ...mafia,
      detective,
      red('C', 'commissar'),
      red('B', 'blocker'),
      withStatuses(red('R1'), blackenedBy('M1')),
      red('R2'),
    ];
    const r = resolve(night(players, [act('B', 'block', ['C']), act('E', 'track', ['R1']), act('C', 'check', ['R1'])], 1));
    expect(messagesTo(r, 'E')).toContainEqual(told('blackening-seen', ['R1'], 'mafia'));
  });

  it('L51 "Если джокер чекает игрока, за которым следит детектив, тот не распознает очернение или окраснение на нем"', () => {
    const joker = black('J', 'citizen', 'werewolf', 'joker');
    const r = resolve(
      night(
        [...mafia, joker, detective, withStatuses(red('R1'), blackenedBy('M1')), red('R2')],
        [act('J', 'flip-check', ['R1']), act('E', 'track', ['R1'])],
        1,
      ),
    );
    expect(messagesTo(r, 'E').map((m) => m.fact)).not.toContain('blackening-seen');
  });

  it('a stopped track recognises nothing either', () => {
    const players = [...mafia, detective, red('B', 'blocker'), withStatuses(red('R1'), blackenedBy('M1')), red('R2')];
    const r = resolve(night(players, [act('B', 'block', ['E']), act('E', 'track', ['R1'])], 1));
    expect(messagesTo(r, 'E').map((m) => m.fact)).toEqual(['action-stopped', 'track-no-info', 'visited-by']);
  });

  it('"эти данные передаются следователю с задержкой на одну ночь": the next night the Investigator is handed it, and the carrier status goes', () => {
    const held: NightStatus = { id: 'blackening-held', sinceNight: 1, with: 'E', by: 'M1', value: 1 };
    const r = resolve(night([...mafia, detective, investigator, withStatuses(red('R1'), held), red('R2')], [act('E', 'track', ['M2'])], 2));
    expect(handed(r)).toContainEqual(told('blackening-seen', ['R1'], 'mafia'));
    expect(pmsRu(r, 'I').join('\n')).toContain('Игрок R1 был под очернением от стороны «Мафия».');
    expect(eventsOf(r, 'status-cleared').map((e) => [e.player, e.status])).toEqual([['R1', 'blackening-held']]);
  });

  it('"Если очернение кидали на детектива, он в любом случае узнает это утром": even blocked, and he is told the side; the Investigator is not handed it', () => {
    const players = [
      ...mafia,
      maniac,
      withStatuses(detective, { id: 'blackened', sinceNight: 2, by: 'X' }),
      investigator,
      red('B', 'blocker'),
      red('R1'),
    ];
    const r = resolve(night(players, [act('B', 'block', ['E']), act('E', 'track', ['R1'])], 2));
    expect(messagesTo(r, 'E')).toContainEqual(told('blackening-seen', ['E'], 'maniac'));
    expect(pmsRu(r, 'E')).toContain('Игрок E был под очернением от стороны «Маньяк».');
    expect(handed(r)).toEqual([told('track-no-info', ['R1'], null)]);
  });
});

describe('L86 black Detective: "Нельзя подменить информацию об очернении, если ее невозможно было получить из-за цветных чекеров"', () => {
  const blackDetective = black('E', 'detective', 'maniac', 'maniac');
  const heldOn = (r: ReturnType<typeof resolve>, who: string) =>
    eventsOf(r, 'status-applied').flatMap((e) => (e.player === who && e.status.id === 'blackening-held' ? [e.status] : []));

  it('with no colour check on the target, he may name the side the Investigator is handed the night after', () => {
    const players = [...mafia, maniac, blackDetective, investigator, red('R1'), red('R2')];
    const r = resolve(night(players, [act('E', 'track', ['R1'], undefined, { forged: { value: [], blackening: 'mafia' } })], 1));
    expect(heldOn(r, 'R1')).toEqual([{ id: 'blackening-held', sinceNight: 1, with: 'E', by: 'M1', value: 1 }]);
    expect(reasonCodes(r)).toContain('night/forged-blackening');
    // The next night the Investigator is handed the blackening the Detective named.
    const next = resolve(
      night([...mafia, maniac, blackDetective, investigator, withStatuses(red('R1'), ...heldOn(r, 'R1')), red('R2')], [], 2),
    );
    expect(handed(next)).toEqual([told('blackening-seen', ['R1'], 'mafia')]);
  });

  it('he may hide a blackening he saw (null): the Investigator is handed nothing of it the night after', () => {
    const players = [...mafia, maniac, blackDetective, investigator, withStatuses(red('R1'), blackenedBy('M1')), red('R2')];
    const r = resolve(night(players, [act('E', 'track', ['R1'], undefined, { forged: { value: [], blackening: null } })], 1));
    // L17 "меняющий ее игрок сам получает утром такой же результат": he is told what he hands on, no blackening.
    expect(messagesTo(r, 'E').filter((m) => m.fact === 'blackening-seen')).toEqual([]);
    expect(r.ambiguities.map((a) => [a.setting, a.value])).toContainEqual(['forgerAlsoToldTruth', 'no']);
    const held = heldOn(r, 'R1');
    expect(held).toEqual([{ id: 'blackening-held', sinceNight: 1, with: 'E', value: 0 }]);
    const next = resolve(night([...mafia, maniac, blackDetective, investigator, withStatuses(red('R1'), ...held), red('R2')], [], 2));
    expect(handed(next)).toEqual([]);
  });

  it('L17 for the blackening: a substituted side is what he is told himself; the real one beside it only under forgerAlsoToldTruth `yes`', () => {
    const players = [...mafia, maniac, blackDetective, investigator, withStatuses(red('R1'), blackenedBy('M1')), red('R2')];
    const moves = [act('E', 'track', ['R1'], undefined, { forged: { value: [], blackening: 'maniac' } })];
    const r = resolve(night(players, moves, 1));
    expect(messagesTo(r, 'E').filter((m) => m.fact === 'blackening-seen')).toEqual([told('blackening-seen', ['R1'], 'maniac')]);
    const truthToo = resolve(
      night(players, moves, 1),
      nightRulesFor(withNight(rulesets['russian-004'], { settings: { ...rulesRussian.settings, forgerAlsoToldTruth: 'yes' } })),
    );
    expect(messagesTo(truthToo, 'E').filter((m) => m.fact === 'blackening-seen')).toEqual([
      told('blackening-seen', ['R1'], 'maniac'),
      told('blackening-seen', ['R1'], 'mafia'),
    ]);
    // The Investigator is handed the substitution the night after, whatever the Detective was told.
    expect(heldOn(truthToo, 'R1')).toEqual(heldOn(r, 'R1'));
  });

  it('"…если ее невозможно было получить из-за цветных чекеров": a Commissar read the target, so the substitution is refused and nothing is handed on', () => {
    const players = [...mafia, maniac, blackDetective, investigator, red('C', 'commissar'), red('R1'), red('R2')];
    const r = resolve(
      night(players, [act('C', 'check', ['R1']), act('E', 'track', ['R1'], undefined, { forged: { value: [], blackening: 'mafia' } })], 1),
    );
    expect(reasonCodes(r)).toContain('night/forged-blackening-impossible');
    expect(heldOn(r, 'R1')).toEqual([{ id: 'blackening-held', sinceNight: 1, with: 'E', value: 0 }]);
  });

  it('…and a blackening the checks hid cannot be hidden or changed either: the Investigator gets no blackening', () => {
    const players = [
      ...mafia,
      maniac,
      blackDetective,
      investigator,
      red('C', 'commissar'),
      withStatuses(red('R1'), blackenedBy('M1')),
      red('R2'),
    ];
    const r = resolve(
      night(players, [act('C', 'check', ['R1']), act('E', 'track', ['R1'], undefined, { forged: { value: [], blackening: 'maniac' } })], 1),
    );
    expect(reasonCodes(r)).toContain('night/forged-blackening-impossible');
    expect(heldOn(r, 'R1').filter((s) => s.value === 1)).toEqual([]);
  });

  it('a red Detective’s substitution is not his to make', () => {
    const players = [...mafia, maniac, detective, investigator, red('R1'), red('R2')];
    const r = resolve(night(players, [act('E', 'track', ['R1'], undefined, { forged: { value: [], blackening: 'mafia' } })], 1));
    expect(reasonCodes(r)).toContain('night/forged-not-allowed');
    expect(heldOn(r, 'R1').filter((x) => x.value === 1)).toEqual([]);
  });
});

describe('in a played game (gavel play): the day’s blackening, the night’s track, the Investigator a night late (L15, L7)', () => {
  const roster = [
    'ruleset russian-004',
    'player Egor faction=red role=detective',
    'player Ivan faction=red role=investigator',
    'player Olga faction=red role=citizen',
    'player Boris faction=red role=citizen',
    'player Anna faction=red role=citizen',
    'player Kolya faction=mafia role=citizen second=mafia',
    'player Lena faction=mafia role=citizen second=mafia',
    'player Misha faction=maniac role=citizen second=maniac',
  ];
  const pms = (played: PlayResult, n: number, name: string): string[] =>
    played.phases
      .filter((p) => p.phase.kind === 'night' && p.phase.number === n)
      .flatMap((p) => p.privateMessages)
      .filter((m) => m.name === name)
      .map((m) => m.text);

  it('the Mafia blackens Olga by day; Egor tracks her that night and learns it, in the seed’s words; Ivan is handed it the next morning', () => {
    const played = playText(
      [
        ...roster,
        'day 1',
        '  Kolya uses blacken Olga',
        '  expect status Olga blackened',
        'night 1',
        '  Egor uses track Olga',
        '  resolve night',
        'day 2',
        'night 2',
        '  Egor uses track Boris',
        '  resolve night',
        'day 3',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(pms(played, 1, 'Egor')).toContain('Игрок Olga был под очернением от стороны «Мафия».');
    expect(pms(played, 1, 'Ivan').join('\n')).not.toContain('очернением');
    expect(pms(played, 2, 'Ivan').join('\n')).toContain('Игрок Olga был под очернением от стороны «Мафия».');
  });

  it('a blocked Detective: "информация не предоставляется", to him and to the Investigator', () => {
    const played = playText(
      [
        ...roster.map((l) => l.replace('player Anna faction=red role=citizen', 'player Anna faction=red role=blocker')),
        'day 1',
        'night 1',
        '  Anna uses block Egor',
        '  Egor uses track Kolya',
        '  resolve night',
        'day 2',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(pms(played, 1, 'Egor')).toContain('Слежка за игроком Kolya: информация не предоставляется.');
    expect(pms(played, 1, 'Ivan').join('\n')).toContain('Слежка за игроком Kolya: информация не предоставляется.');
    expect(pms(played, 1, 'Ivan').join('\n')).not.toContain('не состоялось');
  });
});
