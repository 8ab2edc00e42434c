/**
 * What a player's statuses mean tonight, read from the ruleset's status rules
 * (`NightInput.statusRules`, the `night` part of each `StatusDef`). Both
 * resolvers and the intake ask here; none of them tests a status's name.
 */
import type { KillAdvantage, StatusMechanic, StatusNightMeaning } from '../rules/types';
import type { NightContext, WorkPlayer } from './context';
import type { NightInput, NightReason, NightStatus, NightStatusId } from './types';

/**
 * The id the resolver gives a status of its own mechanic when the ruleset has
 * no status for it, and the mechanic a status of that id stands for when the
 * input carries no rule for it (hand-written inputs, `gavel resolve` files).
 */
export const defaultMechanicIds: Readonly<Record<StatusMechanic, NightStatusId>> = {
  poison: 'poisoned',
  injury: 'injured',
  love: 'in-love',
  'has-killed': 'has-killed',
  reddened: 'reddened',
  blackened: 'blackened',
  cripple: 'crippled',
  'life-link': 'life-link',
  favourite: 'favourite',
  avenged: 'avenged',
  'soul-mark': 'soul-mark',
  linger: 'phantom',
  'copy-role': 'copied-role',
  'collected-role': 'collected-role',
  undead: 'undead',
  enslaved: 'slave',
  cursed: 'cursed',
  'in-collection': 'in-collection',
  'face-recovered': 'face-recovered',
  'verifying-check': 'verifying-check',
  'owes-collection': 'owes-collection',
  'new-pair': 'new-pair',
};

// Each input's status rules by id, built once per input.
const tables = new WeakMap<NightInput, Map<NightStatusId, StatusNightMeaning>>();

function table(input: NightInput): Map<NightStatusId, StatusNightMeaning> {
  let found = tables.get(input);
  if (found === undefined) {
    found = new Map();
    for (const rule of input.statusRules ?? []) if (!found.has(rule.id)) found.set(rule.id, rule.night ?? {});
    tables.set(input, found);
  }
  return found;
}

/** What a status means at night; a status without a rule means nothing, unless its id is a mechanic's default id. */
export function statusMeaning(input: NightInput, id: NightStatusId): StatusNightMeaning {
  const rule = table(input).get(id);
  if (rule !== undefined) return rule;
  const mechanic = (Object.keys(defaultMechanicIds) as StatusMechanic[]).find((m) => defaultMechanicIds[m] === id);
  if (mechanic === undefined) return {};
  // A default 'injured' without a rule keeps the meaning the resolver gives it: the player cannot act.
  return mechanic === 'injury' ? { mechanic, cannotAct: true } : { mechanic };
}

/** The status id the ruleset uses for one of the resolver's mechanics. */
export function mechanicStatusId(input: NightInput, mechanic: StatusMechanic): NightStatusId {
  for (const rule of input.statusRules ?? []) if (rule.night?.mechanic === mechanic) return rule.id;
  return defaultMechanicIds[mechanic];
}

/**
 * Whether the player is crippled tonight (004 L6): a status of mechanic `cripple`, or one the ruleset marks `crippled`
 * (the Executioner's victim). His peaceful role goes to nobody at his death.
 */
export function crippledTonight(input: NightInput, statuses: readonly NightStatus[] | undefined, night: number): boolean {
  if (statuses === undefined || statuses.length === 0) return false;
  const cripple = mechanicStatusId(input, 'cripple');
  return statuses.some(
    (s) =>
      (s.id === cripple || input.statusRules?.some((r) => r.id === s.id && r.night?.crippled === true) === true) && statusActive(s, night),
  );
}

/** Whether a status applies on night `night` (it began by then and has not run out). */
export function statusActive(status: NightStatus, night: number): boolean {
  return (status.sinceNight === undefined || status.sinceNight <= night) && (status.untilNight === undefined || status.untilNight >= night);
}

/** The statuses in force tonight, each with its meaning. */
export function meaningsOf(
  input: NightInput,
  statuses: readonly NightStatus[] | undefined,
): { readonly status: NightStatus; readonly meaning: StatusNightMeaning }[] {
  // Most players carry no status: answer them without building two arrays (the resolvers ask for every player).
  if (statuses === undefined || statuses.length === 0) return [];
  return statuses.filter((s) => statusActive(s, input.night)).map((status) => ({ status, meaning: statusMeaning(input, status.id) }));
}

/** The first status that takes the player out of the game tonight (exiled, arrested), if any. */
export function outStatus(input: NightInput, statuses: readonly NightStatus[] | undefined): NightStatusId | undefined {
  return meaningsOf(input, statuses).find((m) => m.meaning.out === true)?.status.id;
}

/** The first status that puts the player out of reach of night actions and kills (out of the game, or abroad), if any. */
export function unreachableStatus(input: NightInput, statuses: readonly NightStatus[] | undefined): NightStatusId | undefined {
  return meaningsOf(input, statuses).find((m) => m.meaning.out === true || m.meaning.untargetable === true)?.status.id;
}

/** The first status that stops the player using an ability of this effect tonight, if any. */
export function actingStatus(
  input: NightInput,
  statuses: readonly NightStatus[] | undefined,
  effect: string,
  /** The player leads his faction: a status's `leaderActsWith` lets him act (003's arrested leader). */
  leader = false,
): NightStatusId | undefined {
  return meaningsOf(input, statuses).find(
    (m) =>
      !(leader && (m.meaning.leaderActsWith ?? []).includes(effect)) &&
      (m.meaning.out === true || (m.meaning.cannotAct === true && !(m.meaning.actsWith ?? []).includes(effect))),
  )?.status.id;
}

/**
 * 003 L44: the status that takes advantages from a move the player still makes under it (an injured BO member's night
 * kill), with the advantages it takes; undefined when none does.
 */
export function advantagesLost(
  input: NightInput,
  statuses: readonly NightStatus[] | undefined,
  effect: string,
): { readonly status: NightStatusId; readonly lost: readonly KillAdvantage[] } | undefined {
  const found = meaningsOf(input, statuses).find(
    (m) => (m.meaning.losesAdvantages?.length ?? 0) > 0 && (m.meaning.actsWith ?? []).includes(effect),
  );
  return found === undefined ? undefined : { status: found.status.id, lost: found.meaning.losesAdvantages ?? [] };
}

/** The player's status of a mechanic (poison…), if they carry one in force tonight. */
export function mechanicStatus(
  input: NightInput,
  statuses: readonly NightStatus[] | undefined,
  mechanic: StatusMechanic,
): NightStatus | undefined {
  return meaningsOf(input, statuses).find((m) => m.meaning.mechanic === mechanic)?.status;
}

/**
 * Poisons a player tonight (000 Butler's Poisoner, 004 Poisoner L52): the ruleset's poison status,
 * from tonight, by `by`; the poison kills at a later night's `poison-deaths` step unless cured.
 */
export function applyPoison(
  ctx: NightContext,
  victim: WorkPlayer,
  by: string,
  reason: NightReason,
  value?: number,
  /** 004 L52 (extended): the other target of the same dose, on the first named's poison. */
  pair?: string,
): NightStatus {
  const status: NightStatus = {
    id: mechanicStatusId(ctx.input, 'poison'),
    sinceNight: ctx.night,
    by,
    ...(value === undefined ? {} : { value }),
    ...(pair === undefined ? {} : { with: pair }),
  };
  victim.statuses = [...victim.statuses, status];
  ctx.emit({ type: 'status-applied', player: victim.slotId, status, reasons: [reason] });
  return status;
}
