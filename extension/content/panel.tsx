/**
 * The floating, collapsible panel Gavel shows on a thread page, rendered in
 * its own Shadow DOM root. Everything it shows is text: page-derived strings
 * are never turned into markup.
 */
import { signal, type Signal } from '@preact/signals';
import type { ThreadSummary, VoteCountView } from '../shared/protocol';

export interface PanelModel {
  readonly engineName: string;
  readonly title: string;
  readonly postsOnPage: number;
  readonly thread: ThreadSummary | null;
  readonly count: VoteCountView | null;
  /** Problems reading the page, said plainly (a selector that stopped matching…). */
  readonly issues: readonly string[];
  readonly error: string | null;
}

export interface PanelActions {
  track(): void;
}

export function createPanelState(initial: PanelModel): Signal<PanelModel> {
  return signal(initial);
}

const collapsed = signal(false);

/** The one line shown even when the panel is collapsed. */
function headline(m: PanelModel): string {
  const c = m.count;
  if (c === null) return m.engineName;
  if (c.hammer !== null) return `${c.hammer.target} hammered (post #${c.hammer.post})`;
  const top = c.wagons[0];
  return top === undefined ? 'no votes yet' : `${top.target} ${top.votes}/${c.threshold}`;
}

function Wagons({ count }: { count: VoteCountView }) {
  return (
    <div data-testid="gavel-votecount">
      <div class="row">
        <span>
          <strong>{count.alive}</strong> alive · <strong>{count.threshold}</strong> to {count.thresholdLabel}
        </span>
        <span class="muted">as of post #{count.asOfPost}</span>
      </div>
      {count.hammer !== null && (
        <p class="warn" data-testid="gavel-hammer">
          Hammer: {count.hammer.target} reached {count.threshold} votes in post #{count.hammer.post}.
        </p>
      )}
      {count.wagons.length === 0 && <p class="muted">No votes yet.</p>}
      {count.wagons.map((w) => (
        <div class="wagon" key={w.target}>
          <span class="count">
            {w.target} {w.votes}
          </span>{' '}
          <span class="muted">(L-{Math.max(0, count.threshold - w.votes)})</span>
          <div class="voters">{w.voters.join(', ')}</div>
        </div>
      ))}
      {count.notVoting.length > 0 && (
        <p class="muted">
          Not voting ({count.notVoting.length}): {count.notVoting.join(', ')}
        </p>
      )}
      {count.notCounted.length > 0 && (
        <details data-testid="gavel-not-counted" open={count.notCounted.length <= 6}>
          <summary class="muted">Not counted ({count.notCounted.length})</summary>
          <ul>
            {count.notCounted.map((v) => (
              <li key={`${v.post}:${v.text}`}>
                #{v.post} {v.author}: “{v.text}”: {v.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

export function Panel({ model, actions }: { model: Signal<PanelModel>; actions: PanelActions }) {
  const m = model.value;
  const isCollapsed = collapsed.value;
  return (
    <section class={`panel${isCollapsed ? ' panel--collapsed' : ''}`} data-testid="gavel-panel" aria-label="Gavel">
      <button type="button" class="head" aria-expanded={!isCollapsed} onClick={() => (collapsed.value = !isCollapsed)}>
        <strong>Gavel</strong>
        <span class="muted">{headline(m)}</span>
        <span class="chev" aria-hidden="true">
          {isCollapsed ? '▴' : '▾'}
        </span>
      </button>
      {!isCollapsed && (
        <div class="body">
          <div class="row">
            <span>{m.title}</span>
          </div>
          <div class="muted">
            {m.engineName} · {m.postsOnPage} posts on this page
            {m.thread !== null && ` · ${m.thread.postCount} posts stored from ${m.thread.pagesSeen} ${m.thread.pagesSeen === 1 ? 'page' : 'pages'}`}
          </div>
          {m.error !== null && (
            <p class="warn" role="alert">
              {m.error}
            </p>
          )}
          {m.issues.length > 0 && (
            <ul class="warn">
              {m.issues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
          )}
          {m.count !== null && <Wagons count={m.count} />}
          {m.thread !== null && !m.thread.tracked && (
            <p>
              <button type="button" class="btn" data-testid="gavel-track" onClick={() => actions.track()}>
                Track this game with Gavel
              </button>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
