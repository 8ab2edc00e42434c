/**
 * A resolution as text a host can read: outcomes first, each with the chain
 * of reasons under it, then the messages to send, refusals and the open
 * questions the night touched.
 */
import { nightResultNames, renderNightResult, type NightLanguage, type NightResultNames } from './results';
import type { NightRules } from './rules';
import type { NightEvent, NightInput, NightResolution, NightReason } from './types';

/** One reason and everything under it, indented two spaces per level. */
export function formatReason(reason: NightReason, depth = 0): string[] {
  const mark = reason.stance === 'for' ? '+ ' : reason.stance === 'against' ? '- ' : '';
  const lines = [`${'  '.repeat(depth)}${mark}${reason.text}`];
  for (const r of reason.because ?? []) lines.push(...formatReason(r, depth + 1));
  return lines;
}

function headline(e: NightEvent, name: (id: string) => string, say: (e: Extract<NightEvent, { result: unknown }>) => string): string {
  switch (e.type) {
    case 'death':
      return `DEATH: ${name(e.player)} (${e.cause}${e.by.length > 0 ? ` by ${e.by.map(name).join(', ')}` : ''})`;
    case 'survived':
      return `SURVIVED: ${name(e.player)}`;
    case 'blocked':
      return `BLOCKED: ${name(e.player)}'s ${e.ability} (by ${name(e.by)})`;
    case 'nullified':
      return `NULLIFIED: ${name(e.player)}'s ${e.ability} (${e.cause})`;
    case 'status-applied':
      return `STATUS: ${name(e.player)} is now ${e.status.id}`;
    case 'status-cleared':
      return `STATUS: ${name(e.player)} is no longer ${e.status}`;
    case 'role-changed':
      return `ROLE: ${name(e.player)} ${e.slot === 'role' ? 'role' : 'second role'} ${e.from ?? '(none)'} -> ${e.to ?? '(none)'}`;
    case 'uses-spent':
      return `USED: ${name(e.player)} spent a ${e.self ? 'self-targeted ' : ''}use of ${e.ability}`;
    case 'protection-spent':
      return `USED: ${name(e.player)}'s ${e.protection}`;
    case 'faction-changed':
      return `FACTION: ${name(e.player)} ${e.from} -> ${e.to}`;
    case 'message':
      return `PM to ${name(e.to)}: ${say(e)}`;
    case 'announcement':
      return `PUBLIC: ${say(e)}`;
  }
}

/**
 * The whole resolution as text. The host's notes (reasons, refusals, open
 * questions) are English; the messages and public words are written in
 * `options.language`, naming roles as `options.rules` does.
 */
export function formatResolution(
  resolution: NightResolution,
  input: NightInput,
  options: { readonly rules?: Pick<NightRules, 'roles' | 'verdicts' | 'factions'>; readonly language?: NightLanguage } = {},
): string {
  const resultNames: NightResultNames = nightResultNames(
    input.players.map((p) => ({ id: p.slotId, name: p.name })),
    options.rules,
    options.language,
  );
  const name = resultNames.player;
  const say = (e: Extract<NightEvent, { result: unknown }>): string => renderNightResult(e.result, resultNames, options.language);
  const out: string[] = [
    `Night ${resolution.night} (${resolution.method === 'ordered' ? 'ordered resolution' : 'Reasonable Action Resolution'})`,
    '',
  ];
  const outcomes = resolution.events.filter((e) => e.type !== 'message');
  const messages = resolution.events.filter((e) => e.type === 'message');
  out.push('Outcomes:');
  if (outcomes.length === 0) out.push('  nothing happened');
  for (const e of outcomes) {
    out.push(`  ${headline(e, name, say)}`);
    for (const r of e.reasons) out.push(...formatReason(r, 2));
  }
  out.push('', 'Messages:');
  if (messages.length === 0) out.push('  none');
  for (const e of messages) out.push(`  ${headline(e, name, say)}`);
  if (resolution.report !== undefined && resolution.report.length > 0) {
    out.push('', 'Report:');
    for (const r of resolution.report) out.push(...formatReason(r, 1));
  }
  if (resolution.refused.length > 0) {
    out.push('', 'Refused actions:');
    for (const r of resolution.refused)
      out.push(`  ${name(r.action.actor)} ${r.action.ability} -> ${r.action.targets.map(name).join(', ')}: ${r.text} [${r.reason}]`);
  }
  if (resolution.conditions.length > 0) {
    out.push('', 'Conditions to check by hand:');
    for (const c of resolution.conditions) out.push(`  ${name(c.actor)}: ${c.text}`);
  }
  const reserves = Object.entries(resolution.reserveKills);
  if (reserves.length > 0) {
    out.push('', 'Kills for next night (carry-over):');
    for (const [f, n] of reserves) out.push(`  ${f}: ${n} in reserve`);
  }
  if (resolution.ambiguities.length > 0) {
    out.push('', 'Open questions this night touched (setting = value used):');
    for (const a of resolution.ambiguities) out.push(`  ${a.setting} = ${a.value}: ${a.text}`);
  }
  return `${out.join('\n')}\n`;
}
