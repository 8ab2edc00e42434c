/**
 * Gavel's only addition to a forum page: one host element at the end of
 * <body> holding a Shadow DOM root. Forum CSS cannot reach inside it and
 * Gavel's CSS cannot leak out. The forum's own content is never changed.
 */
export interface Mounted {
  readonly host: HTMLElement;
  readonly root: ShadowRoot;
  /** The element the panel renders into. */
  readonly container: HTMLElement;
  remove(): void;
}

export const HOST_ID = 'gavel-extension-root';

export function mountShadowHost(doc: Document, css: string): Mounted {
  doc.getElementById(HOST_ID)?.remove();
  const host = doc.createElement('div');
  host.id = HOST_ID;
  // Keep the host out of the forum's layout: it takes no space and sits above the page.
  host.style.setProperty('all', 'initial');
  host.style.setProperty('position', 'fixed');
  host.style.setProperty('z-index', '2147483000');
  host.style.setProperty('right', '12px');
  host.style.setProperty('bottom', '12px');
  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = css;
  const container = doc.createElement('div');
  root.append(style, container);
  doc.body.append(host);
  return { host, root, container, remove: () => host.remove() };
}
