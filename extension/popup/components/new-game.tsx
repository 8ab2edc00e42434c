import { useState } from 'preact/hooks';
import type { PresetRulesetId } from '../../../src/engine';
import { RulesSelect } from './rules-select';
import { useStore, useT } from '../store';

/** "New game": a thread, a ruleset preset, and a roster read from the opening post or pasted. */
export function NewGame() {
  const store = useStore();
  const t = useT();
  const games = store.games;
  const threads = [...store.threads.value].sort((a, b) => Number(b.tracked) - Number(a.tracked));
  const active = games.activeThread.value;
  const [threadKey, setThreadKey] = useState<string>(active?.key ?? threads.find((t) => t.tracked)?.key ?? threads[0]?.key ?? '');
  const [presetId, setPresetId] = useState<PresetRulesetId>('forum-template-001');
  const [from, setFrom] = useState<'opening-post' | 'text'>(threadKey === '' ? 'text' : 'opening-post');
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const chosen = threads.find((t) => t.key === threadKey);
  const canRead = chosen !== undefined && chosen.postCount > 0;
  const source = from === 'opening-post' && !canRead ? 'text' : from;

  const submit = (event: Event): void => {
    event.preventDefault();
    void games.create({
      threadKey: threadKey === '' ? null : threadKey,
      title,
      presetId,
      roster: source === 'opening-post' ? { from: 'opening-post' } : { from: 'text', text },
    });
  };

  return (
    <section aria-labelledby="new-game-heading" data-testid="new-game-form">
      <div class="gavel-section-head">
        <button type="button" class="gavel-back" onClick={() => void games.show({ page: 'home' })}>
          ← {t('popup_games_heading')}
        </button>
        <h2 id="new-game-heading">{t('popup_new_game')}</h2>
      </div>
      <form class="gavel-form" onSubmit={submit}>
        <label class="gavel-field">
          <span>{t('popup_field_thread')}</span>
          <select data-testid="new-game-thread" value={threadKey} onChange={(e) => setThreadKey(e.currentTarget.value)}>
            {threads.map((thread) => (
              <option key={thread.key} value={thread.key}>
                {(thread.title || t('common_thread_id', thread.threadId)) +
                  (thread.key === active?.key ? ` ${t('popup_thread_this_tab')}` : '') +
                  (thread.tracked ? '' : ` ${t('popup_thread_not_tracked')}`)}
              </option>
            ))}
            <option value="">{t('popup_no_thread_yet')}</option>
          </select>
        </label>
        <RulesSelect testId="new-game-preset" value={presetId} onChoose={setPresetId} />
        <label class="gavel-field">
          <span>{t('popup_field_title')}</span>
          <input
            type="text"
            data-testid="new-game-title"
            value={title}
            placeholder={chosen?.title || t('popup_title_placeholder')}
            onInput={(e) => setTitle(e.currentTarget.value)}
          />
        </label>
        <fieldset class="gavel-fieldset">
          <legend>{t('popup_roster_legend')}</legend>
          <label class="gavel-check">
            <input
              type="radio"
              name="roster-from"
              data-testid="roster-from-post"
              checked={source === 'opening-post'}
              disabled={!canRead}
              onChange={() => setFrom('opening-post')}
            />
            {t('popup_roster_from_post')}
            {chosen !== undefined && !canRead && <span class="gavel-muted"> {t('popup_roster_no_post_read')}</span>}
          </label>
          <label class="gavel-check">
            <input
              type="radio"
              name="roster-from"
              data-testid="roster-from-text"
              checked={source === 'text'}
              onChange={() => setFrom('text')}
            />
            {t('popup_roster_paste')}
          </label>
          {source === 'text' && (
            <label class="gavel-field">
              <span class="gavel-muted">{t('popup_roster_paste_help')}</span>
              <textarea data-testid="roster-text" rows={8} value={text} onInput={(e) => setText(e.currentTarget.value)} />
            </label>
          )}
        </fieldset>
        <p>
          <button
            type="submit"
            class="gavel-button gavel-button--primary"
            data-testid="create-game"
            disabled={games.busy.value || (source === 'text' && text.trim() === '')}
          >
            {t('popup_create_game')}
          </button>
        </p>
        {games.problem.value !== null && (
          <p class="gavel-error" role="alert" data-testid="games-problem">
            {games.problem.value}
          </p>
        )}
      </form>
    </section>
  );
}
