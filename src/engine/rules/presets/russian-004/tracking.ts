/**
 * Seed 004's Detective at night (L7, L86): what stops his track into "информация не предоставляется", the colour
 * checks that hide a blackening from him, the status that carries the Investigator's copy of a seen blackening to
 * the night after, and the open question of a stopped Detective's visitors. The mechanics are in
 * src/engine/night/roles-004-tracking.ts; the fields sit on the preset's Detective (`detective/track`).
 */
import type { LocalNames, OpenQuestion, StatusDef } from '../../types';

/**
 * L7 "если детектив был заблочен, попал к проститутке/гейше, проверял клиента проститутки/гейши или потерял ход из-за
 * безумца - информация не предоставляется": the effects of the Blocker's arrest (and the Hacker's block), the
 * Prostitute's and the Geisha's visit, and the Madman's fire.
 */
export const trackNoInfoWhenStoppedBy: readonly string[] = ['block', 'jail', 'hack', 'client-visit', 'host-client', 'city-fire'];

/**
 * L7 "ее не сумел успешно чекнуть кто-либо из цветных чекеров": the colour checks of L15's checkers (the Commissar, the
 * Lawyer and the Inquisitor, the Joker: L51 "Если джокер чекает игрока, за которым следит детектив, тот не распознает
 * очернение или окраснение на нем").
 */
export const blackeningHiddenBy: readonly string[] = ['investigate', 'marked-check', 'flip-check'];

/** The status that carries the Investigator's copy of a blackening the Detective saw (L7 "с задержкой на одну ночь"). */
export const BLACKENING_HELD = 'blackening-held';

export const trackingStatuses: readonly StatusDef[] = [
  // On the tracked player, `with` the Detective, `by` a player of the side (value 1: hand it on; 0: hand on nothing).
  { id: BLACKENING_HELD, name: 'blackening seen by the Detective (handed to the Investigator the night after)' },
];

export const trackingNames: { readonly statuses: Readonly<Record<string, LocalNames>> } = {
  statuses: { [BLACKENING_HELD]: { ru: 'очернение, замеченное детективом (следователю — через ночь)' } },
};

/** Questions the seed leaves open here, with the answer Gavel takes. */
export const trackingOpenQuestions: readonly OpenQuestion[] = [
  {
    setting: 'night.settings.stoppedTrackerSeesVisitors',
    question:
      'L7: "В случае слежки - если детектив был заблочен, попал к проститутке/гейше, проверял клиента проститутки/гейши или потерял ход из-за безумца - информация не предоставляется; дополнительно может увидеть имена тех, кто заходил к детективу ночью". Does a Detective whose track gave no information still see who visited him? `yes` (the default: the line\'s "дополнительно" follows the no-information case) or `no` (only a track that went through shows them). The night reports it when a stopped Detective had visitors.',
  },
];
