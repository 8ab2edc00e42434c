/**
 * The role PMs of the open game: one private message per player to send
 * before the game starts (his role, side and its win, abilities, his team
 * where his side knows it), written by the engine's `composeRolePms` in the
 * game's post language and dialect, each with a button that copies it. A
 * player whose PM the setup cannot give yet is listed with what is missing;
 * a role set against a player (the Lyncher) gets its target chosen here.
 */
import { composeRolePms, type RolePmGap } from '../../../src/engine';
import { postLanguageOf } from '../../shared/post-language';
import { useStore, useT } from '../store';
import { CopyablePost } from './copyable-post';
import { PlayerOptions } from './player-options';

const languageWords = { en: 'popup_post_language_en', ru: 'popup_post_language_ru' } as const;
const gapWords: Readonly<Record<RolePmGap['missing'], 'popup_role_pms_missing_role' | 'popup_role_pms_missing_target'>> = {
  role: 'popup_role_pms_missing_role',
  target: 'popup_role_pms_missing_target',
};

export function RolePmsPanel() {
  const store = useStore();
  const t = useT();
  const game = store.games.current.value;
  const state = store.games.state.value;
  if (game === null || state === null) return null;
  const language = postLanguageOf(game);
  // The PMs are the setup's (a recruit's later side is not his role PM's), under the players' current names.
  const current = new Map(state.players.map((p) => [p.slot.id, p.name]));
  const players = game.players.map((p) => ({ ...p, slot: { id: p.slotId }, name: current.get(p.slotId) ?? p.name }));
  const { pms, gaps } = composeRolePms({ players }, game.ruleset.data, language, game.dialect);
  const night = store.night;
  const draft = store.games.draft.value;
  return (
    <section aria-labelledby="role-pms-heading" data-testid="role-pms">
      <h2 id="role-pms-heading">{t('popup_role_pms_heading')}</h2>
      <p class="gavel-muted gavel-small" data-testid="role-pms-hint">
        {t('popup_role_pms_hint', t(languageWords[language]), game.dialect === 'markdown' ? 'Markdown' : 'BBCode')}
      </p>
      {gaps.length > 0 && (
        <ul class="gavel-notice" data-testid="role-pms-gaps">
          {gaps.map((g) => (
            <li key={g.to}>{t(gapWords[g.missing], g.name)}</li>
          ))}
        </ul>
      )}
      {/* A role set against a player (the Lyncher): the host names him here; the setup's save keeps him. */}
      {draft !== null &&
        gaps
          .filter((g) => g.missing === 'target')
          .map((g) => (
            <label class="gavel-field" key={g.to}>
              <span>{t('popup_role_pms_target_label', g.name)}</span>
              <select
                data-testid={`role-pm-target-${g.to}`}
                value={draft.players.find((p) => p.slotId === g.to)?.target ?? ''}
                onChange={(e) => {
                  const target = e.currentTarget.value;
                  store.games.edit((d) => ({
                    ...d,
                    players: d.players.map((p) => {
                      if (p.slotId !== g.to) return p;
                      const { target: _old, ...rest } = p;
                      return target === '' ? rest : { ...rest, target };
                    }),
                  }));
                }}
              >
                <option value="">{t('popup_role_pms_target_choose')}</option>
                <PlayerOptions players={state.players.filter((p) => p.slot.id !== g.to)} />
              </select>
            </label>
          ))}
      {pms.map((pm) => (
        <CopyablePost
          key={pm.to}
          id={`role-pm-${pm.to}`}
          title={t('popup_pm_to', pm.name)}
          text={pm.text}
          copied={night.copied.value === `role-pm-${pm.to}`}
          onCopy={() =>
            void night.copy(`role-pm-${pm.to}`, { gameId: game.id, kind: 'role-pm', phase: null, text: pm.text, dialect: game.dialect })
          }
        />
      ))}
    </section>
  );
}
