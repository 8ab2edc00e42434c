import { useState } from 'preact/hooks';
import type { Translator } from '../../shared/i18n';
import { rulesetName } from '../../shared/ruleset-words';
import { useStore, useT } from '../store';
import { phaseName } from './event-log';
import { JoinShared } from './join-shared';

function phaseText(t: Translator, phase: { kind: 'day' | 'night'; number: number } | null): string {
  return phase === null ? t('popup_game_not_started') : phaseName(phase, t);
}

/** The host's games, with "New game" and "Import". */
export function GamesSection() {
  const store = useStore();
  const t = useT();
  const games = store.games;
  const [replace, setReplace] = useState(false);
  const onFile = async (input: HTMLInputElement): Promise<void> => {
    const file = input.files?.[0];
    if (file === undefined) return;
    const text = await file.text();
    input.value = '';
    await games.importGame(text, replace);
  };
  return (
    <section aria-labelledby="games-heading" data-testid="games-section">
      <div class="gavel-section-head">
        <h2 id="games-heading">{t('popup_games_heading')}</h2>
        <button
          type="button"
          class="gavel-button gavel-button--primary"
          data-testid="new-game"
          onClick={() => void games.show({ page: 'new-game' })}
        >
          {t('popup_new_game')}
        </button>
      </div>
      {games.list.value.length === 0 ? (
        <p class="gavel-muted">{t('popup_games_none')}</p>
      ) : (
        <ul class="gavel-games" data-testid="game-list">
          {games.list.value.map((g) => (
            <li key={g.id}>
              <button
                type="button"
                class="gavel-games__open"
                data-testid="game-item"
                onClick={() => void games.show({ page: 'game', id: g.id })}
              >
                <span class="gavel-games__title">{g.title}</span>
                <span class="gavel-muted">
                  {rulesetName({ name: g.rulesetName, names: g.rulesetNames }, t.language)} · {t('common_alive_of', g.alive, g.players)} ·{' '}
                  {phaseText(t, g.phase)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="gavel-import">
        <label class="gavel-button gavel-button--file">
          {t('popup_import_file')}
          <input type="file" accept=".json,application/json" data-testid="import-file" onChange={(e) => void onFile(e.currentTarget)} />
        </label>
        <label class="gavel-check">
          <input type="checkbox" data-testid="import-replace" checked={replace} onChange={(e) => setReplace(e.currentTarget.checked)} />
          {t('popup_import_replace')}
        </label>
      </div>
      <JoinShared />
      {games.problem.value !== null && games.view.value.page === 'home' && (
        <p class="gavel-error" role="alert" data-testid="games-problem">
          {games.problem.value}
        </p>
      )}
    </section>
  );
}
