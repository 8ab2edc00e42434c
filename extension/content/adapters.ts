/**
 * One engine's adapter, for the engine a page turns out to be: the content script detects
 * with each engine's page markers (`src/parsers/detect.ts`) and then takes the adapter it
 * needs, from the engine modules (`src/parsers/engines.ts`). The built content script is
 * one classic script (vite.config.ts), so every adapter is inside it: a module chunk would
 * have to be web-accessible to every site, which would let any page tell that Gavel is
 * installed. Never anything from the network.
 */
import type { ForumEngineId } from '../../src/parsers/engine-id';
import { byEngine } from '../../src/parsers/engines';
import type { ForumAdapter } from '../../src/parsers/types';

/** Each engine's adapter, as a promise (the content script's code awaits it as it would a load). */
export const adapterLoaders: Readonly<Record<ForumEngineId, () => Promise<ForumAdapter>>> = byEngine(
  (engine) => () => Promise.resolve(engine.adapter),
);

/** The adapter of the engine `detectEngine` found. */
export async function loadAdapter(engine: ForumEngineId): Promise<ForumAdapter> {
  return adapterLoaders[engine]();
}
