import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import {
  currentName,
  deathCauseMessage,
  isUnassigned,
  unassigned,
  type PlayerSetup,
  type PlayerState,
  type Ruleset,
  type Slot,
} from '../../../src/engine';
import { sayMessage } from '../../shared/format';
import type { MessageKey, Translator } from '../../shared/i18n';
import { dataLimits } from '../../../src/engine/json/formats';
import { findModifier, nightModifiers, rulesetModifiedRole } from '../../../src/engine/night/nar-modifiers';
import { linkLineWords } from '../../shared/link-words';
import { rulesetWords } from '../../shared/ruleset-words';
import { rosterSourceMessage, rosterWasPasted } from '../../shared/source-words';
import type { AccountLinkView } from '../../shared/protocol';
import type { SetupDraft } from '../games-store';
import { useStore, useT } from '../store';
import { SetupCheckPanel } from './setup-editor';

function aliasesText(slot: Slot): string {
  return (slot.aliases ?? []).join(', ');
}

function parseAliases(text: string): string[] {
  return text
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
}

function withSlot(draft: SetupDraft, slotId: string, change: (slot: Slot) => Slot): SetupDraft {
  return { ...draft, slots: draft.slots.map((s) => (s.id === slotId ? change(s) : s)) };
}

function withPlayer(draft: SetupDraft, slotId: string, change: (player: PlayerSetup) => PlayerSetup): SetupDraft {
  return { ...draft, players: draft.players.map((p) => (p.slotId === slotId ? change(p) : p)) };
}

/** Holders of a slot in words: "Bluebell, then Snowdrop from post 40". */
function holdersText(slot: Slot, t: Translator): string {
  return slot.accounts
    .map((a, i) =>
      i === 0 ? a.name : a.fromPost === undefined ? t('popup_holder_then', a.name) : t('popup_holder_then_from', a.name, a.fromPost),
    )
    .join(', ');
}

function Replacement({ slot }: { slot: Slot }) {
  const store = useStore();
  const t = useT();
  const [name, setName] = useState('');
  const [post, setPost] = useState('');
  const fromPost = post.trim() === '' ? undefined : Number(post);
  const valid = name.trim() !== '' && (fromPost === undefined || (Number.isInteger(fromPost) && fromPost >= 0));
  const add = (): void => {
    if (!valid) return;
    const account = fromPost === undefined ? { name: name.trim() } : { name: name.trim(), fromPost };
    store.games.edit((d) => withSlot(d, slot.id, (s) => ({ ...s, accounts: [...s.accounts, account] })));
    setName('');
    setPost('');
  };
  return (
    <div class="gavel-inline">
      <input
        type="text"
        aria-label={t('popup_replacement_for', currentName(slot))}
        placeholder={t('popup_replaced_by')}
        value={name}
        onInput={(e) => setName(e.currentTarget.value)}
      />
      <input
        type="number"
        min={0}
        class="gavel-post-number"
        aria-label={t('popup_from_post')}
        placeholder={t('popup_from_post')}
        value={post}
        onInput={(e) => setPost(e.currentTarget.value)}
      />
      <button type="button" class="gavel-button" onClick={add} disabled={!valid}>
        {t('common_add')}
      </button>
    </div>
  );
}

/** Renaming a player in place: the slot keeps its id, aliases, other holders and role. */
function Rename({ slot, onDone }: { readonly slot: Slot; readonly onDone: () => void }) {
  const games = useStore().games;
  const t = useT();
  const [name, setName] = useState(currentName(slot));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: Event): void => {
    event.preventDefault();
    if (name.trim() === currentName(slot)) {
      onDone();
      return;
    }
    const refused = games.rename(slot.id, name);
    setProblem(refused);
    if (refused === null) onDone();
  };
  return (
    <form class="gavel-inline gavel-rename" onSubmit={submit} data-testid="player-rename-form">
      <input
        type="text"
        data-testid="player-rename-input"
        aria-label={t('popup_rename_label', currentName(slot))}
        value={name}
        onInput={(e) => {
          setName(e.currentTarget.value);
          setProblem(null);
        }}
      />
      <button type="submit" class="gavel-button" data-testid="player-rename-save" disabled={name.trim() === ''}>
        {t('popup_rename_save')}
      </button>
      <button type="button" class="gavel-link-button" onClick={onDone}>
        {t('popup_rename_cancel')}
      </button>
      {problem !== null && (
        <p class="gavel-error" role="alert" data-testid="player-rename-problem">
          {problem}
        </p>
      )}
    </form>
  );
}

function PlayerRow({
  slot,
  player,
  live,
  ruleset,
}: {
  slot: Slot;
  player: PlayerSetup | undefined;
  live: PlayerState | undefined;
  ruleset: Ruleset;
}) {
  const games = useStore().games;
  const t = useT();
  const [open, setOpen] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const name = currentName(slot);
  const dead = live?.alive === false;
  // Factions and roles by the ruleset's names in the host's language.
  const words = rulesetWords(ruleset, t.language);
  // A role written with modifiers in front ("macho one-shot doctor"): the select shows the base role.
  const modified = player === undefined ? undefined : rulesetModifiedRole(ruleset, player.role);
  const baseRole = modified?.base ?? player?.role ?? unassigned;
  const modifiers = modified?.modifiers ?? [];
  return (
    <li class={`gavel-player${dead ? ' gavel-player--dead' : ''}`} data-testid="player-row">
      <div class="gavel-player__head">
        {renaming ? <Rename slot={slot} onDone={() => setRenaming(false)} /> : <strong class="gavel-player__name">{name}</strong>}
        {!renaming && (
          <button type="button" class="gavel-link-button" data-testid="player-rename" onClick={() => setRenaming(true)}>
            {t('popup_rename')}
          </button>
        )}
        {dead && (
          <span class="gavel-badge">
            {live.death === undefined
              ? t('popup_player_dead')
              : t('popup_player_dead_cause', sayMessage(deathCauseMessage(live.death.cause), { t }))}
          </span>
        )}
        <button type="button" class="gavel-player__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('popup_less') : t('popup_more')}
        </button>
        {slot.accounts.length > 1 && <span class="gavel-muted gavel-player__holders">{holdersText(slot, t)}</span>}
      </div>
      {player !== undefined && (
        <div class="gavel-player__fields">
          <select
            aria-label={t('popup_faction_of', name)}
            data-testid="player-faction"
            value={player.faction}
            onChange={(e) => games.edit((d) => withPlayer(d, slot.id, (p) => ({ ...p, faction: e.currentTarget.value })))}
          >
            <option value={unassigned}>{t('popup_not_entered_faction')}</option>
            {ruleset.factions.map((f) => (
              <option key={f.id} value={f.id}>
                {words.faction(f.id)}
              </option>
            ))}
          </select>
          <select
            aria-label={t('popup_role_of', name)}
            data-testid="player-role"
            value={baseRole}
            onChange={(e) => {
              const role = roleWithModifiers(e.currentTarget.value, modifiers);
              games.edit((d) => withPlayer(d, slot.id, (p) => ({ ...p, role })));
            }}
          >
            <option value={unassigned}>{t('popup_not_entered_role')}</option>
            {ruleset.roles.map((r) => (
              <option key={r.id} value={r.id}>
                {words.role(r.id)}
              </option>
            ))}
          </select>
          <input
            type="text"
            aria-label={t('popup_aliases_of', name)}
            data-testid="player-aliases"
            placeholder={t('popup_aliases')}
            value={aliasesText(slot)}
            onChange={(e) => {
              const aliases = parseAliases(e.currentTarget.value);
              games.edit((d) => withSlot(d, slot.id, ({ aliases: _old, ...s }) => (aliases.length === 0 ? s : { ...s, aliases })));
            }}
          />
        </div>
      )}
      {open && (
        <div class="gavel-player__more">
          {player !== undefined && (
            <div class="gavel-player__extra">
              <label>
                <span>{t('popup_second_role')}</span>
                <select
                  value={player.secondRole ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    games.edit((d) =>
                      withPlayer(d, slot.id, ({ secondRole: _old, ...p }) => (value === '' ? p : { ...p, secondRole: value })),
                    );
                  }}
                >
                  <option value="">{t('common_none')}</option>
                  {ruleset.roles.map((r) => (
                    <option key={r.id} value={r.id}>
                      {words.role(r.id)}
                    </option>
                  ))}
                </select>
              </label>
              {Object.keys(ruleset.setup?.levels ?? {}).length > 0 && (
                // 000: "Every player must sign up as one of three levels: Beginner, Standard, or Spectator."
                <label>
                  <span>{t('popup_level')}</span>
                  <select
                    data-testid="player-level"
                    value={player.level ?? ''}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      games.edit((d) => withPlayer(d, slot.id, ({ level: _old, ...p }) => (value === '' ? p : { ...p, level: value })));
                    }}
                  >
                    <option value="">{t('popup_level_none')}</option>
                    {Object.keys(ruleset.setup?.levels ?? {}).map((id) => (
                      <option key={id} value={id}>
                        {words.level?.(id) ?? id}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {killsByRank(ruleset, player) && (
                // 003: the BO's kill order is the leader's, else the highest rank's ("It starts off as the highest rank BO member").
                <Rank player={player} onChange={(rank) => games.edit((d) => withRank(d, slot.id, rank))} />
              )}
              {killsByRank(ruleset, player) && (
                <label class="gavel-check">
                  <input
                    type="checkbox"
                    data-testid="player-leader"
                    checked={player.leader === true}
                    disabled={isUnassigned(player.faction)}
                    onChange={(e) => games.edit((d) => withLeader(d, slot.id, e.currentTarget.checked))}
                  />
                  {t('popup_leader')}
                </label>
              )}
              {ruleset.roleModifiers === true && (
                <Modifiers
                  modifiers={modifiers}
                  disabled={baseRole === unassigned}
                  onChange={(list) => games.edit((d) => withPlayer(d, slot.id, (p) => ({ ...p, role: roleWithModifiers(baseRole, list) })))}
                />
              )}
              <label>
                <span>{t('popup_family')}</span>
                <input
                  type="text"
                  list="gavel-families"
                  value={player.family ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value.trim();
                    games.edit((d) => withPlayer(d, slot.id, ({ family: _old, ...p }) => (value === '' ? p : { ...p, family: value })));
                  }}
                />
              </label>
            </div>
          )}
          <Replacement slot={slot} />
          {slot.accounts.length > 1 && (
            <button
              type="button"
              class="gavel-link-button"
              onClick={() => games.edit((d) => withSlot(d, slot.id, (s) => ({ ...s, accounts: s.accounts.slice(0, -1) })))}
            >
              {t('popup_undo_replacement')}
            </button>
          )}
          <button
            type="button"
            class="gavel-link-button gavel-link-button--danger"
            onClick={() =>
              games.edit((d) => ({
                ...d,
                slots: d.slots.filter((s) => s.id !== slot.id),
                players: d.players.filter((p) => p.slotId !== slot.id),
              }))
            }
          >
            {t('popup_remove_player', name)}
          </button>
        </div>
      )}
    </li>
  );
}

/** The slot's player with `rank` (undefined: none given). */
function withRank(draft: SetupDraft, slotId: string, rank: number | undefined): SetupDraft {
  return withPlayer(draft, slotId, ({ rank: _old, ...p }) => (rank === undefined ? p : { ...p, rank }));
}

/** The slot's player made his side's leader (the side's other leader, if any, steps down), or no longer its leader. */
function withLeader(draft: SetupDraft, slotId: string, leader: boolean): SetupDraft {
  const faction = draft.players.find((p) => p.slotId === slotId)?.faction;
  return {
    ...draft,
    players: draft.players.map((p) => {
      const { leader: _old, ...rest } = p;
      if (p.slotId === slotId) return leader ? { ...rest, leader: true } : rest;
      return leader && p.faction === faction ? rest : p;
    }),
  };
}

/**
 * Whether the player gives kill orders that the night ranks (the leader's
 * stands, then the highest rank's): the rules resolve nights and one of his
 * roles holds a faction kill. Read from the ruleset's data, never its id.
 */
function killsByRank(ruleset: Ruleset, player: PlayerSetup): boolean {
  if (ruleset.night === undefined) return false;
  return [player.role, ...(player.secondRole === undefined ? [] : [player.secondRole])].some((text) => {
    const id = ruleset.roles.some((r) => r.id === text) ? text : rulesetModifiedRole(ruleset, text)?.base;
    const role = ruleset.roles.find((r) => r.id === id);
    return role?.abilities.some((a) => a.night !== undefined && 'effect' in a.night && a.night.effect === 'faction-kill') === true;
  });
}

/** A player's rank in his side (1 is the highest), as typed: a wrong entry is said and the stored rank kept. */
function Rank({ player, onChange }: { readonly player: PlayerSetup; readonly onChange: (rank: number | undefined) => void }) {
  const t = useT();
  const [text, setText] = useState(player.rank === undefined ? '' : String(player.rank));
  /** What the host typed that is no rank (null: nothing wrong). */
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setText(player.rank === undefined ? '' : String(player.rank));
    setProblem(null);
  }, [player.rank]);
  return (
    <label>
      <span>{t('popup_rank')}</span>
      <input
        type="text"
        inputMode="numeric"
        data-testid="player-rank"
        value={text}
        aria-invalid={problem !== null}
        onInput={(e) => setText(e.currentTarget.value)}
        onChange={(e) => {
          const typed = e.currentTarget.value.trim();
          const rank = wholeNumber(typed, dataLimits.players);
          setText(e.currentTarget.value);
          setProblem(typed !== '' && rank === undefined ? typed : null);
          if (typed === '' || rank !== undefined) onChange(rank);
        }}
      />
      {problem !== null && (
        <span class="gavel-error" role="alert" data-testid="player-rank-problem">
          {t('popup_rank_problem', problem, dataLimits.players)}
        </span>
      )}
    </label>
  );
}

/** A whole number from 1 to `max` written plainly ("2"), else undefined. */
function wholeNumber(text: string, max: number): number | undefined {
  if (!/^[0-9]+$/u.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= max ? n : undefined;
}

/** The slot with `account` added just before its current holder: the same player under another name, the slot keeping its name. */
export function withLinkedAccount(draft: SetupDraft, slotId: string, account: string): SetupDraft {
  return withSlot(draft, slotId, (s) => ({ ...s, accounts: [...s.accounts.slice(0, -1), { name: account }, ...s.accounts.slice(-1)] }));
}

/**
 * Posters the thread shows on no slot: the links the count applied, and the
 * suggestions it held back, each with its evidence; accepting a suggestion adds
 * the account to the slot in the draft, saved with the rest of the roster.
 */
function AccountLinks() {
  const store = useStore();
  const t = useT();
  const { games, night } = store;
  const game = games.current.value;
  const draft = games.draft.value;
  const state = games.state.value;
  const gameId = game?.id ?? null;
  // The day panel loads the count while a day runs; between days the roster asks for it.
  const dayRunning = state?.phase?.kind === 'day' && state.ended === undefined;
  const loaded = night.count.value?.gameId === gameId;
  useEffect(() => {
    if (gameId !== null && !dayRunning && !loaded) void night.loadCount(gameId);
  }, [gameId, dayRunning, loaded, night]);
  const links: readonly AccountLinkView[] = (loaded ? night.count.value?.count?.accountLinks : undefined) ?? [];
  if (draft === null || links.length === 0) return null;
  const listed = new Set(draft.slots.flatMap((s) => s.accounts.map((a) => a.name.trim().toLowerCase())));
  const accept = (l: AccountLinkView): void => games.edit((d) => withLinkedAccount(d, l.slotId, l.account));
  return (
    <div class="gavel-links" data-testid="roster-links">
      <h3>{t('popup_links_heading')}</h3>
      <ul>
        {links.map((l) => (
          <li key={`${l.account}:${l.slotId}`} data-testid={l.applied ? 'roster-link-applied' : 'roster-link-suggested'}>
            {linkLineWords(t, l, { applied: 'popup_link_applied', suggested: 'popup_link_suggestion' })}{' '}
            {!l.applied && !listed.has(l.account.trim().toLowerCase()) && draft.slots.some((s) => s.id === l.slotId) && (
              <button type="button" class="gavel-link-button" data-testid="roster-link-accept" onClick={() => accept(l)}>
                {t('popup_link_accept', l.account, l.slot)}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The words for each modifier a host ticks (the uses per game are a number: one-shot, N-shot). */
const modifierWords: Readonly<Record<string, MessageKey>> = {
  'day-only': 'popup_modifier_day_only',
  'night-only': 'popup_modifier_night_only',
  'self-targeting': 'popup_modifier_self_targeting',
  compulsive: 'popup_modifier_compulsive',
  macho: 'popup_modifier_macho',
  loyal: 'popup_modifier_loyal',
  disloyal: 'popup_modifier_disloyal',
  ninja: 'popup_modifier_ninja',
  strongman: 'popup_modifier_strongman',
  untrackable: 'popup_modifier_untrackable',
  unstoppable: 'popup_modifier_unstoppable',
};

/** A role with modifiers in front, as the night reads it ("macho one-shot doctor"); a role not chosen yet takes none. */
function roleWithModifiers(base: string, modifiers: readonly string[]): string {
  return base === unassigned || modifiers.length === 0 ? base : [...modifiers, base].join(' ');
}

/**
 * The forum standard's modifiers of one player's role (issue 19): a box for
 * each, and the uses per game (1: one-shot, N: N-shot; empty: no limit).
 */
function Modifiers({
  modifiers,
  disabled,
  onChange,
}: {
  modifiers: readonly string[];
  disabled: boolean;
  onChange: (modifiers: string[]) => void;
}) {
  const t = useT();
  const shots = modifiers.map((id) => findModifier(id)?.shots).find((n) => n !== undefined);
  const ticked = nightModifiers.filter((m) => m.shots === undefined && modifiers.includes(m.id)).map((m) => m.id);
  const [shotsText, setShotsText] = useState(shots === undefined ? '' : String(shots));
  /** What the host typed that is no number of uses (null: nothing wrong). */
  const [shotsProblem, setShotsProblem] = useState<string | null>(null);
  // A layout effect, run as the new uses are drawn: a plain effect waits for the next frame, and a wrong entry typed
  // before that frame had its message wiped by the uses stored just before it.
  useLayoutEffect(() => {
    setShotsText(shots === undefined ? '' : String(shots));
    setShotsProblem(null);
  }, [shots]);
  const build = (ids: readonly string[], uses: number | undefined): string[] => [
    ...nightModifiers.filter((m) => m.shots === undefined && ids.includes(m.id)).map((m) => m.id),
    ...(uses === undefined ? [] : [uses === 1 ? 'one-shot' : `${uses}-shot`]),
  ];
  return (
    <fieldset class="gavel-player__modifiers" data-testid="player-modifiers" disabled={disabled}>
      <legend>{t('popup_modifiers')}</legend>
      {nightModifiers
        .filter((m) => m.shots === undefined)
        .map((m) => {
          const key = modifierWords[m.id];
          return (
            <label key={m.id}>
              <input
                type="checkbox"
                data-testid="player-modifier"
                data-modifier={m.id}
                checked={ticked.includes(m.id)}
                onChange={(e) => onChange(build(e.currentTarget.checked ? [...ticked, m.id] : ticked.filter((id) => id !== m.id), shots))}
              />
              <span>{key === undefined ? m.id : t(key)}</span>
            </label>
          );
        })}
      <label>
        <span>{t('popup_modifier_shots')}</span>
        <input
          type="text"
          inputMode="numeric"
          data-testid="player-shots"
          value={shotsText}
          aria-invalid={shotsProblem !== null}
          onInput={(e) => setShotsText(e.currentTarget.value)}
          onChange={(e) => {
            const typed = e.currentTarget.value.trim();
            const n = wholeNumber(typed, 99);
            setShotsText(e.currentTarget.value);
            setShotsProblem(typed !== '' && n === undefined ? typed : null);
            // A wrong entry changes nothing: the stored uses stay until a right one replaces them.
            if (typed === '' || n !== undefined) onChange(build(ticked, n));
          }}
        />
        {shotsProblem !== null && (
          <span class="gavel-error" role="alert" data-testid="player-shots-problem">
            {t('popup_modifier_shots_problem', shotsProblem)}
          </span>
        )}
      </label>
    </fieldset>
  );
}

/** The roster as the host edits it: names, aliases, replacements, factions, roles and families. */
export function RosterEditor() {
  const store = useStore();
  const t = useT();
  const games = store.games;
  const draft = games.draft.value;
  const ruleset = games.draftRuleset.value;
  const game = games.current.value;
  const [newName, setNewName] = useState('');
  const state = games.state.value;
  if (draft === null || ruleset === null || game === null || state === null) return null;

  const addPlayer = (): void => {
    const name = newName.trim();
    if (name === '') return;
    const next = Math.max(0, ...draft.slots.map((s) => Number(/(\d+)$/.exec(s.id)?.[1] ?? 0))) + 1;
    const id = `slot-${next}`;
    // A new player's faction and role are "not entered yet" until the host chooses them.
    games.edit((d) => ({
      ...d,
      slots: [...d.slots, { id, accounts: [{ name }] }],
      players: [...d.players, { slotId: id, name, faction: unassigned, role: unassigned }],
    }));
    setNewName('');
  };

  return (
    <section aria-labelledby="roster-heading" data-testid="roster">
      <h2 id="roster-heading">{t('popup_players_heading')}</h2>
      <p class="gavel-muted" data-testid="roster-source">
        {rosterWasPasted(game.rosterSource)
          ? t('popup_roster_pasted')
          : t('popup_roster_read_from', sayMessage(rosterSourceMessage(game.rosterSource), { t }))}{' '}
        {t('popup_roster_hosts', game.roster.hosts.join(', ') || t('popup_hosts_none'))}
      </p>
      <SetupCheckPanel />
      <ol class="gavel-players">
        {draft.slots.map((slot) => (
          <PlayerRow
            key={slot.id}
            slot={slot}
            player={draft.players.find((p) => p.slotId === slot.id)}
            live={state.players.find((p) => p.slot.id === slot.id)}
            ruleset={ruleset}
          />
        ))}
      </ol>
      <AccountLinks />
      <datalist id="gavel-families">
        {[...new Set([...ruleset.families, ...draft.players.flatMap((p) => (p.family === undefined ? [] : [p.family]))])].map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      <div class="gavel-inline">
        <input
          type="text"
          aria-label={t('popup_log_new_player')}
          placeholder={t('popup_add_player_placeholder')}
          value={newName}
          onInput={(e) => setNewName(e.currentTarget.value)}
        />
        <button type="button" class="gavel-button" onClick={addPlayer} disabled={newName.trim() === ''}>
          {t('popup_add_player')}
        </button>
      </div>
    </section>
  );
}
