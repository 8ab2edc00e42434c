/**
 * Catching up mid-game: when the game's log is behind its thread's phase
 * posts, one offer first on the game page, "This thread is on Day 2: start
 * there?", with what Gavel read of each phase in between (the post that ended
 * it, the day's hammer, who died according to the host's posts). The host
 * corrects any phase, answers what the posts leave open, and confirms;
 * nothing is recorded before that.
 */
import { useEffect, useState } from 'preact/hooks';
import {
  nextPhaseOf,
  type CatchUpAnswer,
  type CatchUpPlan,
  type CatchUpPost,
  type CatchUpStep,
  type GameState,
  type PhaseRef,
} from '../../../src/engine';
import { shownPostNumber } from '../../../src/model/post';
import { formatMoment, phaseLabel } from '../../shared/format';
import type { Translator } from '../../shared/i18n';
import { NameList } from '../../shared/name-list';
import { planKey } from '../day-store';
import { useStore, useT } from '../store';
import { PlayerOptions } from './player-options';

const nobody = 'nobody';
const phaseId = (p: PhaseRef): string => `${p.kind}-${p.number}`;

/** The host's answers while they are being checked: per phase, the lynch ('' unanswered) and the deaths; per question, who died. */
interface Draft {
  readonly lynch: Readonly<Record<string, string>>;
  readonly deaths: Readonly<Record<string, readonly string[]>>;
  /** Per question (`phase:index`): the candidates ticked, or null while unanswered; [] is "none of them". */
  readonly answers: Readonly<Record<string, readonly string[] | null>>;
}

function firstDraft(plan: CatchUpPlan): Draft {
  const lynch: Record<string, string> = {};
  const deaths: Record<string, readonly string[]> = {};
  const answers: Record<string, readonly string[] | null> = {};
  for (const step of plan.steps) {
    const id = phaseId(step.phase);
    if (step.lynch !== null) lynch[id] = step.lynch.kind === 'known' ? (step.lynch.slotId ?? nobody) : '';
    deaths[id] = step.deaths.map((d) => d.slotId);
    step.questions.forEach((_, i) => (answers[`${id}:${i}`] = null));
  }
  return { lynch, deaths, answers };
}

/** Everyone the draft has dying in a phase: its deaths, the answers to its questions and (days) its lynch. */
function diedIn(step: CatchUpStep, draft: Draft): string[] {
  const id = phaseId(step.phase);
  const chosen = step.questions.flatMap((_, i) => draft.answers[`${id}:${i}`] ?? []);
  const lynch = draft.lynch[id];
  return [
    ...new Set([...(draft.deaths[id] ?? []), ...chosen, ...(lynch === undefined || lynch === '' || lynch === nobody ? [] : [lynch])]),
  ];
}

function answersOf(plan: CatchUpPlan, draft: Draft): CatchUpAnswer[] | null {
  const out: CatchUpAnswer[] = [];
  for (const step of plan.steps) {
    const id = phaseId(step.phase);
    if (step.questions.some((_, i) => draft.answers[`${id}:${i}`] === null)) return null;
    const lynch = draft.lynch[id];
    if (step.lynch !== null && (lynch === undefined || lynch === '')) return null;
    const chosen = step.questions.flatMap((_, i) => draft.answers[`${id}:${i}`] ?? []);
    const deaths = [...new Set([...(draft.deaths[id] ?? []), ...chosen])].filter((s) => s !== lynch);
    out.push(
      step.lynch === null
        ? { phase: step.phase, deaths }
        : { phase: step.phase, deaths, lynched: lynch === nobody ? null : (lynch ?? null) },
    );
  }
  return out;
}

function PostLine({
  keyName,
  post,
  plan,
  timeZone,
}: {
  readonly keyName: 'popup_catchup_started_by' | 'popup_catchup_ended_by';
  readonly post: CatchUpPost | { readonly at: number };
  readonly plan: CatchUpPlan;
  readonly timeZone: string;
}) {
  const t = useT();
  if ('at' in post) {
    const clock = formatMoment(post.at, { t, timeZone }, 'weekday-time');
    return (
      <>{keyName === 'popup_catchup_started_by' ? t('popup_catchup_started_by_clock', clock) : t('popup_catchup_ended_by_clock', clock)}</>
    );
  }
  return <>{t(keyName, post.author, shownPostNumber(post.post, plan.numbering), post.line)}</>;
}

function lynchNote(step: CatchUpStep, plan: CatchUpPlan, t: Translator): string {
  const lynch = step.lynch;
  if (lynch === null) return '';
  if (lynch.kind === 'known') {
    if (lynch.post === null) return '';
    const shown = shownPostNumber(lynch.post, plan.numbering);
    return lynch.from === 'hammer' ? t('popup_catchup_lynch_from_hammer', shown) : t('popup_catchup_lynch_from_post', shown);
  }
  return t(
    lynch.reason === 'disagree'
      ? 'popup_catchup_ask_disagree'
      : lynch.reason === 'several'
        ? 'popup_catchup_ask_several'
        : 'popup_catchup_ask_unnamed',
  );
}

function Step({
  step,
  plan,
  state,
  draft,
  deadBefore,
  onChange,
  timeZone,
}: {
  readonly step: CatchUpStep;
  readonly plan: CatchUpPlan;
  readonly state: GameState;
  readonly draft: Draft;
  /** Who the draft has dead before this phase, and who dies in a later phase (not offered here). */
  readonly deadBefore: ReadonlySet<string>;
  readonly onChange: (next: Draft) => void;
  readonly timeZone: string;
}) {
  const t = useT();
  const id = phaseId(step.phase);
  const name = (slotId: string): string => state.players.find((p) => p.slot.id === slotId)?.name ?? slotId;
  const shown = (n: number): number => shownPostNumber(n, plan.numbering);
  const living = state.players.filter((p) => p.alive && !deadBefore.has(p.slot.id));
  const dying = diedIn(step, draft);
  const deaths = draft.deaths[id] ?? [];
  const lynch = draft.lynch[id];
  const asked = step.lynch?.kind === 'ask' ? step.lynch.candidates : [];
  // The players the thread points at come first in the lynch's choices (the hammered one above all).
  const firstIds = [
    ...(step.hammer?.target === null || step.hammer === null ? [] : [step.hammer.target]),
    ...(step.lynch?.kind === 'known' && step.lynch.slotId !== null ? [step.lynch.slotId] : []),
    ...asked,
  ].filter((s, i, all) => all.indexOf(s) === i && living.some((p) => p.slot.id === s));
  const lynchChoices = [...firstIds, ...living.map((p) => p.slot.id).filter((s) => !firstIds.includes(s))];
  return (
    <li class="gavel-catch-up__step" data-testid={`catch-up-${id}`}>
      <h3>{step.ends ? phaseLabel(step.phase, t) : t('popup_catchup_in_progress', phaseLabel(step.phase, t))}</h3>
      {step.ends && (
        <p class="gavel-small" data-testid={`catch-up-${id}-end`}>
          {step.endedBy === null ? (
            t('popup_catchup_not_ended')
          ) : (
            <PostLine keyName="popup_catchup_ended_by" post={step.endedBy} plan={plan} timeZone={timeZone} />
          )}
        </p>
      )}
      {step.phase.kind === 'day' && step.ends && (
        <p class="gavel-small" data-testid={`catch-up-${id}-hammer`}>
          {step.hammer === null
            ? t('popup_catchup_no_hammer')
            : step.hammer.target === null
              ? t('popup_catchup_hammer_no_lynch', shown(step.hammer.post), step.hammer.author)
              : t('popup_catchup_hammer', shown(step.hammer.post), step.hammer.author, name(step.hammer.target))}
        </p>
      )}
      {step.lynch !== null && (
        <label class="gavel-field">
          <span>{t('popup_dayend_lynched')}</span>
          <select
            data-testid={`catch-up-${id}-lynch`}
            value={lynch ?? ''}
            onChange={(e) => onChange({ ...draft, lynch: { ...draft.lynch, [id]: e.currentTarget.value } })}
          >
            <option value="">{t('popup_dayend_choose')}</option>
            {lynchChoices.map((s) => (
              <option key={s} value={s}>
                {name(s)}
              </option>
            ))}
            <option value={nobody}>{t('popup_dayend_nobody')}</option>
          </select>
          <span class={step.lynch.kind === 'ask' ? 'gavel-notice gavel-small' : 'gavel-muted gavel-small'}>{lynchNote(step, plan, t)}</span>
        </label>
      )}
      {step.questions.map((q, i) => {
        const key = `${id}:${i}`;
        const answer = draft.answers[key] ?? null;
        const set = (next: readonly string[] | null): void => onChange({ ...draft, answers: { ...draft.answers, [key]: next } });
        return (
          <fieldset key={key} class="gavel-notice" data-testid={`catch-up-${id}-question-${i}`}>
            <legend>{t('popup_catchup_question', shown(q.post), q.line)}</legend>
            {q.candidates.map((s) => (
              <label key={s} class="gavel-inline">
                <input
                  type="checkbox"
                  checked={answer?.includes(s) === true}
                  onChange={(e) =>
                    set(
                      e.currentTarget.checked
                        ? [...(answer ?? []), s]
                        : (answer ?? []).filter((x) => x !== s).length === 0
                          ? null
                          : (answer ?? []).filter((x) => x !== s),
                    )
                  }
                />{' '}
                {name(s)}
              </label>
            ))}
            <label class="gavel-inline">
              <input
                type="checkbox"
                checked={answer !== null && answer.length === 0}
                onChange={(e) => set(e.currentTarget.checked ? [] : null)}
              />{' '}
              {t('popup_catchup_question_none')}
            </label>
          </fieldset>
        );
      })}
      <div class="gavel-catch-up__deaths" data-testid={`catch-up-${id}-deaths`}>
        <span class="gavel-muted">{t('popup_catchup_deaths')}</span>{' '}
        <NameList
          empty={t('popup_catchup_no_deaths')}
          names={deaths.map((s) => {
            const read = step.deaths.find((d) => d.slotId === s);
            return {
              name: name(s),
              note: (
                <>
                  {read === undefined ? '' : t('popup_catchup_death_post', shown(read.post), read.line)}{' '}
                  <button
                    type="button"
                    class="gavel-link-button"
                    data-testid={`catch-up-${id}-remove`}
                    onClick={() => onChange({ ...draft, deaths: { ...draft.deaths, [id]: deaths.filter((x) => x !== s) } })}
                  >
                    {t('popup_catchup_remove')}
                  </button>
                </>
              ),
            };
          })}
        />
        <select
          data-testid={`catch-up-${id}-add`}
          value=""
          onChange={(e) => {
            const s = e.currentTarget.value;
            if (s !== '') onChange({ ...draft, deaths: { ...draft.deaths, [id]: [...deaths, s] } });
          }}
        >
          <option value="">{t('popup_catchup_add')}</option>
          <PlayerOptions players={living.filter((p) => !dying.includes(p.slot.id))} />
        </select>
      </div>
    </li>
  );
}

function CatchUpForm({
  plan,
  gameId,
  state,
  timeZone,
}: {
  readonly plan: CatchUpPlan;
  readonly gameId: string;
  readonly state: GameState;
  readonly timeZone: string;
}) {
  const store = useStore();
  const t = useT();
  const catchUp = store.catchUp;
  const [draft, setDraft] = useState<Draft>(() => firstDraft(plan));
  const answers = answersOf(plan, draft);
  let dead = new Set<string>();
  const steps = plan.steps.map((step) => {
    const before = dead;
    dead = new Set([...dead, ...diedIn(step, draft)]);
    return { step, before };
  });
  return (
    <section class="gavel-catch-up gavel-notice" aria-labelledby="catch-up-heading" data-testid="catch-up">
      <h2 id="catch-up-heading" data-testid="catch-up-heading">
        {t('popup_catchup_heading', phaseLabel(plan.to, t))}
      </h2>
      <p class="gavel-small" data-testid="catch-up-started">
        {plan.startedBy === null ? (
          t('popup_catchup_implied')
        ) : (
          <PostLine keyName="popup_catchup_started_by" post={plan.startedBy} plan={plan} timeZone={timeZone} />
        )}
      </p>
      <p class="gavel-muted gavel-small">{t('popup_catchup_game_is', phaseLabel(plan.from, t))}</p>
      <ol class="gavel-catch-up__steps">
        {steps.map(({ step, before }) => (
          <Step
            key={phaseId(step.phase)}
            step={step}
            plan={plan}
            state={state}
            draft={draft}
            deadBefore={before}
            onChange={setDraft}
            timeZone={timeZone}
          />
        ))}
      </ol>
      <p class="gavel-muted gavel-small">{t('popup_catchup_records')}</p>
      {catchUp.changed.value !== null && (
        <p class="gavel-error" role="alert" data-testid="catch-up-changed">
          {catchUp.changed.value}
        </p>
      )}
      {catchUp.problem.value !== null && (
        <p class="gavel-error" role="alert" data-testid="catch-up-problem">
          {catchUp.problem.value}
        </p>
      )}
      <p class="gavel-inline">
        <button
          type="button"
          class="gavel-button gavel-button--primary"
          data-testid="catch-up-confirm"
          disabled={answers === null || catchUp.busy.value}
          onClick={() => {
            if (answers !== null) void catchUp.confirm(gameId, plan, answers);
          }}
        >
          {t('popup_catchup_confirm', phaseLabel(plan.to, t))}
        </button>
        <button type="button" class="gavel-button" data-testid="catch-up-dismiss" onClick={() => catchUp.dismiss(gameId, plan)}>
          {t('popup_catchup_dismiss')}
        </button>
      </p>
      {answers === null && <p class="gavel-muted gavel-small">{t('popup_catchup_unanswered')}</p>}
    </section>
  );
}

/** A game not started in Gavel whose thread has no phase post yet: its first phase starts with one click. */
function StartOffer({ first, hasThread }: { readonly first: PhaseRef; readonly hasThread: boolean }) {
  const store = useStore();
  const t = useT();
  return (
    <section class="gavel-catch-up" aria-labelledby="start-heading" data-testid="start-offer">
      <h2 id="start-heading">{t('popup_catchup_not_started')}</h2>
      {hasThread && <p class="gavel-muted gavel-small">{t('popup_catchup_no_phase_post')}</p>}
      <button
        type="button"
        class="gavel-button gavel-button--primary"
        data-testid="start-first-phase"
        disabled={store.games.busy.value}
        onClick={() => void store.games.record({ kind: 'phase-start', phase: first })}
      >
        {t('popup_catchup_start', phaseLabel(first, t))}
      </button>
    </section>
  );
}

/** The catch-up offer for the open game, first among the day's controls; nothing when the game is not behind its thread. */
export function CatchUpOffer() {
  const store = useStore();
  const game = store.games.current.value;
  const state = store.games.state.value;
  const catchUp = store.catchUp;
  const gameId = game?.id ?? null;
  const eventCount = game?.events.length ?? 0;
  const over = state?.ended !== undefined;
  // Read again when the game changes (its log, or its setup saved: a renamed player's death is then read from
  // the host's posts) and when the thread has new posts (the day's Refresh).
  const updatedAt = game?.updatedAt ?? 0;
  const lastPost = store.night.count.value?.count?.lastPost ?? null;
  useEffect(() => {
    if (gameId !== null && !over) void catchUp.load(gameId, eventCount);
  }, [gameId, eventCount, updatedAt, over, lastPost, catchUp]);
  const plan = catchUp.plan.value;
  if (game === null || state === null || over) return null;
  // Read, and no phase post in the thread: the game can still be started from here rather than from the event log.
  if (plan === null && state.phase === null && catchUp.readFor.value === `${game.id}:${game.events.length}`)
    return <StartOffer first={nextPhaseOf(null, game.phases.firstPhase)} hasThread={game.threadKey !== null} />;
  if (plan === null || plan.gameId !== game.id || plan.seen !== game.events.length) return null;
  const key = planKey(game.id, plan);
  if (catchUp.dismissed.value.has(key)) return null;
  // A plan read again with other findings (the roster was corrected) starts the host's draft afresh from them.
  return <CatchUpForm key={`${key}:${JSON.stringify(plan.steps)}`} plan={plan} gameId={game.id} state={state} timeZone={game.timeZone} />;
}
