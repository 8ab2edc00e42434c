/**
 * Issue 19, the day side that was left: the Politician's theft counted from
 * the moment it lands (not from the day's start), the Ventriloquist's day
 * (the player he speaks for votes only through him), and a recruit's new side
 * seen by the checks later in the same night. Each test names the rule it
 * checks (the forum standard is not a seed: the rules are the catalogue's
 * one-line behaviours, src/engine/rules/presets/forum-standard/*.ts).
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, rulesets, type Ruleset } from '../../../src/engine';
import { act, messagesTo, night, nightRulesFor, player, told } from '../night/helpers';

const ruleset = rulesets['forum-standard'];

// ---------------------------------------------------------------- the recruit's side that night

describe('forum standard: a recruit changes the side where the night order puts it', () => {
  const resolveWith = (r: Ruleset, ...a: Parameters<typeof night>) => resolveNight(night(...a), nightRulesFor(r), createRng(1));
  const cast = [player('R', 'cult-recruiter', 'cult'), player('A', 'vanilla'), player('C', 'cop')];

  it('Cult Recruiter: "the target joins the cult" at the recruit’s step (kills): a Cop checking him later that night (investigations) sees the cult', () => {
    const r = resolveWith(ruleset, cast, [act('R', 'recruit', ['A']), act('C', 'investigate', ['A'])]);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['A'], true)]);
    // Without the recruit, the same check sees a townie.
    const plain = resolveWith(ruleset, cast, [act('C', 'investigate', ['A'])]);
    expect(messagesTo(plain, 'C')).toEqual([told('alignment-check', ['A'], false)]);
  });

  it('Cult Recruiter: a check that comes before the recruit in the order (a ruleset recruiting at the tracking step) still sees the old side', () => {
    const late: Ruleset = {
      ...ruleset,
      roles: ruleset.roles.map((role) =>
        role.id !== 'cult-recruiter'
          ? role
          : {
              ...role,
              abilities: role.abilities.map((a) =>
                a.night === undefined ? a : { ...a, night: { ...a.night, step: 'track' as const } },
              ),
            },
      ),
    };
    const r = resolveWith(late, cast, [act('R', 'recruit', ['A']), act('C', 'investigate', ['A'])]);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['A'], false)]);
    expect(messagesTo(r, 'A')).toEqual([told('recruited', ['R'], 'cult')]);
  });
});
