/**
 * The forum standard's night report (issue 19): "for each action, where it
 * effectively landed, what stopped or changed it and why; blocks on players
 * who sent nothing; a setting for results to players killed that night;
 * faction-leader changes". Each test resolves a night by NAR and reads the
 * report a host writes his PMs from.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  formatResolution,
  resolveNight,
  rulesets,
  type NightInput,
  type NightReason,
  type NightRules,
} from '../../../src/engine';
import { act, messagesTo, night, nightRulesFor, player, rulesForumSimple, told } from '../night/helpers';

const rules = nightRulesFor(rulesets['forum-standard']);
const resolve = (input: NightInput, with_: NightRules = rules) => resolveNight(input, with_, createRng(1));
const lines = (report: readonly NightReason[] | undefined): string[] => (report ?? []).map((r) => r.text);

describe('forum standard: the host’s night report', () => {
  it('where an action effectively landed after a bus drive, with the swap that moved it', () => {
    const r = resolve(
      night(
        [player('V', 'vigilante'), player('B', 'bus-driver'), player('A', 'vanilla'), player('C', 'vanilla')],
        [act('B', 'swap', ['A', 'C']), act('V', 'shoot', ['A'])],
      ),
    );
    const moved = r.report?.find((l) => l.text.startsWith("V's shoot"));
    expect(moved?.text).toBe("V's shoot aimed at A landed on C");
    expect(moved?.message).toEqual({
      code: 'night/report-moved',
      args: [
        { kind: 'text', value: 'V' },
        { kind: 'ability', value: 'shoot' },
        { kind: 'names', value: ['A'] },
        { kind: 'names', value: ['C'] },
      ],
    });
    expect(moved?.because?.map((b) => b.text)).toEqual(['B swapped A with C']);
  });

  it('where a redirected action landed, with the redirection', () => {
    const r = resolve(
      night(
        [player('C', 'cop'), player('R', 'redirector'), player('A', 'vanilla'), player('G', 'goon', 'mafia')],
        [act('R', 'redirect', ['C', 'G']), act('C', 'investigate', ['A'])],
      ),
    );
    const line = r.report?.find((l) => l.text.startsWith("C's investigate"));
    expect(line?.text).toBe("C's investigate aimed at A landed on G");
    expect(line?.because?.map((b) => b.text)).toEqual(["R redirected C's action onto G"]);
  });

  it('what stopped an action and why: a roleblock', () => {
    const r = resolve(
      night(
        [player('V', 'vigilante'), player('RB', 'roleblocker'), player('A', 'vanilla')],
        [act('RB', 'block', ['V']), act('V', 'shoot', ['A'])],
      ),
    );
    const line = r.report?.find((l) => l.text.startsWith("V's shoot"));
    expect(line?.text).toBe("V's shoot did not land");
    expect(line?.because?.map((b) => b.text)).toEqual(["V's shoot did not happen: RB blocked them"]);
  });

  it('a kill that landed on a protected player carries the protection that stopped it', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('D', 'doctor'), player('A', 'vanilla')],
        [act('G', 'factional-kill', ['A']), act('D', 'protect', ['A'])],
      ),
    );
    const line = r.report?.find((l) => l.text.startsWith("G's factional-kill"));
    expect(line?.text).toBe("G's factional-kill landed on A");
    expect(line?.because?.length).toBeGreaterThan(0);
  });

  it('a block on a player who sent nothing: "X was roleblocked; X sent no action"', () => {
    const r = resolve(night([player('RB', 'roleblocker'), player('A', 'vanilla'), player('C', 'cop')], [act('RB', 'block', ['A'])]));
    expect(lines(r.report)).toContain('A was roleblocked by RB; A sent no action');
    // A block on a player who did act is no such line.
    const acted = resolve(
      night(
        [player('RB', 'roleblocker'), player('C', 'cop'), player('A', 'vanilla')],
        [act('RB', 'block', ['C']), act('C', 'investigate', ['A'])],
      ),
    );
    expect(lines(acted.report).some((l) => l.includes('sent no action'))).toBe(false);
  });

  it('deliverResultsToKilled (forum standard: yes, as NAR): a Cop killed tonight still receives his check', () => {
    expect(rules.settings.deliverResultsToKilled).toBe('yes');
    const input = night(
      [player('C', 'cop'), player('G', 'goon', 'mafia'), player('A', 'vanilla')],
      [act('G', 'factional-kill', ['C']), act('C', 'investigate', ['G'])],
    );
    expect(messagesTo(resolve(input), 'C')).toEqual([told('alignment-check', ['G'], true)]);
    // With the setting at no, the killed Cop receives nothing.
    const withheld = { ...rules, settings: { ...rules.settings, deliverResultsToKilled: 'no' as const } };
    expect(messagesTo(resolve(input, withheld), 'C')).toEqual([]);
  });

  it('a faction-leader change: the mafia’s kill sender dies, the next member is named in the report and told to the mafia', () => {
    const r = resolve(
      night(
        [player('G1', 'goon', 'mafia'), player('V', 'vigilante'), player('G2', 'goon', 'mafia'), player('A', 'vanilla')],
        [act('G1', 'factional-kill', ['A']), act('V', 'shoot', ['G1'])],
      ),
    );
    expect(lines(r.report)).toContain("G1, who sent the mafia's kill, died tonight: G2 sends it from now on");
    expect(messagesTo(r, 'G2')).toContainEqual(told('kill-sender-changed', ['G2'], 'G1'));
  });

  it('the seeds keep their rulings: no new-sender message and no results to the killed in the forum template', () => {
    expect(rulesForumSimple.settings.newKillSenderTold).toBe('no');
    expect(rulesForumSimple.settings.deliverResultsToKilled).toBe('no');
  });

  it('the text output (gavel resolve) prints the report', () => {
    const input = night([player('RB', 'roleblocker'), player('A', 'vanilla')], [act('RB', 'block', ['A'])]);
    expect(formatResolution(resolve(input), input)).toContain(
      "Report:\n  RB's block landed on A\n  A was roleblocked by RB; A sent no action\n",
    );
  });
});
