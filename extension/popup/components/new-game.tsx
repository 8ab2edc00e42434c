import { useState } from 'preact/hooks';
import type { PresetRulesetId } from '../../../src/engine';
import { presetChoices } from '../games-store';
import { useStore } from '../store';

const pasteHelp = 'One player per line. Aliases in brackets: Bluebell (Blue, BB). A replacement: Snowdrop replaces Bluebell @ post 40';

/** "New game": a thread, a ruleset preset, and a roster read from the opening post or pasted. */
export function NewGame() {
  const store = useStore();
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
          ← Games
        </button>
        <h2 id="new-game-heading">New game</h2>
      </div>
      <form class="gavel-form" onSubmit={submit}>
        <label class="gavel-field">
          <span>Thread</span>
          <select data-testid="new-game-thread" value={threadKey} onChange={(e) => setThreadKey(e.currentTarget.value)}>
            {threads.map((t) => (
              <option key={t.key} value={t.key}>
                {(t.title || `Thread ${t.threadId}`) + (t.key === active?.key ? ' (this tab)' : '') + (t.tracked ? '' : ' (not tracked)')}
              </option>
            ))}
            <option value="">No thread yet</option>
          </select>
        </label>
        <label class="gavel-field">
          <span>Rules</span>
          <select data-testid="new-game-preset" value={presetId} onChange={(e) => setPresetId(e.currentTarget.value as PresetRulesetId)}>
            {presetChoices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label class="gavel-field">
          <span>Title</span>
          <input type="text" data-testid="new-game-title" value={title} placeholder={chosen?.title || 'The game\u2019s name'} onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
        <fieldset class="gavel-fieldset">
          <legend>Roster</legend>
          <label class="gavel-check">
            <input type="radio" name="roster-from" data-testid="roster-from-post" checked={source === 'opening-post'} disabled={!canRead} onChange={() => setFrom('opening-post')} />
            read the player list in the opening post
            {chosen !== undefined && !canRead && <span class="gavel-muted"> (no post of this thread read yet)</span>}
          </label>
          <label class="gavel-check">
            <input type="radio" name="roster-from" data-testid="roster-from-text" checked={source === 'text'} onChange={() => setFrom('text')} />
            paste the names
          </label>
          {source === 'text' && (
            <label class="gavel-field">
              <span class="gavel-muted">{pasteHelp}</span>
              <textarea data-testid="roster-text" rows={8} value={text} onInput={(e) => setText(e.currentTarget.value)} />
            </label>
          )}
        </fieldset>
        <p>
          <button type="submit" class="gavel-button gavel-button--primary" data-testid="create-game" disabled={games.busy.value || (source === 'text' && text.trim() === '')}>
            Create the game
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
