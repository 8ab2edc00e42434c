/**
 * The host's whole game, start to end, in the built extension in Debian's
 * Chromium, once in English and once in Russian (issue 16), each in a fresh
 * browser profile with the language picked in the popup's Settings.
 *
 * The thread (a phpBB thread served on 127.0.0.1, written for this test) is on
 * Day 2 when the host installs Gavel: its opening post lists the players with
 * a replacement ("Dandelion replaced Daisy") and a misspelt name ("Gorze", while
 * Gorse posts in the thread); Day 1 ended by the host's post with Elm lynched
 * (Fern's vote the hammer); Dandelion posted during Night 1 (a breach); the
 * Day 2 post announces Gorse's night kill; Day 2's votes hammer Fern.
 *
 * The host tracks the thread; creates the game in the dashboard from the
 * roster preview (problems flagged, hosts filled in); renames Gorze in place;
 * enters every role; confirms "This thread is on Day 2"; ends Day 2 on the
 * hammer and copies the night-start post into the thread; enters Night 2's
 * role PMs (the mafia kill Dandelion, the doctor guards Corvid, the cop checks
 * Alpha_Wolf), resolves and applies it and copies the day-start post; pardons
 * Dandelion's night post with a note; the thread grows with Day 3's hammer on
 * Alpha_Wolf, the last mafia; the game is over and the town has won.
 *
 * Each step leaves a screenshot, test-results/screenshots/flow-<lang>-<nn>-<step>.png.
 * In Russian, each step's visible texts are collected and the test fails on
 * any English word that is not a name or the forum's own text, listing every
 * one (also written to test-results/flow-ru-english.txt).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/browser/harness';
import { panelText } from '../../scripts/browser/demo-forum';
import { collectVisibleText, describeFindings, findEnglish, type VisibleText } from '../../scripts/browser/visible-text';
import { pageCount, pageUrl, type DemoPost, type DemoThread } from '../../scripts/forum-pages/phpbb';
import { defaultVoteGrammar, findRuleset } from '../../src/engine';
import { translatorFor } from '../../extension/shared/catalogs';
import { phaseLabel } from '../../extension/shared/format';
import type { Language } from '../../extension/shared/i18n';
import { rulesetName, rulesetWords } from '../../extension/shared/ruleset-words';
import { askWorker, onForumThread, openPopup } from './host-steps';

const results = join(repoRoot, 'test-results');
const screenshots = join(results, 'screenshots');

const host = 'Gavel Host';
const coHost = 'Moon Helper';
const listed = ['Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion replaced Daisy', 'Elm', 'Fern', 'Gorze'];
const players = ['Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion', 'Elm', 'Fern', 'Gorse'] as const;
type Player = (typeof players)[number];
const roles: Readonly<Record<Player, readonly [faction: string, role: string]>> = {
  Alpha_Wolf: ['mafia', 'goon'],
  Bluebell: ['town', 'doctor'],
  Corvid: ['town', 'cop'],
  Dandelion: ['town', 'vanilla'],
  Elm: ['town', 'vanilla'],
  Fern: ['mafia', 'goon'],
  Gorse: ['town', 'vanilla'],
};
const ruleset = findRuleset('forum-template-001');
if (ruleset === undefined) throw new Error('The forum template (001) is not among the presets');

/** A fresh copy of the thread for one run: it grows as the game is played. */
function makeThread(): { readonly thread: DemoThread; readonly posts: DemoPost[]; say(author: string, bbcode: string): void } {
  const posts: DemoPost[] = [];
  let minutes = 0;
  const say = (author: string, bbcode: string): void => {
    minutes += 10;
    posts.push({
      id: 933_000 + posts.length,
      author,
      userId: author === host ? 2 : 40 + players.indexOf(author as Player),
      time: new Date(Date.UTC(2026, 10, 23, 9, 0) + minutes * 60_000).toISOString().replace('.000Z', '+00:00'),
      bbcode,
    });
  };
  say(
    host,
    `[b]Welcome to Mini 2216: The Whole Flow![/b]\n\nPlayers:\n${listed.join('\n')}\n\nCo-host: ${coHost}\n\nDay 1 begins now. With 7 alive it takes 4 to lynch.`,
  );
  say('Bluebell', 'Hi all. [b]Vote: Elm[/b]');
  say('Gorse', 'Morning all, reading the thread before I vote.');
  say('Corvid', 'Elm is quiet. [b]Vote: Elm[/b]');
  say('Elm', 'Why me? [b]Vote: Bluebell[/b]');
  say('Alpha_Wolf', '[b]Vote: Elm[/b]');
  say('Fern', 'Hammer. [b]Vote: Elm[/b]');
  say(host, '[b]Day 1 is over.[/b]\nElm was lynched. Elm was a Vanilla Townie.\n\nNight 1 begins.');
  say('Dandelion', 'Wait, what happened? I missed the whole day.');
  say(host, '[b]Day 2 begins![/b]\nGorse was killed in the night. Gorse was a Vanilla Townie.');
  say('Corvid', 'Fern hammered fast yesterday. [b]Vote: Fern[/b]');
  say('Fern', '[b]Vote: Corvid[/b]');
  say('Bluebell', '[b]Vote: Fern[/b]');
  say('Dandelion', 'Agreed. [b]Vote: Fern[/b]');
  return {
    thread: { forumHost: 'forum.mafiascum.net', threadId: 92_216, title: 'Mini 2216: The Whole Flow', perPage: 8, posts },
    posts,
    say,
  };
}

/** Whether `first` comes before `second` on the page. */
function comesBefore(page: Page, first: string, second: string): Promise<boolean> {
  return page.evaluate(
    ([a, b]) => {
      const x = document.querySelector(`[data-testid="${a}"]`);
      const y = document.querySelector(`[data-testid="${b}"]`);
      return x !== null && y !== null && (x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    },
    [first, second] as const,
  );
}

/** Opens every folded part of a page (details, shadow roots included), so its text is seen and shown. */
async function unfold(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const open = (root) => {
      for (const d of root.querySelectorAll('details')) d.open = true;
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) open(el.shadowRoot);
    };
    open(document);
  })()`);
}

describe.each(['en', 'ru'] as const satisfies readonly Language[])(
  'the host’s whole game from a thread on Day 2, in Chromium (%s)',
  (language) => {
    const t = translatorFor(language);
    const words = rulesetWords(ruleset, language);
    const day = (n: number): string => phaseLabel({ kind: 'day', number: n }, t);
    const night = (n: number): string => phaseLabel({ kind: 'night', number: n }, t);
    const note = language === 'ru' ? 'написал ночью по ошибке, ничего не раскрыл' : 'posted by mistake, revealed nothing';
    const { thread, posts, say } = makeThread();
    const forum = onForumThread(thread);
    const seen: VisibleText[] = [];
    let step = 0;

    beforeAll(() => {
      mkdirSync(screenshots, { recursive: true });
    });
    afterAll(() => {
      // What the Russian walk saw, also when a step failed before the end.
      if (language === 'ru') writeFileSync(join(results, 'flow-ru-english.txt'), `${englishReport() || 'none'}\n`);
    });

    const englishReport = (): string =>
      describeFindings(
        findEnglish(seen, {
          names: [...players, 'Gorze', 'Daisy', host, coHost, thread.title, thread.forumHost, 'English', 'G', 'Mafia Universe', 'Bay 12'],
          forumText: [
            ...posts.map((p) => p.bbcode),
            ...defaultVoteGrammar.voteKeywords,
            ...defaultVoteGrammar.unvoteKeywords,
            ...defaultVoteGrammar.abbreviatedVoteKeywords,
            ...defaultVoteGrammar.abbreviatedUnvoteKeywords,
            ...defaultVoteGrammar.noLynchWords,
            // The vote forms players write, as the rules quote them.
            'Unvote:',
            'V:',
            'UV:',
            // …and as Settings quotes them for the vote grammar's switches (russian-audit allows the same).
            'Vote Corvid',
            'V: Corvid',
            'FoS: X, Vote: Y',
            'Hammer vote X',
            'vtoe',
            'unovte',
            '(single vote)',
          ],
        }),
      );

    /** A step done: its screenshot, and in Russian its visible texts for the audit. */
    async function stepDone(page: Page, name: string, only: 'all' | 'shadow' = 'all'): Promise<void> {
      step += 1;
      await unfold(page);
      await page.screenshot({ path: join(screenshots, `flow-${language}-${String(step).padStart(2, '0')}-${name}.png`), fullPage: true });
      if (language === 'ru') seen.push(...(await collectVisibleText(page, `${String(step).padStart(2, '0')} ${name}`, only)));
    }

    /** The host pastes a post Gavel wrote into the thread. */
    const hostPosts = (text: string): void => {
      expect(text.trim()).not.toBe('');
      say(host, text);
    };

    async function enterAction(page: Page, actor: string, target: string): Promise<void> {
      const before = await page.getByTestId('night-action').count();
      await page.getByTestId('night-actor').selectOption({ label: actor });
      await page.getByTestId('night-target-0').selectOption({ label: target });
      await page.getByTestId('night-add-action').click();
      await expect.poll(() => page.getByTestId('night-action').count()).toBe(before + 1);
    }

    /** The dashboard's Refresh (Gavel reads the thread again) until the count shows `hammered`'s hammer. */
    async function refreshUntilHammer(page: Page, hammered: string, post: number): Promise<void> {
      await expect
        .poll(
          async () => {
            if (await page.getByTestId('day-refresh').isEnabled()) await page.getByTestId('day-refresh').click();
            const hammer = page.getByTestId('day-hammer');
            return (await hammer.count()) === 0 ? '' : hammer.innerText();
          },
          { timeout: 30_000 },
        )
        .toBe(t('popup_day_hammered', hammered, post));
    }

    const status = (page: Page): Promise<string> => page.getByTestId('game-status').innerText();
    const deadNames = (page: Page): Promise<string[]> => page.locator('.gavel-player--dead .gavel-player__name').allInnerTexts();
    const ledgerRow = (page: Page, name: string): Locator =>
      page.getByTestId('ledger-player').filter({ has: page.locator('.gavel-ledger__name', { hasText: name }) });

    it('sets up from the annotated roster, catches up at Day 2, ends a day, runs a night, pardons, and ends the game', async () => {
      const chromium = forum.browser;

      // 0. The host picks the language in the popup's Settings.
      const popup = await openPopup(chromium);
      await popup.getByTestId('settings-language').selectOption(language);
      await expect.poll(() => popup.locator('#games-heading').textContent()).toBe(t('popup_games_heading'));
      await popup.close();

      // 1. The thread, tracked from its page; Gavel reads both of its pages.
      const tab = await chromium.context.newPage();
      await tab.goto(pageUrl(thread, 1));
      await tab.getByTestId('gavel-track').click({ timeout: 15_000 });
      await tab.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });
      const dashboard = await openPopup(chromium, 'dashboard');
      await dashboard.setViewportSize({ width: 1100, height: 800 });
      const threadRef = { origin: new URL(tab.url()).origin, threadId: String(thread.threadId) };
      await expect
        .poll(async () => ((await askWorker(dashboard, 'thread/crawl-status', threadRef)).value as { status?: string } | null)?.status, {
          timeout: 30_000,
        })
        .toBe('done');
      await expect.poll(() => panelText(tab), { timeout: 20_000 }).toContain('Fern');
      await stepDone(tab, 'thread-panel', 'shadow');

      // 2. A new game from the thread: the roster preview flags the replacement and the misspelt name; the hosts are filled in.
      await dashboard.getByTestId('new-game').click();
      await expect.poll(() => dashboard.getByTestId('new-game-thread').locator('option:checked').innerText()).toContain(thread.title);
      await dashboard.getByTestId('new-game-preset').selectOption('forum-template-001');
      await dashboard.getByTestId('roster-preview').waitFor({ timeout: 15_000 });
      expect(await dashboard.getByTestId('preview-name').allInnerTexts()).toEqual([
        'Alpha_Wolf',
        'Bluebell',
        'Corvid',
        'Dandelion',
        'Elm',
        'Fern',
        'Gorze',
      ]);
      const slots = dashboard.getByTestId('preview-slot');
      expect(await slots.nth(3).getByTestId('preview-flag').allInnerTexts()).toEqual([
        `⚠ ${t('popup_preview_replaced', 'Dandelion', 'Daisy')}`,
      ]);
      expect(await slots.nth(6).getByTestId('preview-flag').allInnerTexts()).toContain(
        `⚠ ${t('popup_preview_look_alike_poster', 'Gorse')}`,
      );
      expect(await dashboard.getByTestId('roster-preview-summary').innerText()).toBe(t.plural('popup_preview_flagged', 2));
      await expect.poll(() => dashboard.getByTestId('new-game-hosts').inputValue()).toBe(`${host}, ${coHost}`);
      await stepDone(dashboard, 'roster-preview');

      await dashboard.getByTestId('create-game').click();
      await dashboard.getByTestId('game-page').waitFor();
      expect(await dashboard.locator('.gavel-player__name').allInnerTexts()).toEqual([...players.slice(0, 6), 'Gorze']);
      expect(await status(dashboard)).toContain(`${t('common_alive_of', 7, 7)} · ${phaseLabel(null, t)}`);

      // The misspelt name, renamed in place; every role and faction entered.
      const gorze = dashboard.getByTestId('player-row').nth(6);
      await gorze.getByTestId('player-rename').click();
      await gorze.getByTestId('player-rename-input').fill('Gorse');
      await gorze.getByTestId('player-rename-save').click();
      await expect.poll(() => dashboard.locator('.gavel-player__name').allInnerTexts()).toEqual([...players]);
      for (const [i, name] of players.entries()) {
        const [faction, role] = roles[name];
        await dashboard.getByTestId('player-faction').nth(i).selectOption(faction);
        await dashboard.getByTestId('player-role').nth(i).selectOption(role);
      }
      await dashboard.getByTestId('save-setup').click();
      await dashboard.getByTestId('save-bar').waitFor({ state: 'detached' });
      // Two mafia among seven: no warning left.
      expect(await dashboard.getByTestId('setup-check').getByTestId('setup-check-warning').count()).toBe(0);
      await stepDone(dashboard, 'setup');

      // 3. Catching up: the thread is on Day 2, offered first, with what Gavel read.
      const offer = dashboard.getByTestId('catch-up');
      await offer.waitFor({ timeout: 15_000 });
      expect(await dashboard.getByTestId('game-controls').evaluate((e) => e.firstElementChild?.getAttribute('data-testid'))).toBe(
        'catch-up',
      );
      expect(await dashboard.getByTestId('catch-up-heading').textContent()).toBe(t('popup_catchup_heading', day(2)));
      expect(await dashboard.getByTestId('catch-up-day-1-hammer').innerText()).toBe(t('popup_catchup_hammer', 6, 'Fern', 'Elm'));
      expect(await dashboard.getByTestId('catch-up-day-1-lynch').locator('option:checked').innerText()).toBe('Elm');
      await expect
        .poll(() => dashboard.getByTestId('catch-up-night-1-deaths').locator('.gavel-names__name').allInnerTexts())
        .toEqual(['Gorse']);
      await stepDone(dashboard, 'catch-up-offer');

      await dashboard.getByTestId('catch-up-confirm').click();
      await offer.waitFor({ state: 'detached' });
      await expect.poll(() => status(dashboard)).toContain(`${t('common_alive_of', 5, 7)} · ${day(2)}`);
      await expect
        .poll(() => dashboard.getByTestId('day-summary').innerText(), { timeout: 15_000 })
        .toBe(t('popup_day_summary', 2, 5, 3, t('panel_threshold_lynch'), 13));
      expect(await deadNames(dashboard)).toEqual(['Elm', 'Gorse']);
      expect(await comesBefore(dashboard, 'day-panel', 'breaches-panel')).toBe(true);
      await stepDone(dashboard, 'day-2');

      // 4. Ending Day 2: the hammer is offered first; the night-start post goes into the thread.
      expect(await dashboard.getByTestId('day-hammer').innerText()).toBe(t('popup_day_hammered', 'Fern', 13));
      const form = dashboard.getByTestId('day-end-form');
      expect(await form.locator('h3').innerText()).toBe(t('popup_dayend_heading', 2));
      expect(await dashboard.getByTestId('day-end-lynch').locator('option').nth(1).innerText()).toBe('Fern');
      expect(await dashboard.getByTestId('day-end-lynch').locator('option:checked').innerText()).toBe('Fern');
      expect(await form.innerText()).toContain(t('popup_dayend_from_hammer_post', 13));
      await dashboard.getByTestId('day-end').click();
      const nightStart = dashboard.getByTestId('post-night-start').locator('pre');
      await nightStart.waitFor({ timeout: 15_000 });
      const nightStartText = await nightStart.innerText();
      // The game's posts are in its post language (English for the forum template), whatever the host's.
      expect(nightStartText).toContain('[b]Fern[/b] has died (lynched)');
      await dashboard.getByTestId('copy-night-start').click();
      await expect.poll(() => dashboard.getByTestId('copy-night-start').innerText()).toBe(t('popup_copied'));
      await expect.poll(() => status(dashboard)).toContain(`${t('common_alive_of', 4, 7)} · ${night(2)}`);
      expect(await deadNames(dashboard)).toEqual(['Elm', 'Fern', 'Gorse']);
      hostPosts(nightStartText);
      await stepDone(dashboard, 'night-2-start');

      // 5. Night 2: the role PMs, the resolution explained in the host's language, applied.
      await dashboard.getByTestId('night-panel').waitFor();
      await enterAction(dashboard, 'Alpha_Wolf', 'Dandelion');
      await enterAction(dashboard, 'Bluebell', 'Corvid');
      await enterAction(dashboard, 'Corvid', 'Alpha_Wolf');
      expect(await dashboard.getByTestId('night-waiting').innerText()).toBe(t('popup_night_all_sent'));
      await dashboard.getByTestId('night-resolve').click();
      await dashboard.getByTestId('night-resolution').waitFor({ timeout: 15_000 });
      const outcomes = await dashboard.getByTestId('night-outcome').allInnerTexts();
      const death = outcomes.find((o) => o.includes('Dandelion'));
      expect(death, outcomes.join('\n')).toBeDefined();
      const toCorvid = t('popup_outcome_message', 'Corvid', '\u0000').split('\u0000')[0] ?? '';
      expect(
        outcomes.some((o) => o.startsWith(toCorvid) && o.includes('Alpha_Wolf')),
        outcomes.join('\n'),
      ).toBe(true);
      const resolution = await dashboard.getByTestId('night-resolution').innerText();
      expect(resolution).toContain(t('popup_night_outcome'));
      expect(resolution).not.toMatch(/\(\d{3}\)|engine_|night\//);
      // Why, in the host's words: the mafia's kill order, by the faction's name in the host's language.
      expect(resolution).toContain(words.faction('mafia'));
      await stepDone(dashboard, 'night-2-resolved');

      await dashboard.getByTestId('night-apply').click();
      await dashboard.getByTestId('night-posts').waitFor({ timeout: 15_000 });
      const dayStart = await dashboard.getByTestId('post-day-start').locator('pre').innerText();
      expect(dayStart).toContain('[b]Dandelion[/b] has died');
      expect(dayStart).toContain('Day 3');
      const pms = await dashboard.locator('[data-testid^="post-pm-"]').allInnerTexts();
      expect(
        pms.some((p) => p.includes(t('popup_pm_to', 'Corvid')) && p.includes('Alpha_Wolf')),
        pms.join('\n'),
      ).toBe(true);
      await dashboard.getByTestId('copy-day-start').click();
      await expect.poll(() => status(dashboard)).toContain(`${t('common_alive_of', 3, 7)} · ${day(3)}`);
      expect(await deadNames(dashboard)).toEqual(['Dandelion', 'Elm', 'Fern', 'Gorse']);
      hostPosts(dayStart);
      await stepDone(dashboard, 'day-3-posts');

      // 6. Dandelion's night post, pardoned with a note.
      const dandelion = ledgerRow(dashboard, 'Dandelion');
      await expect
        .poll(
          () =>
            dandelion
              .getByTestId('breach')
              .filter({ hasText: t('panel_breach_at_night') })
              .count(),
          { timeout: 15_000 },
        )
        .toBe(1);
      const nightPost = dandelion.getByTestId('breach').filter({ hasText: t('panel_breach_at_night') });
      await nightPost.getByTestId('breach-pardon').click();
      await nightPost.getByTestId('breach-pardon-note-input').fill(note);
      await nightPost.getByTestId('breach-pardon-confirm').click();
      await expect.poll(() => dandelion.getByTestId('breach-pardon-note').innerText()).toBe(t('popup_breach_pardoned_note', note));
      expect(
        await dandelion
          .getByTestId('breach')
          .filter({ hasText: t('panel_breach_at_night') })
          .getAttribute('class'),
      ).toContain('gavel-breach--pardoned');
      await stepDone(dashboard, 'pardon');

      // 7. Day 3 in the thread: three alive, two to lynch; Alpha_Wolf, the last mafia, is hammered.
      say('Corvid', 'Cop result: Alpha_Wolf is mafia. [b]Vote: Alpha_Wolf[/b]');
      say('Alpha_Wolf', 'Lies. [b]Vote: Corvid[/b]');
      say('Bluebell', 'I believe the cop. [b]Vote: Alpha_Wolf[/b]');
      expect(pageCount(thread)).toBe(3);
      // phpBB numbers the opening post #0.
      const hammerPost = posts.length - 1;
      await refreshUntilHammer(dashboard, 'Alpha_Wolf', hammerPost);
      expect(await dashboard.getByTestId('day-summary').innerText()).toBe(
        t('popup_day_summary', 3, 3, 2, t('panel_threshold_lynch'), hammerPost),
      );
      expect(await dashboard.getByTestId('day-end-lynch').locator('option:checked').innerText()).toBe('Alpha_Wolf');
      await stepDone(dashboard, 'day-3-hammer');

      await dashboard.getByTestId('day-end').click();
      const over = dashboard.getByTestId('game-over');
      await over.waitFor({ timeout: 15_000 });
      const town = words.faction('town');
      expect(await over.locator('h2').textContent()).toBe(t('popup_game_over_heading', t('popup_game_over_wins', town)));
      expect(await dashboard.getByTestId('game-over-winners').locator('.gavel-names li').allInnerTexts()).toEqual([
        'Bluebell',
        'Corvid',
        'Dandelion',
        'Elm',
        'Gorse',
      ]);
      const endPost = await dashboard.getByTestId('post-game-end').locator('pre').innerText();
      expect(endPost).toContain('[b]Alpha_Wolf[/b] has died (lynched)');
      expect(endPost).toContain('Winner: Town');
      expect(await dashboard.getByTestId('day-panel').count()).toBe(0);
      expect(await dashboard.getByTestId('night-panel').count()).toBe(0);
      expect(await deadNames(dashboard)).toEqual(['Alpha_Wolf', 'Dandelion', 'Elm', 'Fern', 'Gorse']);
      await stepDone(dashboard, 'game-over');
      hostPosts(endPost);

      // The games list: the game with its rules and who is alive, in the host's language.
      await dashboard.getByTestId('back-to-games').click();
      const item = dashboard.getByTestId('game-item').first();
      await item.waitFor();
      expect(await item.innerText()).toContain(`${rulesetName(ruleset, language)} · ${t('common_alive_of', 2, 7)}`);
      await stepDone(dashboard, 'games-list');

      // The thread's panel at the end of the game, in the host's language too.
      await tab.reload();
      await tab.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });
      await expect.poll(() => panelText(tab), { timeout: 20_000 }).toContain('Alpha_Wolf');
      await stepDone(tab, 'thread-panel-end', 'shadow');
      await dashboard.close();
      await tab.close();

      if (language === 'ru') {
        const report = englishReport();
        expect(report, `English in the Russian flow:\n${report}`).toBe('');
      }
    }, 240_000);
  },
);
