import { useState } from 'preact/hooks';
import { deriveState } from '../../../src/engine';
import { useStore } from '../store';
import { BreachesPanel } from './breaches-panel';
import { DayPanel } from './day-panel';
import { GameOver, NightStartPost } from './day-end';
import { EventLog, phaseName } from './event-log';
import { NightPanel, NightPostsPanel } from './night-panel';
import { RosterEditor } from './roster-editor';
import { SetupEditor } from './setup-editor';

/** One game: who plays, what happened, its setup, and its file. */
export function GamePage() {
  const store = useStore();
  const games = store.games;
  const game = games.current.value;
  const [confirming, setConfirming] = useState(false);
  if (game === null) return null;
  const thread = store.threads.value.find((t) => t.key === game.threadKey);
  const state = deriveState(game.events);
  const alive = state.players.filter((p) => p.alive).length;
  const problems = games.draftProblems.value;

  return (
    <article class="gavel-game" data-testid="game-page">
      <div class="gavel-section-head">
        <button type="button" class="gavel-back" data-testid="back-to-games" onClick={() => void games.show({ page: 'home' })}>
          ← Games
        </button>
      </div>
      <header class="gavel-game__head">
        <h2 class="gavel-game__title" data-testid="game-heading">
          {game.title}
        </h2>
        <p class="gavel-muted">
          {game.ruleset.data.name} · {alive} of {state.players.length} alive · {phaseName(state.phase)}
          <br />
          {thread === undefined ? 'No thread' : `${thread.title || `Thread ${thread.threadId}`} on ${new URL(thread.origin).host}`}
        </p>
      </header>
      {games.problem.value !== null && (
        <p class="gavel-error" role="alert" data-testid="games-problem">
          {games.problem.value}
        </p>
      )}
      <GameOver />
      <NightPostsPanel />
      <NightStartPost />
      {state.ended === undefined && <NightPanel />}
      <DayPanel />
      <BreachesPanel />
      <div class="gavel-game__columns">
        <div>
          <EventLog />
          <RosterEditor />
        </div>
        <div>
          <SetupEditor />
          <section aria-labelledby="file-heading">
            <h2 id="file-heading">File</h2>
            <p class="gavel-inline">
              <button type="button" class="gavel-button" data-testid="export-game" onClick={() => void games.exportGame(game.id)}>
                Export to a file
              </button>
              {confirming ? (
                <>
                  <button type="button" class="gavel-button gavel-button--danger" data-testid="confirm-delete" onClick={() => void games.deleteGame(game.id)}>
                    Delete for good
                  </button>
                  <button type="button" class="gavel-button" onClick={() => setConfirming(false)}>
                    Keep it
                  </button>
                </>
              ) : (
                <button type="button" class="gavel-button" data-testid="delete-game" onClick={() => setConfirming(true)}>
                  Delete…
                </button>
              )}
            </p>
          </section>
        </div>
      </div>
      {games.dirty.value && (
        <div class="gavel-savebar" data-testid="save-bar">
          <span>{problems.length > 0 ? problems.join(' ') : 'Unsaved changes to the setup.'}</span>
          <button type="button" class="gavel-button" onClick={() => games.resetDraft()}>
            Discard
          </button>
          <button type="button" class="gavel-button gavel-button--primary" data-testid="save-setup" disabled={problems.length > 0 || games.busy.value} onClick={() => void games.save()}>
            Save
          </button>
        </div>
      )}
    </article>
  );
}
