import { useState } from 'preact/hooks';
import { applyEvent, deriveState, phaseLabel, type GameEvent, type GameState, type PhaseRef } from '../../../src/engine';
import type { HostEvent } from '../../shared/protocol';
import { useStore } from '../store';

export function phaseName(phase: PhaseRef | null): string {
  return phase === null ? 'Before the game' : phaseLabel(phase);
}

function nameIn(state: GameState, slotId: string): string {
  return state.players.find((p) => p.slot.id === slotId)?.name ?? slotId;
}

/** One event in the host's words, named as the players were at the time. */
function eventText(event: GameEvent, before: GameState): string {
  switch (event.type) {
    case 'game/setup':
      return `The game is set up with ${event.players.length} ${event.players.length === 1 ? 'player' : 'players'}`;
    case 'phase/start':
      return `${phaseName(event.phase)} begins`;
    case 'player/die':
      return event.cause === 'mod-kill'
        ? `${nameIn(before, event.slotId)} is mod-killed${event.by === undefined ? '' : ` (${event.by})`}`
        : `${nameIn(before, event.slotId)} dies (${event.cause})`;
    case 'player/replace':
      return `${event.name} replaces ${nameIn(before, event.slotId)}`;
    case 'player/revive':
      return `${nameIn(before, event.slotId)} returns`;
    case 'game/end':
      return `The game ends: ${event.reason}`;
    default:
      return event.type.replace('/', ': ');
  }
}

/** The log as lines, oldest first, each with the phase it happened in (none for a phase's own start). */
export function describeLog(events: readonly GameEvent[]): { readonly index: number; readonly phase: string; readonly text: string }[] {
  let state = deriveState([]);
  return events.map((event, index) => {
    const line = { index, phase: event.type === 'phase/start' ? '' : phaseName(state.phase), text: eventText(event, state) };
    state = applyEvent(state, event, index);
    return line;
  });
}

type Kind = HostEvent['kind'];

/** The event log with the host's controls: a death, a mod-kill, a replacement, a new phase; undo the last. */
export function EventLog() {
  const store = useStore();
  const games = store.games;
  const game = games.current.value;
  const [kind, setKind] = useState<Kind>('death');
  const [slotId, setSlotId] = useState('');
  const [detail, setDetail] = useState('');
  const [post, setPost] = useState('');
  if (game === null) return null;
  const state = deriveState(game.events);
  const next: PhaseRef =
    state.phase === null
      ? { kind: game.phases.firstPhase, number: 1 }
      : state.phase.kind === 'day'
        ? { kind: 'night', number: game.phases.firstPhase === 'day' ? state.phase.number : state.phase.number + 1 }
        : { kind: 'day', number: game.phases.firstPhase === 'night' ? state.phase.number : state.phase.number + 1 };
  const candidates = state.players.filter((p) => (kind === 'replacement' ? true : p.alive));
  const chosen = candidates.find((p) => p.slot.id === slotId)?.slot.id ?? candidates[0]?.slot.id ?? '';
  const lines = describeLog(game.events).slice(1);

  const submit = (e: Event): void => {
    e.preventDefault();
    const fromPost = post.trim() === '' ? null : Number(post);
    const event: HostEvent | null =
      kind === 'phase-start'
        ? { kind, phase: next }
        : chosen === ''
          ? null
          : kind === 'death'
            ? { kind, slotId: chosen, cause: detail.trim() || 'killed' }
            : kind === 'mod-kill'
              ? { kind, slotId: chosen, reason: detail.trim() }
              : { kind, slotId: chosen, name: detail.trim(), fromPost };
    if (event === null) return;
    void games.record(event).then(() => {
      setDetail('');
      setPost('');
    });
  };

  return (
    <section aria-labelledby="log-heading" data-testid="event-log">
      <div class="gavel-section-head">
        <h2 id="log-heading">What happened</h2>
        <button type="button" class="gavel-button" data-testid="undo-event" disabled={lines.length === 0 || games.busy.value} onClick={() => void games.undo()}>
          Undo last
        </button>
      </div>
      {lines.length === 0 ? (
        <p class="gavel-muted">Nothing recorded yet. {phaseName(state.phase)}.</p>
      ) : (
        <ol class="gavel-log" data-testid="log-lines">
          {lines.map((l) => (
            <li key={l.index} class={l.phase === '' ? 'gavel-log__start' : undefined}>
              <span class="gavel-log__phase">{l.phase}</span>
              <span>{l.text}</span>
            </li>
          ))}
        </ol>
      )}
      <form class="gavel-record" onSubmit={submit}>
        <select aria-label="What happened" data-testid="event-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as Kind)}>
          <option value="death">A player died</option>
          <option value="mod-kill">Mod-kill</option>
          <option value="replacement">Replacement</option>
          <option value="phase-start">{phaseName(next)} begins</option>
        </select>
        {kind !== 'phase-start' && (
          <select aria-label="Player" data-testid="event-player" value={chosen} onChange={(e) => setSlotId(e.currentTarget.value)}>
            {candidates.map((p) => (
              <option key={p.slot.id} value={p.slot.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
        {kind === 'death' && <input type="text" aria-label="Cause" data-testid="event-detail" placeholder="cause: lynched, night kill…" value={detail} onInput={(e) => setDetail(e.currentTarget.value)} />}
        {kind === 'mod-kill' && <input type="text" aria-label="Reason" data-testid="event-detail" placeholder="reason" value={detail} onInput={(e) => setDetail(e.currentTarget.value)} />}
        {kind === 'replacement' && (
          <>
            <input type="text" aria-label="New player" data-testid="event-detail" placeholder="new account name" value={detail} onInput={(e) => setDetail(e.currentTarget.value)} />
            <input type="number" min={0} class="gavel-post-number" aria-label="From post" placeholder="from post #" value={post} onInput={(e) => setPost(e.currentTarget.value)} />
          </>
        )}
        <button
          type="submit"
          class="gavel-button gavel-button--primary"
          data-testid="record-event"
          disabled={games.busy.value || (kind === 'replacement' && detail.trim() === '') || (kind !== 'phase-start' && chosen === '')}
        >
          Record
        </button>
      </form>
    </section>
  );
}
