/**
 * Seed 004's additional peaceful roles with lives, deaths and lasting effects
 * (docs/seed-004-digest.md §5.2, §5.6): their night parts as data. The
 * mechanics are src/engine/night/roles-004-lives.ts; the day parts (the
 * Immortal's link and the Fanatic's favourite, chosen at the end of a day)
 * are statuses the host gives, which the night reads.
 */
import { ability, role } from '../../defaults';
import type { LocalNames, RulesetRole, StatusDef } from '../../types';

/** L30, L115.17: the Priest (and L132 the Politician) see the roles, not the names, of the night's visitors. */
export const seesVisitorRoles = ability('see-visitor-roles', 'Sees the roles of the night’s visitors', 'passive', {
  night: { passive: 'sees-visitor-roles' },
});

/** L35, L115.18: the Hero sees the names of the night's visitors. */
export const seesVisitorNames = ability('see-visitor-names', 'Sees the names of the night’s visitors', 'passive', {
  night: { passive: 'sees-visitor-names' },
});

/** The roles, each with its seed line. */
export const peacefulBRoles: readonly RulesetRole[] = [
  // L18: players killed at night while the Phantom lives stay a day; killed himself, he possesses a player at the end of the day (a day move).
  role(
    'phantom',
    'Phantom (Фантом)',
    [
      ability('lingering-dead', 'The night’s dead stay a day in the game', 'passive', { night: { passive: 'lingering-dead' } }),
      ability('possess', 'Possess a player at death (end of the day)', 'day', { usesPerGame: 1 }),
    ],
    'While he lives, players killed at night stay a day without roles and vote; dead, he possesses a player for one more vote (L18).',
  ),
  // L19: one spare life against role attacks (not the lynch); a link with a player once per game, at the end of a day.
  role(
    'immortal',
    'Immortal (Бессмертный)',
    [
      ability('spare-life', 'Spare life', 'passive', { usesPerGame: 1, night: { passive: 'spare-life' } }),
      ability('link', 'Link the spare life with a player (end of a day, once per game)', 'day', { usesPerGame: 1 }),
    ],
    'Survives one role attack; once per game links the spare life with a player, whose attacks it then absorbs (L19).',
  ),
  // L38: attacked at night, he takes the attacker along; his own team's attacker is crippled instead.
  role(
    'kamikaze',
    'Kamikaze (Камикадзе)',
    [
      ability('take-attacker', 'Takes the attacker along', 'passive', { night: { passive: 'takes-attacker' } }),
      // L100 black, L74 Faceless: «может добровольно самоубиться с указанной целью, игнорируя механики срыва хода».
      ability('blow-up', 'Blow himself up with a player (a black or the Faceless holder)', 'night', {
        selfTargetLimit: 0,
        tags: ['kill'],
        night: { effect: 'suicide-strike', step: 'blow-up', unblockable: true, reachesClients: true, notForFactions: ['red'] },
      }),
    ],
    'Attacked at night, dies together with the attacker; no Doctor saves either (L38).',
  ),
  // L39: alive on the third night, sets the town on fire and may take up to two players along; one successful move per game.
  role(
    'madman',
    'Madman (Безумец)',
    [
      ability('fire', 'Set the town on fire (from night 3), with up to two players', 'night', {
        targets: 0,
        usesPerGame: 1,
        selfTargetLimit: 0,
        tags: ['kill'],
        night: { effect: 'city-fire', step: 'fire', maxTargets: 2, fromNight: 3 },
      }),
    ],
    'From the third night: a town fire that stops every later move, and suicide with up to two players (L39).',
  ),
  // L36: a favourite chosen at the end of day 1; once it is dead, a kill each night until one kills a player of another team.
  role(
    'fanatic',
    'Fanatic (Фанатик)',
    [
      ability('favourite', 'Choose a favourite (end of day 1)', 'day', { usesPerGame: 1 }),
      ability('avenge', 'Avenge the favourite (kill)', 'night', {
        selfTargetLimit: 0,
        tags: ['kill'],
        // L5: a Fanatic's kill counts as a negative move for the Blocker's protection.
        night: { effect: 'avenge-kill', step: 'fanatic-kill', negative: true, needsDeadPartner: { partner: 'favourite', done: 'avenged' } },
      }),
    ],
    'Learns the favourite’s moves every morning; avenges its death with a kill each night until a player of another team dies (L36).',
  ),
  // L43: names three players at the end of each day; their deaths give souls; heals with souls or, after three, devours a player.
  role(
    'cultist',
    'Cultist (Культист)',
    [
      ability('mark', 'Name three players (end of each day)', 'day'),
      ability('soul-heal', 'Heal with souls', 'night', {
        // L43: the Doctor's rules apply, but one target only; the Cultist may heal himself several nights running.
        night: { effect: 'soul-heal', step: 'soul-heal' },
      }),
      ability('devour', 'Devour a player (after three souls)', 'night', {
        selfTargetLimit: 0,
        tags: ['kill'],
        // L5: the Cultist's kill counts as a negative move for the Blocker's protection.
        night: {
          effect: 'devour',
          step: 'cultist-kill',
          negative: true,
          needsSpent: { atLeast: { 'souls-gained': 3 }, below: { devoured: 1 } },
        },
      }),
      ability('spare-life', 'Spare life (after devouring his own team)', 'passive', { usesPerGame: 0, night: { passive: 'spare-life' } }),
    ],
    'Gathers the souls of marked players who die; heals with them after the Doctor, or devours a player once three are gathered (L43).',
  ),
  // L132: the Politician's night part: sees the roles of his visitors. His day part (support, shadow vertical) is a voting rule.
  role(
    'politician',
    'Politician (Политик)',
    [ability('support', 'Choose supporters (before the vote)', 'day'), seesVisitorRoles],
    'Backs the Mayor and is backed by chosen supporters at the vote; sees the roles of his night visitors; colour checks give no information on him (L132).',
  ),
];

/** The statuses these roles read at night. */
export const peacefulBStatuses: readonly StatusDef[] = [
  { id: 'life-link', name: 'spare life linked with a player', night: { mechanic: 'life-link' } },
  { id: 'favourite', name: 'has a favourite', night: { mechanic: 'favourite' } },
  { id: 'avenged', name: 'favourite avenged', night: { mechanic: 'avenged' } },
  { id: 'soul-mark', name: 'marked by the Cultist', night: { mechanic: 'soul-mark' } },
  // L18: the phantom effect lasts the night it begins and the day after; the header shows "фантом".
  { id: 'phantom', name: 'phantom', public: true, defaultPhases: 2, night: { mechanic: 'linger' } },
  // L96: a black Inquisitor who burnt a black checks red until he burns a red; if lynched meanwhile he may execute a player (a day rule).
  { id: 'clean-hands', name: 'burnt a black (checks red)', night: { mechanic: 'reddened' } },
];

/** Russian names (the seed's own) and English ones. */
export const peacefulBNames: {
  readonly roles: Readonly<Record<string, LocalNames>>;
  readonly abilities: Readonly<Record<string, LocalNames>>;
  readonly statuses: Readonly<Record<string, LocalNames>>;
} = {
  roles: {
    phantom: { en: 'Phantom', ru: 'Фантом' },
    immortal: { en: 'Immortal', ru: 'Бессмертный' },
    kamikaze: { en: 'Kamikaze', ru: 'Камикадзе' },
    madman: { en: 'Madman', ru: 'Безумец' },
    fanatic: { en: 'Fanatic', ru: 'Фанатик' },
    cultist: { en: 'Cultist', ru: 'Культист' },
    politician: { en: 'Politician', ru: 'Политик' },
  },
  abilities: {
    'lingering-dead': { ru: 'Убитые ночью остаются в игре на день' },
    possess: { ru: 'Вселиться в игрока после смерти (в конце дня)' },
    'spare-life': { ru: 'Запасная жизнь' },
    link: { ru: 'Связь с игроком (в конце дня, один раз за игру)' },
    'take-attacker': { ru: 'Забирает нападающего с собой' },
    'blow-up': { ru: 'Самоубиться с выбранным игроком' },
    fire: { ru: 'Пожар (с третьей ночи), самоубийство с двумя игроками' },
    favourite: { ru: 'Выбор любимчика (в конце первого дня)' },
    avenge: { ru: 'Месть за любимчика (убийство)' },
    mark: { ru: 'Указать трёх игроков (в конце каждого дня)' },
    'soul-heal': { ru: 'Исцеление за души' },
    devour: { ru: 'Пожрать душу (после трёх душ)' },
    'cultist/spare-life': { ru: 'Запасная жизнь (после убийства своего)' },
    support: { ru: 'Выбор поддерживающих (до голосования)' },
    'see-visitor-roles': { ru: 'Видит роли ночных гостей' },
    'see-visitor-names': { ru: 'Видит имена ночных гостей' },
  },
  statuses: {
    'life-link': { ru: 'связан с бессмертным' },
    favourite: { ru: 'выбрал любимчика' },
    avenged: { ru: 'любимчик отомщён' },
    'soul-mark': { ru: 'отмечен культистом' },
    phantom: { ru: 'фантом' },
    'clean-hands': { ru: 'сжег черного (чекается красным)' },
  },
};

/** Steps of the night order these roles use, where the Russian preset places them. */
export const peacefulBSteps = {
  /** The Madman: after the Doctor, before the killers (L101: his fire burns the killers' shot). */
  fire: 'fire',
  /** The Fanatic: the first of the peaceful killers, after the negative ones (L120). */
  fanaticKill: 'fanatic-kill',
  /** The Cultist's heal: the Doctor's place, right after him, as it yields to him (L43, L115.5). */
  soulHeal: 'soul-heal',
  /** The Cultist's kill: second of the peaceful killers (L120). */
  cultistKill: 'cultist-kill',
} as const;
