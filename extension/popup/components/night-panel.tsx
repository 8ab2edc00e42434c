import { useEffect, useState } from 'preact/hooks';
import { deriveState, roleAbilities, type GameState, type NightEvent, type NightReason, type Ruleset } from '../../../src/engine';
import type { GameRecord, NightActionItem, NightResolutionEntry } from '../../shared/protocol';
import { useStore } from '../store';

const pad = (n: number): string => String(n).padStart(2, '0');

/** A time as a `datetime-local` value, in the browser's zone. */
export function localInputValue(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function shortTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function nightAbilities(state: GameState, ruleset: Ruleset, slotId: string): Ruleset['roles'][number]['abilities'][number][] {
  const player = state.players.find((p) => p.slot.id === slotId);
  if (player === undefined) return [];
  return roleAbilities(player, ruleset).filter((a) => a.timing === 'night' || a.timing === 'day-or-night');
}

function abilityName(ruleset: Ruleset, id: string): string {
  return ruleset.roles.flatMap((r) => r.abilities).find((a) => a.id === id)?.name ?? id;
}

const deathWords: Readonly<Record<string, string>> = {
  kill: 'killed',
  'faction-kill': 'killed by the faction kill',
  poison: 'died of poison',
  revenge: 'killed in revenge',
  drunk: "killed in a drunkard's attack",
  pgo: 'shot by a paranoid gun owner',
};

/** One outcome of the night in the host's words (null: bookkeeping the host need not read). */
export function outcomeText(e: NightEvent, name: (id: string) => string, ability: (id: string) => string): { readonly kind: string; readonly text: string } | null {
  switch (e.type) {
    case 'death':
      return { kind: 'death', text: `${name(e.player)} dies: ${deathWords[e.cause] ?? e.cause}${e.by.length > 0 ? ` by ${e.by.map(name).join(', ')}` : ''}` };
    case 'survived':
      return { kind: 'save', text: `${name(e.player)} was not killed` };
    case 'blocked':
      return { kind: 'block', text: `${name(e.player)}'s ${ability(e.ability)} was blocked by ${name(e.by)}` };
    case 'nullified':
      return { kind: 'block', text: `${name(e.player)}'s ${ability(e.ability)} did not happen (${e.cause.replace('-', ' ')})` };
    case 'status-applied':
      return { kind: 'status', text: `${name(e.player)} is now ${e.status.id}` };
    case 'status-cleared':
      return { kind: 'status', text: `${name(e.player)} is no longer ${e.status}` };
    case 'role-changed':
      return { kind: 'status', text: `${name(e.player)}'s ${e.slot === 'role' ? 'role' : 'second role'} changes from ${e.from ?? 'none'} to ${e.to ?? 'none'}` };
    case 'message':
      return { kind: 'message', text: `Message to ${name(e.to)}: ${e.text}` };
    case 'announcement':
      return { kind: 'message', text: `Public result: ${e.text}` };
    case 'protection-spent':
      return { kind: 'status', text: `${name(e.player)}'s ${e.protection} is used up` };
    case 'uses-spent':
      return null;
  }
}

function Reasons({ reasons }: { readonly reasons: readonly NightReason[] }) {
  if (reasons.length === 0) return null;
  return (
    <ul class="gavel-reasons">
      {reasons.map((r, i) => (
        <li key={i} class={r.stance === undefined ? undefined : `gavel-reasons--${r.stance}`}>
          {r.text}
          {r.because !== undefined && <Reasons reasons={r.because} />}
        </li>
      ))}
    </ul>
  );
}

function Resolution({ entry, game, state }: { readonly entry: NightResolutionEntry; readonly game: GameRecord; readonly state: GameState }) {
  const name = (id: string): string => state.players.find((p) => p.slot.id === id)?.name ?? id;
  const ability = (id: string): string => abilityName(game.ruleset.data, id);
  const { resolution } = entry;
  const outcomes = resolution.events.flatMap((e) => {
    const line = outcomeText(e, name, ability);
    return line === null ? [] : [{ ...line, reasons: e.reasons }];
  });
  return (
    <div class="gavel-resolution" data-testid="night-resolution">
      <h3>Outcome{entry.applied ? ' (applied)' : ''}</h3>
      {outcomes.length === 0 ? (
        <p class="gavel-muted">Nothing happened tonight.</p>
      ) : (
        <ul class="gavel-outcomes">
          {outcomes.map((o, i) => (
            <li key={i} class={`gavel-outcome gavel-outcome--${o.kind}`} data-testid="night-outcome">
              <strong>{o.text}</strong>
              <Reasons reasons={o.reasons} />
            </li>
          ))}
        </ul>
      )}
      {resolution.refused.length > 0 && (
        <>
          <h3>Refused actions</h3>
          <ul class="gavel-outcomes" data-testid="night-refused">
            {resolution.refused.map((r, i) => (
              <li key={i} class="gavel-outcome gavel-outcome--refused">
                <strong>
                  {name(r.action.actor)}: {ability(r.action.ability)} → {r.action.targets.map(name).join(', ')}
                </strong>
                <div>{r.text}</div>
              </li>
            ))}
          </ul>
        </>
      )}
      {resolution.conditions.length > 0 && (
        <>
          <h3>Conditions to check by hand</h3>
          <ul class="gavel-outcomes">
            {resolution.conditions.map((c, i) => (
              <li key={i}>
                {name(c.actor)}: {c.text}
              </li>
            ))}
          </ul>
        </>
      )}
      {resolution.ambiguities.length > 0 && (
        <>
          <h3>Open questions this night touched</h3>
          <ul class="gavel-outcomes" data-testid="night-ambiguities">
            {resolution.ambiguities.map((a, i) => (
              <li key={i}>
                <code>
                  {a.setting} = {a.value}
                </code>
                : {a.text}
              </li>
            ))}
          </ul>
        </>
      )}
      <p class="gavel-muted gavel-small">
        Resolved {shortTime(entry.resolvedAt)}
        {entry.seed === undefined ? '' : ` · seed ${entry.seed}`} · {resolution.method === 'ordered' ? 'ordered resolution' : 'Reasonable Action Resolution'}
      </p>
    </div>
  );
}

function ActionForm({ game, state }: { readonly game: GameRecord; readonly state: GameState }) {
  const night = useStore().night;
  const ruleset = game.ruleset.data;
  const actors = state.players.filter((p) => p.alive && nightAbilities(state, ruleset, p.slot.id).length > 0);
  const [actor, setActor] = useState('');
  const [ability, setAbility] = useState('');
  const [targets, setTargets] = useState<readonly string[]>([]);
  const [pmAt, setPmAt] = useState(() => localInputValue(Date.now()));
  const chosenActor = actors.find((p) => p.slot.id === actor)?.slot.id ?? actors[0]?.slot.id ?? '';
  const abilities = nightAbilities(state, ruleset, chosenActor);
  const chosenAbility = abilities.find((a) => a.id === ability) ?? abilities[0];
  const targetCount = chosenAbility?.targets ?? 1;
  const living = state.players.filter((p) => p.alive);
  const targetAt = (i: number): string => {
    const t = targets[i];
    return t !== undefined && living.some((p) => p.slot.id === t) ? t : (living.find((p) => p.slot.id !== chosenActor)?.slot.id ?? '');
  };
  if (actors.length === 0) return <p class="gavel-muted">Nobody alive has a night ability.</p>;

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (chosenAbility === undefined) return;
    const when = pmAt.trim() === '' ? null : new Date(pmAt).getTime();
    const ok = await night.addAction({
      actor: chosenActor,
      ability: chosenAbility.id,
      targets: Array.from({ length: targetCount }, (_, i) => targetAt(i)),
      pmAt: when === null || Number.isNaN(when) ? null : when,
    });
    if (ok) setPmAt(localInputValue(Date.now()));
  };

  return (
    <form class="gavel-night-form" data-testid="night-action-form" onSubmit={(e) => void submit(e)}>
      <label class="gavel-field">
        <span>Player</span>
        <select data-testid="night-actor" value={chosenActor} onChange={(e) => setActor(e.currentTarget.value)}>
          {actors.map((p) => (
            <option key={p.slot.id} value={p.slot.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label class="gavel-field">
        <span>Ability</span>
        <select data-testid="night-ability" value={chosenAbility?.id ?? ''} onChange={(e) => setAbility(e.currentTarget.value)}>
          {abilities.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      {Array.from({ length: targetCount }, (_, i) => (
        <label key={i} class="gavel-field">
          <span>{targetCount === 1 ? 'Target' : `Target ${i + 1}`}</span>
          <select
            data-testid={`night-target-${i}`}
            value={targetAt(i)}
            onChange={(e) => {
              const next = Array.from({ length: targetCount }, (_, j) => targetAt(j));
              next[i] = e.currentTarget.value;
              setTargets(next);
            }}
          >
            {living.map((p) => (
              <option key={p.slot.id} value={p.slot.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label class="gavel-field">
        <span>PM sent</span>
        <input type="datetime-local" data-testid="night-pm-time" value={pmAt} onInput={(e) => setPmAt(e.currentTarget.value)} />
      </label>
      <div class="gavel-night-form__submit">
        <button type="submit" class="gavel-button gavel-button--primary" data-testid="night-add-action" disabled={night.busy.value}>
          Add action
        </button>
      </div>
    </form>
  );
}

function ActionList({ actions, state, ruleset, locked }: { readonly actions: readonly NightActionItem[]; readonly state: GameState; readonly ruleset: Ruleset; readonly locked: boolean }) {
  const night = useStore().night;
  const name = (id: string): string => state.players.find((p) => p.slot.id === id)?.name ?? id;
  if (actions.length === 0) return <p class="gavel-muted">No actions entered yet.</p>;
  return (
    <ol class="gavel-night-actions" data-testid="night-actions">
      {actions.map((a) => (
        <li key={a.id} data-testid="night-action">
          <span>
            <strong>{name(a.actor)}</strong> {abilityName(ruleset, a.ability)} → {a.targets.map(name).join(', ')}
          </span>
          <span class="gavel-night-actions__meta">
            <span class="gavel-muted gavel-small">{a.pmAt === null ? 'no PM time' : `PM ${shortTime(a.pmAt)}`}</span>
            {!locked && (
              <button type="button" class="gavel-link-button gavel-link-button--danger" aria-label={`Remove ${name(a.actor)}'s action`} onClick={() => void night.removeAction(a.id)}>
                Remove
              </button>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The night in progress: the role PMs' actions, who is missing, the resolution with its reasons, and Apply. */
export function NightPanel() {
  const store = useStore();
  const game = store.games.current.value;
  const night = store.night;
  const state = game === null ? null : deriveState(game.events);
  const number = state?.phase?.kind === 'night' ? state.phase.number : null;
  const gameId = game?.id ?? null;
  useEffect(() => {
    if (gameId !== null && number !== null) void night.loadNight(gameId, number);
  }, [gameId, number, night]);
  if (game === null || state === null || number === null) return null;
  const view = night.night.value?.gameId === game.id && night.night.value.night === number ? night.night.value : null;
  const resolution = view?.resolution ?? null;
  const applied = resolution?.applied === true;
  const nextDay = game.phases.firstPhase === 'day' ? number + 1 : number;

  return (
    <section class="gavel-night" aria-labelledby="night-heading" data-testid="night-panel">
      <h2 id="night-heading">Night {number}</h2>
      {night.problem.value !== null && (
        <p class="gavel-error" role="alert" data-testid="night-problem">
          {night.problem.value}
        </p>
      )}
      {view === null ? (
        <p class="gavel-muted">Loading the night…</p>
      ) : (
        <>
          <div class="gavel-waiting" data-testid="night-waiting">
            {view.waiting.length === 0 ? (
              <span>Every player with a night ability has sent an action.</span>
            ) : (
              <>
                <span>Not sent yet: </span>
                {view.waiting.map((w, i) => (
                  <span key={w.slotId}>
                    {i > 0 && ', '}
                    <strong>{w.name}</strong> <span class="gavel-muted">({w.abilities.join(', ')})</span>
                  </span>
                ))}
              </>
            )}
          </div>
          <h3>Actions from role PMs</h3>
          <ActionList actions={view.actions} state={state} ruleset={game.ruleset.data} locked={applied} />
          {!applied && <ActionForm game={game} state={state} />}
          <p class="gavel-inline">
            <button type="button" class="gavel-button" data-testid="night-resolve" disabled={night.busy.value || applied} onClick={() => void night.resolve()}>
              {resolution === null ? 'Resolve night' : 'Resolve again'}
            </button>
            {resolution !== null && !applied && (
              <button type="button" class="gavel-button gavel-button--primary" data-testid="night-apply" disabled={night.busy.value} onClick={() => void night.apply()}>
                Apply and start Day {nextDay}
              </button>
            )}
          </p>
          {resolution !== null && <Resolution entry={resolution} game={game} state={state} />}
        </>
      )}
    </section>
  );
}

function CopyablePost({ id, title, text, copied, onCopy }: { readonly id: string; readonly title: string; readonly text: string; readonly copied: boolean; readonly onCopy: () => void }) {
  return (
    <div class="gavel-copyable" data-testid={`post-${id}`}>
      <div class="gavel-copyable__head">
        <strong>{title}</strong>
        <button type="button" class="gavel-button" data-testid={`copy-${id}`} onClick={onCopy}>
          {copied ? 'Copied ✓' : 'Copy'}
        </button>
      </div>
      <pre class="gavel-copyable__text">{text}</pre>
    </div>
  );
}

/** The posts of the night just applied (or of the night before this day): the day-start post and each result PM, ready to copy. */
export function NightPostsPanel() {
  const store = useStore();
  const game = store.games.current.value;
  const night = store.night;
  const state = game === null ? null : deriveState(game.events);
  const firstPhase = game?.phases.firstPhase ?? 'day';
  const previousNight = state?.phase?.kind === 'day' ? state.phase.number - (firstPhase === 'day' ? 1 : 0) : null;
  const gameId = game?.id ?? null;
  const justApplied = night.posts.value !== null && night.posts.value.gameId === gameId;
  useEffect(() => {
    if (gameId !== null && previousNight !== null && previousNight >= 1 && !justApplied) void night.loadNight(gameId, previousNight);
  }, [gameId, previousNight, justApplied, night]);
  if (game === null || previousNight === null) return null;
  const view = night.night.value;
  const posts = justApplied ? night.posts.value : view?.gameId === game.id && view.night === previousNight ? view.posts : null;
  const key = `${game.id}:${previousNight}`;
  if (posts === null || night.dismissed.value === key) return null;
  const day = `Day ${posts.phase.number}`;
  return (
    <section class="gavel-night-posts" aria-labelledby="night-posts-heading" data-testid="night-posts">
      <div class="gavel-section-head">
        <h2 id="night-posts-heading">Posts for {day}</h2>
        <button type="button" class="gavel-link-button" onClick={() => night.dismissPosts(key)}>
          Done
        </button>
      </div>
      <p class="gavel-muted gavel-small">In {posts.dialect === 'bbcode' ? 'BBCode' : 'Markdown'}. Copying a post records it as published.</p>
      <CopyablePost
        id="day-start"
        title={`${day} start (public)`}
        text={posts.dayStart}
        copied={night.copied.value === 'day-start'}
        onCopy={() => void night.copy('day-start', { gameId: game.id, kind: 'day-start', phase: posts.phase, text: posts.dayStart, dialect: posts.dialect })}
      />
      {posts.privateMessages.length === 0 ? (
        <p class="gavel-muted">No private results to send.</p>
      ) : (
        posts.privateMessages.map((m, i) => (
          <CopyablePost
            key={i}
            id={`pm-${i}`}
            title={`PM to ${m.name}`}
            text={m.text}
            copied={night.copied.value === `pm-${i}`}
            onCopy={() => void night.copy(`pm-${i}`, { gameId: game.id, kind: 'night-results', phase: posts.phase, text: m.text, dialect: posts.dialect })}
          />
        ))
      )}
    </section>
  );
}
