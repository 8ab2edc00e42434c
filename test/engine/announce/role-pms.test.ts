/**
 * The role PMs a host sends at setup (issue 19, "role PMs"): one per player,
 * with his role in the post's language, his side and how it wins, his
 * abilities with their phase and limits, the modifiers on his role, his team
 * where his side knows its members, his group where his role's holders know
 * each other, a Lyncher's target; and nothing about anyone else's role.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { composeRolePms, findRuleset, type RolePmPlayer, type Ruleset } from '../../../src/engine';

function preset(id: string): Ruleset {
  const r = findRuleset(id);
  if (r === undefined) throw new Error(`no preset ${id}`);
  return r;
}

type Extra = Partial<Pick<RolePmPlayer, 'secondRole' | 'family' | 'target'>>;
const player = (name: string, faction: string, role: string, extra: Extra = {}): RolePmPlayer => ({
  slot: { id: `s-${name}` },
  name,
  faction,
  role,
  ...extra,
});

function pmOf(out: ReturnType<typeof composeRolePms>, name: string): string {
  const pm = out.pms.find((p) => p.name === name);
  if (pm === undefined) throw new Error(`no PM for ${name}`);
  return pm.text;
}

describe('forum-standard role PMs', () => {
  const ruleset = preset('forum-standard');
  const roster = [
    player('Ann', 'town', 'macho one-shot doctor'),
    player('Bob', 'mafia', 'goon'),
    player('Cid', 'mafia', 'godfather'),
    player('Dan', 'town', 'mason'),
    player('Eve', 'town', 'mason'),
    player('Fay', 'lyncher', 'lyncher', { target: 's-Ann' }),
    player('Gus', 'town', 'vanilla'),
  ];
  const out = composeRolePms({ players: roster }, ruleset, 'en', 'bbcode');

  it('writes one PM per player, in roster order, greeting him by name with his role and side', () => {
    expect(out.pms.map((p) => p.name)).toEqual(['Ann', 'Bob', 'Cid', 'Dan', 'Eve', 'Fay', 'Gus']);
    expect(out.gaps).toEqual([]);
    expect(pmOf(out, 'Gus')).toContain('Hello, [b]Gus[/b]!\nYour role: [b]Vanilla Townie[/b]\nYour side: [b]Town[/b]');
  });

  it('words each ability with its phase and the limits its modifiers set (one-shot, macho)', () => {
    const ann = pmOf(out, 'Ann');
    expect(ann).toContain('Your role: [b]Macho One-shot Doctor[/b]');
    expect(ann).toContain('• Protect: at night, once a game, not on yourself');
    expect(ann).toContain('• Macho: you cannot be protected');
    expect(ann).toContain('• One-shot: each ability once a game');
  });

  it('a day-only modifier moves the ability to the day', () => {
    const pm = composeRolePms({ players: [player('Vic', 'town', 'day-only vigilante')] }, ruleset, 'en', 'bbcode');
    expect(pmOf(pm, 'Vic')).toContain('• Shoot: by day');
  });

  it("the mafia's PMs list each other with their roles (the faction knows its members); the town's list nobody", () => {
    expect(pmOf(out, 'Bob')).toContain('[b]Your team (Mafia)[/b]\nCid: Godfather');
    expect(pmOf(out, 'Cid')).toContain('[b]Your team (Mafia)[/b]\nBob: Mafia Goon');
    expect(pmOf(out, 'Gus')).not.toContain('Your team');
    expect(pmOf(out, 'Bob')).toContain('You win when the living mafia are as many as everyone else alive');
    expect(pmOf(out, 'Gus')).toContain('You win when every player against the town is gone');
  });

  it('Masons are told each other (knowsHolders), as the setup group messages say', () => {
    expect(pmOf(out, 'Dan')).toContain('The other players with the role Mason: Eve. The host opens your group a private chat.');
    expect(pmOf(out, 'Eve')).toContain('The other players with the role Mason: Dan.');
    expect(pmOf(out, 'Gus')).not.toContain('Mason');
  });

  it('the Lyncher is told his target and wins when it is lynched; without a target his PM waits', () => {
    const fay = pmOf(out, 'Fay');
    expect(fay).toContain('Your target: [b]Ann[/b]');
    expect(fay).toContain('You win if Ann is lynched while you are alive.');
    expect(fay).not.toContain('no win of its own');
    const without = composeRolePms({ players: [player('Fay', 'lyncher', 'lyncher'), player('Gus', '?', '?')] }, ruleset, 'en', 'bbcode');
    expect(without.pms).toEqual([]);
    expect(without.gaps).toEqual([
      { to: 's-Fay', name: 'Fay', missing: 'target' },
      { to: 's-Gus', name: 'Gus', missing: 'role' },
    ]);
  });

  it('the cult knows its members and wins by its own parity; Neighbors are told each other', () => {
    const cult = composeRolePms(
      {
        players: [
          player('Ann', 'cult', 'cult-recruiter'),
          player('Bob', 'cult', 'cultist'),
          player('Cid', 'town', 'neighbor'),
          player('Dan', 'town', 'neighbor'),
        ],
      },
      { ...ruleset, win: { kind: 'parity', mafiaWinsWhen: 'at-parity', ownParity: ['cult'] } },
      'en',
      'bbcode',
    );
    expect(pmOf(cult, 'Ann')).toContain('[b]Your team (Cult)[/b]\nBob: Cultist');
    expect(pmOf(cult, 'Ann')).toContain('Your side wins when its living players are as many as everyone else alive.');
    expect(pmOf(cult, 'Cid')).toContain('The other players with the role Neighbor: Dan.');
    expect(pmOf(cult, 'Cid')).not.toContain('Cult');
  });

  it('Markdown escapes a name so it cannot open formatting', () => {
    const md = composeRolePms({ players: [player('al_1*', 'town', 'vanilla')] }, ruleset, 'en', 'markdown');
    expect(pmOf(md, 'al_1*')).toContain('Hello, **al\\_1\\***!');
  });
});

describe('001 role PMs', () => {
  // 001 L47: "Every player gets one lynch vote during the day unless told otherwise in their role PM."
  // 001 L85: "Read the rules and your Role PM once more."
  const ruleset = preset('forum-template-001');
  const out = composeRolePms(
    {
      players: [
        player('Ann', 'town', 'cop'),
        player('Bob', 'mafia', 'goon'),
        player('Cid', 'mafia', 'mafia-roleblocker'),
        player('Dan', 'third-party', 'treestump'),
      ],
    },
    ruleset,
    'en',
    'bbcode',
  );

  it('the mafia is told its members; the cop is not; a third party without a win of its own is told the host gives his goal', () => {
    expect(pmOf(out, 'Bob')).toContain('[b]Your team (Mafia)[/b]\nCid: Mafia Roleblocker');
    expect(pmOf(out, 'Ann')).toContain('• Investigate: at night');
    expect(pmOf(out, 'Ann')).not.toContain('Your team');
    expect(pmOf(out, 'Dan')).toContain('Your side has no win of its own in these rules: the host tells you your goal.');
  });
});

describe('000 role PMs', () => {
  // 000 L28–L30: "After Day 5, the game is over … The Mafia wins if at least half of the Mafia Members are still alive.
  // If the Mafia loses, then (at least) one of the families wins. The family that has killed all Mafia Members in its
  // family and has the most Civilians alive wins."
  const ruleset = preset('mafia-1923-000');
  const out = composeRolePms(
    {
      players: [
        player('Ann', 'civilians', 'sheriff', { family: 'Corleone' }),
        player('Bob', 'mafia', 'mafia-member', { family: 'Corleone', secondRole: 'thief' }),
        player('Cid', 'mafia', 'mafia-member', { family: 'Barzini' }),
      ],
    },
    ruleset,
    'en',
    'bbcode',
  );

  it('the family, the family goal, and the Sheriff’s day jail with its uses and own-family limit', () => {
    const ann = pmOf(out, 'Ann');
    expect(ann).toContain('Your family: [b]Corleone[/b]');
    expect(ann).toContain('Nothing is decided before Day 5 is over. Then the Mafia wins if at least 50% of its members are alive');
    expect(ann).toMatch(/• [^\n]*: by day, 2 times a game, 2 targets, on yourself at most once, on your own family at most once/u);
    expect(ann).not.toContain('Your team');
  });

  // L22: "Players may either sign up as a whole family of 8 or 10 people, as an individual, or as a group"; L172: "The
  // individual vote must be for someone in your family": a family's members are public, and each PM names them.
  it('L22/L172: each player is told the other members of his family by name, never their roles', () => {
    const ann = pmOf(out, 'Ann');
    expect(ann).toContain('Your family: [b]Corleone[/b]\nThe other members of your family: Bob.');
    expect(ann).not.toContain('Thief');
    expect(pmOf(out, 'Cid')).toContain('Your family: [b]Barzini[/b]\nYou are the only member of your family.');
    const ru = composeRolePms(
      {
        players: [
          player('Аня', 'civilians', 'townsperson', { family: 'Corleone' }),
          player('Боря', 'civilians', 'doctor', { family: 'Corleone' }),
          player('Вика', 'mafia', 'mafia-member', { family: 'Corleone' }),
          player('Гена', 'civilians', 'townsperson', { family: 'Barzini' }),
        ],
      },
      ruleset,
      'ru',
      'markdown',
    );
    const anya = pmOf(ru, 'Аня');
    expect(anya).toContain('Другие члены вашей семьи: Боря и Вика.');
    expect(anya).not.toContain('Гена');
  });

  it('a Mafia Member with a second role is told it, and the other Mafia Members with theirs', () => {
    const bob = pmOf(out, 'Bob');
    expect(bob).toContain('Your second role: [b]Thief[/b]');
    expect(bob).toContain('[b]Your team (Mafia)[/b]\nCid: Mafia Member');
    expect(pmOf(out, 'Cid')).toContain('Bob: Mafia Member + Thief');
  });
});

describe('004 role PMs in Russian', () => {
  const ruleset = preset('russian-004');
  const out = composeRolePms(
    {
      players: [
        player('Аня', 'red', 'doctor'),
        player('Боря', 'mafia', 'mafia'),
        player('Вика', 'mafia', 'boss-son'),
        player('Гена', 'grey', 'faceless'),
      ],
    },
    ruleset,
    'ru',
    'markdown',
  );

  it('names the roles and sides by the preset’s Russian names', () => {
    expect(pmOf(out, 'Аня')).toContain('Здравствуйте, **Аня**!\nВаша роль: **Доктор**');
    expect(pmOf(out, 'Вика')).toContain('Ваша роль: **Сын босса**');
    expect(pmOf(out, 'Аня')).toContain('**Ваши способности**\n• Лечение: ночью');
  });

  it('L14 "Поправка по напарникам": the mafia knows its partners; the red doctor knows nobody', () => {
    expect(pmOf(out, 'Боря')).toContain('**Ваша команда (Мафия)**\nВика: Сын босса');
    expect(pmOf(out, 'Аня')).not.toContain('Ваша команда');
  });

  it('L171 "Конец игры наступает либо после выбывания всех черных и безликого…": each colour’s win', () => {
    expect(pmOf(out, 'Аня')).toContain('Красные побеждают, когда из игры выбыли все чёрные и Безликий.');
    expect(pmOf(out, 'Боря')).toContain('Чёрные побеждают, когда к началу дня живых красных меньше, чем чёрных');
  });

  it('L66 "Если безликий смог пережить 9 … игроков от стартового состава": the Faceless’s count, in a Russian plural', () => {
    expect(pmOf(out, 'Гена')).toContain('Вы побеждаете, если переживёте выбывание 9 игроков стартового состава.');
    const extended = composeRolePms({ players: [player('Гена', 'grey', 'faceless')] }, preset('russian-004-extended'), 'ru', 'bbcode');
    expect(pmOf(extended, 'Гена')).toContain('выбывание 12 игроков');
  });

  it('the same 004 game in English', () => {
    const en = composeRolePms({ players: [player('Ann', 'red', 'doctor')] }, ruleset, 'en', 'bbcode');
    expect(pmOf(en, 'Ann')).toContain('The reds win when every black player and the Faceless are out of the game.');
  });
});

describe('a town PM says nothing about anyone else (property)', () => {
  const names = ['Alder', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fir', 'Ginkgo', 'Hazel', 'Ivy'];
  const cases: readonly { readonly id: string; readonly town: string; readonly pool: readonly (readonly [string, string])[] }[] = [
    {
      id: 'forum-standard',
      town: 'town',
      pool: [
        ['town', 'vanilla'],
        ['town', 'cop'],
        ['town', 'doctor'],
        ['town', 'macho vigilante'],
        ['mafia', 'goon'],
        ['mafia', 'godfather'],
        ['serial-killer', 'serial-killer'],
        ['jester', 'jester'],
        ['survivor', 'survivor'],
      ],
    },
    {
      id: 'forum-template-001',
      town: 'town',
      pool: [
        ['town', 'vanilla'],
        ['town', 'cop'],
        ['town', 'doctor'],
        ['mafia', 'goon'],
        ['mafia', 'hitman'],
        ['third-party', 'treestump'],
      ],
    },
    {
      id: 'russian-004',
      town: 'red',
      pool: [
        ['red', 'citizen'],
        ['red', 'doctor'],
        ['red', 'commissar'],
        ['mafia', 'mafia'],
        ['maniac', 'maniac'],
        ['grey', 'faceless'],
      ],
    },
  ];
  for (const c of cases) {
    it(`${c.id}: a town player's PM is the same whatever the others hold, and names no other player`, () => {
      const ruleset = preset(c.id);
      const towns = c.pool.filter(([f]) => f === c.town);
      const assignment = fc.array(fc.integer({ min: 0, max: c.pool.length - 1 }), {
        minLength: names.length - 1,
        maxLength: names.length - 1,
      });
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: towns.length - 1 }),
          assignment,
          assignment,
          fc.constantFrom<'en' | 'ru'>('en', 'ru'),
          fc.constantFrom<'bbcode' | 'markdown'>('bbcode', 'markdown'),
          (mine, a, b, language, dialect) => {
            const own = towns[mine] ?? towns[0];
            if (own === undefined) return;
            const roster = (picks: readonly number[]): RolePmPlayer[] => [
              player(names[0] ?? '', own[0], own[1]),
              ...picks.map((i, k) => {
                const [faction, role] = c.pool[i] ?? c.pool[0] ?? ['', ''];
                return player(names[k + 1] ?? '', faction, role);
              }),
            ];
            const first = pmOf(composeRolePms({ players: roster(a) }, ruleset, language, dialect), names[0] ?? '');
            const second = pmOf(composeRolePms({ players: roster(b) }, ruleset, language, dialect), names[0] ?? '');
            expect(first).toBe(second);
            for (const other of names.slice(1)) expect(first).not.toContain(other);
          },
        ),
        { numRuns: 60 },
      );
    });
  }
});
