/**
 * Growth measurement for the linear-time tests: how the time of one call grows
 * when its input doubles. This compares a function with itself on two sizes,
 * never with a fixed budget, so a slow or busy machine does not fail it; a
 * regular expression that backtracks quadratically shows as about four times
 * slower on twice the input, a linear one as about two.
 */

export interface Growth {
  /** Milliseconds per call on the smaller input (best of the runs). */
  readonly small: number;
  /** Milliseconds per call on the input twice as large (best of the runs). */
  readonly large: number;
  readonly ratio: number;
  /** How many times larger the large input is (2 unless the caller says). */
  readonly span: number;
  /** Milliseconds of one plain linear pass over the large input (a regex replace and a lower-casing), on this machine. */
  readonly reference: number;
}

function perCall(run: () => void, iterations: number): number {
  const start = performance.now();
  for (let i = 0; i < iterations; i++) run();
  return (performance.now() - start) / iterations;
}

/**
 * One measurement: small and large alternately, `runs` times each, keeping the
 * best of each (other processes only ever add time). Each timing repeats the
 * call until it lasts ≥ 15 ms on the small input, to rise above timer noise.
 */
function measure(run: (input: string) => void, small: string, large: string, runs: number): Growth {
  run(small);
  run(large);
  let iterations = 1;
  while (iterations < 4096 && perCall(() => run(small), iterations) * iterations < 15) iterations *= 2;
  let s = Infinity;
  let l = Infinity;
  for (let r = 0; r < runs; r++) {
    s = Math.min(
      s,
      perCall(() => run(small), iterations),
    );
    l = Math.min(
      l,
      perCall(() => run(large), iterations),
    );
  }
  return { small: s, large: l, ratio: l / Math.max(s, 1e-6), span: 2, reference: 0 };
}

/** A plain linear pass over the input: what reading the text once costs on this machine. */
function linearPass(input: string): void {
  if (input.replace(/\s+/g, ' ').toLowerCase().length < 0) throw new Error('unreachable');
}

/**
 * How the time per call grows from `small` to `large` (twice as long). A growth
 * over the limit is measured again, five times at most, and the lowest is kept:
 * a cache miss or a busy neighbour shows once, a quadratic pattern every time.
 */
export function growth(run: (input: string) => void, small: string, large: string, runs = 2, span = 2): Growth {
  let best = measure(run, small, large, runs);
  for (let attempt = 0; attempt < 5 && best.ratio >= growthLimit(span); attempt++) {
    const again = measure(run, small, large, runs + 1);
    if (again.ratio < best.ratio) best = again;
  }
  return { ...best, span, reference: referenceFor(small, large) };
}

/** The plain pass's cost per input, measured once: many functions are checked on the same adversarial inputs. */
const references = new Map<string, number>();
function referenceFor(small: string, large: string): number {
  const known = references.get(large);
  if (known !== undefined) return known;
  const cost = measure(linearPass, small, large, 3).large;
  references.set(large, cost);
  return cost;
}

/**
 * Whether the growth is linear: twice the input takes less than
 * `maxGrowthForDoubleInput` times as long, or the whole call on the large input
 * costs no more than a few dozen plain passes over it (below that, cache and
 * allocation effects decide the ratio, and a quadratic pattern on 100 KB would
 * cost thousands of passes).
 */
export function isLinear(g: Growth): boolean {
  return g.ratio < growthLimit(g.span) || g.large < maxPassesWhenFast * g.reference;
}

// Linear functions on this 2-core machine measure up to about 60 plain passes on some inputs (string
// allocation and cache effects between 50 KB and 100 KB); a quadratic pattern at 100 KB costs thousands
// (the old vote-keyword scan: about 10,000), so 100 keeps a wide margin either way.
export const maxPassesWhenFast = 100;

/** Twice the input takes less than this many times as long: linear or n·log n passes, quadratic (≈4) fails. */
export const maxGrowthForDoubleInput = 3.4;

export function describeGrowth(g: Growth): string {
  return `${g.small.toFixed(3)} ms → ${g.large.toFixed(3)} ms per call (×${g.ratio.toFixed(2)} for ${g.span === 2 ? 'twice' : `${g.span} times`} the input; ${(g.large / Math.max(g.reference, 1e-6)).toFixed(0)} plain passes over it)`;
}

/**
 * The most a linear function's time may grow over a `span` times larger input: the double-input
 * limit compounded (4 times the input: 3.4² ≈ 11.6, where a quadratic pattern grows 16 times).
 * A wider span separates linear from quadratic better when the timings are noisy.
 */
export function growthLimit(span: number): number {
  return maxGrowthForDoubleInput ** Math.log2(span);
}
