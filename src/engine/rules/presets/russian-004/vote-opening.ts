/**
 * 004 L150 "Если голос дан до объявления о начале выборов или голосования, он не засчитывается": how the host's post
 * that opens the vote reads. The seed names the announcement, not its words, so Gavel reads the lines a host of that
 * forum writes to open it (past or present tense only: "Голосование начинается в 21.00" in the morning post is a
 * schedule, not the opening, and the whole line must be the phrase), with English equivalents for a game hosted in English.
 */
import type { VoteOpeningGrammar } from '../../types';

export const voteOpening004: VoteOpeningGrammar = {
  phrases: [
    'голосование',
    'голосование началось',
    'голосование открыто',
    'начинаем голосование',
    'начало голосования',
    'старт голосования',
    'выборы',
    'выборы мэра',
    'выборы начались',
    'выборы мэра начались',
    'выборы открыты',
    'начинаем выборы',
    'начинаем выборы мэра',
    'начало выборов',
    'голосуем',
    'vote',
    'voting',
    'voting is open',
    'the vote is open',
    'the vote has started',
    'voting has started',
    'the election is open',
  ],
};
