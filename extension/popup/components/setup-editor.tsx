import { isUnassigned, type PhaseKind } from '../../../src/engine';
import { sayMessage } from '../../shared/format';
import { NameList } from '../../shared/name-list';
import type { OutputDialect } from '../../shared/protocol';
import { rulesetTitle, rulesetWords } from '../../shared/ruleset-words';
import type { SetupDraft } from '../games-store';
import { PostLanguageField } from './post-language';
import { RuleSettings } from './rule-settings';
import { RulesSelect } from './rules-select';
import { useStore, useT } from '../store';

/** Zone names for the time zone field's suggestions (the browser's own list). */
function zoneNames(): readonly string[] {
  const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}
const zones = zoneNames();

const defaultClock: NonNullable<SetupDraft['clock']> = {
  firstDate: '',
  day: { start: '09:00', end: '21:00' },
  night: { start: '21:00', end: '09:00' },
  phases: 10,
};

/**
 * The setup check, read before the game starts: players per faction, and what
 * to look at (no scum, scum at parity, roles not entered, a role given more
 * often than the rules allow). Warnings only: the host may mean it.
 */
export function SetupCheckPanel() {
  const store = useStore();
  const t = useT();
  const games = store.games;
  const check = games.setupCheck.value;
  const ruleset = games.draftRuleset.value;
  const game = games.current.value;
  if (check === null || ruleset === null) return null;
  const names = rulesetWords(ruleset, t.language);
  const started = games.state.value?.phase !== null;
  return (
    <div class="gavel-setup-check" data-testid="setup-check" aria-live="polite">
      <h3>{t('popup_check_heading')}</h3>
      <ul class="gavel-setup-check__counts" data-testid="setup-check-counts">
        {check.factions.map((f) => (
          <li key={f.faction} data-faction={f.faction}>
            {isUnassigned(f.faction)
              ? t.plural('popup_check_count_not_entered', f.count)
              : t.plural('popup_check_count', f.count, names.faction(f.faction))}
          </li>
        ))}
      </ul>
      {check.warnings.length === 0 ? (
        <p class="gavel-muted" data-testid="setup-check-ok">
          {started ? t('popup_check_ok_started') : t('popup_check_ok')}
        </p>
      ) : (
        <ul class="gavel-setup-check__warnings">
          {check.warnings.map((w, i) => (
            <li key={`${i}:${w.message.code}`} class="gavel-warning" data-testid="setup-check-warning" data-code={w.message.code}>
              ⚠ {sayMessage(w.message, { t, names, timeZone: game?.timeZone })}
              {w.names.length > 0 && <NameList names={w.names} />}
            </li>
          ))}
        </ul>
      )}
      {check.openQuestions.length > 0 && (
        // Rules the seed leaves open that this roster meets (000's Mafia second roles), with the setting that decided them.
        <ul class="gavel-notice" data-testid="setup-check-open-questions">
          {check.openQuestions.map((q, i) => (
            <li key={`${i}:${q.setting}`}>{t('popup_open_question', q.setting, q.chosen, q.detail)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Title, rules, hosts, phases, time zone and dialect of the open game. */
export function SetupEditor() {
  const store = useStore();
  const t = useT();
  const games = store.games;
  const draft = games.draft.value;
  const game = games.current.value;
  if (draft === null || game === null) return null;
  const set = (change: Partial<SetupDraft>): void => games.edit((d) => ({ ...d, ...change }));
  const clock = draft.clock;
  const setHours = (kind: PhaseKind, edge: 'start' | 'end', value: string): void =>
    games.edit((d) => (d.clock === null ? d : { ...d, clock: { ...d.clock, [kind]: { ...d.clock[kind], [edge]: value } } }));

  return (
    <section aria-labelledby="setup-heading" data-testid="setup">
      <h2 id="setup-heading">{t('popup_setup_heading')}</h2>
      <div class="gavel-form gavel-form--grid">
        <label class="gavel-field">
          <span>{t('popup_field_title')}</span>
          <input type="text" data-testid="game-title" value={draft.title} onInput={(e) => set({ title: e.currentTarget.value })} />
        </label>
        <RulesSelect
          testId="game-preset"
          value={draft.presetId ?? ''}
          {...(draft.presetId === null ? { ownName: rulesetTitle(game.ruleset.data, t.language) } : {})}
          onChoose={(id) => games.choosePreset(id)}
        />
        <label class="gavel-field">
          <span>{t('popup_field_hosts')}</span>
          <textarea data-testid="game-hosts" rows={2} value={draft.hosts} onInput={(e) => set({ hosts: e.currentTarget.value })} />
        </label>
        <label class="gavel-field">
          <span>{t('popup_field_time_zone')}</span>
          <input
            type="text"
            data-testid="game-time-zone"
            list="gavel-zones"
            spellcheck={false}
            value={draft.timeZone}
            onInput={(e) => set({ timeZone: e.currentTarget.value })}
          />
          <datalist id="gavel-zones">
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </label>
        <label class="gavel-field">
          <span>{t('popup_field_first_phase')}</span>
          <select
            data-testid="game-first-phase"
            value={draft.firstPhase}
            onChange={(e) => set({ firstPhase: e.currentTarget.value as PhaseKind })}
          >
            <option value="day">{t('popup_first_phase_day')}</option>
            <option value="night">{t('popup_first_phase_night')}</option>
          </select>
        </label>
        <label class="gavel-field">
          <span>{t('popup_field_dialect')}</span>
          <select
            data-testid="game-dialect"
            value={draft.dialect}
            onChange={(e) => set({ dialect: e.currentTarget.value as OutputDialect })}
          >
            <option value="bbcode">BBCode</option>
            <option value="markdown">Markdown</option>
          </select>
        </label>
        <PostLanguageField />
      </div>
      <fieldset class="gavel-fieldset">
        <legend>{t('popup_phases_legend')}</legend>
        <label class="gavel-check">
          <input
            type="checkbox"
            data-testid="game-clock"
            checked={clock !== null}
            onChange={(e) => set({ clock: e.currentTarget.checked ? defaultClock : null })}
          />
          {t('popup_phases_by_clock')}
        </label>
        {clock !== null && (
          <div class="gavel-form gavel-form--grid">
            <label class="gavel-field">
              <span>{t('popup_clock_first_date')}</span>
              <input
                type="date"
                data-testid="clock-first-date"
                value={clock.firstDate}
                onInput={(e) => set({ clock: { ...clock, firstDate: e.currentTarget.value } })}
              />
            </label>
            <label class="gavel-field">
              <span>{t('popup_clock_phases')}</span>
              <input
                type="number"
                min={1}
                max={60}
                value={clock.phases}
                onInput={(e) => set({ clock: { ...clock, phases: Math.max(1, Number(e.currentTarget.value) || 1) } })}
              />
            </label>
            {(['day', 'night'] as const).map((kind) => (
              <div class="gavel-field" key={kind}>
                <span>{kind === 'day' ? t('popup_clock_days') : t('popup_clock_nights')}</span>
                <span class="gavel-inline">
                  <input
                    type="time"
                    aria-label={kind === 'day' ? t('popup_clock_day_starts') : t('popup_clock_night_starts')}
                    value={clock[kind].start}
                    onInput={(e) => setHours(kind, 'start', e.currentTarget.value)}
                  />
                  {t('popup_clock_to')}
                  <input
                    type="time"
                    aria-label={kind === 'day' ? t('popup_clock_day_ends') : t('popup_clock_night_ends')}
                    value={clock[kind].end}
                    onInput={(e) => setHours(kind, 'end', e.currentTarget.value)}
                  />
                </span>
              </div>
            ))}
          </div>
        )}
      </fieldset>
      <RuleSettings />
    </section>
  );
}
