import { describe, expect, it } from 'vitest';
import { matchName, matchVoteTarget, type NameMatch, type Roster } from '../../../src/engine';

const roster: Roster = {
  hosts: ['mod'],
  slots: [
    { id: 'kirby', accounts: [{ name: 'Kirby' }] },
    { id: 'elmo', accounts: [{ name: 'Elmo' }] },
    { id: 'mario', accounts: [{ name: 'MarioManiac4' }] },
    { id: 'kmd', accounts: [{ name: 'Kmd4390' }] },
    { id: 'jil', accounts: [{ name: 'Bezukhov' }, { name: 'jilynne1991', fromPost: 300 }] },
    { id: 'lucky', accounts: [{ name: 'Luckyjt' }] },
    { id: 'wormy', accounts: [{ name: 'WormyKrew' }] },
    { id: 'robster', accounts: [{ name: 'Golden Robster' }] },
    { id: 'bulge', accounts: [{ name: 'The Bulge' }] },
    { id: 'kida', accounts: [{ name: 'Kid A' }] },
    { id: 'goodfather', accounts: [{ name: 'The Goodfather' }] },
    { id: 'goldfish', accounts: [{ name: 'Quietgoldfish' }] },
    { id: 'salt', accounts: [{ name: 'Salt and Pepper' }] },
    { id: 'pepper', accounts: [{ name: 'Pepper' }] },
    { id: 'boris', accounts: [{ name: 'Борис' }] },
    { id: 'arkady', accounts: [{ name: 'Аркадий' }] },
    { id: 'townsend', accounts: [{ name: 'Townsend' }] },
  ],
};

const read = (m: NameMatch): string => {
  switch (m.kind) {
    case 'match':
      return `${m.slotId} by ${m.how}${m.reading === undefined ? '' : ` (${m.reading})`}`;
    case 'ambiguous':
      return `ambiguous ${m.candidates.map((c) => c.slotId).join('|')}`;
    case 'several':
      return `several ${m.candidates.map((c) => c.slotId).join('|')}`;
    case 'none':
      return 'none';
  }
};
const vote = (text: string, r: Pick<Roster, 'slots'> = roster, atPost?: number): string =>
  read(matchVoteTarget(text, r, atPost === undefined ? {} : { atPost }));

describe('a 1-3 letter nickname that fits exactly one player', () => {
  it('reads one letter that starts one name alone, and two or three letters that start or end one name', () => {
    expect(vote('P')).toBe('pepper by short-nickname');
    expect(vote('jt')).toBe('lucky by short-nickname');
    expect(vote('rew')).toBe('wormy by short-nickname');
  });

  it('never reads a function word, and asks when the letters fit two players', () => {
    // "I", "a", "to" and "и" are words, whoever's name starts with them.
    const r: Roster = {
      hosts: [],
      slots: [
        { id: 'ice', accounts: [{ name: 'Icarus' }] },
        { id: 'top', accounts: [{ name: 'Topaz' }] },
      ],
    };
    expect(vote('I', r)).toBe('none');
    expect(vote('to', r)).toBe('none');
    expect(vote('и', roster)).toBe('none');
    // Kirby, Kmd4390 and Kid A all start with k.
    expect(vote('K')).toBe('ambiguous kirby|kmd|kida');
  });

  it('a function word in capitals may be initials: "IS" is Internet Stranger, "is" is a word', () => {
    const r: Roster = {
      hosts: [],
      slots: [
        { id: 'is', accounts: [{ name: 'Internet Stranger' }] },
        { id: 'k', accounts: [{ name: 'Kirby' }] },
      ],
    };
    expect(vote('IS', r)).toBe('is by initials');
    expect(vote('is', r)).toBe('none');
  });

  it('reads only a vote written as the letters alone, not a letter a sentence break leaves', () => {
    expect(vote('W. Edit: never mind')).toBe('none');
  });
});

describe('extra words around a name', () => {
  it('an article before the name', () => {
    expect(vote('the Kirb')).toBe('kirby by prefix (article)');
    expect(vote('der Elmo')).toBe('elmo by exact (article)');
  });

  it("slot words: X's slot, X slot, slot X", () => {
    expect(vote('Kirbs slot')).toBe('kirby by edit-distance (slot-words)');
    expect(vote('slot Kirb')).toBe('kirby by prefix (slot-words)');
  });

  it('a word written twice', () => {
    expect(vote('Elm Elm')).toBe('elmo by prefix (repeated-word)');
  });

  it('a pun on one word of a multi-word name', () => {
    expect(vote('SleepyKrew')).toBe('wormy by word-pun');
    expect(vote('Golden Douchebag')).toBe('robster by word-pun');
  });

  it('no pun on a short or function word: "Kid B" is not Kid A, "The Town" is not The Bulge', () => {
    expect(vote('Kid B')).not.toBe('kida by word-pun');
    expect(vote('The Town')).toBe('none');
  });

  it('a word of the game after an article is not a loose name ("the town" is not Townsend)', () => {
    expect(vote('the town')).toBe('none');
    expect(vote('town')).toBe('none');
    expect(vote('Towns')).toBe('none');
    expect(vote('Townse')).toBe('townsend by prefix');
    const r: Roster = { hosts: [], slots: [{ id: 'town', accounts: [{ name: 'Town' }] }] };
    expect(vote('town', r)).toBe('town by normalized');
    const crier: Roster = { hosts: [], slots: [{ id: 'nm', accounts: [{ name: 'Not_Mafia' }] }] };
    expect(vote('mafia', crier)).toBe('nm by word');
    expect(vote('maf', crier)).toBe('none');
  });

  it('a name of several words that holds an article is its own name first', () => {
    expect(vote('The Bulge')).toBe('bulge by exact');
    expect(vote('the bulge')).toBe('bulge by normalized');
  });
});

describe('abbreviations with digits, or longer than five letters', () => {
  it('reads pieces of the starts of the words, a number by its start or its end', () => {
    expect(vote('MarManiac')).toBe('mario by word-starts');
    expect(vote('K4390')).toBe('kmd by word-starts');
    expect(vote('jily91')).toBe('jil by word-starts');
  });

  it('never reads a sentence or a common word as pieces of a name', () => {
    const r: Roster = { hosts: [], slots: [{ id: 'p', accounts: [{ name: 'PleasantLemonSquash' }] }] };
    expect(vote('please', r)).not.toContain('word-starts');
    expect(vote('please lemon squash and everything else you can think of today', r)).not.toContain('word-starts');
  });
});

describe('typos beyond the edit limit: repeated letters', () => {
  it('reads a held key as one letter', () => {
    expect(vote('Kirrrrrrby')).toBe('kirby by repeated-letters');
    expect(vote('Elmmmmmmmoooo')).toBe('elmo by repeated-letters');
  });

  it('asks when two names differ only in a doubled letter', () => {
    const r: Roster = {
      hosts: [],
      slots: [
        { id: 'ana', accounts: [{ name: 'Ana' }] },
        { id: 'anna', accounts: [{ name: 'Anna' }] },
      ],
    };
    expect(vote('Anna', r)).toBe('anna by exact');
    expect(vote('Annnna', r)).toBe('ambiguous ana|anna');
  });
});

describe("the thread's own nickname before a generic abbreviation", () => {
  it('reads GF as the thread uses it, not as The Goodfather', () => {
    expect(vote('GF')).toBe('goodfather by abbreviation');
    expect(read(matchVoteTarget('GF', roster, { nicknames: [{ nickname: 'gf', slotId: 'goldfish' }] }))).toBe(
      'goldfish by thread-nickname',
    );
  });

  it("never over a player's own name", () => {
    expect(read(matchVoteTarget('Kirby', roster, { nicknames: [{ nickname: 'kirby', slotId: 'elmo' }] }))).toBe('kirby by exact');
  });
});

describe('a replacement who joins later', () => {
  const r: Roster = {
    hosts: [],
    slots: [
      { id: 'kirby', accounts: [{ name: 'Kirby' }] },
      { id: 'zed', accounts: [{ name: 'Zed' }, { name: 'Kirsten', fromPost: 500 }] },
    ],
  };

  it('does not make an earlier loose name ambiguous', () => {
    expect(vote('kir', r, 100)).toBe('kirby by prefix');
    expect(vote('kir', r, 600)).toBe('ambiguous kirby|zed');
  });

  it('is still reached by their exact name', () => {
    expect(vote('Kirsten', r, 100)).toBe('zed by exact');
  });
});

describe('an ambiguity lists every candidate', () => {
  it('the closest fits first, then those only a looser tier fits', () => {
    const r: Roster = {
      hosts: [],
      slots: [
        { id: 'brainy', accounts: [{ name: 'Brainy' }] },
        { id: 'brainiac', accounts: [{ name: 'Brainiac' }] },
        { id: 'brian', accounts: [{ name: 'Prolapsed Brian' }] },
      ],
    };
    const m = matchName('brain', r);
    expect(m).toMatchObject({ kind: 'ambiguous', how: 'prefix', closest: 2 });
    expect(read(m)).toBe('ambiguous brainy|brainiac|brian');
  });
});

describe('a vote naming two players is refused, in any common language', () => {
  it.each([
    'Kirby or Elmo',
    'Kirby and Elmo',
    'Kirby/Elmo',
    'Kirby & Elmo',
    'Kirby oder Elmo',
    'Kirby und Elmo',
    'Kirby ou Elmo',
    'Kirby et Elmo',
    'Kirby o Elmo',
    'Kirby y Elmo',
    'Kirby lub Elmo',
    'Kirby albo Elmo',
    'Kirby i Elmo',
    'Kirby or Elmo, either is fine',
  ])('%s', (text) => {
    expect(vote(text)).toBe('several kirby|elmo');
  });

  it('Russian или and и', () => {
    expect(vote('Борис или Аркадий')).toBe('several boris|arkady');
    expect(vote('Борис и Аркадий')).toBe('several boris|arkady');
  });

  it('three players are all listed', () => {
    expect(vote('Kirby, Elmo or Pepper')).toContain('several');
    expect(vote('Kirby or Elmo or Pepper')).toBe('several kirby|elmo|pepper');
  });

  it('not a name that holds the word, nor one name with words after it, nor two names of one slot', () => {
    expect(vote('Salt and Pepper')).toBe('salt by exact');
    expect(vote('Salt and Pepper, obviously')).toBe('salt by name-then-words');
    expect(vote('Kirby and I')).toBe('kirby by name-then-words');
    expect(vote('Kirby and then we will see')).toBe('kirby by name-then-words');
    expect(vote('Kirby of course Elmo is town')).toBe('kirby by name-then-words');
    expect(vote('Bezu/Jily')).toBe('jil by prefix (alternatives)');
  });
});

describe('long bold text that is not a vote for anyone', () => {
  it.each([
    'for the town',
    'to wait until everyone has posted',
    'I think we should all take a moment and consider what the town really needs here, and I am not sure',
    'is a hammer and I and a and or the to',
    'a',
    'the',
  ])('%s names nobody', (text) => {
    expect(vote(text)).toBe('none');
  });
});
