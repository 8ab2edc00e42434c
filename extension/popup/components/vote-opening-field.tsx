/**
 * 004 L150 "Если голос дан до объявления о начале выборов или голосования, он
 * не засчитывается": the host's own time for when the day's vote opened, for a
 * ruleset with a day clock. The worker records it in the event log
 * (`vote/opening-set`, logged, undone by the log's undo); the count takes it
 * over the announcement it reads from the thread and over the clock's assumed
 * time, so a vote posted before it is refused. The field reads and shows the
 * time on the game's clock (`game.timeZone`), whatever the host's machine's zone.
 */
import { useState } from 'preact/hooks';
import { formatMoment } from '../../shared/format';
import { useStore, useT } from '../store';
import { GameTimeReading, gameMoment } from './day-moves';

export function VoteOpeningField({ day }: { readonly day: number }) {
  const store = useStore();
  const t = useT();
  const [value, setValue] = useState('');
  const game = store.games.current.value;
  if (game === null) return null;
  const voting = game.ruleset.data.voting;
  if (voting.kind !== 'weighted-plurality' || voting.day?.clock === undefined) return null;
  const set = game.events.flatMap((e) => (e.type === 'vote/opening-set' && e.day === day ? [e.at] : [])).at(-1);
  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    const at = gameMoment(value, game.timeZone);
    if (at === undefined) return;
    if (await store.dayMoves.setOpening(game.id, day, at)) setValue('');
  };
  return (
    <form class="gavel-night-form" data-testid="vote-opening-form" onSubmit={(e) => void submit(e)}>
      <p class="gavel-muted gavel-small" data-testid="vote-opening-set">
        {set === undefined
          ? t('popup_vote_opening_none')
          : t('popup_vote_opening_is', `${formatMoment(set, { t, timeZone: game.timeZone })} (${game.timeZone})`)}
      </p>
      <label class="gavel-field">
        <span>{t('popup_vote_opening_label')}</span>
        <input type="datetime-local" data-testid="vote-opening-at" value={value} onInput={(e) => setValue(e.currentTarget.value)} />
        <GameTimeReading value={value} timeZone={game.timeZone} testId="vote-opening-reading" />
      </label>
      <button
        type="submit"
        class="gavel-button"
        data-testid="vote-opening-record"
        disabled={store.dayMoves.busy.value || gameMoment(value, game.timeZone) === undefined}
      >
        {t('popup_vote_opening_record')}
      </button>
    </form>
  );
}
