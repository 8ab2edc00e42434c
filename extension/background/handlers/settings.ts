import type { Handlers } from '../../shared/messaging';
import { getSettings, setSettings } from '../../storage/repository';
import type { GavelDatabase } from '../../storage/schema';

/**
 * `settings/get` and `settings/set`. A saved change is told to `changed` (the
 * worker tells every open page and forum tab, so a new language shows at once).
 */
export function settingsHandlers(
  db: () => GavelDatabase,
  changed: () => void = () => undefined,
): Pick<Handlers, 'settings/get' | 'settings/set'> {
  return {
    'settings/get': () => getSettings(db()),
    'settings/set': async (patch) => {
      const saved = await setSettings(db(), patch);
      changed();
      return saved;
    },
  };
}
