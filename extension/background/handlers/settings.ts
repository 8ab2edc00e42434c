import type { Handlers } from '../../shared/messaging';
import { getSettings, setSettings } from '../../storage/repository';
import type { GavelDatabase } from '../../storage/schema';

export function settingsHandlers(db: () => GavelDatabase): Pick<Handlers, 'settings/get' | 'settings/set'> {
  return {
    'settings/get': () => getSettings(db()),
    'settings/set': (patch) => setSettings(db(), patch),
  };
}
