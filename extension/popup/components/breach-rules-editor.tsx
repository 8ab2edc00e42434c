/**
 * A game's breach rules, shown in words and edited per game: whether each
 * kind of breach is a rule of this game, its sanction, and its figures
 * (minimum posts and characters, what is left out, last words, grace for
 * edits, the thresholds). They start as the ruleset's; the host's changes are
 * stored with the game (and its exported file).
 */
import { useState } from 'preact/hooks';
import { ruleTerms, sanctions, thresholdTerms, type BreachReason, type BreachRules, type Sanction } from '../../../src/engine';
import type { EngineMessage } from '../../../src/engine/words';
import { sayMessage } from '../../shared/format';
import type { MessageKey, Translator } from '../../shared/i18n';
import type { BreachLedgerView } from '../../shared/protocol';
import { sanctionKey } from '../../shared/reason-keys';
import { useStore, useT } from '../store';

/** The sections of the rules a host edits, each with its name and the breaches it gives. */
type Section =
  | 'nightPosting'
  | 'edits'
  | 'inactivity'
  | 'deadPosting'
  | 'replacedPosting'
  | 'nonPlayerPosting'
  | 'voteTiming'
  | 'voteGrammar'
  | 'improperVotes';

const sectionWords: Readonly<Record<Section, MessageKey>> = {
  nightPosting: 'popup_rules_night_posting',
  edits: 'popup_rules_edits',
  inactivity: 'popup_rules_inactivity',
  deadPosting: 'popup_rules_dead_posting',
  replacedPosting: 'popup_rules_replaced_posting',
  nonPlayerPosting: 'popup_rules_non_player_posting',
  voteTiming: 'popup_rules_vote_timing',
  voteGrammar: 'popup_rules_vote_grammar',
  improperVotes: 'popup_rules_improper_votes',
};

const sections = Object.keys(sectionWords) as Section[];

/** The breaches a section's rule gives, as they stand in `rules` (for the rule in words). */
function reasonsOf(rules: BreachRules, section: Section): BreachReason[] {
  switch (section) {
    case 'nightPosting':
      return ['post/at-night'];
    case 'edits':
      return ['post/edited'];
    case 'inactivity':
      return ['activity/too-few-posts'];
    case 'deadPosting':
      return ['post/dead-player'];
    case 'replacedPosting':
      return ['post/replaced-out'];
    case 'nonPlayerPosting':
      return ['post/non-player'];
    case 'voteTiming':
      return [
        ...(rules.voteTiming.beforeOpen ? (['vote/before-open'] as const) : []),
        ...(rules.voteTiming.afterEnd ? (['vote/after-day-end'] as const) : []),
      ];
    case 'voteGrammar':
      return rules.voteGrammar.reasons.length === 0 ? [] : ['vote/grammar'];
    case 'improperVotes': {
      const r = rules.improperVotes;
      return [
        ...(r.ownFamily ? (['vote/own-family'] as const) : []),
        ...(r.self ? (['vote/self'] as const) : []),
        ...(r.outsideFamily ? (['vote/outside-family'] as const) : []),
        ...(r.missing ? (['vote/missing'] as const) : []),
      ];
    }
  }
}

/** A section's rule in sentences with its figures, or that it is not a rule of this game. */
export function sectionTerms(rules: BreachRules, section: Section): EngineMessage[] {
  return reasonsOf(rules, section).flatMap((reason) => ruleTerms(rules, reason));
}

function say(messages: readonly EngineMessage[], t: Translator): string {
  return messages.map((m) => sayMessage(m, { t })).join(' ');
}

/** The game's breach rules in words: each kind that applies, its sanction and its figures; then the thresholds. */
export function BreachRulesSummary({ rules }: { readonly rules: BreachRules }) {
  const t = useT();
  return (
    <ul class="gavel-rules" data-testid="breach-rules">
      {sections
        .filter((s) => rules[s].enabled)
        .map((s) => (
          <li key={s} data-testid="breach-rule" data-section={s}>
            <strong>{t(sectionWords[s])}</strong> ({t(sanctionKey[rules[s].sanction])}
            {rules[s].repeat !== undefined && rules[s].repeat !== rules[s].sanction
              ? `; ${t('popup_rules_repeat_then', t(sanctionKey[rules[s].repeat ?? rules[s].sanction]))}`
              : ''}
            ): <span data-testid="breach-rule-terms">{say(sectionTerms(rules, s), t)}</span>
          </li>
        ))}
      <li data-testid="breach-rule" data-section="thresholds">
        <strong>{t('popup_rules_thresholds')}</strong>: {say(thresholdTerms(rules.thresholds), t)}
      </li>
    </ul>
  );
}

function SanctionSelect({
  value,
  onChange,
  label,
  testId,
  same,
}: {
  readonly value: Sanction | undefined;
  readonly onChange: (s: Sanction | undefined) => void;
  readonly label: string;
  readonly testId: string;
  /** Offer "same as the first time" (the repeat sanction). */
  readonly same?: boolean;
}) {
  const t = useT();
  return (
    <label class="gavel-field gavel-rules__field">
      <span>{label}</span>
      <select
        data-testid={testId}
        value={value ?? ''}
        onChange={(e) => {
          const v = e.currentTarget.value;
          onChange(v === '' ? undefined : (v as Sanction));
        }}
      >
        {same === true && <option value="">{t('popup_rules_repeat_same')}</option>}
        {sanctions.map((s) => (
          <option key={s} value={s}>
            {t(sanctionKey[s])}
          </option>
        ))}
      </select>
    </label>
  );
}

function NumberField({
  label,
  value,
  onChange,
  testId,
  empty,
}: {
  readonly label: string;
  readonly value: number | null;
  readonly onChange: (n: number | null) => void;
  readonly testId: string;
  /** Whether the field may be left empty (null: not used). */
  readonly empty?: boolean;
}) {
  return (
    <label class="gavel-field gavel-rules__field">
      <span>{label}</span>
      <input
        type="number"
        min={0}
        max={100000}
        step={1}
        data-testid={testId}
        value={value === null ? '' : String(value)}
        onInput={(e) => {
          const text = e.currentTarget.value.trim();
          if (text === '') {
            if (empty === true) onChange(null);
            return;
          }
          const n = Number(text);
          if (Number.isInteger(n) && n >= 0 && n <= 100000) onChange(n);
        }}
      />
    </label>
  );
}

function Check({
  label,
  checked,
  onChange,
  testId,
}: {
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (on: boolean) => void;
  readonly testId: string;
}) {
  return (
    <label class="gavel-check">
      <input type="checkbox" data-testid={testId} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** The figures a section has besides its switch and sanction. */
function Figures({
  section,
  rules,
  set,
}: {
  readonly section: Section;
  readonly rules: BreachRules;
  readonly set: (next: BreachRules) => void;
}) {
  const t = useT();
  switch (section) {
    case 'inactivity': {
      const r = rules.inactivity;
      const put = (change: Partial<BreachRules['inactivity']>): void => set({ ...rules, inactivity: { ...r, ...change } });
      return (
        <>
          <NumberField
            label={t('popup_rules_min_posts')}
            value={r.minPosts}
            onChange={(n) => put({ minPosts: n ?? 0 })}
            testId="rules-min-posts"
          />
          <NumberField
            label={t('popup_rules_min_chars')}
            value={r.minChars}
            onChange={(n) => put({ minChars: n ?? 0 })}
            testId="rules-min-chars"
          />
          <label class="gavel-field gavel-rules__field">
            <span>{t('popup_rules_window')}</span>
            <select
              data-testid="rules-window"
              value={r.window}
              onChange={(e) => put({ window: e.currentTarget.value === 'before-vote-opens' ? 'before-vote-opens' : 'day' })}
            >
              <option value="day">{t('popup_rules_window_day')}</option>
              <option value="before-vote-opens">{t('popup_rules_window_before_vote')}</option>
            </select>
          </label>
          {r.window === 'before-vote-opens' && (
            <NumberField
              label={t('popup_rules_late_minutes')}
              value={r.lateMinutes}
              onChange={(n) => put({ lateMinutes: n ?? 0 })}
              testId="rules-late-minutes"
            />
          )}
          <Check
            label={t('popup_rules_leave_out_votes')}
            checked={r.excludeVoteOnly}
            onChange={(on) => put({ excludeVoteOnly: on })}
            testId="rules-leave-out-votes"
          />
          <Check
            label={t('popup_rules_leave_out_quotes')}
            checked={r.excludeQuoteOnly}
            onChange={(on) => put({ excludeQuoteOnly: on })}
            testId="rules-leave-out-quotes"
          />
        </>
      );
    }
    case 'edits': {
      const r = rules.edits;
      const put = (change: Partial<BreachRules['edits']>): void => set({ ...rules, edits: { ...r, ...change } });
      return (
        <>
          <label class="gavel-field gavel-rules__field">
            <span>{t('popup_rules_edit_scope')}</span>
            <select
              data-testid="rules-edit-scope"
              value={r.scope}
              onChange={(e) => put({ scope: e.currentTarget.value === 'votes' ? 'votes' : 'any' })}
            >
              <option value="any">{t('popup_rules_edit_scope_any')}</option>
              <option value="votes">{t('popup_rules_edit_scope_votes')}</option>
            </select>
          </label>
          <NumberField
            label={t('popup_rules_grace_seconds')}
            value={r.graceSeconds}
            onChange={(n) => put({ graceSeconds: n ?? 0 })}
            testId="rules-grace-seconds"
          />
        </>
      );
    }
    case 'deadPosting': {
      const r = rules.deadPosting;
      const put = (change: Partial<BreachRules['deadPosting']>): void => set({ ...rules, deadPosting: { ...r, ...change } });
      return (
        <>
          <NumberField
            label={t('popup_rules_last_words')}
            value={r.lastWords}
            onChange={(n) => put({ lastWords: n ?? 0 })}
            testId="rules-last-words"
          />
          {r.lastWords > 0 && (
            <label class="gavel-field gavel-rules__field">
              <span>{t('popup_rules_last_words_until')}</span>
              <select
                data-testid="rules-last-words-until"
                value={r.lastWordsUntil}
                onChange={(e) => put({ lastWordsUntil: e.currentTarget.value === 'next-vote' ? 'next-vote' : 'phase-end' })}
              >
                <option value="next-vote">{t('popup_rules_until_vote')}</option>
                <option value="phase-end">{t('popup_rules_until_phase_end')}</option>
              </select>
            </label>
          )}
        </>
      );
    }
    case 'nightPosting': {
      const r = rules.nightPosting;
      return (
        <label class="gavel-field gavel-rules__field">
          <span>{t('popup_rules_closed')}</span>
          <select
            data-testid="rules-closure"
            value={r.closure}
            onChange={(e) =>
              set({ ...rules, nightPosting: { ...r, closure: e.currentTarget.value === 'night' ? 'night' : 'after-day-end' } })
            }
          >
            <option value="after-day-end">{t('popup_rules_closed_after_day')}</option>
            <option value="night">{t('popup_rules_closed_night')}</option>
          </select>
        </label>
      );
    }
    case 'voteTiming': {
      const r = rules.voteTiming;
      return (
        <>
          <Check
            label={t('popup_rules_vote_before_open')}
            checked={r.beforeOpen}
            onChange={(on) => set({ ...rules, voteTiming: { ...r, beforeOpen: on } })}
            testId="rules-vote-before-open"
          />
          <Check
            label={t('popup_rules_vote_after_end')}
            checked={r.afterEnd}
            onChange={(on) => set({ ...rules, voteTiming: { ...r, afterEnd: on } })}
            testId="rules-vote-after-end"
          />
        </>
      );
    }
    case 'replacedPosting':
    case 'nonPlayerPosting':
    case 'voteGrammar':
    case 'improperVotes':
      return null;
  }
}

/** The editor: each kind's switch, sanction and figures, the rule in words as it will read, and the thresholds. */
export function BreachRulesEditor({ ledger, onClose }: { readonly ledger: BreachLedgerView; readonly onClose: () => void }) {
  const store = useStore();
  const t = useT();
  const breaches = store.breaches;
  const [draft, setDraft] = useState<BreachRules>(ledger.breachRules);
  const th = draft.thresholds;
  const putThreshold = (change: Partial<BreachRules['thresholds']>): void => setDraft({ ...draft, thresholds: { ...th, ...change } });
  return (
    <form
      class="gavel-rules-editor"
      data-testid="breach-rules-editor"
      onSubmit={(e) => {
        e.preventDefault();
        void breaches.setRules(draft).then((done) => {
          if (done) onClose();
        });
      }}
    >
      <p class="gavel-muted gavel-small">{t('popup_rules_edit_intro')}</p>
      {sections.map((s) => {
        const rule = draft[s];
        const put = (change: Partial<BreachRules[typeof s]>): void => setDraft({ ...draft, [s]: { ...rule, ...change } });
        return (
          <fieldset key={s} class="gavel-fieldset gavel-rules__section" data-testid="rules-section" data-section={s}>
            <legend>
              <Check
                label={t(sectionWords[s])}
                checked={rule.enabled}
                onChange={(on) => put({ enabled: on })}
                testId={`rules-enabled-${s}`}
              />
            </legend>
            {rule.enabled && (
              <>
                <div class="gavel-rules__fields">
                  <SanctionSelect
                    label={t('popup_rules_sanction')}
                    value={rule.sanction}
                    onChange={(v) => put({ sanction: v ?? rule.sanction })}
                    testId={`rules-sanction-${s}`}
                  />
                  <SanctionSelect
                    label={t('popup_rules_repeat')}
                    value={rule.repeat}
                    same={true}
                    onChange={(v) => {
                      const { repeat: _old, ...rest } = rule;
                      setDraft({ ...draft, [s]: v === undefined ? rest : { ...rest, repeat: v } });
                    }}
                    testId={`rules-repeat-${s}`}
                  />
                  <Figures section={s} rules={draft} set={setDraft} />
                </div>
                <p class="gavel-muted gavel-small" data-testid="rules-section-terms">
                  {say(sectionTerms(draft, s), t)}
                </p>
              </>
            )}
          </fieldset>
        );
      })}
      <fieldset class="gavel-fieldset gavel-rules__section" data-section="thresholds">
        <legend>{t('popup_rules_thresholds')}</legend>
        <div class="gavel-rules__fields">
          <NumberField
            label={t('popup_rules_warnings_per_strike')}
            value={th.warningsPerStrike}
            empty={true}
            onChange={(n) => putThreshold({ warningsPerStrike: n })}
            testId="rules-warnings-per-strike"
          />
          <NumberField
            label={t('popup_rules_strikes_mod_kill')}
            value={th.strikesToModKill}
            empty={true}
            onChange={(n) => putThreshold({ strikesToModKill: n })}
            testId="rules-strikes-mod-kill"
          />
          <NumberField
            label={t('popup_rules_strikes_exile')}
            value={th.strikesToExile}
            empty={true}
            onChange={(n) => putThreshold({ strikesToExile: n })}
            testId="rules-strikes-exile"
          />
        </div>
        <p class="gavel-muted gavel-small">{say(thresholdTerms(th), t)}</p>
      </fieldset>
      <div class="gavel-inline">
        <button type="submit" class="gavel-button gavel-button--primary" data-testid="rules-save" disabled={breaches.busy.value}>
          {t('popup_rules_save')}
        </button>
        <button type="button" class="gavel-button" data-testid="rules-cancel" onClick={onClose}>
          {t('common_cancel')}
        </button>
        {ledger.custom && (
          <button
            type="button"
            class="gavel-button"
            data-testid="rules-reset"
            disabled={breaches.busy.value}
            onClick={() =>
              void breaches.setRules(null).then((done) => {
                if (done) onClose();
              })
            }
          >
            {t('popup_rules_reset', ledger.presetRules.id)}
          </button>
        )}
      </div>
    </form>
  );
}
