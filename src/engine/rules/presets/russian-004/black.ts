/**
 * Seed 004's black (negative), werewolf, grey and elite roles (digest
 * §5.3–5.6, seed L48–L64, L124–L131), spread into the russian-004 preset.
 * Each negative role is held as a player's `secondRole`, on top of a
 * peaceful role (L81). The mechanics are in src/engine/night/roles-004-black.ts.
 *
 * Werewolves (Joker, Poisoner, Executioner, Geisha and the plain Werewolf)
 * play for the faction `werewolf`; the Yakuza pair for `yakuza`; the
 * Mercenary and Boss's Son for `mafia`, the Ninja and Daughter of the Head
 * for `yakuza`, the Imitator for `maniac`.
 */
import type { PresetNames } from '../../defaults';
import { ability, role } from '../../defaults';
import { blackSuicide } from './suicide';
import type { NightSection } from '../../../night/rules';
import type { InsureReach } from '../../../night/roles';
import type { FactionDef, OpenQuestion, RulesetNightAction, RulesetRole, StatusDef } from '../../types';

/** A killer's shot of the faction's kill order (as the Mafia's: one per living member). */
const killerShot = (): RulesetNightAction => ({ effect: 'faction-kill', step: 'faction-kill', maxTargets: 10, negative: true });

/** Every negative role: a werewolf takes up the gun once no other black is alive (L51–L54). */
const negativeRoles = [
  'mafia',
  'maniac',
  'yakuza',
  'boss-son',
  'head-daughter',
  'mercenary',
  'ninja',
  'imitator',
  'joker',
  'poisoner',
  'executioner',
  'geisha',
  'werewolf',
] as const;

/**
 * A werewolf's own gun: a kill once the other blacks are out (L51, L52, L53;
 * L131.3), instead of his standard move that night (L51 "если … не хочет
 * использовать свой стандартный ход"): the later PM of the two stands.
 */
const gunOnceAlone = (standardMove?: string): ReturnType<typeof ability> =>
  ability('gun', 'Kill (once every other black is out)', 'night', {
    selfTargetLimit: 0,
    tags: ['kill'],
    night: {
      effect: 'kill',
      step: 'faction-kill',
      negative: true,
      onlyWhenNoLiving: [...negativeRoles],
      ...(standardMove === undefined ? {} : { alternativeTo: [standardMove] }),
    },
  });

/** A contract killer's insurance of the other group's shot, ordered by his employers on a night they have no shot (L49, L55). */
const contractInsurance = (insures: readonly InsureReach[]): ReturnType<typeof ability> =>
  ability('insure', 'Insure the other side’s shot (on the employers’ order)', 'night', {
    targets: 0,
    selfTargetLimit: 0,
    night: { effect: 'insure', step: 'faction-kill', negative: true, maxTargets: 1, insures },
  });

/** L107: the killer moves of the peaceful roles (Investigator, Fanatic, Cultist) whose use skips a contract. */
const peacefulKillerMoves = ['investigator/investigate', 'fanatic/avenge', 'cultist/devour'];

/** Checks red until his first kill of his own (L49–L54). */
const innocentUntilKill = () =>
  ability('clean-hands', 'Checks red until his first kill', 'passive', { night: { passive: 'innocent-until-kill' } });

/** The Boss's Son (L48) and the Yakuza's Daughter of the Head (L55): a third shooter of his side who always checks red. */
const bossChild = (id: string, name: string, side: string, summary: string): RulesetRole =>
  role(
    id,
    name,
    [
      ability('kill', `Kill (the ${side}’s nights)`, 'night', { selfTargetLimit: 0, tags: ['kill'], night: killerShot() }),
      ability('insure', 'Insure a partner’s shot', 'night', {
        targets: 0,
        selfTargetLimit: 0,
        // L2, L14: a shooter does not insure; a kill and an insurance are alternatives, the later PM stands.
        // L14: "Разрешено запросить для страховки цель, отличающуюся от цели напарника".
        night: { effect: 'insure', step: 'faction-kill', negative: true, maxTargets: 1, alternativeTo: ['kill'] },
      }),
      ability('clean-hands', 'Always checks red', 'passive', { night: { passive: 'appears-innocent' } }),
      ability('name-successor', 'Name a successor (end of day)', 'day'),
    ],
    summary,
    { factionRole: true },
  );

/**
 * The black roles of 004. Werewolf special moves (the Mercenary's kills count
 * as such, L49) are negative moves whose block reads "не попал" (L5).
 */
const blackRoles: readonly RulesetRole[] = [
  bossChild(
    'boss-son',
    "Boss's Son (Сын босса)",
    'Mafia',
    'Third member of the Mafia from the start, with his own shot (three at once with a full group); always checks red; a Mafia partner succeeds him (L48).',
  ),
  bossChild('head-daughter', 'Daughter of the Head (Дочь главы)', 'Yakuza', "The Yakuza's Boss's Son (L55)."),
  role(
    'mercenary',
    'Mercenary (Наемник)',
    [
      ability('contract', 'Carry out the Mafia’s order', 'night', {
        night: {
          effect: 'contract-kill',
          step: 'mercenary',
          negative: true,
          blockReadsAsMiss: true,
          // L107: "если сочетается со следователем, фанатиком или культистом, то использование хода киллера от любой из
          // этих ролей приведет к автопропуску хода с заказом".
          skippedWhenUsing: peacefulKillerMoves,
        },
      }),
      // L49: "Если мафия решает застраховать маньяка в его ночь, то может для этого использовать услуги наемника";
      // L55: the Yakuza replaces the Maniac, and the Mercenary may insure the shooting pair of the other group.
      contractInsurance([
        { faction: 'maniac', offNight: true },
        { faction: 'yakuza', offNight: true },
      ]),
      innocentUntilKill(),
    ],
    "Kills on the Mafia's order before the Mafia shoots; if he kills, the Mafia skips (L49).",
  ),
  role(
    'ninja',
    'Ninja (Ниндзя)',
    [
      ability('contract', 'Carry out the Yakuza’s order', 'night', {
        // L107 holds for the Ninja, the Mercenary's mirror (L55).
        night: {
          effect: 'contract-kill',
          step: 'mercenary',
          negative: true,
          blockReadsAsMiss: true,
          skippedWhenUsing: peacefulKillerMoves,
        },
      }),
      // L55: "Для якудзы зеркальными аналогами сына босса и наемника выступают дочь главы и ниндзя".
      contractInsurance([{ faction: 'mafia', offNight: true }]),
      innocentUntilKill(),
    ],
    "The Yakuza's Mercenary (L55).",
  ),
  role(
    'imitator',
    'Imitator (Подражатель)',
    [
      // L50: pretending is an evening move (digest §3.1), sent with the night's PMs; a block or a face cut does not stop it.
      ability('pretend', 'Pretend to be the Maniac (illusion)', 'night', {
        selfTargetLimit: 0,
        night: { effect: 'decoy', step: 'decoy', negative: true, unblockable: true },
      }),
      ability('disguise-death', 'Die as another black', 'day'),
      innocentUntilKill(),
    ],
    'Meets the Maniac before his first killing night; each evening may put a Maniac illusion in front of him (kills and blocks on the Maniac land on it, checks show red); becomes the Maniac when the Maniac dies (L50).',
    { successorOf: ['maniac'] },
  ),
  role(
    'joker',
    'Joker (Джокер)',
    [
      ability('flip-check', 'Check and turn the colour over', 'night', {
        selfTargetLimit: 0,
        // L6 with L51: on a crippled player (no peaceful role left) the check still gives a colour, but no role.
        night: {
          effect: 'flip-check',
          step: 'joker',
          negative: true,
          blockReadsAsMiss: true,
          roleLostStatuses: ['crippled', 'role-destroyed'],
        },
      }),
      gunOnceAlone('flip-check'),
      innocentUntilKill(),
    ],
    "A werewolf. His check always goes through (except on a Blocker's protection) and flips the target's colour for the night; the Mafia and the Maniac receive it (L51).",
  ),
  role(
    'poisoner',
    'Poisoner (Отравитель)',
    [
      ability('poison', 'Poison', 'night', { night: { effect: 'delayed-poison', step: 'poison', negative: true, blockReadsAsMiss: true } }),
      ability('antidote', 'Give the antidote (end of day, or before the vote)', 'day'),
      gunOnceAlone('poison'),
      innocentUntilKill(),
    ],
    'A werewolf. The victim dies the next night unless given the antidote or visited by a Doctor (L52).',
  ),
  role(
    'executioner',
    'Executioner (Экзекутор)',
    [
      ability('torture', 'Torture chamber', 'night', {
        night: { effect: 'torture', step: 'torture', negative: true, blockReadsAsMiss: true },
      }),
      ability('cripple', 'Release or cripple (end of day; rage when lynched)', 'day'),
      // L110: with the Immortal's role, the Immortal's life comes first, and this one guards the Executioner alone.
      ability('pain-resistant', 'Survives one night kill', 'passive', { usesPerGame: 1, night: { passive: 'vest', afterSpareLife: true } }),
      gunOnceAlone('torture'),
      innocentUntilKill(),
    ],
    'A werewolf. Takes a player into the torture chamber at the end of the night: the peaceful role is blocked, and he learns role and team (L53).',
  ),
  role(
    'geisha',
    'Geisha (Гейша)',
    [
      ability('entertain', 'Keep a player company', 'night', {
        night: { effect: 'host-client', step: 'geisha', negative: true, blockReadsAsMiss: true },
      }),
      // L54: "Гейша может обеспечить маньяку страховку вместо мафии, но цель выбирает сама и по приоритету всегда
      // превосходит страховку со стороны мафии. Если маньяка заменяет якудза, гейша не будет страховать их убийства,
      // но если одна из якудз выбыла, гейша сразу займет место напарника у выжившей."
      ability('insure', 'Insure the Maniac’s shot (her own target)', 'night', {
        selfTargetLimit: 0,
        night: {
          effect: 'insure',
          step: 'faction-kill',
          negative: true,
          insures: [
            { faction: 'maniac', outranks: true },
            { faction: 'yakuza', whenLivingAtMost: 1, asPartner: true },
          ],
        },
      }),
      ability('katana', 'Kill (once the Maniac is out)', 'night', {
        selfTargetLimit: 0,
        tags: ['kill'],
        night: { effect: 'kill', step: 'faction-kill', negative: true, onlyWhenNoLiving: ['maniac'], onNightsOf: 'maniac' },
      }),
      innocentUntilKill(),
    ],
    "A werewolf. Like the Prostitute: her client's later moves, and later moves on him, fail, negative ones excepted (L54).",
  ),
  role(
    'yakuza',
    'Yakuza (Якудза)',
    [
      ability('kill', 'Kill (even nights)', 'night', { selfTargetLimit: 0, tags: ['kill'], night: killerShot() }),
      ability('insure', 'Insure a partner’s shot', 'night', {
        targets: 0,
        selfTargetLimit: 0,
        // L2, L14: a shooter does not insure; a kill and an insurance are alternatives, the later PM stands.
        // L14: "Разрешено запросить для страховки цель, отличающуюся от цели напарника".
        night: { effect: 'insure', step: 'faction-kill', negative: true, maxTargets: 1, alternativeTo: ['kill'] },
      }),
      ability('redden', 'Redden one member of the pair (rumour)', 'day'),
    ],
    'A pair mirroring the Mafia, replacing the Maniac and one werewolf: shoots on the Maniac’s nights (L55).',
    { factionRole: true },
  ),
  // The werewolf class: a werewolf of no named kind checks red until his first kill and takes up the gun when alone.
  role('werewolf', 'Werewolf (Оборотень)', [
    // L131: his special move is a named werewolf kind's (`joker/flip-check`), an open question (roles-004-copies.ts).
    ability('special', 'Special move: a named werewolf kind’s move', 'passive', { night: { passive: 'uses-kin-moves' } }),
    gunOnceAlone(),
    innocentUntilKill(),
  ]),
  role('faceless', 'The Faceless (Безликий)', [
    ability('face-cut', 'Cut a face (victim, then the player he must lynch)', 'night', {
      targets: 1,
      night: { effect: 'face-cut', step: 'face-cut', maxTargets: 2, unblockable: true },
    }),
  ]),
  role(
    'agent',
    'Agent (Агент)',
    [],
    'Elite: cannot be targeted or voted against, votes; leaves after the second vote result unless he holds a post (L124–L125).',
  ),
  role(
    'servant',
    'Servant (Слуга)',
    [ability('vote-for-master', 'Vote for an absent master (PM before the vote)', 'day')],
    'Elite: cannot be targeted or voted against, does not vote; tied to a master, may send his moves (L128–L129).',
  ),
];

/** Any black may kill himself (L11): every negative role here carries the suicide move. */
export const russian004BlackRoles: readonly RulesetRole[] = blackRoles.map((r) =>
  (negativeRoles as readonly string[]).includes(r.id) ? { ...r, abilities: [...r.abilities, blackSuicide()] } : r,
);

/** Factions these roles play for. */
export const russian004BlackFactions: readonly FactionDef[] = [
  { id: 'yakuza', name: 'Yakuza', kind: 'mafia', color: 'black', knowsMembers: true },
];

/** The statuses these roles give. */
export const russian004BlackStatuses: readonly StatusDef[] = [
  { id: 'poisoned', name: 'poisoned', night: { mechanic: 'poison' } },
  // L53: the peaceful role is blocked in the chamber; the victim's negative moves still go.
  {
    id: 'tortured',
    name: 'in the torture chamber',
    night: {
      cannotAct: true,
      actsWith: ['faction-kill', 'insure', 'kill', 'contract-kill', 'flip-check', 'delayed-poison', 'torture', 'host-client', 'decoy'],
    },
  },
  // L60: the peaceful role is blocked until the victim gets his target lynched; his later negative moves go.
  {
    id: 'face-cut',
    name: 'face cut',
    night: {
      cannotAct: true,
      actsWith: ['faction-kill', 'insure', 'kill', 'contract-kill', 'flip-check', 'delayed-poison', 'torture', 'host-client', 'decoy'],
    },
  },
  { id: 'has-killed', name: 'has killed (checks black)', night: { mechanic: 'has-killed' } },
  // L55: a Yakuza reddened by the pair's rumour checks red that night (the host sets it for the night it covers).
  { id: 'reddened', name: 'reddened', defaultPhases: 2, night: { mechanic: 'reddened' } },
  // L55: a lone Mafioso and a lone Yakuza paired up; `with` names the partner (the game gives it, src/engine/game/groups-004.ts).
  { id: 'new-pair', name: 'in a new pair', night: { mechanic: 'new-pair' } },
  // L125, L127, L129: elite seats cannot be targeted at night or voted against.
  { id: 'elite-seat', name: 'elite seat', voteImmune: true, night: { untargetable: true } },
];

/** The open questions of the black roles' shot economy (each a setting the night reports when a game reaches it). */
export const russian004ShotQuestions: readonly OpenQuestion[] = [
  {
    setting: 'night.settings.poisonedBlackShot',
    question:
      'A black or the Faceless dies of the Poisoner’s own poisoning while the Poisoner lives: do the blacks get a shot, as after his death (“черный умер от яда вслед за отравителем”) or for an extra poisoning (L52)? (no)',
  },
  {
    setting: 'night.settings.linkedDeathSpendsOwnLife',
    question:
      'L110: an Executioner who holds the Immortal’s role, his spare life spent and his own life untouched: the player linked with him is killed and “умрет в одиночку”. Does that spend the Executioner’s own life? (no: no attack reached him; reported when it happens)',
  },
];

/** Night steps, each placed relative to the preset's: `[step, before]`. */
const stepsBefore: readonly (readonly [string, string])[] = [
  // L50: the illusion stands from the evening on, before any move of the night.
  ['decoy', 'blocker'],
  // L60: the cut cannot be blocked and thwarts the victim's negative move, so it comes first.
  ['face-cut', 'blocker'],
  // Digest §4.1: "Prostitute and Geisha are early".
  ['geisha', 'blocker'],
  // L49: "По приоритету первым ходит наемник" (before the Mafia's shot).
  ['mercenary', 'faction-kill'],
  // L52: the poison fails on a Doctor's target, so after the Doctor; with the killers' moves.
  ['poison', 'peaceful-kill'],
  // L121: the insurance of a shot whose victim was saved acts after all peaceful killers (L55).
  ['insure-saved', 'check'],
  // L51: another check the same night shows the flipped colour, so the Joker checks before the Commissar.
  ['joker', 'check'],
  // L53: "В конце ночи экзекутор выбирает того, кто станет его жертвой".
  ['torture', 'poison-deaths'],
];

/** The preset's night order with these roles' steps in it. */
export function withBlackSteps(order: readonly string[]): string[] {
  const out = [...order];
  for (const [step, before] of stepsBefore) {
    if (out.includes(step)) continue;
    const at = out.indexOf(before);
    if (at === -1) out.push(step);
    else out.splice(at, 0, step);
  }
  return out;
}

/**
 * The preset's night section with these roles in it: their steps in the
 * order, the Yakuza shooting on the Maniac's nights in the Maniac's place
 * (L55: "Выстрелы якудзы по порядку ночи соответствуют выстрелам маньяка"),
 * and werewolves and Yakuza black to an exact check.
 */
export function withBlackNight(night: NightSection): NightSection {
  const afterManiac = (list: readonly string[]): string[] => {
    const out = list.filter((f) => f !== 'yakuza');
    const at = out.indexOf('maniac');
    out.splice(at === -1 ? out.length : at + 1, 0, 'yakuza');
    return out;
  };
  const mafiaKills = night.factionKills['mafia'];
  return {
    ...night,
    order: withBlackSteps(night.order),
    killerNights: { ...night.killerNights, yakuza: 'even' },
    ...(night.killerOrder === undefined
      ? {}
      : { killerOrder: { odd: afterManiac(night.killerOrder.odd), even: afterManiac(night.killerOrder.even) } }),
    factionKills: {
      ...night.factionKills,
      // L48: with the Boss's Son the full Mafia is three; with a single shot one of them may insure the other side.
      // "требуется указать одного конкретного игрока, который обеспечит страховку стрелку": a trio names its insurer.
      ...(mafiaKills?.kind === 'fixed' ? { mafia: { ...mafiaKills, insureOtherSideFrom: 3, namedInsurerFrom: 3 } } : {}),
      // L55: the Yakuza mirrors the Mafia (its partners insure by default, L14; the Daughter of the Head is its third).
      yakuza: {
        kind: 'fixed',
        count: 1,
        reserve: true,
        maxPerMember: 1,
        insuredByDefault: true,
        insureOtherSideFrom: 3,
        namedInsurerFrom: 3,
      },
    },
    guiltyFactions: [...new Set([...night.guiltyFactions, 'werewolf', 'yakuza'])],
    // L55: the Mafia and the Yakuza hand nights over when down to one member, merge when both are, and a
    // Mercenary or Ninja whose employers are dead passes to the other group.
    pairedGroups: ['mafia', 'yakuza'],
    // L55: "Если мафия и якудза остались без напарников, они объединятся в новую пару".
    pairStatus: 'new-pair',
  };
}

/** Russian names, as the seed writes them. */
export const russian004BlackNames: Pick<PresetNames, 'factions' | 'roles' | 'abilities' | 'statuses'> = {
  factions: { yakuza: { ru: 'Якудза' } },
  roles: {
    'boss-son': { en: "Boss's Son", ru: 'Сын босса' },
    'head-daughter': { en: 'Daughter of the Head', ru: 'Дочь главы' },
    mercenary: { en: 'Mercenary', ru: 'Наемник' },
    ninja: { en: 'Ninja', ru: 'Ниндзя' },
    imitator: { en: 'Imitator', ru: 'Подражатель' },
    joker: { en: 'Joker', ru: 'Джокер' },
    poisoner: { en: 'Poisoner', ru: 'Отравитель' },
    executioner: { en: 'Executioner', ru: 'Экзекутор' },
    geisha: { en: 'Geisha', ru: 'Гейша' },
    yakuza: { en: 'Yakuza', ru: 'Якудза' },
    werewolf: { en: 'Werewolf', ru: 'Оборотень' },
    faceless: { en: 'The Faceless', ru: 'Безликий' },
    agent: { en: 'Agent', ru: 'Агент' },
    servant: { en: 'Servant', ru: 'Слуга' },
  },
  abilities: {
    'boss-son/kill': { ru: 'Убийство (ночи мафии)' },
    'head-daughter/kill': { ru: 'Убийство (ночи якудзы)' },
    'yakuza/kill': { ru: 'Убийство (чётные ночи)' },
    'boss-son/insure': { ru: 'Страховка выстрела напарника' },
    'head-daughter/insure': { ru: 'Страховка выстрела напарника' },
    'yakuza/insure': { ru: 'Страховка выстрела напарника' },
    'mercenary/insure': { ru: 'Страховка выстрела другой стороны (по заказу)' },
    'ninja/insure': { ru: 'Страховка выстрела другой стороны (по заказу)' },
    'geisha/insure': { ru: 'Страховка выстрела маньяка (своя цель)' },
    'name-successor': { ru: 'Назначить преемника (в конце дня)' },
    'clean-hands': { ru: 'Чекается красным' },
    contract: { ru: 'Исполнить заказ' },
    pretend: { ru: 'Притвориться маньяком (иллюзия)' },
    'disguise-death': { ru: 'Умереть в образе другого черного' },
    'flip-check': { ru: 'Чек со сменой цвета' },
    gun: { ru: 'Убийство (когда выбыли все остальные черные)' },
    poison: { ru: 'Отравление' },
    antidote: { ru: 'Противоядие (в конце дня или до голосования)' },
    torture: { ru: 'Камера пыток' },
    cripple: { ru: 'Отпустить или покалечить (в конце дня; бешенство при линчевании)' },
    'pain-resistant': { ru: 'Один раз переживает ночное убийство' },
    entertain: { ru: 'Составить компанию' },
    katana: { ru: 'Катана (когда выбыл маньяк)' },
    redden: { ru: 'Окраснение одного из пары' },
    'werewolf/special': { ru: 'Особый ход' },
    'face-cut': { ru: 'Срезать лицо (жертва, затем цель для линчевания)' },
    'vote-for-master': { ru: 'Голос за отсутствующего хозяина (ЛС до голосования)' },
  },
  statuses: {
    poisoned: { ru: 'отравлен' },
    tortured: { ru: 'в камере пыток' },
    'face-cut': { ru: 'со срезанным лицом' },
    'has-killed': { ru: 'убивал (чекается черным)' },
    reddened: { ru: 'окраснен' },
    'new-pair': { ru: 'в новой паре' },
    'elite-seat': { ru: 'элитное место' },
  },
};
