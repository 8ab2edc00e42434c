/**
 * What a host may set for each open question of the presets (`Ruleset.openQuestions`), read the way the engine reads
 * it: the values the setting takes (named values, on/off, a whole number in a range, or "set in a ruleset file" with
 * the reason), its default, and pure functions that read a setting from a ruleset and return a ruleset with one
 * setting changed (checked again by `parseRuleset`). The popup's "Settings the rules leave open" is built on these.
 */
import { defaultNightSettings, nightSettingValues, type NightSettings } from '../night/rules';
import { settingValue } from '../night/settings-words';
import { defaultVoteGrammar } from '../votes/rules';
import { engineMessage, type EngineMessage } from '../words';
import { findRuleset } from './registry';
import type { KillAdvantage, Ruleset } from './types';
import { parseRuleset, rulesetLimits } from './validate';

/** A named value of a setting: `id` is what the host picks (and the words' key), `stored` what the ruleset holds. */
export interface SettingOption {
  readonly id: string;
  readonly stored: unknown;
}

/** What a setting may take. */
export type SettingKind =
  /** One of named values. */
  | { readonly kind: 'choice'; readonly options: readonly SettingOption[] }
  /** On or off (a boolean in the ruleset). */
  | { readonly kind: 'toggle' }
  /** A whole number from `min` to `max`. */
  | { readonly kind: 'number'; readonly min: number; readonly max: number }
  /** Not set here: only a ruleset file can hold it, for `reason`. */
  | { readonly kind: 'file'; readonly reason: string };

/** A setting's value as the host sees it: a named value's id, on/off, or a number. */
export type SettingValue = string | boolean | number;

/** One open question's setting: what it takes, its documented default, and how it is read and written. */
export interface SettingChoice {
  readonly setting: string;
  readonly what: SettingKind;
  /** The value when the ruleset leaves the setting out (the type's documented default); absent for a `file` setting. */
  readonly whenAbsent?: SettingValue;
  /** Reads the stored value (undefined: left out). */
  readonly get: (ruleset: Ruleset) => unknown;
  /** Writes a stored value; returns the ruleset changed there and nowhere else. */
  readonly set: (ruleset: Ruleset, stored: unknown) => Ruleset;
}

// ---------------------------------------------------------------- paths

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One step into a value: an object's key, or (in a list of `{ id }`) the item with that id, as the engine finds a status. */
function step(at: unknown, key: string): unknown {
  if (Array.isArray(at)) return at.find((item) => isObject(item) && item['id'] === key);
  return isObject(at) ? at[key] : undefined;
}

/** The value at a dotted path, undefined where any step is missing. */
function getPath(root: unknown, keys: readonly string[]): unknown {
  let at = root;
  for (const key of keys) at = step(at, key);
  return at;
}

/**
 * A copy of `root` with the value at the path replaced; objects along it are copied (a missing one is made, as a
 * section the reader gives defaults to), everything else is shared. A list is stepped into by an item's id only.
 */
function setPath(root: unknown, keys: readonly string[], value: unknown): unknown {
  const [key, ...rest] = keys;
  if (key === undefined) return value;
  if (Array.isArray(root)) {
    const index = root.findIndex((item) => isObject(item) && item['id'] === key);
    if (index < 0) throw new Error(`no item "${key}"`);
    return root.map((item, i) => (i === index ? setPath(item, rest, value) : item));
  }
  const base: Json = isObject(root) ? root : {};
  return { ...base, [key]: setPath(base[key], rest, value) };
}

function atPath(setting: string): Pick<SettingChoice, 'get' | 'set'> {
  const keys = setting.split('.');
  return {
    get: (ruleset) => getPath(ruleset, keys),
    set: (ruleset, stored) => setPath(ruleset, keys, stored) as Ruleset,
  };
}

// ---------------------------------------------------------------- the table

const named = (...ids: readonly string[]): SettingKind => ({ kind: 'choice', options: ids.map((id) => ({ id, stored: id })) });
const toggle: SettingKind = { kind: 'toggle' };

function plain(setting: string, what: SettingKind, whenAbsent?: SettingValue): SettingChoice {
  return { setting, what, ...(whenAbsent === undefined ? {} : { whenAbsent }), ...atPath(setting) };
}

function night<K extends keyof NightSettings>(key: K): SettingChoice {
  return plain(`night.settings.${key}`, named(...nightSettingValues[key]), defaultNightSettings[key]);
}

const everyAdvantage: readonly KillAdvantage[] = ['unstoppable', 'unblockable', 'unseen'];

/** 004 L33: the Judge's weight floor, the `min` of the weight shifts (every shift the ruleset lists gets the one floor). */
const weightFloor: SettingChoice = {
  setting: 'voting.day.weightShifts',
  what: { kind: 'number', min: -rulesetLimits.weight, max: rulesetLimits.weight },
  whenAbsent: 0,
  get: (ruleset) => {
    const shifts = getPath(ruleset, ['voting', 'day', 'weightShifts']);
    if (!Array.isArray(shifts) || shifts.length === 0) return undefined;
    const floors = new Set(shifts.map((s) => (isObject(s) ? s['min'] : undefined)));
    // Shifts with different floors are no one number: the host's file set them, and only a file can.
    return floors.size === 1 ? [...floors][0] : { floors: [...floors] };
  },
  set: (ruleset, stored) => {
    const shifts = getPath(ruleset, ['voting', 'day', 'weightShifts']);
    if (!Array.isArray(shifts) || shifts.length === 0) throw new Error('the ruleset has no weight shifts');
    return setPath(
      ruleset,
      ['voting', 'day', 'weightShifts'],
      shifts.map((s: unknown) => (isObject(s) ? { ...s, min: stored } : s)),
    ) as Ruleset;
  },
};

/**
 * Every open question's setting the presets list, by path. A ruleset of the host's own may list others: they are
 * shown with their question, and only a ruleset file changes them (`choiceFor` answers undefined).
 */
export const settingChoices: Readonly<Record<string, SettingChoice>> = Object.fromEntries(
  [
    // 001
    plain('voting.newVoteReplaces', toggle, true),
    plain('phaseEnd.successors.hitman.pick', named('first-listed', 'random'), 'first-listed'),
    plain('win.mafiaWinsWhen', named('at-parity', 'outnumber'), 'at-parity'),
    // 000
    plain('voting.improperVotesTallied', toggle, false),
    plain('voting.defendedInTie', named('others-die', 'second-most'), 'others-die'),
    plain('voting.votesAgainstAbsentCount', toggle, false),
    plain('voting.courtTieWithoutVotes', named('nobody', 'all-die'), 'nobody'),
    plain('voting.unvotedFamiliesGoToCourt', toggle, false),
    plain('voting.strikesToExile', { kind: 'number', min: 1, max: rulesetLimits.count }, 2),
    plain('setup.mafiaSecondRoles', {
      kind: 'file',
      reason:
        'the seed’s list of the roles Mafia Members may hold is missing: "any" stands until a host who has the list writes it (role ids) in a ruleset file',
    }),
    plain('phaseEnd.loversDieTogether', toggle, false),
    plain('announcements.voteLeakRoles', {
      kind: 'file',
      reason:
        'the question is which total the Court Secretary’s share is of, and Gavel reads only the counted individual votes; the list of roles and shares is written in a ruleset file',
    }),
    // 003
    plain('voting.majorityOf', named('eligible', 'living'), 'living'),
    plain('phaseEnd.leaderElection.threshold', named('more-than-half', 'half'), 'more-than-half'),
    {
      ...plain('statuses.injured.night.losesAdvantages', {
        kind: 'choice',
        options: [
          { id: 'every-advantage', stored: everyAdvantage },
          { id: 'unstoppable-only', stored: ['unstoppable'] },
          { id: 'no-advantage', stored: [] },
        ],
      }),
      whenAbsent: 'no-advantage',
    },
    plain('win.nightKillCase', toggle, true),
    // 004
    plain('voting.runoffTargetsVote', toggle, false),
    plain('voting.threeWayFewNegatives', named('first-two', 'nobody'), 'first-two'),
    plain('voting.blackCap', toggle, true),
    plain('voting.day.activeCount', named('alive', 'can-vote'), 'alive'),
    plain('voting.grammar.inflectedNames', named('match-and-report', 'refuse'), defaultVoteGrammar.inflectedNames),
    weightFloor,
    plain('phaseEnd.dayMoves.release.unanswered', named('release', 'destroy'), 'release'),
    plain('phaseEnd.checkVerification.checks', named('any', 'black'), 'any'),
    plain('phaseEnd.dayMoves.keep-peaceful-role.unanswered', named('first-move', 'this-role'), 'first-move'),
    plain('night.borrowing.singleSample.parallel', named('none', 'other-bodies'), 'none'),
    plain('voting.day.roleDay.support.zeroBarrier', named('cap-each', 'none'), 'cap-each'),
    plain('voting.day.roleDay.support.patronBonus', named('own', 'all'), 'own'),
    plain('voting.day.roleDay.support.limit.blackOther', { kind: 'number', min: -rulesetLimits.weight, max: rulesetLimits.weight }, 1),
    plain('voting.day.roleDay.hiddenVotesInTotals', named('left-out', 'counted'), 'left-out'),
    plain('voting.day.roleDay.voteBank.sumWithOwnBarrier', toggle, true),
    plain('voting.day.roleDay.borrowedWeights.barrierLynches', named('from-scratch', 'counted'), 'from-scratch'),
    // Absent, the run-off buys anew: a third reading no value here gives, so only a ruleset that names one is read.
    plain('voting.day.roleDay.voteBank.runoffPurchase', named('kept', 'spent')),
    plain('voting.day.roleDay.huntExecutions', named('allowed', 'none'), 'none'),
    // The forum standard
    plain('voting.grammar.singleVoteNotes', toggle, defaultVoteGrammar.singleVoteNotes),
    plain('win.lynchedWinEndsGame', named('game-continues', 'game-ends'), 'game-continues'),
    plain('win.ownParityBesideScum', named('majority', 'parity'), 'majority'),
    plain('night.method', {
      kind: 'file',
      reason:
        'the night method is the preset itself: Reasonable Action Resolution answers these effects its own way; the forum standard preset resolves nights by NAR',
    }),
    // Every night setting (`night.settings.*`): a choice among its known values, whatever ruleset asks it.
    ...(Object.keys(nightSettingValues) as (keyof NightSettings)[]).map((key) => night(key)),
  ].map((c) => [c.setting, c]),
);

/** The setting choice of a path, or undefined when Gavel has none for it. */
export function choiceFor(setting: string): SettingChoice | undefined {
  return Object.hasOwn(settingChoices, setting) ? settingChoices[setting] : undefined;
}

// ---------------------------------------------------------------- reading and writing

/** A setting read from a ruleset, or why it cannot be. */
export type SettingRead =
  | { readonly ok: true; readonly value: SettingValue; readonly stored: unknown }
  | { readonly ok: false; readonly problem: string; readonly stored?: unknown };

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The host's value for a stored one, or undefined when the setting does not take it. */
function valueOf(what: SettingKind, stored: unknown): SettingValue | undefined {
  switch (what.kind) {
    case 'choice':
      return what.options.find((o) => sameJson(o.stored, stored))?.id;
    case 'toggle':
      return typeof stored === 'boolean' ? stored : undefined;
    case 'number':
      return typeof stored === 'number' && Number.isInteger(stored) && stored >= what.min && stored <= what.max ? stored : undefined;
    case 'file':
      return undefined;
  }
}

/** The words of the values a setting takes, for a message that names them. */
function describe(what: SettingKind): string {
  switch (what.kind) {
    case 'choice':
      return what.options.map((o) => `"${o.id}"`).join(' or ');
    case 'toggle':
      return 'true or false';
    case 'number':
      return `a whole number from ${what.min} to ${what.max}`;
    case 'file':
      return `nothing here (${what.reason})`;
  }
}

/** Whether a ruleset holds the setting's section at all (a 004 setting in a 001 ruleset does not). */
function sectionExists(ruleset: Ruleset, setting: string): boolean {
  const keys = setting.split('.');
  // The last key may be left out (its default stands); a night setting's `settings` object may be too.
  const parentKeys = keys.slice(0, setting.startsWith('night.settings.') || setting.startsWith('voting.grammar.') ? 1 : -1);
  return getPath(ruleset, parentKeys) !== undefined;
}

/** Reads an open question's setting from a ruleset: the value the engine reads, its default where left out. */
export function readSetting(ruleset: Ruleset, setting: string): SettingRead {
  const choice = choiceFor(setting);
  if (choice === undefined) return { ok: false, problem: `Gavel has no setting "${setting}" to read` };
  if (choice.what.kind === 'file')
    return { ok: false, problem: `"${setting}" is set in a ruleset file: ${choice.what.reason}`, stored: choice.get(ruleset) };
  if (!sectionExists(ruleset, setting)) return { ok: false, problem: `${ruleset.id} has no "${setting}"` };
  const stored = choice.get(ruleset);
  if (stored === undefined && choice.whenAbsent !== undefined) return { ok: true, value: choice.whenAbsent, stored };
  const value = valueOf(choice.what, stored);
  if (value === undefined)
    return {
      ok: false,
      problem: `"${setting}" holds ${JSON.stringify(stored)}, which Gavel does not read as ${describe(choice.what)}`,
      stored,
    };
  return { ok: true, value, stored };
}

/** The default of a setting in a ruleset: the preset's own value for a preset's ruleset, else the documented default. */
export function settingDefault(ruleset: Ruleset, setting: string): SettingValue | undefined {
  const preset = findRuleset(ruleset.id);
  if (preset !== undefined && preset.openQuestions.some((q) => q.setting === setting)) {
    const read = readSetting(preset, setting);
    if (read.ok) return read.value;
  }
  return choiceFor(setting)?.whenAbsent;
}

/** A ruleset with one setting changed, or why not. */
export type SettingWrite = { readonly ok: true; readonly ruleset: Ruleset } | { readonly ok: false; readonly problem: string };

/**
 * A ruleset with one open question's setting changed and nothing else, checked again as any ruleset is. Refused: a
 * path Gavel has no setting for, one the ruleset does not hold, one only a file sets, and a value the setting does
 * not take.
 */
export function writeSetting(ruleset: Ruleset, setting: string, value: SettingValue): SettingWrite {
  const choice = choiceFor(setting);
  if (choice === undefined) return { ok: false, problem: `Gavel has no setting "${setting}"` };
  const what = choice.what;
  if (what.kind === 'file') return { ok: false, problem: `"${setting}" is set in a ruleset file: ${what.reason}` };
  if (!sectionExists(ruleset, setting)) return { ok: false, problem: `${ruleset.id} has no "${setting}"` };
  const stored = storedOf(choice, value);
  if (stored === undefined) return { ok: false, problem: `"${setting}" takes ${describe(what)}, not ${JSON.stringify(value)}` };
  const changed = choice.set(ruleset, stored);
  const parsed = parseRuleset(changed, ruleset.id);
  if (!parsed.ok) return { ok: false, problem: `the ruleset would have problems: ${parsed.errors.join('; ')}` };
  // The ruleset as written (the reading normalises some sections): only the setting differs from the one given.
  return { ok: true, ruleset: changed };
}

/**
 * A ruleset with several settings changed, checked once: the first refusal (a setting, or a value, Gavel does not
 * take) or the checked ruleset's problems refuse them all.
 */
export function writeSettings(ruleset: Ruleset, values: Readonly<Record<string, SettingValue>>): SettingWrite {
  let changed = ruleset;
  for (const [setting, value] of Object.entries(values)) {
    const choice = choiceFor(setting);
    const stored = choice === undefined ? undefined : storedOf(choice, value);
    // One at a time, each refused in its own words.
    if (choice === undefined || stored === undefined || !sectionExists(changed, setting)) return writeSetting(changed, setting, value);
    changed = choice.set(changed, stored);
  }
  if (changed === ruleset) return { ok: true, ruleset };
  const parsed = parseRuleset(changed, ruleset.id);
  if (!parsed.ok) return { ok: false, problem: `the ruleset would have problems: ${parsed.errors.join('; ')}` };
  return { ok: true, ruleset: changed };
}

/** The value a ruleset stores for a host's value, or undefined when the setting does not take it. */
function storedOf(choice: SettingChoice, value: SettingValue): unknown {
  const what = choice.what;
  if (what.kind === 'choice') return what.options.find((o) => o.id === value)?.stored;
  if (what.kind === 'toggle') return typeof value === 'boolean' ? value : undefined;
  if (what.kind === 'number') return valueOf(what, value);
  return undefined;
}

/** The values a setting offers the host, in order (the numbers' are their range's ends). */
export function settingOptions(setting: string): readonly SettingValue[] {
  const what = choiceFor(setting)?.what;
  if (what === undefined) return [];
  if (what.kind === 'choice') return what.options.map((o) => o.id);
  if (what.kind === 'toggle') return [true, false];
  if (what.kind === 'number') return [what.min, what.max];
  return [];
}

// ---------------------------------------------------------------- words

/** A setting's value in words, for the host: the night settings' words, each other value's own, a number as written. */
export function settingValueWords(setting: string, value: SettingValue): EngineMessage {
  if (typeof value === 'boolean') return settingValue(value ? 'yes' : 'no');
  if (typeof value === 'number') return engineMessage('night/setting-value', { kind: 'number', value });
  if (setting.startsWith('night.settings.') || setting === 'night.borrowing.singleSample.parallel') return settingValue(value);
  const last = setting.split('.').slice(-1)[0] ?? '';
  return choiceWords(last, value) ?? settingValue(value);
}

function choiceWords(key: string, value: string): EngineMessage | undefined {
  switch (`${key}:${value}`) {
    case 'pick:first-listed':
      return engineMessage('rules/choice-pick-first-listed');
    case 'pick:random':
      return engineMessage('rules/choice-pick-random');
    case 'mafiaWinsWhen:at-parity':
      return engineMessage('rules/choice-mafia-wins-at-parity');
    case 'mafiaWinsWhen:outnumber':
      return engineMessage('rules/choice-mafia-wins-outnumber');
    case 'defendedInTie:others-die':
      return engineMessage('rules/choice-defended-others-die');
    case 'defendedInTie:second-most':
      return engineMessage('rules/choice-defended-second-most');
    case 'courtTieWithoutVotes:nobody':
      return engineMessage('rules/choice-court-tie-nobody');
    case 'courtTieWithoutVotes:all-die':
      return engineMessage('rules/choice-court-tie-all-die');
    case 'majorityOf:eligible':
      return engineMessage('rules/choice-majority-eligible');
    case 'majorityOf:living':
      return engineMessage('rules/choice-majority-living');
    case 'threshold:more-than-half':
      return engineMessage('rules/choice-threshold-more-than-half');
    case 'threshold:half':
      return engineMessage('rules/choice-threshold-half');
    case 'losesAdvantages:every-advantage':
      return engineMessage('rules/choice-loses-every-advantage');
    case 'losesAdvantages:unstoppable-only':
      return engineMessage('rules/choice-loses-unstoppable-only');
    case 'losesAdvantages:no-advantage':
      return engineMessage('rules/choice-loses-no-advantage');
    case 'threeWayFewNegatives:first-two':
      return engineMessage('rules/choice-three-way-first-two');
    case 'threeWayFewNegatives:nobody':
      return engineMessage('rules/choice-three-way-nobody');
    case 'activeCount:alive':
      return engineMessage('rules/choice-active-alive');
    case 'activeCount:can-vote':
      return engineMessage('rules/choice-active-can-vote');
    case 'inflectedNames:match-and-report':
      return engineMessage('rules/choice-inflected-match');
    case 'inflectedNames:refuse':
      return engineMessage('rules/choice-inflected-refuse');
    case 'unanswered:release':
      return engineMessage('rules/choice-unanswered-release');
    case 'unanswered:destroy':
      return engineMessage('rules/choice-unanswered-destroy');
    case 'unanswered:first-move':
      return engineMessage('rules/choice-unanswered-first-move');
    case 'unanswered:this-role':
      return engineMessage('rules/choice-unanswered-this-role');
    case 'checks:any':
      return engineMessage('rules/choice-checks-any');
    case 'checks:black':
      return engineMessage('rules/choice-checks-black');
    case 'zeroBarrier:cap-each':
      return engineMessage('rules/choice-zero-barrier-cap-each');
    case 'zeroBarrier:none':
      return engineMessage('rules/choice-zero-barrier-none');
    case 'patronBonus:own':
      return engineMessage('rules/choice-patron-own');
    case 'patronBonus:all':
      return engineMessage('rules/choice-patron-all');
    case 'hiddenVotesInTotals:left-out':
      return engineMessage('rules/choice-hidden-left-out');
    case 'hiddenVotesInTotals:counted':
      return engineMessage('rules/choice-hidden-counted');
    case 'barrierLynches:from-scratch':
      return engineMessage('rules/choice-barrier-from-scratch');
    case 'barrierLynches:counted':
      return engineMessage('rules/choice-barrier-counted');
    case 'runoffPurchase:kept':
      return engineMessage('rules/choice-runoff-kept');
    case 'runoffPurchase:spent':
      return engineMessage('rules/choice-runoff-spent');
    case 'huntExecutions:allowed':
      return engineMessage('rules/choice-hunt-allowed');
    case 'huntExecutions:none':
      return engineMessage('rules/choice-hunt-none');
    case 'lynchedWinEndsGame:game-continues':
      return engineMessage('rules/choice-jester-game-continues');
    case 'lynchedWinEndsGame:game-ends':
      return engineMessage('rules/choice-jester-game-ends');
    case 'ownParityBesideScum:majority':
      return engineMessage('rules/choice-own-parity-majority');
    case 'ownParityBesideScum:parity':
      return engineMessage('rules/choice-own-parity-parity');
    default:
      return undefined;
  }
}
