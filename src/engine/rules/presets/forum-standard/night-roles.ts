/**
 * The forum standard's night roles beyond the first twenty (issue 19): the
 * Bodyguard and Elite Bodyguard, the Ninja and Strongman (a Goon with a
 * modifier), the Commuter, Hider, Action Doubler, Delayer, Ventriloquist and
 * Follower, with their Russian names, the statuses they give, and NAR's
 * ruling on a roleblock aimed at a Bus Driver or Redirector. The mechanics
 * are in src/engine/night/nar-roles.ts, the modifiers in nar-modifiers.ts.
 */
import { ability, role, type PresetNames } from '../../defaults';
import type { NightSettings } from '../../../night/rules';
import type { OpenQuestion, RulesetAbility, RulesetRole, StatusDef } from '../../types';

/** The mafia's one kill a night (as the Goon's). */
const factionalKill = (): RulesetAbility =>
  ability('factional-kill', 'Factional kill', 'night', {
    selfTargetLimit: 0,
    tags: ['kill'],
    night: { effect: 'faction-kill', step: 'kill', maxTargets: 1, negative: true },
  });

const roles: readonly RulesetRole[] = [
  role(
    'bodyguard',
    'Bodyguard',
    [
      ability('stand-in', 'Guard', 'night', {
        selfTargetLimit: 0,
        tags: ['stop-night-kill'],
        night: { effect: 'dies-instead', step: 'protect' },
      }),
    ],
    'Protects the target from one kill by dying in his place (the Normal Bodyguard; the attacker lives).',
  ),
  role(
    'elite-bodyguard',
    'Elite Bodyguard',
    [
      ability('elite-stand-in', 'Guard and strike back', 'night', {
        selfTargetLimit: 0,
        tags: ['stop-night-kill'],
        night: { effect: 'dies-instead', step: 'protect', standInSurvives: true, standInKillsAttacker: true },
      }),
    ],
    'Protects the target from one kill: the Elite Bodyguard survives it and kills the attacker.',
  ),
  {
    ...role('ninja', 'Ninja', [factionalKill()], 'A mafioso whose kill Trackers, Watchers and Followers do not see.'),
    modifiers: ['ninja'],
  },
  { ...role('strongman', 'Strongman', [factionalKill()], 'A mafioso whose kill goes through every protection.'), modifiers: ['strongman'] },
  role(
    'commuter',
    'Commuter',
    [ability('commute', 'Commute', 'night', { targets: 0, night: { effect: 'commute', step: 'swap', unblockable: true } })],
    'Away for the night: every move aimed at him fails.',
  ),
  role(
    'hider',
    'Hider',
    [
      ability('hide', 'Hide behind', 'night', {
        selfTargetLimit: 0,
        night: { effect: 'hide-behind', step: 'swap', unblockable: true },
      }),
    ],
    'Hides behind the target: moves aimed at the Hider fail, and he dies if the target dies.',
  ),
  role(
    'action-doubler',
    'Action Doubler',
    [ability('double', 'Double', 'night', { selfTargetLimit: 0, night: { effect: 'double-action', step: 'block', status: 'doubled' } })],
    'The target may use each ability twice the next night.',
  ),
  role(
    'delayer',
    'Delayer',
    [ability('delay', 'Delay', 'night', { selfTargetLimit: 0, night: { effect: 'delay-action', step: 'block' } })],
    'The target’s moves tonight resolve the next night instead.',
  ),
  role(
    'ventriloquist',
    'Ventriloquist',
    [
      ability('ventriloquize', 'Speak through', 'night', {
        selfTargetLimit: 0,
        night: { effect: 'control-posts', step: 'protect', status: 'ventriloquized' },
      }),
    ],
    'Writes the target’s posts the next day (the host posts them); at night it is a visit.',
  ),
  role(
    'follower',
    'Follower',
    [ability('follow', 'Follow', 'night', { selfTargetLimit: 0, night: { effect: 'learn-role-name', step: 'investigate' } })],
    'Learns the target’s role name.',
  ),
];

/** The statuses these roles give, with their Russian names. */
export const narNightStatuses: readonly StatusDef[] = [
  { id: 'doubled', name: 'acts twice tonight', names: { ru: 'ходит дважды' }, defaultPhases: 1 },
  { id: 'ventriloquized', name: 'another writes his posts', names: { ru: 'за него пишет другой' }, defaultPhases: 2 },
];

/** NAR's golden rule for the moves that change other moves (setting `blockOnChanger`), and its ruling for true loops (`changerLoop`). */
export const narNightSettings: Partial<NightSettings> = { blockOnChanger: 'golden-rule', changerLoop: 'loop-list' };

export const narNightQuestions: readonly OpenQuestion[] = [
  {
    setting: 'night.settings.blockOnChanger',
    question:
      'A roleblock on a Bus Driver or Redirector: NAR’s golden rule (a move that changes another resolves first, at any depth: a block nothing changes stops the move) or the fixed order (the move goes first). Gavel: the golden rule.',
  },
  {
    setting: 'night.settings.changerLoop',
    question:
      'Moves that change one another in a true loop (two Roleblockers block each other; a Redirector redirects the Roleblocker who blocks him): NAR’s list for loops (bus drive, then block, jail or delay, then redirect; ties by player) or the ruleset’s fixed order. Gavel: NAR’s list for loops.',
  },
];

/** The names in Russian. */
const narNightNames: Pick<PresetNames, 'roles' | 'abilities'> = {
  roles: {
    bodyguard: { ru: 'Телохранитель' },
    'elite-bodyguard': { ru: 'Элитный телохранитель' },
    ninja: { ru: 'Ниндзя' },
    strongman: { ru: 'Силач' },
    commuter: { ru: 'Путешественник' },
    hider: { ru: 'Прячущийся' },
    'action-doubler': { ru: 'Удвоитель' },
    delayer: { ru: 'Замедлитель' },
    ventriloquist: { ru: 'Чревовещатель' },
    follower: { ru: 'Соглядатай' },
  },
  abilities: {
    'stand-in': { ru: 'Прикрыть собой' },
    'elite-stand-in': { ru: 'Прикрыть и ответить выстрелом' },
    commute: { ru: 'Уехать на ночь' },
    hide: { ru: 'Спрятаться за игроком' },
    double: { ru: 'Удвоить ходы' },
    delay: { ru: 'Задержать ходы' },
    ventriloquize: { ru: 'Говорить за игрока' },
    follow: { ru: 'Узнать роль' },
  },
};

/** The roles, each with its Russian name and its abilities' (the preset's `withNames` keeps names already given). */
export const narNightRoles: readonly RulesetRole[] = roles.map((r) => {
  const names = narNightNames.roles[r.id];
  return {
    ...r,
    ...(names === undefined ? {} : { names }),
    abilities: r.abilities.map((a) => {
      const found = narNightNames.abilities[a.id];
      return found === undefined ? a : { ...a, names: found };
    }),
  };
});
