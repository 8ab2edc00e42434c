import { defaultNightSettings } from '../../night/rules';
import { ability, defaultTemplates, role, withNames, type PresetNames } from '../defaults';
import type { Ruleset, RulesetAbility, RulesetRole } from '../types';
import { narNightQuestions, narNightRoles, narNightSettings, narNightStatuses } from './forum-standard/night-roles';
import { withDayRoles } from './forum-standard/day-roles';
import { withMoreRoles } from './forum-standard/more-roles';

/**
 * The standard forum game ("Normal" on mafiascum.net, Mafia Universe and most
 * English forums): the common role catalogue, resolved in the order of
 * Natural Action Resolution (NAR). NAR's one rule is that an action which
 * changes another is applied before the action it changes; for the common
 * roles that gives a fixed list, which is `night.order` here:
 *
 * 1. bus drives (`swap`): everything aimed at one of the two players goes to the other;
 * 2. redirections (`redirect`);
 * 3. roleblocks (`block`), then jails (`jail`: a block that also protects);
 * 4. protections (`protect`);
 * 5. kills (`kill`: the Vigilante's, the Serial Killer's, the mafia's factional kill);
 * 6. role investigations (`investigate`: the Cop and its sanities);
 * 7. action investigations (`track`: Tracker and Watcher, who see the night's visits).
 *
 * Its documented rulings, as settings: a kill does not stop the dead player's
 * own actions (`killedActorsAct: 'yes'`: every trigger is pulled at once), and
 * a protection stops one kill (`protectionStops: 'one-kill'`).
 */

/** A Cop of one sanity: sane reports the truth, insane the opposite, naive always town, paranoid always scum. */
const cop = (id: string, name: string, sanity: 'sane' | 'insane' | 'naive' | 'paranoid', summary: string): RulesetRole =>
  role(
    id,
    name,
    [ability('investigate', 'Investigate', 'night', { night: { effect: 'investigate', step: 'investigate', sanity } })],
    summary,
  );

/** The mafia's one kill a night, sent by any member. */
const factionalKill = (): RulesetAbility =>
  ability('factional-kill', 'Factional kill', 'night', {
    selfTargetLimit: 0,
    tags: ['kill'],
    night: { effect: 'faction-kill', step: 'kill', maxTargets: 1, negative: true },
  });

/** A night kill of one's own (Vigilante, Serial Killer). */
const shoot = (): RulesetAbility =>
  ability('shoot', 'Shoot', 'night', { selfTargetLimit: 0, tags: ['kill'], night: { effect: 'kill', step: 'kill' } });

/** The names in Russian. */
const forumStandardNames: PresetNames = {
  ruleset: { ru: 'Стандартная форумная игра (естественный порядок ходов)' },
  factions: { town: { ru: 'Город' }, mafia: { ru: 'Мафия' }, 'serial-killer': { ru: 'Серийный убийца' } },
  roles: {
    vanilla: { ru: 'Мирный житель' },
    goon: { ru: 'Рядовой мафии' },
    cop: { ru: 'Комиссар' },
    'insane-cop': { ru: 'Безумный комиссар' },
    'naive-cop': { ru: 'Наивный комиссар' },
    'paranoid-cop': { ru: 'Подозрительный комиссар' },
    doctor: { ru: 'Доктор' },
    roleblocker: { ru: 'Блокировщик' },
    jailkeeper: { ru: 'Тюремщик' },
    vigilante: { ru: 'Линчеватель' },
    tracker: { ru: 'Следопыт' },
    watcher: { ru: 'Наблюдатель' },
    'bus-driver': { ru: 'Водитель автобуса' },
    redirector: { ru: 'Регулировщик' },
    godfather: { ru: 'Крёстный отец' },
    miller: { ru: 'Мельник' },
    mason: { ru: 'Масон' },
    'serial-killer': { ru: 'Серийный убийца' },
    bulletproof: { ru: 'Мирный житель в бронежилете' },
    'one-shot-bulletproof': { ru: 'Мирный житель с одноразовым бронежилетом' },
  },
  abilities: {
    investigate: { ru: 'Проверка' },
    protect: { ru: 'Защита' },
    block: { ru: 'Блокировка' },
    jail: { ru: 'Заключение под стражу' },
    shoot: { ru: 'Выстрел' },
    track: { ru: 'Слежка' },
    watch: { ru: 'Наблюдение' },
    swap: { ru: 'Поменять двух игроков местами' },
    redirect: { ru: 'Перенаправление' },
    'factional-kill': { ru: 'Убийство от имени мафии' },
    'looks-town': { ru: 'Проверяется мирным' },
    'looks-scum': { ru: 'Проверяется мафией' },
    vest: { ru: 'Бронежилет' },
  },
  statuses: { blocked: { ru: 'заблокирован' } },
};

const forumStandardRules: Ruleset = {
  id: 'forum-standard',
  name: 'Forum standard (Normal roles, Natural Action Resolution)',
  source: 'the standard forum role catalogue and Natural Action Resolution (mafiascum.net "Normal" games; issue 19)',
  firstPhase: 'day',
  roleModifiers: true,
  factions: [
    { id: 'town', name: 'Town', kind: 'town' },
    { id: 'mafia', name: 'Mafia', kind: 'mafia', knowsMembers: true },
    { id: 'serial-killer', name: 'Serial Killer', kind: 'third-party' },
  ],
  families: [],
  roles: [
    role('vanilla', 'Vanilla Townie', [], 'No night action; votes by day.', { plain: true }),
    role('goon', 'Mafia Goon', [factionalKill()], 'Shares the mafia’s one kill a night.'),
    cop('cop', 'Cop', 'sane', 'Learns whether the target is scum.'),
    cop('insane-cop', 'Insane Cop', 'insane', 'Learns the opposite of the truth.'),
    cop('naive-cop', 'Naive Cop', 'naive', 'Always learns "town".'),
    cop('paranoid-cop', 'Paranoid Cop', 'paranoid', 'Always learns "scum".'),
    role(
      'doctor',
      'Doctor',
      [
        ability('protect', 'Protect', 'night', {
          selfTargetLimit: 0,
          tags: ['stop-night-kill'],
          night: { effect: 'protect', step: 'protect' },
        }),
      ],
      'Protects the target from one kill tonight.',
    ),
    role(
      'roleblocker',
      'Roleblocker',
      [ability('block', 'Roleblock', 'night', { selfTargetLimit: 0, night: { effect: 'block', step: 'block' } })],
      'The target’s actions tonight fail.',
    ),
    role(
      'jailkeeper',
      'Jailkeeper',
      [ability('jail', 'Jail', 'night', { selfTargetLimit: 0, tags: ['stop-night-kill'], night: { effect: 'jail', step: 'jail' } })],
      'Roleblocks the target and protects them from one kill.',
    ),
    role('vigilante', 'Vigilante', [shoot()], 'Kills the target.'),
    role(
      'tracker',
      'Tracker',
      [ability('track', 'Track', 'night', { selfTargetLimit: 0, night: { effect: 'track', step: 'track' } })],
      'Learns whom the target visited.',
    ),
    role(
      'watcher',
      'Watcher',
      [ability('watch', 'Watch', 'night', { selfTargetLimit: 0, night: { effect: 'watch', step: 'track' } })],
      'Learns who visited the target.',
    ),
    role(
      'bus-driver',
      'Bus Driver',
      [ability('swap', 'Swap two players', 'night', { targets: 2, night: { effect: 'swap', step: 'swap' } })],
      'Every action aimed at one of the two targets lands on the other.',
    ),
    role(
      'redirector',
      'Redirector',
      [ability('redirect', 'Redirect', 'night', { targets: 2, selfTargetLimit: 0, night: { effect: 'redirect', step: 'redirect' } })],
      'Sends the first target’s action to the second target.',
    ),
    role(
      'godfather',
      'Godfather',
      [factionalKill(), ability('looks-town', 'Investigation immunity', 'passive', { night: { passive: 'appears-innocent' } })],
      'A mafia member whom a Cop sees as town.',
    ),
    role(
      'miller',
      'Miller',
      [ability('looks-scum', 'Shows as scum', 'passive', { night: { passive: 'appears-guilty' } })],
      'A townie whom a Cop sees as scum.',
    ),
    role('mason', 'Mason', [], 'A townie who knows the other Masons (the host tells them at the start).', { plain: true }),
    role('serial-killer', 'Serial Killer', [shoot()], 'Kills a player each night; wins alone.'),
    role(
      'bulletproof',
      'Bulletproof',
      [ability('vest', 'Bulletproof vest', 'passive', { night: { passive: 'vest' } })],
      'Survives every night kill that can be stopped.',
    ),
    role(
      'one-shot-bulletproof',
      'One-shot Bulletproof',
      [ability('vest', 'Bulletproof vest', 'passive', { usesPerGame: 1, night: { passive: 'vest' } })],
      'Survives the first night kill that can be stopped.',
    ),
    ...narNightRoles,
  ],
  statuses: [{ id: 'blocked', name: 'blocked', blocksActions: true, defaultPhases: 1, night: { cannotAct: true } }, ...narNightStatuses],
  titles: [],
  voting: {
    kind: 'majority',
    ballot: 'lynch',
    majorityOf: 'living',
    lock: false,
    newVoteReplaces: true,
    withoutMajority: 'no-lynch',
    postTally: true,
    // Mafiascum's hammer (001 L61 gives the majority; the forums that play this catalogue end the day the moment a
    // wagon reaches it): votes after the hammer post are after the day's end, and the lynch is the hammer's.
    count: { hammerEndsDay: true },
  },
  win: { kind: 'parity', mafiaWinsWhen: 'at-parity' },
  announcements: {
    publicStatuses: [],
    revealOnDeath: 'role-and-faction',
    showWills: false,
    voteResults: 'votes',
    voteLeakRoles: [],
    deathRoleRoles: [],
    publicNightResults: [],
    templates: defaultTemplates,
  },
  openQuestions: [
    ...narNightQuestions,
    {
      setting: 'night.settings.competingChangers',
      question:
        'Two bus drives sharing a player, or two redirects of one player: in the order the PMs were sent (the later redirect stands) or in the drivers’ and redirectors’ slot order (the swaps compose in slot order; the redirect of the player first in slot order stands)? Gavel: slot order, so no sending order changes the night.',
    },
  ],
  night: {
    method: 'ordered',
    order: ['swap', 'redirect', 'block', 'jail', 'protect', 'kill', 'investigate', 'track'],
    factionKills: {},
    factionOrders: 'single',
    guiltyFactions: ['mafia', 'serial-killer'],
    verdicts: { guilty: 'Scum', innocent: 'Town' },
    oneActionPerNight: false,
    settings: {
      ...defaultNightSettings,
      killedActorsAct: 'yes',
      protectionStops: 'one-kill',
      ...narNightSettings,
      competingChangers: 'slot-order',
    },
  },
  references: { voteRules: 'forum-template-001', breachRules: '001' },
};

/** The preset, with its names in Russian. */
export const forumStandard: Ruleset = withNames(withMoreRoles(withDayRoles(forumStandardRules)), forumStandardNames);
