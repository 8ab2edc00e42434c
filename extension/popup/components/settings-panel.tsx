import type { OutputDialect } from '../../shared/protocol';
import { useStore } from '../store';

const dialects: readonly { value: OutputDialect; label: string }[] = [
  { value: 'bbcode', label: 'BBCode (phpBB, vBulletin, XenForo, MyBB, SMF)' },
  { value: 'markdown', label: 'Markdown (Discourse)' },
];

/** Settings kept in the extension's own database. */
export function SettingsPanel() {
  const store = useStore();
  const current = store.settings.value?.outputDialect;
  return (
    <section aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      <label class="gavel-field">
        <span>Generated posts are written in</span>
        <select
          data-testid="output-dialect"
          value={current}
          onChange={(event) => void store.setDialect((event.currentTarget as HTMLSelectElement).value as OutputDialect)}
        >
          {dialects.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
