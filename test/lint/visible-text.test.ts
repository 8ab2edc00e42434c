/**
 * The English-word detector of the Russian audit (scripts/browser/visible-text.ts):
 * it must find the English a Russian host met ("Day 1", "mod kill", "(5h)") and
 * leave alone what is not English to translate (Gavel, names, addresses,
 * numbers, BBCode, the forum's own words quoted).
 */
import { describe, expect, it } from 'vitest';
import { englishIn, findEnglish, describeFindings } from '../../scripts/browser/visible-text';

const names = ['Alpha_Wolf', 'Bluebell', 'Nobody Special', 'Mini 2187: Gavel Demo Mafia', 'Mister Two Words'];

describe('englishIn', () => {
  it('finds the English a Russian host met', () => {
    expect(englishIn('Day 1')).toEqual(['Day']);
    expect(englishIn('Bluebell: mod kill', { names })).toEqual(['mod', 'kill']);
    expect(englishIn('Время до дедлайна (5h)')).toEqual(['5h']);
    expect(englishIn('осталось 3d 4h')).toEqual(['3d', '4h']);
    expect(englishIn('Состав: the player list in post #1.')).toEqual(['the', 'player', 'list', 'in', 'post']);
    expect(englishIn('День 2 · Night 1')).toEqual(['Night']);
    // A catalog key shown for a missing message is English too.
    expect(englishIn('engine_night_dies')).toEqual(['engine_night_dies']);
  });

  it('leaves names, Gavel, addresses, numbers and BBCode alone', () => {
    expect(englishIn('Gavel', { names })).toEqual([]);
    expect(englishIn('Голосует Alpha_Wolf за Bluebell', { names })).toEqual([]);
    expect(englishIn('Mini 2187: Gavel Demo Mafia на forum.mafiascum.net', { names })).toEqual([]);
    expect(englishIn('Ведущий: Nobody Special; Mister Two Words погибает', { names })).toEqual([]);
    expect(englishIn('Открыть https://forum.mafiascum.net/viewtopic.php?t=90210&start=8 в новой вкладке')).toEqual([]);
    expect(englishIn('Доступ к http://127.0.0.1:8080 не разрешён')).toEqual([]);
    expect(englishIn('в живых 7 из 9 · 12:05 · 26.11.2026 · #46 · №3 · 4/5')).toEqual([]);
    expect(englishIn('Формат: BBCode. Часовой пояс Europe/Moscow')).toEqual([]);
  });

  it('leaves a version and a text the forum holds whole alone', () => {
    expect(englishIn('v0.1.0')).toEqual([]);
    expect(englishIn('vote corvid', { names, forumText: ['That was defensive. [b]vote corvid[/b]'] })).toEqual([]);
    expect(englishIn('vote corvid now', { names, forumText: ['That was defensive. [b]vote corvid[/b]'] })).toEqual([
      'vote',
      'corvid',
      'now',
    ]);
    // Unless only quotations may be the forum's: a role name that a post happens to hold is still Gavel's word.
    expect(englishIn('Mafia Goon', { names, forumText: ['He was a Mafia Goon.'] }, 'quoted-only')).toEqual(['Mafia', 'Goon']);
  });

  it('takes a name only whole: a name inside a longer word does not hide it', () => {
    expect(englishIn('Bluebells', { names })).toEqual(['Bluebells']);
  });

  it('leaves a quotation of the forum alone, but not English quoted by Gavel', () => {
    const forumText = ['Hello everyone.\n[b]Vote: Bluebell[/b]'];
    expect(englishIn('“Vote: Bluebell”: внутри цитаты', { names, forumText })).toEqual([]);
    expect(englishIn('Можно не ставить («vote: bluebell»)', { names, forumText })).toEqual([]);
    expect(englishIn('защита «Vanilla Townie» израсходована', { names, forumText })).toEqual(['Vanilla', 'Townie']);
  });
});

describe('findEnglish', () => {
  it('lists each English text once with where it was', () => {
    const found = findEnglish(
      [
        { where: 'popup', kind: 'text', near: 'day-summary', text: 'Day 1 · живых: 9' },
        { where: 'popup', kind: 'text', near: 'day-summary', text: 'Day 1 · живых: 9' },
        { where: 'popup', kind: 'title', near: 'games-section', text: 'Игры' },
        { where: 'panel', kind: 'placeholder', near: 'pardon-note', text: 'Why? (e.g. fixed a typo)' },
        { where: 'popup', kind: 'post', near: 'post-vote-count', text: '[b]Vote count, Day 1[/b]' },
        { where: 'panel', kind: 'title', near: 'gavel-badge', text: 'VOTE: Corvid' },
        { where: 'popup', kind: 'option', near: 'player-role', text: 'Mafia Goon' },
      ],
      { names, forumText: ['[b]VOTE: Corvid[/b]', 'He was a Mafia Goon.'] },
    );
    expect(found.map((f) => [f.where, f.near, f.words])).toEqual([
      ['popup', 'day-summary', ['Day']],
      ['panel', 'pardon-note', ['Why', 'e', 'g', 'fixed', 'a', 'typo']],
      ['popup', 'player-role', ['Mafia', 'Goon']],
    ]);
    expect(describeFindings(found)).toContain('[panel] pardon-note placeholder: "Why? (e.g. fixed a typo)"');
  });
});
