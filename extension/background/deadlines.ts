/**
 * Deadline reminders: for every game with a thread, the next deadline (the
 * clock schedule's or the host's deadline post's), one alarm per reminder the
 * host set in Settings ("60 minutes before"), and a notification when one
 * fires. The browser's alarms and notifications come in as an interface, so
 * this runs under test with fakes.
 *
 * Alarms are the only state: planning again reads every game, keeps the
 * alarms that are still right, replaces those whose time moved and clears
 * the rest, so it can run any number of times (worker start, browser start,
 * a game saved, the reminders changed).
 */
import { composePhases, deadlineTimeText, formatCountdown, nextDeadline, phaseLabel, type NextDeadline } from '../../src/engine';
import { translatorFor } from '../shared/catalogs';
import { resolveLanguage, type Translator } from '../shared/i18n';
import type { HandlerContext, Handlers } from '../shared/messaging';
import { parseThreadKey, type DeadlineView, type GameRecord, type MessageType } from '../shared/protocol';
import { getGame, listGames } from '../storage/games';
import { getPosts, getSettings } from '../storage/repository';
import type { GavelDatabase } from '../storage/schema';

/** Reminder alarms are named `gavel-deadline|<gameId>|<minutesBefore>`. */
export const DEADLINE_ALARM_PREFIX = 'gavel-deadline|';
/** Every minute while a tab's badge counts down to a deadline. */
export const BADGE_TICK_ALARM = 'gavel-badge-tick';

const MINUTE = 60_000;

export function reminderAlarmName(gameId: string, minutesBefore: number): string {
  return `${DEADLINE_ALARM_PREFIX}${gameId}|${minutesBefore}`;
}

/** The game id and minutes of a reminder alarm's name, or null for another alarm. */
export function parseReminderAlarm(name: string): { readonly gameId: string; readonly minutesBefore: number } | null {
  if (!name.startsWith(DEADLINE_ALARM_PREFIX)) return null;
  const rest = name.slice(DEADLINE_ALARM_PREFIX.length);
  const split = rest.lastIndexOf('|');
  if (split <= 0) return null;
  const minutesBefore = Number(rest.slice(split + 1));
  return Number.isInteger(minutesBefore) && minutesBefore >= 0 ? { gameId: rest.slice(0, split), minutesBefore } : null;
}

/** The game's deadlines as they stand: the next one after any moment (null: none known, or the game is over). */
async function deadlinesOf(db: GavelDatabase, game: GameRecord): Promise<(after: number) => NextDeadline | null> {
  const rows =
    game.threadKey === null ? [] : await getPosts(db, parseThreadKey(game.threadKey).origin, parseThreadKey(game.threadKey).threadId);
  const posts = rows.map((r) => r.post);
  // Deadline posts are read in the game's zone unless its phase setup names one.
  const setup = { ...game.phases, timeZone: game.phases.timeZone ?? game.phases.clock?.timeZone ?? game.timeZone };
  const composed = composePhases(setup, posts, game.roster.hosts);
  if (!composed.ok) return () => null;
  const over = game.events.some((e) => e.type === 'game/end');
  return (after) => nextDeadline({ events: composed.events, firstPhase: setup.firstPhase, posts, over }, after);
}

/** The game's next deadline after `now`, from its phase setup and its thread's posts (null: none known, or the game is over). */
export async function gameDeadline(db: GavelDatabase, game: GameRecord, now: number): Promise<NextDeadline | null> {
  return (await deadlinesOf(db, game))(now);
}

/** How many deadlines ahead a reminder looks for one whose time has not passed (60 minutes before a 30-minute night's end…). */
const LOOK_AHEAD = 4;

export function deadlineView(game: GameRecord, deadline: NextDeadline): DeadlineView {
  return { phase: deadline.phase, label: phaseLabel(deadline.phase), at: deadline.at, source: deadline.source, timeZone: game.timeZone };
}

/** "in 60 minutes", "in 2 hours", "in 1 d 3 h": the time left, to the nearest minute, in the host's language. */
function timeLeftWords(ms: number, t: Translator): string {
  const minutes = Math.round(ms / MINUTE);
  if (minutes <= 0) return t('worker_reminder_now');
  if (minutes < 120) return t.plural('worker_reminder_in_minutes', minutes);
  if (minutes % 1440 === 0) return t.plural('worker_reminder_in_days', minutes / 1440);
  if (minutes % 60 === 0) return t.plural('worker_reminder_in_hours', minutes / 60);
  const units = {
    day: t('popup_deadline_unit_day'),
    hour: t('popup_deadline_unit_hour'),
    minute: t('popup_deadline_unit_minute'),
    lessThanMinute: t('popup_deadline_less_than_minute'),
  };
  return t('worker_reminder_in', formatCountdown(minutes * MINUTE, units));
}

/** The reminder's text: "Game title: Day 2 ends in 60 minutes (19:00 Asia/Jerusalem)". */
export function reminderMessage(game: GameRecord, deadline: NextDeadline, now: number, t: Translator = translatorFor('en')): string {
  const phase = deadline.phase.kind === 'day' ? t('common_day', deadline.phase.number) : t('common_night', deadline.phase.number);
  return t(
    'worker_reminder',
    game.title,
    phase,
    timeLeftWords(deadline.at - now, t),
    deadlineTimeText(deadline.at, game.timeZone),
    game.timeZone,
  );
}

export interface AlarmInfo {
  readonly name: string;
  readonly scheduledTime: number;
  readonly periodInMinutes?: number;
}

/** The browser as the reminders use it (`browser.alarms`, `browser.notifications`). */
export interface DeadlineBrowser {
  getAlarms(): Promise<readonly AlarmInfo[]>;
  createAlarm(name: string, info: { readonly when: number } | { readonly periodInMinutes: number }): Promise<void>;
  clearAlarm(name: string): Promise<boolean>;
  notify(id: string, message: { readonly title: string; readonly message: string }): Promise<void>;
}

export interface DeadlineReminders {
  /** Sets the reminder alarms from every game's next deadline (runs coalesced: calls during a run make one more run). */
  plan(): Promise<void>;
  /** A fired alarm: a reminder shows its notification and the next is planned. False for an alarm that is not a reminder. */
  onAlarm(name: string): Promise<boolean>;
  /** Keeps the minute's badge tick while a badge counts down, and none otherwise. */
  badgeTick(showingCountdown: boolean): Promise<void>;
}

/** An alarm's time may be off by the browser's rounding; a second is the same time. */
const SAME_TIME_MS = 1000;
/** A reminder that fires late (the browser was asleep) is still shown this long after its time. */
const LATE_MS = 5 * MINUTE;

export function createDeadlineReminders(deps: {
  readonly db: () => GavelDatabase;
  readonly now: () => number;
  readonly browser: DeadlineBrowser;
  /** The browser's UI language, for a host whose language setting is automatic. @default 'en' */
  readonly uiLanguage?: () => string;
}): DeadlineReminders {
  const { db, now, browser } = deps;
  const uiLanguage = deps.uiLanguage ?? (() => 'en');
  let running: Promise<void> | null = null;
  let again = false;

  const planOnce = async (): Promise<void> => {
    const database = db();
    const at = now();
    const { reminders } = await getSettings(database);
    const wanted = new Map<string, number>();
    for (const summary of await listGames(database)) {
      if (summary.threadKey === null) continue;
      const game = await getGame(database, summary.id);
      if (game === null) continue;
      const next = await deadlinesOf(database, game);
      for (const minutes of reminders) {
        // The first deadline whose reminder is still to come: once the next one's has fired, the one after it.
        let deadline = next(at);
        for (let step = 0; deadline !== null && step < LOOK_AHEAD; step++) {
          const when = deadline.at - minutes * MINUTE;
          // (Not one due within the second: that reminder is the one firing now.)
          if (when > at + SAME_TIME_MS) {
            wanted.set(reminderAlarmName(game.id, minutes), when);
            break;
          }
          deadline = next(deadline.at);
        }
      }
    }
    const existing = (await browser.getAlarms()).filter((a) => a.name.startsWith(DEADLINE_ALARM_PREFIX));
    for (const alarm of existing) {
      const when = wanted.get(alarm.name);
      if (when !== undefined && Math.abs(alarm.scheduledTime - when) < SAME_TIME_MS) wanted.delete(alarm.name);
      else if (when === undefined) await browser.clearAlarm(alarm.name);
    }
    // Creating an alarm under a name already taken replaces it.
    for (const [name, when] of wanted) await browser.createAlarm(name, { when });
  };

  const plan = (): Promise<void> => {
    if (running !== null) {
      again = true;
      return running;
    }
    const run = (async () => {
      do {
        again = false;
        await planOnce();
      } while (again);
    })().finally(() => {
      running = null;
    });
    running = run;
    return run;
  };

  return {
    plan,
    async onAlarm(name) {
      if (name === BADGE_TICK_ALARM) return false;
      const reminder = parseReminderAlarm(name);
      if (reminder === null) return false;
      const database = db();
      const at = now();
      const game = await getGame(database, reminder.gameId);
      if (game !== null) {
        // The deadline now, or the one that was still to come a little earlier (a reminder "at the deadline" fires as it passes).
        const candidates = [await gameDeadline(database, game, at), await gameDeadline(database, game, at - LATE_MS)];
        // Only a deadline that still stands as planned: one moved or passed plans anew instead.
        const deadline = candidates.find((d) => {
          if (d === null) return false;
          const due = d.at - reminder.minutesBefore * MINUTE;
          return at >= due - SAME_TIME_MS && at <= due + LATE_MS;
        });
        if (deadline !== undefined && deadline !== null) {
          const t = translatorFor(resolveLanguage((await getSettings(database)).language, uiLanguage()));
          await browser.notify(`${name}|${deadline.at}`, { title: 'Gavel', message: reminderMessage(game, deadline, at, t) });
        }
      }
      await plan();
      return true;
    },
    async badgeTick(showingCountdown) {
      const ticking = (await browser.getAlarms()).some((a) => a.name === BADGE_TICK_ALARM);
      if (showingCountdown && !ticking) await browser.createAlarm(BADGE_TICK_ALARM, { periodInMinutes: 1 });
      if (!showingCountdown && ticking) await browser.clearAlarm(BADGE_TICK_ALARM);
    },
  };
}

/** `game/deadline`: the open game's next deadline for the popup. */
export function deadlineHandlers(db: () => GavelDatabase, now: () => number): Pick<Handlers, 'game/deadline'> {
  return {
    'game/deadline': async ({ gameId }) => {
      const game = await getGame(db(), gameId);
      if (game === null) return null;
      const deadline = await gameDeadline(db(), game, now());
      return deadline === null ? null : deadlineView(game, deadline);
    },
  };
}

/**
 * The handler table with `then(type)` called after each listed message was
 * handled successfully: the worker plans its reminders again after a game or
 * the settings change.
 */
export function afterHandled(handlers: Handlers, types: readonly MessageType[], then: (type: MessageType) => void): Handlers {
  const out: Record<string, unknown> = { ...handlers };
  for (const type of types) {
    const inner = handlers[type] as (payload: unknown, context: HandlerContext) => Promise<unknown>;
    out[type] = async (payload: unknown, context: HandlerContext): Promise<unknown> => {
      const value = await inner(payload, context);
      then(type);
      return value;
    };
  }
  return out as Handlers;
}
