import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { contentScriptId, forumHandlers, normalizeOrigin, type ForumPermissions } from '../../extension/background/handlers/forums';
import { openDatabase, type GavelDatabase } from '../../extension/storage/schema';

let db: GavelDatabase | undefined;
afterEach(async () => {
  if (db !== undefined) {
    db.close();
    await Dexie.delete(db.name);
    db = undefined;
  }
});

function fakePermissions(granted: string[]) {
  const registered = new Map<string, readonly string[]>();
  const permissions: ForumPermissions = {
    hasOrigin: (pattern) => Promise.resolve(granted.includes(pattern)),
    isRegistered: (id) => Promise.resolve(registered.has(id)),
    registerContentScript: (id, matches) => {
      registered.set(id, matches);
      return Promise.resolve();
    },
  };
  return { permissions, registered };
}

const context = { sender: {}, senderKind: 'extension-page' as const };

describe('enabling Gavel on another forum', () => {
  it('registers the content script for a granted origin, once', async () => {
    db = openDatabase('gavel-forums-test-1');
    const database = db;
    const { permissions, registered } = fakePermissions(['https://forum.example.org/*']);
    const handlers = forumHandlers(
      () => database,
      permissions,
      () => 5,
    );
    await expect(handlers['forums/enable']({ origin: 'https://forum.example.org/viewtopic.php?t=3' }, context)).resolves.toEqual({
      origin: 'https://forum.example.org',
      registered: true,
    });
    await handlers['forums/enable']({ origin: 'https://forum.example.org' }, context);
    expect([...registered.entries()]).toEqual([[contentScriptId('https://forum.example.org'), ['https://forum.example.org/*']]]);
    await expect(handlers['forums/list']({}, context)).resolves.toEqual(['https://forum.example.org']);
  });

  it('refuses an origin the host has not granted, and remembers nothing', async () => {
    db = openDatabase('gavel-forums-test-2');
    const database = db;
    const { permissions, registered } = fakePermissions([]);
    const handlers = forumHandlers(
      () => database,
      permissions,
      () => 5,
    );
    await expect(handlers['forums/enable']({ origin: 'https://forum.example.org' }, context)).rejects.toThrow(
      /has not been allowed to read https:\/\/forum.example.org/,
    );
    expect(registered.size).toBe(0);
    await expect(handlers['forums/list']({}, context)).resolves.toEqual([]);
  });

  it('explains addresses it cannot use', () => {
    expect(() => normalizeOrigin('forum.example.org')).toThrow(/not a web address/);
    expect(() => normalizeOrigin('file:///home/me/page.html')).toThrow(/http and https forums only/);
    expect(normalizeOrigin('http://127.0.0.1:8080/x')).toBe('http://127.0.0.1:8080');
  });
});
