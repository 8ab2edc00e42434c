import { engineMessage, word } from '../../../src/engine/words';
import { GavelError } from '../../shared/errors';
import type { Handlers } from '../../shared/messaging';
import { addForum, listForums } from '../../storage/repository';
import type { GavelDatabase } from '../../storage/schema';

/** The browser calls this handler needs; injected so it can be tested without a browser. */
export interface ForumPermissions {
  readonly hasOrigin: (pattern: string) => Promise<boolean>;
  readonly registerContentScript: (id: string, matches: readonly string[]) => Promise<void>;
  /** The pages the content script registered under `id` runs on, or null when there is none. */
  readonly registeredMatches: (id: string) => Promise<readonly string[] | null>;
}

/** `https://forum.example.org/anything` → `https://forum.example.org`; anything else is refused. */
export function normalizeOrigin(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new GavelError('forums/bad-origin', `"${input}" is not a web address`, {
      words: engineMessage('forums/not-an-address', word.text(input)),
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new GavelError('forums/bad-origin', `Gavel runs on http and https forums only, not ${url.protocol}`, {
      words: engineMessage('forums/not-web', word.text(url.protocol)),
    });
  }
  return url.origin;
}

/**
 * The id of a forum's content script: one id per origin and one origin per id
 * (letters and digits as they are, every other character as `_` and its code
 * in hex), so `https://a-b.example` and `https://a.b.example` get a script each.
 */
export function contentScriptId(origin: string): string {
  const encoded = [...origin]
    .map((c) => {
      if (/^[a-z0-9]$/i.test(c)) return c;
      const code = c.codePointAt(0) ?? 0;
      return code < 0x100 ? `_${code.toString(16).padStart(2, '0')}` : `_u${code.toString(16).padStart(6, '0')}`;
    })
    .join('');
  return `gavel-forum-${encoded}`;
}

/** The id earlier Gavels gave a forum's content script, the same for origins differing only in `-` and `.`. */
export function legacyContentScriptId(origin: string): string {
  return `gavel-forum-${origin.replace(/[^a-z0-9]+/gi, '-')}`;
}

export function forumHandlers(
  db: () => GavelDatabase,
  permissions: ForumPermissions,
  now: () => number,
): Pick<Handlers, 'forums/enable' | 'forums/list'> {
  return {
    'forums/enable': async ({ origin: input }) => {
      const origin = normalizeOrigin(input);
      const pattern = `${origin}/*`;
      if (!(await permissions.hasOrigin(pattern))) {
        throw new GavelError(
          'forums/no-permission',
          `Gavel has not been allowed to read ${origin}: grant the permission from the popup first`,
          { words: engineMessage('forums/no-permission', word.text(origin)) },
        );
      }
      const id = contentScriptId(origin);
      // A script an earlier Gavel registered for this very origin still serves it (a second would run twice);
      // one it registered under the same id for another origin does not.
      const serving = [id, legacyContentScriptId(origin)];
      const registered = await Promise.all(serving.map((s) => permissions.registeredMatches(s)));
      if (!registered.some((matches) => matches?.includes(pattern) === true)) await permissions.registerContentScript(id, [pattern]);
      await addForum(db(), origin, now());
      return { origin, registered: true };
    },
    'forums/list': () => listForums(db()),
  };
}
