import { useState } from 'preact/hooks';
import { defaultVoteGrammar, type VoteGrammar } from '../../../src/engine';
import type { MessageKey } from '../../shared/i18n';
import { formatList } from '../../shared/format';
import type { BadgeMode, OutputDialect, UiLanguage, VoteGrammarSettings } from '../../shared/protocol';
import {
  voteGrammarChoiceSettingKeys,
  voteGrammarSettingKeys,
  voteGrammarSwitchSettingKeys,
  voteGrammarWordSettingKeys,
} from '../../shared/settings';
import { useStore, useT, type SettingsProblem } from '../store';

const dialects: readonly { value: OutputDialect; label: MessageKey }[] = [
  { value: 'bbcode', label: 'popup_settings_dialect_bbcode' },
  { value: 'markdown', label: 'popup_settings_dialect_markdown' },
];

/** Each language by its own name, whatever the language Gavel speaks now. */
const languageNames: readonly { value: Exclude<UiLanguage, 'auto'>; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'ru', label: 'Русский' },
];

const badges: readonly { value: BadgeMode; label: MessageKey }[] = [
  { value: 'votes', label: 'popup_settings_badge_votes' },
  { value: 'deadline', label: 'popup_settings_badge_deadline' },
];

/** The grammar as the form edits it: keyword lists as the text the host typed. */
interface GrammarDraft {
  voteKeywords: string;
  unvoteKeywords: string;
  noLynchWords: string;
  colon: VoteGrammar['colon'];
  acceptAbbreviations: boolean;
  unboldedUnvotes: boolean;
  noLynchAllowed: boolean;
  ownLine: boolean;
  votesInSpoilers: boolean;
  keywordAfterLead: boolean;
  keywordTypos: boolean;
  lineStart: boolean;
  singleVoteNotes: boolean;
  struckVote: VoteGrammar['struckVote'];
  severalVotesInPost: VoteGrammar['severalVotesInPost'];
}

function draftOf(saved: VoteGrammarSettings): GrammarDraft {
  const g = { ...defaultVoteGrammar, ...saved };
  return {
    voteKeywords: g.voteKeywords.join(', '),
    unvoteKeywords: g.unvoteKeywords.join(', '),
    noLynchWords: g.noLynchWords.join(', '),
    colon: g.colon,
    acceptAbbreviations: g.acceptAbbreviations,
    unboldedUnvotes: g.unboldedUnvotes,
    noLynchAllowed: g.noLynchAllowed,
    ownLine: g.ownLine,
    votesInSpoilers: g.votesInSpoilers,
    keywordAfterLead: g.keywordAfterLead,
    keywordTypos: g.keywordTypos,
    lineStart: g.lineStart,
    singleVoteNotes: g.singleVoteNotes,
    struckVote: g.struckVote,
    severalVotesInPost: g.severalVotesInPost,
  };
}

const words = (text: string): string[] =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w !== '');

const sameWords = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((w, i) => w.toLowerCase() === b[i]?.toLowerCase());

/** Only what differs from Gavel's defaults is kept, so a later change of the defaults reaches the host. */
function grammarOf(draft: GrammarDraft, emptyWords: string): { grammar: VoteGrammarSettings } | { problem: SettingsProblem } {
  const out: { -readonly [K in keyof VoteGrammarSettings]: VoteGrammarSettings[K] } = {};
  for (const field of voteGrammarWordSettingKeys) {
    const list = words(draft[field]);
    if (list.length === 0) return { problem: { field, message: emptyWords } };
    if (!sameWords(list, defaultVoteGrammar[field])) out[field] = list;
  }
  for (const field of [...voteGrammarSwitchSettingKeys, ...voteGrammarChoiceSettingKeys]) {
    if (draft[field] !== defaultVoteGrammar[field]) (out as Record<string, unknown>)[field] = draft[field];
  }
  return { grammar: out };
}

function Problem({ field, problem }: { readonly field: string; readonly problem: SettingsProblem | null }) {
  if (problem === null || problem.field !== field) return null;
  return (
    <p class="gavel-error" role="alert" data-testid={`settings-problem-${field}`}>
      {problem.message}
    </p>
  );
}

/** The vote grammar Gavel reads every thread with, in a host's words. */
function VoteGrammarForm({ saved }: { readonly saved: VoteGrammarSettings }) {
  const store = useStore();
  const t = useT();
  const [draft, setDraft] = useState<GrammarDraft>(() => draftOf(saved));
  const [problem, setProblem] = useState<SettingsProblem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const set = (patch: Partial<GrammarDraft>): void => {
    setDraft((before) => ({ ...before, ...patch }));
    setDone(null);
  };
  const save = async (grammar: VoteGrammarSettings, saying: string): Promise<void> => {
    const refused = await store.setVoteGrammar(grammar);
    setProblem(refused);
    setDone(refused === null ? saying : null);
  };
  const onSave = (): void => {
    const made = grammarOf(draft, t('popup_settings_words_empty'));
    if ('problem' in made) {
      setProblem(made.problem);
      setDone(null);
      return;
    }
    void save(made.grammar, t('popup_settings_grammar_saved'));
  };
  const onReset = (): void => {
    setDraft(draftOf({}));
    void save({}, t('popup_settings_grammar_restored'));
  };
  const text = (field: 'voteKeywords' | 'unvoteKeywords' | 'noLynchWords', testId: string, label: MessageKey) => (
    <label class="gavel-field">
      <span>{t(label)}</span>
      <input type="text" data-testid={testId} value={draft[field]} onInput={(e) => set({ [field]: e.currentTarget.value })} />
      <span class="gavel-muted">
        {t(
          'popup_settings_default',
          formatList(
            defaultVoteGrammar[field].map((w) => t('popup_settings_quoted', w)),
            t,
          ),
        )}
      </span>
      <Problem field={field} problem={problem} />
    </label>
  );
  const check = (field: (typeof voteGrammarSwitchSettingKeys)[number], testId: string, label: MessageKey) => (
    <>
      <label class="gavel-check">
        <input type="checkbox" data-testid={testId} checked={draft[field]} onChange={(e) => set({ [field]: e.currentTarget.checked })} />
        {t(label)}{' '}
        <span class="gavel-muted">{t(defaultVoteGrammar[field] ? 'popup_settings_default_yes' : 'popup_settings_default_no')}</span>
      </label>
      <Problem field={field} problem={problem} />
    </>
  );
  return (
    <fieldset class="gavel-fieldset" data-testid="settings-grammar">
      <legend>{t('popup_settings_grammar_legend')}</legend>
      <p class="gavel-muted">{t('popup_settings_grammar_intro')}</p>
      {text('voteKeywords', 'settings-vote-keywords', 'popup_settings_vote_keywords')}
      {text('unvoteKeywords', 'settings-unvote-keywords', 'popup_settings_unvote_keywords')}
      <label class="gavel-field">
        <span>{t('popup_settings_colon')}</span>
        <select
          data-testid="settings-colon"
          value={draft.colon}
          onChange={(e) => set({ colon: e.currentTarget.value as GrammarDraft['colon'] })}
        >
          <option value="optional">{t('popup_settings_colon_optional')}</option>
          <option value="required">{t('popup_settings_colon_required')}</option>
        </select>
        <span class="gavel-muted">{t('popup_settings_colon_default')}</span>
        <Problem field="colon" problem={problem} />
      </label>
      {check('acceptAbbreviations', 'settings-abbreviations', 'popup_settings_abbreviations')}
      {check('unboldedUnvotes', 'settings-unbolded-unvotes', 'popup_settings_unbolded_unvotes')}
      {text('noLynchWords', 'settings-no-lynch-words', 'popup_settings_no_lynch_words')}
      {check('noLynchAllowed', 'settings-no-lynch-allowed', 'popup_settings_no_lynch_allowed')}
      {check('ownLine', 'settings-own-line', 'popup_settings_own_line')}
      {check('lineStart', 'settings-line-start', 'popup_settings_line_start')}
      {check('keywordAfterLead', 'settings-keyword-after-lead', 'popup_settings_keyword_after_lead')}
      {check('keywordTypos', 'settings-keyword-typos', 'popup_settings_keyword_typos')}
      {check('singleVoteNotes', 'settings-single-vote-notes', 'popup_settings_single_vote_notes')}
      {check('votesInSpoilers', 'settings-votes-in-spoilers', 'popup_settings_votes_in_spoilers')}
      <label class="gavel-field">
        <span>{t('popup_settings_struck_vote')}</span>
        <select
          data-testid="settings-struck-vote"
          value={draft.struckVote}
          onChange={(e) => set({ struckVote: e.currentTarget.value as GrammarDraft['struckVote'] })}
        >
          <option value="nothing">{t('popup_settings_struck_nothing')}</option>
          <option value="unvote">{t('popup_settings_struck_unvote')}</option>
        </select>
        <span class="gavel-muted">{t('popup_settings_struck_default')}</span>
        <Problem field="struckVote" problem={problem} />
      </label>
      <label class="gavel-field">
        <span>{t('popup_settings_several_votes')}</span>
        <select
          data-testid="settings-several-votes"
          value={draft.severalVotesInPost}
          onChange={(e) => set({ severalVotesInPost: e.currentTarget.value as GrammarDraft['severalVotesInPost'] })}
        >
          <option value="last">{t('popup_settings_several_last')}</option>
          <option value="first">{t('popup_settings_several_first')}</option>
        </select>
        <span class="gavel-muted">{t('popup_settings_several_default')}</span>
        <Problem field="severalVotesInPost" problem={problem} />
      </label>
      {problem !== null && !(voteGrammarSettingKeys as readonly string[]).includes(problem.field) && (
        <p class="gavel-error" role="alert" data-testid="settings-problem-grammar">
          {problem.message}
        </p>
      )}
      <div class="gavel-inline">
        <button type="button" class="gavel-button gavel-button--primary" data-testid="settings-grammar-save" onClick={onSave}>
          {t('popup_settings_grammar_save')}
        </button>
        <button type="button" class="gavel-button" data-testid="settings-grammar-reset" onClick={onReset}>
          {t('popup_settings_grammar_reset')}
        </button>
      </div>
      {done !== null && (
        <p class="gavel-notice" role="status" data-testid="settings-grammar-saved">
          {done}
        </p>
      )}
    </fieldset>
  );
}

/** "60, 15, 0" → minutes, or the first piece that is not a whole number. */
function parseMinutes(text: string): { minutes: number[] } | { bad: string } {
  const minutes: number[] = [];
  for (const piece of text.split(',').map((p) => p.trim())) {
    if (piece === '') continue;
    if (!/^\d+$/u.test(piece)) return { bad: piece };
    minutes.push(Number(piece));
  }
  return { minutes };
}

function RemindersField({ saved }: { readonly saved: readonly number[] }) {
  const store = useStore();
  const t = useT();
  const [value, setValue] = useState(saved.join(', '));
  const [problem, setProblem] = useState<SettingsProblem | null>(null);
  const commit = async (text: string): Promise<void> => {
    const parsed = parseMinutes(text);
    if ('bad' in parsed) {
      setProblem({ field: 'reminders', message: t('popup_settings_reminders_bad', parsed.bad) });
      return;
    }
    const refused = await store.setReminders(parsed.minutes);
    setProblem(refused === null ? null : { field: 'reminders', message: refused.message });
  };
  return (
    <label class="gavel-field">
      <span>{t('popup_settings_reminders')}</span>
      <input
        type="text"
        inputMode="numeric"
        data-testid="settings-reminders"
        value={value}
        onInput={(e) => setValue(e.currentTarget.value)}
        onChange={(e) => void commit(e.currentTarget.value)}
      />
      <span class="gavel-muted">{t('popup_settings_reminders_hint')}</span>
      <Problem field="reminders" problem={problem} />
    </label>
  );
}

/** Settings kept in the extension's own database. */
export function SettingsPanel() {
  const store = useStore();
  const t = useT();
  const settings = store.settings.value;
  return (
    <section aria-labelledby="settings-heading">
      <h2 id="settings-heading">{t('popup_settings_heading')}</h2>
      <label class="gavel-field">
        <span>{t('popup_settings_dialect')}</span>
        <select
          data-testid="output-dialect"
          value={settings?.outputDialect}
          onChange={(event) => void store.setDialect((event.currentTarget as HTMLSelectElement).value as OutputDialect)}
        >
          {dialects.map((d) => (
            <option key={d.value} value={d.value}>
              {t(d.label)}
            </option>
          ))}
        </select>
      </label>
      <label class="gavel-field">
        <span>{t('popup_settings_language')}</span>
        <select
          data-testid="settings-language"
          value={settings?.language}
          onChange={(e) => void store.setLanguage(e.currentTarget.value as UiLanguage)}
        >
          <option value="auto">{t('popup_settings_language_auto')}</option>
          {languageNames.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
      </label>
      <label class="gavel-field">
        <span>{t('popup_settings_badge')}</span>
        <select
          data-testid="settings-badge"
          value={settings?.badge}
          onChange={(e) => void store.setBadge(e.currentTarget.value as BadgeMode)}
        >
          {badges.map((b) => (
            <option key={b.value} value={b.value}>
              {t(b.label)}
            </option>
          ))}
        </select>
      </label>
      {settings !== null && (
        <>
          <RemindersField saved={settings.reminders} />
          <VoteGrammarForm saved={settings.voteGrammar} />
        </>
      )}
    </section>
  );
}
