/**
 * The ballots that follow a day's vote, as the game's count of its thread
 * decides them: the ballot counted now, the one its tally says follows (a
 * run-off, the Priest's re-vote, the extra vote after a lone Faceless or
 * Hero-saved lynch) with the tally's own words for why, and the button that
 * opens it (`ballot/open` in the event log, as `gavel play` does); 004's
 * witch hunt with the approvals it needs; and the PMs the vote's tally sends
 * while the day runs (L73: the lynched player's team to the Faceless holding
 * the Hero's move, when the host asks for it), to copy.
 */
import { useEffect, useState } from 'preact/hooks';
import { NameList } from '../../shared/name-list';
import { approvalReasonText, ballotName, huntRefusalText, tallyNoteText } from '../ballot-words';
import { useStore, useT } from '../store';
import { CopyablePost } from './copyable-post';
import { catalogWording } from '../../shared/engine-wording';
import { postLanguageOf } from '../../shared/post-language';

export function DayBallots({ day }: { readonly day: number }) {
  const store = useStore();
  const t = useT();
  const moves = store.dayMoves;
  const game = store.games.current.value;
  const state = store.games.state.value;
  const gameId = game?.id ?? null;
  const eventCount = game?.events.length ?? 0;
  // The thread's count read again (Refresh) may call for another ballot: the ballots are read again with it.
  const count = store.night.count.value;
  const [approved, setApproved] = useState(false);
  useEffect(() => {
    if (gameId !== null) void moves.load(gameId, day);
  }, [gameId, day, eventCount, count, moves]);
  const view = moves.ballots.value;
  const problem =
    moves.problem.value === null ? null : (
      <p class="gavel-error" role="alert" data-testid="day-ballot-problem">
        {moves.problem.value}
      </p>
    );
  if (game === null || state === null || view === null || view.gameId !== game.id || view.day !== day) return problem;
  const settled = moves.settled.value;
  const shownSettled = settled !== null && settled.gameId === game.id && settled.day === day ? settled : null;
  const { followUp, hunt, asked } = view;
  if (followUp === null && hunt === null && asked.length === 0 && view.ballot === 'lynch' && shownSettled === null) return problem;
  const name = (id: string): string => state.players.find((p) => p.slot.id === id)?.name ?? id;
  const ruleset = game.ruleset.data;
  // What the vote tells a player (004 L73, L98) in the posts' language through the catalogs.
  const wording = catalogWording(ruleset, game.timeZone);
  const language = postLanguageOf(game);
  const pmText = (m: (typeof asked)[number]): string => (m.message === undefined ? m.text : wording(m.message, language));
  return (
    <div class="gavel-day__ballots" data-testid="day-ballots">
      <p class="gavel-muted" data-testid="day-ballot-current" data-ballot={view.ballot}>
        {t('popup_ballot_counting', ballotName(view.ballot, t))}
      </p>
      {followUp !== null && (
        <div class="gavel-notice" data-testid="day-follow-up" data-ballot={followUp.ballot}>
          <h3>{t('popup_ballot_follows', ballotName(followUp.ballot, t))}</h3>
          {followUp.candidates.length > 0 && (
            <p>
              <span class="gavel-muted">{t('popup_ballot_candidates')}</span> <NameList names={followUp.candidates.map(name)} />
            </p>
          )}
          {followUp.notes.length > 0 && (
            <ul data-testid="day-follow-up-why">
              {followUp.notes.map((n, i) => (
                <li key={i}>{tallyNoteText(n, ruleset, t)}</li>
              ))}
            </ul>
          )}
          <button
            type="button"
            class="gavel-button gavel-button--primary"
            data-testid="day-follow-up-open"
            disabled={moves.busy.value}
            onClick={() => void moves.open(view, followUp.ballot)}
          >
            {t('popup_ballot_open', ballotName(followUp.ballot, t))}
          </button>
        </div>
      )}
      {hunt !== null && (
        <div class="gavel-day__hunt" data-testid="day-hunt">
          <p>{t('popup_hunt_needs', hunt.needed, hunt.percent)}</p>
          {hunt.approvals !== null && (
            <div data-testid="day-hunt-read" data-counted={hunt.approvals.counted}>
              <p>
                {hunt.approvals.list.length === 0 ? t('popup_hunt_none_read') : t('popup_hunt_read', hunt.approvals.counted, hunt.needed)}
              </p>
              {hunt.approvals.list.length > 0 && (
                <ul>
                  {hunt.approvals.list.map((a) => (
                    <li key={`${a.post}-${a.slotId}`} data-testid="day-hunt-approval" data-post={a.post} data-counted={String(a.counted)}>
                      {t('popup_hunt_approval_post', name(a.slotId), a.post)}
                      {a.reason !== null && <span class="gavel-muted"> ({approvalReasonText(a.reason, t)})</span>}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {hunt.refused !== null ? (
            <p class="gavel-muted" data-testid="day-hunt-refused">
              {huntRefusalText(hunt.refused, t)}
            </p>
          ) : (
            <>
              <label class="gavel-check">
                <input
                  type="checkbox"
                  data-testid="day-hunt-approved"
                  checked={approved}
                  onChange={(e) => setApproved(e.currentTarget.checked)}
                />{' '}
                {t(hunt.approvals === null ? 'popup_hunt_approved' : 'popup_hunt_override', hunt.needed)}
              </label>
              <button
                type="button"
                class="gavel-button"
                data-testid="day-hunt-open"
                disabled={!(approved || (hunt.approvals?.counted ?? 0) >= hunt.needed) || moves.busy.value}
                onClick={() => void moves.open(view, 'hunt', approved).then((ok) => ok && setApproved(false))}
              >
                {t('popup_ballot_open', ballotName('hunt', t))}
              </button>
            </>
          )}
        </div>
      )}
      {asked.length > 0 && (
        <div data-testid="day-asked">
          <p class="gavel-muted">{t('popup_ballot_asked')}</p>
          {asked.map((m, i) => (
            <CopyablePost
              key={i}
              id={`day-asked-${i}`}
              title={t('popup_pm_to', m.name)}
              text={pmText(m)}
              copied={store.night.copied.value === `day-asked-${i}`}
              onCopy={() =>
                void store.night.copy(`day-asked-${i}`, {
                  gameId: game.id,
                  kind: 'role-pm',
                  phase: { kind: 'day', number: day },
                  text: pmText(m),
                  dialect: game.dialect,
                })
              }
            />
          ))}
        </div>
      )}
      {shownSettled !== null && (
        <CopyablePost
          id="ballot-result"
          title={t('popup_ballot_result_post', ballotName(shownSettled.ballot, t))}
          text={shownSettled.text}
          copied={store.night.copied.value === 'ballot-result'}
          onCopy={() =>
            void store.night.copy('ballot-result', {
              gameId: game.id,
              kind: 'vote-count',
              phase: { kind: 'day', number: day },
              text: shownSettled.text,
              dialect: shownSettled.dialect,
            })
          }
        />
      )}
      {problem}
    </div>
  );
}
