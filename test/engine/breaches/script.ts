/**
 * A strict line script for thread scenarios, so a test reads like the thread:
 *
 *   '12 alice 2026-03-24 10:00: I think **Vote: bob** [edited 10:05]'
 *
 * - `<number> <author> [<YYYY-MM-DD HH:MM> (UTC)]: <text>`;
 * - `**bold**`, `{blue}coloured{/}`, `[q]quoted[/q]` in the text;
 * - a trailing `[edited HH:MM]` or `[edited]` marks an edit (same date as the post).
 * Anything else that looks like markup is a mistake in the test and throws.
 */
import type { BodyNode, ForumPost } from '../../../src/engine';

function parseBody(text: string): BodyNode[] {
  const out: BodyNode[] = [];
  const stack: BodyNode[][] = [out];
  let bold = false;
  let color: string | undefined;
  const tokens = text.split(/(\*\*|\{[a-z#0-9]+\}|\{\/\}|\[q\]|\[\/q\])/u);
  for (const token of tokens) {
    const top = stack[stack.length - 1];
    if (top === undefined) throw new Error(`unbalanced quote in: ${text}`);
    if (token === '') continue;
    if (token === '**') bold = !bold;
    else if (token === '{/}') color = undefined;
    else if (token.startsWith('{')) color = token.slice(1, -1);
    else if (token === '[q]') {
      const children: BodyNode[] = [];
      top.push({ type: 'quote', children });
      stack.push(children);
    } else if (token === '[/q]') {
      if (stack.length < 2) throw new Error(`unbalanced quote in: ${text}`);
      stack.pop();
    } else {
      top.push({ type: 'text', text: token, ...(bold ? { bold: true as const } : {}), ...(color === undefined ? {} : { color }) });
    }
  }
  if (bold || stack.length !== 1) throw new Error(`unclosed markup in: ${text}`);
  return out;
}

/** One post from a script line. */
export function post(line: string): ForumPost {
  const m = /^(\d+) (\S+)(?: (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}))?: (.*?)(?: \[edited(?: (\d{2}:\d{2}))?\])?$/u.exec(line);
  if (m === null) throw new Error(`bad script line: ${line}`);
  const [, num = '', author = '', date, time, text = '', editTime] = m;
  const postedAt = date === undefined || time === undefined ? null : Date.parse(`${date}T${time}:00Z`);
  const edited = line.includes('[edited')
    ? { ...(editTime !== undefined && date !== undefined ? { at: Date.parse(`${date}T${editTime}:00Z`) } : {}) }
    : undefined;
  return {
    id: `p${num}`,
    number: Number(num),
    author,
    postedAt,
    permalink: `https://forum.example/p${num}`,
    body: parseBody(text),
    ...(edited === undefined ? {} : { edited }),
  };
}

export function thread(lines: readonly string[]): ForumPost[] {
  return lines.map(post);
}
