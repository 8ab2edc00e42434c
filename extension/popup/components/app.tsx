import { useStore, useT } from '../store';
import { ForumAccess } from './forum-access';
import { GamePage } from './game-page';
import { GamesSection } from './games-section';
import { NewGame } from './new-game';
import { SettingsPanel } from './settings-panel';
import { ThreadList } from './thread-list';

/** The popup (and, opened in a tab, the dashboard). */
export function App({ view }: { view: 'popup' | 'dashboard' }) {
  const store = useStore();
  const t = useT();
  return (
    <main class={`gavel-app gavel-app--${view}`} data-testid="popup-root" lang={t.language}>
      <header class="gavel-app__header">
        <img src="/icons/gavel-32.png" alt="" width={20} height={20} />
        <h1>Gavel</h1>
        {store.workerVersion.value !== null && <span class="gavel-app__version">v{store.workerVersion.value}</span>}
        {view === 'popup' && (
          <button type="button" class="gavel-link" onClick={() => void store.openDashboard()}>
            {t('popup_open_in_tab')}
          </button>
        )}
      </header>
      {store.error.value !== null && (
        <p class="gavel-error" role="alert" data-testid="popup-error">
          {store.error.value}
        </p>
      )}
      {store.notice.value !== null && (
        <p class="gavel-notice" role="status">
          {store.notice.value}
        </p>
      )}
      {store.state.value === 'loading' && <p class="gavel-muted">{t('common_loading')}</p>}
      {store.state.value === 'ready' && store.games.view.value.page === 'home' && (
        <>
          <GamesSection />
          <ThreadList />
          <ForumAccess />
          <SettingsPanel />
        </>
      )}
      {store.state.value === 'ready' && store.games.view.value.page === 'new-game' && <NewGame />}
      {store.state.value === 'ready' && store.games.view.value.page === 'game' && <GamePage />}
    </main>
  );
}
