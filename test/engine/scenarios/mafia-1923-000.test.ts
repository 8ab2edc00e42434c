import { describe, expect, it } from 'vitest';
import { deriveState, playerView } from '../../../src/engine';
import { rulesets } from '../../../src/engine';
import { failedExpectations, playScript, playText, readScript } from './run-script';

describe('seed 000, mafia 1923: four families from Night 1 to the end of Day 5', () => {
  const result = playScript('mafia-1923-000.game');

  it('holds every expectation the script states', () => {
    expect(result.expectations.length).toBeGreaterThanOrEqual(30);
    expect(failedExpectations(result)).toEqual([]);
  });

  it('plays five nights and five days and decides only after Day 5', () => {
    expect(result.phases).toHaveLength(10);
    for (const phase of result.phases.slice(0, -1)) expect(phase.win?.reason).toBe('win/not-yet');
    expect(result.end?.reason).toBe('win/family-most-civilians');
    expect(result.end?.winningSides).toEqual(['Moretti']);
  });

  it('the winners are the civilians of the winning family, never its Mafia Member', () => {
    const state = deriveState(result.events);
    const names = (result.end?.winners ?? []).map((id) => state.players.find((p) => p.slot.id === id)?.name);
    expect(names.sort()).toEqual(['Fabia', 'Gino', 'Hana']);
  });

  it('an exiled player never wins, even in a winning family', () => {
    const text = readScript('mafia-1923-000.game').replace('expect winner Moretti', 'expect winner Moretti\n  expect status Otto exiled');
    const played = playText(text);
    expect(played.end?.winners).not.toContain('Otto');
    expect(failedExpectations(played)).toEqual([]);
  });

  it('announces deaths, poisonings and cures, and nothing about roles', () => {
    const posts = result.phases.map((p) => p.openingPost).join('\n');
    expect(result.phases[1]?.openingPost).toContain('[b]Pia[/b] has died');
    expect(result.phases[1]?.openingPost).toContain('Hana is poisoned.');
    expect(result.phases[3]?.openingPost).toContain('Hana is no longer poisoned.');
    expect(posts).not.toMatch(/Mafia Member|Townsperson|Butler|Doctor/);
  });

  it('announces vote totals but not who voted for whom', () => {
    const post = result.phases[1]?.resultPost ?? '';
    expect(post).toContain('Greco: 6');
    expect(post).not.toContain('→');
    expect(rulesets['mafia-1923-000'].announcements.voteResults).toBe('totals');
  });

  it('the Court Secretary privately gets 25% (rounded down) of the individual votes', () => {
    const day1 = result.phases[1];
    const leak = day1?.privateMessages.filter((m) => m.name === 'Gino') ?? [];
    expect(leak).toHaveLength(1);
    expect(leak[0]?.text.split('\n')).toHaveLength(Math.floor(15 * 0.25));
  });

  it('the Mafia wins with at least half of its members alive after Day 5', () => {
    // A quiet game: nobody is voted out (and missed votes never exile), one Mafia Member is killed at night.
    const played = playText(
      [
        'ruleset mafia-1923-000',
        'set voting.strikesToExile 99',
        'player Al family=Capone faction=mafia role=mafia-member',
        'player Bo family=Capone faction=civilians role=townsperson',
        'player Di family=Russo faction=mafia role=mafia-member',
        'player Ed family=Russo faction=civilians role=townsperson',
        'player Fe family=Greco faction=mafia role=mafia-member',
        'player Gu family=Greco faction=civilians role=armed-robber',
        'night 1',
        '  Fe uses mafia-kill Gu',
        '  kill Gu by Fe: Mafia kill',
        '  kill Fe by Gu: Armed Robber revenge',
        'day 1',
        'night 2',
        'day 2',
        'night 3',
        'day 3',
        'night 4',
        'day 4',
        'night 5',
        'day 5',
        '  expect winner mafia',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(played.end?.reason).toBe('win/mafia-half-alive');
    expect([...(played.end?.winners ?? [])].sort()).toEqual(['Al', 'Di', 'Fe']);
  });

  it("a player's view shows their own role and their Mafia teammates, never other players' roles", () => {
    const state = deriveState(result.events);
    const view = playerView(state, 'Hana', rulesets['mafia-1923-000']);
    expect(view?.me.role).toBe('townsperson');
    expect(JSON.stringify(view?.players)).not.toContain('mafia-member');
    const mafiaView = playerView(state, 'Al', rulesets['mafia-1923-000']);
    expect(
      mafiaView?.players
        .filter((p) => p.teammate !== undefined)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Enzo', 'Ivo', 'Marco']);
  });

  it('the same game with every night resolved by the night rules from the players’ actions (resolve night)', () => {
    const resolved = playScript('mafia-1923-000-resolved.game');
    expect(failedExpectations(resolved)).toEqual([]);
    const nights = resolved.phases.filter((p) => p.phase.kind === 'night');
    expect(nights.filter((p) => p.night !== undefined)).toHaveLength(4);
    expect(nights[0]?.deaths).toEqual([{ slotId: 'Pia', name: 'Pia', cause: 'killed at night' }]);
    // The Bodyguard's automatic self-protection: the resolver reports the open question it decided.
    expect(nights[2]?.nightNotes?.some((n) => n.includes('bodyguardAutoInjures'))).toBe(true);
    expect(resolved.end?.winningSides).toEqual(['Moretti']);
  });

  it('the night roles, resolved by the night rules: Thief, Boss, Drunkard, Paperboy, Butler, Doctor', () => {
    const played = playScript('mafia-1923-000-night-roles.game');
    expect(failedExpectations(played)).toEqual([]);
    const state = deriveState(played.events);
    const view = (id: string): ReturnType<typeof playerView> => playerView(state, id, rulesets['mafia-1923-000']);
    // The Thief took the Doctor's role; the Doctor became a Townsperson, and each was told.
    expect(view('Bea')?.me.role).toBe('doctor');
    expect(view('Ida')?.me.role).toBe('townsperson');
    const night1 = played.phases[0]?.privateMessages ?? [];
    expect(night1.find((m) => m.name === 'Ida')?.result).toMatchObject({ fact: 'role-lost', value: 'townsperson' });
    // The Boss's target is told the next morning; the Paperboy's delivery arrives.
    expect(night1.find((m) => m.name === 'Gus')?.result).toMatchObject({ fact: 'action-stopped', value: 'boss' });
    expect(night1.find((m) => m.name === 'Eve')?.result).toMatchObject({ fact: 'newspaper', about: ['Flo'] });
    // The Witness is told the role of whoever dies, here of the court's victim.
    expect(played.phases[1]?.privateMessages.filter((m) => m.name === 'Eve').map((m) => m.result)).toEqual([
      { to: 'Eve', fact: 'witnessed-death', about: ['Flo'], value: ['mafia-member'] },
    ]);
    expect(played.end?.winningSides).toEqual(['Capone']);
  });

  it('a limited action cancelled by a Boss does not use up its charge (the night rules’ setting); the next use does', () => {
    const played = playText(
      [
        'ruleset mafia-1923-000',
        'set voting.strikesToExile 99',
        'player Bo family=A faction=civilians role=boss',
        'player Gus family=A faction=civilians role=drunkard',
        'player Al family=B faction=mafia role=mafia-member',
        'player Cy family=B faction=civilians role=townsperson',
        'player Di family=B faction=civilians role=townsperson',
        'night 1',
        '  Bo uses cancel Gus',
        '  Gus uses drunken-attack B',
        '  resolve night',
        'day 1',
        'night 2',
        '  Gus uses drunken-attack B',
        '  resolve night',
        'day 2',
        'night 3',
        '  Gus uses drunken-attack B',
        '  expect rejected Gus action/uses-exhausted',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(played.phases[0]?.deaths).toEqual([]);
    expect(played.phases[2]?.deaths.map((d) => d.cause)).toEqual(["a drunkard's attack"]);
    expect(played.events).toContainEqual({ type: 'action/refund', actor: 'Gus', ability: 'drunken-attack', self: false });
  });
});
