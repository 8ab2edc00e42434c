/**
 * Seed 004's information rulings of issue 17's last wave (the "misc" helper's
 * file): the roles colour checks cannot read (L6, L132), the moves whose
 * shared target leaves a colour check without information (L6, L28, L29), and the Forensic's
 * parallel checks (L44). The mechanics live in src/engine/night/effects.ts
 * (`checkStopped`) and src/engine/game/examinations-004.ts.
 */
import { ability, role } from '../../defaults';
import type { LocalNames, OpenQuestion, RulesetRole } from '../../types';

/** L6's "анонимуса/террориста/гипнотизера/политика": the passive that hides a role from colour checks. */
const hidden = ability('hidden', 'Colour checks give no information on him', 'passive', { night: { passive: 'hidden-from-checks' } });

/**
 * L6: "Если выбрал … такую же цель, как адвокат/инквизитор/телохранитель/доктор/блокер/культист(хил) - информация не
 * предоставляется": the moves whose target, shared with a colour check, leaves the check without information (a role id:
 * any of its moves; `role/ability`: that move only, the Cultist's heal). L28, L29: the Lawyer's and the Inquisitor's
 * checks follow the same principle ("Принцип чеков полностью соответствует чекам комиссара"), so each checker's list is
 * this one without himself and with the Commissar: two colour checkers on one target both learn nothing.
 */
const sameTargetVoidsCheck = ['commissar', 'lawyer', 'inquisitor', 'bodyguard', 'doctor', 'blocker', 'cultist/soul-heal'] as const;

/** The L6 list for the checker of role `checker` (never his own role). */
export function noInfoWhenTargetOf(checker: 'commissar' | 'lawyer' | 'inquisitor'): readonly string[] {
  return sameTargetVoidsCheck.filter((entry) => entry !== checker);
}

/** Abilities merged into the roles of the same id. */
export const informationRoles: readonly RulesetRole[] = [
  // L6: "Если выбрал … анонимуса/террориста/гипнотизера/политика … - информация не предоставляется" (the Anonymous
  // and the Hypnotist carry the passive in peaceful-a.ts).
  role('terrorist', 'Terrorist (Террорист)', [hidden]),
  // L132: "не позволяет вмешиваться в свои дела посторонним ночью - любые цветные чеки не дадут по нему информацию".
  role('politician', 'Politician (Политик)', [hidden]),
];

/** Russian names (the seed's words). */
export const informationNames: { readonly abilities: Readonly<Record<string, LocalNames>> } = {
  abilities: {
    'terrorist/hidden': { ru: 'Цветные чеки не дают о нем информации' },
    'politician/hidden': { ru: 'Цветные чеки не дают о нем информации' },
  },
};

/** Questions the seed leaves open here, with the answer Gavel takes. */
export const informationOpenQuestions: readonly OpenQuestion[] = [
  {
    setting: 'night.borrowing.singleSample.parallel',
    question:
      'L44: "Если убийство совершил наемник или отравитель через свой яд, то на них можно проверять не более одного игрока за раз, при этом недопустимы параллельные проверки": do "parallel checks" forbid any other comparison in the same test (`none`, the default: the strict reading), or only a second sample against that body, so that other bodies may be tested beside it (`other-bodies`)? The night reports it when a Forensic tests such a body with one sample beside other bodies.',
  },
];
