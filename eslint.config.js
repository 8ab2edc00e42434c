// ESLint flat config. The `boundaries/*` blocks enforce which module may import
// what (see README "Architecture"): a violation fails `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const preact = ['preact', 'preact/*', '@preact/*'];
const browser = ['webextension-polyfill'];
const dexie = ['dexie', 'dexie/*', 'y-dexie', 'y-dexie/*'];

/** Import patterns (gitignore-style, matched against the import string). */
const toExtension = ['**/extension/**', '**/extension'];
const toParsers = ['**/parsers/**', '**/parsers', '**/src/parsers/**'];
const toEngine = ['**/engine/**', '**/engine', '**/src/engine/**'];
const toStorage = ['**/storage/**', '**/storage'];

function restrict(groups) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: groups.map(({ group, regex, message }) => (regex === undefined ? { group, message } : { regex, message })),
      },
    ],
  };
}

/**
 * Page-derived text must never become markup (issue: hostile content). Gavel
 * runs inside other people's forums, on text any player can write: a name
 * like `<img src=x onerror=…>` must stay text. These selectors catch every way
 * of turning a string into HTML, assignment (`=`, `+=`) or computed
 * (`el['innerHTML']`), in plain calls and in Preact props.
 */
const htmlSinkProperty = '/^(innerHTML|outerHTML)$/';
const rawHtmlSelectors = [
  {
    selector: `AssignmentExpression[left.property.name=${htmlSinkProperty}]`,
    message: 'Do not assign HTML strings: build nodes or render text (page text is untrusted).',
  },
  {
    selector: `AssignmentExpression[left.computed=true][left.property.value=${htmlSinkProperty}]`,
    message: 'Do not assign HTML strings: build nodes or render text (page text is untrusted).',
  },
  {
    selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
    message: 'Do not insert HTML strings: build nodes or render text (page text is untrusted).',
  },
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: 'dangerouslySetInnerHTML is forbidden: render page text as text.',
  },
  {
    selector: "Property[key.name='dangerouslySetInnerHTML']",
    message: 'dangerouslySetInnerHTML is forbidden: render page text as text.',
  },
  {
    selector: "CallExpression[callee.object.name='document'][callee.property.name=/^(write|writeln)$/]",
    message: 'document.write is forbidden: it turns strings into markup (page text is untrusted).',
  },
];
const noRawHtml = { 'no-restricted-syntax': ['error', ...rawHtmlSelectors] };

/**
 * In the extension and src/ even reading `innerHTML` is forbidden: parsers walk
 * the DOM and read textContent, so markup never travels as a string that could
 * later be put back into a page.
 */
const noHtmlStrings = {
  'no-restricted-syntax': [
    'error',
    ...rawHtmlSelectors,
    {
      selector: "MemberExpression[property.name='innerHTML']",
      message: 'Do not read innerHTML: walk the DOM and read textContent (page markup is untrusted).',
    },
  ],
};

export default tseslint.config(
  {
    name: 'ignores',
    ignores: ['dist/**', 'node_modules/**', 'demo-output/**', 'test-results/**', '.tsbuild/**', 'bin/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    name: 'project/base',
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.es2021 },
    },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      ...noRawHtml,
    },
  },
  {
    name: 'env/node',
    files: ['cli/**', 'scripts/**', 'server/**', 'test/**', '*.config.*', 'bin/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    name: 'env/browser',
    files: ['extension/**', 'src/parsers/**', 'test/e2e/**'],
    languageOptions: { globals: { ...globals.browser } },
  },

  {
    name: 'hardening/no-html-strings',
    files: ['extension/**', 'src/**'],
    rules: noHtmlStrings,
  },

  // ---------------------------------------------------------------------------
  // Module boundaries
  {
    name: 'boundaries/model',
    files: ['src/model/**'],
    rules: restrict([
      {
        group: [...toEngine, ...toParsers, ...toExtension, ...preact, ...browser, ...dexie],
        message: 'src/model is the plain-data contract: it imports nothing.',
      },
    ]),
  },
  {
    name: 'boundaries/engine',
    files: ['src/engine/**'],
    rules: {
      ...restrict([
        {
          group: toParsers,
          message:
            'src/engine must not import src/parsers: parsers produce posts, the engine consumes them (src/model is the shared contract).',
        },
        { group: toExtension, message: 'src/engine is pure: it must not import extension code.' },
        { group: [...preact, ...browser, ...dexie], message: 'src/engine is pure: no UI, browser or storage libraries.' },
      ]),
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'src/engine has no DOM.' },
        { name: 'document', message: 'src/engine has no DOM.' },
        { name: 'chrome', message: 'src/engine has no browser.' },
        { name: 'browser', message: 'src/engine has no browser.' },
        { name: 'indexedDB', message: 'src/engine has no storage.' },
        { name: 'fetch', message: 'src/engine does no I/O.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'The engine is deterministic: take `now` as an argument.' },
        { object: 'Math', property: 'random', message: 'The engine is deterministic: take an Rng as an argument.' },
      ],
    },
  },
  {
    name: 'boundaries/parsers',
    files: ['src/parsers/**'],
    rules: {
      ...restrict([
        { group: toExtension, message: 'src/parsers must not import extension code.' },
        // Except the engine's words (pure types and builders): a parse issue is said as a code the pages word.
        {
          regex: '(^|/)engine(/(?!words(\\.ts)?$).*)?$',
          message: 'src/parsers must not import src/engine (src/model is the shared contract).',
        },
        { group: [...preact, ...browser, ...dexie], message: 'src/parsers turn pages into data: no UI, browser or storage libraries.' },
      ]),
      'no-restricted-globals': [
        'error',
        { name: 'chrome', message: 'src/parsers never touch the browser runtime.' },
        { name: 'browser', message: 'src/parsers never touch the browser runtime.' },
        { name: 'indexedDB', message: 'src/parsers never touch storage.' },
        { name: 'localStorage', message: 'src/parsers never touch storage.' },
      ],
    },
  },
  {
    name: 'boundaries/content',
    files: ['extension/content/**'],
    rules: {
      ...restrict([
        {
          group: toStorage,
          message:
            "Content scripts never open IndexedDB: they run in the forum's origin and would write into the forum's database. Send a message to the worker.",
        },
        { group: dexie, message: 'Content scripts never open IndexedDB: send a message to the worker.' },
      ]),
      'no-restricted-globals': [
        'error',
        { name: 'indexedDB', message: "Content scripts never open IndexedDB: they run in the forum's origin." },
      ],
    },
  },
  {
    name: 'boundaries/popup-components',
    files: ['extension/popup/components/**'],
    rules: restrict([
      { group: browser, message: 'Popup components are pure: only popup/connector.ts talks to the runtime.' },
      { group: [...toStorage, ...dexie], message: 'Popup components are pure: they get data from the store.' },
    ]),
  },
  {
    name: 'boundaries/dexie-only-in-storage',
    files: ['**/*.ts', '**/*.tsx', '**/*.js'],
    ignores: [
      'extension/storage/**',
      'test/**',
      'src/engine/**',
      'src/parsers/**',
      'src/model/**',
      'extension/content/**',
      'extension/popup/components/**',
    ],
    rules: restrict([{ group: dexie, message: 'Only extension/storage imports dexie.' }]),
  },
);
