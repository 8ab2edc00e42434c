/**
 * Deaths read from the host's own posts, in English and in Russian: who died,
 * in which phase, and from which post; a player's post, a quote and a name on
 * another line announce nothing.
 */
import { describe, expect, it } from 'vitest';
import { announcedDeaths, composePhases, type ForumPost, type Roster } from '../../../src/engine';
import { thread } from './script';

const roster = (...names: string[]): Roster => ({
  slots: names.map((name) => ({ id: `s-${name}`, accounts: [{ name }] })),
  hosts: ['Host'],
});
const isHost = (p: ForumPost): boolean => p.author === 'Host';

function deathsIn(lines: readonly string[], players: Roster, words?: readonly string[]) {
  const posts = thread(lines);
  const phases = composePhases({ firstPhase: 'day' }, posts, ['Host']);
  if (!phases.ok) throw new Error(phases.detail);
  return announcedDeaths(posts, players, phases.phases, isHost, words);
}

describe("deaths the host's posts announce", () => {
  it('reads a lynch in the post that ends the day, and a night kill in the post that starts the next day', () => {
    const deaths = deathsIn(
      [
        '0 Host: Day 1 begins.',
        '1 alice: **Vote: Corvid**',
        '2 Host: Corvid has been lynched! He was a Mafia Goon. Night 1 begins.',
        '3 Host: Day 2 begins. Ember was found dead this morning.',
      ],
      roster('Corvid', 'Ember', 'alice'),
    );
    expect(deaths).toEqual([
      { slot: 's-Corvid', phase: { kind: 'day', number: 1 }, post: 2 },
      { slot: 's-Ember', phase: { kind: 'night', number: 1 }, post: 3 },
    ]);
  });

  it('reads a Russian host: "линчёван", "убит ночью"', () => {
    const deaths = deathsIn(
      ['0 Host: День 1 начался.', '1 Host: Дуб линчёван. Ночь 1 наступила.', '2 Host: День 2 начался. Сегодня ночью был убит Клён.'],
      roster('Дуб', 'Клён', 'Ясень'),
    );
    expect(deaths).toEqual([
      { slot: 's-Дуб', phase: { kind: 'day', number: 1 }, post: 1 },
      { slot: 's-Клён', phase: { kind: 'night', number: 1 }, post: 2 },
    ]);
  });

  it("reads nothing from a player's post, a quote, or a name on another line than the words", () => {
    const deaths = deathsIn(
      [
        '0 Host: Day 1 begins.',
        '1 alice: Corvid has been lynched, I wish.',
        '2 Host: [q]Ember has died[/q] is not what happened.',
        '3 Host: Someone was killed. Corvid, stay calm.',
      ],
      roster('Corvid', 'Ember', 'alice'),
    );
    expect(deaths).toEqual([]);
  });

  it("takes a host's own words as data", () => {
    const posts = ['0 Host: Day 1 begins.', '1 Host: Corvid was voted out.'];
    expect(deathsIn(posts, roster('Corvid'))).toEqual([]);
    expect(deathsIn(posts, roster('Corvid'), ['\\bwas\\s+voted\\s+out\\b'])).toEqual([
      { slot: 's-Corvid', phase: { kind: 'day', number: 1 }, post: 1 },
    ]);
  });
});
