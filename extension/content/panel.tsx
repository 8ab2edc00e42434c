/**
 * The floating, collapsible panel Gavel shows on a thread page, rendered in
 * its own Shadow DOM root. On a thread that is not tracked it is one small
 * button; on a tracked game it shows the count, the breaches and the vote
 * count post to copy. Everything it shows is text: page-derived strings are
 * never turned into markup.
 */
import { signal, type Signal } from '@preact/signals';
import type { BreachView, ThreadSummary, VoteCountView } from '../shared/protocol';

/** Where copying the vote count stands. */
export type CopyState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'copied'; readonly what: string }
  /** The browser refused the clipboard: the text is shown to select and copy by hand. */
  | { readonly kind: 'denied'; readonly text: string; readonly why: string };

export interface PanelModel {
  readonly engineName: string;
  readonly title: string;
  readonly postsOnPage: number;
  readonly thread: ThreadSummary | null;
  readonly count: VoteCountView | null;
  /** Problems reading the page, said plainly (a selector that stopped matching…). */
  readonly issues: readonly string[];
  readonly error: string | null;
  /** Reading the thread's other pages, while it runs ("reading page 3 of 7…"); null when not reading. */
  readonly crawl: { readonly page: number; readonly pages: number | null } | null;
  readonly copy: CopyState;
  /** Waiting for the worker (tracking, counting). */
  readonly busy: boolean;
}

export interface PanelActions {
  track(): void;
  /** Count as of the latest post again. */
  latest(): void;
  copyVoteCount(): void;
  /** Show a post of this page, when it is on this page; false when it is not. */
  showPost(postId: string): boolean;
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
  return top === undefined ? `Day ${c.day}: no votes yet` : `Day ${c.day}: ${top.target} ${top.votes}/${c.threshold}`;
}

/** Only web addresses become links; anything else a page could put there is not followed. */
function safeHref(link: string | undefined): string | undefined {
  if (link === undefined) return undefined;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function Wagons({ count, actions }: { count: VoteCountView; actions: PanelActions }) {
  return (
    <div data-testid="gavel-votecount">
      <div class="row">
        <span>
          <strong>Day {count.day}</strong> · <strong>{count.alive}</strong> alive · <strong>{count.threshold}</strong> to {count.thresholdLabel}
        </span>
      </div>
      <div class="row asof" data-testid="gavel-asof">
        <span class={count.chosenAsOf ? 'chosen' : 'muted'}>
          as of post #{count.asOfPost}
          {count.chosenAsOf && ` (of ${count.lastPost})`}
        </span>
        {count.chosenAsOf && (
          <button type="button" class="link" data-testid="gavel-latest" onClick={() => actions.latest()}>
            back to the latest post
          </button>
        )}
      </div>
      {count.hammer !== null && (
        <p class="warn" data-testid="gavel-hammer">
          Hammer: {count.hammer.target} reached {count.threshold} votes in post #{count.hammer.post}.
        </p>
      )}
      {count.lock !== null && (
        <p class="muted" data-testid="gavel-lock">
          Locked: the wagon on {count.lock.target} locked in post #{count.lock.post}; its voters cannot move.
        </p>
      )}
      {count.wagons.length === 0 && <p class="muted">No votes yet.</p>}
      {count.wagons.map((w) => (
        <div class="wagon" key={w.target} data-testid="gavel-wagon">
          <span class="count">
            {w.target} {w.votes}
          </span>{' '}
          {w.lMinus !== null && <span class={w.lMinus === 0 ? 'lzero' : 'muted'}>(L-{w.lMinus})</span>}
          <div class="voters">{w.voters.join(', ')}</div>
        </div>
      ))}
      {count.notVoting.length > 0 && (
        <p class="muted" data-testid="gavel-not-voting">
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

function Breaches({ breaches, actions }: { breaches: readonly BreachView[]; actions: PanelActions }) {
  if (breaches.length === 0) return <p class="muted" data-testid="gavel-breaches">No breaches found.</p>;
  // Pardoned breaches stay listed, struck through with the host's note, and do not count toward the total.
  const pardoned = breaches.filter((b) => b.pardoned !== undefined).length;
  const open = breaches.length - pardoned;
  return (
    <details data-testid="gavel-breaches" open={open > 0 && open <= 8}>
      <summary>
        <strong>Breaches ({open})</strong>
        {pardoned > 0 && <span class="muted"> and {pardoned} pardoned</span>}
      </summary>
      <ul class="breaches">
        {breaches.map((b) => {
          const href = safeHref(b.permalink);
          const postId = b.postId;
          return (
            <li key={b.id} title={b.ruleText} data-pardoned={b.pardoned === undefined ? undefined : 'true'}>
              {b.post !== null && (
                <a
                  href={href ?? '#'}
                  onClick={(e) => {
                    if (postId !== null && actions.showPost(postId)) e.preventDefault();
                    else if (href === undefined) e.preventDefault();
                  }}
                >
                  #{b.post}
                </a>
              )}
              {b.post === null && b.phase !== null && <span>{b.phase}</span>}{' '}
              {b.pardoned === undefined ? (
                <>
                  <strong>{b.player}</strong>: {b.rule} <span class="sanction">({b.sanction})</span>
                </>
              ) : (
                <>
                  <s>
                    <strong>{b.player}</strong>: {b.rule} <span class="sanction">({b.sanction})</span>
                  </s>{' '}
                  <span class="muted">pardoned: {b.pardoned.note}</span>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

function Copy({ count, copy, actions }: { count: VoteCountView; copy: CopyState; actions: PanelActions }) {
  return (
    <div class="copy">
      <button type="button" class="btn" data-testid="gavel-copy" onClick={() => actions.copyVoteCount()}>
        Copy vote count
      </button>{' '}
      <span class="muted">{count.voteCountPost.dialect === 'bbcode' ? 'BBCode' : 'Markdown'}</span>
      {copy.kind === 'copied' && (
        <p class="ok" role="status" data-testid="gavel-copied">
          Copied {copy.what}: paste it into your reply.
        </p>
      )}
      {copy.kind === 'denied' && (
        <div role="alert" data-testid="gavel-copy-denied">
          <p class="warn">The browser did not let Gavel write to the clipboard ({copy.why}). Select the text below and copy it.</p>
          <textarea readonly rows={6} value={copy.text} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
    </div>
  );
}

export function Panel({ model, actions }: { model: Signal<PanelModel>; actions: PanelActions }) {
  const m = model.value;
  const tracked = m.thread?.tracked === true;
  // Until the worker says whether this thread is tracked, add nothing visible.
  if (m.thread === null && m.error === null) return null;
  if (m.thread !== null && !tracked && m.error === null) {
    // Not a game Gavel tracks: one small button, nothing else.
    return (
      <button type="button" class="btn track" data-testid="gavel-track" disabled={m.busy} onClick={() => actions.track()}>
        {m.busy ? 'Tracking…' : 'Track this game with Gavel'}
      </button>
    );
  }
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
          {m.crawl !== null && (
            <p class="muted" role="status" data-testid="gavel-crawl">
              reading page {m.crawl.page}
              {m.crawl.pages !== null && ` of ${m.crawl.pages}`}…
            </p>
          )}
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
          {m.busy && m.count === null && <p class="muted">Counting…</p>}
          {m.count !== null && <Wagons count={m.count} actions={actions} />}
          {m.count !== null && <Breaches breaches={m.count.breaches} actions={actions} />}
          {m.count !== null && <Copy count={m.count} copy={m.copy} actions={actions} />}
          {m.count !== null && (
            <p class="muted small">
              Roster: {m.count.rosterSource}. Phases: {m.count.phaseSource}.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
