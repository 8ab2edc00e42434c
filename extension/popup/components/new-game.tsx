import { useEffect, useState } from 'preact/hooks';
import type { ListedSlot, PresetRulesetId } from '../../../src/engine';
import type { Translator } from '../../shared/i18n';
import { listProblemText } from '../../shared/list-problem-words';
import type { RosterPreview } from '../../shared/protocol';
import { RulesSelect } from './rules-select';
import { phaseName } from './event-log';
import { splitNames, threadChoiceLabel } from '../games-store';
import { useStore, useT } from '../store';

/** What the list says of a slot besides its name: what became of it, and its role. */
function slotNotes(slot: ListedSlot, t: Translator): string | null {
  const fate = slot.fate;
  const notes = [
    fate === null
      ? slot.dead
        ? t('popup_list_dead')
        : null
      : fate.kind === 'survived'
        ? t('popup_fate_survived')
        : fate.phase === null
          ? t('popup_list_dead')
          : t(`popup_fate_${fate.kind}`, phaseName(fate.phase, t)),
    slot.role,
  ].filter((n): n is string => n !== null);
  return notes.length === 0 ? null : notes.join(' · ');
}

const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The flags the preview shows beside one slot, and the problems it shows under the list (they name no listed player). */
export function previewFlags(
  preview: RosterPreview,
  t: Translator,
): { readonly bySlot: ReadonlyMap<string, readonly string[]>; readonly rest: readonly string[] } {
  const bySlot = new Map<string, string[]>();
  const rest: string[] = [];
  const slots = preview.slots ?? [];
  const slotOf = (name: string): ListedSlot | undefined => slots.find((s) => s.accounts.some((a) => same(a, name)));
  const flag = (slot: ListedSlot, text: string): void => {
    bySlot.set(slot.slotId, [...(bySlot.get(slot.slotId) ?? []), text]);
  };
  for (const slot of slots) {
    slot.accounts.slice(1).forEach((name, i) => flag(slot, t('popup_preview_replaced', name, slot.accounts[i] ?? '')));
    if (slot.dead) flag(slot, t('popup_preview_dead'));
  }
  for (const problem of preview.problems) {
    const slot = 'name' in problem && problem.code !== 'player-list/not-listed' ? slotOf(problem.name) : undefined;
    if (slot === undefined) rest.push(listProblemText(problem, t));
    else flag(slot, listProblemText(problem, t));
  }
  for (const like of preview.lookAlike) {
    const slot = slotOf(like.name);
    const text = like.listed ? t('popup_preview_look_alike_listed', like.other) : t('popup_preview_look_alike_poster', like.other);
    if (slot === undefined) rest.push(text);
    else flag(slot, text);
  }
  return { bySlot, rest };
}

/** The roster the opening post gives, each name with what to check beside it, before the game is created. */
function RosterPreviewList({ preview, t }: { readonly preview: RosterPreview; readonly t: Translator }) {
  if (preview.post === null) return null;
  if (preview.slots === null)
    return (
      <p class="gavel-muted" data-testid="roster-preview-none">
        {t('popup_list_none', preview.post)}
      </p>
    );
  const { bySlot, rest } = previewFlags(preview, t);
  const flagged = bySlot.size;
  return (
    <div data-testid="roster-preview">
      <p class="gavel-muted">{t('popup_list_heading', preview.post, preview.slots.length)}</p>
      {flagged > 0 && (
        <p class="gavel-muted" data-testid="roster-preview-summary">
          {t.plural('popup_preview_flagged', flagged)}
        </p>
      )}
      <ol class="gavel-list gavel-preview">
        {preview.slots.map((slot) => {
          const flags = bySlot.get(slot.slotId) ?? [];
          const notes = slotNotes(slot, t);
          return (
            <li
              key={slot.slotId}
              data-testid="preview-slot"
              data-dead={slot.dead ? 'true' : undefined}
              data-flagged={flags.length > 0 ? 'true' : undefined}
            >
              <span class="gavel-preview__name" data-testid="preview-name">
                {slot.accounts[slot.accounts.length - 1] ?? ''}
              </span>
              {notes !== null && <span class="gavel-muted"> ({notes})</span>}
              {flags.length > 0 && (
                <ul class="gavel-preview__flags">
                  {flags.map((f) => (
                    <li key={f} class="gavel-flag" data-testid="preview-flag">
                      ⚠ {f}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      {rest.length > 0 && (
        <div class="gavel-error" role="status" data-testid="roster-preview-problems">
          <p>{t('popup_list_problems')}</p>
          <ul>
            {rest.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** "New game": a thread, a ruleset preset, a roster read from the opening post (shown with its problems) or pasted, and the hosts. */
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
  const [preview, setPreview] = useState<RosterPreview | null>(null);
  // The hosts the host typed; null: the opening post's (its author and the co-hosts it names).
  const [hostsText, setHostsText] = useState<string | null>(null);
  const chosen = threads.find((t) => t.key === threadKey);
  const canRead = chosen !== undefined && chosen.postCount > 0;
  const source = from === 'opening-post' && !canRead ? 'text' : from;

  useEffect(() => {
    setPreview(null);
    setHostsText(null);
    if (threadKey === '' || !canRead) return;
    let current = true;
    void games.previewRoster(threadKey).then((p) => {
      // A worker that answers nothing gives no preview, like one that cannot read the post.
      if (current) setPreview(p ?? null);
    });
    return () => {
      current = false;
    };
  }, [threadKey, canRead]);

  const hosts = hostsText ?? (preview?.hosts ?? []).join(', ');
  // A game in a thread needs a host (a game with no thread yet has no posts to count).
  const noHost = threadKey !== '' && splitNames(hosts).length === 0;
  // While the opening post's hosts are on their way the form does not ask yet: the worker takes them itself when none are sent.
  const loading = canRead && preview === null && hostsText === null;
  const mustAsk = noHost && !loading;

  const submit = (event: Event): void => {
    event.preventDefault();
    if (mustAsk) return;
    void games.create({
      threadKey: threadKey === '' ? null : threadKey,
      title,
      presetId,
      roster: source === 'opening-post' ? { from: 'opening-post' } : { from: 'text', text },
      hosts,
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
                {threadChoiceLabel(thread, threads, t) +
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
          {source === 'opening-post' && preview !== null && <RosterPreviewList preview={preview} t={t} />}
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
        <label class="gavel-field">
          <span>{t('popup_field_hosts')}</span>
          <span class="gavel-muted">{t('popup_new_game_hosts_help')}</span>
          <textarea data-testid="new-game-hosts" rows={2} value={hosts} onInput={(e) => setHostsText(e.currentTarget.value)} />
        </label>
        {mustAsk && (
          <p class="gavel-error" role="alert" data-testid="new-game-no-host">
            {t('popup_problem_no_host')}
          </p>
        )}
        <p>
          <button
            type="submit"
            class="gavel-button gavel-button--primary"
            data-testid="create-game"
            disabled={games.busy.value || mustAsk || (source === 'text' && text.trim() === '')}
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
