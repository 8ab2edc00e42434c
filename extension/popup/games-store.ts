/**
 * The games part of the popup's store: the games list, the "New game" form's
 * choices, the open game with a draft of its setup, and the host's actions.
 * Created inside `createPopupStore`, so the app still has one store.
 */
import { rulesetModifiedRole } from '../../src/engine/night/nar-modifiers';
import { computed, signal, type ReadonlySignal } from '@preact/signals';
import {
  checkSetup,
  deriveState,
  isKnownTimeZone,
  readSetting,
  renameHolder,
  rulesets,
  unassigned,
  writeSettings,
  type SettingValue,
  type SetupCheck,
  type ClockSchedule,
  type GameState,
  type LocalNames,
  type PhaseKind,
  type PlayerSetup,
  type PostLanguage,
  type PresetRulesetId,
  type Ruleset,
  type Slot,
} from '../../src/engine';
import type { GameRecord, GameSummary, HostEvent, OutputDialect, RosterInput, RosterPreview, ThreadSummary } from '../shared/protocol';
import type { Translator } from '../shared/i18n';
import type { Connector } from './connector';
import { createWork } from './work';

/** The ruleset presets with their titles, as the engine lists them. */
export const presetChoices: readonly { readonly id: PresetRulesetId; readonly name: string; readonly names?: LocalNames }[] = (
  Object.keys(rulesets) as PresetRulesetId[]
).map((id) => ({
  id,
  name: rulesets[id].name,
  ...(rulesets[id].names === undefined ? {} : { names: rulesets[id].names }),
}));

/** Where the host is: the games list, the new-game form, or a game (and, on its page, the section last looked at). */
export type GamesView =
  { readonly page: 'home' } | { readonly page: 'new-game' } | { readonly page: 'game'; readonly id: string; readonly section?: string };

/**
 * The address of a view (`location.hash`), so the dashboard opened in a tab
 * keeps its place across a reload: `#/new`, `#/game/<id>`, `#/game/<id>/<section>`;
 * the games list is the empty hash.
 */
export function hashOfView(view: GamesView): string {
  switch (view.page) {
    case 'home':
      return '';
    case 'new-game':
      return '#/new';
    case 'game':
      return `#/game/${encodeURIComponent(view.id)}${view.section === undefined ? '' : `/${encodeURIComponent(view.section)}`}`;
  }
}

/** The view an address names; the games list for anything else (an old bookmark, a typo). */
export function viewFromHash(hash: string): GamesView {
  const parts = hash.replace(/^#\/?/, '').split('/');
  const decode = (part: string | undefined): string | undefined => {
    if (part === undefined || part === '') return undefined;
    try {
      return decodeURIComponent(part);
    } catch {
      return undefined;
    }
  };
  if (parts[0] === 'new' && parts.length === 1) return { page: 'new-game' };
  const id = decode(parts[1]);
  if (parts[0] === 'game' && id !== undefined && parts.length <= 3) {
    const section = decode(parts[2]);
    return section === undefined ? { page: 'game', id } : { page: 'game', id, section };
  }
  return { page: 'home' };
}

/** Whether two views are the same page of the same game (sections aside). */
export function samePage(a: GamesView, b: GamesView): boolean {
  return a.page === b.page && (a.page !== 'game' || (b.page === 'game' && a.id === b.id));
}

/** The setup as the host edits it, before it is saved. */
export interface SetupDraft {
  readonly title: string;
  /** The preset chosen; null keeps the game's own (custom) ruleset. */
  readonly presetId: PresetRulesetId | null;
  readonly slots: readonly Slot[];
  readonly players: readonly PlayerSetup[];
  /** Host account names, one per line or comma-separated. */
  readonly hosts: string;
  readonly firstPhase: PhaseKind;
  /** The daily schedule, or null when the host's posts set the phases. */
  readonly clock: Omit<ClockSchedule, 'timeZone' | 'firstPhase'> | null;
  readonly timeZone: string;
  readonly dialect: OutputDialect;
  /** Open questions' settings the host changed, by path (`Ruleset.openQuestions`), over the rules chosen. */
  readonly ruleSettings: Readonly<Record<string, SettingValue>>;
}

export interface NewGameInput {
  readonly threadKey: string | null;
  readonly title: string;
  readonly presetId: PresetRulesetId;
  readonly roster: RosterInput;
  /** Host account names, one per line or comma-separated (the form starts from the opening post's author and co-hosts). */
  readonly hosts: string;
}

export interface GamesStore {
  readonly view: ReadonlySignal<GamesView>;
  readonly list: ReadonlySignal<readonly GameSummary[]>;
  readonly current: ReadonlySignal<GameRecord | null>;
  /** The open game's state from its event log, derived once per change of the game for every part of the page. */
  readonly state: ReadonlySignal<GameState | null>;
  readonly draft: ReadonlySignal<SetupDraft | null>;
  /** The ruleset the draft is set against (the chosen preset, or the game's own). */
  readonly draftRuleset: ReadonlySignal<Ruleset | null>;
  readonly dirty: ReadonlySignal<boolean>;
  /** What is wrong with the draft, in words; empty when it can be saved. */
  readonly draftProblems: ReadonlySignal<readonly string[]>;
  /** The setup check of the draft: players per faction and what to look at before the game starts. */
  readonly setupCheck: ReadonlySignal<SetupCheck | null>;
  /** The last refusal of a game action (an import, a save, an event), shown beside the control. */
  readonly problem: ReadonlySignal<string | null>;
  readonly busy: ReadonlySignal<boolean>;
  /** The thread of the active tab, when it is one Gavel has read. */
  readonly activeThread: ReadonlySignal<ThreadSummary | null>;
  refresh(): Promise<void>;
  show(view: GamesView): Promise<void>;
  /**
   * Goes to the view an address names (a reload, back or forward): a game that
   * no longer exists leads to the games list, with a notice that says so.
   */
  restore(view: GamesView): Promise<void>;
  /** Notes the section of the game page the host is looking at (kept in the address). */
  setSection(section: string | undefined): void;
  create(input: NewGameInput): Promise<void>;
  /** The roster, hosts and problems the opening post of a stored thread gives, for the new-game form. */
  previewRoster(threadKey: string): Promise<RosterPreview | null>;
  edit(change: (draft: SetupDraft) => SetupDraft): void;
  /**
   * Renames a player in place in the draft (the slot keeps its id, aliases,
   * other holders and role; the log follows when the draft is saved). Returns
   * why it was refused, in words, or null when done.
   */
  rename(slotId: string, name: string): string | null;
  choosePreset(presetId: PresetRulesetId): void;
  /** Sets an open question's setting in the draft (saved with the setup); back to the rules' own value, the change goes. */
  setRuleSetting(setting: string, value: SettingValue): void;
  resetDraft(): void;
  save(): Promise<void>;
  /** Sets the open game's post language at once (it is not part of the setup draft). */
  setPostLanguage(language: PostLanguage): Promise<void>;
  record(event: HostEvent): Promise<void>;
  undo(): Promise<void>;
  exportGame(id: string): Promise<void>;
  importGame(json: string, replace: boolean): Promise<void>;
  deleteGame(id: string): Promise<void>;
  clearProblem(): void;
}

/** Host names from one-per-line or comma-separated text. */
export function splitNames(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((n) => n.trim())
    .filter((n) => n !== '');
}

/** The forum engines by the names their users know them by (the same in every language). */
const forumEngineNames: Readonly<Record<string, string>> = {
  discourse: 'Discourse',
  xenforo2: 'XenForo 2',
  xenforo1: 'XenForo 1',
  invision: 'Invision',
  vbulletin5: 'vBulletin 5',
  vbulletin4: 'vBulletin 4',
  vbulletin3: 'vBulletin 3',
  smf: 'SMF',
  mybb: 'MyBB',
  phpbb: 'phpBB',
  ucoz: 'uCoz',
  curse: 'Curse',
};

/** A thread's forum in words: its host name, and its engine when Gavel knows it ("forum.example.org (MyBB)"). */
export function threadForum(thread: Pick<ThreadSummary, 'origin' | 'engine'>, t: Translator): string {
  let host = thread.origin;
  try {
    host = new URL(thread.origin).host;
  } catch {
    // An origin that is no URL is shown as it is.
  }
  const engine = forumEngineNames[thread.engine];
  return engine === undefined ? host : t('popup_forum_with_engine', host, engine);
}

/**
 * A thread as the new-game form offers it: its title and its forum, and its
 * thread number too when another thread of the list has the same title on the
 * same forum, so no two choices read alike.
 */
export function threadChoiceLabel(thread: ThreadSummary, all: readonly ThreadSummary[], t: Translator): string {
  const title = thread.title || t('common_thread_id', thread.threadId);
  const twin = all.some((o) => o.key !== thread.key && o.title === thread.title && o.origin === thread.origin);
  return twin
    ? t('popup_thread_on_forum_numbered', title, threadForum(thread, t), thread.threadId)
    : t('popup_thread_on_forum', title, threadForum(thread, t));
}

/** Whether a thread's id appears in a page address as a whole token (`?t=90210`, `/threads/title.90210/`). */
export function addressShowsThread(url: string, thread: ThreadSummary): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.origin !== thread.origin) return false;
  const escaped = thread.threadId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|[^0-9A-Za-z])${escaped}(?:[^0-9A-Za-z]|$)`).test(`${parsed.pathname}${parsed.search}`);
}

function draftOf(game: GameRecord): SetupDraft {
  const clock = game.phases.clock;
  return {
    title: game.title,
    presetId: game.ruleset.presetId,
    slots: game.roster.slots,
    players: game.players,
    hosts: game.roster.hosts.join('\n'),
    firstPhase: game.phases.firstPhase,
    clock:
      clock === undefined
        ? null
        : {
            firstDate: clock.firstDate,
            day: clock.day,
            night: clock.night,
            phases: clock.phases,
            ...(clock.firstNumber === undefined ? {} : { firstNumber: clock.firstNumber }),
          },
    timeZone: game.timeZone,
    dialect: game.dialect,
    ruleSettings: {},
  };
}

const noRuleSettings: Readonly<Record<string, SettingValue>> = {};

/** The players under another ruleset: a faction or role it does not have is "not entered yet", never a guess. */
function fitPlayers(players: readonly PlayerSetup[], ruleset: Ruleset): PlayerSetup[] {
  const factions = new Set(ruleset.factions.map((f) => f.id));
  const roles = new Set(ruleset.roles.map((r) => r.id));
  const levels = ruleset.setup?.levels ?? {};
  return players.map(({ secondRole, level, ...p }) => ({
    ...p,
    faction: factions.has(p.faction) ? p.faction : unassigned,
    role: roles.has(p.role) || rulesetModifiedRole(ruleset, p.role) !== undefined ? p.role : unassigned,
    ...(secondRole !== undefined && roles.has(secondRole) ? { secondRole } : {}),
    ...(level !== undefined && Object.hasOwn(levels, level) ? { level } : {}),
  }));
}

export function createGamesStore(
  connector: Connector,
  threads: ReadonlySignal<readonly ThreadSummary[]>,
  activeTabUrl: ReadonlySignal<string | null>,
  t: ReadonlySignal<Translator>,
): GamesStore {
  const view = signal<GamesView>({ page: 'home' });
  const list = signal<readonly GameSummary[]>([]);
  const current = signal<GameRecord | null>(null);
  const draft = signal<SetupDraft | null>(null);
  const { busy, problem, run: runWork } = createWork(t);

  /** The rules the draft chose, before its changed settings. */
  const chosenRuleset = computed((): Ruleset | null => {
    const d = draft.value;
    if (d === null) return null;
    return d.presetId !== null ? rulesets[d.presetId] : (current.value?.ruleset.data ?? null);
  });
  // The same object while other parts of the draft change, so the rules are checked again only when a setting does.
  const ruleSettings = computed(() => draft.value?.ruleSettings ?? noRuleSettings);
  const draftRuleset = computed((): Ruleset | null => {
    const base = chosenRuleset.value;
    if (base === null || Object.keys(ruleSettings.value).length === 0) return base;
    // `setRuleSetting` keeps only changes the rules take, so this stands; were it refused, the rules stay as chosen.
    const written = writeSettings(base, ruleSettings.value);
    return written.ok ? written.ruleset : base;
  });
  const dirty = computed(() => {
    const game = current.value;
    return game !== null && draft.value !== null && JSON.stringify(draft.value) !== JSON.stringify(draftOf(game));
  });
  const draftProblems = computed(() => {
    const d = draft.value;
    if (d === null) return [];
    const problems: string[] = [];
    if (d.title.trim() === '') problems.push(t.value('popup_problem_title'));
    if (!isKnownTimeZone(d.timeZone.trim())) problems.push(t.value('popup_problem_time_zone', d.timeZone));
    if (d.slots.length === 0) problems.push(t.value('popup_problem_roster_empty'));
    // A game in a thread with no host and no clock: no post can start a phase, and the count would refuse the game.
    if (splitNames(d.hosts).length === 0 && d.clock === null && (current.value?.threadKey ?? null) !== null)
      problems.push(t.value('popup_problem_no_host'));
    if (d.slots.some((s) => s.accounts.some((a) => a.name.trim() === ''))) problems.push(t.value('popup_problem_player_name'));
    if (d.clock !== null && !/^\d{4}-\d{2}-\d{2}$/.test(d.clock.firstDate)) problems.push(t.value('popup_problem_first_date'));
    return problems;
  });
  const setupCheck = computed(() => {
    const d = draft.value;
    const ruleset = draftRuleset.value;
    return d === null || ruleset === null ? null : checkSetup(d.players, ruleset);
  });
  const activeThread = computed(() => {
    const url = activeTabUrl.value;
    if (url === null) return null;
    return threads.value.find((t) => addressShowsThread(url, t)) ?? null;
  });

  const run = async (work: () => Promise<void>): Promise<void> => {
    await runWork(work);
  };

  const open = (game: GameRecord): void => {
    current.value = game;
    draft.value = draftOf(game);
  };

  const refresh = async (): Promise<void> => {
    list.value = await connector.request('game/list', {});
  };

  /** Takes a changed game from the worker without losing the host's unsaved setup edits. */
  const took = (game: GameRecord): void => {
    const keepDraft = dirty.value;
    current.value = game;
    if (!keepDraft) draft.value = draftOf(game);
  };

  return {
    view,
    list,
    current,
    state: computed(() => (current.value === null ? null : deriveState(current.value.events))),
    draft,
    draftRuleset,
    dirty,
    draftProblems,
    setupCheck,
    problem,
    busy,
    activeThread,
    refresh,
    async show(next) {
      problem.value = null;
      if (next.page !== 'game') {
        view.value = next;
        current.value = null;
        draft.value = null;
        if (next.page === 'home') await run(refresh);
        return;
      }
      await run(async () => {
        const game = await connector.request('game/get', { id: next.id });
        if (game === null) throw new Error(t.value('popup_problem_game_gone'));
        open(game);
        view.value = next;
      });
    },
    async restore(next) {
      // Whatever the host opens meanwhile wins over the address being read.
      const before = view.value;
      if (next.page !== 'game') {
        if (!samePage(before, next)) await this.show(next);
        return;
      }
      if (current.value?.id === next.id) {
        view.value = next;
        return;
      }
      let game: GameRecord | null = null;
      await run(async () => {
        game = await connector.request('game/get', { id: next.id });
      });
      if (view.value !== before) return;
      if (game === null) {
        await this.show({ page: 'home' });
        if (problem.value === null) problem.value = t.value('popup_route_game_gone');
        return;
      }
      problem.value = null;
      open(game);
      view.value = next;
    },
    setSection(section) {
      const v = view.value;
      if (v.page !== 'game' || v.section === section) return;
      view.value = section === undefined ? { page: 'game', id: v.id } : { ...v, section };
    },
    async create(input) {
      await run(async () => {
        const game = await connector.request('game/create', {
          threadKey: input.threadKey,
          presetId: input.presetId,
          roster: input.roster,
          hosts: splitNames(input.hosts),
          ...(input.title.trim() === '' ? {} : { title: input.title.trim() }),
        });
        open(game);
        view.value = { page: 'game', id: game.id };
        await refresh();
      });
    },
    async previewRoster(threadKey) {
      try {
        return await connector.request('thread/roster', { threadKey });
      } catch {
        // No preview is no refusal: the game can still be created, and creating it says what is wrong.
        return null;
      }
    },
    edit(change) {
      if (draft.value !== null) draft.value = change(draft.value);
    },
    rename(slotId, name) {
      const d = draft.value;
      if (d === null) return null;
      const result = renameHolder(d.slots, slotId, name);
      if (!result.ok) {
        if (result.problem === 'taken') return t.value('popup_rename_taken', name.trim(), result.by);
        if (result.problem === 'empty') return t.value('popup_rename_empty');
        return t.value('popup_problem_game_gone');
      }
      const before = d.slots.find((s) => s.id === slotId);
      const old = before?.accounts[before.accounts.length - 1]?.name;
      // The setup names a slot by the holder it started with (saving sets it again from the roster): a renamed holder is renamed there too.
      draft.value = {
        ...d,
        slots: result.slots,
        players: d.players.map((p) => (p.slotId === slotId && p.name === old ? { ...p, name: name.trim() } : p)),
      };
      return null;
    },
    choosePreset(presetId) {
      const d = draft.value;
      if (d === null) return;
      // Settings changed for the other rules do not carry over: the new rules start from their own.
      draft.value = { ...d, presetId, players: fitPlayers(d.players, rulesets[presetId]), ruleSettings: {} };
    },
    setRuleSetting(setting, value) {
      const d = draft.value;
      const base = chosenRuleset.value;
      if (d === null || base === null) return;
      const { [setting]: _old, ...rest } = d.ruleSettings;
      const own = readSetting(base, setting);
      const next = own.ok && own.value === value ? rest : { ...rest, [setting]: value };
      // A value the rules refuse (a number out of range) is not taken: the control shows the value that stands.
      if (!writeSettings(base, next).ok) return;
      draft.value = { ...d, ruleSettings: next };
    },
    resetDraft() {
      if (current.value !== null) draft.value = draftOf(current.value);
    },
    async save() {
      const game = current.value;
      const d = draft.value;
      if (game === null || d === null || draftProblems.value.length > 0) return;
      // Changed settings make the rules the game's own (checked again by the worker); a preset chosen alone stays a preset.
      const rulesetPatch = (): { ruleset?: { presetId: PresetRulesetId } | { custom: unknown } } => {
        const ruleset = draftRuleset.value;
        if (Object.keys(d.ruleSettings).length > 0 && ruleset !== null) return { ruleset: { custom: ruleset } };
        return d.presetId !== null && d.presetId !== game.ruleset.presetId ? { ruleset: { presetId: d.presetId } } : {};
      };
      await run(async () => {
        const { clock: _old, ...phases } = game.phases;
        const timeZone = d.timeZone.trim();
        const updated = await connector.request('game/update', {
          id: game.id,
          patch: {
            title: d.title,
            roster: { slots: d.slots, hosts: splitNames(d.hosts) },
            players: d.players,
            phases: {
              ...phases,
              firstPhase: d.firstPhase,
              ...(d.clock === null ? {} : { clock: { ...d.clock, timeZone, firstPhase: d.firstPhase } }),
            },
            timeZone,
            dialect: d.dialect,
            ...rulesetPatch(),
          },
        });
        open(updated);
        await refresh();
      });
    },
    async setPostLanguage(language) {
      const game = current.value;
      if (game === null) return;
      await run(async () => {
        took(await connector.request('game/update', { id: game.id, patch: { postLanguage: language } }));
      });
    },
    async record(event) {
      const game = current.value;
      if (game === null) return;
      await run(async () => {
        took(await connector.request('game/event', { id: game.id, action: { kind: 'append', event } }));
        await refresh();
      });
    },
    async undo() {
      const game = current.value;
      if (game === null) return;
      await run(async () => {
        took(await connector.request('game/event', { id: game.id, action: { kind: 'undo' } }));
        await refresh();
      });
    },
    async exportGame(id) {
      await run(async () => {
        const file = await connector.request('game/export', { id });
        await connector.download(file.fileName, file.json);
      });
    },
    async importGame(json, replace) {
      await run(async () => {
        const game = await connector.request('game/import', { json, replace });
        await refresh();
        open(game);
        view.value = { page: 'game', id: game.id };
      });
    },
    async deleteGame(id) {
      await run(async () => {
        await connector.request('game/delete', { id });
        current.value = null;
        draft.value = null;
        view.value = { page: 'home' };
        await refresh();
      });
    },
    clearProblem() {
      problem.value = null;
    },
  };
}
