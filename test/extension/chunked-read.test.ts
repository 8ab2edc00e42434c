/**
 * The content script's reading in chunks (extension/content/chunked-read.ts, issue 18): a long page's
 * posts are read a few at a time, each chunk in an idle moment of the browser, never one long task;
 * the posts in view first; a page that goes away stops the reading. Timers are vitest's fake ones and
 * the clock a counter the work moves, so nothing here depends on the machine's speed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextIdleSlot, runInChunks, viewportFirst, type ChunkOptions } from '../../extension/content/chunked-read';
import { forumAdapters, parseThreadPage, readPostsInSteps } from '../../src/parsers/index';

/** A fake clock the work advances: each item "takes" `itemMs[i]`. */
function fakeWork(itemMs: readonly number[]) {
  let now = 0;
  const done: number[] = [];
  const chunks: Array<[number, number]> = [];
  let slots = 0;
  const options: ChunkOptions = {
    budgetMs: 20,
    clock: () => now,
    nextSlot: () => {
      slots++;
      return new Promise((resolve) => setTimeout(resolve, 0));
    },
    stopped: () => false,
    onChunk: ({ from, to }) => chunks.push([from, to]),
  };
  const work = (item: number): void => {
    done.push(item);
    now += itemMs[item] ?? 0;
  };
  return { options, work, done, chunks, slots: () => slots };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('runInChunks', () => {
  it('does the items in order, a chunk per idle moment, each stopping once it has taken the budget', async () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    const w = fakeWork(items.map(() => 7));
    const run = runInChunks(items, w.work, w.options);
    // Nothing runs in the task that asked: the first chunk waits for its moment too.
    expect(w.done).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    // 7 + 7 + 7 ms: the third item takes the chunk past 20 ms, so the chunk ends there.
    expect(w.done).toEqual([0, 1, 2]);
    await vi.runAllTimersAsync();
    expect(await run).toEqual({ done: 10, stopped: false });
    expect(w.done).toEqual(items);
    expect(w.chunks).toEqual([
      [0, 3],
      [3, 6],
      [6, 9],
      [9, 10],
    ]);
    expect(w.slots()).toBe(4);
  });

  it('takes at least one item per chunk, however long one takes, so a slow post cannot stall the reading', async () => {
    const w = fakeWork([50, 50, 1, 1]);
    const run = runInChunks([0, 1, 2, 3], w.work, w.options);
    await vi.runAllTimersAsync();
    expect(await run).toEqual({ done: 4, stopped: false });
    expect(w.chunks).toEqual([
      [0, 1],
      [1, 2],
      [2, 4],
    ]);
  });

  it('stops when told (the page went away) and says how far it got', async () => {
    const w = fakeWork(Array.from({ length: 10 }, () => 7));
    let gone = false;
    const run = runInChunks(
      Array.from({ length: 10 }, (_, i) => i),
      w.work,
      {
        ...w.options,
        stopped: () => gone,
        onChunk: (c) => {
          w.chunks.push([c.from, c.to]);
          if (c.to >= 6) gone = true;
        },
      },
    );
    await vi.runAllTimersAsync();
    expect(await run).toEqual({ done: 6, stopped: true });
    expect(w.done).toEqual([0, 1, 2, 3, 4, 5]);
    // No more moments are asked for once stopped.
    expect(w.slots()).toBe(2);
  });

  it('stops in the middle of a chunk too', async () => {
    const w = fakeWork(Array.from({ length: 10 }, () => 1));
    let calls = 0;
    const run = runInChunks(
      Array.from({ length: 10 }, (_, i) => i),
      (item) => {
        w.work(item);
        calls++;
      },
      { ...w.options, stopped: () => calls >= 4 },
    );
    await vi.runAllTimersAsync();
    expect(await run).toEqual({ done: 4, stopped: true });
  });

  it('throws an item’s error', async () => {
    const w = fakeWork([1, 1]);
    const run = runInChunks(
      [0, 1],
      (item) => {
        if (item === 1) throw new Error('unreadable');
        w.work(item);
      },
      w.options,
    );
    const failed = expect(run).rejects.toThrow('unreadable');
    await vi.runAllTimersAsync();
    await failed;
  });
});

describe('nextIdleSlot', () => {
  it('waits for requestIdleCallback, with the longest wait as its timeout', async () => {
    const asked: number[] = [];
    let callback: (() => void) | undefined;
    const scope = {
      requestIdleCallback: (cb: () => void, options: { timeout: number }) => {
        asked.push(options.timeout);
        callback = cb;
        return 1;
      },
      setTimeout: () => {
        throw new Error('not used when the browser has requestIdleCallback');
      },
    };
    let resolved = false;
    const slot = nextIdleSlot(300, scope).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(resolved).toBe(false);
    expect(asked).toEqual([300]);
    callback?.();
    await slot;
    expect(resolved).toBe(true);
  });

  it('falls back to a 0 ms timer where there is no requestIdleCallback', async () => {
    let resolved = false;
    const slot = nextIdleSlot(300, { setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms) }).then(() => (resolved = true));
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    await slot;
    expect(resolved).toBe(true);
  });
});

describe('viewportFirst', () => {
  // Twenty posts 100 px high, one under the other; the window shows 250 px.
  const boxes = (scrollY: number) => (i: number) => ({ top: i * 100 - scrollY, bottom: (i + 1) * 100 - scrollY });

  it('reads the posts in view first, then those below, then those above', () => {
    // 720 to 970 px down the page: posts 7 (700–800), 8 and 9 (900–1000).
    const { order, inView } = viewportFirst(20, boxes(720), 250);
    expect(inView).toBe(3);
    expect(order.slice(0, 3)).toEqual([7, 8, 9]);
    expect(order.slice(3)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 0, 1, 2, 3, 4, 5, 6]);
  });

  it('measures no post past the first one below the view', () => {
    const measured: number[] = [];
    const box = boxes(0);
    viewportFirst(
      20,
      (i) => {
        measured.push(i);
        return box(i);
      },
      250,
    );
    expect(measured).toEqual([0, 1, 2, 3]);
  });

  it('reads in page order when no post is in view (the page scrolled to its footer, or no layout)', () => {
    expect(viewportFirst(5, () => ({ top: 0, bottom: 0 }), 600)).toEqual({ order: [0, 1, 2, 3, 4], inView: 0 });
    expect(viewportFirst(0, () => ({ top: 0, bottom: 0 }), 600)).toEqual({ order: [], inView: 0 });
  });
});

describe('a page read in chunks', () => {
  const post = (n: number): string =>
    `<div class="post" id="p${100 + n}"><div class="postbody"><p class="author">by <strong>player${n % 7}</strong> » Sun May 26, 2019 4:34 pm</p>` +
    `<div class="content">${n % 3 === 0 ? `<b>vote player${(n + 1) % 7}</b>` : `post ${n}`}</div></div></div>`;
  const html = `<!doctype html><html><head><title>Game</title></head><body id="phpbb"><h2><a href="./viewtopic.php?t=9">Game</a></h2>${Array.from(
    { length: 60 },
    (_, n) => post(n),
  ).join('')}</body></html>`;
  const url = new URL('https://forum.example.org/viewtopic.php?t=9');
  const options = { now: Date.parse('2020-01-01T00:00:00Z') };

  it('gives the page parseThreadPage gives, read a few posts per idle moment from the middle', async () => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const whole = parseThreadPage(new DOMParser().parseFromString(html, 'text/html'), url, options);
    if (!whole.supported) throw new Error('not read as phpBB');
    const steps = readPostsInSteps(forumAdapters.phpbb, doc, url, options);
    expect(steps.elements).toHaveLength(60);
    const { order, inView } = viewportFirst(60, (i) => ({ top: i * 100 - 2_000, bottom: (i + 1) * 100 - 2_000 }), 300);
    for (const i of order.slice(0, inView)) steps.read(i);
    let now = 0;
    const chunks: number[] = [];
    const run = runInChunks(
      order.slice(inView),
      (i) => {
        steps.read(i);
        now += 6;
      },
      {
        budgetMs: 20,
        clock: () => now,
        nextSlot: () => nextIdleSlot(300),
        stopped: () => false,
        onChunk: ({ from, to }) => chunks.push(to - from),
      },
    );
    await vi.runAllTimersAsync();
    expect((await run).done).toBe(57);
    expect(Math.max(...chunks)).toBe(4);
    const located = steps.finish();
    expect(located.result).toEqual({ data: whole.data, issues: whole.issues });
    expect(located.elements.size).toBe(60);
  });
});
