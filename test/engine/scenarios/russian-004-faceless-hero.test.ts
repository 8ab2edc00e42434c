/**
 * Seed 004 L73, the Faceless's Hero (shared/seeds/004 L73; digest §5): "Герой - может спасти любого игрока, при этом
 * ведущий назовет команду линчуемого в тот момент, когда спросит безликого про ход героя." The host names the lynched
 * player's team when he asks for the Hero's move, after the last vote and before the Faceless decides: a PM of the
 * day's end whether the Faceless saves or not, and not a second time with the save. Run through the vote tally with
 * the russian-004 preset, and through `gavel play --posts` for a played game.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAction, composeRolePms, deriveState, rulesets, tallyDay, type GameEvent } from '../../../src/engine';
import { runGavel, writeInput } from '../../cli/run-gavel';
import { day, setup, vote } from '../voting/helpers';
import { failedExpectations, playText } from './run-script';

const ruleset = rulesets['russian-004'];
const roster = setup([
  { name: 'r1', faction: 'red', role: 'citizen' },
  { name: 'r2', faction: 'red', role: 'citizen' },
  { name: 'r3', faction: 'red', role: 'citizen' },
  { name: 'r4', faction: 'red', role: 'citizen' },
  { name: 'r5', faction: 'red', role: 'citizen' },
  { name: 'b1', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  { name: 'rhero', faction: 'red', role: 'hero' },
  { name: 'bhero', faction: 'mafia', role: 'hero', secondRole: 'mafia' },
  { name: 'fhero', faction: 'grey', role: 'hero', secondRole: 'faceless' },
  { name: 'terror', faction: 'red', role: 'terrorist' },
]);
const use = (actor: string, ability: string, ...targets: string[]): GameEvent => ({ type: 'action/use', actor, ability, targets });
/** Day 2 (day 1 elects the Mayor, L159), after `before` (events of day 1). */
const tally = (before: readonly GameEvent[], ...events: GameEvent[]) =>
  tallyDay(deriveState([roster, day(1), ...before, day(2), ...events]), ruleset);
/** The reds other than `target` vote `target` (a lynch). */
const lynch = (target: string) => ['r1', 'r2', 'r3', 'r4', 'r5'].filter((v) => v !== target).map((v) => vote(v, target));
const lynched = (t: ReturnType<typeof tally>) => t.deaths.map((d) => d.slotId);
/** The PMs the tally sends `who`: code and the player named. */
const pmsTo = (t: ReturnType<typeof tally>, who: string) =>
  t.effects.flatMap((e) =>
    e.type === 'message/send' && e.to === who ? [`${e.message?.code ?? ''} ${e.message?.args.map((a) => a.value).join(' ') ?? ''}`] : [],
  );

describe('L73 «ведущий назовет команду линчуемого в тот момент, когда спросит безликого про ход героя»', () => {
  it('the vote lynches a black and the Faceless does not save: he is told the team all the same', () => {
    const t = tally([], ...lynch('b1'));
    expect(lynched(t)).toEqual(['b1']);
    expect(pmsTo(t, 'fhero')).toEqual(['day/hero-asked-team-black b1']);
  });
  it('the vote lynches a red', () => {
    expect(pmsTo(tally([], ...lynch('r1')), 'fhero')).toEqual(['day/hero-asked-team-red r1']);
  });
  it('he saves: told once, before the save, not again with its result', () => {
    const t = tally([], ...lynch('b1'), use('fhero', 'save', 'b1'));
    expect(lynched(t)).toEqual([]);
    expect(pmsTo(t, 'fhero')).toEqual(['day/hero-asked-team-black b1']);
  });
  it('his save spent on an earlier day: he holds no Hero move, and is not asked', () => {
    const t = tally([use('fhero', 'save', 'r2')], ...lynch('b1'));
    expect(pmsTo(t, 'fhero')).toEqual([]);
  });
  it('no lynch, no question; the Faceless lynched himself is asked for the heroic suicide, not told his own team', () => {
    expect(pmsTo(tally([]), 'fhero')).toEqual([]);
    const self = tally([], ...lynch('fhero'));
    expect(lynched(self)).toEqual(['fhero']);
    expect(pmsTo(self, 'fhero')).toEqual([]);
  });
  it('a detonator voids the vote: nobody may be saved (L35 «Нельзя спасти террориста или его жертву»), nothing is asked', () => {
    const t = tally([], ...lynch('b1'), use('terror', 'detonate', 'r1'));
    expect(t.notes?.map((x) => x.code)).toContain('detonator');
    expect(pmsTo(t, 'fhero')).toEqual([]);
  });
  it('a dead Faceless is not asked', () => {
    expect(pmsTo(tally([{ type: 'player/die', slotId: 'fhero', cause: 'night kill' }], ...lynch('b1')), 'fhero')).toEqual([]);
  });
  it('only the Faceless: a red Hero is told nothing, a black Hero only after his save (L98 «После голосования … кого спас»)', () => {
    const t = tally([], ...lynch('b1'));
    expect(pmsTo(t, 'rhero')).toEqual([]);
    expect(pmsTo(t, 'bhero')).toEqual([]);
    expect(pmsTo(tally([], ...lynch('b1'), use('bhero', 'save', 'b1')), 'bhero')).toEqual(['day/hero-saved-team-black b1']);
  });
});

describe('L73 in a played game: the day’s end PM to the Faceless, in `gavel play` and `gavel play --posts`', () => {
  const script = [
    'ruleset russian-004',
    'player Geroy faction=grey role=hero second=faceless',
    'player Kolya faction=mafia role=citizen second=mafia',
    'player Misha faction=maniac role=citizen second=maniac',
    'player Kira faction=red role=commissar',
    'player Anna faction=red role=citizen',
    'player Boris faction=red role=citizen',
    'player Dasha faction=red role=citizen',
    'player Egor faction=red role=citizen',
    // Day 1 elects the Mayor (L159); the lynches begin on day 2.
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
    'day 3',
    '  Boris votes Anna; Dasha votes Anna; Egor votes Anna',
    '  expect lynched Anna',
    'night 3',
  ].join('\n');
  it('day 2: the lynched Kolya’s team, though Geroy saves him; day 3: his save spent, nothing', () => {
    const played = playText(script);
    expect(failedExpectations(played)).toEqual([]);
    const toGeroy = played.events.flatMap((e) => (e.type === 'message/send' && e.to === 'Geroy' ? [e.message?.code] : []));
    expect(toGeroy.filter((c) => c?.startsWith('day/hero'))).toEqual(['day/hero-asked-team-black']);
  });
  it('`gavel play --posts` prints the PM with the day’s end, in the seed’s Russian', async () => {
    const file = writeInput(mkdtempSync(join(tmpdir(), 'gavel-hero-')), 'hero.game', script);
    const { code, out, err } = await runGavel('play', file, '--posts');
    expect(err).toBe('');
    expect(code).toBe(0);
    const day2 = out.slice(out.indexOf('== Day 2 =='), out.indexOf('== Night 2 =='));
    expect(day2).toContain('-- private to Geroy --\nЛинчуемый игрок Kolya из черной команды.\n--');
    // Said once: not again as the saved player's team.
    expect(out).not.toContain('Спасенный вами');
    const day3 = out.slice(out.indexOf('== Day 3 =='), out.indexOf('== Night 3 =='));
    expect(day3).not.toContain('-- private to Geroy --');
  });
  it('in English with --lang en', async () => {
    const file = writeInput(mkdtempSync(join(tmpdir(), 'gavel-hero-')), 'hero.game', script);
    const { code, out } = await runGavel('play', file, '--posts', '--lang', 'en');
    expect(code).toBe(0);
    expect(out).toContain('-- private to Geroy --\nThe player being lynched, Kolya, is of the black team.\n--');
  });
});

describe('L73 «Если линчуется сам, имеет право на героический суицид»: the Faceless’s move, and only when he is lynched', () => {
  const state = deriveState([roster, day(1), day(2)]);
  const may = (who: string, ability: string) => checkAction(state, ruleset, who, ability, []);
  it('a red or black Hero has no heroic suicide; the Faceless holding the Hero has', () => {
    expect(may('rhero', 'heroic-suicide')).toEqual({ ok: false, reason: 'action/no-such-ability' });
    expect(may('bhero', 'heroic-suicide')).toEqual({ ok: false, reason: 'action/no-such-ability' });
    expect(may('fhero', 'heroic-suicide')).toEqual({ ok: true });
  });
  it('L35 «Если красный герой … забрать с собой одного из тех, кто кинул в героя голос»: the red Hero’s, not the Faceless’s', () => {
    expect(checkAction(state, ruleset, 'rhero', 'take-voter', ['r1'])).toEqual({ ok: true });
    expect(checkAction(state, ruleset, 'fhero', 'take-voter', ['r1'])).toEqual({ ok: false, reason: 'action/no-such-ability' });
    expect(checkAction(state, ruleset, 'bhero', 'take-voter', ['r1'])).toEqual({ ok: false, reason: 'action/no-such-ability' });
  });
  it('the role PMs list it for the Faceless only, and the red Hero’s move for the red Hero only', () => {
    const pms = composeRolePms(state, ruleset, 'ru', 'bbcode').pms;
    const pm = (who: string) => pms.find((p) => p.to === who)?.text ?? '';
    expect(pm('fhero')).toContain('Героический суицид');
    expect(pm('fhero')).not.toContain('Героически погибнуть со злодеем');
    expect(pm('rhero')).not.toContain('Героический суицид');
    expect(pm('rhero')).toContain('Героически погибнуть со злодеем');
    expect(pm('bhero')).not.toContain('Героический суицид');
  });
  it('a Faceless not lynched who sends it: nothing happens (no status, no note, he lives)', () => {
    const t = tally([], ...lynch('b1'), use('fhero', 'heroic-suicide'));
    expect(lynched(t)).toEqual(['b1']);
    expect(t.effects.some((e) => e.type === 'status/add' && e.status === 'heroic-suicide')).toBe(false);
    expect((t.notes ?? []).map((x) => x.code)).not.toContain('heroic-suicide');
  });
  it('in a played game a red Hero’s heroic suicide is refused with its reason', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'player Hera faction=red role=hero',
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'player Anna faction=red role=citizen',
        'player Boris faction=red role=citizen',
        'player Dasha faction=red role=citizen',
        'day 1',
        '  Boris votes Anna',
        'night 1',
        '  resolve night',
        'day 2',
        '  Boris votes Hera; Dasha votes Hera; Anna votes Hera',
        '  Hera uses heroic-suicide',
        '  expect lynched Hera',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const rejected = played.phases.flatMap((p) => p.rejected);
    expect(rejected).toEqual([expect.objectContaining({ who: 'Hera', reason: 'action/no-such-ability' })]);
  });
});
