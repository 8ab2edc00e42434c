/** Small builders for night scenarios, so each test reads like a host's notes. */
import {
  forumTemplateReasonable,
  nightRulesOf,
  rulesets,
  type NightAction,
  type NightEvent,
  type NightFactCode,
  type NightFactValues,
  type NightInput,
  type NightPlayer,
  type NightResolution,
  type NightRules,
  type NightStatusRule,
  type Ruleset,
} from '../../../src/engine';

/** A ruleset's night rules, as the game and the CLI derive them (fails the test if it has none). */
export function nightRulesFor(ruleset: Ruleset): NightRules {
  const rules = nightRulesOf(ruleset);
  if (rules === undefined) throw new Error(`${ruleset.id} has no night section`);
  return rules;
}

export const rules1923 = nightRulesFor(rulesets['mafia-1923-000']);
export const rulesForumSimple = nightRulesFor(rulesets['forum-template-001']);
export const rulesForumReasonable = nightRulesFor(forumTemplateReasonable);
export const rulesConan = nightRulesFor(rulesets['detective-conan-003']);
export const rulesRussian = nightRulesFor(rulesets['russian-004']);

/** A player: id doubles as the display name unless given. */
export function player(slotId: string, role: string, faction = 'town', extra: Partial<NightPlayer> = {}): NightPlayer {
  return { slotId, name: slotId, role, faction, alive: true, ...extra };
}

let clock = 1_000;
/** An action; sentAt increases with each call unless given. */
export function act(actor: string, ability: string, targets: string[], sentAt?: number, extra: Partial<NightAction> = {}): NightAction {
  clock += 1;
  return { actor, ability, targets, sentAt: sentAt ?? clock, ...extra };
}

export function night(players: NightPlayer[], actions: NightAction[], n = 1, extra: Partial<NightInput> = {}): NightInput {
  return { night: n, players, actions, deadline: 1_000_000, ...extra };
}

/** A game ruleset's statuses with their night meanings, as the game passes them to the night. */
export function statusRulesOf(id: keyof typeof rulesets): NightStatusRule[] {
  return rulesets[id].statuses.map((s) => ({ id: s.id, ...(s.night === undefined ? {} : { night: s.night }) }));
}

export function deaths(r: NightResolution): string[] {
  return r.events
    .filter((e): e is Extract<NightEvent, { type: 'death' }> => e.type === 'death')
    .map((e) => e.player)
    .sort();
}

/** What a player was told, as facts: the kind of fact, about whom, and its value (the sentence is the renderer's business). */
export function messagesTo(r: NightResolution, to: string): Told[] {
  return r.events
    .filter((e): e is Extract<NightEvent, { type: 'message' }> => e.type === 'message' && e.to === to)
    .map((e) => ({ fact: e.result.fact, about: e.result.about, value: e.result.value }) as Told);
}

/** A fact a player is told, without the addressee (the tests ask per player). */
export type Told = { [F in NightFactCode]: { fact: F; about: readonly string[]; value: NightFactValues[F] } }[NightFactCode];

/** One fact as a test expects it: `told('alignment-check', ['A'], true)`. */
export function told<F extends NightFactCode>(fact: F, about: readonly string[], value: NightFactValues[F]): Told {
  return { fact, about, value } as Told;
}

/** The public morning words of a night, as facts. */
export function announced(r: NightResolution): Told[] {
  return r.events
    .filter((e): e is Extract<NightEvent, { type: 'announcement' }> => e.type === 'announcement')
    .map((e) => ({ fact: e.result.fact, about: e.result.about, value: e.result.value }) as Told);
}

export function eventsOf<T extends NightEvent['type']>(r: NightResolution, type: T): Extract<NightEvent, { type: T }>[] {
  return r.events.filter((e): e is Extract<NightEvent, { type: T }> => e.type === type);
}

/** Every reason text in an event's tree, flattened (to check an explanation mentions something). */
export function reasonTexts(e: NightEvent | undefined): string[] {
  const out: string[] = [];
  const walk = (r: { text: string; because?: readonly { text: string }[] }): void => {
    out.push(r.text);
    for (const c of r.because ?? []) walk(c);
  };
  for (const r of e?.reasons ?? []) walk(r);
  return out;
}
