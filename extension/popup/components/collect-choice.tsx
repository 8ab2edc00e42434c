/**
 * 004 L41, the Collector: "Если за раз погибли несколько целей коллекционера, то он получит одну из их ролей по
 * усмотрению ведущего, а остальное уйдет к активным жителям". For each living Collector who named several players at
 * the end of the day before this night, the host may choose, before he resolves the night, whose role the Collector
 * gets should several of them die. The choice is recorded as the game's `night/collect-choice` event (the event log
 * shows it and its undo takes it back), which the night's resolver reads; without one, the first of them to die is
 * taken and the resolution says the host may choose.
 */
import { useState } from 'preact/hooks';
import { roleAbilities, rulesetNightRules, type GameState } from '../../../src/engine';
import type { GameRecord } from '../../shared/protocol';
import { useStore, useT } from '../store';
import { PlayerOptions } from './player-options';

/** The living Collectors of the night and the players each named at the end of the day before it (two or more). */
export function collectorsNaming(game: GameRecord, state: GameState, night: number): { slotId: string; name: string; named: string[] }[] {
  const ruleset = game.ruleset.data;
  const moves = rulesetNightRules(ruleset)?.borrowing?.collectMoves ?? [];
  if (moves.length === 0) return [];
  // A day's choice bears on the night after it (the night bridge's reckoning).
  const day = ruleset.firstPhase === 'day' ? night : night - 1;
  return state.players.flatMap((p) => {
    if (!p.alive || !roleAbilities(p, ruleset).some((a) => moves.includes(a.id))) return [];
    const last = (state.pastMoves ?? [])
      .filter((m) => m.actor === p.slot.id && m.phase.kind === 'day' && m.phase.number === day && moves.includes(m.ability))
      .at(-1);
    const named = (last?.targets ?? []).filter((id) => state.players.some((q) => q.slot.id === id));
    return named.length < 2 ? [] : [{ slotId: p.slot.id, name: p.name, named }];
  });
}

function OneCollector({
  collector,
  state,
  chosen,
  locked,
}: {
  readonly collector: { slotId: string; name: string; named: string[] };
  readonly state: GameState;
  readonly chosen: string | undefined;
  readonly locked: boolean;
}) {
  const store = useStore();
  const t = useT();
  const [pick, setPick] = useState('');
  const players = collector.named.flatMap((id) => state.players.filter((p) => p.slot.id === id));
  const value = pick !== '' ? pick : (chosen ?? '');
  const record = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (value === '' || value === chosen) return;
    await store.games.record({ kind: 'collect-choice', collector: collector.slotId, victim: value });
    // The night's resolution read the old choice: resolve it again with this one.
    if ((store.night.night.value?.resolution ?? null) !== null) await store.night.resolve();
    setPick('');
  };
  return (
    <form class="gavel-night-form" data-testid="collect-choice" data-collector={collector.slotId} onSubmit={(e) => void record(e)}>
      <label class="gavel-field">
        <span>{t('popup_night_collect_hint', collector.name)}</span>
        <select data-testid="collect-choice-victim" value={value} disabled={locked} onChange={(e) => setPick(e.currentTarget.value)}>
          {chosen === undefined && <option value="">{t('popup_night_collect_first')}</option>}
          <PlayerOptions players={players} />
        </select>
      </label>
      <button
        type="submit"
        class="gavel-button"
        data-testid="collect-choice-record"
        disabled={locked || store.games.busy.value || value === '' || value === chosen}
      >
        {t('popup_night_collect_record')}
      </button>
    </form>
  );
}

/** The host's choice for each Collector of the night who named several players (none: nothing shown). */
export function CollectChoice({
  game,
  state,
  night,
  locked,
}: {
  readonly game: GameRecord;
  readonly state: GameState;
  readonly night: number;
  readonly locked: boolean;
}) {
  const t = useT();
  const collectors = collectorsNaming(game, state, night);
  if (collectors.length === 0) return null;
  return (
    <div data-testid="collect-choices">
      <h3>{t('popup_night_collect_heading')}</h3>
      {collectors.map((c) => (
        <OneCollector key={c.slotId} collector={c} state={state} chosen={state.collectChoice?.[c.slotId]} locked={locked} />
      ))}
    </div>
  );
}
