/**
 * Seed 004's additional peaceful roles that visit, block, redirect or check
 * (digest §5.2, detail notes §5.6, black variants §5.7): their abilities with
 * the night parts the ordered resolver runs (src/engine/night/roles-004-visits.ts),
 * their statuses, their names and the night steps they add to the 004 order.
 */
import type { LocalNames, RulesetRole, StatusDef } from '../../types';
import { ability, role } from '../../defaults';
import { noInfoWhenTargetOf } from './information';

/** The roles; a black holder's variant (L89–L93) follows from the holder's faction, not from another role. */
export const peacefulARoles: readonly RulesetRole[] = [
  // L20 (L89 black): attacks on the ward go to the Bodyguard; not the same ward two nights running.
  role(
    'bodyguard',
    'Bodyguard (Телохранитель)',
    [
      ability('guard', 'Guard a player', 'night', {
        selfTargetLimit: 0,
        night: { effect: 'take-hits', step: 'bodyguard', status: 'guarded' },
      }),
    ],
    'Takes every attack on the ward onto himself (poison is no attack). A black Bodyguard draws no killers but leaves the ward without the Doctor’s and Blocker’s protection.',
  ),
  // L21 (L90 black): takes a client home; "protection" (declared when sending) cripples the client instead of killing him with her.
  role(
    'prostitute',
    'Prostitute (Проститутка)',
    [
      ability('take-home', 'Take a player home', 'night', {
        selfTargetLimit: 0,
        night: { effect: 'client-visit', step: 'prostitute', status: 'crippled' },
      }),
      ability('take-home-protected', 'Take a player home, with protection', 'night', {
        selfTargetLimit: 0,
        night: { effect: 'client-visit', step: 'prostitute', guardsClient: true, status: 'crippled' },
      }),
    ],
    'The client’s later moves and later moves on the client fail (except the Executioner’s, Witch’s, Maid’s, Drug dealer’s, Journalist’s). If she is killed, her client dies with her; with protection he survives crippled.',
  ),
  // L22 (L91 black): an end-of-day move that blocks the target's roles for a game day; a black keeps one role blocked a second day.
  role(
    'hacker',
    'Hacker (Хакер)',
    [
      ability('hack', 'Hack a player', 'night', {
        selfTargetLimit: 0,
        night: { effect: 'hack', step: 'hack', status: 'hacked', secondDayStatus: 'hacked-one-role' },
      }),
    ],
    'At the end of the day blocks the target’s roles for a game day; a black keeps one of his two roles blocked a second day, his choice (not when the Hacker is black); the target is told; the Hacker learns the peaceful role.',
  ),
  // L24 (L93 black): compares two players' colours; shares the checks' order slot.
  role('journalist', 'Journalist (Журналист)', [
    ability('compare', 'Compare two players’ colours', 'night', {
      targets: 2,
      selfTargetLimit: 0,
      // L24: after a result, the next night's pair must include a player compared before (the status remembers them).
      night: {
        effect: 'compare-colours',
        step: 'check',
        reachesClients: true,
        status: 'compared',
        noInfoStatuses: ['crippled', 'role-destroyed'],
      },
    }),
  ]),
  // L25: watches a house two nights (the second by himself) and learns the names of its visitors; drunk every other night at most.
  role('homeless', 'Homeless (Бомж)', [
    ability('watch-house', 'Watch a house (two nights)', 'night', {
      night: { effect: 'stake-out', step: 'homeless', status: 'homeless-watch' },
    }),
    // «Раз в две ночи имеет право нажраться… Если под бухлом пережил покушение, то уже не сможет нажираться до конца игры.»
    ability('get-drunk', 'Get drunk (everyone takes him for dead tonight)', 'night', {
      targets: 0,
      night: {
        effect: 'play-dead',
        step: 'play-dead',
        notTwiceInARow: ['use'],
        needsSpent: { below: { 'played-dead-attacked': 1 } },
      },
    }),
  ]),
  // L26: lasting surveillance of up to two players a move; the watched are told every morning.
  role('anonymous', 'Anonymous (Анонимус)', [
    ability('surveil', 'Put players under watch', 'night', {
      selfTargetLimit: 0,
      night: { effect: 'surveil', step: 'anonymous', maxTargets: 2, status: 'watched', maxMarked: 4 },
    }),
    // «Анонимус может сменить действующую цель, но не более одной за раз»: the watched player, then the new one.
    ability('change-watch', 'Move a watch to another player', 'night', {
      targets: 2,
      selfTargetLimit: 0,
      // «Если меняет активную цель, может назначить только одну новую цель за раз»: no new watch beside a change.
      night: { effect: 'move-watch', step: 'anonymous', status: 'watched', alternativeTo: ['surveil'] },
    }),
    ability('hidden', 'Colour comparisons give no information on him', 'passive', { night: { passive: 'hidden-from-checks' } }),
  ]),
  // L28 (L95 black): private colour checks; legal protection and the vote bonus are day rules.
  role('lawyer', 'Lawyer (Адвокат)', [
    ability('check', 'Colour check (private)', 'night', {
      selfTargetLimit: 0,
      night: {
        effect: 'marked-check',
        step: 'check',
        status: 'lawyer-checked-black',
        redStatus: 'lawyer-checked-red',
        // L53: a destroyed colour gives no information.
        noInfoStatuses: ['crippled', 'role-destroyed'],
        // L28: "Принцип чеков полностью соответствует чекам комиссара": L6's same-target list.
        noInfoWhenTargetOf: noInfoWhenTargetOf('lawyer'),
      },
    }),
    ability('legal-protection', 'Legal protection for a player checked red', 'day', { selfTargetLimit: 0 }),
  ]),
  // L29: private colour checks; the night after a black check he may burn that player.
  role('inquisitor', 'Inquisitor (Инквизитор)', [
    ability('check', 'Colour check (private)', 'night', {
      selfTargetLimit: 0,
      night: {
        effect: 'marked-check',
        step: 'check',
        status: 'checked-black',
        redStatus: 'inquisitor-checked-red',
        // L53: a destroyed colour gives no information.
        noInfoStatuses: ['crippled', 'role-destroyed'],
        // L29: "Принцип чеков полностью соответствует чекам комиссара": L6's same-target list.
        noInfoWhenTargetOf: noInfoWhenTargetOf('inquisitor'),
      },
    }),
    // L96 black: also a player checked red, a night later; burning a black keeps his hands clean until he burns a red.
    ability('burn', 'Burn a player checked black the night before', 'night', {
      selfTargetLimit: 0,
      tags: ['kill'],
      night: {
        effect: 'burn',
        step: 'inquisitor-burn',
        status: 'checked-black',
        redStatus: 'inquisitor-checked-red',
        killStatus: 'clean-hands',
        negative: true,
      },
    }),
  ]),
  // L34: drugs two players (a single barrier each); buying votes is a day rule.
  role('drug-dealer', 'Drug dealer (Наркодилер)', [
    ability('drug', 'Drug two players', 'night', {
      targets: 2,
      night: { effect: 'mark', step: 'drug', reachesClients: true, status: 'drugged' },
    }),
    // L34 "Перед голосованием наркодилер указывает ведущему сколько голосов желает закупить": the amount as the move's words (voteBank.buyAbility).
    ability('buy-votes', 'Buy votes from the bank', 'day', { targets: 0, takesText: true }),
  ]),
  // L44: the examination and the samples are day and evening moves the host resolves.
  role('forensic', 'Forensic (Криминалист)', [
    ability('examine-bodies', 'Examine the night’s bodies', 'day'),
    ability('take-samples', 'Take samples from one to three players', 'day'),
  ]),
  // L45: near the end of the night learns the target's peaceful role and what the target was told.
  // The substitution: the text she sends with the move replaces, or is added to, what the target is told tonight.
  role('maid', 'Maid (Горничная)', [
    ability('serve', 'Serve a player', 'night', { selfTargetLimit: 0, night: { effect: 'examine', step: 'maid', reachesClients: true } }),
    ability('serve-replace', 'Serve a player and replace what he is told', 'night', {
      selfTargetLimit: 0,
      night: { effect: 'examine', step: 'maid', reachesClients: true, substitutes: 'replace' },
    }),
    ability('serve-add', 'Serve a player and add to what he is told', 'night', {
      selfTargetLimit: 0,
      night: { effect: 'examine', step: 'maid', reachesClients: true, substitutes: 'add' },
    }),
  ]),
  // L46: at the end of the night swaps two players' peaceful roles for a game day.
  role('witch', 'Witch (Ведьма)', [
    ability('swap', 'Swap two players’ peaceful roles', 'night', {
      targets: 2,
      selfTargetLimit: 0,
      night: { effect: 'swap-roles', step: 'witch', reachesClients: true, status: 'witch-swapped' },
    }),
    // «Ведьма может в конце дня закрепить эффект»: the day move takes the status off the pair, so the roles do not return.
    ability('fix-swap', 'Fix a swap (no swap back)', 'day', { targets: 2 }),
  ]),
  // L37: actions aimed at him go to the player he names.
  role('hypnotist', 'Hypnotist (Гипнотизер)', [
    ability('hypnotise', 'Name the player who is the target instead of him', 'night', {
      selfTargetLimit: 0,
      night: { effect: 'redirect-visitors', step: 'hypnosis', status: 'killers-hypnotised' },
    }),
    // «Допустимо вместо перевода хода заставить игрока пропустить его.»
    ability('hypnotise-skip', 'Make whoever comes to him skip the move', 'night', {
      targets: 0,
      night: { effect: 'redirect-visitors', step: 'hypnosis', status: 'killers-hypnotised', skipsVisitors: true },
    }),
    ability('hidden', 'Colour comparisons give no information on him', 'passive', { night: { passive: 'hidden-from-checks' } }),
  ]),
];

/** The statuses these roles give. */
export const peacefulAStatuses: readonly StatusDef[] = [
  // L20: the Bodyguard's ward, remembered until the next night (the same ward is not guarded two nights running).
  { id: 'guarded', name: 'guarded by the Bodyguard last night', defaultPhases: 3 },
  // L25: the house the Homeless watches, remembered for his second night there.
  { id: 'homeless-watch', name: 'watched by the Homeless', defaultPhases: 3 },
  // L37: the Hypnotist has turned killers aside (one night per game).
  { id: 'killers-hypnotised', name: 'has turned killers aside' },
  // L28: the Lawyer's checks, for the day rules: legal protection on a player checked red, +1 to his vote against one checked black.
  { id: 'lawyer-checked-red', name: 'checked red by the Lawyer' },
  { id: 'lawyer-checked-black', name: 'checked black by the Lawyer' },
  // L22: a game day from the end of the day: the night and the day after it.
  // L22: the hacked black still chooses, at the end of the hacked day, which role he keeps for the second (night-details.ts).
  // L22: "Нельзя помешать культисту или коллекционеру выбрать новые цели": their names by day are still taken.
  {
    id: 'hacked',
    name: 'hacked',
    blocksActions: true,
    allowsAbilities: ['keep-peaceful-role', 'keep-negative-role', 'collect', 'mark'],
    night: { cannotAct: true },
    defaultPhases: 2,
  },
  // L22: a hacked black's second game day (the next night and day): the role he does not use stays blocked.
  { id: 'hacked-one-role', name: 'hacked: one role blocked a second day', defaultPhases: 4 },
  // L24: a player the Journalist compared and got a result on.
  { id: 'compared', name: 'compared by the Journalist' },
  // L46: the Witch's swap, until the swap back the next night (the night, the day, the next night).
  { id: 'witch-swapped', name: 'role swapped by the Witch', defaultPhases: 3 },
  // L96: a black Inquisitor may burn a player checked red two nights later (the night, the day, a night, a day, the night).
  { id: 'inquisitor-checked-red', name: 'checked red by the Inquisitor', defaultPhases: 5 },
  // L34: a single barrier for the vote after the night.
  { id: 'drugged', name: 'drugged', barrier: true, defaultPhases: 2 },
  // L26: until the Anonymous changes the target.
  { id: 'watched', name: 'watched by the Anonymous' },
  // L29: the Inquisitor may burn the player the next night (the night, the day and the next night).
  { id: 'checked-black', name: 'checked black by the Inquisitor', defaultPhases: 3 },
];

/** Names in Russian (the seed's) and English. */
export const peacefulANames: {
  readonly roles: Readonly<Record<string, LocalNames>>;
  readonly abilities: Readonly<Record<string, LocalNames>>;
  readonly statuses: Readonly<Record<string, LocalNames>>;
} = {
  roles: {
    bodyguard: { en: 'Bodyguard', ru: 'Телохранитель' },
    prostitute: { en: 'Prostitute', ru: 'Проститутка' },
    hacker: { en: 'Hacker', ru: 'Хакер' },
    journalist: { en: 'Journalist', ru: 'Журналист' },
    homeless: { en: 'Homeless', ru: 'Бомж' },
    anonymous: { en: 'Anonymous', ru: 'Анонимус' },
    lawyer: { en: 'Lawyer', ru: 'Адвокат' },
    inquisitor: { en: 'Inquisitor', ru: 'Инквизитор' },
    'drug-dealer': { en: 'Drug dealer', ru: 'Наркодилер' },
    forensic: { en: 'Forensic', ru: 'Криминалист' },
    maid: { en: 'Maid', ru: 'Горничная' },
    witch: { en: 'Witch', ru: 'Ведьма' },
    hypnotist: { en: 'Hypnotist', ru: 'Гипнотизер' },
  },
  abilities: {
    'bodyguard/guard': { ru: 'Защитить игрока' },
    'prostitute/take-home': { ru: 'Забрать игрока к себе' },
    'prostitute/take-home-protected': { ru: 'Забрать игрока к себе, предохраняясь' },
    'hacker/hack': { ru: 'Взломать игрока' },
    'journalist/compare': { ru: 'Сравнить цвет двух игроков' },
    'homeless/watch-house': { ru: 'Следить за домом (две ночи)' },
    'anonymous/surveil': { ru: 'Назначить слежку' },
    'anonymous/hidden': { ru: 'Сравнения цвета не дают о нем информации' },
    'lawyer/check': { ru: 'Проверка цвета (в ЛС)' },
    'lawyer/legal-protection': { ru: 'Правовая защита' },
    'inquisitor/check': { ru: 'Проверка цвета (в ЛС)' },
    'inquisitor/burn': { ru: 'Сжечь игрока с черным чеком' },
    'drug-dealer/drug': { ru: 'Накачать двух игроков' },
    'drug-dealer/buy-votes': { ru: 'Купить голоса из банка' },
    'forensic/examine-bodies': { ru: 'Обследовать тела' },
    'forensic/take-samples': { ru: 'Взять анализы' },
    'maid/serve': { ru: 'Навестить игрока' },
    'witch/swap': { ru: 'Обменять мирные роли двух игроков' },
    'hypnotist/hypnotise': { ru: 'Назначить цель вместо себя' },
    'hypnotist/hypnotise-skip': { ru: 'Заставить пропустить ход' },
    'homeless/get-drunk': { ru: 'Нажраться' },
    'anonymous/change-watch': { ru: 'Сменить цель слежки' },
    'maid/serve-replace': { ru: 'Навестить игрока и подменить сообщение' },
    'maid/serve-add': { ru: 'Навестить игрока и дополнить сообщение' },
    'witch/fix-swap': { ru: 'Закрепить обмен' },
    'hypnotist/hidden': { ru: 'Сравнения цвета не дают о нем информации' },
  },
  statuses: {
    guarded: { ru: 'под охраной Телохранителя прошлой ночью' },
    'homeless-watch': { ru: 'под наблюдением Бомжа' },
    'killers-hypnotised': { ru: 'уже отводил киллеров гипнозом' },
    'lawyer-checked-red': { ru: 'прочекан Адвокатом красным' },
    'lawyer-checked-black': { ru: 'прочекан Адвокатом черным' },
    hacked: { ru: 'взломан' },
    drugged: { ru: 'под наркотиком' },
    watched: { ru: 'под слежкой Анонимуса' },
    'checked-black': { ru: 'прочекан Инквизитором черным' },
    'hacked-one-role': { ru: 'взломан: одна роль заблокирована на вторые сутки' },
    compared: { ru: 'проверен Журналистом' },
    'witch-swapped': { ru: 'роль обменяна Ведьмой' },
    'inquisitor-checked-red': { ru: 'прочекан Инквизитором красным' },
  },
};

/**
 * The 004 night order with these roles' steps put in (§4.1): the Hacker's
 * and the Anonymous's end-of-day moves first; the Hypnotist and the
 * Prostitute early (after the Blocker, whose block stops them); the Bodyguard
 * with the protections, before the killers; the Inquisitor's burning last of
 * the peaceful killers (L120); the Journalist, Lawyer and Inquisitor checks in
 * the checks' slot (L24); the Drug dealer and the Homeless after the checks;
 * the Maid near the end (L45) and the Witch at the end (L46).
 */
export function withPeacefulASteps(order: readonly string[]): string[] {
  const out = [...order];
  // A step goes after its anchor (at the start for null; at the end if the anchor is missing).
  const insert = (step: string, after: string | null): void => {
    if (out.includes(step)) return;
    const anchor = after === null ? -1 : out.indexOf(after);
    out.splice(after === null ? 0 : anchor === -1 ? out.length : anchor + 1, 0, step);
  };
  insert('anonymous', null);
  insert('hack', null);
  // L25: a drunk Homeless is taken for dead by every move, so he plays dead before all of them.
  insert('play-dead', null);
  // L100: the black Kamikaze's trap stands from the start of the night, before any move that may come to him.
  insert('trap', null);
  // L100: a Kamikaze's strike on a black skips his own killer move: it goes before the killers.
  insert('blow-up', 'fire');
  insert('hypnosis', 'blocker');
  insert('prostitute', 'hypnosis');
  insert('bodyguard', 'doctor');
  insert('inquisitor-burn', 'peaceful-kill');
  insert('drug', 'check');
  insert('homeless', 'drug');
  insert('maid', 'homeless');
  const end = out.indexOf('poison-deaths');
  if (!out.includes('witch')) out.splice(end === -1 ? out.length : end, 0, 'witch');
  return out;
}

/** The steps whose place the seed does not state exactly, reported when a night uses them. */
export const peacefulAAssumedSteps: Readonly<Record<string, string>> = {
  hypnosis:
    'The seed does not place the Hypnotist; Gavel lets him act right after the Blocker (a blocked Hypnotist’s hypnosis fails, L37).',
  prostitute: 'The seed says only that the Prostitute acts early (L21); Gavel puts her after the Blocker and the Hypnotist.',
  bodyguard: 'The seed does not place the Bodyguard; Gavel lets him act after the Doctor and before the killers.',
  drug: 'The seed does not place the Drug dealer; Gavel lets him act after the killers and the checks (a corpse cannot be drugged, L34).',
  homeless: 'The seed does not place the Homeless; Gavel lets him watch after every visit but the Maid’s and the Witch’s.',
  trap: 'The seed does not say when the black Kamikaze’s named roles begin to count (L100); Gavel lets them stand from the start of the night, so any move that comes to him may spring the trap.',
};
