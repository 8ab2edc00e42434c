import { useEffect, useState } from 'preact/hooks';
import { formatCountdown } from '../../../src/engine';
import { formatMoment } from '../../shared/format';
import type { DeadlineView, GameRecord } from '../../shared/protocol';
import { useStore, useT } from '../store';
import { phaseName } from './event-log';

/** How often the countdown is written again, and the deadline asked for again (a host's new deadline post). */
const TICK_MS = 30_000;
const REFRESH_MS = 60_000;
const systemNow = (): number => Date.now();

/**
 * The open game's next deadline in one line: "Day 2 ends Tue 24 Nov 19:00
 * (Asia/Jerusalem), in 3 h 12 min". Nothing when no deadline is known.
 */
export function DeadlineLine({
  game,
  now = systemNow,
}: {
  readonly game: Pick<GameRecord, 'id' | 'updatedAt'>;
  readonly now?: () => number;
}) {
  const store = useStore();
  const t = useT();
  const [deadline, setDeadline] = useState<DeadlineView | null>(null);
  const [at, setAt] = useState(now);

  useEffect(() => {
    let live = true;
    const load = (): void => {
      store.fetchDeadline(game.id).then(
        (found) => {
          if (live) setDeadline(found);
        },
        () => {
          if (live) setDeadline(null);
        },
      );
    };
    load();
    const refresh = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(refresh);
    };
  }, [store, game.id, game.updatedAt]);

  useEffect(() => {
    const tick = setInterval(() => setAt(now()), TICK_MS);
    return () => clearInterval(tick);
  }, [now]);

  if (deadline === null || deadline.at <= at) return null;
  const units = {
    day: t('popup_deadline_unit_day'),
    hour: t('popup_deadline_unit_hour'),
    minute: t('popup_deadline_unit_minute'),
    lessThanMinute: t('popup_deadline_less_than_minute'),
  };
  return (
    <p
      class="gavel-muted"
      data-testid="game-deadline"
      title={t(deadline.source === 'host post' ? 'popup_deadline_from_post' : 'popup_deadline_from_clock')}
    >
      {t(
        'popup_deadline_line',
        phaseName(deadline.phase, t),
        // The deadline's day and time on the game's clock, through the one formatting layer ("Tue 24 Nov, 19:00").
        formatMoment(deadline.at, { t, timeZone: deadline.timeZone }, 'weekday-time'),
        deadline.timeZone,
        formatCountdown(deadline.at - at, units),
      )}
    </p>
  );
}
