/**
 * The floating, collapsible panel Gavel shows on a thread page, rendered in
 * its own Shadow DOM root. On a thread that is not tracked it is one small
 * button; on a tracked game it shows the count, the breaches and the vote
 * count post to copy. Everything it shows is text: page-derived strings are
 * never turned into markup.
 */
import { signal, type Signal } from '@preact/signals';
import { shownPostNumber, type PostNumbering } from '../../src/model/post';
import { phaseLabel, sayMessage } from '../shared/format';
import type { Translator } from '../shared/i18n';
import { linkLineWords } from '../shared/link-words';
import { listProblemText } from '../shared/list-problem-words';
import { NameList } from '../shared/name-list';
import { breachReasonKey, sanctionKey, voteReasonWords } from '../shared/reason-keys';
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
  /** Gavel's words in the host's language, from the worker; null until they come (nothing textual is shown before). */
  readonly t: Translator | null;
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
function headline(m: PanelModel, t: Translator): string {
  const c = m.count;
  if (c === null) return m.engineName;
  if (c.hammer !== null) return t('panel_headline_hammered', c.hammer.target, shownPostNumber(c.hammer.post, c.numbering));
  const top = c.wagons[0];
  if (top === undefined) return t('panel_headline_no_votes', c.day);
  return c.threshold === null
    ? t('panel_headline_leader_plurality', c.day, top.target, top.votes)
    : t('panel_headline_leader', c.day, top.target, top.votes, c.threshold);
}

/** What reaching the threshold does: the worker's word, in the host's language where Gavel knows it. */
function thresholdWords(t: Translator, label: string): string {
  return label === 'lynch' ? t('panel_threshold_lynch') : label;
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

/** Posters on no slot linked to a slot (a line each, with the evidence), the links held back for the host, and accounts in two slots. */
function Links({ count, t }: { count: VoteCountView; t: Translator }) {
  if (count.accountLinks.length === 0 && count.sharedAccounts.length === 0) return null;
  return (
    <div class="muted small" data-testid="gavel-links">
      <strong>{t('panel_links_heading')}</strong>
      <ul>
        {count.accountLinks.map((l) => (
          <li key={`${l.account}:${l.slotId}`} data-testid={l.applied ? 'gavel-link-applied' : 'gavel-link-suggested'}>
            {linkLineWords(t, l, { applied: 'panel_link_applied', suggested: 'panel_link_suggested' })}
          </li>
        ))}
        {count.sharedAccounts.map((s) => (
          <li key={s.account} class="warn" data-testid="gavel-link-shared">
            {s.from === null
              ? t('panel_link_shared_unknown', s.account, s.slots.join(', '), s.latest)
              : t('panel_link_shared', s.account, s.slots.join(', '), s.latest, shownPostNumber(s.from, count.numbering))}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Wagons({ count, actions, t }: { count: VoteCountView; actions: PanelActions; t: Translator }) {
  // post numbers as the forum shows them (SMF's "Reply #25" is Gavel's 26)
  const shown = (n: number): number => shownPostNumber(n, count.numbering);
  return (
    <div data-testid="gavel-votecount">
      <div class="row">
        <span>
          <strong>{t('panel_day', count.day)}</strong> · {t('panel_alive', count.alive)} ·{' '}
          {count.threshold === null
            ? t('panel_plurality')
            : t('panel_to_threshold', count.threshold, thresholdWords(t, count.thresholdLabel))}
        </span>
      </div>
      <div class="row asof" data-testid="gavel-asof">
        <span class={count.chosenAsOf ? 'chosen' : 'muted'}>
          {count.chosenAsOf
            ? t('panel_as_of_chosen', shown(count.asOfPost), shown(count.lastPost))
            : t('panel_as_of', shown(count.asOfPost))}
        </span>
        {count.chosenAsOf && (
          <button type="button" class="link" data-testid="gavel-latest" onClick={() => actions.latest()}>
            {t('panel_back_to_latest')}
          </button>
        )}
      </div>
      {count.hammer !== null && (
        <p class="warn" data-testid="gavel-hammer">
          {t('panel_hammer', count.hammer.target, count.threshold ?? count.wagons[0]?.votes ?? 0, shown(count.hammer.post))}
        </p>
      )}
      {count.lock !== null && (
        <p class="muted" data-testid="gavel-lock">
          {t('panel_lock', count.lock.target, shown(count.lock.post))}
        </p>
      )}
      {count.wagons.length === 0 && <p class="muted">{t('panel_no_votes')}</p>}
      {count.wagons.map((w) => (
        <div class="wagon" key={w.target} data-testid="gavel-wagon">
          <span class="count">
            {w.target} {w.votes}
          </span>{' '}
          {w.lMinus !== null && <span class={w.lMinus === 0 ? 'lzero' : 'muted'}>({t('panel_wagon_l_minus', w.lMinus)})</span>}
          <div class="voters">
            <NameList names={w.voters} />
          </div>
        </div>
      ))}
      {count.notVoting.length > 0 && (
        <div class="muted" data-testid="gavel-not-voting">
          {t('panel_not_voting_heading', count.notVoting.length)} <NameList names={count.notVoting} testId="gavel-not-voting-names" />
        </div>
      )}
      {count.readAs.length > 0 && (
        <details data-testid="gavel-read-as" open={count.readAs.length <= 6}>
          <summary class="muted">{t('panel_read_as', count.readAs.length)}</summary>
          <ul>
            {count.readAs.map((v) => (
              <li key={`${v.post}:${v.text}`}>
                #{v.post} {v.author}: “{v.text}” → {v.target}:{' '}
                {v.why === 'thread-nickname' ? t('panel_read_as_nickname') : t('panel_read_as_living', v.also.join(', '))}
              </li>
            ))}
          </ul>
        </details>
      )}
      {count.notCounted.length > 0 && (
        <details data-testid="gavel-not-counted" open={count.notCounted.length <= 6}>
          <summary class="muted">{t('panel_not_counted', count.notCounted.length)}</summary>
          <ul>
            {count.notCounted.map((v) => (
              <li key={`${v.post}:${v.text}`}>
                #{shown(v.post)} {v.author}: “{v.text}”: {voteReasonWords(t, v.code, v.reason)}
              </li>
            ))}
          </ul>
        </details>
      )}
      <Links count={count} t={t} />
    </div>
  );
}

/** Where a breach is: a link to its post (shown on this page when it is here), or its day. */
function BreachPlace({
  b,
  numbering,
  actions,
  t,
}: {
  b: BreachView;
  numbering: PostNumbering | undefined;
  actions: PanelActions;
  t: Translator;
}) {
  const href = safeHref(b.permalink);
  const postId = b.postId;
  if (b.post === null) return b.phaseRef === null ? null : <span>{phaseLabel(b.phaseRef, t)}</span>;
  return (
    <a
      href={href ?? '#'}
      onClick={(e) => {
        if (postId !== null && actions.showPost(postId)) e.preventDefault();
        else if (href === undefined) e.preventDefault();
      }}
    >
      #{shownPostNumber(b.post, numbering)}
    </a>
  );
}

/** What was found and the rule applied with its figures, in the host's language (worded by the worker). */
function BreachWords({ b, withRule }: { b: BreachView; withRule: boolean }) {
  const words = b.words;
  if (words === undefined) return null;
  return (
    <>
      {words.findings.length > 0 && (
        <div class="small-line" data-testid="gavel-breach-finding">
          {words.findings.join(' ')}
        </div>
      )}
      {withRule && words.terms.length > 0 && (
        <div class="small-line muted" data-testid="gavel-breach-rule">
          {words.terms.join(' ')}
        </div>
      )}
    </>
  );
}

/** With no game set up: the edits the forum shows, judged against no rules (one line until the host opens it). */
function Unjudged({ breaches, numbering, actions, t }: BreachesProps) {
  return (
    <details data-testid="gavel-breaches" data-judged="false">
      <summary>
        <strong>{t('panel_unjudged_title')}</strong>
        {breaches.length > 0 && <span class="muted"> {t('panel_edits', breaches.length)}</span>}
      </summary>
      <p class="muted small-line" data-testid="gavel-unjudged">
        {t('panel_unjudged')}
      </p>
      {breaches.length > 0 && (
        <ul class="breaches">
          {breaches.map((b) => (
            <li key={b.id} data-testid="gavel-breach">
              <BreachPlace b={b} numbering={numbering} actions={actions} t={t} /> <strong>{b.player}</strong>
              <BreachWords b={b} withRule={false} />
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

interface BreachesProps {
  breaches: readonly BreachView[];
  numbering: PostNumbering | undefined;
  actions: PanelActions;
  t: Translator;
}

function Breaches({ breaches, numbering, actions, t }: BreachesProps) {
  if (breaches.length === 0)
    return (
      <p class="muted" data-testid="gavel-breaches">
        {t('panel_no_breaches')}
      </p>
    );
  // Pardoned breaches stay listed, struck through with the host's note, and do not count toward the total.
  const pardoned = breaches.filter((b) => b.pardoned !== undefined).length;
  const open = breaches.length - pardoned;
  return (
    <details data-testid="gavel-breaches" data-judged="true" open={open > 0 && open <= 8}>
      <summary>
        <strong>{t('panel_breaches', open)}</strong>
        {pardoned > 0 && <span class="muted"> {t('panel_breaches_pardoned', pardoned)}</span>}
      </summary>
      <ul class="breaches">
        {breaches.map((b) => {
          const what = (
            <>
              <strong>{b.player}</strong>: {t(breachReasonKey[b.code])} <span class="sanction">({t(sanctionKey[b.sanctionCode])})</span>
            </>
          );
          return (
            <li key={b.id} data-testid="gavel-breach" data-pardoned={b.pardoned === undefined ? undefined : 'true'}>
              <BreachPlace b={b} numbering={numbering} actions={actions} t={t} />{' '}
              {b.pardoned === undefined ? (
                what
              ) : (
                <>
                  <s>{what}</s> <span class="muted">{t('panel_pardoned_note', b.pardoned.note)}</span>
                </>
              )}
              <BreachWords b={b} withRule={true} />
            </li>
          );
        })}
      </ul>
    </details>
  );
}

function Copy({ count, copy, actions, t }: { count: VoteCountView; copy: CopyState; actions: PanelActions; t: Translator }) {
  return (
    <div class="copy">
      <button type="button" class="btn" data-testid="gavel-copy" onClick={() => actions.copyVoteCount()}>
        {t('panel_copy_vote_count')}
      </button>{' '}
      <span class="muted">{count.voteCountPost.dialect === 'bbcode' ? 'BBCode' : 'Markdown'}</span>
      {copy.kind === 'copied' && (
        <p class="ok" role="status" data-testid="gavel-copied">
          {t('panel_copied', copy.what)}
        </p>
      )}
      {copy.kind === 'denied' && (
        <div role="alert" data-testid="gavel-copy-denied">
          <p class="warn">{t('panel_copy_denied', copy.why)}</p>
          <textarea readonly rows={6} value={copy.text} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
    </div>
  );
}

export function Panel({ model, actions }: { model: Signal<PanelModel>; actions: PanelActions }) {
  const m = model.value;
  const tracked = m.thread?.tracked === true;
  const t = m.t;
  // Until the worker says whether this thread is tracked, and has sent Gavel's words, add nothing visible.
  if (t === null || (m.thread === null && m.error === null)) return null;
  if (m.thread !== null && !tracked && m.error === null) {
    // Not a game Gavel tracks: one small button, nothing else.
    return (
      <button type="button" class="btn track" data-testid="gavel-track" disabled={m.busy} onClick={() => actions.track()}>
        {m.busy ? t('panel_tracking') : t('panel_track')}
      </button>
    );
  }
  const isCollapsed = collapsed.value;
  return (
    <section class={`panel${isCollapsed ? ' panel--collapsed' : ''}`} data-testid="gavel-panel" aria-label="Gavel">
      <button type="button" class="head" aria-expanded={!isCollapsed} onClick={() => (collapsed.value = !isCollapsed)}>
        <strong>Gavel</strong>
        <span class="muted">{headline(m, t)}</span>
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
            {m.engineName} · {t.plural('panel_posts_on_page', m.postsOnPage)}
            {m.thread !== null &&
              ` · ${t.plural('panel_posts_stored', m.thread.postCount, t.plural('panel_from_pages', m.thread.pagesSeen))}`}
          </div>
          {m.crawl !== null && (
            <p class="muted" role="status" data-testid="gavel-crawl">
              {m.crawl.pages === null ? t('panel_reading_page', m.crawl.page) : t('panel_reading_page_of', m.crawl.page, m.crawl.pages)}
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
          {m.busy && m.count === null && <p class="muted">{t('panel_counting')}</p>}
          {m.count !== null && <Wagons count={m.count} actions={actions} t={t} />}
          {m.count !== null &&
            (m.count.judged ? (
              <Breaches breaches={m.count.breaches} numbering={m.count.numbering} actions={actions} t={t} />
            ) : (
              <Unjudged breaches={m.count.breaches} numbering={m.count.numbering} actions={actions} t={t} />
            ))}
          {m.count !== null && (
            <p class="muted small">
              {m.count.sources === undefined
                ? t('panel_sources', m.count.rosterSource, m.count.phaseSource)
                : sayMessage(m.count.sources, { t })}
            </p>
          )}
          {m.count?.statedRules.map((sentence) => (
            <p class="muted small">{t('panel_stated_rule', sentence)}</p>
          ))}
          {m.count?.rosterProblems !== undefined && (
            <div class="warn small" data-testid="gavel-roster-problems">
              <p>{t('panel_roster_problems')}</p>
              <ul>
                {(m.count.rosterProblemCodes?.map((problem) => listProblemText(problem, t)) ?? m.count.rosterProblems).map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      {/* The panel's main button stays in view: the body scrolls above it, however long the breaches run. */}
      {!isCollapsed && m.count !== null && (
        <div class="foot">
          <Copy count={m.count} copy={m.copy} actions={actions} t={t} />
        </div>
      )}
    </section>
  );
}
