/**
 * Where a redirect of the worker's own request points. A `fetch` with
 * `redirect: 'manual'` answers a redirect with an opaque response that hides
 * its `Location` (the Fetch standard's "opaqueredirect"), also in an
 * extension. The browser still reports the redirect to the extension through
 * `webRequest.onBeforeRedirect` (non-blocking, allowed in Manifest V3 with the
 * "webRequest" permission, for addresses the extension has host access to),
 * before anything is asked of the target. This module pairs those reports with
 * the worker's requests: by address, from no tab (`tabId` -1), started by the
 * extension itself. It only listens while a request of the crawl is waiting.
 */

/** What `webRequest.onBeforeRedirect` says about a redirect (the fields read here). */
export interface RedirectDetails {
  readonly url: string;
  readonly redirectUrl: string;
  readonly tabId: number;
  /** Chromium: the origin that started the request. */
  readonly initiator?: string;
  /** Firefox: the address of the document that started the request. */
  readonly originUrl?: string;
}

/** `webRequest.onBeforeRedirect`, as far as this module uses it. */
export interface RedirectEvents {
  addListener(listener: (details: RedirectDetails) => void): void;
  removeListener(listener: (details: RedirectDetails) => void): void;
}

export interface RedirectWatch {
  /**
   * Starts listening for a redirect of a request for `url`; call before the
   * request goes out. `location` waits up to `ms` for the browser's report and
   * gives the target, or null when none came (no permission, or no redirect).
   */
  watch(url: string): { location(ms: number): Promise<string | null>; stop(): void };
}

/** An address as the network sees it: parsed, without a fragment. */
function requestKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url;
  }
}

/**
 * `events` is null where the browser has no `webRequest` (the permission was
 * not granted): every location is then null, and the crawl does not follow.
 * `ownOrigin` is the extension's own base address (`runtime.getURL('')`).
 */
export function createRedirectWatch(events: RedirectEvents | null, ownOrigin: string, sleep: (ms: number) => Promise<void>): RedirectWatch {
  const own = ownOrigin.replace(/\/+$/, '');
  const ours = (from: string | undefined): boolean => from === undefined || from === own || from.startsWith(`${own}/`);
  interface Waiter {
    location: string | null;
    arrived: () => void;
  }
  const waiting = new Map<string, Set<Waiter>>();
  let listening = false;
  const listener = (details: RedirectDetails): void => {
    if (details.tabId !== -1 || !ours(details.initiator ?? details.originUrl)) return;
    for (const waiter of waiting.get(requestKey(details.url)) ?? []) {
      if (waiter.location !== null) continue;
      waiter.location = details.redirectUrl;
      waiter.arrived();
    }
  };
  const listen = (on: boolean): void => {
    if (events === null || on === listening) return;
    listening = on;
    if (on) events.addListener(listener);
    else events.removeListener(listener);
  };
  return {
    watch(url) {
      const key = requestKey(url);
      let arrived = (): void => undefined;
      const came = new Promise<void>((done) => (arrived = done));
      const waiter: Waiter = { location: null, arrived: () => arrived() };
      const set = waiting.get(key) ?? new Set<Waiter>();
      set.add(waiter);
      waiting.set(key, set);
      listen(true);
      const stop = (): void => {
        set.delete(waiter);
        if (set.size === 0 && waiting.get(key) === set) waiting.delete(key);
        if (waiting.size === 0) listen(false);
      };
      return {
        async location(ms) {
          if (events === null) return null;
          if (waiter.location === null) await Promise.race([came, sleep(ms)]);
          return waiter.location;
        },
        stop,
      };
    },
  };
}
