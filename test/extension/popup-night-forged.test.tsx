/**
 * 004's substitution of what the Investigator is handed, in the popup (L85 "Имеет право подменить чек следователя, то
 * есть может заранее указать ведущему цвет чека, который тот получит утром"; L86; L77 "Комиссар/Детектив - могут
 * подменять информацию, как черные"). The night form asks for it with a move whose holder may forge (a black or the
 * Faceless's Commissar or Detective), and only then; the worker stores it with the action and refuses it on any other
 * move; the resolved night hands the Investigator the forged colour, and L17 tells the Commissar the same.
 */
import { describe, expect, it } from 'vitest';
import { byTestId as get, waitForWorker } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { castGame } from './cast-game';
import { popupUnderTest, workerConnector } from './popup-worker';
import { listNightActions } from '../../extension/storage/games';

const names = ['Vera', 'Olga', 'Ivan', 'Kolya', 'Lena', 'Anna', 'Boris'];
const cast: Readonly<Record<string, { faction: string; role: string; secondRole?: string }>> = {
  // A black Commissar (the Maniac holds the peaceful Commissar) and a red one.
  Vera: { faction: 'maniac', role: 'commissar', secondRole: 'maniac' },
  Olga: { faction: 'red', role: 'commissar' },
  Ivan: { faction: 'red', role: 'investigator' },
  Kolya: { faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  Lena: { faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  Anna: { faction: 'red', role: 'citizen' },
  Boris: { faction: 'red', role: 'citizen' },
};

const freshDb = freshDatabases('gavel-popup-night-forged');
const popup = popupUnderTest();
const { click, choose } = popup;

async function mount(language: 'en' | 'ru' = 'en') {
  const database = freshDb();
  const { call, gameId, slot, event } = await castGame(database, { threadId: '85', presetId: 'russian-004', names, cast });
  await event({ kind: 'append', event: { kind: 'phase-start', phase: { kind: 'night', number: 1 } } });
  if (language !== 'en') await call('settings/set', { language });
  const { root } = await popup.open(workerConnector(call), gameId);
  await waitForWorker(() => get(root, 'night-action-form'));
  return { root, database, gameId, call, slot };
}

describe('a substitution in the popup’s night form (004 L85, L86, L77)', () => {
  it('is asked for with a black Commissar’s check only, stored with it, listed, and read by the resolved night (L17 too)', async () => {
    const { root, database, gameId, slot } = await mount();
    // A red Commissar may not forge: no field.
    await choose(get(root, 'night-actor'), 'Olga');
    expect(root.querySelector('[data-testid="night-forged"]')).toBeNull();

    await choose(get(root, 'night-actor'), 'Vera');
    await choose(get(root, 'night-target-0'), 'Kolya');
    // "может заранее указать ведущему цвет чека": red, on condition that the real colour is black.
    await choose(get(root, 'night-forged'), 'red');
    await choose(get(root, 'night-forged-when'), 'black');
    await click(get(root, 'night-add-action'));
    await waitForWorker(() =>
      expect(get(root, 'night-action-forged').textContent).toBe('the Investigator is handed “red” if the real result is “black”'),
    );
    const stored = await listNightActions(database, gameId, 1);
    expect(stored).toMatchObject([
      { actor: slot('Vera'), ability: 'check', targets: [slot('Kolya')], forged: { value: false, when: true } },
    ]);

    await click(get(root, 'night-resolve'));
    const resolution = await waitForWorker(() => get(root, 'night-resolution'), 10_000);
    // The Investigator reads Kolya red; L17: so does the Commissar, and the night reports the open question.
    const text = resolution.textContent ?? '';
    expect(text).toContain('Message to Ivan: (from Vera) Your investigation of Kolya: red.');
    expect(text).toContain('Message to Vera: Your investigation of Kolya: red.');
    expect(text).not.toContain('Kolya: black');
    expect(text).toContain('he is told the same result himself (004 L17)');
    expect(text).toContain('the rules do not say whether he still learns the real one beside it. Used: no (004 L17)');
  });

  it('speaks the host’s language (Russian: the seed’s colours)', async () => {
    const { root } = await mount('ru');
    await choose(get(root, 'night-actor'), 'Vera');
    const field = get<HTMLSelectElement>(root, 'night-forged');
    expect([...field.options].map((o) => o.text)).toEqual(['без подмены: настоящий результат', 'красный', 'черный']);
    expect(field.closest('label')?.querySelector('span')?.textContent).toBe('Что получит следователь (подмена)');
  });

  it('the worker refuses a substitution on a move that may not carry one, in the host’s words, and stores nothing', async () => {
    const { database, gameId, call, slot } = await mount();
    const refused = call('night/add-action', {
      gameId,
      night: 1,
      actor: slot('Olga'),
      ability: 'check',
      targets: [slot('Kolya')],
      pmAt: null,
      forged: { value: false },
    });
    await expect(refused).rejects.toMatchObject({
      code: 'night/bad-action',
      details: { message: { code: 'night/rejected-forged-not-allowed' } },
    });
    // A colour is not a track's places: the check takes a colour.
    await expect(
      call('night/add-action', {
        gameId,
        night: 1,
        actor: slot('Vera'),
        ability: 'check',
        targets: [slot('Kolya')],
        pmAt: null,
        forged: { value: [] },
      }),
    ).rejects.toMatchObject({ code: 'night/bad-action', details: { message: { code: 'night/rejected-forged-misfit' } } });
    expect(await listNightActions(database, gameId, 1)).toEqual([]);
  });
});
