import { useEffect } from 'preact/hooks';
import { shownPostNumber } from '../../../src/model/post';
import type { VoteCountView } from '../../shared/protocol';
import type { Translator } from '../../shared/i18n';
import { NameList } from '../../shared/name-list';
import { voteReasonWords } from '../../shared/reason-keys';
import { useStore, useT } from '../store';
import { DayBallots } from './day-ballots';
import { DayEndForm } from './day-end';
import { DayMoves } from './day-moves';
import { VoteOpeningField } from './vote-opening-field';

type HistoryLine = VoteCountView['posts'][number]['votes'][number] & { readonly author: string };

/**
 * One line of the vote history as one sentence: the target by the roster's
 * name, and what the voter wrote where it differs ("ThinkBig votes for
 * KirbyDreamland (written “Kirby”).").
 */
export function historySentence(v: HistoryLine, t: Translator): string {
  const written = v.written.trim();
  if (v.action === 'unvote')
    return v.target === null ? t('popup_day_history_unvote', v.author) : t('popup_day_history_unvote_from', v.author, v.target);
  if (v.target === null) return t('popup_day_history_vote_unread', v.author, written === '' ? v.text : written);
  return written === '' || written.toLowerCase() === v.target.toLowerCase()
    ? t('popup_day_history_vote', v.author, v.target)
    : t('popup_day_history_vote_written', v.author, v.target, written);
}

function History({ count }: { readonly count: VoteCountView }) {
  const t = useT();
  const lines = count.posts.flatMap((p) => p.votes.map((v, i) => ({ key: `${p.postId}-${i}`, post: p.post, author: p.author, ...v })));
  if (lines.length === 0) return <p class="gavel-muted">{t('popup_day_no_votes')}</p>;
  return (
    <ol class="gavel-vote-history" data-testid="vote-history">
      {lines.map((v) => (
        <li key={v.key} class={v.counted ? undefined : 'gavel-vote-history--void'}>
          <span class="gavel-muted">#{shownPostNumber(v.post, count.numbering)}</span>{' '}
          {v.action === 'unvote' ? <s>{historySentence(v, t)}</s> : historySentence(v, t)}
          {!v.counted && v.reason !== null && (
            <span class="gavel-muted"> {t('popup_day_not_counted', voteReasonWords(t, v.code, v.reason))}</span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The day in progress: the game's vote count from its thread, the vote history, and the vote count post to copy. */
export function DayPanel() {
  const store = useStore();
  const t = useT();
  const game = store.games.current.value;
  const night = store.night;
  const state = store.games.state.value;
  const day = state?.phase?.kind === 'day' && state.ended === undefined ? state.phase.number : null;
  const gameId = game?.id ?? null;
  const eventCount = game?.events.length ?? 0;
  useEffect(() => {
    if (gameId !== null && day !== null) void night.loadCount(gameId);
  }, [gameId, day, eventCount, night]);
  if (game === null || day === null) return null;
  const answer = night.count.value?.gameId === game.id ? night.count.value : null;
  const count = answer?.count ?? null;
  // post numbers as the thread's forum shows them (SMF's "Reply #25" is Gavel's 26)
  const shown = (n: number): number => shownPostNumber(n, count?.numbering);

  return (
    <section class="gavel-day" aria-labelledby="day-heading" data-testid="day-panel">
      <div class="gavel-section-head">
        <h2 id="day-heading">{t('popup_day_heading')}</h2>
        <button
          type="button"
          class="gavel-button"
          data-testid="day-refresh"
          title={t('popup_day_refresh_title')}
          disabled={night.busy.value}
          onClick={() => void night.refreshCount(game.id)}
        >
          {t('popup_day_refresh')}
        </button>
      </div>
      {night.reading.value !== null && (
        <p class="gavel-muted" role="status" data-testid="day-reading">
          {t('popup_day_reading', night.reading.value.pagesDone, night.reading.value.pageCount ?? '?')}
        </p>
      )}
      {night.problem.value !== null && (
        <p class="gavel-error" role="alert">
          {night.problem.value}
        </p>
      )}
      {answer === null ? (
        <p class="gavel-muted">{t('popup_day_counting')}</p>
      ) : count === null ? (
        <p class="gavel-muted" data-testid="day-no-count">
          {answer.reason}
        </p>
      ) : count.day !== day ? (
        // The count of another day is not shown beside the game's: the header and the count say one day.
        <p class="gavel-muted" data-testid="day-behind">
          {count.day < day ? t('popup_day_behind', day, count.day) : t('popup_day_thread_ahead', day, count.day)}
        </p>
      ) : (
        <>
          <p class="gavel-day__summary" data-testid="day-summary">
            {count.threshold === null
              ? t('popup_day_summary_plurality', count.day, count.alive, shown(count.asOfPost))
              : t(
                  'popup_day_summary',
                  count.day,
                  count.alive,
                  count.threshold,
                  count.thresholdLabel === 'lynch' ? t('panel_threshold_lynch') : count.thresholdLabel,
                  shown(count.asOfPost),
                )}
          </p>
          {count.hammer !== null && (
            <p class="gavel-notice" data-testid="day-hammer">
              {t('popup_day_hammered', count.hammer.target, shown(count.hammer.post))}
            </p>
          )}
          {count.lock !== null && count.hammer?.target !== count.lock.target && (
            <p class="gavel-notice">{t('popup_day_locked', count.lock.target, shown(count.lock.post))}</p>
          )}
          {count.wagons.length === 0 ? (
            <p class="gavel-muted">{t('popup_day_no_wagons')}</p>
          ) : (
            <ul class="gavel-wagons" data-testid="day-wagons">
              {count.wagons.map((w) => (
                <li key={w.target}>
                  <span class="gavel-wagons__target">
                    <strong>{w.target}</strong> ({w.votes})
                    {w.lMinus === null
                      ? ''
                      : w.lMinus === 0
                        ? ` · ${t('popup_day_wagon_hammered')}`
                        : ` · ${t('panel_wagon_l_minus', w.lMinus)}`}
                  </span>
                  <NameList names={w.voters} />
                </li>
              ))}
            </ul>
          )}
          <div class="gavel-day__not-voting" data-testid="day-not-voting">
            <span class="gavel-muted">{t('popup_day_not_voting', count.notVoting.length)}</span>{' '}
            <NameList names={count.notVoting} empty={t('popup_day_nobody')} />
          </div>
          <details class="gavel-day__history">
            <summary>{t('popup_day_history')}</summary>
            <History count={count} />
          </details>
          <div class="gavel-copyable" data-testid="post-vote-count">
            <div class="gavel-copyable__head">
              <strong>{t('popup_day_count_post', count.voteCountPost.dialect === 'bbcode' ? 'BBCode' : 'Markdown')}</strong>
              <button
                type="button"
                class="gavel-button"
                data-testid="copy-vote-count"
                onClick={() =>
                  void night.copy('vote-count', {
                    gameId: game.id,
                    kind: 'vote-count',
                    phase: { kind: 'day', number: day },
                    text: count.voteCountPost.text,
                    dialect: count.voteCountPost.dialect,
                  })
                }
              >
                {night.copied.value === 'vote-count' ? t('popup_copied') : t('popup_day_copy_count')}
              </button>
            </div>
            <pre class="gavel-copyable__text">{count.voteCountPost.text}</pre>
          </div>
        </>
      )}
      <VoteOpeningField day={day} />
      <DayMoves day={day} />
      <DayBallots day={day} />
      <DayEndForm day={day} count={count !== null && count.day === day ? count : null} />
    </section>
  );
}
