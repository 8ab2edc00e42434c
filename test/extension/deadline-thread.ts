/**
 * A game thread in the Israel time zone for the deadline, badge and settings
 * tests: the host's opening post with four players, then two votes, one of
 * them written "Lynch: Corvid" (not a vote under Gavel's default grammar).
 */
import type { ClockSchedule } from '../../src/engine';
import type { ForumPost } from '../../src/model/post';
import type { GameRecord } from '../../extension/shared/protocol';
import { createGame, updateGame } from '../../extension/storage/games';
import { savePage, trackThread } from '../../extension/storage/repository';
import type { GavelDatabase } from '../../extension/storage/schema';
import { onePageReport } from './thread-report';

export const origin = 'https://forum.mafiascum.net';
export const threadId = '77001';
export const threadKey = `${origin}|${threadId}`;

const at = (iso: string): number => Date.parse(iso);

const opening: ForumPost = {
  id: '900000',
  number: 0,
  author: 'Nobody Special',
  postedAt: at('2026-11-23T06:00:00Z'),
  body: [
    { type: 'text', text: 'Deadline Mafia', bold: true },
    { type: 'break' },
    { type: 'text', text: 'Days run 09:00-19:00 Israel time.' },
    { type: 'break' },
    { type: 'text', text: 'Players:' },
    ...['Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion'].flatMap((name) => [
      { type: 'break' as const },
      { type: 'text' as const, text: name },
    ]),
  ],
};

export const threadPosts: readonly ForumPost[] = [
  opening,
  {
    id: '900001',
    number: 1,
    author: 'Alpha_Wolf',
    postedAt: at('2026-11-23T07:30:00Z'),
    body: [{ type: 'text', text: 'Vote: Corvid', bold: true }],
  },
  {
    id: '900002',
    number: 2,
    author: 'Bluebell',
    postedAt: at('2026-11-23T08:00:00Z'),
    body: [{ type: 'text', text: 'Lynch: Corvid', bold: true }],
  },
];

/** Day 1 on Monday 23 November 2026, 09:00 to 19:00 in Jerusalem (UTC+2): it ends at 17:00 UTC. */
export const schedule: ClockSchedule = {
  timeZone: 'Asia/Jerusalem',
  firstDate: '2026-11-23',
  firstPhase: 'day',
  day: { start: '09:00', end: '19:00' },
  night: { start: '21:00', end: '07:00' },
  phases: 4,
};

/** Stores the thread (tracked) and sets up a game on it with the clock schedule, or no schedule. */
export async function gameOnThread(
  db: GavelDatabase,
  options: { readonly clock?: ClockSchedule | null; readonly id?: string } = {},
): Promise<GameRecord> {
  const stored = at('2026-11-23T08:05:00Z');
  await savePage(db, onePageReport({ origin, threadId, title: 'Deadline Mafia' }, threadPosts), stored);
  await trackThread(db, origin, threadId, stored);
  const game = await createGame(
    db,
    { id: options.id ?? 'game-1', threadKey, presetId: 'forum-template-001', roster: { from: 'opening-post' }, dialect: 'bbcode' },
    stored,
  );
  const clock = options.clock === undefined ? schedule : options.clock;
  return updateGame(
    db,
    game.id,
    { title: 'Deadline Mafia', timeZone: 'Asia/Jerusalem', phases: clock === null ? { firstPhase: 'day' } : { firstPhase: 'day', clock } },
    stored,
  );
}
