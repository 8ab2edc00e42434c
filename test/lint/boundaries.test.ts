/**
 * The module boundaries are enforced by lint: these cases prove that a
 * forbidden import or global fails (and that allowed ones pass), by linting
 * small sources as if they lived at the given paths with the project's config.
 */
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

const forbidden: readonly [string, string, string, RegExp][] = [
  [
    'the engine importing the parsers',
    'src/engine/votes/x.ts',
    "import { parsePostBody } from '../../parsers';\nexport const f = parsePostBody;\n",
    /must not import src\/parsers/,
  ],
  [
    'the engine importing extension code',
    'src/engine/x.ts',
    "import { openDatabase } from '../../extension/storage/schema';\nexport const f = openDatabase;\n",
    /must not import extension code/,
  ],
  ['the engine importing preact', 'src/engine/x.ts', "import { h } from 'preact';\nexport const f = h;\n", /no UI, browser or storage/],
  ['the engine importing dexie', 'src/engine/x.ts', "import Dexie from 'dexie';\nexport const f = Dexie;\n", /no UI, browser or storage/],
  ['the engine reading the clock', 'src/engine/x.ts', 'export const t = Date.now();\n', /take `now` as an argument/],
  ['the engine using Math.random', 'src/engine/x.ts', 'export const r = Math.random();\n', /take an Rng/],
  ['the engine touching the DOM', 'src/engine/x.ts', 'export const d = document.title;\n', /src\/engine has no DOM/],
  [
    'the parsers importing the engine',
    'src/parsers/x.ts',
    "import { createRng } from '../engine';\nexport const f = createRng;\n",
    /must not import src\/engine/,
  ],
  [
    'the parsers importing an engine module other than its words',
    'src/parsers/x.ts',
    "import { defaultVoteGrammar } from '../engine/votes/rules';\nexport const f = defaultVoteGrammar;\n",
    /must not import src\/engine/,
  ],
  [
    'the parsers importing the browser API',
    'src/parsers/x.ts',
    "import browser from 'webextension-polyfill';\nexport const f = browser;\n",
    /no UI, browser or storage/,
  ],
  [
    'the parsers importing extension code',
    'src/parsers/x.ts',
    "import { threadKey } from '../../extension/shared/protocol';\nexport const f = threadKey;\n",
    /must not import extension code/,
  ],
  [
    'a content script importing storage',
    'extension/content/x.ts',
    "import { openDatabase } from '../storage/schema';\nexport const f = openDatabase;\n",
    /Content scripts never open IndexedDB/,
  ],
  [
    'a content script importing dexie',
    'extension/content/x.ts',
    "import Dexie from 'dexie';\nexport const f = Dexie;\n",
    /Content scripts never open IndexedDB/,
  ],
  [
    'a content script opening IndexedDB itself',
    'extension/content/x.ts',
    "export const r = indexedDB.open('x');\n",
    /Content scripts never open IndexedDB/,
  ],
  [
    'the popup importing dexie outside storage',
    'extension/popup/x.ts',
    "import Dexie from 'dexie';\nexport const f = Dexie;\n",
    /Only extension\/storage imports dexie/,
  ],
  [
    'the worker importing dexie outside storage',
    'extension/background/x.ts',
    "import Dexie from 'dexie';\nexport const f = Dexie;\n",
    /Only extension\/storage imports dexie/,
  ],
  [
    'a popup component using the browser API',
    'extension/popup/components/x.tsx',
    "import browser from 'webextension-polyfill';\nexport const f = browser;\n",
    /only popup\/connector.ts talks to the runtime/,
  ],
  [
    'assigning innerHTML',
    'extension/content/x.ts',
    'export function f(el: HTMLElement, s: string) { el.innerHTML = s; }\n',
    /Do not assign HTML strings/,
  ],
  [
    'dangerouslySetInnerHTML',
    'extension/popup/components/x.tsx',
    'export const f = (s: string) => <div dangerouslySetInnerHTML={{ __html: s }} />;\n',
    /dangerouslySetInnerHTML is forbidden/,
  ],
  // Hostile content: every way of turning a player's text into markup.
  [
    'assigning outerHTML',
    'extension/content/x.ts',
    'export function f(el: HTMLElement, name: string) { el.outerHTML = name; }\n',
    /Do not assign HTML strings/,
  ],
  [
    'appending to innerHTML',
    'extension/popup/x.ts',
    'export function f(el: HTMLElement, name: string) { el.innerHTML += name; }\n',
    /Do not assign HTML strings/,
  ],
  [
    'assigning innerHTML by a computed key',
    'extension/background/x.ts',
    "export function f(el: HTMLElement, name: string) { el['innerHTML'] = name; }\n",
    /Do not assign HTML strings/,
  ],
  [
    'assigning innerHTML in the parsers',
    'src/parsers/x.ts',
    'export function f(el: Element, s: string) { el.innerHTML = s; }\n',
    /Do not assign HTML strings/,
  ],
  [
    'insertAdjacentHTML',
    'extension/content/x.ts',
    "export function f(el: HTMLElement, name: string) { el.insertAdjacentHTML('beforeend', name); }\n",
    /Do not insert HTML strings/,
  ],
  ['document.write', 'extension/popup/x.ts', 'export function f(name: string) { document.write(name); }\n', /document.write is forbidden/],
  [
    'document.writeln',
    'extension/popup/x.ts',
    'export function f(name: string) { document.writeln(name); }\n',
    /document.write is forbidden/,
  ],
  [
    'dangerouslySetInnerHTML passed to h()',
    'extension/content/x.ts',
    "import { h } from 'preact';\nexport const f = (s: string) => h('div', { dangerouslySetInnerHTML: { __html: s } });\n",
    /dangerouslySetInnerHTML is forbidden/,
  ],
  ['a parser reading innerHTML', 'src/parsers/x.ts', 'export const f = (el: Element): string => el.innerHTML;\n', /Do not read innerHTML/],
  [
    'the panel reading innerHTML',
    'extension/content/x.ts',
    'export const f = (el: Element): string => el.innerHTML;\n',
    /Do not read innerHTML/,
  ],
];

const allowed: readonly [string, string, string][] = [
  [
    'the engine importing the post contract',
    'src/engine/x.ts',
    "import type { ForumPost } from '../model/post';\nexport type P = ForumPost;\n",
  ],
  [
    'the parsers importing the post contract',
    'src/parsers/x.ts',
    "import type { BodyNode } from '../model/post';\nexport type B = BodyNode;\n",
  ],
  [
    "the parsers importing the engine's words (a parse issue said as a code)",
    'src/parsers/x.ts',
    "import { engineMessage } from '../engine/words';\nexport const f = engineMessage;\n",
  ],
  ['storage importing dexie', 'extension/storage/x.ts', "import Dexie from 'dexie';\nexport const f = Dexie;\n"],
  [
    'the worker importing storage',
    'extension/background/x.ts',
    "import { openDatabase } from '../storage/schema';\nexport const f = openDatabase;\n",
  ],
  [
    'the connector using the browser API',
    'extension/popup/connector-x.ts',
    "import browser from 'webextension-polyfill';\nexport const f = browser;\n",
  ],
  [
    'the content script importing the parsers and the engine',
    'extension/content/x.ts',
    "import { createRng } from '../../src/engine';\nexport const f = createRng;\n",
  ],
  [
    'the panel setting a player name as text',
    'extension/content/x.ts',
    'export function f(el: HTMLElement, name: string) { el.textContent = name; }\n',
  ],
  ['a parser reading textContent', 'src/parsers/x.ts', "export const f = (el: Element): string => el.textContent ?? '';\n"],
];

describe('module boundaries (lint)', () => {
  it.each(forbidden)('fails %s', async (_name, path, code, message) => {
    const found = await problems(path, code);
    expect(
      found.some((p) => message.test(p)),
      `expected ${String(message)} in:\n${found.join('\n')}`,
    ).toBe(true);
  });

  it.each(allowed)('allows %s', async (_name, path, code) => {
    const found = (await problems(path, code)).filter((p) => /no-restricted/.test(p));
    expect(found).toEqual([]);
  });
});
