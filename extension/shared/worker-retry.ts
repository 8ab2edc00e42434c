/**
 * Asking the worker again when the browser stopped it before it answered.
 * The browser may stop the extension's service worker at any moment, also
 * while it handles a message: the page then gets no reply (the message port
 * closed) or learns that nothing was listening. The next message wakes the
 * worker, so a request whose handling is idempotent (tracking a thread writes
 * the same rows however often it runs) is simply sent again.
 */
import { GavelError } from './errors';

/** How many times a request is sent in all before its failure is shown. */
export const attemptsWhenStopped = 4;

/** Whether `error` says the worker went away before answering, rather than answering with a failure. */
export function workerStoppedBeforeReply(error: unknown): boolean {
  if (error instanceof GavelError && error.code === 'message/no-reply') return true;
  const message = error instanceof Error ? error.message : String(error);
  return /message (?:port|channel) closed before a response was received|Receiving end does not exist/i.test(message);
}

/**
 * Sends an idempotent request, and sends it again (at most `attemptsWhenStopped`
 * times in all) while the worker was stopped before it replied. Any other
 * failure, and the last one, is thrown as it came.
 */
export async function sendAgainIfStopped<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= attemptsWhenStopped || !workerStoppedBeforeReply(error)) throw error;
    }
  }
}
