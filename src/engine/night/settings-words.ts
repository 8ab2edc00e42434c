/**
 * The answers a night gives the seeds' open questions (`NightSettings`
 * values), as messages a reader words in the host's language: an open
 * question is shown with the answer used, never as `setting = value`.
 */
import { engineMessage, type EngineMessage } from '../words';

/** The words for one value of a night setting; a value Gavel does not know is shown as written. */
export function settingValue(value: string): EngineMessage {
  switch (value) {
    case 'becomes-townsperson':
      return engineMessage('night/setting-becomes-townsperson');
    case 'keeps-thief':
      return engineMessage('night/setting-keeps-thief');
    case 'order-sender':
      return engineMessage('night/setting-order-sender');
    case 'every-member':
      return engineMessage('night/setting-every-member');
    case 'random-member':
      return engineMessage('night/setting-random-member');
    case 'role':
      return engineMessage('night/setting-role');
    case 'faction':
      return engineMessage('night/setting-faction');
    case 'yes':
      return engineMessage('night/setting-yes');
    case 'no':
      return engineMessage('night/setting-no');
    case 'kept-in-reserve':
      return engineMessage('night/setting-kept-in-reserve');
    case 'passes-to-other-side':
      return engineMessage('night/setting-passes-to-other-side');
    case 'named-kind':
      return engineMessage('night/setting-named-kind');
    case 'none':
      return engineMessage('night/setting-none');
    case 'other-bodies':
      return engineMessage('night/setting-other-bodies');
    case 'fixed-order':
      return engineMessage('night/setting-fixed-order');
    case 'golden-rule':
      return engineMessage('night/setting-golden-rule');
    case 'loop-list':
      return engineMessage('night/setting-loop-list');
    case 'as-sent':
      return engineMessage('night/setting-as-sent');
    case 'slot-order':
      return engineMessage('night/setting-slot-order');
    case 'reached':
      return engineMessage('night/setting-reached');
    case 'chosen':
      return engineMessage('night/setting-chosen');
    case 'same-order':
      return engineMessage('night/setting-same-order');
    case 'wait-for-two':
      return engineMessage('night/setting-wait-for-two');
    case 'three':
      return engineMessage('night/setting-three');
    case 'red-rules':
      return engineMessage('night/setting-red-rules');
    case 'both':
      return engineMessage('night/setting-both-modes');
    case 'track':
      return engineMessage('night/setting-track-mode');
    case 'role-check':
      return engineMessage('night/setting-role-check-mode');
    default:
      return engineMessage('night/setting-value', { kind: 'text', value });
  }
}
