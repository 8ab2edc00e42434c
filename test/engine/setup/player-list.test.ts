import { describe, expect, it } from 'vitest';
import type { BodyNode } from '../../../src/model/post';
import { readPlayerList } from '../../../src/engine/setup/player-list';

const text = (s: string): BodyNode[] =>
  s
    .split('\n')
    .flatMap((line, i): BodyNode[] => (i === 0 ? [{ type: 'text', text: line }] : [{ type: 'break' }, { type: 'text', text: line }]));

const names = (r: ReturnType<typeof readPlayerList>) => r?.roster.slots.map((s) => s.accounts.map((a) => a.name).join(' → '));

describe('reading the player list from an opening post', () => {
  it('reads one name per line under a "Players" heading, up to the blank line', () => {
    const r = readPlayerList(text('Welcome!\n\nPlayers:\nAlpha_Wolf\nBluebell\nCorvid\n\nDay 1 begins now.'), 'Host', 0);
    expect(names(r)).toEqual(['Alpha_Wolf', 'Bluebell', 'Corvid']);
    expect(r?.roster.hosts).toEqual(['Host']);
    expect(r?.source).toBe('the player list in post #0');
  });

  it('drops numbering and bullets and takes a counted heading', () => {
    const r = readPlayerList(text('Player list (4)\n1. Ёжик\n2) Kirby\n- KirbyDreamland\n• Mr. Smith'), 'Host', 1);
    expect(names(r)).toEqual(['Ёжик', 'Kirby', 'KirbyDreamland', 'Mr. Smith']);
  });

  it('turns "A replaced B" into one slot held first by B', () => {
    const r = readPlayerList(text('Living players\nAntihero replaced Lateralus22 replaced caelum\nNoodle'), 'Host', 0);
    expect(names(r)).toEqual(['caelum → Lateralus22 → Antihero', 'Noodle']);
  });

  it('finds nothing in a post without a player list', () => {
    expect(readPlayerList(text('Signups are open. Post /in to join.'), 'Host', 0)).toBeNull();
    expect(readPlayerList(text('Players:\nOnlyOne'), 'Host', 0)).toBeNull();
  });

  it('ignores a player list that is only quoted', () => {
    const body: BodyNode[] = [
      { type: 'quote', author: 'Other host', children: text('Players:\nA\nB\nC') },
      { type: 'text', text: 'Nice setup.' },
    ];
    expect(readPlayerList(body, 'Host', 0)).toBeNull();
  });
});
