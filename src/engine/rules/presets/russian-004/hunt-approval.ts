/**
 * 004 L164 "Одобрение должны дать минимум 50% действующих основных игроков … зеленым шрифтом": how a player approves
 * the witch hunt in the thread. The seed names the act ("одобрение") and its font, not the words, so Gavel reads the
 * words a player of that forum writes for it, with their English equivalents for a game hosted in English.
 */
import type { HuntApprovalGrammar } from '../../types';

export const huntApproval004: HuntApprovalGrammar = {
  phrases: [
    'одобряю',
    'одобряю охоту',
    'одобряю охоту на ведьм',
    'одобрение',
    'одобрение охоты',
    'одобрение охоты на ведьм',
    'за охоту',
    'за охоту на ведьм',
    'охота',
    'охота на ведьм',
    'approve',
    'i approve',
    'approved',
    'approve hunt',
    'approve the hunt',
    'approve witch hunt',
    'approve the witch hunt',
    'hunt approved',
    'for the hunt',
    'hunt',
    'witch hunt',
  ],
};
