/**
 * Seed 004's readings of a word where the code took one without saying so (issue 17): L6's "выбрал … такую же цель" (a
 * move that chose the checked player, or one that reached him) and L112's black Forensic's "три" samples against L44's
 * "от одного до трех". The mechanics are src/engine/night/roles-004-checks.ts `sharedTarget` and
 * src/engine/night/roles-004-corpses.ts `sampleTest`; the answers are the night settings `sharedTargetCounts` and
 * `blackForensicSamples`. (L131.3's three werewolves left is the extended format's: russian-004-extended.ts.)
 */
import type { OpenQuestion } from '../../types';

/** Questions the seed leaves open here, with the answer Gavel takes. */
export const readingOpenQuestions: readonly OpenQuestion[] = [
  {
    setting: 'night.settings.sharedTargetCounts',
    question:
      'L6: the Commissar gets no information if he "выбрал … такую же цель, как адвокат/инквизитор/телохранитель/доктор/блокер/культист(хил)" (L28, L29: the Lawyer and the Inquisitor too). Does such a move count when it did not reach the target (blocked, redirected, taken away)? `reached` (the default): a move counts where it landed; L6 itself treats a blocked move as not made ("по любой причине был заблокирован - чек не проходит"), and "выбрал" is the Commissar\'s choice, not the others\'. `chosen`: every move that named the target counts, landed or not. The night reports it when the two readings give a different result.',
  },
  {
    setting: 'night.settings.blackForensicSamples',
    question:
      "L112: a black Forensic \"может обследовать чей-либо труп утром и взять анализы с трех выбранных игроков вечером\"; L44 gives the Forensic \"от одного до трех\" samples, split between bodies, and one sample alone for a Mercenary's or a poison body. `three` (the default): L112 is the black holder's own rule, naming one body and three players, so up to three players (`borrowing.guiltySamples`) go against the body he examined last, whatever killed it; `red-rules`: L112 only repeats L44's most, and the red Forensic's split and limits hold for him too. His examination stays L112's either way (anyone's body, told in the morning: `borrowing.examineAnyBodyWhenGuilty`, `borrowing.guiltyExaminationAtOnce`). The night reports it on every black Forensic's test.",
  },
];
