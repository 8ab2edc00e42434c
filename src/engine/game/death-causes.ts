/**
 * How a player died, as a code (`player/die`'s `cause`), so every reader
 * words it in its own language: the popup's event log through the catalogs
 * (`deathCauseMessage`), the game's posts and the command line through
 * `deathCauseText`. A cause that is not a code (a host's own words, or a
 * cause an older Gavel stored as English text it no longer writes) is shown
 * as written; the English texts older Gavels wrote are read as their codes.
 */
import type { NightDeathCause } from '../night/types';
import { engineMessage, word, type EngineMessage } from '../words';

/** Every cause of death the engine records. */
export type DeathCause =
  | 'night-kill'
  | 'faction-kill'
  | 'poison'
  | 'revenge'
  | 'drunk'
  | 'pgo'
  | 'lynched'
  | 'lynch'
  | 'lynch-locked'
  | 'lynch-plurality'
  | 'lynch-all-voted'
  | 'lynch-everyone-voted'
  | 'lynch-runoff'
  | 'lynch-tie-break'
  | 'lynch-strict-tie'
  | 'witch-hunt'
  | 'family-court'
  | 'court-revenge'
  | 'mod-kill'
  | 'killed'
  /** 003: a Lover who killed the other Lover. */
  | 'lover-suicide';

/** The code a night death is recorded with. */
export const nightDeathCauses: Readonly<Record<NightDeathCause, DeathCause>> = {
  kill: 'night-kill',
  'faction-kill': 'faction-kill',
  poison: 'poison',
  revenge: 'revenge',
  drunk: 'drunk',
  pgo: 'pgo',
};

/**
 * What the day's tally says of a death (the voting engine's words) as a code,
 * with whose revenge it was where the tally names them; null when the tally
 * says something this table does not know (it is then recorded as written).
 */
export function dayDeathCause(
  cause: string,
  slotOfName: (name: string) => string | undefined,
): { readonly cause: DeathCause; readonly by?: string } | null {
  const known = deathCauseOf(cause);
  if (known !== null) return { cause: known };
  if (/^court \(.+\)$/.test(cause)) return { cause: 'family-court' };
  const revenge = /^revenge of (.+)$/.exec(cause);
  if (revenge !== null) {
    const by = slotOfName(revenge[1] ?? '');
    return by === undefined ? { cause: 'court-revenge' } : { cause: 'court-revenge', by };
  }
  return null;
}

const codes: Readonly<Record<DeathCause, true>> = {
  'night-kill': true,
  'faction-kill': true,
  poison: true,
  revenge: true,
  drunk: true,
  pgo: true,
  lynched: true,
  lynch: true,
  'lynch-locked': true,
  'lynch-plurality': true,
  'lynch-all-voted': true,
  'lynch-everyone-voted': true,
  'lynch-runoff': true,
  'lynch-tie-break': true,
  'lynch-strict-tie': true,
  'witch-hunt': true,
  'family-court': true,
  'court-revenge': true,
  'mod-kill': true,
  killed: true,
  'lover-suicide': true,
};

/** The English an older Gavel (and the voting engine's tally) wrote for a cause, read as its code. */
const legacyCauses: Readonly<Record<string, DeathCause>> = {
  'killed at night': 'night-kill',
  "a drunkard's attack": 'drunk',
  'shot by a paranoid gun owner': 'pgo',
  'lynch (locked)': 'lynch-locked',
  'lynch (plurality)': 'lynch-plurality',
  'lynch (all reds voted)': 'lynch-all-voted',
  'lynch (everyone voted)': 'lynch-everyone-voted',
  'lynch (run-off)': 'lynch-runoff',
  'lynch (tie-break)': 'lynch-tie-break',
  'lynch (strict tie)': 'lynch-strict-tie',
  'witch hunt': 'witch-hunt',
};

/** The code of a recorded cause, or null for a host's own words. */
export function deathCauseOf(cause: string): DeathCause | null {
  if (Object.hasOwn(codes, cause)) return cause as DeathCause;
  return legacyCauses[cause] ?? null;
}

const causeMessages: Readonly<Record<DeathCause, EngineMessage>> = {
  'night-kill': engineMessage('death/night-kill'),
  'faction-kill': engineMessage('death/faction-kill'),
  poison: engineMessage('death/poison'),
  revenge: engineMessage('death/revenge'),
  drunk: engineMessage('death/drunk'),
  pgo: engineMessage('death/pgo'),
  lynched: engineMessage('death/lynched'),
  lynch: engineMessage('death/lynch'),
  'lynch-locked': engineMessage('death/lynch-locked'),
  'lynch-plurality': engineMessage('death/lynch-plurality'),
  'lynch-all-voted': engineMessage('death/lynch-all-voted'),
  'lynch-everyone-voted': engineMessage('death/lynch-everyone-voted'),
  'lynch-runoff': engineMessage('death/lynch-runoff'),
  'lynch-tie-break': engineMessage('death/lynch-tie-break'),
  'lynch-strict-tie': engineMessage('death/lynch-strict-tie'),
  'witch-hunt': engineMessage('death/witch-hunt'),
  'family-court': engineMessage('death/family-court'),
  'court-revenge': engineMessage('death/court-revenge'),
  'mod-kill': engineMessage('death/mod-kill'),
  killed: engineMessage('death/killed'),
  'lover-suicide': engineMessage('death/lover-suicide'),
};

/** A recorded cause as a message (the cause words alone: "night kill", "ночное убийство"); a host's own words as written. */
export function deathCauseMessage(cause: string): EngineMessage {
  const code = deathCauseOf(cause);
  return code === null ? engineMessage('death/as-written', word.text(cause)) : causeMessages[code];
}

/** The languages the game's posts are written in. */
export type DeathCauseLanguage = 'en' | 'ru';

/**
 * A cause in the words of the game's posts. The English words are the ones
 * Gavel's posts have always used ("killed at night", "lynch (plurality)").
 */
export const deathCauseWords: Readonly<Record<DeathCauseLanguage, Readonly<Record<DeathCause, string>>>> = {
  en: {
    'night-kill': 'killed at night',
    'faction-kill': 'killed at night',
    poison: 'poison',
    revenge: 'revenge',
    drunk: "a drunkard's attack",
    pgo: 'shot by a paranoid gun owner',
    lynched: 'lynched',
    lynch: 'lynch',
    'lynch-locked': 'lynch (locked)',
    'lynch-plurality': 'lynch (plurality)',
    'lynch-all-voted': 'lynch (all reds voted)',
    'lynch-everyone-voted': 'lynch (everyone voted)',
    'lynch-runoff': 'lynch (run-off)',
    'lynch-tie-break': 'lynch (tie-break)',
    'lynch-strict-tie': 'lynch (strict tie)',
    'witch-hunt': 'witch hunt',
    'family-court': 'family court',
    'court-revenge': 'revenge',
    'mod-kill': 'mod-kill',
    killed: 'killed',
    'lover-suicide': 'suicide after killing their lover',
  },
  ru: {
    'night-kill': 'ночное убийство',
    'faction-kill': 'ночное убийство',
    poison: 'отравление',
    revenge: 'месть',
    drunk: 'нападение пьяницы',
    pgo: 'выстрел параноика с ружьём',
    lynched: 'линчевание',
    lynch: 'линчевание',
    'lynch-locked': 'линчевание, голоса закреплены',
    'lynch-plurality': 'линчевание большинством голосов',
    'lynch-all-voted': 'линчевание: проголосовали все красные',
    'lynch-everyone-voted': 'линчевание: проголосовали все',
    'lynch-runoff': 'линчевание на переголосовании',
    'lynch-tie-break': 'линчевание, ничья разрешена по правилам',
    'lynch-strict-tie': 'линчевание при строгой ничьей',
    'witch-hunt': 'охота на ведьм',
    'family-court': 'семейный суд',
    'court-revenge': 'месть',
    'mod-kill': 'модкилл',
    killed: 'убийство',
    'lover-suicide': 'самоубийство после убийства возлюбленного',
  },
};

/** A recorded cause in the words of the game's posts; a host's own words as written. */
export function deathCauseText(cause: string, language: DeathCauseLanguage = 'en'): string {
  const code = deathCauseOf(cause);
  return code === null ? cause : deathCauseWords[language][code];
}
