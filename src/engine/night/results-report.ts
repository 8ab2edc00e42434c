/**
 * The host's report of a night (issue 19): everything a host needs to write
 * the results PMs, one line per fact, with the reasons under it.
 *
 * - Each action sent: where it landed after bus drives and redirections
 *   ("Cid's shoot aimed at Ann landed on Bob", under it the swap or
 *   redirection that moved it), or what stopped it and why (a block, the
 *   actor's death, a role lost), or the protection or vest that its target
 *   survived.
 * - A move a Delayer held on an earlier night, where it resolves tonight
 *   (tonight's held moves are stopped by the delay, which says they resolve
 *   next night).
 * - A block or jail on a player who sent nothing ("Bob was roleblocked; Bob
 *   sent no action"), so the host knows the block landed but changed nothing.
 * - A player an Action Doubler doubled: he is told by PM that he may use
 *   each of his abilities twice the next night.
 * - A faction whose kill sender died tonight: the next living member, in
 *   slot order, sends it from now on; its members are told where the rules
 *   say so (`newKillSenderTold`).
 */
import { engineMessage, word } from '../words';
import type { AcceptedAction } from './intake';
import { nightResult } from './results';
import { say } from './say';
import type { NightEvent, NightInput, NightReason } from './types';

/** Where an executed action landed, and the reasons its targets moved. */
export interface Landing {
  readonly accepted: AcceptedAction;
  readonly targets: readonly string[];
  readonly reasons: readonly NightReason[];
}

/** Effects that stop their targets' own actions. */
const blockingEffects: ReadonlySet<string> = new Set(['block', 'jail']);
/** Effects that try to kill their targets. */
const killingEffects: ReadonlySet<string> = new Set(['kill', 'faction-kill']);

const sameTargets = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The night's report lines (in the order the actions resolved) and the messages it sends: each faction's new
 * kill sender, to its living members.
 */
export function nightReport(night: {
  readonly input: NightInput;
  readonly ordered: readonly AcceptedAction[];
  readonly events: readonly NightEvent[];
  readonly landings: readonly Landing[];
  readonly name: (id: string) => string;
}): { readonly lines: NightReason[]; readonly messages: NightEvent[] } {
  const { input, ordered, events, landings, name } = night;
  const lines: NightReason[] = [];
  const landingOf = new Map(landings.map((l) => [l.accepted, l]));
  const died = new Set(events.flatMap((e) => (e.type === 'death' ? [e.player] : [])));
  // The events the report looks up for each action, indexed in one pass (in event order) so a night of n actions
  // is not n scans of its events: each target's reasons for surviving, and the first block or nullification of
  // each actor's ability.
  const survivedBy = new Map<string, NightReason[]>();
  const stopOf = new Map<string, Extract<NightEvent, { type: 'blocked' | 'nullified' }>>();
  for (const e of events) {
    if (e.type === 'survived') {
      const list = survivedBy.get(e.player);
      if (list === undefined) survivedBy.set(e.player, [...e.reasons]);
      else list.push(...e.reasons);
    } else if (e.type === 'blocked' || e.type === 'nullified') {
      const key = `${e.player}\u0000${e.ability}`;
      if (!stopOf.has(key)) stopOf.set(key, e);
    }
  }
  const survived = (target: string): readonly NightReason[] => survivedBy.get(target) ?? [];

  for (const a of ordered) {
    const actor = a.action.actor;
    const ability = a.ability.id;
    const landing = landingOf.get(a);
    const from = a.action.delayedFrom;
    // A move a Delayer held on an earlier night resolves tonight.
    if (from !== undefined)
      lines.push(
        say(
          `${name(actor)}'s ${ability}, delayed on night ${from}, resolves tonight`,
          engineMessage(
            'night/report-delayed-resolves',
            word.text(name(actor)),
            word.ability(ability),
            word.phase({ kind: 'night', number: from }),
          ),
        ),
      );
    if (landing === undefined) {
      // Not carried out: the block, death or lost role that stopped it says why.
      const stop = stopOf.get(`${actor}\u0000${ability}`);
      if (stop === undefined) continue;
      lines.push(
        say(
          `${name(actor)}'s ${ability} did not land`,
          engineMessage('night/report-stopped', word.text(name(actor)), word.ability(ability)),
          stop.reasons,
        ),
      );
      continue;
    }
    if (landing.targets.length === 0) continue;
    const because: NightReason[] = [...landing.reasons];
    if (killingEffects.has(a.ability.effect)) for (const t of landing.targets) if (!died.has(t)) because.push(...survived(t));
    const intended = a.action.targets.slice(0, landing.targets.length);
    lines.push(
      sameTargets(intended, landing.targets)
        ? say(
            `${name(actor)}'s ${ability} landed on ${landing.targets.map(name).join(', ')}`,
            engineMessage('night/report-landed', word.text(name(actor)), word.ability(ability), word.names(landing.targets.map(name))),
            because,
          )
        : say(
            `${name(actor)}'s ${ability} aimed at ${intended.map(name).join(', ')} landed on ${landing.targets.map(name).join(', ')}`,
            engineMessage(
              'night/report-moved',
              word.text(name(actor)),
              word.ability(ability),
              word.names(intended.map(name)),
              word.names(landing.targets.map(name)),
            ),
            because,
          ),
    );
  }

  // Blocks that landed on players who sent nothing tonight.
  const sent = new Set(input.actions.map((x) => x.actor));
  for (const l of landings) {
    if (!blockingEffects.has(l.accepted.ability.effect)) continue;
    for (const t of l.targets) {
      if (sent.has(t) || t === l.accepted.action.actor) continue;
      lines.push(
        say(
          `${name(t)} was roleblocked by ${name(l.accepted.action.actor)}; ${name(t)} sent no action`,
          engineMessage('night/report-block-idle', word.text(name(t)), word.text(name(l.accepted.action.actor))),
        ),
      );
    }
  }

  // A player an Action Doubler doubled is told by PM that he may act twice next night.
  for (const e of events) {
    if (e.type !== 'message' || e.result.fact !== 'actions-doubled') continue;
    lines.push(
      say(
        `${name(e.to)} is told by PM that on night ${input.night + 1} he may use each of his abilities twice`,
        engineMessage('night/report-doubled', word.text(name(e.to)), word.phase({ kind: 'night', number: input.night + 1 })),
        e.reasons,
      ),
    );
  }

  // A faction's kill sender who died tonight: the next living member sends the kill.
  const messages: NightEvent[] = [];
  const told = new Set<string>();
  for (const a of ordered) {
    if (a.ability.effect !== 'faction-kill' || !died.has(a.action.actor) || told.has(a.faction)) continue;
    // In slot order (a game's roster order where its slots are numbered), so the report does not depend on the order players were listed.
    const members = input.players
      .filter((p) => p.faction === a.faction && p.alive && !died.has(p.slotId))
      .sort((x, y) => (x.slotId < y.slotId ? -1 : x.slotId > y.slotId ? 1 : 0));
    const next = members[0];
    if (next === undefined) continue;
    told.add(a.faction);
    const line = say(
      `${name(a.action.actor)}, who sent the ${a.faction}'s kill, died tonight: ${next.name} sends it from now on`,
      engineMessage('night/report-kill-sender', word.text(name(a.action.actor)), word.faction(a.faction), word.text(next.name)),
    );
    lines.push(line);
    for (const m of members)
      messages.push({
        type: 'message',
        to: m.slotId,
        result: nightResult(m.slotId, 'kill-sender-changed', [next.slotId], a.action.actor),
        reasons: [line],
      });
  }
  return { lines, messages };
}
