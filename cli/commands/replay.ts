import { InputError, UsageError, parseArgs, type CliCommand } from '../command';
import { createBodyReader, loadCorpus, loadGamePosts, phpbbMayHoldVote } from '../corpus/load';
import { replayGame, summarize, type DayResult } from '../corpus/replay';
import { mafiascumRuleset, voteRulesOf } from '../../src/engine';
import { resolve } from 'node:path';

/** `gavel replay <corpus-dir> [--json]`: counts every scored day of a corpus of real games and scores the result. */
export const command: CliCommand = {
  name: 'replay',
  summary: 'replay the votes of a corpus of finished games and score lynch and hammer per day',
  usage: [
    'Usage: gavel replay <corpus-dir> [--json] [--thread <id>]',
    '',
    '  <corpus-dir>   a folder laid out like ../shared/corpus/mafiascum (archive.txt, transitions.tsv, posts/<thread>.jsonl)',
    '  --json         one JSON line per day, then one summary line',
    '  --thread <id>  replay one thread only',
  ].join('\n'),
  run: async (args, io) => {
    const { positional, values, switches } = parseArgs(args, { values: ['thread'], switches: ['json'] });
    const [dir, ...extra] = positional;
    if (dir === undefined) throw new UsageError('missing <corpus-dir>');
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0] ?? ''}`);
    const corpus = loadCorpus(resolve(io.cwd, dir));
    const only = values.get('thread');
    const games = corpus.games.filter((g) => only === undefined || g.thread === only);
    if (games.length === 0) throw new InputError(`no game with thread ${only ?? ''} in ${dir}`);
    const readBody = createBodyReader();
    const json = switches.has('json');
    const days: DayResult[] = [];
    let replayed = 0;
    // Posts are read only where a vote may be, by the grammar the games are counted with.
    const grammar = voteRulesOf(mafiascumRuleset)?.grammar;
    for (const game of games) {
      const ends = corpus.transitions.get(game.gameId);
      if (ends === undefined) continue;
      const posts = loadGamePosts(corpus, game, readBody, (html) => grammar === undefined || phpbbMayHoldVote(html, grammar));
      if (posts === null) {
        io.err(`skipped ${game.thread}: no posts file\n`);
        continue;
      }
      replayed++;
      for (const day of replayGame(game, ends, posts)) {
        days.push(day);
        if (json) io.out(`${JSON.stringify({ thread: day.thread, day: day.day, lynch: day.lynch, hammerPost: day.hammerPost })}\n`);
      }
    }
    const summary = summarize(replayed, days);
    if (json) {
      io.out(`${JSON.stringify({ summary })}\n`);
      return 0;
    }
    const mark = (x: boolean | null): string => (x === null ? '-' : x ? 'ok' : 'WRONG');
    for (const d of days) {
      io.out(
        `${d.thread} D${d.day}: lynch ${d.lynch ?? 'none'} (archive: ${d.expectedLynch ?? '?'}) ${mark(d.lynchCorrect)}; hammer #${d.hammerPost ?? '-'} (day ended #${d.endPost}) ${mark(d.hammerCorrect)}\n`,
      );
    }
    const wrong = days.filter((d) => d.correct === false);
    if (wrong.length > 0) io.out(`\nWrong days (${wrong.length}):\n`);
    for (const d of wrong) {
      io.out(
        `${d.thread} D${d.day}: predicted ${d.lynch ?? 'no majority'} at #${d.hammerPost ?? '-'}, archive ${d.expectedLynch ?? '?'} ended #${d.endPost}\n`,
      );
      for (const line of d.explanation) io.out(`${line}\n`);
    }
    const pct = (n: number, of: number): string => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`);
    io.out(
      [
        '',
        `games replayed: ${summary.games}`,
        `days scored:    ${summary.daysScored} (${summary.daysNotScorable} with no scored part)`,
        `lynch correct:  ${summary.lynchCorrect}/${summary.lynchScored} (${pct(summary.lynchCorrect, summary.lynchScored)})`,
        `hammer correct: ${summary.hammerCorrect}/${summary.hammerScored} (${pct(summary.hammerCorrect, summary.hammerScored)})`,
        `both correct:   ${summary.bothCorrect}/${summary.daysScored} (${pct(summary.bothCorrect, summary.daysScored)})`,
        '',
      ].join('\n'),
    );
    return 0;
  },
};
