/**
 * The language of the posts Gavel writes for the open game (vote counts,
 * phase posts, night results, private messages, the game-end post): the
 * ruleset's by default (Russian for 004), changed here at once, apart from
 * the setup draft, since it changes no rule of the game.
 */
import { postLanguages, type PostLanguage } from '../../../src/engine';
import type { MessageKey } from '../../shared/i18n';
import { postLanguageOf } from '../../shared/post-language';
import { useStore, useT } from '../store';

const languageWords: Readonly<Record<PostLanguage, MessageKey>> = {
  en: 'popup_post_language_en',
  ru: 'popup_post_language_ru',
};

export function PostLanguageField() {
  const store = useStore();
  const t = useT();
  const games = store.games;
  const game = games.current.value;
  if (game === null) return null;
  return (
    <label class="gavel-field">
      <span>{t('popup_post_language_label')}</span>
      <select
        data-testid="game-post-language"
        value={postLanguageOf(game)}
        disabled={games.busy.value}
        aria-describedby="game-post-language-hint"
        onChange={(e) => void games.setPostLanguage(e.currentTarget.value as PostLanguage)}
      >
        {postLanguages.map((language) => (
          <option key={language} value={language}>
            {t(languageWords[language])}
          </option>
        ))}
      </select>
      <small id="game-post-language-hint" class="gavel-muted gavel-small">
        {t('popup_post_language_hint')}
      </small>
    </label>
  );
}
