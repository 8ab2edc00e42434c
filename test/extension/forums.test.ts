import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  contentScriptId,
  forumHandlers,
  legacyContentScriptId,
  normalizeOrigin,
  type ForumPermissions,
} from '../../extension/background/handlers/forums';
import { openDatabase, type GavelDatabase } from '../../extension/storage/schema';

let db: GavelDatabase | undefined;
afterEach(async () => {
  if (db !== undefined) {
    db.close();
    await Dexie.delete(db.name);
    db = undefined;
  }
});

function fakePermissions(granted: string[], before: Iterable<[string, readonly string[]]> = []) {
  const registered = new Map<string, readonly string[]>(before);
  const permissions: ForumPermissions = {
    hasOrigin: (pattern) => Promise.resolve(granted.includes(pattern)),
    registeredMatches: (id) => Promise.resolve(registered.get(id) ?? null),
    registerContentScript: (id, matches) => {
      // As the browser does: an id registered already is an error.
      if (registered.has(id)) return Promise.reject(new Error(`Duplicate script ID '${id}'`));
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

  it('gives forums whose hosts differ only in "-" and "." a script each', async () => {
    db = openDatabase('gavel-forums-test-3');
    const database = db;
    const dashed = 'https://mafia-forum.example';
    const dotted = 'https://mafia.forum.example';
    const { permissions, registered } = fakePermissions([`${dashed}/*`, `${dotted}/*`]);
    const handlers = forumHandlers(
      () => database,
      permissions,
      () => 5,
    );
    await handlers['forums/enable']({ origin: dashed }, context);
    await handlers['forums/enable']({ origin: dotted }, context);
    expect([...registered.values()]).toEqual([[`${dashed}/*`], [`${dotted}/*`]]);
    expect(contentScriptId(dashed)).not.toBe(contentScriptId(dotted));
  });

  it('names every origin with its own script id, one a browser accepts', () => {
    const origins = [
      'https://a-b.example',
      'https://a.b.example',
      'https://a_b.example',
      'https://a-2d.example',
      'https://a_2d.example',
      'http://a.b.example',
      'https://a.b.example:8443',
      'https://a.b.example-8443',
      'http://127.0.0.1:8080',
      'http://127-0-0-1:8080',
      'http://[::1]:8080',
      'https://xn--80ak6aa92e.example',
    ];
    const ids = origins.map(contentScriptId);
    expect(new Set(ids).size).toBe(origins.length);
    for (const id of ids) expect(id).toMatch(/^gavel-forum-[A-Za-z0-9_]+$/);
    // The same origin always gets the same id (it is found again after a restart).
    expect(contentScriptId('https://a-b.example')).toBe(ids[0]);
  });

  it("keeps a script an earlier Gavel registered for the forum, and does not mistake another forum's for it", async () => {
    db = openDatabase('gavel-forums-test-4');
    const database = db;
    const dashed = 'https://mafia-forum.example';
    const dotted = 'https://mafia.forum.example';
    const legacy = legacyContentScriptId(dashed);
    expect(legacyContentScriptId(dotted)).toBe(legacy);
    const { permissions, registered } = fakePermissions([`${dashed}/*`, `${dotted}/*`], [[legacy, [`${dashed}/*`]]]);
    const handlers = forumHandlers(
      () => database,
      permissions,
      () => 5,
    );
    await handlers['forums/enable']({ origin: dashed }, context);
    expect([...registered.keys()]).toEqual([legacy]);
    await handlers['forums/enable']({ origin: dotted }, context);
    expect([...registered.entries()]).toEqual([
      [legacy, [`${dashed}/*`]],
      [contentScriptId(dotted), [`${dotted}/*`]],
    ]);
  });
});
