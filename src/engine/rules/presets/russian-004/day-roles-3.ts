/**
 * Seed 004's lynch outcomes the first two day files left out (the "004 day"
 * tally helper's third file): the death executions of a lynched Fanatic or
 * Inquisitor (L29, L36, L96), the Lawyer calling off his vote bonus at the
 * Liar's move (L95), the votes the Drug dealer bought for the first ballot in
 * its run-off (L34, a setting in `day-roles-2.ts`) and the Agent leaving after
 * the second vote (L125). The tally reads them through `voting.day.roleDay`
 * (`src/engine/voting/day-004-lynch.ts`), never by a role's name.
 */
import { ability, role } from '../../defaults';
import type { LocalNames, OpenQuestion, PluralityRoleDayRules, RulesetRole, StatusDef } from '../../types';

/** The day moves these rulings read, added to roles defined elsewhere (the roles merge by id). */
export const dayRoles004c: readonly RulesetRole[] = [
  // L36: "Если фанатик убил своего по команде и был залинчован до того, как истратил лимит на убийства, то сумеет забрать с собой одного выбранного игрока".
  role('fanatic', 'Fanatic (Фанатик)', [ability('execute', 'Death execution when lynched: take a player along', 'day')]),
  role('inquisitor', 'Inquisitor (Инквизитор)', [
    // L29 "в случае своего линчевания днем получает право предсмертно убить данного игрока"; L96 (black) "может казнить одного любого игрока".
    // L15, L29: sending a check for verification (`verify-check`) is the checkers' day move of `faceless.ts`.
    ability('execute', 'Death execution when lynched', 'day'),
  ]),
  // L95: "Имеет право в момент хода лжеца запросить у ведущего отмену бонуса к голосу".
  role('lawyer', 'Lawyer (Адвокат)', [ability('waive-vote-bonus', 'Call off the vote bonus (at the Liar’s move)', 'day', { targets: 0 })]),
];

/** The statuses these rulings give. */
export const dayStatuses004c: readonly StatusDef[] = [
  // L125: "Агент покидает город и возвращается с докладом к начальству … после итога второго голосования".
  {
    id: 'departed',
    name: 'left the town with his report',
    blocksVoting: true,
    blocksActions: true,
    removedForWin: true,
    public: true,
    night: { out: true },
  },
];

/** The role rulings (`voting.day.roleDay`'s part these rulings add). */
export const roleDay004c: Pick<PluralityRoleDayRules, 'executions' | 'bonusWaiver' | 'departure'> = {
  executions: [
    // L96: a black Inquisitor who burnt a black (by a true black check) executes any player.
    { roles: ['inquisitor'], ability: 'execute', colors: ['black'], killed: { colors: ['black'] } },
    // L29: the Inquisitor who verified a black check and found it true kills that player.
    { roles: ['inquisitor'], ability: 'execute', verified: { ability: 'verify-check', colors: ['black'] } },
    // L36: the Fanatic who killed his own team and has not avenged the favourite yet takes a player along.
    { roles: ['fanatic'], ability: 'execute', killed: { ownTeam: true }, unlessStatus: 'avenged' },
  ],
  // L95 is the black Lawyer's variant.
  bonusWaiver: { ability: 'waive-vote-bonus', colors: ['black'] },
  // L125 "к концу третьего игрового дня, то есть после итога второго голосования … Если агент смог стать мэром или
  // секретаршей, то он не покинет игру, пока удерживает этот пост".
  departure: { roles: ['agent'], afterVotes: 2, status: 'departed', keptBy: ['mayor', 'secretary'] },
};

/** The open questions these rulings settle with a setting. */
export const dayOpenQuestions004c: readonly OpenQuestion[] = [
  {
    setting: 'voting.day.roleDay.voteBank.runoffPurchase',
    question:
      'The votes the Drug dealer bought for the first ballot (L34 "Перед голосованием наркодилер указывает ведущему сколько голосов желает закупить"), in the run-off after it: do they count again (Gavel: the purchase was made for the vote, and is paid for once), or were they spent on the first ballot?',
  },
];

/** Their names as the seed writes them. */
export const dayNames004c: {
  readonly abilities: Readonly<Record<string, LocalNames>>;
  readonly statuses: Readonly<Record<string, LocalNames>>;
} = {
  abilities: {
    execute: { ru: 'Предсмертная казнь (при линчевании)' },
    'waive-vote-bonus': { ru: 'Отмена бонуса к голосу (в момент хода лжеца)' },
  },
  statuses: {
    departed: { ru: 'покинул город с докладом' },
  },
};
