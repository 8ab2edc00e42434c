/**
 * How each part of the popup's store runs its requests: busy while one runs
 * (the buttons wait), and when it fails, the worker's own reason in `problem`
 * (the last one is cleared when the next piece of work starts).
 */
import { signal, type ReadonlySignal, type Signal } from '@preact/signals';
import { sayError } from '../shared/format';
import type { Translator } from '../shared/i18n';

/** The innermost message of an error chain: the worker's own words, without the "… failed" wrapper. */
export function reasonOf(error: unknown): string {
  let current: unknown = error;
  for (let i = 0; i < 6; i++) {
    const cause = current instanceof Error ? (current as { cause?: unknown }).cause : undefined;
    if (cause === undefined) break;
    current = cause;
  }
  return current instanceof Error ? current.message : String(current);
}

export interface Work {
  readonly busy: Signal<boolean>;
  readonly problem: Signal<string | null>;
  /** Runs `work`; true when it succeeded, false when it failed and `problem` says why. */
  run(work: () => Promise<void>): Promise<boolean>;
}

/** `t`: the host's words, for a refusal the worker gave words (its own English reason otherwise). */
export function createWork(t?: ReadonlySignal<Translator>): Work {
  const busy = signal(false);
  const problem = signal<string | null>(null);
  return {
    busy,
    problem,
    async run(work) {
      busy.value = true;
      problem.value = null;
      try {
        await work();
        return true;
      } catch (e) {
        problem.value = t === undefined ? reasonOf(e) : sayError(e, { t: t.value }, reasonOf);
        return false;
      } finally {
        busy.value = false;
      }
    },
  };
}
