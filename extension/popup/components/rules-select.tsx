import type { PresetRulesetId } from '../../../src/engine';
import { rulesetName } from '../../shared/ruleset-words';
import { presetChoices } from '../games-store';
import { useT } from '../store';

/** "Rules": one of the preset rulesets, or (when `ownName` is given) the game's own rules, which no preset matches. */
export function RulesSelect({
  testId,
  value,
  ownName,
  onChoose,
}: {
  readonly testId: string;
  readonly value: PresetRulesetId | '';
  readonly ownName?: string;
  readonly onChoose: (id: PresetRulesetId) => void;
}) {
  const t = useT();
  return (
    <label class="gavel-field">
      <span>{t('popup_field_rules')}</span>
      <select data-testid={testId} value={value} onChange={(e) => onChoose(e.currentTarget.value as PresetRulesetId)}>
        {ownName !== undefined && <option value="">{t('popup_rules_own', ownName)}</option>}
        {presetChoices.map((p) => (
          <option key={p.id} value={p.id}>
            {rulesetName(p, t.language)}
          </option>
        ))}
      </select>
    </label>
  );
}
