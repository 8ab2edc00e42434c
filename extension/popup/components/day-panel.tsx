import { useEffect } from 'preact/hooks';
import { deriveState } from '../../../src/engine';
import type { VoteCountView } from '../../shared/protocol';
import { useStore } from '../store';
import { DayEndForm } from './day-end';

function History({ count }: { readonly count: VoteCountView }) {
  const lines = count.posts.flatMap((p) => p.votes.map((v, i) => ({ key: `${p.postId}-${i}`, post: p.post, author: p.author, ...v })));
  if (lines.length === 0) return <p class="gavel-muted">No votes yet.</p>;
  return (
    <ol class="gavel-vote-history" data-testid="vote-history">
      {lines.map((v) => (
        <li key={v.key} class={v.counted ? undefined : 'gavel-vote-history--void'}>
          <span class="gavel-muted">#{v.post}</span> <strong>{v.author}</strong>{' '}
          {v.action === 'unvote' ? <s>unvote{v.target === null ? '' : ` ${v.target}`}</s> : <>votes {v.target ?? v.text}</>}
          {!v.counted && v.reason !== null && <span class="gavel-muted"> (not counted: {v.reason})</span>}
        </li>
      ))}
    </ol>
  );
}

/** The day in progress: the game's vote count from its thread, the vote history, and the vote count post to copy. */
export function DayPanel() {
  const store = useStore();
  const game = store.games.current.value;
  const night = store.night;
  const state = game === null ? null : deriveState(game.events);
  const day = state?.phase?.kind === 'day' && state.ended === undefined ? state.phase.number : null;
  const gameId = game?.id ?? null;
  const eventCount = game?.events.length ?? 0;
  useEffect(() => {
    if (gameId !== null && day !== null) void night.loadCount(gameId);
  }, [gameId, day, eventCount, night]);
  if (game === null || day === null) return null;
  const answer = night.count.value?.gameId === game.id ? night.count.value : null;
  const count = answer?.count ?? null;

  return (
    <section class="gavel-day" aria-labelledby="day-heading" data-testid="day-panel">
      <div class="gavel-section-head">
        <h2 id="day-heading">Vote count</h2>
        <button
          type="button"
          class="gavel-button"
          data-testid="day-refresh"
          title="Reads the thread again from its last page read, then counts"
          disabled={night.busy.value}
          onClick={() => void night.refreshCount(game.id)}
        >
          Refresh
        </button>
      </div>
      {night.reading.value !== null && (
        <p class="gavel-muted" role="status" data-testid="day-reading">
          Reading the thread’s new posts: {night.reading.value.pagesDone} of {night.reading.value.pageCount ?? '?'} pages…
        </p>
      )}
      {night.problem.value !== null && (
        <p class="gavel-error" role="alert">
          {night.problem.value}
        </p>
      )}
      {answer === null ? (
        <p class="gavel-muted">Counting…</p>
      ) : count === null ? (
        <p class="gavel-muted" data-testid="day-no-count">
          {answer.reason}
        </p>
      ) : (
        <>
          <p class="gavel-day__summary" data-testid="day-summary">
            Day {count.day} · {count.alive} alive · {count.threshold} to {count.thresholdLabel} · as of post #{count.asOfPost}
          </p>
          {count.day !== day && (
            <p class="gavel-muted" data-testid="day-behind">
              The game is on Day {day}, but the thread's posts reach Day {count.day} only: this is the Day {count.day} count until the thread's Day {day} begins.
            </p>
          )}
          {count.hammer !== null && (
            <p class="gavel-notice" data-testid="day-hammer">
              {count.hammer.target} was hammered in post #{count.hammer.post}.
            </p>
          )}
          {count.lock !== null && count.hammer?.target !== count.lock.target && (
            <p class="gavel-notice">
              The wagon on {count.lock.target} locked in post #{count.lock.post}.
            </p>
          )}
          {count.wagons.length === 0 ? (
            <p class="gavel-muted">Nobody has a vote.</p>
          ) : (
            <ul class="gavel-wagons" data-testid="day-wagons">
              {count.wagons.map((w) => (
                <li key={w.target}>
                  <span class="gavel-wagons__target">
                    <strong>{w.target}</strong> ({w.votes}){w.lMinus === null ? '' : w.lMinus === 0 ? ' · hammered' : ` · L-${w.lMinus}`}
                  </span>
                  <span class="gavel-muted">{w.voters.join(', ')}</span>
                </li>
              ))}
            </ul>
          )}
          <p>
            <span class="gavel-muted">Not voting ({count.notVoting.length}):</span> {count.notVoting.join(', ') || 'nobody'}
          </p>
          <details class="gavel-day__history">
            <summary>Vote history</summary>
            <History count={count} />
          </details>
          <div class="gavel-copyable" data-testid="post-vote-count">
            <div class="gavel-copyable__head">
              <strong>Vote count post ({count.voteCountPost.dialect === 'bbcode' ? 'BBCode' : 'Markdown'})</strong>
              <button
                type="button"
                class="gavel-button"
                data-testid="copy-vote-count"
                onClick={() =>
                  void night.copy('vote-count', { gameId: game.id, kind: 'vote-count', phase: { kind: 'day', number: day }, text: count.voteCountPost.text, dialect: count.voteCountPost.dialect })
                }
              >
                {night.copied.value === 'vote-count' ? 'Copied ✓' : 'Copy vote count'}
              </button>
            </div>
            <pre class="gavel-copyable__text">{count.voteCountPost.text}</pre>
          </div>
        </>
      )}
      <DayEndForm day={day} count={count} />
    </section>
  );
}
