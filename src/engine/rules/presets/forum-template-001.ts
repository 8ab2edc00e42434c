import { defaultNightSettings } from '../../night/rules';
import { ability, defaultTemplates, role, withNames, type PresetNames } from '../defaults';
import type { Ruleset, RulesetAbility, RulesetRole } from '../types';

/** A Cop of one sanity: sane reports the truth, insane the opposite, naive always town, paranoid always mafia. */
const cop = (id: string, name: string, sanity: 'sane' | 'insane' | 'naive' | 'paranoid'): RulesetRole =>
  role(id, name, [ability('investigate', 'Investigate', 'night', { night: { effect: 'investigate', step: 'investigate', sanity } })]);

/** The mafia's one kill a night, sent by any member (001: no self-targeting). */
const factionalKill = (): RulesetAbility =>
  ability('factional-kill', 'Factional kill', 'night', {
    selfTargetLimit: 0,
    tags: ['kill'],
    night: { effect: 'faction-kill', step: 'faction-kill', maxTargets: 10, negative: true },
  });

const roleblock = (): RulesetAbility =>
  ability('block', 'Roleblock', 'night', { selfTargetLimit: 0, night: { effect: 'block', step: 'block' } });

/** The preset's names in Russian. */
const forumTemplateNames: PresetNames = {
  ruleset: { ru: 'Форумный шаблон (большинство, фиксация, правило 50%)' },
  factions: { town: { ru: 'Город' }, mafia: { ru: 'Мафия' }, 'third-party': { ru: 'Третья сторона' } },
  roles: {
    vanilla: { ru: 'Мирный житель' },
    cop: { ru: 'Комиссар' },
    doctor: { ru: 'Доктор' },
    'bus-driver': { ru: 'Водитель автобуса' },
    vest: { ru: 'Мирный житель с одноразовым бронежилетом' },
    goon: { ru: 'Рядовой мафии' },
    hitman: { ru: 'Киллер мафии' },
    treestump: { ru: 'Пень' },
    'insane-cop': { ru: 'Безумный комиссар' },
    'naive-cop': { ru: 'Наивный комиссар' },
    'paranoid-cop': { ru: 'Подозрительный комиссар' },
    redirector: { ru: 'Регулировщик' },
    roleblocker: { ru: 'Блокировщик' },
    'mafia-roleblocker': { ru: 'Блокировщик мафии' },
    jailkeeper: { ru: 'Тюремщик' },
    vigilante: { ru: 'Линчеватель' },
    tracker: { ru: 'Следопыт' },
    watcher: { ru: 'Наблюдатель' },
    'paranoid-gun-owner': { ru: 'Вооружённый параноик' },
  },
  abilities: {
    investigate: { ru: 'Проверка' },
    protect: { ru: 'Защита' },
    swap: { ru: 'Поменять двух игроков местами' },
    vest: { ru: 'Бронежилет' },
    'factional-kill': { ru: 'Убийство от имени мафии' },
    block: { ru: 'Блокировка' },
    redirect: { ru: 'Перенаправление' },
    jail: { ru: 'Заключение под стражу' },
    shoot: { ru: 'Выстрел' },
    track: { ru: 'Слежка' },
    watch: { ru: 'Наблюдение' },
    pgo: { ru: 'Стреляет в тех, кто приходит' },
  },
  statuses: { blocked: { ru: 'заблокирован' } },
};

/**
 * Gorny's forum rule template (seed 001): one bolded lynch vote each, lynch by
 * majority of the living (half + 1, rounded down), a lock once the lynched
 * player gets a vote beyond the majority, and the 50% rule.
 */
const forumTemplateRules: Ruleset = {
  id: 'forum-template-001',
  name: 'Forum template (majority, lock, 50% rule)',
  source: 'seed 001 "Gorny’s Revised Mafia Game Modding Rule Template"',
  firstPhase: 'day',
  factions: [
    { id: 'town', name: 'Town', kind: 'town' },
    { id: 'mafia', name: 'Mafia', kind: 'mafia', knowsMembers: true },
    { id: 'third-party', name: 'Third party', kind: 'third-party' },
  ],
  families: [],
  roles: [
    role('vanilla', 'Vanilla Townie', [], undefined, { plain: true }),
    cop('cop', 'Cop', 'sane'),
    role('doctor', 'Doctor', [
      ability('protect', 'Protect', 'night', {
        selfTargetLimit: 0,
        tags: ['stop-night-kill'],
        night: { effect: 'protect', step: 'protect' },
      }),
    ]),
    role('bus-driver', 'Bus Driver', [
      ability('swap', 'Swap two players', 'night', { targets: 2, night: { effect: 'swap', step: 'swap' } }),
    ]),
    role('vest', 'Vanilla Town with one-shot vest', [
      ability('vest', 'Bulletproof vest', 'passive', { usesPerGame: 1, night: { passive: 'vest' } }),
    ]),
    role('goon', 'Mafia Goon', [factionalKill()]),
    role('hitman', 'Mafia Hitman', [factionalKill()]),
    // Further roles of the seed's examples (Part 2).
    role('treestump', 'Treestump', [], undefined, { plain: true }),
    // The seed's Cop has a sanity "which only the game mod knows": each sanity is a role of its own.
    cop('insane-cop', 'Insane Cop', 'insane'),
    cop('naive-cop', 'Naive Cop', 'naive'),
    cop('paranoid-cop', 'Paranoid Cop', 'paranoid'),
    role('redirector', 'Redirector', [
      ability('redirect', 'Redirect', 'night', { targets: 2, selfTargetLimit: 0, night: { effect: 'redirect', step: 'redirect' } }),
    ]),
    role('roleblocker', 'Roleblocker', [roleblock()]),
    role('mafia-roleblocker', 'Mafia Roleblocker', [factionalKill(), roleblock()]),
    role('jailkeeper', 'Jailkeeper', [
      ability('jail', 'Jail', 'night', { selfTargetLimit: 0, tags: ['stop-night-kill'], night: { effect: 'jail', step: 'block' } }),
    ]),
    role('vigilante', 'Vigilante', [
      ability('shoot', 'Shoot', 'night', { selfTargetLimit: 0, tags: ['kill'], night: { effect: 'kill', step: 'kill' } }),
    ]),
    role('tracker', 'Tracker', [ability('track', 'Track', 'night', { selfTargetLimit: 0, night: { effect: 'track', step: 'track' } })]),
    role('watcher', 'Watcher', [ability('watch', 'Watch', 'night', { selfTargetLimit: 0, night: { effect: 'watch', step: 'track' } })]),
    role('paranoid-gun-owner', 'Paranoid Gun Owner', [ability('pgo', 'Shoots visitors', 'passive', { night: { passive: 'pgo' } })]),
  ],
  statuses: [{ id: 'blocked', name: 'blocked', blocksActions: true, defaultPhases: 1, night: { cannotAct: true } }],
  titles: [],
  voting: {
    kind: 'majority',
    ballot: 'lynch',
    majorityOf: 'living',
    lock: true,
    newVoteReplaces: true,
    withoutMajority: 'no-lynch',
    postTally: true,
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
    { setting: 'voting.newVoteReplaces', question: 'A new vote without an unvote: does it replace the old vote or is it void?' },
    {
      setting: 'phaseEnd.successors.hitman.pick',
      question:
        'A lynched Hitman: "either Leo or Orphan becomes the hit man"; Gavel picks the first Goon of the roster (or one at random).',
    },
    { setting: 'win.mafiaWinsWhen', question: 'The 50% rule at parity: "outnumber" and "can’t get enough votes" disagree.' },
  ],
  // The simple method (Method 1); `"night": { "method": "reasonable" }` gives Reasonable Action Resolution (Method 2).
  night: {
    method: 'ordered',
    order: ['swap', 'redirect', 'block', 'protect', 'kill', 'faction-kill', 'investigate', 'track', 'poison-deaths'],
    factionKills: {},
    factionOrders: 'single',
    guiltyFactions: ['mafia'],
    verdicts: { guilty: 'Mafia', innocent: 'not Mafia' },
    oneActionPerNight: false,
    assumedSteps: {
      swap: 'The simple method gives no order table; Gavel applies swaps and redirections first, then blocks, protections, kills and investigations.',
    },
    settings: defaultNightSettings,
  },
  // "In the event of a lynch on Pyro during a day phase, either Leo or Orphan becomes the hit man and then would replace Pyro."
  phaseEnd: { successors: { hitman: { fromRoles: ['goon'], when: 'lynched', pick: 'first-listed' } } },
  references: { voteRules: 'forum-template-001', breachRules: '001' },
};

/** The preset, with its names in other languages. */
export const forumTemplate: Ruleset = withNames(forumTemplateRules, forumTemplateNames);
