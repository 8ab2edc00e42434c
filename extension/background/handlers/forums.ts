import { GavelError } from '../../shared/errors';
import type { Handlers } from '../../shared/messaging';
import { addForum, listForums } from '../../storage/repository';
import type { GavelDatabase } from '../../storage/schema';

/** The browser calls this handler needs; injected so it can be tested without a browser. */
export interface ForumPermissions {
  readonly hasOrigin: (pattern: string) => Promise<boolean>;
  readonly registerContentScript: (id: string, matches: readonly string[]) => Promise<void>;
  readonly isRegistered: (id: string) => Promise<boolean>;
}

/** `https://forum.example.org/anything` → `https://forum.example.org`; anything else is refused. */
export function normalizeOrigin(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new GavelError('forums/bad-origin', `"${input}" is not a web address`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new GavelError('forums/bad-origin', `Gavel runs on http and https forums only, not ${url.protocol}`);
  }
  return url.origin;
}

export function contentScriptId(origin: string): string {
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
        );
      }
      const id = contentScriptId(origin);
      if (!(await permissions.isRegistered(id))) await permissions.registerContentScript(id, [pattern]);
      await addForum(db(), origin, now());
      return { origin, registered: true };
    },
    'forums/list': () => listForums(db()),
  };
}
