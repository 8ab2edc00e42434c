/**
 * Roles whose holders know each other (`knowsHolders`: the forum standard's
 * Masons and Neighbors, issue 19). A host sends these in the setup PMs: each
 * holder is told who the others are, and the host opens the group a private
 * chat (a Neighbor's night chat, a Masons' thread). A role written with
 * modifiers in front ("macho mason") belongs to its base role's group.
 */
import { rulesetModifiedRole } from '../night/nar-modifiers';
import type { Ruleset } from '../rules/types';
import { engineMessage, word, type EngineMessage } from '../words';

/** A group: the role and the slot ids and names of its holders, in roster order. */
export interface RoleGroup {
  readonly role: string;
  readonly members: readonly { readonly slotId: string; readonly name: string }[];
}

/** A setup PM: to a group member (`to` his slot id), or to the host (`to` null: open the chat). */
export interface SetupMessage {
  readonly to: string | null;
  readonly message: EngineMessage;
}

type Holder = { readonly slotId: string; readonly name: string; readonly role: string; readonly secondRole?: string | undefined };

/** The groups of the roster: every role with `knowsHolders` held by at least two players. */
export function roleGroups(players: readonly Holder[], ruleset: Pick<Ruleset, 'roles' | 'roleModifiers'>): RoleGroup[] {
  const baseOf = (text: string | undefined): string | undefined =>
    text === undefined ? undefined : ruleset.roles.some((r) => r.id === text) ? text : rulesetModifiedRole(ruleset, text)?.base;
  const groups: RoleGroup[] = [];
  for (const role of ruleset.roles.filter((r) => r.knowsHolders === true)) {
    const members = players
      .filter((p) => baseOf(p.role) === role.id || baseOf(p.secondRole) === role.id)
      .map((p) => ({ slotId: p.slotId, name: p.name }));
    if (members.length >= 2) groups.push({ role: role.id, members });
  }
  return groups;
}

/** The setup PMs the groups call for: each member is told the others; the host, to open the group's chat. */
export function setupGroupMessages(players: readonly Holder[], ruleset: Pick<Ruleset, 'roles'>): SetupMessage[] {
  const out: SetupMessage[] = [];
  for (const g of roleGroups(players, ruleset)) {
    for (const m of g.members) {
      const others = g.members.filter((x) => x.slotId !== m.slotId).map((x) => x.name);
      out.push({ to: m.slotId, message: engineMessage('setup/group-members', word.role(g.role), word.names(others)) });
    }
    out.push({ to: null, message: engineMessage('setup/open-group-chat', word.role(g.role), word.names(g.members.map((x) => x.name))) });
  }
  return out;
}
