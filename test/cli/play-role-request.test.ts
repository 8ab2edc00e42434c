/**
 * `gavel play --posts` for seed 004's role request (L7, L8 «запрос на роль»): the script's `uses` line names the role
 * (`Dima uses request-role doctor`), and the morning's private messages print the answer in the game's Russian (the
 * seed's words) or, with --lang en, in English.
 */
import { describe, expect, it } from 'vitest';
import { runGavel as run } from './run-gavel';

const script = 'test/engine/scenarios/scripts/russian-004-role-request.game';

describe('gavel play --posts: a role request', () => {
  it('prints the Detective’s answer, his visitors’ roles and the Investigator’s copy in the seed’s Russian', async () => {
    const { code, out, err } = await run('play', script, '--posts');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain(
      '-- private to Dima --\nЗапрос на роль «Доктор»: ночь 1 - ходил к игроку Boris; ночь 2 - ходил к игроку Vera; ночь 3 - ходил к игроку Dima.\n--',
    );
    expect(out).toContain('-- private to Dima --\nЭтой ночью к вам заходили роли: Доктор.\n--');
    expect(out).toContain(
      '-- private to Ivan --\n(от игрока Dima) Запрос на роль «Доктор»: ночь 1 - ходил к игроку Boris; ночь 2 - ходил к игроку Vera; ночь 3 - ходил к игроку Dima.\n--',
    );
    // L7 "альтернативный ход днем": his track of that night is skipped, and the host is told why.
    expect(out).toContain('refused: skipped: the player made a role request by day, which takes this role’s move tonight (004 L7, L8)');
  });

  it('in English with --lang en', async () => {
    const { code, out } = await run('play', script, '--posts', '--lang', 'en');
    expect(code).toBe(0);
    expect(out).toContain('Your role request, Doctor: night 1, went to Boris; night 2, went to Vera; night 3, went to Dima.');
  });
});
