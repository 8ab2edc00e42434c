/**
 * Seed 004 L125.9 "Агент может сам указать ведущему свою команду": the words a
 * Russian or English player writes for a side, as data for the tally
 * (`voting.day.roleDay.sideReport.words`, read by `colorNamed` in
 * `src/engine/voting/day-004-lynch-2.ts`). Each colour lists the forms of its
 * colour word and of its factions' names, in the cases a sentence puts them in
 * ("я за красных", "играю за мафию", "моя команда — чёрные", "I'm with the
 * mafia"); the words said around them are ignored. A word outside both lists
 * (a "не") names no side, so the side stays hidden rather than guessed.
 */
import type { SideWords } from '../../types';

/** Every case, singular and plural, of a Russian adjective from its stem ("красн" → красный … красными). */
const adjective = (stem: string): string[] =>
  ['ый', 'ая', 'ое', 'ые', 'ого', 'ой', 'ых', 'ому', 'ым', 'ую', 'ыми'].map((end) => stem + end);

export const sideWords004: SideWords = {
  colors: {
    red: [
      ...adjective('красн'),
      ...adjective('мирн'),
      'город',
      'города',
      'городу',
      'городом',
      'горожане',
      'горожан',
      'горожанам',
      'мирные жители',
      'мирных жителей',
      'мирным жителям',
      'red',
      'reds',
      'town',
      'townie',
      'townies',
      'peaceful',
      'citizens',
    ],
    black: [
      ...adjective('черн'),
      'мафия',
      'мафии',
      'мафию',
      'мафией',
      'мафиози',
      'маньяк',
      'маньяка',
      'маньяку',
      'маньяком',
      'оборотень',
      'оборотня',
      'оборотни',
      'оборотней',
      'оборотням',
      'негатив',
      'негативы',
      'негативов',
      'black',
      'blacks',
      'mafia',
      'maniac',
      'werewolf',
      'werewolves',
    ],
    grey: [
      ...adjective('сер'),
      ...['ий', 'ая', 'ое', 'ие', 'ого', 'ой', 'их', 'ому', 'им', 'ую', 'ими'].map((end) => `безлик${end}`),
      'grey',
      'gray',
      'faceless',
    ],
  },
  ignored: [
    'я',
    'мы',
    'за',
    'на',
    'с',
    'со',
    'моя',
    'мой',
    'мои',
    'наша',
    'это',
    'сторона',
    'стороне',
    'сторону',
    'стороны',
    'команда',
    'команде',
    'команду',
    'команды',
    'цвет',
    'играю',
    'выбираю',
    'буду',
    'i',
    'im',
    'am',
    'we',
    'the',
    'a',
    'for',
    'on',
    'with',
    'my',
    'side',
    'team',
    'is',
    'play',
    'choose',
    'colour',
    'color',
  ],
};
