/**
 * The badge row Gavel puts beside each post of a tracked game: what it read in
 * the post (a vote counted for whom, a vote not counted and why) and what it
 * noticed (night post, edited, dead poster, replaced player, inactive), with a
 * "count as of this post" control. Each row is its own host element holding a
 * Shadow DOM root, so the forum's CSS cannot reach it; the forum's own
 * elements are never changed, moved or restyled. All text is rendered as text.
 */
import { h, render } from 'preact';
import type { MessageKey, Translator } from '../shared/i18n';
import type { PostVerdictView } from '../shared/protocol';
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
  'night-post': 'bad',
  'dead-poster': 'bad',
  replaced: 'bad',
  'non-player': 'note',
  edited: 'note',
  inactive: 'note',
};

/** Marks whose words are fixed, in the host's language; the others (who edited, how inactive) carry the worker's words. */
const markWords: Readonly<Partial<Record<PostVerdictView['marks'][number]['kind'], MessageKey>>> = {
  'night-post': 'badge_mark_night_post',
  'dead-poster': 'badge_mark_dead_poster',
  replaced: 'badge_mark_replaced',
  'non-player': 'badge_mark_non_player',
};

function markText(t: Translator, mark: PostVerdictView['marks'][number]): string {
  const key = mark.kind === 'edited' && mark.text === 'edited' ? 'badge_mark_edited' : markWords[mark.kind];
  return key === undefined ? mark.text : t(key);
}

export function BadgeRow({ number, shown, verdict, selected, onCountAsOf, t }: BadgeRowProps) {
  return (
    <div class={`row${selected ? ' row--selected' : ''}`} data-testid="gavel-badges" data-post={number}>
      <span class="brand" title="Gavel">
        G
      </span>
      {verdict?.votes.map((v, i) =>
        v.counted ? (
          <span class="badge good" key={`v${i}`} data-testid="gavel-badge" data-kind="counted" title={v.text}>
            {v.action === 'unvote' ? t('badge_unvote_counted') : t('badge_vote_counted', v.target ?? v.text)}
          </span>
        ) : (
          <span class="badge bad" key={`v${i}`} data-testid="gavel-badge" data-kind="not-counted" title={v.text}>
            {v.reason === null
              ? t('badge_not_counted', v.text)
              : t('badge_not_counted_because', v.text, voteReasonWords(t, v.code, v.reason))}
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
