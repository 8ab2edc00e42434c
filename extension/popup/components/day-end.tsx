/**
 * The end of a day and of the game: the host names who was lynched (the
 * count's hammer is the first guess), the night-start post with the flip to
 * copy, and, once the ruleset's win check ends the game, who won and the post
 * that says so.
 */
import { useEffect, useState } from 'preact/hooks';
import { nextPhaseOf, type GameState, type WinReason } from '../../../src/engine';
import type { OpenQuestionView, VoteCountView } from '../../shared/protocol';
import { shownPostNumber } from '../../../src/model/post';
import { formatList } from '../../shared/format';
import type { MessageKey, Translator } from '../../shared/i18n';
import { rulesetWords } from '../../shared/ruleset-words';
import { catalogWording } from '../../shared/engine-wording';
import { postLanguageOf } from '../../shared/post-language';
import { NameList } from '../../shared/name-list';
import { useStore, useT } from '../store';
import { CopyablePost } from './copyable-post';
import { PlayerOptions } from './player-options';

const nobody = 'nobody';

/** The slot the count's hammer names, matched by the player's name as the count shows it. */
function hammeredSlot(state: GameState, count: VoteCountView | null): string {
  const target = count?.hammer?.target.toLowerCase();
  if (target === undefined) return '';
  return state.players.find((p) => p.alive && p.name.toLowerCase() === target)?.slot.id ?? '';
}

/** "End Day 2": who was lynched, then the night starts or the game ends. */
export function DayEndForm({ day, count }: { readonly day: number; readonly count: VoteCountView | null }) {
  const store = useStore();
  const t = useT();
  const game = store.games.current.value;
  const state = store.games.state.value;
  const guess = state === null ? '' : hammeredSlot(state, count);
  const [chosen, setChosen] = useState<string | null>(null);
  if (game === null || state === null) return null;
  const value = chosen ?? guess;
  const nextNight = nextPhaseOf({ kind: 'day', number: day }, game.phases.firstPhase).number;
  // The day's hammer is offered first: the hammered player heads the choices and is chosen.
  const living = state.players.filter((p) => p.alive);
  const choices = [...living.filter((p) => p.slot.id === guess), ...living.filter((p) => p.slot.id !== guess)];
  const hammerPost = count?.hammer === null || count?.hammer === undefined ? null : shownPostNumber(count.hammer.post, count.numbering);
  return (
    <form
      class="gavel-day__end"
      data-testid="day-end-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (value === '') return;
        void store.night.endDay(game.id, day, value === nobody ? null : value).then(() => setChosen(null));
      }}
    >
      <h3>{t('popup_dayend_heading', day)}</h3>
      <label class="gavel-field">
        <span>{t('popup_dayend_lynched')}</span>
        <select data-testid="day-end-lynch" value={value} onChange={(e) => setChosen(e.currentTarget.value)}>
          <option value="">{t('popup_dayend_choose')}</option>
          <PlayerOptions players={choices} />
          <option value={nobody}>{t('popup_dayend_nobody')}</option>
        </select>
      </label>
      <p class="gavel-muted gavel-small">
        {guess !== '' && value === guess && hammerPost !== null ? `${t('popup_dayend_from_hammer_post', hammerPost)} ` : ''}
        {t('popup_dayend_hint', nextNight)}
      </p>
      <button
        type="submit"
        class="gavel-button gavel-button--primary"
        data-testid="day-end"
        disabled={value === '' || store.night.busy.value}
      >
        {t('popup_dayend_heading', day)}
      </button>
    </form>
  );
}

function OpenQuestions({ questions }: { readonly questions: readonly OpenQuestionView[] }) {
  const t = useT();
  if (questions.length === 0) return null;
  return (
    <ul class="gavel-notice" data-testid="open-questions">
      {questions.map((q) => (
        <li key={q.setting}>{t('popup_open_question', q.setting, q.chosen, q.detail)}</li>
      ))}
    </ul>
  );
}

/** During a night: the post that started it, with the flip of the day's lynch, to copy. */
export function NightStartPost() {
  const store = useStore();
  const t = useT();
  const night = store.night;
  const game = store.games.current.value;
  const state = store.games.state.value;
  const phase = state?.ended === undefined ? state?.phase : null;
  const day = phase?.kind === 'night' && game !== null ? (game.phases.firstPhase === 'day' ? phase.number : phase.number - 1) : null;
  const gameId = game?.id ?? null;
  const loaded = night.dayEnd.value !== null && night.dayEnd.value.gameId === gameId && night.dayEnd.value.day === day;
  useEffect(() => {
    if (gameId !== null && day !== null && day >= 1 && !loaded) void night.loadDayPosts(gameId, day);
  }, [gameId, day, loaded, night]);
  const posts = loaded ? night.dayEnd.value : null;
  if (game === null || posts === null || posts.nightStart === null || phase === null || phase === undefined) return null;
  const key = `${game.id}:day-${posts.day}`;
  if (night.dismissed.value === key) return null;
  const text = posts.nightStart;
  // What the day's moves tell a player (004) in the posts' language through the catalogs; a host's own message as written.
  const wording = catalogWording(game.ruleset.data, game.timeZone);
  const language = postLanguageOf(game);
  const pmText = (m: (typeof posts.privateMessages)[number]): string => (m.message === undefined ? m.text : wording(m.message, language));
  return (
    <section class="gavel-night-posts" aria-labelledby="night-start-heading" data-testid="night-start-posts">
      <div class="gavel-section-head">
        <h2 id="night-start-heading">{t('popup_night_start_heading', phase.number)}</h2>
        <button type="button" class="gavel-link-button" onClick={() => night.dismissPosts(key)}>
          {t('popup_done')}
        </button>
      </div>
      <OpenQuestions questions={posts.openQuestions} />
      <CopyablePost
        id="night-start"
        title={t('popup_night_start_title', phase.number)}
        text={text}
        copied={night.copied.value === 'night-start'}
        onCopy={() => void night.copy('night-start', { gameId: game.id, kind: 'night-start', phase, text, dialect: posts.dialect })}
      />
      {posts.privateMessages.map((m, i) => (
        <CopyablePost
          key={i}
          id={`day-pm-${i}`}
          title={t('popup_pm_to', m.name)}
          text={pmText(m)}
          copied={night.copied.value === `day-pm-${i}`}
          onCopy={() =>
            void night.copy(`day-pm-${i}`, {
              gameId: game.id,
              kind: 'role-pm',
              phase: { kind: 'day', number: posts.day },
              text: pmText(m),
              dialect: posts.dialect,
            })
          }
        />
      ))}
    </section>
  );
}

/** Why a game ended, as one sentence per reason (a win check that ends no game has none). */
const winWords: Readonly<Partial<Record<WinReason, MessageKey>>> = {
  'win/mafia-half-alive': 'popup_win_mafia_half_alive',
  'win/family-most-civilians': 'popup_win_family_most_civilians',
  'win/mafia-gone': 'popup_win_mafia_gone',
  'win/fifty-percent-rule': 'popup_win_fifty_percent_rule',
  'win/town-win-impossible': 'popup_win_town_win_impossible',
  'win/night-kill-case': 'popup_win_night_kill_case',
  'win/reds-cleared': 'popup_win_reds_cleared',
  'win/final-duel': 'popup_win_final_duel',
  'win/blacks-outnumber': 'popup_win_blacks_outnumber',
  'win/blacks-equal-no-hunt': 'popup_win_blacks_equal_no_hunt',
  'win/stalemate-draw': 'popup_win_stalemate_draw',
  'win/lynched-wins': 'popup_win_lynched_wins',
  'win/solo-killer': 'popup_win_solo_killer',
};

/** The game's end in the host's words: the reason's sentence, and (004) that the Faceless's earlier win makes a side's win a draw. */
export function winDetail(reason: WinReason, result: 'win' | 'draw', t: Translator): string | null {
  const key = winWords[reason];
  if (key === undefined) return null;
  const sideWin = reason !== 'win/stalemate-draw';
  return result === 'draw' && sideWin ? `${t(key)} ${t('popup_win_faceless_draw')}` : t(key);
}

/** The game is over: who won and why, and the post that ends the game. */
export function GameOver() {
  const store = useStore();
  const t = useT();
  const night = store.night;
  const game = store.games.current.value;
  const ended = store.games.state.value?.ended !== undefined;
  const gameId = game?.id ?? null;
  const eventCount = game?.events.length ?? 0;
  useEffect(() => {
    if (gameId !== null && ended) void night.loadOutcome(gameId);
  }, [gameId, ended, eventCount, night]);
  const outcome = night.outcome.value;
  if (game === null || !ended || outcome === null || outcome.gameId !== game.id) return null;
  // The winning sides by the ruleset's names in the host's language (a 000 family is named as the host wrote it).
  const words = rulesetWords(game.ruleset.data, t.language);
  const sides = outcome.sideIds.map((id) => words.faction(id));
  const headline =
    outcome.result === 'draw'
      ? t('popup_game_over_draw')
      : t(sides.length === 1 ? 'popup_game_over_wins' : 'popup_game_over_win', formatList(sides, t));
  return (
    <section class="gavel-game-over" aria-labelledby="game-over-heading" data-testid="game-over">
      <h2 id="game-over-heading">{t('popup_game_over_heading', headline)}</h2>
      <p data-testid="game-over-detail" data-code={outcome.reason}>
        {winDetail(outcome.reason, outcome.result, t) ?? `${outcome.detail.charAt(0).toUpperCase() + outcome.detail.slice(1)}.`}
      </p>
      {outcome.winners.length > 0 && (
        <div data-testid="game-over-winners">
          <span class="gavel-muted">{t('popup_game_over_winners_label')}</span> <NameList names={outcome.winners} />
        </div>
      )}
      <OpenQuestions questions={outcome.openQuestions} />
      <CopyablePost
        id="game-end"
        title={t('popup_game_end_title')}
        text={outcome.post}
        copied={night.copied.value === 'game-end'}
        onCopy={() =>
          void night.copy('game-end', {
            gameId: game.id,
            kind: 'game-end',
            phase: outcome.after,
            text: outcome.post,
            dialect: outcome.dialect,
          })
        }
      />
      <p class="gavel-muted gavel-small">{t('popup_game_over_undo')}</p>
    </section>
  );
}
