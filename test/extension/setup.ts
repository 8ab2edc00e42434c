// In-memory IndexedDB for the storage tests (Dexie runs against it in Node).
import 'fake-indexeddb/auto';
