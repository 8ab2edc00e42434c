/**
 * Everything in the host's language: what the worker and the parsers say
 * travels as codes with details, and the pages word it through the catalogs.
 * Parse issues, the count's roster and phase sources, the worker's refusals
 * (settings, game files, forums), a crawl's stops; and a changed setting is
 * told to every open page and tab.
 */
import { describe, expect, it } from 'vitest';
import { countFromPosts } from '../../extension/background/count-view';
import { fetchFollowingRedirects } from '../../extension/background/crawl';
import { normalizeOrigin } from '../../extension/background/handlers/forums';
import { settingsHandlers } from '../../extension/background/handlers/settings';
import { broadcastSettingsChanged, settingsChangedEvent } from '../../extension/background/settings-broadcast';
import { translatorFor } from '../../extension/shared/catalogs';
import { deserializeError, errorWords, GavelError, serializeError } from '../../extension/shared/errors';
import { sayError, sayMessage } from '../../extension/shared/format';
import type { HandlerContext } from '../../extension/shared/messaging';
import type { MessageType, RequestOf, ResponseOf, Settings } from '../../extension/shared/protocol';
import { countSourcesMessage, rosterSourceMessage } from '../../extension/shared/source-words';
import { importGame } from '../../extension/storage/game-file';
import { pageClaimMessage, maxThreadPages } from '../../extension/storage/crawls';
import { getSettings, setSettings } from '../../extension/storage/repository';
import type { Connector } from '../../extension/popup/connector';
import { createPopupStore } from '../../extension/popup/store';
import { englishIn } from '../../scripts/browser/visible-text';
import { engineMessage, word } from '../../src/engine/words';
import type { BodyNode, ForumPost } from '../../src/model/post';
import { addIssue, type IssueSink } from '../../src/parsers/dom';
import { freshDatabases } from './fresh-db';

const ru = translatorFor('ru');
const en = translatorFor('en');
const freshDb = freshDatabases('host-language');
const page: HandlerContext = {
  sender: { id: 'gavel', url: 'chrome-extension://gavel/extension/popup/index.html' },
  senderKind: 'extension-page',
};

/** Russian with no English word in it but the names given (and Gavel's, addresses, numbers). */
function expectRussian(text: string, names: readonly string[] = []): void {
  expect(englishIn(text, { names }), text).toEqual([]);
  expect(text).toMatch(/[а-яё]/i);
}

async function refusal(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (e) {
    return e;
  }
  throw new Error('expected a refusal');
}

describe('parse issues', () => {
  it('say what went wrong on which page as a code the host reads in Russian, keeping the English for logs', () => {
    const sink: IssueSink = { page: 3, issues: [] };
    addIssue(sink, 'structure/selector-count', 'phpbb.postBody', 0, '≥1');
    addIssue(sink, 'post/field-unreadable', 'phpbb.postNumber', 0, '1', 'p812400');
    const [missing, inPost] = sink.issues;
    expect(missing?.message).toBe('phpbb.postBody matched 0 of expected ≥1 on page 3');
    expect(missing?.words.code).toBe('parse/selector-count');
    const said = sayMessage(missing?.words ?? engineMessage('none'), { t: ru });
    expect(said).toBe('Страница 3: phpbb.postBody — найдено элементов: 0, ожидалось: ≥1 (возможно, форум изменил вёрстку)');
    expectRussian(said);
    expect(sayMessage(inPost?.words ?? engineMessage('none'), { t: ru })).toBe(
      'Страница 3, сообщение p812400: phpbb.postNumber — найдено элементов: 0, ожидалось: 1',
    );
  });
});

describe('the roster and phase sources', () => {
  const lines = (...parts: string[]): BodyNode[] =>
    parts.flatMap((text, i): BodyNode[] => (i === 0 ? [{ type: 'text', text }] : [{ type: 'break' }, { type: 'text', text }]));
  const post = (number: number, author: string, body: BodyNode[]): ForumPost => ({
    id: String(1000 + number),
    number,
    author,
    postedAt: Date.UTC(2026, 10, 20, 9, number),
    body,
  });

  it('are one Russian sentence on a thread with no game', () => {
    const result = countFromPosts([
      post(0, 'Host', lines('Players:', 'Alice', 'Bob', 'Carol', '', 'Day 1 begins.')),
      post(1, 'Alice', [{ type: 'text', text: 'Vote: Bob', bold: true }]),
    ]);
    if (!result.ok) throw new Error(result.reason);
    const sources = result.count.sources;
    if (sources === undefined) throw new Error('no sources message');
    const said = sayMessage(sources, { t: ru });
    expect(said).toBe(
      'Состав: список игроков в сообщении #0 (первое сообщение; игра для этой темы ещё не создана). ' +
        'Фазы: по сообщениям ведущего Host («День 2 начинается», «Ночь 1 началась»).',
    );
    expectRussian(said, ['Host']);
    // The English strings stay for the command line.
    expect(result.count.rosterSource).toBe('the player list in post #0 (the opening post; no game is set up for this thread)');
  });

  it('word a game’s stored source, and say one they do not know as written', () => {
    expect(sayMessage(rosterSourceMessage('the player list in post #12'), { t: ru })).toBe('список игроков в сообщении #12');
    expect(sayMessage(rosterSourceMessage('pasted by the host'), { t: ru })).toBe('вставлен ведущим');
    expect(sayMessage(rosterSourceMessage('a list from 2019'), { t: ru })).toBe('a list from 2019');
    const phases = engineMessage('phases/day-one-assumed', word.number(4));
    expect(sayMessage(countSourcesMessage(rosterSourceMessage('pasted by the host'), phases), { t: en })).toBe(
      'Roster: pasted by the host. Phases: no phase post found yet, so Day 1 runs from post #4.',
    );
  });
});

describe("the worker's refusals", () => {
  it('keep their words across the message hop, under the handler’s wrapper', () => {
    const refused = new GavelError('forums/bad-origin', '"x" is not a web address', {
      words: engineMessage('forums/not-an-address', word.text('x')),
    });
    const wrapped = new GavelError('message/handler-failed', 'forums/enable failed', {
      details: { type: 'forums/enable' },
      cause: refused,
    });
    const remote = deserializeError(JSON.parse(JSON.stringify(serializeError(wrapped))) as ReturnType<typeof serializeError>);
    expect(errorWords(remote)?.code).toBe('forums/not-an-address');
    expect(sayError(remote, { t: ru })).toBe('«x» — не веб-адрес');
    // With no words, the English chain is shown as before.
    expect(sayError(new Error('plain'), { t: ru })).toBe('plain');
  });

  it('say a refused setting in Russian', async () => {
    const db = freshDb();
    const tooLate = await refusal(setSettings(db, { reminders: [20_000] }));
    expect(sayError(tooLate, { t: ru })).toMatch(/^20000 — не целое число минут от 0 до 10\s080$/u);
    const clash = await refusal(setSettings(db, { voteGrammar: { voteKeywords: ['unvote'] } }));
    expect(sayError(clash, { t: ru })).toBe('«unvote» не может и отдавать, и снимать голос');
    const tooMany = await refusal(setSettings(db, { reminders: [1, 2, 3, 4, 5, 6] }));
    expect(sayError(tooMany, { t: ru })).toBe('не больше 5 напоминаний');
    const long = await refusal(setSettings(db, { voteGrammar: { voteKeywords: ['x'.repeat(41)] } }));
    expect(sayError(long, { t: ru })).toBe(`«${'x'.repeat(40)}…» длиннее 40 символов`);
  });

  it('say a refused game file in Russian', async () => {
    const db = freshDb();
    const notJson = sayError(await refusal(importGame(db, '{ not json', { replace: false })), { t: ru });
    expect(notJson).toMatch(/^Это не файл игры Gavel: это не JSON \(/);
    const notGavel = sayError(await refusal(importGame(db, '{"hello": 1}', { replace: false })), { t: ru });
    expect(notGavel).toMatch(/^Это не файл игры Gavel: в нём нет поля «format» со значением «/);
    const damaged = sayError(await refusal(importGame(db, '{"format": "gavel-game", "formatVersion": 1, "game": 3}', { replace: false })), {
      t: ru,
    });
    expect(damaged).toMatch(/^Файл игры повреждён/);
  });

  it('say a refused forum address in Russian', () => {
    const e = (() => {
      try {
        normalizeOrigin('ftp://forum.example');
      } catch (error) {
        return error;
      }
      throw new Error('expected a refusal');
    })();
    expect(sayError(e, { t: ru })).toBe('Gavel работает только на форумах с адресами http и https, а не ftp:');
  });
});

describe("a crawl's stops", () => {
  it('say a redirect loop and a page past the limit in Russian', async () => {
    const stop = (await refusal(
      fetchFollowingRedirects(
        (url) => Promise.resolve({ redirect: true, location: url.endsWith('a') ? 'https://forum.example/b' : 'https://forum.example/a' }),
        'https://forum.example/a',
        'https://forum.example',
      ),
    )) as { words?: unknown };
    expect(sayError(Object.assign(new Error('stop'), { words: stop.words }), { t: ru })).toBe(
      'https://forum.example/a перенаправляет по кругу (обратно на https://forum.example/a); Gavel перестал следовать переадресациям.',
    );
    const claim = pageClaimMessage(maxThreadPages + 1, null);
    if (claim === null) throw new Error('the claim was believed');
    expect(sayMessage(claim, { t: ru })).toMatch(
      /^Страница называет себя страницей 10\s001, а Gavel читает в одной теме не больше 10\s000 страниц\.$/u,
    );
  });
});

describe('a changed setting', () => {
  it('is told once it is saved, and not when it is refused', async () => {
    const db = freshDb();
    let told = 0;
    const handlers = settingsHandlers(
      () => db,
      () => told++,
    );
    await handlers['settings/set']({ language: 'ru' }, page);
    expect(told).toBe(1);
    await expect(handlers['settings/set']({ reminders: [-1] }, page)).rejects.toThrow();
    expect(told).toBe(1);
    expect((await getSettings(db)).language).toBe('ru');
  });

  it('is broadcast to the extension pages and every tab, a tab with no Gavel in it being no error', async () => {
    const sent: string[] = [];
    await broadcastSettingsChanged({
      sendToPages: (m) => {
        sent.push(`pages ${JSON.stringify(m)}`);
        return Promise.reject(new Error('Could not establish connection. Receiving end does not exist.'));
      },
      tabIds: () => Promise.resolve([4, 7]),
      sendToTab: (id, m) => {
        sent.push(`tab ${id} ${JSON.stringify(m)}`);
        return id === 4 ? Promise.reject(new Error('no content script')) : Promise.resolve(undefined);
      },
    });
    const event = JSON.stringify(settingsChangedEvent);
    expect(sent).toEqual([`pages ${event}`, `tab 4 ${event}`, `tab 7 ${event}`]);
    expect(settingsChangedEvent).toEqual({ gavel: 1, event: 'settings/changed', payload: {} });
  });

  it('switches an open page’s language when another page changed it', async () => {
    let language: Settings['language'] = 'en';
    let heard: (() => void) | undefined;
    const connector: Connector = {
      request: <T extends MessageType>(type: T, _payload: RequestOf<T>): Promise<ResponseOf<T>> => {
        if (type !== 'settings/get') return Promise.reject(new Error(`${type} is not part of this test`));
        return Promise.resolve({ outputDialect: 'bbcode', language, voteGrammar: {}, reminders: [60], badge: 'votes' } as ResponseOf<T>);
      },
      activeTabUrl: () => Promise.resolve(null),
      requestOrigin: () => Promise.resolve(false),
      openDashboard: () => Promise.resolve(),
      download: () => Promise.resolve(),
      uiLanguage: () => 'en-US',
      onSettingsChanged: (listener) => {
        heard = listener;
        return () => undefined;
      },
    };
    const store = createPopupStore(connector);
    expect(store.language.value).toBe('en');
    language = 'ru';
    heard?.();
    await expect.poll(() => store.language.value).toBe('ru');
    expect(store.t.value('popup_settings_heading')).toBe('Настройки');
  });
});
