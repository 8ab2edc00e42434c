/**
 * A small, strict script language for vote scenarios a host can read:
 *
 *   players: alice, bob, carol, dave, erin
 *   alice: [b]Vote: bob[/b]
 *   carol: I think [b]vote bob[/b]
 *   kill bob              (bob dies in the middle of the day, after the last post)
 *   replace carol by cat  (cat holds carol's slot from the next post)
 *   reset                 (the host resets the count)
 *   deadline              (the day ends after the last post)
 *
 * Post text uses BBCode-like marks: [b] [s] [vote] [quote] [quote=name]
 * [spoiler] [color=green], and " / " for a line break. Everything else is
 * plain text. Unknown commands and unclosed marks throw: a typo in a scenario
 * must fail the test, never pass it silently.
 */
import type { BodyNode, DayEvent, ForumPost, Roster, TallyInput, TextNode, VoteRules, VoteTally } from '../../../src/engine';
import { currentName, defaultVoteRules, tallyVotes } from '../../../src/engine';

type Marks = { bold?: true; struck?: true; voteTag?: true; color?: string };

/** Turns the scenario markup of one post into body nodes. */
export function toBody(text: string): BodyNode[] {
  const tokens = text.split(/(\[\/?(?:b|s|vote|quote|spoiler|color)(?:=[^\]]*)?\]| \/ )/).filter((t) => t !== '');
  const root: BodyNode[] = [];
  const stack: { tag: string; children: BodyNode[]; attr: string; marks: Marks }[] = [{ tag: 'root', children: root, attr: '', marks: {} }];
  const top = (): { tag: string; children: BodyNode[]; attr: string; marks: Marks } => {
    const t = stack[stack.length - 1];
    if (t === undefined) throw new Error('scenario markup: empty stack');
    return t;
  };
  for (const token of tokens) {
    if (token === ' / ') {
      top().children.push({ type: 'break' });
      continue;
    }
    const open = /^\[(b|s|vote|quote|spoiler|color)(?:=([^\]]*))?\]$/.exec(token);
    const close = /^\[\/(b|s|vote|quote|spoiler|color)\]$/.exec(token);
    if (open !== null) {
      const tag = open[1] ?? '';
      const attr = open[2] ?? '';
      const marks: Marks = { ...top().marks };
      if (tag === 'b') marks.bold = true;
      if (tag === 's') marks.struck = true;
      if (tag === 'vote') marks.voteTag = true;
      if (tag === 'color') marks.color = attr;
      const fresh = tag === 'quote' || tag === 'spoiler' ? {} : marks;
      stack.push({ tag, children: tag === 'quote' || tag === 'spoiler' ? [] : top().children, attr, marks: fresh });
    } else if (close !== null) {
      const frame = stack.pop();
      if (frame === undefined || frame.tag !== close[1]) throw new Error(`scenario markup: unexpected ${token} in "${text}"`);
      if (frame.tag === 'quote')
        top().children.push({ type: 'quote', children: frame.children, ...(frame.attr === '' ? {} : { author: frame.attr }) });
      if (frame.tag === 'spoiler') top().children.push({ type: 'spoiler', children: frame.children });
    } else {
      const node: TextNode = { type: 'text', text: token, ...top().marks };
      top().children.push(node);
    }
  }
  if (stack.length !== 1) throw new Error(`scenario markup: unclosed [${top().tag}] in "${text}"`);
  return root;
}

export interface Scenario {
  readonly input: TallyInput;
  readonly tally: VoteTally;
  /** Wagons by the target's current name (or NO LYNCH): voters' current names in joining order. */
  readonly wagons: Record<string, string[]>;
  /** 'alice', 'NO LYNCH', 'no majority', 'tie', 'game called' or 'in progress'. */
  readonly outcome: string;
  /** The hammer post's number and target, or null. */
  readonly hammer: { post: number; target: string } | null;
  /** The slot id of a player's name. */
  readonly id: (name: string) => string;
  readonly name: (slotId: string) => string;
}

export interface ScenarioOptions {
  readonly rules?: VoteRules;
  readonly hosts?: readonly string[];
  /** Player names that are mafia (for the 50% rule). */
  readonly mafia?: readonly string[];
  /** Player name → vote weight. */
  readonly weights?: Readonly<Record<string, number>>;
  /** Players already dead when the day starts. */
  readonly dead?: readonly string[];
}

/** Runs a scenario script and returns the tally with readable views of it. */
export function scenario(script: string, options: ScenarioOptions = {}): Scenario {
  const lines = script
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const first = lines.shift();
  const header = first === undefined ? null : /^players:\s*(.+)$/.exec(first);
  if (header === null) throw new Error('a scenario starts with "players: a, b, c"');
  const names = (header[1] ?? '').split(',').map((n) => n.trim());
  const accounts = names.map((n) => [{ name: n } as { name: string; fromPost?: number }]);
  const posts: ForumPost[] = [];
  const events: DayEvent[] = [];
  let number = 0;
  let deadline: number | undefined;
  const id = (name: string): string => {
    const index = accounts.findIndex((list) => list.some((a) => a.name.toLowerCase() === name.toLowerCase()));
    if (index === -1) throw new Error(`scenario: no player ${name}`);
    return `slot-${index + 1}`;
  };
  for (const line of lines) {
    let m: RegExpExecArray | null;
    if ((m = /^kill (.+)$/.exec(line)) !== null) events.push({ kind: 'death', slotId: id(m[1] ?? ''), atPost: number });
    else if (line === 'reset') events.push({ kind: 'reset', atPost: number });
    else if (line === 'deadline') deadline = number;
    else if (line === 'night') events.push({ kind: 'night', atPost: number + 1 });
    else if ((m = /^replace (.+) by (.+)$/.exec(line)) !== null) {
      const index = Number(id(m[1] ?? '').slice('slot-'.length)) - 1;
      accounts[index]?.push({ name: (m[2] ?? '').trim(), fromPost: number + 1 });
    } else if ((m = /^([^:]+):\s?(.*)$/.exec(line)) !== null) {
      number++;
      posts.push({ id: `p${number}`, number, author: (m[1] ?? '').trim(), postedAt: null, body: toBody(m[2] ?? '') });
    } else throw new Error(`scenario: cannot read "${line}"`);
  }
  const roster: Roster = { slots: accounts.map((list, i) => ({ id: `slot-${i + 1}`, accounts: list })), hosts: options.hosts ?? ['mod'] };
  const rules = options.rules ?? defaultVoteRules;
  const weights: Record<string, number> = { ...rules.weights };
  for (const [n, w] of Object.entries(options.weights ?? {})) weights[id(n)] = w;
  const dead = new Set((options.dead ?? []).map(id));
  const input: TallyInput = {
    posts,
    roster,
    alive: roster.slots.map((s) => s.id).filter((s) => !dead.has(s)),
    rules: { ...rules, weights },
    dayStartPost: 1,
    ...(deadline === undefined ? {} : { dayEndPost: deadline }),
    events,
    ...(options.mafia === undefined ? {} : { mafiaSlots: options.mafia.map(id) }),
  };
  const tally = tallyVotes(input);
  const name = (slotId: string): string => {
    const slot = roster.slots.find((s) => s.id === slotId);
    return slot === undefined ? slotId : currentName(slot);
  };
  const wagons: Record<string, string[]> = {};
  for (const w of tally.wagons)
    wagons[w.target.kind === 'no-lynch' ? 'NO LYNCH' : name(w.target.slotId)] = w.votes.map((v) => name(v.slotId));
  const o = tally.outcome;
  const outcome =
    o.kind === 'lynch'
      ? name(o.slotId)
      : o.kind === 'no-lynch'
        ? 'NO LYNCH'
        : o.kind === 'no-majority'
          ? 'no majority'
          : o.kind === 'tie'
            ? 'tie'
            : o.kind === 'game-called'
              ? 'game called'
              : 'in progress';
  const hammer =
    tally.hammer === null
      ? null
      : { post: tally.hammer.post, target: tally.hammer.target.kind === 'no-lynch' ? 'NO LYNCH' : name(tally.hammer.target.slotId) };
  return { input, tally, wagons, outcome, hammer, id, name };
}

/** The reasons of every refused record, as `author: reason` strings. */
export function refusals(s: Scenario): string[] {
  return s.tally.history.filter((r) => !r.counted).map((r) => `${r.author}: ${r.reason ?? '?'}`);
}
