import { useState } from 'preact/hooks';
import { rulesetTitle } from '../../shared/ruleset-words';
import { useStore, useT } from '../store';
import { BreachesPanel } from './breaches-panel';
import { CatchUpOffer } from './catch-up';
import { CoHostsPanel } from './cohosts-panel';
import { DayPanel } from './day-panel';
import { DeadlineLine } from './deadline-line';
import { GameOver, NightStartPost } from './day-end';
import { EventLog, phaseName } from './event-log';
import { NightPanel, NightPostsPanel } from './night-panel';
import { RolePmsPanel } from './role-pms';
import { RosterEditor } from './roster-editor';
import { SetupEditor } from './setup-editor';

/** One game: who plays, what happened, its setup, and its file. */
export function GamePage() {
  const store = useStore();
  const t = useT();
  const games = store.games;
  const game = games.current.value;
  const [confirming, setConfirming] = useState(false);
  const state = games.state.value;
  if (game === null || state === null) return null;
  const thread = store.threads.value.find((t) => t.key === game.threadKey);
  const alive = state.players.filter((p) => p.alive).length;
  const problems = games.draftProblems.value;

  return (
    <article class="gavel-game" data-testid="game-page">
      <div class="gavel-section-head">
        <button type="button" class="gavel-back" data-testid="back-to-games" onClick={() => void games.show({ page: 'home' })}>
          {t('popup_game_back')}
        </button>
      </div>
      <header class="gavel-game__head">
        <h2 class="gavel-game__title" data-testid="game-heading">
          {game.title}
        </h2>
        <p class="gavel-muted" data-testid="game-status">
          {rulesetTitle(game.ruleset.data, t.language)} · {t('common_alive_of', alive, state.players.length)} · {phaseName(state.phase, t)}
          <br />
          {thread === undefined
            ? t('popup_game_no_thread')
            : t('popup_game_thread_on', thread.title || t('common_thread_id', thread.threadId), new URL(thread.origin).host)}
        </p>
        {state.ended === undefined && <DeadlineLine game={game} />}
      </header>
      {games.problem.value !== null && (
        <p class="gavel-error" role="alert" data-testid="games-problem">
          {games.problem.value}
        </p>
      )}
      {/* The day's controls come first: catching up with the thread, the game's end, the night, the day's count and its end. */}
      <div class="gavel-game__controls" data-testid="game-controls">
        <CatchUpOffer />
        <GameOver />
        {state.ended === undefined && <NightPostsPanel />}
        <NightStartPost />
        {state.ended === undefined && <NightPanel />}
        <DayPanel />
      </div>
      <BreachesPanel />
      <div class="gavel-game__columns">
        <div>
          <EventLog />
          <RosterEditor />
        </div>
        <div>
          <SetupEditor />
          <RolePmsPanel />
          <CoHostsPanel game={game} />
          <section aria-labelledby="file-heading">
            <h2 id="file-heading">{t('popup_file_heading')}</h2>
            <p class="gavel-inline">
              <button type="button" class="gavel-button" data-testid="export-game" onClick={() => void games.exportGame(game.id)}>
                {t('popup_file_export')}
              </button>
              {confirming ? (
                <>
                  <button
                    type="button"
                    class="gavel-button gavel-button--danger"
                    data-testid="confirm-delete"
                    onClick={() => void games.deleteGame(game.id)}
                  >
                    {t('popup_file_delete_confirm')}
                  </button>
                  <button type="button" class="gavel-button" onClick={() => setConfirming(false)}>
                    {t('popup_file_keep')}
                  </button>
                </>
              ) : (
                <button type="button" class="gavel-button" data-testid="delete-game" onClick={() => setConfirming(true)}>
                  {t('popup_file_delete')}
                </button>
              )}
            </p>
          </section>
        </div>
      </div>
      {games.dirty.value && (
        <div class="gavel-savebar" data-testid="save-bar">
          <span>{problems.length > 0 ? problems.join(' ') : t('popup_setup_unsaved')}</span>
          <button type="button" class="gavel-button" onClick={() => games.resetDraft()}>
            {t('popup_setup_discard')}
          </button>
          <button
            type="button"
            class="gavel-button gavel-button--primary"
            data-testid="save-setup"
            disabled={problems.length > 0 || games.busy.value}
            onClick={() => void games.save()}
          >
            {t('popup_setup_save')}
          </button>
        </div>
      )}
    </article>
  );
}
