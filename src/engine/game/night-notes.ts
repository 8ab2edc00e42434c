/**
 * 004 L166–L170, night notes: «Ночные записки - это сообщения, которые любой игрок может передать ведущему после
 * объявления ночи. Ведущий выставит такое сообщение утром под результатами ночи, но не будет указывать отправителя»
 * (L166); a player may leave several (L168); «Мертвый игрок не может писать записки. Если игрок был убит ночью,
 * оставив записку, она будет показана утром» (L169); the host may refuse one (L170). The ruleset's
 * `announcements.nightNotes` turns them on; the morning post shows them (src/engine/announce/compose.ts).
 */
import type { Ruleset } from '../rules/types';
import { playerOf } from './derive';
import type { GameState, NightNote, PhaseRef } from './types';

/** Why a note cannot be taken now, or null when it can. */
export type NoteRefusal = 'note/not-in-this-ruleset' | 'note/not-at-night' | 'note/unknown-player' | 'note/author-dead' | 'note/empty';

/** Whether `author` may hand the host a note now (L166: after the night is announced; L169: not a dead player). */
export function noteRefusal(state: GameState, ruleset: Ruleset, author: string, text: string): NoteRefusal | null {
  if (ruleset.announcements.nightNotes !== true) return 'note/not-in-this-ruleset';
  if (state.phase?.kind !== 'night') return 'note/not-at-night';
  const player = playerOf(state, author);
  if (player === undefined) return 'note/unknown-player';
  if (!player.alive) return 'note/author-dead';
  if (text.trim() === '') return 'note/empty';
  return null;
}

/**
 * The notes the morning after `night` posts, in the order the host received them, with no sender: a note of a player
 * killed that night included (L169), one the host refused left out (L170).
 */
export function notesToPost(state: GameState, night: PhaseRef): readonly NightNote[] {
  return (state.nightNotes ?? []).filter(
    (n) => n.refused !== true && n.phase !== null && n.phase.kind === 'night' && n.phase.number === night.number,
  );
}
