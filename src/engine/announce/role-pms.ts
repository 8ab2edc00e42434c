/**
 * The role PMs a host sends each player before the game starts: his role in
 * the post's language, his side and how it wins, each ability with its phase,
 * uses and modifiers, the teammates of a side whose members know each other
 * (the ruleset's `knowsMembers`), the others of a group whose holders know
 * each other (`knowsHolders`: Masons, Neighbors), the other members of his
 * family (000: families are public), a Lyncher's target. Every
 * fact comes from the ruleset's data and the player's own setup: a PM names
 * another player's role or side only where the ruleset says his side knows it.
 */
import { findModifier, rulesetModifiedRole, modifyRulesetAbility } from '../night/nar-modifiers';
import { holdsByColor } from '../game/derive';
import { roleGroups } from '../setup/role-groups';
import type { FactionDef, PostLanguage, Ruleset, RulesetAbility, RulesetRole } from '../rules/types';
import { pluralForm, postNames, type PluralPhrase, type PostNames } from './phrases';
import { renderTemplate, type Dialect, type TemplateValue } from './render';

/** What the composer reads of a player (a `PlayerState` or a setup's player with its slot). */
export interface RolePmPlayer {
  readonly slot: { readonly id: string };
  readonly name: string;
  readonly faction: string;
  readonly role: string;
  readonly secondRole?: string | undefined;
  readonly family?: string | undefined;
  /** A Lyncher's target, a slot id. */
  readonly target?: string | undefined;
}

/** One player's role PM. */
export interface RolePm {
  readonly to: string;
  readonly name: string;
  readonly text: string;
}

/** A player whose PM cannot be written yet, and what is missing. */
export interface RolePmGap {
  readonly to: string;
  readonly name: string;
  /** `role`: his role or side is not entered (or is not the ruleset's); `target`: his role needs a target the setup does not give. */
  readonly missing: 'role' | 'target';
}

interface RolePmPhrases {
  readonly greeting: string;
  readonly role: string;
  readonly secondRole: string;
  readonly side: string;
  readonly family: string;
  readonly familyMembers: string;
  readonly familyAlone: string;
  readonly about: string | null;
  readonly winHeading: string;
  readonly abilitiesHeading: string;
  readonly noAbilities: string;
  readonly modifiersHeading: string;
  readonly teamHeading: string;
  readonly teammate: string;
  readonly aloneInTeam: string;
  readonly group: string;
  readonly target: string;
  readonly closing: string;
  readonly timing: Readonly<Record<RulesetAbility['timing'], string>>;
  readonly uses: PluralPhrase;
  readonly perPhase: PluralPhrase;
  readonly targets: PluralPhrase;
  readonly notSelf: string;
  readonly selfLimit: PluralPhrase;
  readonly ownFamilyLimit: PluralPhrase;
  readonly wins: {
    readonly town: string;
    readonly mafiaAtParity: string;
    readonly mafiaOutnumber: string;
    readonly soloKiller: string;
    readonly ownParity: string;
    readonly noOwnWin: string;
    readonly lynched: string;
    readonly targetLynched: string;
    readonly survives: string;
    readonly families: string;
    readonly untilImpossible: string;
    readonly red: string;
    readonly black: string;
    readonly grey: PluralPhrase;
    readonly elite: string;
  };
  /** What each modifier does, in the PM's words (N-shot is worded by `uses`). */
  readonly modifiers: Readonly<Record<string, string>>;
  readonly shots: PluralPhrase;
}

const english: RolePmPhrases = {
  greeting: 'Hello, {b}{name}{/b}!',
  role: 'Your role: {b}{role}{/b}',
  secondRole: 'Your second role: {b}{role}{/b}',
  side: 'Your side: {b}{faction}{/b}',
  family: 'Your family: {b}{family}{/b}',
  familyMembers: 'The other members of your family: {names}.',
  familyAlone: 'You are the only member of your family.',
  about: 'About your role: {summary}',
  winHeading: '{b}How you win{/b}',
  abilitiesHeading: '{b}Your abilities{/b}',
  noAbilities: 'You have no special abilities: your vote and your voice are what you play with.',
  modifiersHeading: '{b}Modifiers{/b}',
  teamHeading: '{b}Your team ({faction}){/b}',
  teammate: '{name}: {role}',
  aloneInTeam: 'You are the only player of your side.',
  group: 'The other players with the role {role}: {names}. The host opens your group a private chat.',
  target: 'Your target: {b}{target}{/b}',
  closing: 'Send your moves to the host by PM. Good luck!',
  timing: { night: 'at night', day: 'by day', 'day-or-night': 'by day or at night', passive: 'always on' },
  uses: { one: 'once a game', other: '{n} times a game' },
  perPhase: { one: 'at most once a phase', other: 'at most {n} times a phase' },
  targets: { one: '{n} target', other: '{n} targets' },
  notSelf: 'not on yourself',
  selfLimit: { one: 'on yourself at most once', other: 'on yourself at most {n} times' },
  ownFamilyLimit: { one: 'on your own family at most once', other: 'on your own family at most {n} times' },
  wins: {
    town: 'You win when every player against the town is gone: the mafia, and any lone killer or cult.',
    mafiaAtParity: 'You win when the living mafia are as many as everyone else alive, and no other killing side is left.',
    mafiaOutnumber: 'You win when the living mafia outnumber everyone else alive, and no other killing side is left.',
    soloKiller: 'You win alone, when at most one other player is left alive with you.',
    ownParity: 'Your side wins when its living players are as many as everyone else alive.',
    noOwnWin: 'Your side has no win of its own in these rules: the host tells you your goal.',
    lynched: 'You win if you are lynched.',
    targetLynched: 'You win if {target} is lynched while you are alive.',
    survives: 'You win if you are alive at the end of the game, whoever else wins.',
    families:
      'Nothing is decided before Day {n} is over. Then the Mafia wins if at least {share}% of its members are alive; otherwise the family that removed its Mafia Members and has the most living civilians wins.',
    untilImpossible: 'The game ends only when one side can no longer win: you win when the other side’s win has become impossible.',
    red: 'The reds win when every black player and the Faceless are out of the game.',
    black:
      'The blacks win when, at the start of a day, the living reds are fewer than the blacks (or as many, once no witch hunt is left).',
    grey: {
      one: 'You win if you survive the departure of {n} player of the starting line-up.',
      other: 'You win if you survive the departure of {n} players of the starting line-up.',
    },
    elite: 'You win with the side you choose, or with the side of the player you name to the host.',
  },
  modifiers: {
    'day-only': 'your abilities are used by day only',
    'night-only': 'your abilities are used at night only',
    'self-targeting': 'your abilities may target you',
    compulsive: 'you must use your abilities every night',
    macho: 'you cannot be protected',
    loyal: 'your abilities work only on players of your own side',
    disloyal: 'your abilities work only on players of another side',
    ninja: 'your kill is not seen by trackers, watchers or followers',
    strongman: 'your kill goes through every protection',
    untrackable: 'no move of yours is seen by trackers, watchers or followers',
    unstoppable: 'roleblocks and jails do not stop your moves',
  },
  shots: { one: 'each ability once a game', other: 'each ability {n} times a game' },
};

const russian: RolePmPhrases = {
  greeting: 'Здравствуйте, {b}{name}{/b}!',
  role: 'Ваша роль: {b}{role}{/b}',
  secondRole: 'Ваша вторая роль: {b}{role}{/b}',
  side: 'Ваша сторона: {b}{faction}{/b}',
  family: 'Ваша семья: {b}{family}{/b}',
  familyMembers: 'Другие члены вашей семьи: {names}.',
  familyAlone: 'Других членов в вашей семье нет.',
  // The rulesets' role descriptions are written in English only.
  about: null,
  winHeading: '{b}Условие победы{/b}',
  abilitiesHeading: '{b}Ваши способности{/b}',
  noAbilities: 'Особых способностей у вас нет: ваше оружие — голос и слово.',
  modifiersHeading: '{b}Модификаторы{/b}',
  teamHeading: '{b}Ваша команда ({faction}){/b}',
  teammate: '{name}: {role}',
  aloneInTeam: 'Других игроков вашей стороны нет.',
  group: 'Другие игроки с ролью «{role}»: {names}. Ведущий откроет для вашей группы закрытый чат.',
  target: 'Ваша цель: {b}{target}{/b}',
  closing: 'Присылайте свои ходы ведущему в личные сообщения. Удачи!',
  timing: { night: 'ночью', day: 'днём', 'day-or-night': 'днём или ночью', passive: 'действует постоянно' },
  uses: { one: '{n} раз за игру', few: '{n} раза за игру', many: '{n} раз за игру', other: '{n} раза за игру' },
  perPhase: {
    one: 'не больше {n} раза за фазу',
    few: 'не больше {n} раз за фазу',
    many: 'не больше {n} раз за фазу',
    other: 'не больше {n} раза за фазу',
  },
  targets: { one: '{n} цель', few: '{n} цели', many: '{n} целей', other: '{n} цели' },
  notSelf: 'нельзя применять к себе',
  selfLimit: {
    one: 'к себе — не больше {n} раза',
    few: 'к себе — не больше {n} раз',
    many: 'к себе — не больше {n} раз',
    other: 'к себе — не больше {n} раза',
  },
  ownFamilyLimit: {
    one: 'к своей семье — не больше {n} раза',
    few: 'к своей семье — не больше {n} раз',
    many: 'к своей семье — не больше {n} раз',
    other: 'к своей семье — не больше {n} раза',
  },
  wins: {
    town: 'Вы побеждаете, когда из игры выбыли все противники города: мафия, а также убийцы-одиночки и культ, если они есть.',
    mafiaAtParity:
      'Вы побеждаете, когда живых мафиози столько же, сколько всех остальных живых игроков, и других убийц в игре не осталось.',
    mafiaOutnumber: 'Вы побеждаете, когда живых мафиози больше, чем всех остальных живых игроков, и других убийц в игре не осталось.',
    soloKiller: 'Вы побеждаете в одиночку, когда в живых вместе с вами остаётся не больше одного игрока.',
    ownParity: 'Ваша сторона побеждает, когда её живых игроков столько же, сколько всех остальных живых.',
    noOwnWin: 'Своего условия победы у вашей стороны в этих правилах нет: цель вам сообщит ведущий.',
    lynched: 'Вы побеждаете, если вас казнят на дневном голосовании.',
    targetLynched: 'Вы побеждаете, если игрока {target} казнят на дневном голосовании, пока вы живы.',
    survives: 'Вы побеждаете, если доживёте до конца игры, кто бы ни победил.',
    families:
      'До конца дня {n} ничего не решается. Затем мафия побеждает, если живы не меньше {share}% её членов; иначе побеждает семья, избавившаяся от своих мафиози, в которой больше всего живых мирных жителей.',
    untilImpossible:
      'Игра заканчивается, только когда одна из сторон уже не может победить: вы побеждаете, когда победа другой стороны становится невозможной.',
    red: 'Красные побеждают, когда из игры выбыли все чёрные и Безликий.',
    black: 'Чёрные побеждают, когда к началу дня живых красных меньше, чем чёрных (или столько же, если охота на ведьм уже невозможна).',
    grey: {
      one: 'Вы побеждаете, если переживёте выбывание {n} игрока стартового состава.',
      few: 'Вы побеждаете, если переживёте выбывание {n} игроков стартового состава.',
      many: 'Вы побеждаете, если переживёте выбывание {n} игроков стартового состава.',
      other: 'Вы побеждаете, если переживёте выбывание {n} игрока стартового состава.',
    },
    elite: 'Вы побеждаете вместе со стороной, которую выберете, или со стороной игрока, которого назовёте ведущему.',
  },
  modifiers: {
    'day-only': 'способности используются только днём',
    'night-only': 'способности используются только ночью',
    'self-targeting': 'способности можно применять к себе',
    compulsive: 'вы обязаны использовать способности каждую ночь',
    macho: 'вас нельзя защитить',
    loyal: 'способности действуют только на игроков вашей стороны',
    disloyal: 'способности действуют только на игроков другой стороны',
    ninja: 'ваше убийство не видят следопыты, наблюдатели и соглядатаи',
    strongman: 'ваше убийство проходит сквозь любую защиту',
    untrackable: 'ни один ваш ход не видят следопыты, наблюдатели и соглядатаи',
    unstoppable: 'блокировка и тюрьма не останавливают ваши ходы',
  },
  shots: {
    one: 'каждая способность — {n} раз за игру',
    few: 'каждая способность — {n} раза за игру',
    many: 'каждая способность — {n} раз за игру',
    other: 'каждая способность — {n} раза за игру',
  },
};

/** The role PMs' words, per post language. */
export const rolePmPhrases: Readonly<Record<PostLanguage, RolePmPhrases>> = { en: english, ru: russian };

/** A role text read against the ruleset: its base role and every modifier on it (the role's own, then the words in front). */
function readRole(ruleset: Ruleset, text: string): { readonly role: RulesetRole; readonly modifiers: readonly string[] } | undefined {
  const plain = ruleset.roles.find((r) => r.id === text);
  const parsed = plain === undefined ? rulesetModifiedRole(ruleset, text) : undefined;
  const role = plain ?? (parsed === undefined ? undefined : ruleset.roles.find((r) => r.id === parsed.base));
  if (role === undefined) return undefined;
  return { role, modifiers: [...(role.modifiers ?? []), ...(parsed?.modifiers ?? [])] };
}

/** One ability as a line: its name, then its phase and limits in the PM's words. */
function abilityLine(ability: RulesetAbility, words: RolePmPhrases, names: PostNames, language: PostLanguage): TemplateValue {
  const counted = (phrase: PluralPhrase, n: number): string => pluralForm(phrase, language, n).replace('{n}', String(n));
  const parts = [words.timing[ability.timing]];
  if (ability.usesPerGame !== undefined) parts.push(counted(words.uses, ability.usesPerGame));
  if (ability.usesPerPhase !== undefined) parts.push(counted(words.perPhase, ability.usesPerPhase));
  if ((ability.targets ?? 1) > 1) parts.push(counted(words.targets, ability.targets ?? 1));
  if (ability.selfTargetLimit === 0) parts.push(words.notSelf);
  else if (ability.selfTargetLimit !== undefined) parts.push(counted(words.selfLimit, ability.selfTargetLimit));
  if (ability.ownFamilyLimit !== undefined) parts.push(counted(words.ownFamilyLimit, ability.ownFamilyLimit));
  const name = ability.names?.[language] ?? (language === 'en' ? ability.name : names.ability(ability.id));
  return `• ${name}: ${parts.join(', ')}`;
}

/** A modifier as a line: its name in the PM's language and what it does. */
function modifierLine(id: string, words: RolePmPhrases, language: PostLanguage): string {
  const m = findModifier(id);
  const name = (language === 'en' ? m?.name : m?.names[language]) ?? id;
  const does =
    m?.shots !== undefined
      ? pluralForm(words.shots, language, m.shots).replace('{n}', String(m.shots))
      : (words.modifiers[m?.id ?? id] ?? '');
  return does === '' ? `• ${name}` : `• ${name}: ${does}`;
}

/** How the player's side wins, by the ruleset's win rule and the side's data (never by a side's id). */
function sideWin(faction: FactionDef, ruleset: Ruleset, words: RolePmPhrases, language: PostLanguage, hasRoleWin: boolean): string | null {
  const w = words.wins;
  const win = ruleset.win;
  switch (win.kind) {
    case 'parity':
      if (win.soloKillers?.includes(faction.id) === true) return w.soloKiller;
      if (win.ownParity?.includes(faction.id) === true) return w.ownParity;
      if (faction.kind === 'town') return w.town;
      if (faction.kind === 'mafia') return win.mafiaWinsWhen === 'outnumber' ? w.mafiaOutnumber : w.mafiaAtParity;
      return hasRoleWin ? null : w.noOwnWin;
    case 'families-after-day':
      return w.families.replace('{n}', String(win.afterDay)).replace('{share}', String(Math.round(win.mafiaShare * 100)));
    case 'until-impossible':
      return w.untilImpossible;
    case 'colors': {
      if (faction.elite === true) return w.elite;
      const color = faction.color ?? (faction.kind === 'town' ? 'red' : faction.kind === 'mafia' ? 'black' : 'grey');
      if (color === 'red') return w.red;
      if (color === 'black') return w.black;
      return pluralForm(w.grey, language, win.greySurvivalDepartures).replace('{n}', String(win.greySurvivalDepartures));
    }
  }
}

/**
 * Every player's role PM, in roster order, in `language` and `dialect`, and
 * the players whose PM cannot be written yet (role or side not entered, a
 * Lyncher without a target).
 */
export function composeRolePms(
  game: { readonly players: readonly RolePmPlayer[] },
  ruleset: Ruleset,
  language: PostLanguage,
  dialect: Dialect,
): { readonly pms: readonly RolePm[]; readonly gaps: readonly RolePmGap[] } {
  const words = rolePmPhrases[language];
  const names = postNames(ruleset, language);
  const render = (template: string, values: Readonly<Record<string, TemplateValue>> = {}): string =>
    renderTemplate(template, values, dialect);
  const players = game.players;
  const groups = roleGroups(
    players.map((p) => ({ slotId: p.slot.id, name: p.name, role: p.role, secondRole: p.secondRole })),
    ruleset,
  );
  const pms: RolePm[] = [];
  const gaps: RolePmGap[] = [];
  for (const p of players) {
    const faction = ruleset.factions.find((f) => f.id === p.faction);
    const first = readRole(ruleset, p.role);
    const second = p.secondRole === undefined ? undefined : readRole(ruleset, p.secondRole);
    if (faction === undefined || first === undefined || (p.secondRole !== undefined && second === undefined)) {
      gaps.push({ to: p.slot.id, name: p.name, missing: 'role' });
      continue;
    }
    const held = [first, ...(second === undefined ? [] : [second])];
    const roleWins = held.flatMap((h) => (h.role.win === undefined ? [] : [h.role.win]));
    const target = players.find((q) => q.slot.id === p.target);
    if (roleWins.some((w) => w.kind === 'target-lynched') && target === undefined) {
      gaps.push({ to: p.slot.id, name: p.name, missing: 'target' });
      continue;
    }
    const blocks: string[] = [];
    const head = [render(words.greeting, { name: p.name }), render(words.role, { role: names.role(p.role) })];
    if (p.secondRole !== undefined) head.push(render(words.secondRole, { role: names.role(p.secondRole) }));
    head.push(render(words.side, { faction: names.faction(faction.id) }));
    if (p.family !== undefined) {
      head.push(render(words.family, { family: p.family }));
      // 000: players sign up as whole families (L22), and vote inside their own (L172: "The individual vote must be for
      // someone in your family"): a family's members are public, so the PM names them (their roles stay secret).
      const kin = players.filter((q) => q.slot.id !== p.slot.id && q.family === p.family).map((q) => q.name);
      head.push(kin.length === 0 ? render(words.familyAlone) : render(words.familyMembers, { names: listNames(kin, language) }));
    }
    if (target !== undefined) head.push(render(words.target, { target: target.name }));
    blocks.push(head.join('\n'));
    if (words.about !== null)
      for (const h of held) if (h.role.summary !== undefined) blocks.push(render(words.about, { summary: h.role.summary }));

    // What the player may do: each ability as the role's modifiers leave it (a day-only Vigilante shoots by day).
    const abilities = held
      .flatMap((h) => (h.modifiers.length === 0 ? h.role.abilities : h.role.abilities.map((a) => modifyRulesetAbility(a, h.modifiers))))
      // An ability kept for holders of some colours (004 L73: the Faceless's heroic suicide) is not in the others' PM.
      .filter((a) => holdsByColor(a, faction.id, ruleset));
    blocks.push(
      [
        render(words.abilitiesHeading),
        ...(abilities.length === 0
          ? [render(words.noAbilities)]
          : abilities.map((a) => render('{line}', { line: abilityLine(a, words, names, language) }))),
      ].join('\n'),
    );
    const modifiers = [...new Set(held.flatMap((h) => h.modifiers))];
    if (modifiers.length > 0)
      blocks.push(
        [render(words.modifiersHeading), ...modifiers.map((m) => render('{line}', { line: modifierLine(m, words, language) }))].join('\n'),
      );

    // How the player wins: his side's win, and his role's own.
    const wins: string[] = [];
    const own = sideWin(faction, ruleset, words, language, roleWins.length > 0);
    if (own !== null) wins.push(render(own));
    for (const w of roleWins) {
      if (w.kind === 'lynched') wins.push(render(words.wins.lynched));
      if (w.kind === 'survives') wins.push(render(words.wins.survives));
      if (w.kind === 'target-lynched') wins.push(render(words.wins.targetLynched, { target: target?.name ?? '' }));
    }
    blocks.push([render(words.winHeading), ...wins].join('\n'));

    // Who the player knows: his side's members where the side knows them, his group where the role's holders know each other.
    if (faction.knowsMembers === true) {
      const mates = players.filter((q) => q.slot.id !== p.slot.id && q.faction === p.faction);
      blocks.push(
        [
          render(words.teamHeading, { faction: names.faction(faction.id) }),
          ...(mates.length === 0
            ? [render(words.aloneInTeam)]
            : mates.map((q) =>
                render(words.teammate, {
                  name: q.name,
                  role: [q.role, ...(q.secondRole === undefined ? [] : [q.secondRole])].map((r) => names.role(r)).join(' + '),
                }),
              )),
        ].join('\n'),
      );
    }
    for (const g of groups) {
      if (!g.members.some((m) => m.slotId === p.slot.id)) continue;
      const others = g.members.filter((m) => m.slotId !== p.slot.id).map((m) => m.name);
      blocks.push(render(words.group, { role: names.role(g.role), names: listNames(others, language) }));
    }
    blocks.push(render(words.closing));
    pms.push({ to: p.slot.id, name: p.name, text: blocks.join('\n\n') });
  }
  return { pms, gaps };
}

/** Names joined as the language joins a list ("Ann, Bob and Cid", «Ann, Bob и Cid»). */
function listNames(list: readonly string[], language: PostLanguage): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(list);
}
