/**
 * Every engine's module, and the tables derived from them. Adding an engine is a
 * folder with its module (`npm run new:engine <id>` writes a skeleton), its id in
 * `engine-id.ts` (whose order is detection's) and one line here; nothing else
 * keyed by engine is written by hand.
 */
import { curseEngine } from './curse/index';
import { discourseEngine } from './discourse/index';
import { plainNumbering, type PostNumbering } from '../model/post';
import { forumEngineIds, isForumEngineId, type ForumEngineId } from './engine-id';
import type { ForumEngineModule } from './engine-module';
import { invisionEngine } from './invision/index';
import { mybbEngine } from './mybb/index';
import { phpbbEngine } from './phpbb/index';
import { smfEngine } from './smf/index';
import { ucozEngine } from './ucoz/index';
import { vbulletin3Engine } from './vbulletin3/index';
import { vbulletin4Engine } from './vbulletin4/index';
import { vbulletin5Engine } from './vbulletin5/index';
import { xenforo1Engine } from './xenforo1/index';
import { xenforo2Engine } from './xenforo2/index';

/** One module per engine id: a total record, so an id without its module fails `tsc`. */
export const engineModules: { readonly [E in ForumEngineId]: ForumEngineModule<E> } = {
  curse: curseEngine,
  discourse: discourseEngine,
  invision: invisionEngine,
  mybb: mybbEngine,
  phpbb: phpbbEngine,
  smf: smfEngine,
  ucoz: ucozEngine,
  vbulletin3: vbulletin3Engine,
  vbulletin4: vbulletin4Engine,
  vbulletin5: vbulletin5Engine,
  xenforo1: xenforo1Engine,
  xenforo2: xenforo2Engine,
  // new:engine adds here
};

/** The engines in detection order (the order of `forumEngineIds`). */
export const engines: readonly ForumEngineModule[] = forumEngineIds.map((id) => engineModules[id]);

/**
 * A table keyed by engine id, in detection order, with one entry per engine taken from its module.
 * @example byEngine((engine) => engine.bodyProfile) // { discourse: …, xenforo2: …, … }
 */
export function byEngine<T>(pick: (engine: ForumEngineModule) => T): Readonly<Record<ForumEngineId, T>> {
  return Object.fromEntries(engines.map((engine) => [engine.id, pick(engine)])) as Record<ForumEngineId, T>;
}

/**
 * How an engine's forum prints post numbers; an engine Gavel does not know prints "#N" with N as Gavel counts.
 * @example postNumberingOf('smf') // { offset: 1, prefix: 'Reply #' }
 */
export function postNumberingOf(engine: string): PostNumbering {
  return isForumEngineId(engine) ? engineModules[engine].numbering : plainNumbering;
}
