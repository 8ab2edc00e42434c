/**
 * 004 L166–L170, night notes: «Ночные записки - это сообщения, которые любой игрок может передать ведущему после
 * объявления ночи. Ведущий выставит такое сообщение утром под результатами ночи, но не будет указывать отправителя».
 * During a night of a ruleset that has them (`announcements.nightNotes`), the host records the notes he receives, each
 * as the game's `note/leave` event (a dead player cannot write one, L169: the worker refuses it), and may refuse one
 * (L170, `note/refuse`). The next morning's post shows the notes with no sender; the host sees who wrote each here.
 */
import { useState } from 'preact/hooks';
import type { GameState } from '../../../src/engine';
import type { GameRecord } from '../../shared/protocol';
import { useStore, useT } from '../store';
import { PlayerOptions } from './player-options';

export function NightNotes({
  game,
  state,
  night,
  locked,
}: {
  readonly game: GameRecord;
  readonly state: GameState;
  readonly night: number;
  readonly locked: boolean;
}) {
  const store = useStore();
  const t = useT();
  const living = state.players.filter((p) => p.alive);
  const [author, setAuthor] = useState('');
  const [text, setText] = useState('');
  if (game.ruleset.data.announcements.nightNotes !== true) return null;
  const chosen = living.some((p) => p.slot.id === author) ? author : (living[0]?.slot.id ?? '');
  const notes = (state.nightNotes ?? []).filter((n) => n.phase?.kind === 'night' && n.phase.number === night);
  const name = (id: string): string => state.players.find((p) => p.slot.id === id)?.name ?? id;
  const record = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (chosen === '' || text.trim() === '') return;
    await store.games.record({ kind: 'night-note', author: chosen, text: text.trim() });
    setText('');
  };
  return (
    <div data-testid="night-notes">
      <h3>{t('popup_night_notes_heading')}</h3>
      <p class="gavel-muted">{t('popup_night_notes_hint')}</p>
      {notes.length > 0 && (
        <ul class="gavel-outcomes" data-testid="night-notes-list">
          {notes.map((n) => (
            <li key={n.at} data-testid="night-note" data-refused={n.refused === true ? 'yes' : 'no'}>
              <strong>{name(n.author)}:</strong> {n.text}{' '}
              {n.refused === true ? (
                <span class="gavel-muted">({t('popup_night_notes_refused')})</span>
              ) : (
                <button
                  type="button"
                  class="gavel-button"
                  data-testid="night-note-refuse"
                  disabled={locked || store.games.busy.value}
                  onClick={() => void store.games.record({ kind: 'night-note-refused', at: n.at })}
                >
                  {t('popup_night_notes_refuse')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!locked && (
        <form class="gavel-night-form" data-testid="night-note-form" onSubmit={(e) => void record(e)}>
          <label class="gavel-field">
            <span>{t('popup_night_notes_author')}</span>
            <select data-testid="night-note-author" value={chosen} onChange={(e) => setAuthor(e.currentTarget.value)}>
              <PlayerOptions players={living} />
            </select>
          </label>
          <label class="gavel-field">
            <span>{t('popup_night_notes_text')}</span>
            <textarea data-testid="night-note-text" value={text} onInput={(e) => setText(e.currentTarget.value)} />
          </label>
          <button
            type="submit"
            class="gavel-button"
            data-testid="night-note-record"
            disabled={store.games.busy.value || chosen === '' || text.trim() === ''}
          >
            {t('popup_night_notes_record')}
          </button>
        </form>
      )}
    </div>
  );
}
