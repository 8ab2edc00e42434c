import { effect } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { hashOfView, samePage, viewFromHash, type GamesView } from '../games-store';
import { useStore, useT, type PopupStore } from '../store';
import { ForumAccess } from './forum-access';
import { GamePage } from './game-page';
import { GamesSection } from './games-section';
import { NewGame } from './new-game';
import { SettingsPanel } from './settings-panel';
import { ThreadList } from './thread-list';

/** The game page's sections, each named by its heading's id without "-heading" ("roster", "setup"). */
function sectionsOf(root: ParentNode): { readonly name: string; readonly element: HTMLElement }[] {
  return [...root.querySelectorAll<HTMLElement>('[data-testid="game-page"] section[aria-labelledby$="-heading"]')].map((element) => ({
    name: (element.getAttribute('aria-labelledby') ?? '').replace(/-heading$/, ''),
    element,
  }));
}

/**
 * Keeps the open page, game and section in the address (`location.hash`), so a
 * reload of the dashboard comes back to the same place: a new page or game is
 * a new history entry (back and forward move between them), a section only
 * replaces the current one. On load, and on back or forward, the address is
 * where the host goes.
 */
function useAddress(store: PopupStore): void {
  const games = store.games;
  const ready = store.state.value === 'ready';
  const view = games.view.value;
  // Until the address has been read, the view is not written back (it would overwrite the place to return to).
  // An address with no place in it has nothing to restore: the view is written from the first render, so
  // a host who clicks before the page has settled still gets a history entry for each step.
  const opensHome = viewFromHash(location.hash).page === 'home';
  const restored = useRef(opensHome);
  // The section to bring into view once its part of the page is there.
  const scrollTo = useRef<string | null>(null);
  const written = useRef<GamesView | null>(opensHome ? games.view.value : null);

  useEffect(() => {
    if (!ready || restored.current) return;
    const target = viewFromHash(location.hash);
    if (target.page === 'home') {
      // Nothing to go back to: the page is wherever the host already is.
      restored.current = true;
      written.current = games.view.value;
      return;
    }
    if (target.page === 'game' && target.section !== undefined) scrollTo.current = target.section;
    void games.restore(target).then(() => {
      restored.current = true;
      written.current = games.view.value;
      if (hashOfView(games.view.value) !== location.hash)
        history.replaceState(history.state, '', hashOfView(games.view.value) || location.pathname + location.search);
    });
  }, [ready, games]);

  useEffect(() => {
    const follow = (): void => {
      if (!restored.current) return;
      const target = viewFromHash(location.hash);
      if (hashOfView(target) === hashOfView(games.view.value)) return;
      if (target.page === 'game' && target.section !== undefined) scrollTo.current = target.section;
      written.current = target;
      void games.restore(target);
    };
    addEventListener('popstate', follow);
    addEventListener('hashchange', follow);
    return () => {
      removeEventListener('popstate', follow);
      removeEventListener('hashchange', follow);
    };
  }, [games]);

  // Written as the view changes, not after the next paint: by then back or forward may have moved the address on.
  useEffect(
    () =>
      effect(() => {
        const next = games.view.value;
        if (!restored.current) return;
        const hash = hashOfView(next);
        if (hash === location.hash) return;
        const address = hash === '' ? location.pathname + location.search : hash;
        const before = written.current;
        if (before !== null && samePage(before, next)) history.replaceState(history.state, '', address);
        else history.pushState(null, '', address);
        written.current = next;
      }),
    [games],
  );

  // A restored section stays in view while the parts above it load (their height changes), until the host moves.
  const pinned = useRef<string | null>(null);
  // After each render: bring a restored section into view once it is on the page.
  useEffect(() => {
    const name = scrollTo.current;
    if (name === null || view.page !== 'game') return;
    const section = sectionsOf(document).find((s) => s.name === name);
    if (section === undefined) return;
    scrollTo.current = null;
    pinned.current = name;
    section.element.scrollIntoView?.({ block: 'start' });
  });
  useEffect(() => {
    const unpin = (): void => {
      pinned.current = null;
    };
    const moves = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    for (const move of moves) addEventListener(move, unpin, { passive: true });
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            const name = pinned.current;
            if (name !== null)
              sectionsOf(document)
                .find((s) => s.name === name)
                ?.element.scrollIntoView({ block: 'start' });
          });
    observer?.observe(document.body);
    return () => {
      for (const move of moves) removeEventListener(move, unpin);
      observer?.disconnect();
    };
  }, []);
  // The section the host works in, or scrolls to, goes into the address.
  useEffect(() => {
    if (view.page !== 'game') return;
    const sectionAt = (target: EventTarget | null): string | undefined =>
      target instanceof Element ? sectionsOf(document).find((s) => s.element.contains(target))?.name : undefined;
    const onUse = (event: Event): void => {
      const name = sectionAt(event.target);
      if (name !== undefined) games.setSection(name);
    };
    const onScroll = (): void => {
      if (scrollTo.current !== null || pinned.current !== null) return;
      // The sections across the upper third of the window; the one in use stays while it is there, else the first column's.
      const line = innerHeight / 3;
      const across = sectionsOf(document)
        .map((s) => ({ name: s.name, rect: s.element.getBoundingClientRect() }))
        .filter((s) => s.rect.top <= line && s.rect.bottom >= line)
        .sort((x, y) => x.rect.left - y.rect.left || y.rect.top - x.rect.top);
      const now = games.view.value;
      if (now.page === 'game' && across.some((s) => s.name === now.section)) return;
      games.setSection(across[0]?.name);
    };
    addEventListener('scroll', onScroll, { passive: true });
    addEventListener('focusin', onUse);
    addEventListener('pointerdown', onUse);
    return () => {
      removeEventListener('scroll', onScroll);
      removeEventListener('focusin', onUse);
      removeEventListener('pointerdown', onUse);
    };
  }, [view.page, games]);
}

/** The popup (and, opened in a tab, the dashboard). */
export function App({ view }: { view: 'popup' | 'dashboard' }) {
  const store = useStore();
  const t = useT();
  useAddress(store);
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
