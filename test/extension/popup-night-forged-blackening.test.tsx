/**
 * 004's substituted blackening in the popup (L86 "Имеет право подменить данные следователя … Разрешено поставить условие
 * для подмены, связанное с настоящим результатом … Нельзя подменить информацию об очернении, если ее невозможно было
 * получить из-за цветных чекеров"). The night form asks for the blackening the Investigator is handed the night after
 * only with a track whose holder may forge (a black or the Faceless's Detective); the worker stores it with the action
 * and refuses it on any other move or with a side the rules lack; a colour check on the target makes the resolved
 * night refuse it, and the host reads why.
 */
import { describe, expect, it } from 'vitest';
import { byTestId as get, waitForWorker } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { castGame } from './cast-game';
import { popupUnderTest, workerConnector } from './popup-worker';
import { listNightActions } from '../../extension/storage/games';

const names = ['Gleb', 'Rita', 'Vera', 'Olga', 'Ivan', 'Kolya', 'Lena', 'Anna'];
const cast: Readonly<Record<string, { faction: string; role: string; secondRole?: string }>> = {
  // A black Detective (the Maniac holds the peaceful Detective), a red one, a black Commissar and a red one.
  Gleb: { faction: 'maniac', role: 'detective', secondRole: 'maniac' },
  Rita: { faction: 'red', role: 'detective' },
  Vera: { faction: 'maniac', role: 'commissar', secondRole: 'maniac' },
  Olga: { faction: 'red', role: 'commissar' },
  Ivan: { faction: 'red', role: 'investigator' },
  Kolya: { faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  Lena: { faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  Anna: { faction: 'red', role: 'citizen' },
};

const freshDb = freshDatabases('gavel-popup-night-forged-blackening');
const popup = popupUnderTest();
const { click, choose } = popup;

async function mount(language: 'en' | 'ru' = 'en') {
  const database = freshDb();
  const { call, gameId, slot, event } = await castGame(database, { threadId: '86', presetId: 'russian-004', names, cast });
  await event({ kind: 'append', event: { kind: 'phase-start', phase: { kind: 'night', number: 1 } } });
  if (language !== 'en') await call('settings/set', { language });
  const { root } = await popup.open(workerConnector(call), gameId);
  await waitForWorker(() => get(root, 'night-action-form'));
  return { root, database, gameId, call, slot };
}

const field = (root: ParentNode): Element | null => root.querySelector('[data-testid="night-forged-blackening"]');

describe('a substituted blackening in the popup’s night form (004 L86)', () => {
  it('is asked for with a black Detective’s track only, stored with its condition, and listed', async () => {
    const { root, database, gameId, slot } = await mount();
    // A red Detective may not forge; a black Commissar's check hands the Investigator no blackening.
    await choose(get(root, 'night-actor'), 'Rita');
    expect(field(root)).toBeNull();
    await choose(get(root, 'night-actor'), 'Vera');
    expect(root.querySelector('[data-testid="night-forged"]')).not.toBeNull();
    expect(field(root)).toBeNull();

    await choose(get(root, 'night-actor'), 'Gleb');
    await choose(get(root, 'night-ability'), 'Track');
    await choose(get(root, 'night-target-0'), 'Anna');
    // The sides of the game's players, and "no blackening".
    expect([...get<HTMLSelectElement>(root, 'night-forged-blackening').options].map((o) => o.text)).toEqual([
      'no substitution: the real result',
      'no blackening',
      'a blackening from the side “Reds (town)”',
      'a blackening from the side “Mafia”',
      'a blackening from the side “Maniac”',
    ]);
    // "может заранее указать ведущему …": the Maniac's blackening, if the real one is the Mafia's.
    await choose(get(root, 'night-forged-blackening'), 'a blackening from the side “Maniac”');
    await choose(get(root, 'night-forged-blackening-when'), 'a blackening from the side “Mafia”');
    await click(get(root, 'night-add-action'));
    await waitForWorker(() =>
      expect(get(root, 'night-action-forged-blackening').textContent).toBe(
        'the Investigator is handed the night after “a blackening from the side “Maniac”” if the real one is “a blackening from the side “Mafia””',
      ),
    );
    // The places are not substituted: no such words.
    expect(root.querySelector('[data-testid="night-action-forged"]')).toBeNull();
    expect(await listNightActions(database, gameId, 1)).toMatchObject([
      { actor: slot('Gleb'), ability: 'track', targets: [slot('Anna')], forged: { blackening: 'maniac', blackeningWhen: 'mafia' } },
    ]);
  });

  it('"Нельзя подменить информацию об очернении, если ее невозможно было получить из-за цветных чекеров": the host reads why it was refused', async () => {
    const { root, call, gameId, slot } = await mount();
    await call('night/add-action', { gameId, night: 1, actor: slot('Olga'), ability: 'check', targets: [slot('Anna')], pmAt: null });
    await choose(get(root, 'night-actor'), 'Gleb');
    await choose(get(root, 'night-ability'), 'Track');
    await choose(get(root, 'night-target-0'), 'Anna');
    await choose(get(root, 'night-forged-blackening'), 'no blackening');
    await click(get(root, 'night-add-action'));
    await waitForWorker(() => get(root, 'night-action-forged-blackening'));
    await click(get(root, 'night-resolve'));
    const resolution = await waitForWorker(() => get(root, 'night-resolution'), 10_000);
    expect(resolution.textContent).toContain(
      "Gleb's substitution of the blackening is refused: a colour check read Anna tonight, so it could not be seen (004 L86)",
    );
  });

  it('speaks the host’s language (Russian: the seed’s words)', async () => {
    const { root } = await mount('ru');
    await choose(get(root, 'night-actor'), 'Gleb');
    await choose(get(root, 'night-ability'), 'Слежка');
    const select = get<HTMLSelectElement>(root, 'night-forged-blackening');
    expect([...select.options].map((o) => o.text).slice(0, 2)).toEqual(['без подмены: настоящий результат', 'без очернения']);
    expect(select.closest('label')?.querySelector('span')?.textContent).toBe('Очернение, которое следователь получит через ночь (подмена)');
  });

  it('the worker refuses it on a move that hands the Investigator no blackening, and with a side the rules lack', async () => {
    const { database, gameId, call, slot } = await mount();
    const add = (actor: string, ability: string, forged: object) =>
      call('night/add-action', { gameId, night: 1, actor: slot(actor), ability, targets: [slot('Anna')], pmAt: null, forged });
    await expect(add('Vera', 'check', { blackening: 'maniac' })).rejects.toMatchObject({
      code: 'night/bad-action',
      details: { message: { code: 'night/rejected-forged-blackening-misfit' } },
    });
    await expect(add('Gleb', 'track', { blackening: 'vampires' })).rejects.toMatchObject({
      code: 'night/bad-action',
      details: { message: { code: 'night/rejected-forged-side-unknown' } },
    });
    await expect(add('Rita', 'track', { blackening: null })).rejects.toMatchObject({
      details: { message: { code: 'night/rejected-forged-not-allowed' } },
    });
    expect(await listNightActions(database, gameId, 1)).toEqual([]);
  });
});
