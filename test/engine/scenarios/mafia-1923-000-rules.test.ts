/**
 * Seed 000 ("mafia 1923"): the Sheriff's own-family limit, what is announced
 * of a poison death, the setup rules (families, levels, the Mafia's second
 * roles) and the settings for what the seed leaves undescribed.
 */
import { describe, expect, it } from 'vitest';
import { checkSetup, deriveState, rulesets, type PlayerSetup, type Ruleset } from '../../../src/engine';
import { failedExpectations, playText } from './run-script';

const roster = [
  'ruleset mafia-1923-000',
  'seed 9',
  // A quiet game: missed votes never exile anybody here.
  'set voting.strikesToExile 99',
  'player Al     family=Capone  faction=mafia     role=mafia-member',
  'player Bianca family=Capone  faction=civilians role=sheriff',
  'player Dora   family=Capone  faction=civilians role=townsperson',
  'player Enzo   family=Moretti faction=mafia     role=mafia-member',
  'player Hana   family=Moretti faction=civilians role=townsperson',
  'player Otto   family=Moretti faction=civilians role=butler',
  'player Sara   family=Moretti faction=civilians role=shadchan',
];

describe('000: "Sheriffs may only protect their own family once and themselves once"', () => {
  it('a second jailing of his own family is refused; another family is still allowed', () => {
    const played = playText(
      [
        ...roster,
        'night 1',
        'day 1',
        '  Bianca uses jail Dora Capone',
        'night 2',
        'day 2',
        '  Bianca uses jail Al Capone',
        '  expect rejected Bianca action/own-family-limit',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(played.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 2)?.rejected.map((r) => r.reason)).toEqual([
      'action/own-family-limit',
    ]);
    const other = playText(
      [...roster, 'night 1', 'day 1', '  Bianca uses jail Dora Capone', 'night 2', 'day 2', '  Bianca uses jail Hana Moretti'].join('\n'),
    );
    expect(other.phases.flatMap((p) => p.rejected)).toEqual([]);
  });
});

describe('000: "The only events that are announced publicly are deaths, poisonings, and being cured from poison"', () => {
  it('a poison death is announced as a death, not also as "no longer poisoned"', () => {
    const played = playText(
      [
        ...roster,
        'night 1',
        '  Otto uses poison Hana',
        '  resolve night',
        '  expect status Hana poisoned',
        'day 1',
        'night 2',
        '  resolve night',
        '  expect dead Hana',
        'day 2',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const day1 = played.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 1);
    expect(day1?.openingPost).toContain('Hana is poisoned.');
    const day2 = played.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 2)?.openingPost ?? '';
    expect(day2).toContain('[b]Hana[/b] has died');
    const posts = played.phases.map((p) => p.openingPost).join('\n');
    expect(posts).not.toContain('no longer poisoned');
    expect(deriveState(played.events).publicMessages.map((m) => m.text)).not.toContain('Hana is no longer poisoned.');
  });
});

/** A family of `size` players: `mafia` Mafia Members first, the rest Townspeople. */
function family(name: string, size: number, mafia: number, extra: Partial<PlayerSetup> = {}): PlayerSetup[] {
  return Array.from({ length: size }, (_, i) => ({
    slotId: `${name}${i}`,
    name: `${name}${i}`,
    family: name,
    faction: i < mafia ? 'mafia' : 'civilians',
    role: i < mafia ? 'mafia-member' : 'townsperson',
    ...extra,
  }));
}

const codes = (players: readonly PlayerSetup[], ruleset: Ruleset = rulesets['mafia-1923-000']): string[] =>
  checkSetup(players, ruleset).warnings.map((w) => w.message.code);

describe('000 setup: "Every family will consist of either 8 or 10 players. Families of 8 will have 1 Mafia Member, and families of 10 will have 2 Mafia Members."', () => {
  it('families of 8 with 1 and of 10 with 2 pass', () => {
    expect(codes([...family('Capone', 8, 1), ...family('Greco', 10, 2)])).toEqual([]);
  });
  it('a family of 9, and a family with the wrong number of Mafia Members, are reported', () => {
    expect(codes(family('Capone', 9, 1))).toEqual(['setup/family-size']);
    const wrong = checkSetup(family('Capone', 8, 2), rulesets['mafia-1923-000']).warnings;
    expect(wrong.map((w) => w.message.code)).toEqual(['setup/family-mafia']);
    expect(wrong[0]?.names).toEqual(['Capone0', 'Capone1']);
    expect(codes([...family('Capone', 10, 1), ...family('Greco', 8, 1)])).toEqual(['setup/family-mafia']);
  });
});

describe('000 setup: "Every player must sign up as one of three levels: Beginner, Standard, or Spectator"', () => {
  it('"Beginners can only be Townspeople or Mafia Members and nothing else"', () => {
    const players = family('Capone', 8, 1, { level: 'beginner' });
    expect(codes(players)).toEqual([]);
    const doctor = players.map((p, i) => (i === 3 ? { ...p, role: 'doctor' } : p));
    expect(codes(doctor)).toEqual(['setup/level-role']);
    const standard = doctor.map((p, i) => (i === 3 ? { ...p, level: 'standard' } : p));
    expect(codes(standard)).toEqual([]);
  });
  it('"Spectators don\'t affect the game at all": one on the roster is reported and does not count toward a family', () => {
    const players = [
      ...family('Capone', 8, 1),
      { slotId: 'S', name: 'S', family: 'Capone', faction: 'civilians', role: 'townsperson', level: 'spectator' },
    ];
    expect(codes(players)).toEqual(['setup/level-does-not-play']);
  });
});

describe('000 setup: the Mafia\'s second roles ("Here is a list of possible roles Mafia Members may have:" — the list is missing)', () => {
  const players = family('Capone', 8, 1).map((p, i) => (i === 0 ? { ...p, secondRole: 'thief' } : p));
  it('by default any second role is allowed, and the open question is reported when a Mafia Member has one', () => {
    const check = checkSetup(players, rulesets['mafia-1923-000']);
    expect(check.warnings).toEqual([]);
    expect(check.openQuestions.map((q) => [q.setting, q.chosen])).toEqual([['setup.mafiaSecondRoles', 'any']]);
    expect(checkSetup(family('Capone', 8, 1), rulesets['mafia-1923-000']).openQuestions).toEqual([]);
  });
  it("a host's list: a second role outside it is reported", () => {
    const base = rulesets['mafia-1923-000'];
    const listed: Ruleset = { ...base, setup: { ...base.setup, mafiaSecondRoles: ['boss', 'butler'] } };
    expect(codes(players, listed)).toEqual(['setup/mafia-second-role']);
    const allowed = players.map((p, i) => (i === 0 ? { ...p, secondRole: 'boss' } : p));
    expect(codes(allowed, listed)).toEqual([]);
  });
});

describe("000: what the seed leaves undescribed is a setting (the Shadchan's lovers, the Detective)", () => {
  const lovers = [...roster, 'night 1', '  Sara uses match Hana Dora', '  resolve night', 'day 1', 'night 2', '  kill Hana by Al: shot'];
  it("by default a lover's death changes nothing for the partner, and the question is reported", () => {
    const played = playText(lovers.join('\n'));
    expect(deriveState(played.events).players.find((p) => p.name === 'Dora')?.alive).toBe(true);
    expect(played.openQuestions.map((q) => q.setting)).toContain('phaseEnd.loversDieTogether');
  });
  it('with phaseEnd.loversDieTogether the partner follows', () => {
    const [head, ...rest] = lovers;
    const played = playText([head ?? '', 'set phaseEnd.loversDieTogether true', ...rest].join('\n'));
    expect(deriveState(played.events).players.find((p) => p.name === 'Dora')?.death?.cause).toBe('lover-suicide');
  });
  it('the preset lists every undescribed rule as an open question with a setting', () => {
    const settings = rulesets['mafia-1923-000'].openQuestions.map((q) => q.setting);
    expect(settings).toEqual(
      expect.arrayContaining(['setup.mafiaSecondRoles', 'night.settings.detectiveLearns', 'phaseEnd.loversDieTogether']),
    );
  });
});
