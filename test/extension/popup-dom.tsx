/** The popup app rendered into the test document, and its parts found by test id. */
import { render } from 'preact';
import { vi } from 'vitest';
import { App } from '../../extension/popup/components/app';
import { StoreContext, type PopupStore } from '../../extension/popup/store';

/**
 * Renders the app (popup or dashboard) with this store into a new element of
 * the page; returns the element. The page's address is `address` (the app
 * keeps its place in `location.hash`): none unless given, so one test's place
 * is not the next one's.
 */
export function renderApp(store: PopupStore, view: 'popup' | 'dashboard' = 'popup', address = ''): HTMLElement {
  history.replaceState(null, '', `${location.pathname}${location.search}${address}`);
  const host = document.createElement('div');
  document.body.append(host);
  render(
    <StoreContext.Provider value={store}>
      <App view={view} />
    </StoreContext.Provider>,
    host,
  );
  return host;
}

/** The one element with this test id, or a failure that names it. */
export function byTestId<E extends Element = HTMLElement>(root: ParentNode, testId: string): E {
  const el = root.querySelector<E>(`[data-testid="${testId}"]`);
  if (el === null) throw new Error(`no [data-testid="${testId}"] on the page`);
  return el;
}

export function allByTestId(root: ParentNode, testId: string): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];
}

/** `vi.waitFor` with time for the worker's answers: on a loaded CI machine (the full suite) they take longer than its default second. */
export const waitForWorker: typeof vi.waitFor = (callback, options) => vi.waitFor(callback, options ?? { timeout: 5000 });
