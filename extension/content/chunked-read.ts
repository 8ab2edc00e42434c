/**
 * Work on a forum page in short tasks (issue 18): the content script reads a long page's posts, and
 * draws their badge rows, a few at a time, each chunk in a moment the browser has nothing else to do,
 * so no task of Gavel's holds up the forum page's own input for long. No DOM of its own: the caller
 * gives the work, the clock and how to wait for the next moment (`nextIdleSlot` in the browser, fake
 * timers in the tests).
 */

/** What a chunked run needs besides its work. */
export interface ChunkOptions {
  /** How long one chunk may take, ms: a chunk stops starting new items once it has taken this long. */
  readonly budgetMs: number;
  /** The time now, ms (`performance.now` in the browser). */
  readonly clock: () => number;
  /** Waits for the next moment a chunk may run. */
  readonly nextSlot: () => Promise<void>;
  /** Whether to stop now (the page went away, or a newer run took over): checked before each chunk and item. */
  readonly stopped: () => boolean;
  /** Told after each chunk: which items it did (`from` up to, not including, `to`) and when it ran. */
  readonly onChunk?: (chunk: { readonly from: number; readonly to: number; readonly startMs: number; readonly endMs: number }) => void;
}

/** How a run ended: every item done, or stopped with `done` items done (the next is `items[done]`). */
export interface ChunkRun {
  readonly done: number;
  readonly stopped: boolean;
}

/**
 * Does `work` for each item in order, in chunks: it waits for a slot, does items until the chunk has
 * taken `budgetMs` (always at least one item, so a slow item cannot stall the run), tells `onChunk`,
 * and waits for the next slot while items are left. An item's error stops the run (it is thrown).
 */
export async function runInChunks<T>(
  items: readonly T[],
  work: (item: T, index: number) => void,
  options: ChunkOptions,
): Promise<ChunkRun> {
  let next = 0;
  while (next < items.length) {
    await options.nextSlot();
    if (options.stopped()) return { done: next, stopped: true };
    const from = next;
    const startMs = options.clock();
    do {
      work(items[next] as T, next);
      next++;
    } while (next < items.length && options.clock() - startMs < options.budgetMs && !options.stopped());
    options.onChunk?.({ from, to: next, startMs, endMs: options.clock() });
    if (next < items.length && options.stopped()) return { done: next, stopped: true };
  }
  return { done: next, stopped: false };
}

interface IdleScope {
  readonly requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
}

/**
 * Resolves when the browser has a moment with nothing else to do, or after `mostMs` at the latest (a
 * busy page still gets read); where there is no `requestIdleCallback` (Safari), after a 0 ms timer.
 */
export function nextIdleSlot(mostMs: number, scope: IdleScope = globalThis as unknown as IdleScope): Promise<void> {
  return new Promise((resolve) => {
    const idle = scope.requestIdleCallback;
    if (idle === undefined) scope.setTimeout(resolve, 0);
    else idle.call(scope, () => resolve(), { timeout: mostMs });
  });
}

/** The order to read a page's posts in (`viewportFirst`). */
export interface ReadingOrder {
  /** Container indexes: those in view first, then the ones below them, then the ones above. */
  readonly order: readonly number[];
  /** How many of `order`'s first indexes are in view. */
  readonly inView: number;
}

/**
 * The order to read a page's posts in: those the reader sees first (in page order), then the ones
 * below them, then the ones above. `box(i)` is where post container i is on screen (its top and
 * bottom, from `getBoundingClientRect`); `viewHeight` the window's height. The containers are in page
 * order, so the search stops at the first one below the view once one in view was found. With none
 * in view, page order.
 */
export function viewportFirst(
  count: number,
  box: (index: number) => { readonly top: number; readonly bottom: number },
  viewHeight: number,
): ReadingOrder {
  const seen: number[] = [];
  let last = -1;
  for (let i = 0; i < count; i++) {
    const { top, bottom } = box(i);
    if (bottom > 0 && top < viewHeight) {
      seen.push(i);
      last = i;
    } else if (last !== -1 && top >= viewHeight) break;
  }
  const first = seen[0];
  if (first === undefined) return { order: Array.from({ length: count }, (_, i) => i), inView: 0 };
  const inView = new Set(seen);
  const rest: number[] = [];
  for (let i = first; i < count; i++) if (!inView.has(i)) rest.push(i);
  for (let i = 0; i < first; i++) rest.push(i);
  return { order: [...seen, ...rest], inView: seen.length };
}
