/**
 * In-memory databases for one test file (fake-indexeddb, set up in setup.ts):
 * each call opens a new, empty Gavel database, and every database a test
 * opened is closed and deleted after it.
 */
import Dexie from 'dexie';
import { afterEach } from 'vitest';
import { openDatabase, type GavelDatabase } from '../../extension/storage/schema';

export function freshDatabases(prefix: string): () => GavelDatabase {
  const opened: GavelDatabase[] = [];
  let counter = 0;
  afterEach(async () => {
    for (const db of opened.splice(0)) {
      db.close();
      await Dexie.delete(db.name);
    }
  });
  return () => {
    const db = openDatabase(`${prefix}-${++counter}`);
    opened.push(db);
    return db;
  };
}
