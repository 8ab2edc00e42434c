// In-memory IndexedDB for the storage tests (Dexie runs against it in Node).
import 'fake-indexeddb/auto';
import { afterAll } from 'vitest';

// Preact runs effects after the next frame, with a 100 ms timer as the fallback that then calls
// cancelAnimationFrame. A test file that ends right after a render leaves that timer pending; when it fires
// after the jsdom environment is gone, cancelAnimationFrame is undefined and the run reports an uncaught
// error. Waiting out the fallback before the file ends lets every pending effect run while the DOM exists.
afterAll(() => new Promise<void>((done) => setTimeout(done, 250)));
