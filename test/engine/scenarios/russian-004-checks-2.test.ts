/**
 * Seed 004's colour checks on a target another move also chose (../shared/seeds/004_f6d88bc78ab5cdbd.txt L6, L28,
 * L29; the digest §3.2): L6 "Если выбрал … такую же цель, как адвокат/инквизитор/телохранитель/доктор/блокер/
 * культист(хил) - информация не предоставляется", and L28/L29 "Принцип чеков полностью соответствует чекам
 * комиссара": the Lawyer's and the Inquisitor's private checks follow the same list. Each test quotes its seed line.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, type NightAction, type NightPlayer, type NightResolution } from '../../../src/engine';
import { act, announced, eventsOf, messagesTo, night, player, rulesRussian, statusRulesOf, told } from '../night/helpers';
import { parseRuleset } from '../../../src/engine/rules/validate';
import { rulesets } from '../../../src/engine';
import { failedExpectations, playText } from './run-script';

const statusRules = statusRulesOf('russian-004');
const resolve = (players: NightPlayer[], actions: NightAction[], n = 2): NightResolution =>
  resolveNight({ ...night(players, actions, n), statusRules }, rulesRussian, createRng(4));
const red = (id: string, role = 'citizen', extra: Partial<NightPlayer> = {}): NightPlayer => player(id, role, 'red', extra);
const black = (id: string): NightPlayer => player(id, 'citizen', 'mafia', { secondRole: 'mafia' });

const table = [
  red('C', 'commissar'),
  red('L', 'lawyer'),
  red('I', 'inquisitor'),
  red('G', 'bodyguard'),
  red('D', 'doctor'),
  red('B', 'blocker'),
  red('CU', 'cultist', { spent: { 'souls-gained': 2 } }),
  red('F', 'fanatic'),
  black('M'),
  red('R'),
];

/** The Commissar's public morning word: hit, and whether it is "информация не предоставляется". */
const commissarWord = (r: NightResolution): unknown => announced(r).find((a) => a.fact === 'morning-check' && a.about[0] === 'C')?.value;

const L6 = 'L6 "такую же цель, как адвокат/инквизитор/телохранитель/доктор/блокер/культист(хил) - информация не предоставляется"';

describe(L6, () => {
  for (const [who, move] of [
    ['L', act('L', 'check', ['M'])],
    ['I', act('I', 'check', ['M'])],
    ['G', act('G', 'guard', ['M'])],
    ['D', act('D', 'heal', ['M'])],
    ['B', act('B', 'block', ['M'])],
    ['B', act('B', 'protect', ['M'])],
    ['CU', act('CU', 'soul-heal', ['M'])],
  ] as const)
    it(`the Commissar on the target of ${who} (${move.ability}): no PM, the public word "информация не предоставляется"`, () => {
      const r = resolve(table, [act('C', 'check', ['M']), move]);
      expect(messagesTo(r, 'C').filter((m) => m.fact === 'alignment-check')).toEqual([]);
      expect(commissarWord(r)).toEqual({ role: 'commissar', hit: false, noInfo: true });
      const codes = r.events.flatMap((e) => e.reasons.map((x) => x.message?.code));
      expect(codes).toContain('night/check-no-info-shared');
    });

  it('the Cultist\'s other moves are not on the list ("культист(хил)" only): his devouring does not void the check', () => {
    const devourer = table.map((p) => (p.slotId === 'CU' ? { ...p, spent: { 'souls-gained': 3 } } : p));
    // The Cultist devours R; the Commissar checks R, dead by the check's turn: "выбрал убитого - чек не проходит", not "no info".
    const r = resolve(devourer, [act('C', 'check', ['M']), act('CU', 'devour', ['R'])]);
    expect(messagesTo(r, 'C')).toContainEqual(told('alignment-check', ['M'], true));
    expect(commissarWord(r)).toEqual({ role: 'commissar', hit: true });
  });

  it('a move not on the list (the Fanatic naming his favourite is a day move; a plain citizen has none) leaves the check as it was', () => {
    const r = resolve(table, [act('C', 'check', ['M'])]);
    expect(messagesTo(r, 'C')).toContainEqual(told('alignment-check', ['M'], true));
    expect(commissarWord(r)).toEqual({ role: 'commissar', hit: true });
  });

  it('the same target on different nights, or a different target, does not void the check', () => {
    const r = resolve(table, [act('C', 'check', ['M']), act('D', 'heal', ['R'])]);
    expect(messagesTo(r, 'C')).toContainEqual(told('alignment-check', ['M'], true));
  });
});

describe('L28, L29: "Принцип чеков полностью соответствует чекам комиссара, но вся информация частная, то есть дается в ЛС утром"', () => {
  const marks = (r: NightResolution): string[] => eventsOf(r, 'status-applied').map((e) => `${e.player}:${e.status.id}`);

  for (const checker of ['L', 'I'] as const)
    for (const [who, move] of [
      ['G', act('G', 'guard', ['M'])],
      ['D', act('D', 'heal', ['M'])],
      ['B', act('B', 'block', ['M'])],
      ['CU', act('CU', 'soul-heal', ['M'])],
      ['C', act('C', 'check', ['M'])],
    ] as const)
      it(`${checker === 'L' ? 'the Lawyer' : 'the Inquisitor'} on the target of ${who}: the PM "информация не предоставляется", no mark left`, () => {
        const r = resolve(table, [act(checker, 'check', ['M']), move]);
        expect(messagesTo(r, checker)).toEqual([told('check-no-info', ['M'], null)]);
        // No "checked black" mark: the Inquisitor may not burn him (L29), the Lawyer gets no vote against him (L28).
        expect(marks(r).filter((m) => m.includes('checked'))).toEqual([]);
      });

  it('the Lawyer and the Inquisitor on one target: neither learns anything, whichever of the two checks runs first', () => {
    for (const order of [
      [act('L', 'check', ['M'], 1), act('I', 'check', ['M'], 2)],
      [act('I', 'check', ['M'], 1), act('L', 'check', ['M'], 2)],
    ]) {
      const r = resolve(table, order);
      expect(messagesTo(r, 'L')).toEqual([told('check-no-info', ['M'], null)]);
      expect(messagesTo(r, 'I')).toEqual([told('check-no-info', ['M'], null)]);
    }
  });

  it('the Commissar and the Lawyer on one target: the Commissar\'s public word is "информация не предоставляется" too', () => {
    const r = resolve(table, [act('L', 'check', ['M']), act('C', 'check', ['M'])]);
    expect(commissarWord(r)).toEqual({ role: 'commissar', hit: false, noInfo: true });
    expect(messagesTo(r, 'L')).toEqual([told('check-no-info', ['M'], null)]);
  });

  it("the checker's own role is not on his list: the Lawyer alone on a target is checked as before", () => {
    const r = resolve(table, [act('L', 'check', ['M'])]);
    expect(messagesTo(r, 'L')).toEqual([told('alignment-check', ['M'], true)]);
    expect(marks(r)).toEqual(['M:lawyer-checked-black']);
  });
});

describe('the posts of a played game (L6, L28: public words and PMs in Russian)', () => {
  const roster = [
    'ruleset russian-004',
    'seed 4',
    'player Anna   faction=red    role=doctor',
    'player Boris  faction=red    role=bodyguard',
    'player Vera   faction=red    role=commissar',
    'player Lada   faction=red    role=lawyer',
    'player Ilya   faction=red    role=citizen',
    'player Zhenya faction=red    role=citizen',
    'player Kolya  faction=mafia  role=citizen second=mafia',
    'player Misha  faction=maniac role=citizen second=maniac',
  ];
  const play = (lines: string[]) => {
    const played = playText([...roster, ...lines].join('\n'));
    expect(failedExpectations(played)).toEqual([]);
    return played;
  };
  const pms = (played: ReturnType<typeof playText>, phase: number): string[] =>
    (played.phases[phase]?.privateMessages ?? []).map((m) => `${m.name}: ${m.text}`);

  it(`${L6}: the Bodyguard's ward checked by the Commissar — the morning says "Комиссар: информация не предоставляется", Vera gets no PM`, () => {
    const played = play(['day 1', 'night 1', '  Boris uses guard Kolya', '  Vera uses check Kolya', '  resolve night', 'day 2']);
    expect(played.phases[2]?.openingPost ?? '').toContain('Комиссар: информация не предоставляется');
    expect(pms(played, 1).filter((m) => m.startsWith('Vera'))).toEqual([]);
  });

  it('L28 "вся информация частная, то есть дается в ЛС утром": the Lawyer on the Commissar\'s target is told so by PM, word for word', () => {
    const played = play(['day 1', 'night 1', '  Lada uses check Kolya', '  Vera uses check Kolya', '  resolve night', 'day 2']);
    expect(pms(played, 1)).toContain('Lada: Ваш чек игрока Kolya: информация не предоставляется.');
    expect(played.phases[2]?.openingPost ?? '').toContain('Комиссар: информация не предоставляется');
    expect(pms(played, 1).filter((m) => m.startsWith('Vera'))).toEqual([]);
  });

  it("without a shared target the Lawyer learns the colour by PM, and the Commissar's check goes through", () => {
    const played = play(['day 1', 'night 1', '  Lada uses check Kolya', '  Vera uses check Misha', '  resolve night', 'day 2']);
    expect(pms(played, 1)).toContain('Lada: Результат проверки игрока Kolya: чёрный.');
    expect(played.phases[2]?.openingPost ?? '').toContain('Комиссар: чек прошел');
  });
});

describe('the list is data in the preset (L6)', () => {
  const checkOf = (roleId: string): { readonly noInfoWhenTargetOf?: readonly string[] } | undefined => {
    const part = rulesets['russian-004'].roles.find((r) => r.id === roleId)?.abilities.find((a) => a.id === 'check')?.night;
    return part !== undefined && 'noInfoWhenTargetOf' in part ? part : undefined;
  };

  it('each checker\'s list is L6\'s roles without himself; the Cultist only by his heal ("культист(хил)")', () => {
    expect(checkOf('commissar')?.noInfoWhenTargetOf).toEqual([
      'lawyer',
      'inquisitor',
      'bodyguard',
      'doctor',
      'blocker',
      'cultist/soul-heal',
    ]);
    expect(checkOf('lawyer')?.noInfoWhenTargetOf).toEqual([
      'commissar',
      'inquisitor',
      'bodyguard',
      'doctor',
      'blocker',
      'cultist/soul-heal',
    ]);
    expect(checkOf('inquisitor')?.noInfoWhenTargetOf).toEqual([
      'commissar',
      'lawyer',
      'bodyguard',
      'doctor',
      'blocker',
      'cultist/soul-heal',
    ]);
  });

  it('a ruleset file may name a role\'s move ("role/ability"); an unknown role is refused', () => {
    expect(parseRuleset(JSON.parse(JSON.stringify(rulesets['russian-004'])))).toMatchObject({ ok: true });
    const broken = JSON.parse(JSON.stringify(rulesets['russian-004'])) as {
      roles: { id: string; abilities: { id: string; night?: Record<string, unknown> }[] }[];
    };
    const check = broken.roles.find((r) => r.id === 'commissar')?.abilities.find((a) => a.id === 'check')?.night;
    if (check !== undefined) check['noInfoWhenTargetOf'] = ['cultist/soul-heal', 'nobody/heal'];
    const parsed = parseRuleset(broken);
    expect(parsed.ok).toBe(false);
    expect(JSON.stringify(parsed)).toContain('no role \\"nobody\\" in this ruleset');
  });
});
