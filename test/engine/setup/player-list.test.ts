import { describe, expect, it } from 'vitest';
import type { BodyNode, ForumPost } from '../../../src/model/post';
import {
  crossCheckPlayerList,
  hostsOfOpeningPost,
  looksLikeSentence,
  namedHosts,
  readPlayerList,
} from '../../../src/engine/setup/player-list';

const text = (s: string): BodyNode[] =>
  s
    .split('\n')
    .flatMap((line, i): BodyNode[] => (i === 0 ? [{ type: 'text', text: line }] : [{ type: 'break' }, { type: 'text', text: line }]));

const names = (r: ReturnType<typeof readPlayerList>) => r?.roster.slots.map((s) => s.accounts.map((a) => a.name).join(' → '));

describe('reading the player list from an opening post', () => {
  it('reads one name per line under a "Players" heading, up to the blank line', () => {
    const r = readPlayerList(text('Welcome!\n\nPlayers:\nAlpha_Wolf\nBluebell\nCorvid\n\nDay 1 begins now.'), 'Host', 0);
    expect(names(r)).toEqual(['Alpha_Wolf', 'Bluebell', 'Corvid']);
    expect(r?.roster.hosts).toEqual(['Host']);
    expect(r?.source).toBe('the player list in post #0');
  });

  it('drops numbering and bullets and takes a counted heading', () => {
    const r = readPlayerList(text('Player list (4)\n1. Ёжик\n2) Kirby\n- KirbyDreamland\n• Mr. Smith'), 'Host', 1);
    expect(names(r)).toEqual(['Ёжик', 'Kirby', 'KirbyDreamland', 'Mr. Smith']);
  });

  it('turns "A replaced B" into one slot held first by B', () => {
    const r = readPlayerList(text('Living players\nAntihero replaced Lateralus22 replaced caelum\nNoodle'), 'Host', 0);
    expect(names(r)).toEqual(['caelum → Lateralus22 → Antihero', 'Noodle']);
  });

  it('finds nothing in a post without a player list', () => {
    expect(readPlayerList(text('Signups are open. Post /in to join.'), 'Host', 0)).toBeNull();
    expect(readPlayerList(text('Players:\nOnlyOne'), 'Host', 0)).toBeNull();
  });

  it('ignores a player list that is only quoted', () => {
    const body: BodyNode[] = [
      { type: 'quote', author: 'Other host', children: text('Players:\nA\nB\nC') },
      { type: 'text', text: 'Nice setup.' },
    ];
    expect(readPlayerList(body, 'Host', 0)).toBeNull();
  });
});

const struck = (s: string): BodyNode => ({ type: 'text', text: s, struck: true });
const plain = (s: string): BodyNode => ({ type: 'text', text: s });
const br: BodyNode = { type: 'break' };

/** Each slot as `holders | dead | fate | role`, for compact expectations. */
const slotsOf = (r: ReturnType<typeof readPlayerList>) =>
  r?.slots.map((s) => ({
    who: s.accounts.join(' → '),
    dead: s.dead,
    fate:
      s.fate === null
        ? null
        : s.fate.kind === 'survived'
          ? 'survived'
          : `${s.fate.kind} ${s.fate.phase === null ? '?' : `${s.fate.phase.kind} ${s.fate.phase.number}`}`,
    role: s.role,
  }));

describe('a player list with notes, strikes and replacements (issue 15)', () => {
  it('reads a struck name as a dead slot, its fate and its role from the notes after it', () => {
    const body: BodyNode[] = [
      plain('Players'),
      br,
      plain('Kirby'),
      br,
      struck('ThinkBig'),
      plain(' - killed Night 1, Town Doctor'),
      br,
      struck('Elmo'),
      plain(' - lynched Day 1, Vanilla Townie'),
      br,
      plain('LurkerLou'),
    ];
    const r = readPlayerList(body, 'Host', 1);
    expect(slotsOf(r)).toEqual([
      { who: 'Kirby', dead: false, fate: null, role: null },
      { who: 'ThinkBig', dead: true, fate: 'killed night 1', role: 'Town Doctor' },
      { who: 'Elmo', dead: true, fate: 'lynched day 1', role: 'Vanilla Townie' },
      { who: 'LurkerLou', dead: false, fate: null, role: null },
    ]);
    expect(r?.deaths).toEqual([
      { slot: 'slot-2', phase: { kind: 'night', number: 1 } },
      { slot: 'slot-3', phase: { kind: 'day', number: 1 } },
    ]);
    expect(r?.problems).toEqual([]);
  });

  it('reads BBCode a plain-text body keeps: [list][*], [s], colour and link tags', () => {
    const r = readPlayerList(
      text(
        '[u]Players[/u]\n[list]\n[*][color=blue]Mister Two Words[/color]\n[*][url=https://f.example/u/2]i_use_underscores[/url]\n[*][s]Scumhunter[/s] - lynched Day 2, Mafia Goon\n[/list]',
      ),
      'Host',
      1,
    );
    expect(slotsOf(r)).toEqual([
      { who: 'Mister Two Words', dead: false, fate: null, role: null },
      { who: 'i_use_underscores', dead: false, fate: null, role: null },
      { who: 'Scumhunter', dead: true, fate: 'lynched day 2', role: 'Mafia Goon' },
    ]);
  });

  it('reads fates written the other ways hosts write them', () => {
    const r = readPlayerList(
      text(
        [
          'Roster:',
          '1) Alpha (killed N1)',
          '2) Beta, survived',
          '3) Gamma - Mafia Goon, D3 lynch',
          '4) Delta - modkilled Day 2',
          '5) Epsilon: killed by the mafia on Night Two',
          '6) Zeta (Town Cop)',
        ].join('\n'),
      ),
      'Host',
      0,
    );
    expect(slotsOf(r)).toEqual([
      { who: 'Alpha', dead: true, fate: 'killed night 1', role: null },
      { who: 'Beta', dead: false, fate: 'survived', role: null },
      { who: 'Gamma', dead: true, fate: 'lynched day 3', role: 'Mafia Goon' },
      { who: 'Delta', dead: true, fate: 'modkilled day 2', role: null },
      { who: 'Epsilon', dead: true, fate: 'killed night 2', role: null },
      { who: 'Zeta', dead: false, fate: null, role: 'Town Cop' },
    ]);
  });

  it('does not read a role that merely contains a death word as a death', () => {
    const r = readPlayerList(text('Players\nAmy - 1-Shot Vigilante\nBob - Serial Killer\nCat - Lyncher\nDan - Executioner'), 'Host', 0);
    expect(r?.slots.map((s) => [s.dead, s.fate, s.role])).toEqual([
      [false, null, '1-Shot Vigilante'],
      [false, null, 'Serial Killer'],
      [false, null, 'Lyncher'],
      [false, null, 'Executioner'],
    ]);
  });

  it('reads every common way of writing a replacement, the first holder first', () => {
    const r = readPlayerList(
      text(
        [
          'Players',
          'Newcomer replaced Oldtimer',
          'Oldtimer2 (replaced by Newcomer2)',
          'Oldtimer3, replaced by Newcomer3',
          'Newcomer4 (replacing Oldtimer4)',
          'Oldtimer5 replaced by Newcomer5 - Mafia Goon',
        ].join('\n'),
      ),
      'Host',
      0,
    );
    expect(names(r)).toEqual([
      'Oldtimer → Newcomer',
      'Oldtimer2 → Newcomer2',
      'Oldtimer3 → Newcomer3',
      'Oldtimer4 → Newcomer4',
      'Oldtimer5 → Newcomer5',
    ]);
    expect(r?.slots[4]?.role).toBe('Mafia Goon');
  });

  it('does not take a struck first holder for a dead slot: they were replaced', () => {
    const body: BodyNode[] = [plain('Players'), br, struck('Oldtimer'), plain(' (replaced by Newcomer)'), br, plain('Bob')];
    const r = readPlayerList(body, 'Host', 0);
    expect(slotsOf(r)?.[0]).toEqual({ who: 'Oldtimer → Newcomer', dead: false, fate: null, role: null });
  });

  it('leaves sentences, over-long lines and a second listing out, and says so', () => {
    const r = readPlayerList(
      text(['Players:', 'Alpha', 'Beta', 'alpha', 'Roles have been sent by PM.', 'x'.repeat(400), 'Gamma'].join('\n')),
      'Host',
      0,
    );
    expect(names(r)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(r?.problems.map((p) => p.code)).toEqual(['player-list/duplicate', 'player-list/sentence', 'player-list/unreadable']);
  });

  it('keeps a replacement line whose replacement already holds another slot: one account, two slots, not a second listing', () => {
    const r = readPlayerList(text('Players:\nBezukhov\nAlice\nBezukhov replaced Carol'), 'Host', 0);
    expect(slotsOf(r)?.map((s) => s.who)).toEqual(['Bezukhov', 'Alice', 'Carol → Bezukhov']);
    expect(r?.problems).toEqual([]);
  });

  it("takes a line that is a poster's whole account name as that account, though it holds a note's punctuation", () => {
    const list = 'Players:\nTom; Jerry\nSmith, John (Jr)\nAlice (replaced by Bob)\nAT&amp;T;';
    // Without the thread's posters, the punctuation starts notes.
    expect(names(readPlayerList(text(list), 'Host', 0))).toEqual(['Tom', 'Smith', 'Alice → Bob', 'AT&amp']);
    const r = readPlayerList(text(list), 'Host', 0, ['Host', 'Tom; Jerry', 'Smith, John (Jr)', 'Bob', 'AT&amp;T;']);
    expect(names(r)).toEqual(['Tom; Jerry', 'Smith, John (Jr)', 'Alice → Bob', 'AT&amp;T;']);
  });

  it('keeps names that look a little like sentences but are names', () => {
    const r = readPlayerList(text('Players:\nMister Two Words\nThe Fool\nMr. Smith\nLord Of Nothing'), 'Host', 0);
    expect(names(r)).toEqual(['Mister Two Words', 'The Fool', 'Mr. Smith', 'Lord Of Nothing']);
    expect(r?.problems).toEqual([]);
  });

  it('reports a dead slot whose line does not say when, and dates no death for it', () => {
    const body: BodyNode[] = [plain('Players'), br, struck('Gone'), br, plain('Here')];
    const r = readPlayerList(body, 'Host', 0);
    expect(r?.slots[0]?.dead).toBe(true);
    expect(r?.deaths).toEqual([]);
    expect(r?.problems).toEqual([{ code: 'player-list/dead-no-phase', name: 'Gone', line: 'Gone' }]);
  });

  it('goes on into a "Dead" section after a blank line, and stops at any other blank line', () => {
    const r = readPlayerList(text('Living players (2):\nAmy\nBob\n\nDead:\nCat - lynched D1\n\nRules\nNo talking.'), 'Host', 0);
    expect(slotsOf(r)).toEqual([
      { who: 'Amy', dead: false, fate: null, role: null },
      { who: 'Bob', dead: false, fate: null, role: null },
      { who: 'Cat', dead: true, fate: 'lynched day 1', role: null },
    ]);
  });
});

describe('the hosts of an opening post', () => {
  it('is its author, then the co-hosts it names, never a player', () => {
    const r = readPlayerList(
      text('Hosts: Host and Helper\nBackup mod: Spare\n\nPlayers\nCo-host: Third\nAmy\nBob\n\nMod: please do not PM me during the night.'),
      'Host',
      0,
    );
    expect(r?.roster.hosts).toEqual(['Host', 'Helper', 'Spare', 'Third']);
    expect(names(r)).toEqual(['Amy', 'Bob']);
  });

  it('reads "Hosted by", and leaves out host lines that are sentences', () => {
    expect(
      namedHosts(text('Hosted by Gorny & Kirby\nThe host will post the day start at noon.\nMod: no talking outside the thread')),
    ).toEqual(['Gorny', 'Kirby']);
    expect(hostsOfOpeningPost({ author: 'Gorny', body: text('Co-host: gorny\nCo-Host: Nuts') })).toEqual(['Gorny', 'Nuts']);
  });

  it('does not take a player whose name starts like a host word for a host line', () => {
    const r = readPlayerList(text('Players\nModkiller\nHostess - Town\nAmy'), 'Host', 0);
    expect(names(r)).toEqual(['Modkiller', 'Hostess', 'Amy']);
  });
});

describe('looksLikeSentence', () => {
  it.each(['Roles have been sent by PM.', 'Day 1 starts on Monday at noon', 'please do not vote', 'Good luck!'])(
    '"%s" is a sentence',
    (s) => expect(looksLikeSentence(s)).toBe(true),
  );
  it.each(['Mister Two Words', 'The Fool', 'Mr. Smith', 'i_use_underscores', 'Ёжик'])('"%s" is a name', (s) =>
    expect(looksLikeSentence(s)).toBe(false),
  );
});

describe('the player list against the thread', () => {
  const post = (number: number, author: string): ForumPost => ({ id: String(number), number, author, postedAt: null, body: [] });
  it('reports a listed player who never posts and a frequent poster who is not listed, not hosts or passers-by', () => {
    const roster = {
      hosts: ['Host', 'Cohost'],
      slots: [
        { id: 'slot-1', accounts: [{ name: 'Amy' }] },
        { id: 'slot-2', accounts: [{ name: 'OldBob' }, { name: 'Bob' }] },
        { id: 'slot-3', accounts: [{ name: 'Cat' }] },
      ],
    };
    const posts = [
      post(1, 'Host'),
      post(2, 'amy'),
      post(3, 'Bob'),
      post(4, 'Kat'),
      post(5, 'Kat'),
      post(6, 'Kat'),
      post(7, 'Cohost'),
      post(8, 'Cohost'),
      post(9, 'Cohost'),
      post(10, 'Spectator'),
    ];
    expect(crossCheckPlayerList(roster, posts)).toEqual([
      { code: 'player-list/never-posts', name: 'Cat' },
      { code: 'player-list/not-listed', name: 'Kat', posts: 3 },
    ]);
  });
});

describe('replacements and marks written in markup, as hosts on mafiascum write them', () => {
  it('reads a struck name beside an unstruck one as a replaced player, the nearer the more recent', () => {
    const body: BodyNode[] = [
      plain('Player list'),
      br,
      plain('1. Oversoul '),
      struck('Vinkah'),
      br,
      struck('monk'),
      plain(' '),
      struck('Brokenscraps'),
      plain(' Twistedspoon'),
      br,
      plain('Telo '),
      struck('Nul'),
      plain(' '),
      struck('Jake from State Farm'),
      br,
      plain('Plain Name'),
    ];
    const r = readPlayerList(body, 'Host', 0);
    expect(slotsOf(r)).toEqual([
      { who: 'Vinkah → Oversoul', dead: false, fate: null, role: null },
      { who: 'monk → Brokenscraps → Twistedspoon', dead: false, fate: null, role: null },
      { who: 'Jake from State Farm → Nul → Telo', dead: false, fate: null, role: null },
      { who: 'Plain Name', dead: false, fate: null, role: null },
    ]);
  });

  it('reads a struck name followed by its fate, with no separator, as dead (the fate is no new holder)', () => {
    const body: BodyNode[] = [plain('Players'), br, struck('Elmo'), plain(' lynched D1'), br, plain('Kirby')];
    expect(slotsOf(readPlayerList(body, 'Host', 0))?.[0]).toEqual({ who: 'Elmo', dead: true, fate: 'lynched day 1', role: null });
  });

  it('reads "rep." and nested "(replacing …)" chains, the first holder first', () => {
    const r = readPlayerList(
      text(
        'Player List:\nfrog rep. ThinkBig rep. Perfect Fifth\nMindgamer (replacing Amished (replacing Blueberry))\nGame Replacement rep. skitter30',
      ),
      'Host',
      0,
    );
    expect(names(r)).toEqual(['Perfect Fifth → ThinkBig → frog', 'Blueberry → Amished → Mindgamer', 'skitter30 → Game Replacement']);
  });

  it('drops footnote marks after names and skips the legend under the list, not a list bulleted with the same mark', () => {
    const r = readPlayerList(text('Playerlist:\nKid A*\nMy Milked Eek**\nTvK\n* Prods\n** = two prods'), 'Host', 0);
    expect(names(r)).toEqual(['Kid A', 'My Milked Eek', 'TvK']);
    expect(r?.problems).toEqual([]);
    const bulleted = readPlayerList(text('Players\n* Alice*\n* Bob\n* Carol'), 'Host', 0);
    expect(names(bulleted)).toEqual(['Alice', 'Bob', 'Carol']);
  });

  it('keeps a name that begins with a dash when no space follows it; a dash and a space is a bullet', () => {
    expect(names(readPlayerList(text('Players\n-grey-\n- Bob\nCarol'), 'Host', 0))).toEqual(['-grey-', 'Bob', 'Carol']);
  });
});

describe('a list under "Living" and "Dead" headings', () => {
  it('starts at a "Living" heading and reads the dead section after it', () => {
    const r = readPlayerList(text('Welcome.\n\nLiving\n2. Prox\n3. Oso\n\nDead\n1. Edgerobin - lynched Day 1\n\nHave fun.'), 'Host', 0);
    expect(slotsOf(r)).toEqual([
      { who: 'Prox', dead: false, fate: null, role: null },
      { who: 'Oso', dead: false, fate: null, role: null },
      { who: 'Edgerobin', dead: true, fate: 'lynched day 1', role: null },
    ]);
  });

  it('does not start at the word "alive" inside a sentence', () => {
    expect(readPlayerList(text('Stay alive out there.\nAmy\nBob'), 'Host', 0)).toBeNull();
  });
});
