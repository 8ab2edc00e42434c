/**
 * The popup's day ballots follow the latest load: an answer to an earlier `day/ballot` request that arrives after a
 * later one's (a busy worker, a move recorded in between) must not put the day back to before the move. Under the full
 * suite's load in CI, the Priest's forgiveness was recorded, the re-vote it calls was answered, and then the answer of
 * the load made before the move arrived and hid the re-vote for good.
 */
import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { createDayMovesStore } from '../../extension/popup/day-moves-store';
import type { Connector } from '../../extension/popup/connector';
import type { GamesStore } from '../../extension/popup/games-store';
import { createTranslator } from '../../extension/shared/i18n';
import type { DayBallotView } from '../../extension/shared/protocol';

describe('the day ballots in the popup', () => {
  it('show the latest load’s answer, even when an earlier load answers last', async () => {
    const answers: ((view: DayBallotView) => void)[] = [];
    const connector = {
      request: (type: string) => {
        expect(type).toBe('day/ballot');
        return new Promise<DayBallotView>((resolve) => answers.push(resolve));
      },
    } as unknown as Connector;
    const games = { current: signal(null) } as unknown as GamesStore;
    const store = createDayMovesStore(connector, games, signal(createTranslator('en', {})));
    const before = { gameId: 'g', day: 2, ballot: 'lynch', followUp: null } as unknown as DayBallotView;
    const after = { gameId: 'g', day: 2, ballot: 'lynch', followUp: { ballot: 'revote' } } as unknown as DayBallotView;
    const first = store.load('g', 2);
    const second = store.load('g', 2);
    // The later load is answered first, with the move's re-vote; the earlier one's answer comes last.
    answers[1]?.(after);
    await second;
    expect(store.ballots.value).toBe(after);
    answers[0]?.(before);
    await first;
    expect(store.ballots.value).toBe(after);
  });
});
