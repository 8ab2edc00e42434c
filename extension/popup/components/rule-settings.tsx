/**
 * "Settings the rules leave open": each open question of the game's rules (`Ruleset.openQuestions`) with the value the
 * game uses, the rules' own value marked as the default, and a control to pick the other reading. A change joins the
 * setup draft and is saved with it (the worker checks the changed rules and recounts the game); a question the game
 * has already met says so.
 */
import {
  choiceFor,
  readSetting,
  rulesets,
  settingDefault,
  settingOptions,
  settingValueWords,
  type OpenQuestion,
  type Ruleset,
  type SettingValue,
} from '../../../src/engine';
import { sayMessage, type RulesetWords } from '../../shared/format';
import { rulesetWords } from '../../shared/ruleset-words';
import type { MessageKey, Translator } from '../../shared/i18n';
import type { PopupStore } from '../store';
import { useStore, useT } from '../store';

/** The catalog key of a preset's words for a setting: `<prefix><the path in snake_case>` (`voting.newVoteReplaces`: `voting_new_vote_replaces`). */
const wordsKey = (prefix: string, setting: string): string =>
  `${prefix}${setting
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase()
    // A key ending as a counted word's form ("…_other") would be read as one: such a path ends in "_setting".
    .replace(/_(one|few|many|other)$/, '_$1_setting')}`;

/** The presets' own questions, by setting: only these have words in the catalogs. */
const presetQuestions = new Map(Object.values(rulesets).flatMap((r) => r.openQuestions.map((q) => [q.setting, q.question] as const)));

/**
 * Words in the host's language for a preset's text (a question, or why a setting is set in a file), found in the
 * catalogs under `key`; a host's own ruleset's text, which the catalogs cannot hold, is shown as he wrote it.
 */
function presetWords(t: Translator, key: string, text: string, isPresets: boolean): string {
  if (!isPresets) return text;
  const words = t(key as MessageKey);
  return words === key ? text : words;
}

/** An open question in the host's language: the preset's words, or the ruleset's own question as written. */
export function questionWords(t: Translator, question: OpenQuestion): string {
  return presetWords(
    t,
    wordsKey('engine_rules_question_', question.setting),
    question.question,
    presetQuestions.get(question.setting) === question.question,
  );
}

/** Why a setting is written in a ruleset file, in the host's language where it is Gavel's own reason. */
export function fileReasonWords(t: Translator, setting: string, reason: string): string {
  return presetWords(t, wordsKey('engine_rules_file_reason_', setting), reason, true);
}

/** What the game has met of its open questions so far: the setup check's, the night's and the day's reports. */
function metSettings(store: PopupStore): readonly { readonly setting: string; readonly chosen: string }[] {
  const met: { setting: string; chosen: string }[] = [];
  for (const q of store.games.setupCheck.value?.openQuestions ?? []) met.push(q);
  for (const a of store.night.night.value?.resolution?.resolution.ambiguities ?? []) met.push({ setting: a.setting, chosen: a.value });
  for (const q of store.night.dayEnd.value?.openQuestions ?? []) met.push(q);
  for (const q of store.night.outcome.value?.openQuestions ?? []) met.push(q);
  return met;
}

/** A report names a setting by its path, or (a night's) by the last key of it. */
function meets(setting: string, reported: string): boolean {
  return reported === setting || setting.endsWith(`.${reported}`);
}

/** A control's value as text, and back. */
const asText = (value: SettingValue): string => String(value);
function fromText(setting: string, text: string): SettingValue | undefined {
  const what = choiceFor(setting)?.what;
  if (what?.kind === 'toggle') return text === 'true';
  if (what?.kind === 'number') {
    const n = Number(text);
    return text.trim() !== '' && Number.isInteger(n) ? n : undefined;
  }
  return text;
}

function SettingRow({
  ruleset,
  names,
  question,
  index,
  met,
}: {
  ruleset: Ruleset;
  names: RulesetWords;
  question: OpenQuestion;
  index: number;
  met: readonly string[];
}) {
  const store = useStore();
  const t = useT();
  const words = (value: SettingValue): string => sayMessage(settingValueWords(question.setting, value), { t, names });
  const what = choiceFor(question.setting)?.what;
  const read = readSetting(ruleset, question.setting);
  const fallback = settingDefault(ruleset, question.setting);
  const id = `rule-setting-${index}`;
  const changed = Object.hasOwn(store.games.draft.value?.ruleSettings ?? {}, question.setting);
  const set = (value: SettingValue | undefined): void => {
    if (value !== undefined) store.games.setRuleSetting(question.setting, value);
  };
  // A report names the value as the engine wrote it: worded like the control's own values where it is one of them.
  const metWords = met.map((chosen) => {
    const value = fromText(question.setting, chosen);
    return value !== undefined && settingOptions(question.setting).includes(value) ? words(value) : chosen;
  });
  const labelled = (value: SettingValue): string =>
    value === fallback ? t('popup_rule_setting_default_option', words(value)) : words(value);
  return (
    <li class="gavel-rule-setting" data-testid="rule-setting" data-setting={question.setting} data-changed={changed ? 'yes' : 'no'}>
      <p id={`${id}-question`} class="gavel-rule-setting__question">
        {questionWords(t, question)}
      </p>
      {what === undefined || what.kind === 'file' ? (
        <p class="gavel-muted gavel-small" data-testid="rule-setting-file">
          {what?.kind === 'file'
            ? t('popup_rule_setting_file', fileReasonWords(t, question.setting, what.reason))
            : t('popup_rule_setting_unknown')}
        </p>
      ) : !read.ok ? (
        <p class="gavel-warning" data-testid="rule-setting-problem">
          {read.problem}
        </p>
      ) : (
        <div class="gavel-inline">
          {what.kind === 'number' ? (
            <input
              type="number"
              id={id}
              data-testid="rule-setting-value"
              min={what.min}
              max={what.max}
              step={1}
              value={asText(read.value)}
              aria-labelledby={`${id}-question`}
              aria-describedby={`${id}-now`}
              onInput={(e) => set(fromText(question.setting, e.currentTarget.value))}
            />
          ) : (
            <select
              id={id}
              data-testid="rule-setting-value"
              value={asText(read.value)}
              aria-labelledby={`${id}-question`}
              aria-describedby={`${id}-now`}
              onChange={(e) => set(fromText(question.setting, e.currentTarget.value))}
            >
              {settingOptions(question.setting).map((value) => (
                <option key={asText(value)} value={asText(value)}>
                  {labelled(value)}
                </option>
              ))}
            </select>
          )}
          <span id={`${id}-now`} class="gavel-small" data-testid="rule-setting-now">
            {read.value === fallback
              ? t('popup_rule_setting_now_default', words(read.value))
              : fallback === undefined
                ? t('popup_rule_setting_now', words(read.value))
                : t('popup_rule_setting_now_changed', words(read.value), words(fallback))}
          </span>
        </div>
      )}
      {met.length > 0 && (
        <p class="gavel-notice gavel-small" data-testid="rule-setting-met">
          {t('popup_rule_setting_met', metWords.join('; '))}
        </p>
      )}
    </li>
  );
}

/** The open questions of the rules the draft is set against, each with its setting. */
export function RuleSettings() {
  const store = useStore();
  const t = useT();
  const ruleset = store.games.draftRuleset.value;
  if (ruleset === null || ruleset.openQuestions.length === 0) return null;
  const met = metSettings(store);
  const names = rulesetWords(ruleset, t.language);
  return (
    <fieldset class="gavel-fieldset" data-testid="rule-settings" aria-describedby="rule-settings-hint">
      <legend>{t('popup_rule_settings_legend')}</legend>
      <p id="rule-settings-hint" class="gavel-muted gavel-small">
        {t('popup_rule_settings_hint')}
      </p>
      <ul class="gavel-rule-settings">
        {ruleset.openQuestions.map((q, i) => (
          <SettingRow
            key={q.setting}
            ruleset={ruleset}
            names={names}
            question={q}
            index={i}
            met={[...new Set(met.filter((m) => meets(q.setting, m.setting)).map((m) => m.chosen))]}
          />
        ))}
      </ul>
    </fieldset>
  );
}
