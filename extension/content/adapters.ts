/**
 * One engine's adapter, for the engine a page turns out to be: the content script detects
 * with the small page-marker checks of `src/parsers/detect.ts` and then takes the adapter
 * it needs. The built content script is one classic script (vite.config.ts), so these
 * imports are inlined there: a module chunk would have to be web-accessible to every site,
 * which would let any page tell that Gavel is installed. Never anything from the network.
 */
import type { ForumEngineId } from '../../src/parsers/engine-id';
import type { ForumAdapter } from '../../src/parsers/types';

export const adapterLoaders = {
  phpbb: () => import('../../src/parsers/phpbb/adapter').then((m) => m.phpbbAdapter),
  xenforo1: () => import('../../src/parsers/xenforo1/adapter').then((m) => m.xenforo1Adapter),
  xenforo2: () => import('../../src/parsers/xenforo2/adapter').then((m) => m.xenforo2Adapter),
  vbulletin3: () => import('../../src/parsers/vbulletin3/adapter').then((m) => m.vbulletin3Adapter),
  vbulletin4: () => import('../../src/parsers/vbulletin4/adapter').then((m) => m.vbulletin4Adapter),
  vbulletin5: () => import('../../src/parsers/vbulletin5/adapter').then((m) => m.vbulletin5Adapter),
  discourse: () => import('../../src/parsers/discourse/adapter').then((m) => m.discourseAdapter),
  mybb: () => import('../../src/parsers/mybb/adapter').then((m) => m.mybbAdapter),
  smf: () => import('../../src/parsers/smf/adapter').then((m) => m.smfAdapter),
  invision: () => import('../../src/parsers/invision/adapter').then((m) => m.invisionAdapter),
  ucoz: () => import('../../src/parsers/ucoz/adapter').then((m) => m.ucozAdapter),
  curse: () => import('../../src/parsers/curse/adapter').then((m) => m.curseAdapter),
} as const satisfies Readonly<Record<ForumEngineId, () => Promise<ForumAdapter>>>;

/**
 * The adapter of the engine `detectEngine` found. The parsing code all adapters share is
 * asked for at the same time, so the two load side by side rather than one after the other
 * (a module preload would do the same by adding a <link> to the forum's page).
 */
export async function loadAdapter(engine: ForumEngineId): Promise<ForumAdapter> {
  const [adapter] = await Promise.all([adapterLoaders[engine](), import('../../src/parsers/html-thread')]);
  return adapter;
}
