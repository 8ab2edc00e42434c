import { useState } from 'preact/hooks';
import { phaseLabel } from '../../../src/engine';
import { useStore } from '../store';

function phaseText(phase: { kind: 'day' | 'night'; number: number } | null): string {
  return phase === null ? 'not started' : phaseLabel(phase);
}

/** The host's games, with "New game" and "Import". */
export function GamesSection() {
  const store = useStore();
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
        <h2 id="games-heading">Games</h2>
        <button type="button" class="gavel-button gavel-button--primary" data-testid="new-game" onClick={() => void games.show({ page: 'new-game' })}>
          New game
        </button>
      </div>
      {games.list.value.length === 0 ? (
        <p class="gavel-muted">No game set up yet. Start one from a thread Gavel has read, or import a game file.</p>
      ) : (
        <ul class="gavel-games" data-testid="game-list">
          {games.list.value.map((g) => (
            <li key={g.id}>
              <button type="button" class="gavel-games__open" data-testid="game-item" onClick={() => void games.show({ page: 'game', id: g.id })}>
                <span class="gavel-games__title">{g.title}</span>
                <span class="gavel-muted">
                  {g.rulesetName} · {g.alive} of {g.players} alive · {phaseText(g.phase)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="gavel-import">
        <label class="gavel-button gavel-button--file">
          Import a game file…
          <input type="file" accept=".json,application/json" data-testid="import-file" onChange={(e) => void onFile(e.currentTarget)} />
        </label>
        <label class="gavel-check">
          <input type="checkbox" data-testid="import-replace" checked={replace} onChange={(e) => setReplace(e.currentTarget.checked)} />
          replace a game that is already here
        </label>
      </div>
      {games.problem.value !== null && games.view.value.page === 'home' && (
        <p class="gavel-error" role="alert" data-testid="games-problem">
          {games.problem.value}
        </p>
      )}
    </section>
  );
}
