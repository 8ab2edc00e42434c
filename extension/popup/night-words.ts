/**
 * The night's outcomes, reasons, refusals and open questions in the host's
 * language: one wording for the popup's night panel and `gavel resolve
 * --lang`. Engine messages go through `sayMessage` with the ruleset's names
 * in that language; outcomes through the catalogs' `popup_outcome_*` words.
 */
import {
  deathCauseMessage,
  isNightResult,
  nightDeathCauses,
  messageOf,
  nightResultNames,
  rulesetNightRules,
  renderNightResult,
  type EngineMessage,
  type GameState,
  type NightEvent,
  type NightResultNames,
  type Ruleset,
} from '../../src/engine';
import { formatList, sayMessage, type FormatContext, type RulesetWords } from '../shared/format';
import type { Language, MessageKey, Translator } from '../shared/i18n';
import type { GameRecord } from '../shared/protocol';
import { rulesetWords } from '../shared/ruleset-words';
/** How the night panel words things for a game: the host's language, the game's time zone, the ruleset's names in that language. */
export function nightWords(
  game: Pick<GameRecord, 'ruleset' | 'timeZone'>,
  t: Translator,
): FormatContext & { readonly names: RulesetWords } {
  return { t, timeZone: game.timeZone, names: rulesetWords(game.ruleset.data, t.language) };
}

const nullifiedWords: Readonly<Record<Extract<NightEvent, { type: 'nullified' }>['cause'], MessageKey>> = {
  'actor-died': 'popup_night_nullified_actor_died',
  'role-lost': 'popup_night_nullified_role_lost',
  'actor-arrested': 'popup_night_nullified_actor_arrested',
  attacked: 'popup_night_nullified_attacked',
  thwarted: 'popup_night_nullified_thwarted',
};

const protectionWords: Readonly<Record<string, MessageKey>> = {
  vest: 'popup_night_protection_vest',
  'mafia-shield': 'popup_night_protection_mafia_shield',
  'self-guard': 'popup_night_protection_self_guard',
};

/**
 * How a night's results name players, roles and verdicts in a game: its players, its ruleset's roles (in `words`'
 * language when given), its night rules' verdict words (in `language` when given).
 */
export function resultNamesOf(state: GameState, ruleset: Ruleset, words?: RulesetWords, language?: Language): NightResultNames {
  const rules = rulesetNightRules(ruleset);
  const names = nightResultNames(
    state.players.map((p) => ({ id: p.slot.id, name: p.name })),
    rules ?? { roles: ruleset.roles },
    // The verdict a check reports ("Mafia") in that language too, as the posts word it.
    language,
  );
  if (words === undefined) return names;
  return { ...names, role: (id) => words.role(id), faction: (id) => words.faction(id) };
}

/**
 * What a message or public word of a stored night says, in the host's language.
 * Resolutions stored before results were data carry only an English sentence: it is shown as it was.
 */
export function resultText(e: Extract<NightEvent, { type: 'message' | 'announcement' }>, names: NightResultNames, t: Translator): string {
  const stored = e as { readonly result?: unknown; readonly text?: string };
  if (!isNightResult(stored.result)) return stored.text ?? '';
  return renderNightResult(stored.result, names, t.language);
}

/** What an outcome line needs: players' names, the formatting context (language, zone, the ruleset's names) and the results' names. */
export interface OutcomeWords {
  readonly name: (id: string) => string;
  readonly format: FormatContext & { readonly names: RulesetWords };
  readonly results: NightResultNames;
}

/** A reason, a refusal or an open question in the host's language, its first letter a capital (a message may start with a name). */
export function sayReason(said: { readonly text: string; readonly message?: EngineMessage | undefined }, format: FormatContext): string {
  const text = sayMessage(messageOf(said), format);
  return text.charAt(0).toLocaleUpperCase(format.t.language) + text.slice(1);
}

/** One outcome of the night in the host's words (null: bookkeeping the host need not read). */
export function outcomeText(e: NightEvent, words: OutcomeWords): { readonly kind: string; readonly text: string } | null {
  const { name, format, results } = words;
  const { t, names } = format;
  const said = (m: Extract<NightEvent, { type: 'message' | 'announcement' }>): string => resultText(m, results, t);
  switch (e.type) {
    case 'death': {
      // The cause as the event log words it once applied ("night kill", "ночное убийство"): a noun, whoever died.
      const how = sayMessage(deathCauseMessage(nightDeathCauses[e.cause] ?? e.cause), format);
      return {
        kind: 'death',
        text:
          e.by.length > 0
            ? t('popup_outcome_dies_by', name(e.player), how, formatList(e.by.map(name), t))
            : t('popup_outcome_dies', name(e.player), how),
      };
    }
    case 'survived':
      return { kind: 'save', text: t('popup_outcome_survived', name(e.player)) };
    case 'blocked':
      return { kind: 'block', text: t('popup_outcome_blocked', name(e.player), names.ability(e.ability, e.role), name(e.by)) };
    case 'nullified': {
      const key = nullifiedWords[e.cause] as MessageKey | undefined;
      return {
        kind: 'block',
        text: t('popup_outcome_nullified', name(e.player), names.ability(e.ability, e.role), key === undefined ? e.cause : t(key)),
      };
    }
    case 'status-applied':
      return { kind: 'status', text: t('popup_outcome_status_applied', name(e.player), names.status(e.status.id)) };
    case 'status-cleared':
      return { kind: 'status', text: t('popup_outcome_status_cleared', name(e.player), names.status(e.status)) };
    case 'role-changed':
      return {
        kind: 'status',
        text: t(
          e.slot === 'role' ? 'popup_outcome_role_changed' : 'popup_outcome_second_role_changed',
          name(e.player),
          e.from === null ? t('common_none') : names.role(e.from),
          e.to === null ? t('common_none') : names.role(e.to),
        ),
      };
    case 'message':
      return { kind: 'message', text: t('popup_outcome_message', name(e.to), said(e)) };
    case 'announcement':
      return { kind: 'message', text: t('popup_outcome_announcement', said(e)) };
    case 'protection-spent': {
      const key = protectionWords[e.protection];
      return { kind: 'status', text: t('popup_outcome_protection_spent', name(e.player), key === undefined ? e.protection : t(key)) };
    }
    case 'faction-changed':
      return { kind: 'status', text: t('popup_outcome_faction_changed', name(e.player), names.faction(e.from), names.faction(e.to)) };
    case 'uses-spent':
      return null;
  }
}
