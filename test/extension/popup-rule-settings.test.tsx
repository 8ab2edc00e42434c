/**
 * "Settings the rules leave open" in the popup, against the worker's real handlers: the host of a 004 game reads
 * "Gavel chose X; the seed leaves this open" and picks the other reading there. The change is saved with the setup,
 * stored in the game's rules, shown again after a reload, and the night the stored rules resolve follows it.
 */
import { describe, expect, it } from 'vitest';
import { byTestId as get, waitForWorker as waitFor } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { savePage, setSettings } from '../../extension/storage/repository';
import { getGame } from '../../extension/storage/games';
import type { GavelDatabase } from '../../extension/storage/schema';
import { createRng, findRuleset, nightRulesOf, readSetting, resolveNight, type NightPlayer, type Ruleset } from '../../src/engine';
import { act, messagesTo, night, player, told } from '../engine/night/helpers';
import type { ForumPost } from '../../src/model/post';

const origin = 'https://forum.example';
const cast: Readonly<Record<string, { faction: string; role: string; secondRole?: string }>> = {
  Kolya: { faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  Lena: { faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  Max: { faction: 'maniac', role: 'citizen', secondRole: 'maniac' },
  Rita: { faction: 'red', role: 'anonymous' },
  Sam: { faction: 'red', role: 'citizen' },
  Tom: { faction: 'red', role: 'citizen' },
  Uma: { faction: 'red', role: 'citizen' },
};
const post = (number: number, author: string, text: string): ForumPost => ({
  id: `p${number}`,
  number,
  author,
  postedAt: null,
  body: [{ type: 'text', text }],
});

const freshDb = freshDatabases('gavel-popup-rule-settings');
const popup = popupUnderTest();
const { click, choose } = popup;

async function made(presetId: 'russian-004' | 'mafia-1923-000', players: typeof cast) {
  const database = freshDb();
  await savePage(database, onePageReport({ origin, threadId: '8', title: 'A game' }, [post(0, 'Host', 'Day 1 begins')]), 1000);
  let clock = Date.UTC(2026, 10, 21, 12, 0);
  const call = workerCall(gameWorker(database, () => (clock += 1000)));
  let game = await call('game/create', {
    threadKey: `${origin}|8`,
    title: 'A game',
    presetId,
    roster: { from: 'text', text: Object.keys(players).join('\n') },
  });
  game = await call('game/update', {
    id: game.id,
    patch: { roster: { ...game.roster, hosts: ['Host'] }, players: game.players.map((p) => ({ ...p, ...players[p.name] })) },
  });
  return { database, call, gameId: game.id };
}

async function open(call: ReturnType<typeof workerCall>, gameId: string) {
  const { root } = await popup.open(workerConnector(call), gameId);
  await waitFor(() => get(root, 'rule-settings'));
  return root;
}

const row = (root: HTMLElement, setting: string): HTMLElement =>
  get(root, 'rule-settings').querySelector<HTMLElement>(`[data-setting="${setting}"]`) ?? root;
const control = (root: HTMLElement, setting: string): HTMLSelectElement => get<HTMLSelectElement>(row(root, setting), 'rule-setting-value');

async function storedRules(database: GavelDatabase, gameId: string): Promise<Ruleset> {
  const game = await getGame(database, gameId);
  if (game === undefined || game === null) throw new Error('no game');
  return game.ruleset.data;
}

/** L17, L26: the Anonymous watches Kolya, who kills Sam; whether the Anonymous is passed "your victim's team". */
function watchedKill(ruleset: Ruleset) {
  const rules = nightRulesOf(ruleset);
  if (rules === undefined) throw new Error('no night rules');
  const players: NightPlayer[] = [
    player('Kolya', 'citizen', 'mafia', { secondRole: 'mafia', statuses: [{ id: 'watched', sinceNight: 1, by: 'Rita' }] }),
    player('Max', 'citizen', 'maniac', { secondRole: 'maniac' }),
    player('Sam', 'citizen', 'red'),
    player('Rita', 'anonymous', 'red'),
  ];
  const statusRules = ruleset.statuses.map((s) => ({ id: s.id, ...(s.night === undefined ? {} : { night: s.night }) }));
  const r = resolveNight({ ...night(players, [act('Kolya', 'kill', ['Sam'])], 3), statusRules }, rules, createRng(4));
  return messagesTo(r, 'Rita').filter((m) => m.fact === 'forwarded-result');
}

describe('settings the rules leave open, in the game’s setup', () => {
  it('lists every open question of the 004 rules with its value, the default marked', async () => {
    const { call, gameId } = await made('russian-004', cast);
    const root = await open(call, gameId);
    const rows = [...get(root, 'rule-settings').querySelectorAll<HTMLElement>('[data-testid="rule-setting"]')];
    expect(rows.map((r) => r.dataset['setting'])).toContain('night.settings.forwardsVictimTeam');
    // One row per open question the preset lists, in its order.
    expect(rows.map((r) => r.dataset['setting'])).toEqual(findRuleset('russian-004')?.openQuestions.map((q) => q.setting));
    const select = control(root, 'night.settings.forwardsVictimTeam');
    expect([...select.options].map((o) => o.text)).toEqual(['no (default)', 'yes']);
    expect(get(row(root, 'night.settings.forwardsVictimTeam'), 'rule-setting-now').textContent).toBe('Now: no, the default.');
    // The control is named by the question it answers.
    const question = document.getElementById(select.getAttribute('aria-labelledby') ?? '');
    expect(question?.textContent).toMatch(/“general information”/);
    expect(get(row(root, 'voting.threeWayFewNegatives'), 'rule-setting-value').textContent).toContain('the first two die (default)');
  });

  it('speaks Russian: the values and the default in the host’s language', async () => {
    const { call, database, gameId } = await made('russian-004', cast);
    await setSettings(database, { language: 'ru' });
    const root = await open(call, gameId);
    expect(get(root, 'rule-settings').querySelector('legend')?.textContent).toBe('Настройки, которые правила оставляют открытыми');
    expect([...control(root, 'night.settings.forwardsVictimTeam').options].map((o) => o.text)).toEqual(['нет (по умолчанию)', 'да']);
    expect([...control(root, 'voting.threeWayFewNegatives').options].map((o) => o.text)).toEqual([
      'погибают первые двое (по умолчанию)',
      'никто не погибает',
    ]);
  });

  it('a changed setting is stored in the game’s rules, shown after a reload, and changes the night', async () => {
    const { call, database, gameId } = await made('russian-004', cast);
    const before = await storedRules(database, gameId);
    // With the stored rules as they came, the Anonymous is not passed the killer's message (L17).
    expect(watchedKill(before)).toEqual([]);
    let root = await open(call, gameId);
    await choose(control(root, 'night.settings.forwardsVictimTeam'), 'yes');
    expect(row(root, 'night.settings.forwardsVictimTeam').dataset['changed']).toBe('yes');
    expect(get(row(root, 'night.settings.forwardsVictimTeam'), 'rule-setting-now').textContent).toBe('Now: yes (the default is no).');
    const save = get<HTMLButtonElement>(root, 'save-setup');
    await waitFor(() => expect(save.disabled).toBe(false));
    await click(save);
    await waitFor(() => expect(root.querySelector('[data-testid="save-bar"]')).toBeNull());

    const after = await storedRules(database, gameId);
    expect(readSetting(after, 'night.settings.forwardsVictimTeam')).toMatchObject({ ok: true, value: 'yes' });
    // Nothing else of the rules changed: every other open question reads as before.
    for (const q of before.openQuestions.filter((q) => q.setting !== 'night.settings.forwardsVictimTeam'))
      expect(readSetting(after, q.setting), q.setting).toEqual(readSetting(before, q.setting));
    // The stored rules resolve the night the other way: the message is passed on.
    expect(watchedKill(after)).toEqual([
      told('forwarded-result', ['Kolya'], { to: 'Kolya', fact: 'victim-team', about: ['Sam'], value: 'red' }),
    ]);

    // A reload: a new popup reads the game from the worker.
    root = await open(call, gameId);
    expect(control(root, 'night.settings.forwardsVictimTeam').value).toBe('yes');
    expect(row(root, 'night.settings.forwardsVictimTeam').dataset['changed']).toBe('no');
    expect(get(row(root, 'night.settings.forwardsVictimTeam'), 'rule-setting-now').textContent).toBe('Now: yes (the default is no).');
  });

  it('a whole-number setting takes a number in its range; setting the default back leaves nothing to save', async () => {
    const { call, database, gameId } = await made('russian-004', cast);
    const root = await open(call, gameId);
    const floor = control(root, 'voting.day.weightShifts') as unknown as HTMLInputElement;
    expect(floor.type).toBe('number');
    expect(floor.value).toBe('0');
    // Out of the format's range (±100): not taken, nothing to save.
    floor.value = '500';
    floor.dispatchEvent(new Event('input', { bubbles: true }));
    await popup.settle();
    expect(root.querySelector('[data-testid="save-bar"]')).toBeNull();
    floor.value = '-3';
    floor.dispatchEvent(new Event('input', { bubbles: true }));
    await popup.settle();
    await waitFor(() => get(root, 'save-bar'));
    floor.value = '0';
    floor.dispatchEvent(new Event('input', { bubbles: true }));
    await popup.settle();
    expect(root.querySelector('[data-testid="save-bar"]')).toBeNull();
    floor.value = '-3';
    floor.dispatchEvent(new Event('input', { bubbles: true }));
    await popup.settle();
    await click(get(root, 'save-setup'));
    await waitFor(async () =>
      expect(readSetting(await storedRules(database, gameId), 'voting.day.weightShifts')).toMatchObject({ value: -3 }),
    );
  });

  it('a setting the game has met says so, and a list only a ruleset file sets says why', async () => {
    // 000: a Mafia Member with a second role meets the missing list of roles they may hold.
    const { call, gameId } = await made('mafia-1923-000', {
      Ann: { faction: 'mafia', role: 'mafia-member', secondRole: 'doctor' },
      Bob: { faction: 'civilians', role: 'townsperson' },
      Cid: { faction: 'civilians', role: 'townsperson' },
    });
    const root = await open(call, gameId);
    const second = row(root, 'setup.mafiaSecondRoles');
    expect(get(second, 'rule-setting-met').textContent).toBe('This game has already met it (answered: any).');
    expect(get(second, 'rule-setting-file').textContent).toMatch(/^Set in a ruleset file: the seed’s list/);
    expect(second.querySelector('[data-testid="rule-setting-value"]')).toBeNull();
    // A question the game has not met says nothing of it.
    expect(row(root, 'voting.defendedInTie').querySelector('[data-testid="rule-setting-met"]')).toBeNull();
  });
});
