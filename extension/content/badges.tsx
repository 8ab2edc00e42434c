/**
 * The badge row Gavel puts beside each post of a tracked game: what it read in
 * the post (a vote counted for whom, a vote not counted and why: one badge per
 * reason) and what it noticed (the day's hammer, night post, edited, dead
 * poster, replaced player, inactive with the rule's figures), with a
 * "count as of this post" control. Each row is its own host element holding a
 * Shadow DOM root, so the forum's CSS cannot reach it; the forum's own
 * elements are never changed, moved or restyled. All text is rendered as text.
 */
import { h, render } from 'preact';
import { phaseLabel } from '../shared/format';
import type { Translator } from '../shared/i18n';
import type { PostMarkView, PostVerdictView } from '../shared/protocol';
import { voteReasonWords } from '../shared/reason-keys';

export const BADGE_ATTR = 'data-gavel-badges';

export interface BadgeRowProps {
  /** Gavel's number of the post (what the count is asked "as of"). */
  readonly number: number;
  /** The post's number as the forum shows it (`shownPostNumber`: SMF's "Reply #25" for 26). */
  readonly shown: number;
  readonly verdict: PostVerdictView | undefined;
  /** The post the panel's count is as of, when the host picked one. */
  readonly selected: boolean;
  readonly onCountAsOf: (post: number) => void;
  readonly t: Translator;
}

const markClass: Readonly<Record<PostVerdictView['marks'][number]['kind'], string>> = {
  hammer: 'hammer',
  'night-post': 'bad',
  'dead-poster': 'bad',
  replaced: 'bad',
  'non-player': 'note',
  edited: 'note',
  inactive: 'note',
};

/** A mark in the host's language. */
function markText(t: Translator, mark: PostMarkView): string {
  switch (mark.kind) {
    case 'hammer':
      return t('badge_hammer', mark.target);
    case 'edited':
      return mark.by === null ? t('badge_mark_edited') : t('badge_mark_edited_by', mark.by);
    case 'inactive':
      // The rule's figures are said: which posts counted (their length), and how many were needed.
      return mark.minChars > 1
        ? t.plural('badge_mark_inactive', mark.counted, phaseLabel(mark.phase, t), mark.required, mark.minChars)
        : t.plural('badge_mark_inactive_any', mark.counted, phaseLabel(mark.phase, t), mark.required);
    case 'night-post':
      return t('badge_mark_night_post');
    case 'dead-poster':
      return t('badge_mark_dead_poster');
    case 'replaced':
      return t('badge_mark_replaced');
    case 'non-player':
      return t('badge_mark_non_player');
  }
}

type VoteLine = PostVerdictView['votes'][number];

/** One badge of a post's votes: a counted vote, or every line not counted for one reason. */
export type VoteBadge =
  { readonly kind: 'counted'; readonly vote: VoteLine } | { readonly kind: 'not-counted'; readonly lines: readonly VoteLine[] };

/**
 * A post's vote badges: each counted vote, and one badge per reason a line was not counted (a post
 * quoting the same vote twice, or several lines out of bold, wears that reason once).
 */
export function voteBadges(votes: readonly VoteLine[]): VoteBadge[] {
  const out: VoteBadge[] = [];
  const byReason = new Map<string, VoteLine[]>();
  for (const v of votes) {
    if (v.counted) {
      out.push({ kind: 'counted', vote: v });
      continue;
    }
    const reason = v.code ?? v.reason ?? '';
    const known = byReason.get(reason);
    if (known !== undefined) {
      known.push(v);
      continue;
    }
    const lines = [v];
    byReason.set(reason, lines);
    out.push({ kind: 'not-counted', lines });
  }
  return out;
}

function notCountedText(t: Translator, lines: readonly VoteLine[]): string {
  const first = lines[0];
  if (first === undefined) return '';
  const texts = [...new Set(lines.map((l) => l.text))];
  const why = first.reason === null ? null : voteReasonWords(t, first.code, first.reason);
  if (texts.length > 1)
    return why === null
      ? t.plural('badge_not_counted_lines', texts.length)
      : t.plural('badge_not_counted_lines_because', texts.length, why);
  return why === null ? t('badge_not_counted', first.text) : t('badge_not_counted_because', first.text, why);
}

export function BadgeRow({ number, shown, verdict, selected, onCountAsOf, t }: BadgeRowProps) {
  return (
    <div class={`row${selected ? ' row--selected' : ''}`} data-testid="gavel-badges" data-post={number}>
      <span class="brand" title="Gavel">
        G
      </span>
      {voteBadges(verdict?.votes ?? []).map((b, i) =>
        b.kind === 'counted' ? (
          <span class="badge good" key={`v${i}`} data-testid="gavel-badge" data-kind="counted" title={b.vote.text}>
            {b.vote.action === 'unvote'
              ? t('badge_unvote_counted')
              : b.vote.weight !== undefined
                ? t('badge_vote_counted_weight', b.vote.target ?? b.vote.text, String(b.vote.weight))
                : t('badge_vote_counted', b.vote.target ?? b.vote.text)}
          </span>
        ) : (
          <span
            class="badge bad"
            key={`v${i}`}
            data-testid="gavel-badge"
            data-kind="not-counted"
            title={[...new Set(b.lines.map((l) => l.text))].join('\n')}
          >
            {notCountedText(t, b.lines)}
          </span>
        ),
      )}
      {verdict?.marks.map((m) => (
        <span class={`badge ${markClass[m.kind]}`} key={m.kind} data-testid="gavel-badge" data-kind={m.kind}>
          {markText(t, m)}
        </span>
      ))}
      <button type="button" class="asof" data-testid="gavel-count-as-of" aria-pressed={selected} onClick={() => onCountAsOf(number)}>
        {selected ? t('badge_count_as_of_post', shown) : t('badge_count_as_of_this')}
      </button>
    </div>
  );
}

export interface BadgeHost {
  readonly host: HTMLElement;
  readonly container: HTMLElement;
}

/**
 * Where a badge row goes: just before the post's element, or inside the first
 * cell of a table-row post (a row cannot take a sibling that is not a row).
 */
export function mountBadgeHost(doc: Document, postElement: Element, css: string): BadgeHost {
  const host = doc.createElement('div');
  host.setAttribute(BADGE_ATTR, '');
  host.style.setProperty('all', 'initial');
  host.style.setProperty('display', 'block');
  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = css;
  const container = doc.createElement('div');
  root.append(style, container);
  if (postElement.tagName === 'TR') {
    const cell = postElement.querySelector(':scope > td, :scope > th');
    if (cell !== null) cell.prepend(host);
    else postElement.before(host);
  } else postElement.before(host);
  return { host, container };
}

/** Removes every badge row Gavel added to the page. */
export function removeBadgeHosts(doc: Document): void {
  for (const el of doc.querySelectorAll(`[${BADGE_ATTR}]`)) el.remove();
}

/** Renders (or re-renders) a badge row into its host. */
export function renderBadgeRow(target: BadgeHost, props: BadgeRowProps): void {
  render(h(BadgeRow, props), target.container);
}
