/**
 * A game file someone sent the host, imported in the built extension: a file
 * whose game claims the host's thread (dated far in the future, with a forged
 * vote), or whose thread claims one site's key with another site's origin, is
 * refused and every IndexedDB table stays byte for byte as it was; a sound
 * file of a game in another thread changes nothing outside that game and its
 * own thread.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoThread } from '../../scripts/forum-pages/demo-thread';
import { askWorker, onDemoForum, openPopup, trackDemoThread } from './host-steps';

const demo = onDemoForum();

const origin = `https://${demoThread.forumHost}`;
const hostThreadKey = `${origin}|${demoThread.threadId}`;

type Row = Record<string, unknown>;
type Tables = Record<string, Row[]>;
interface FileJson {
  game: Row;
  nightActions: Row[];
  nightResolutions: Row[];
  pardons: Row[];
  publishedPosts: Row[];
  thread: { thread: Row; pages: Row[]; posts: (Row & { post: Row })[] } | null;
}

/** Every row of every table of Gavel's database, read from an extension page. */
function readDatabase(page: Page): Promise<Tables> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('gavel');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
    });
    try {
      const names = [...db.objectStoreNames].sort();
      const out: Record<string, unknown[]> = {};
      const tx = db.transaction(names, 'readonly');
      await Promise.all(
        names.map(
          (name) =>
            new Promise<void>((resolve, reject) => {
              const all = tx.objectStore(name).getAll();
              all.onsuccess = () => {
                out[name] = all.result;
                resolve();
              };
              all.onerror = () => reject(all.error ?? new Error(`getAll ${name} failed`));
            }),
        ),
      );
      return out as Record<string, Record<string, unknown>[]>;
    } finally {
      db.close();
    }
  });
}

/** Imports a file through the popup's file input, as the host does. */
async function importThroughPopup(popup: Page, file: FileJson, replace: boolean): Promise<void> {
  const box = popup.getByTestId('import-replace');
  if ((await box.isChecked()) !== replace) await box.setChecked(replace);
  await popup
    .getByTestId('import-file')
    .setInputFiles({ name: 'from-a-friend.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
}

/** The rows not of the given game and not of the given thread. */
function outside(tables: Tables, gameId: string, threadKey: string): Tables {
  const mine = (row: Row): boolean =>
    row['gameId'] === gameId || row['id'] === gameId || row['threadKey'] === threadKey || row['key'] === threadKey;
  return Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, rows.filter((r) => !mine(r))]));
}

describe('importing a game file in Chromium', () => {
  it('refuses a file that claims the host’s thread, and a file that names another thread changes nothing outside its own game', async () => {
    const thread = await trackDemoThread(demo.browser);
    let popup = await openPopup(demo.browser);
    const created = await askWorker(popup, 'game/create', {
      threadKey: hostThreadKey,
      presetId: 'forum-template-001',
      roster: { from: 'opening-post' },
    });
    expect(created.ok, created.error?.message).toBe(true);
    const gameId = (created.value as { id: string }).id;
    const exported = await askWorker(popup, 'game/export', { id: gameId });
    expect(exported.ok, exported.error?.message).toBe(true);
    const hostFile = (exported.value as { json: string }).json;
    const copy = (): FileJson => JSON.parse(hostFile) as FileJson;
    // Nothing else reads the thread from here on.
    await thread.close();
    await popup.close();
    popup = await openPopup(demo.browser);
    const before = JSON.stringify(await readDatabase(popup));
    expect(JSON.parse(before)).toMatchObject({ games: [{ id: gameId, threadKey: hostThreadKey }] });

    // 1. Another game in the host's thread, "changed" in 2999, with a forged vote at a post number the thread has.
    const takeover = copy();
    takeover.game['id'] = 'forged';
    takeover.game['title'] = 'Forged';
    takeover.game['updatedAt'] = Date.UTC(2999, 0, 1);
    for (const rows of [takeover.nightActions, takeover.nightResolutions, takeover.pardons, takeover.publishedPosts])
      for (const row of rows) row['gameId'] = 'forged';
    const victim = takeover.thread?.posts[1];
    if (victim !== undefined) {
      victim['postId'] = 'forged-1';
      victim.post['id'] = 'forged-1';
      victim.post['body'] = [{ type: 'text', text: 'Vote: Nobody', bold: true }];
    }
    await importThroughPopup(popup, takeover, true);
    await expect.poll(() => popup.getByTestId('games-problem').innerText()).toContain('already has a game in Gavel');
    expect(JSON.stringify(await readDatabase(popup))).toBe(before);

    // 2. The host's thread key with another site's origin.
    const elsewhere = copy();
    elsewhere.game['id'] = 'elsewhere';
    for (const rows of [elsewhere.nightActions, elsewhere.nightResolutions, elsewhere.pardons, elsewhere.publishedPosts])
      for (const row of rows) row['gameId'] = 'elsewhere';
    if (elsewhere.thread !== null) elsewhere.thread.thread['origin'] = 'https://evil.example';
    await importThroughPopup(popup, elsewhere, false);
    await expect.poll(() => popup.getByTestId('games-problem').innerText()).toMatch(/damaged.*“thread\.thread\.key”/);
    expect(JSON.stringify(await readDatabase(popup))).toBe(before);

    // 3. A sound file of a game in another thread: imported, and nothing outside that game and thread changes.
    const otherKey = `${origin}|31337`;
    const other = copy();
    other.game['id'] = 'mini-3000';
    other.game['title'] = 'Mini 3000';
    other.game['threadKey'] = otherKey;
    for (const rows of [other.nightActions, other.nightResolutions, other.pardons, other.publishedPosts])
      for (const row of rows) row['gameId'] = 'mini-3000';
    if (other.thread !== null) {
      other.thread.thread['key'] = otherKey;
      other.thread.thread['threadId'] = '31337';
      for (const page of other.thread.pages) {
        page['threadKey'] = otherKey;
        page['url'] = `${origin}/viewtopic.php?t=31337&start=${Number(page['pageNumber']) - 1}`;
      }
      for (const row of other.thread.posts) {
        row['postId'] = `3-${String(row['postId'])}`;
        row.post['id'] = row['postId'];
      }
    }
    await importThroughPopup(popup, other, false);
    await popup.getByTestId('game-page').waitFor();
    const after = await readDatabase(popup);
    expect(JSON.stringify(outside(after, 'mini-3000', otherKey))).toBe(
      JSON.stringify(outside(JSON.parse(before) as Tables, 'mini-3000', otherKey)),
    );
    expect(after['games']?.map((g) => `${String(g['id'])} ${String(g['threadKey'])}`).sort()).toEqual([
      `${gameId} ${hostThreadKey}`,
      `mini-3000 ${otherKey}`,
    ]);
    expect(after['posts']?.filter((p) => p['threadKey'] === otherKey).length).toBe(other.thread?.posts.length);
    await popup.close();
  });
});
