/**
 * How the resolvers state a reason: the English sentence the command line
 * prints and tests read, and the same statement as a code with its details,
 * which the popup and `gavel resolve --lang` word in the host's language.
 */
import { engineMessage, word, type EngineMessage } from '../words';
import type { NightContext, ResolvedAction } from './context';
import type { NightReason } from './types';

/** A reason with the reasons it rests on (none: a plain statement). */
export const say = (text: string, message: EngineMessage, because?: readonly NightReason[]): NightReason =>
  because === undefined || because.length === 0 ? { text, message } : { text, message, because };

/** The reason a move rests on: who, with which role, did what to whom. */
export function usedOn(ctx: NightContext, action: ResolvedAction, target: string): NightReason {
  return say(
    `${action.actor.name} (${action.accepted.role.name}) used ${action.accepted.ability.id} on ${ctx.name(target)}`,
    engineMessage(
      'night/used-on',
      word.text(action.actor.name),
      word.role(action.accepted.role.id),
      word.ability(action.accepted.ability.id, action.accepted.role.id),
      word.text(ctx.name(target)),
    ),
    action.reasons,
  );
}

/**
 * What a reason, a refusal or an open question says, as a message: its own,
 * or (stored by an older Gavel, before they carried one) its English text as
 * it was written.
 */
export function messageOf(said: { readonly text: string; readonly message?: EngineMessage | undefined }): EngineMessage {
  return said.message ?? engineMessage('night/as-written', word.text(said.text));
}

/** Whether a value read from outside (a stored game, an imported file) is a message this Gavel can word. */
export function isEngineMessage(value: unknown, depth = 0): value is EngineMessage {
  if (depth > 16 || typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  if (typeof m['code'] !== 'string' || !Array.isArray(m['args'])) return false;
  if (m['count'] !== undefined && typeof m['count'] !== 'number') return false;
  return (m['args'] as unknown[]).every((arg) => {
    if (typeof arg !== 'object' || arg === null) return false;
    const a = arg as Record<string, unknown>;
    switch (a['kind']) {
      case 'ability':
        return typeof a['value'] === 'string' && (a['role'] === undefined || typeof a['role'] === 'string');
      case 'text':
      case 'role':
      case 'status':
      case 'faction':
      case 'level':
        return typeof a['value'] === 'string';
      case 'number':
      case 'time':
      case 'minutes':
        return typeof a['value'] === 'number' && Number.isFinite(a['value']);
      case 'names':
        return Array.isArray(a['value']) && (a['value'] as unknown[]).every((n) => typeof n === 'string');
      case 'phase': {
        const p = a['value'] as Record<string, unknown> | null;
        return typeof p === 'object' && p !== null && (p['kind'] === 'day' || p['kind'] === 'night') && typeof p['number'] === 'number';
      }
      case 'message':
        return isEngineMessage(a['value'], depth + 1);
      default:
        return false;
    }
  });
}
