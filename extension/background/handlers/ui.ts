import { catalogs } from '../../shared/catalogs';
import { pickMessages, resolveLanguage } from '../../shared/i18n';
import type { Handlers } from '../../shared/messaging';
import { getSettings } from '../../storage/repository';
import type { GavelDatabase } from '../../storage/schema';

/**
 * The messages the content script shows (its panel and the badge rows, and the engine's messages the panel
 * words: the count's sources, a page's parse issues, why a crawl stopped); the rest stay out of forum pages.
 */
export const contentMessagePrefixes = [
  'panel_',
  'badge_',
  'common_day',
  'common_night',
  'common_before_game',
  'engine_count_',
  'engine_roster_',
  'engine_phases_',
  'engine_parse_',
  'engine_crawl_',
  // The opening post's list problems, shown in the panel as in the new-game form (a prefix, not a key: no quotes a key scan reads).
  `popup_list_problem_`,
] as const;

/**
 * `ui/messages`: the content script's words in the host's language (the
 * settings' choice, or the browser's UI language), English filling any gap.
 */
export function uiHandlers(db: () => GavelDatabase, uiLanguage: () => string): Pick<Handlers, 'ui/messages'> {
  return {
    'ui/messages': async () => {
      const settings = await getSettings(db());
      const language = resolveLanguage(settings.language, uiLanguage());
      const messages = {
        ...pickMessages(catalogs.en, contentMessagePrefixes),
        ...pickMessages(catalogs[language], contentMessagePrefixes),
      };
      return { language, messages };
    },
  };
}
