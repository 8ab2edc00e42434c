/**
 * Seed 004's peaceful roles that use roles they do not hold (docs/seed-004-digest.md
 * §5.2, §5.6): the Actor (L40), the Wizard (L47), the Necromancer (L42), the
 * Collector (L41) and the Pimp (L27). Their day parts (the copy, the curse,
 * the corpse swap, the slave and his punishment) are day moves the game
 * records as `action/use`; the night after reads them from the players'
 * `pastMoves` (src/engine/night/roles-004-copies.ts, roles-004-corpses.ts,
 * roles-004-slaves.ts): a borrowed move acts in its own role's step, after the
 * original's (L40, L47), an undead's move last of all (L42). A host may still
 * give the statuses by hand.
 */
import type { BorrowingRules } from '../../../night/roles-004-copies';
import { ability, role } from '../../defaults';
import { seesVisitorNames } from './peaceful-b';
import type { LocalNames, RulesetRole, StatusDef } from '../../types';

/** The roles, each with its seed line. */
export const peacefulCRoles: readonly RulesetRole[] = [
  // L40: at the end of each day copies a player's peaceful role for one game day, from scratch; no player twice, three players a game.
  role(
    'actor',
    'Actor (Актер)',
    [ability('copy-role', 'Copy a player’s peaceful role (end of each day, three players a game)', 'day', { usesPerGame: 3 })],
    'Copies a player’s peaceful role for a game day and plays it from scratch, after the original; not an undead’s or a crippled player’s (L40).',
  ),
  // L47: each move uses a peaceful role absent from the game for a game day, with the Actor's limits; three roles a game.
  role(
    'wizard',
    'Wizard (Волшебник)',
    [
      ability('absent-role', 'Use a peaceful role absent from the game (three a game)', 'passive', {
        usesPerGame: 3,
        night: { passive: 'uses-absent-roles' },
      }),
    ],
    'Uses a peaceful role no player holds for a game day, with the Actor’s limits and the original’s priority; a role in the game is a skip (L47).',
  ),
  // L42: curses three players at the end of day 1; the cursed who die become undead and he uses their roles from the grave.
  role(
    'necromancer',
    'Necromancer (Некромант)',
    [
      ability('curse', 'Curse three players (end of day 1)', 'day', { usesPerGame: 1 }),
      ability('swap-corpse', 'Swap a corpse for another dead player (end of a day)', 'day', { usesPerPhase: 1 }),
    ],
    'The cursed who die are undead: he sends their peaceful roles’ moves (eighteen roles, no killers), last of all; a block on him blocks them all (L42).',
  ),
  // L41: names players at the end of each day; the peaceful roles of those who leave within the game day are his, one active at a time.
  role(
    'collector',
    'Collector (Коллекционер)',
    [
      // "Пока у коллекционера нет ролей, он может назначать до трех целей за раз": three at most (fewer by the roles held, `collectNames`).
      ability('collect', 'Name players whose roles he collects (end of each day)', 'day', { usesPerPhase: 1, targets: 3 }),
      // "Когда коллекционер указывает новые цели, он может по выбору активировать одну из собранных ролей".
      ability('activate-role', 'Make a collected role the active one (end of a day; its former holder)', 'day', { usesPerPhase: 1 }),
      // "Имеет право отключить/не активировать роль в конце дня, если считает это нужным": a choice of no role, in its own right.
      ability('deactivate-role', 'Have no collected role active (end of a day)', 'day', { usesPerPhase: 1, targets: 0 }),
      // "Коллекционер может добровольно уступить приоритет активным жителям … либо указать конкретные роли, которые ему не нужны".
      ability('waive-roles', 'Yield his priority to the Active citizens (no one named), or waive the roles of the named players', 'day', {
        usesPerPhase: 1,
      }),
    ],
    'Collects the peaceful roles of the players he named who leave within a game day; uses one of them at a time, as an Active citizen would (L41).',
  ),
  // L27: takes a slave at the end of day 1; approves, changes or forbids the slave's moves and may punish him with a day's block.
  role(
    'pimp',
    'Pimp (Сутенер)',
    [
      // "нельзя взять больше одного раба за раз и нельзя наказывать больше одного из них за раз".
      ability('enslave', 'Take a slave’s passport (end of a day)', 'day', { usesPerPhase: 1 }),
      ability('punish', 'Punish the slave: block his role for a game day (end of a day)', 'day', { usesPerPhase: 1 }),
      // "должен либо подтвердить его, либо изменить, либо запретить … Если раб не делает ход, сутенер может назначить его за него".
      ability(
        'order-slave',
        'Forbid the slave’s moves (the slave alone), or change or make his move (the slave, then its targets)',
        'night',
        {
          targets: 1,
          night: { effect: 'command', step: 'blocker', maxTargets: 4 },
        },
      ),
      // "когда раб отправит дневной … ход, сутенер … должен либо подтвердить его, либо изменить, либо запретить".
      // L34 with L27: an order naming the slave alone with words (an amount) changes the words of his day move.
      ability(
        'order-slave-day',
        'Forbid the slave’s day moves (the slave alone), change or make his day move (the slave, then its targets), or change its words (the slave and the words: the amount of votes to buy)',
        'day',
        { takesText: true },
      ),
      // "Сутенер может оставлять рабу ночные записки": the move names the slave and carries the note's text.
      ability('note-slave', 'Leave the slave a night note', 'night', { takesText: true }),
    ],
    'Learns the slave’s peaceful role and its information; approves, changes or forbids the slave’s moves (kill moves only cancelled); punishes with a day’s block (L27).',
  ),
];

/**
 * L44: the Forensic's night part, merged with his day moves (peaceful-a.ts): the samples taken after the vote are
 * tested that night, and he sees the names of his night's visitors ("этот эффект соответствует такому же эффекту у
 * бомжа и героя").
 */
export const forensicNight: readonly RulesetRole[] = [
  role('forensic', 'Forensic (Криминалист)', [
    ability('test-samples', 'Test the samples against the body examined (the night after taking them)', 'night', {
      targets: 1,
      night: { effect: 'sample-test', step: 'check', maxTargets: 3 },
    }),
    seesVisitorNames,
  ]),
];

/** The statuses these roles give and the night reads. */
export const peacefulCStatuses: readonly StatusDef[] = [
  // L40: "На одни игровые сутки": made at the end of a day, the copy lasts that night and the next day (three phases counting the day it is made in).
  { id: 'copied-role', name: 'plays a copied role', defaultPhases: 3, night: { mechanic: 'copy-role' } },
  // L41: the collected role in use, `with` its former holder.
  { id: 'collected-role', name: 'uses a collected role', night: { mechanic: 'collected-role' } },
  // L41: on a dead player whose peaceful role is in the Collector's (`by`) collection.
  { id: 'in-collection', name: 'role in a collection', night: { mechanic: 'in-collection' } },
  // L41: "Если так или иначе активный житель увел роль у коллекционера, то она автоматически попадет в коллекцию в случае его смерти".
  { id: 'owes-collection', name: 'holds a role a Collector yielded', night: { mechanic: 'owes-collection' } },
  // L42: "в конце первого дня проклинает трех игроков": the night after the curse marks them (`by` the Necromancer).
  { id: 'cursed', name: 'cursed', night: { mechanic: 'cursed' } },
  // L42: a cursed player; once dead, the header says "Нежить" and the Necromancer (`by`) uses his role.
  { id: 'undead', name: 'undead', public: true, night: { mechanic: 'undead' } },
  // L27: the Pimp's slave (`by` the Pimp), until the game ends or the Pimp dies.
  { id: 'slave', name: 'enslaved', night: { mechanic: 'enslaved' } },
];

/** The roles' limits on borrowed moves, for the night section's `borrowing`. */
export const peacefulCBorrowing: BorrowingRules = {
  // L40: "Если скопировал бомжа/ сутенера/анонимуса/некроманта/горничную/ведьму, то не может направить соответствующий ход на владельца роли".
  notAtOwner: ['homeless', 'pimp', 'anonymous', 'necromancer', 'maid', 'witch'],
  // L40: "За доктора можно выбрать только одну цель"; "За безумца доступна лишь одна цель".
  singleTarget: ['heal', 'fire'],
  // L40: "в конце каждого дня может скопировать для себя мирную роль выбранного игрока": the night after reads the choice.
  copyMoves: ['copy-role'],
  // L40: "нельзя скопировать более 3-х разных игроков за игру"; L47: "нельзя выбирать больше трех ролей за игру".
  perGame: 3,
  // L40: "За телохранителя и бомжа нельзя узнать имя киллера".
  copyHidesKillers: ['bodyguard', 'homeless'],
  // L40: "За гипнотизера нельзя отклонять киллеров, но можно заставить их пропустить ход".
  copySparesKillers: ['hypnotise'],
  // L40 (and L47 for the Wizard): what a copy of a role does not get. "Если скопировал фантома, не дает эффект фантома
  // другим и не вселяется в игроков"; "За бессмертного нельзя наложить связь" (nor break one); "За террориста нельзя
  // применить детонатор"; "За героя и священника нельзя никого спасти" (the Hero's save and the Priest's forgiveness,
  // and with them what follows a save: the Hero's voter taken along, the forgiven dying for the Priest).
  copyLacks: ['lingering-dead', 'possess', 'link', 'unlink', 'detonate', 'save', 'forgive', 'take-voter', 'die-instead'],
  // L40: "За лжеца нельзя дать себе барьер": the copy's scandal may not name himself.
  copyNotAtSelf: ['scandal'],
  // L40: "За проститутку нельзя отказаться от презервативов"; "За горничную нельзя влиять на информацию".
  copyActsAs: { 'take-home': 'take-home-protected', 'serve-replace': 'serve', 'serve-add': 'serve' },
  // L40: "За камикадзе нельзя убить киллера, но можно покалечить".
  copyCripples: ['takes-attacker'],
  // L40: "Если скопировал судью или священника, то голос или барьер будет на треть слабее базового" (read by the day tally).
  copyWeightFactor: { judge: 2 / 3, priest: 2 / 3 },
  // L42: "в конце первого дня проклинает трех игроков"; "в конце любого дня имеет право отказаться от него, заменив другим убитым игроком".
  curseMoves: ['curse'],
  curseCount: 3,
  corpseSwapMoves: ['swap-corpse'],
  // L41: "в конце каждого дня коллекционер отправляет ведущему имена нескольких игроков"; one role active at a time.
  collectMoves: ['collect'],
  activateMoves: ['activate-role'],
  deactivateMoves: ['deactivate-role'],
  waiveMoves: ['waive-roles'],
  // L41: "до трех целей" with no roles, "до двух" with one or two, "не более одной" with more.
  collectNames: [3, 2, 2, 1],
  // L131, L51–L54: the werewolf kinds whose moves a plain Werewolf names as his special move (setting plainWerewolfMove).
  kinRoles: ['joker', 'poisoner', 'executioner', 'geisha'],
  // L44: "проводит обследование тел ночных жертв"; "взять анализы от одного до трех игроков" by day, tested that night.
  examineMoves: ['examine-bodies'],
  // L112 (black holder): "Криминалист может обследовать чей-либо труп утром": any body, not only the night's victims.
  examineAnyBodyWhenGuilty: true,
  // L112: "… утром": his examination is told in the morning he makes it, not in the evening.
  guiltyExaminationAtOnce: true,
  sampleMoves: { day: 'take-samples', night: 'test-samples' },
  // L44: "два для одного трупа и один для другого или по одному для трех трупов … один из них может быть за раз сравнен с
  // двумя трупами, а если только один анализ, то его можно сравнить с тремя разными трупами".
  sampleComparisons: 3,
  // L44: "Если убийство совершил наемник или отравитель через свой яд, то на них можно проверять не более одного игрока за раз".
  // "при этом недопустимы параллельные проверки": the strict reading by default (open question borrowing.singleSample.parallel).
  singleSample: { causes: ['poison'], killerEffects: ['contract-kill'], parallel: 'none' },
  // L112: "взять анализы с трех выбранных игроков вечером" (a black holder).
  guiltySamples: 3,
  // L27: "в конце первого дня забирает паспорт у указанного игрока"; "Сутенер может в конце каждого дня наказывать раба".
  enslaveMoves: ['enslave'],
  punishMoves: ['punish'],
  // L27: "блокировать ему роль на игровые сутки … Ограничения блокировки у сутенера соответствуют ограничениям блокировки у хакера".
  punishStatus: 'hacked',
  // L27: "Через каждые два дня лимит одновременно взятых рабов возрастает на единицу".
  slaveLimit: { start: 1, every: 2 },
  // L27: "Если рабом взят бессмертный, анонимус, актер, некромант или волшебник, то нельзя влиять на их ходы".
  ordersSpare: ['immortal', 'anonymous', 'actor', 'necromancer', 'wizard'],
  // L94: "Сутенер - если взял в рабы лжеца, при назначении хода его механика будет определяться цветом сутенера".
  masterColourRoles: ['liar'],
  // L27: "Сутенер может оставлять рабу ночные записки".
  noteMoves: ['note-slave'],
  // L27: the slave's day moves, approved, changed or forbidden; the detonator may only be cancelled.
  dayOrderMoves: ['order-slave-day'],
  dayCancelOnly: ['detonate'],
  // L22: the Hacker's block on the Pimp; a Hacker taken as a slave at that same moment does not hack him.
  masterBlocks: ['hack'],
  // L27: "Нельзя назначать или менять цель для ходов, связанных с убийством или самоубийством … но эти ходы можно отменять".
  cancelOnly: ['kill', 'faction-kill', 'insure', 'burn', 'avenge-kill', 'devour', 'city-fire', 'contract-kill', 'delayed-poison'],
  // L42: "доступна только половина: комиссар, детектив, следователь, доктор, блокер, проститутка, хакер, журналист, бомж,
  // анонимус, сутенер, адвокат, инквизитор, наркодилер, фанатик, культист, криминалист и горничная".
  undeadRoles: [
    'commissar',
    'detective',
    'investigator',
    'doctor',
    'blocker',
    'prostitute',
    'hacker',
    'journalist',
    'homeless',
    'anonymous',
    'pimp',
    'lawyer',
    'inquisitor',
    'drug-dealer',
    'fanatic',
    'cultist',
    'forensic',
    'maid',
  ],
};

/** Russian names (the seed's own) and English ones. */
export const peacefulCNames: {
  readonly roles: Readonly<Record<string, LocalNames>>;
  readonly abilities: Readonly<Record<string, LocalNames>>;
  readonly statuses: Readonly<Record<string, LocalNames>>;
} = {
  roles: {
    actor: { en: 'Actor', ru: 'Актер' },
    wizard: { en: 'Wizard', ru: 'Волшебник' },
    necromancer: { en: 'Necromancer', ru: 'Некромант' },
    collector: { en: 'Collector', ru: 'Коллекционер' },
    pimp: { en: 'Pimp', ru: 'Сутенер' },
  },
  abilities: {
    'copy-role': { ru: 'Скопировать мирную роль игрока (в конце дня, три игрока за игру)' },
    'absent-role': { ru: 'Использовать отсутствующую на игре мирную роль (три за игру)' },
    curse: { ru: 'Проклясть трёх игроков (в конце первого дня)' },
    'swap-corpse': { ru: 'Заменить труп другим убитым игроком (в конце дня)' },
    collect: { ru: 'Назвать игроков, чьи роли собрать (в конце каждого дня)' },
    'test-samples': { ru: 'Сравнить анализы с обследованным трупом (ночью после взятия)' },
    'activate-role': { ru: 'Активировать собранную роль (в конце дня; её прежний владелец)' },
    'deactivate-role': { ru: 'Не активировать ни одной собранной роли (в конце дня)' },
    'waive-roles': { ru: 'Уступить приоритет активным жителям (никого не указывать) или отказаться от ролей указанных игроков' },
    enslave: { ru: 'Забрать паспорт у раба (в конце дня)' },
    punish: { ru: 'Наказать раба: блок роли на игровые сутки (в конце дня)' },
    'order-slave': { ru: 'Запретить ходы раба (указать только раба) или изменить либо назначить его ход (раб, затем цели)' },
    'note-slave': { ru: 'Оставить рабу ночную записку' },
    'order-slave-day': {
      ru: 'Запретить дневные ходы раба (указать только раба), изменить либо назначить его дневной ход (раб, затем цели) или изменить его слова (раб и текст: сколько голосов купить)',
    },
  },
  statuses: {
    'copied-role': { ru: 'играет скопированную роль' },
    'collected-role': { ru: 'использует собранную роль' },
    'in-collection': { ru: 'роль в коллекции' },
    'owes-collection': { ru: 'увел роль у коллекционера' },
    cursed: { ru: 'проклят некромантом' },
    undead: { ru: 'Нежить' },
    slave: { ru: 'секс-раб сутенера' },
  },
};
