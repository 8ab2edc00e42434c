/**
 * The Necromancer's corpses (seed 004 L42, digest §5.6): what the night reads
 * of his day choices and what it does with the undead.
 *
 * - The curse: at the end of day 1 he names three players (a day move of a
 *   `curseMoves` ability, recorded as the game's `action/use`); the night after
 *   marks them `cursed` (mechanic `cursed`, `by` him). "Некромант не может
 *   отказаться от назначения целей - в этом случае получит к утру цели по
 *   рандому, но их точно не будет среди жертв первой ночи": with no curse by
 *   the end of the first night, the night draws them from the night's survivors
 *   with the resolver's random source.
 * - The undead: a cursed player who is dead is undead ("Умерший игрок получит в
 *   шапке обозначение \"Нежить\""): the night gives the public `undead` status
 *   the moment it sees him dead, and the Necromancer sends his moves
 *   (roles-004-copies.ts).
 * - The swap: "в конце любого дня имеет право отказаться от него, заменив
 *   другим убитым игроком … Нельзя сделать более одной замены за раз и нельзя
 *   использовать роль взятого трупа в течение ближайших суток": a day move of a
 *   `corpseSwapMoves` ability names the corpse or cursed player given up and
 *   the dead player raised; the raised corpse's undead status starts the night
 *   after.
 * - The undead as a target: "он может быть целью для киллеров. Если киллер
 *   тратит выстрел на нежить, то получает дополнительный ход в ближайшую ночь.
 *   Если игрок-нежить повторно убит, его уже нельзя вернуть": a killer's move
 *   may name an undead (intake); the kill lays him to rest (his undead status
 *   goes) and, as nobody died, a killer side's shot is not realised and is kept
 *   for the next night (shots.ts).
 */
import type { EffectFn, NightContext, WorkPlayer } from './context';
import type { NightRules } from './rules';
import type { Rng } from '../rng';
import { say } from './say';
import { settingValue } from './settings-words';
import { crippledTonight, mechanicStatus, mechanicStatusId } from './statuses';
import type {
  NightAction,
  NightDeathCause,
  NightEvent,
  NightInput,
  NightPlayer,
  NightReason,
  NightResolution,
  NightStatus,
  PastMove,
  RefusedAction,
} from './types';
import { nightResult } from './results';
import { engineMessage, word } from '../words';
import type { NightAbilityDef } from './roles';

/** The Necromancer's day choices, as the night reads them (L42). */
export interface CorpseRules {
  /** Day abilities whose targets are cursed ("проклинает трех игроков"). */
  readonly curseMoves?: readonly string[];
  /** How many players a curse names, and how many the night draws when he names none (L42: three). */
  readonly curseCount?: number;
  /** Day abilities that give up a corpse or a cursed player (first target) for a dead player (second target). */
  readonly corpseSwapMoves?: readonly string[];
  /** Day abilities naming the players whose roles are collected if they leave within the game day (L41: the Collector). */
  readonly collectMoves?: readonly string[];
  /** Day abilities that make one collected role the active one (its former holder is the target). */
  readonly activateMoves?: readonly string[];
  /**
   * Day abilities by which a Collector has no collected role active from the night after (no target; L41: "Имеет право
   * отключить/не активировать роль в конце дня"): a choice of its own, which the last of his activate or deactivate
   * moves of the day gives, and which no death that night overrides by activating a role on its own.
   */
  readonly deactivateMoves?: readonly string[];
  /**
   * Day abilities by which a Collector yields, for the players he named that day, his priority to the Active citizens
   * (no target), or waives the roles of the players he names (L41: "может добровольно уступить приоритет активным
   * жителям … либо указать конкретные роли, которые ему не нужны": the host names the holders of those roles).
   */
  readonly waiveMoves?: readonly string[];
  /**
   * How many players a Collector may name, by the number of roles he holds: the entry at that index, the last one
   * beyond (L41: "Пока у коллекционера нет ролей, он может назначать до трех целей за раз. Когда одна или две роли,
   * можно выбирать до двух целей и не более одной цели при большем числе ролей": [3, 2, 2, 1]).
   */
  readonly collectNames?: readonly number[];
  /** Day abilities examining a night's body (L44: the Forensic "проводит обследование тел ночных жертв"); the target is the body. */
  readonly examineMoves?: readonly string[];
  /**
   * Whether a holder of a guilty faction (a black) examines any body, not only the night's victims (L112: "Криминалист
   * может обследовать чей-либо труп утром и взять анализы с трех выбранных игроков вечером").
   */
  readonly examineAnyBodyWhenGuilty?: boolean;
  /**
   * Whether such a holder's examination is told as soon as the host records it (in the morning he makes it), not in
   * the evening after the vote (L112: "Криминалист может обследовать чей-либо труп утром").
   */
  readonly guiltyExaminationAtOnce?: boolean;
  /** Day abilities taking samples, and the night ability that tests them that night (L44: "это два разных хода - дневной и ночной"). */
  readonly sampleMoves?: { readonly day: string; readonly night: string };
  /**
   * How many comparisons of a sample with a body one test may make (L44: three samples for one body each, two with
   * one of them against two bodies, or one against three).
   */
  readonly sampleComparisons?: number;
  /**
   * Kills whose bodies allow one sample alone, and no parallel test (L44: "Если убийство совершил наемник или
   * отравитель через свой яд, то на них можно проверять не более одного игрока за раз, при этом недопустимы
   * параллельные проверки"): the death causes (the game's) and the killers' night effects.
   */
  readonly singleSample?: {
    readonly causes?: readonly string[];
    readonly killerEffects?: readonly string[];
    /**
     * What "недопустимы параллельные проверки" forbids beside such a body's one sample (an open question):
     * `none` (the default, the strict reading), no other comparison in the same test; `other-bodies`, only a second
     * sample against that body, so other bodies may still be tested the same night.
     */
    readonly parallel?: 'none' | 'other-bodies';
  };
  /**
   * A holder of a guilty faction (a black) takes samples from this many players at most, all tested against the one
   * body examined last, instead of the red Forensic's split and limits (L112: "взять анализы с трех выбранных
   * игроков вечером"), when the night setting `blackForensicSamples` is `three` (the default); `red-rules` gives him
   * L44's.
   */
  readonly guiltySamples?: number;
}

/**
 * A killer's move may name an undead (L42: "он может быть целью для киллеров"): a killer side's shot, a peaceful gun
 * (the Investigator's, L8), the Fanatic's revenge (L36) or a contract killer's order (the Mercenary's, L49).
 */
export function killsUndead(input: NightInput, ability: NightAbilityDef, target: NightPlayer): boolean {
  // L49: the Mercenary's order is a killer's move too ("Все убийства наемника классифицируются как особый ход оборотня").
  const killing = ['kill', 'faction-kill', 'avenge-kill', 'contract-kill'];
  if (!killing.includes(ability.effect)) return false;
  return mechanicStatus(input, target.statuses, 'undead') !== undefined;
}

interface Corpse {
  readonly by: string;
  /** The night his undead status starts (a raised corpse: the night after the swap). */
  readonly since?: number;
}

/**
 * The cursed and the raised of every Necromancer, from his moves of the day before this night (L42); earlier choices
 * live on as statuses, so a player laid to rest is not raised again by an old curse.
 */
function corpses(input: NightInput, rules: CorpseRules): { cursed: Map<string, Corpse>; dropped: Map<string, string> } {
  const cursed = new Map<string, Corpse>();
  const dropped = new Map<string, string>();
  const curse = rules.curseMoves ?? [];
  const swap = rules.corpseSwapMoves ?? [];
  for (const n of input.players) {
    const moves = (n.pastMoves ?? []).filter((m) => m.day && m.night === input.night);
    for (const m of moves) {
      if (curse.includes(m.ability))
        for (const t of m.targets.slice(0, rules.curseCount ?? m.targets.length)) if (t !== n.slotId) cursed.set(t, { by: n.slotId });
      if (swap.includes(m.ability)) {
        const [out, raised] = m.targets;
        if (out === undefined || raised === undefined) continue;
        cursed.delete(out);
        dropped.set(out, n.slotId);
        cursed.set(raised, { by: n.slotId, since: m.night + 1 });
      }
    }
  }
  return { cursed, dropped };
}

function because(text: string, message: ReturnType<typeof engineMessage>): NightReason {
  return say(text, message);
}

/**
 * Before the night: the statuses the Necromancer's day choices give (cursed, undead, given up), added to the
 * night's players so the intake and the resolver read them, and the events that keep them in the game.
 */
export function prepareCorpses(input: NightInput, rules: CorpseRules): { input: NightInput; events: NightEvent[] } {
  if ((rules.curseMoves ?? []).length === 0 && (rules.corpseSwapMoves ?? []).length === 0) return { input, events: [] };
  const { cursed, dropped } = corpses(input, rules);
  const cursedId = mechanicStatusId(input, 'cursed');
  const undeadId = mechanicStatusId(input, 'undead');
  // A cursed player who died by day (a lynch) is undead from this night on.
  for (const p of input.players) {
    const curse = p.statuses?.find((s) => s.id === cursedId);
    if (!p.alive && curse?.by !== undefined && !cursed.has(p.slotId) && !p.statuses?.some((s) => s.id === undeadId))
      cursed.set(p.slotId, { by: curse.by });
  }
  if (cursed.size === 0 && dropped.size === 0) return { input, events: [] };
  const events: NightEvent[] = [];
  const name = (id: string): string => input.players.find((p) => p.slotId === id)?.name ?? id;
  const players = input.players.map((p): NightPlayer => {
    let statuses: NightStatus[] = [...(p.statuses ?? [])];
    const gaveUp = dropped.get(p.slotId);
    const c = cursed.get(p.slotId);
    if (gaveUp !== undefined && c === undefined) {
      for (const id of [cursedId, undeadId]) {
        if (!statuses.some((s) => s.id === id)) continue;
        statuses = statuses.filter((s) => s.id !== id);
        events.push({
          type: 'status-cleared',
          player: p.slotId,
          status: id,
          reasons: [
            because(
              `${name(gaveUp)} gave ${p.name} up for another corpse (004 L42)`,
              engineMessage('night/corpse-given-up', word.text(name(gaveUp)), word.text(p.name)),
            ),
          ],
        });
      }
    }
    if (c === undefined) return statuses === p.statuses ? p : { ...p, statuses };
    const mark = (id: string, since?: number): void => {
      if (statuses.some((s) => s.id === id)) return;
      const status: NightStatus = { id, by: c.by, ...(since === undefined ? {} : { sinceNight: since }) };
      statuses.push(status);
      events.push({
        type: 'status-applied',
        player: p.slotId,
        status,
        reasons: [
          id === undeadId
            ? because(
                `${p.name} is dead and was cursed or raised by ${name(c.by)}: undead (004 L42, "Нежить")`,
                engineMessage('night/undead-marked', word.text(p.name), word.text(name(c.by))),
              )
            : because(
                `${name(c.by)} cursed ${p.name} at the end of the day (004 L42)`,
                engineMessage('night/cursed', word.text(name(c.by)), word.text(p.name)),
              ),
        ],
      });
    };
    if (c.since === undefined) mark(cursedId);
    if (!p.alive) mark(undeadId, c.since);
    return { ...p, statuses };
  });
  return { input: { ...input, players }, events };
}

/**
 * L42: "Если игрок-нежить повторно убит, его уже нельзя вернуть": a killer's move on an undead lays him to rest.
 * Returns whether the victim was undead (the attack is then over: nobody dies, the shot is not realised).
 * "Если киллер тратит выстрел на нежить, то получает дополнительный ход в ближайшую ночь": only a killer side's shot
 * (`faction-kill`) is kept; a peaceful gun (the Investigator's) or the Fanatic's revenge shoots one a night anyway,
 * so it gains no extra move (and the Fanatic's favourite is not avenged).
 */
export function rekillUndead(
  ctx: NightContext,
  victim: WorkPlayer,
  attackers: readonly string[],
  reasons: readonly NightReason[],
  cause?: NightDeathCause,
): boolean {
  const undead = mechanicStatus(ctx.input, victim.statuses, 'undead');
  if (victim.alive || undead === undefined) return false;
  const curse = mechanicStatus(ctx.input, victim.statuses, 'cursed');
  victim.statuses = victim.statuses.filter((s) => s !== undead && s !== curse);
  const by = attackers.map((a) => ctx.name(a)).join(', ');
  // A contract killer's order is his employers' shot (L49): it is kept like theirs.
  const contract = attackers.some((a) =>
    [ctx.player(a)?.role, ctx.player(a)?.secondRole].some((r) => ctx.role(r)?.abilities.some((x) => x.effect === 'contract-kill') === true),
  );
  const keeps = cause === undefined || cause === 'faction-kill' || contract;
  ctx.emit({
    type: 'status-cleared',
    player: victim.slotId,
    status: undead.id,
    reasons: [
      keeps
        ? say(
            `${by} killed the undead ${victim.name} again: he cannot be raised any more, and the killer keeps the shot for the next night (004 L42)`,
            engineMessage('night/undead-laid-to-rest', word.text(victim.name), word.text(by)),
            reasons,
          )
        : say(
            `${by} killed the undead ${victim.name} again: he cannot be raised any more; only a killer side keeps its shot, so this gun gains no extra move (004 L42)`,
            engineMessage('night/undead-laid-to-rest-no-shot', word.text(victim.name), word.text(by)),
            reasons,
          ),
    ],
  });
  if (curse !== undefined)
    ctx.emit({
      type: 'status-cleared',
      player: victim.slotId,
      status: curse.id,
      reasons: [
        say(
          `${by} killed the undead ${victim.name} again: he cannot be raised any more (004 L42)`,
          engineMessage('night/undead-laid-to-rest', word.text(victim.name), word.text(by)),
          reasons,
        ),
      ],
    });
  return true;
}

/**
 * After the night: the cursed who died tonight are undead (the "Нежить" label), and a Necromancer who named no one by
 * the end of the first night gets his three at random among the night's survivors (L42).
 */
export function afterCorpses(
  input: NightInput,
  rules: NightRules,
  corpseRules: CorpseRules,
  rng: Rng,
  r: NightResolution,
): NightResolution {
  const curse = corpseRules.curseMoves ?? [];
  if (curse.length === 0) return r;
  const cursedId = mechanicStatusId(input, 'cursed');
  const undeadId = mechanicStatusId(input, 'undead');
  const died = new Set(r.events.flatMap((e) => (e.type === 'death' ? [e.player] : [])));
  const added: NightEvent[] = [];
  const name = (id: string): string => input.players.find((p) => p.slotId === id)?.name ?? id;
  for (const p of input.players) {
    const c = mechanicStatus(input, p.statuses, 'cursed');
    if (!died.has(p.slotId) || c === undefined || mechanicStatus(input, p.statuses, 'undead') !== undefined) continue;
    const by = c.by ?? '';
    added.push({
      type: 'status-applied',
      player: p.slotId,
      status: { id: undeadId, ...(c.by === undefined ? {} : { by: c.by }) },
      reasons: [
        say(
          `${p.name} died cursed by ${name(by)}: undead (004 L42, "Нежить")`,
          engineMessage('night/undead-marked', word.text(p.name), word.text(name(by))),
        ),
      ],
    });
  }
  // "получит к утру цели по рандому, но их точно не будет среди жертв первой ночи".
  const holders = input.players.filter((p) => p.alive && !died.has(p.slotId) && holdsCurse(rules, p, curse));
  for (const n of holders) {
    const drawn: string[] = [];
    const chose = (n.pastMoves ?? []).some((m) => m.day && curse.includes(m.ability));
    const marked = input.players.some(
      (p) => p.statuses?.some((s) => (s.id === cursedId || s.id === undeadId) && s.by === n.slotId) === true,
    );
    if (chose || marked || input.night < 1) continue;
    // In a fixed order (by slot), so the draw does not depend on the order the players were listed in.
    const pool = input.players
      .filter((p) => p.alive && !died.has(p.slotId) && p.slotId !== n.slotId)
      .map((p) => p.slotId)
      .sort();
    for (let i = 0; i < (corpseRules.curseCount ?? 3) && pool.length > 0; i += 1) {
      const [t] = pool.splice(rng.int(pool.length), 1);
      if (t === undefined) continue;
      drawn.push(t);
      added.push({
        type: 'status-applied',
        player: t,
        status: { id: cursedId, by: n.slotId },
        reasons: [
          say(
            `${n.name} named no one to curse: ${name(t)} is cursed at random, not among the night's victims (004 L42)`,
            engineMessage('night/cursed-at-random', word.text(n.name), word.text(name(t))),
          ),
        ],
      });
    }
    // The Necromancer is told whom the curse fell on.
    if (drawn.length > 0)
      added.push({
        type: 'message',
        to: n.slotId,
        result: nightResult(n.slotId, 'cursed-at-random', drawn, null),
        reasons: [
          say(
            `${n.name} named no one to curse: the curse fell at random (004 L42)`,
            engineMessage('night/cursed-at-random', word.text(n.name), word.text(drawn.map(name).join(', '))),
          ),
        ],
      });
  }
  return added.length === 0 ? r : { ...r, events: [...r.events, ...added] };
}

function holdsCurse(rules: NightRules, p: NightPlayer, curse: readonly string[]): boolean {
  return [p.role, p.secondRole].some((id) => rules.roles.find((r) => r.id === id)?.abilities.some((a) => curse.includes(a.id)) === true);
}

/** The players whose roles the Collector holds: the dead with an `in-collection` status by him. */
function collection(
  input: NightInput,
  players: readonly { readonly slotId: string; readonly statuses?: readonly NightStatus[] }[],
  k: string,
): string[] {
  return players.filter((p) => mechanicStatus(input, p.statuses, 'in-collection')?.by === k).map((p) => p.slotId);
}

/** How many players the Collector may name with this many roles (L41); the game's day-move check reads it too. */
export function namesAllowed(rules: CorpseRules, held: number): number {
  const table = rules.collectNames ?? [];
  return table[Math.min(held, table.length - 1)] ?? Number.POSITIVE_INFINITY;
}

/** The players a Collector named at the end of the day that bore on night `n`, if within his limit (L41). */
function named(rules: CorpseRules, k: NightPlayer, n: number, held: number): readonly string[] {
  const moves = rules.collectMoves ?? [];
  const m = (k.pastMoves ?? []).filter((x) => x.day && x.night === n && moves.includes(x.ability)).at(-1);
  if (m === undefined || m.targets.length > namesAllowed(rules, held)) return [];
  return m.targets;
}

/** Whether the player holds a role with the passive `inherit-role` (the Active citizen). */
function inheritsRoles(rules: NightRules, p: NightPlayer): boolean {
  return [p.role, p.secondRole].some((id) => rules.roles.find((r) => r.id === id)?.passives?.includes('inherit-role') === true);
}

function isCollector(rules: CorpseRules, roles: NightRules, p: NightPlayer): boolean {
  const moves = rules.collectMoves ?? [];
  return [p.role, p.secondRole].some((id) => roles.roles.find((r) => r.id === id)?.abilities.some((a) => moves.includes(a.id)) === true);
}

/**
 * Before the night (L41): the Collector's names over his limit are refused; players he named the day before who
 * left during the day (a lynch) are collected; the role he chose to use is made active.
 */
export function prepareCollections(
  given: NightInput,
  rules: NightRules,
): { input: NightInput; events: NightEvent[]; refused: RefusedAction[] } {
  const c = rules.borrowing ?? {};
  if ((c.collectMoves ?? []).length === 0) return { input: given, events: [], refused: [] };
  const inCollection = mechanicStatusId(given, 'in-collection');
  const active = mechanicStatusId(given, 'collected-role');
  const players = new Map(given.players.map((p) => [p.slotId, { ...p, statuses: [...(p.statuses ?? [])] }]));
  const events: NightEvent[] = [];
  const refused: RefusedAction[] = [];
  const give = (p: NightPlayer & { statuses: NightStatus[] }, status: NightStatus, reason: NightReason): void => {
    p.statuses = [...p.statuses.filter((s) => s.id !== status.id), status];
    events.push({ type: 'status-applied', player: p.slotId, status, reasons: [reason] });
  };
  for (const k of given.players.filter((p) => p.alive && isCollector(c, rules, p))) {
    const self = players.get(k.slotId);
    if (self === undefined) continue;
    const moves = (k.pastMoves ?? []).filter((m) => m.day && m.night === given.night);
    // "Имеет право отключить/не активировать роль в конце дня": his last choice of the day, a role or none.
    const noRole = choseNoRole(c, moves);
    // "Если кто-то из них вылетит из игры в течение суток": a player named the day before who left by day.
    const before = collection(given, [...players.values()], k.slotId).length;
    for (const t of named(c, k, given.night - 1, before)) {
      const p = players.get(t);
      if (
        p === undefined ||
        p.alive ||
        mechanicStatus(given, p.statuses, 'in-collection') !== undefined ||
        crippledTonight(given, p.statuses, given.night)
      )
        continue;
      // "По приоритету на роль уступает активному жителю, когда уже есть одна любая роль": the role goes to him (L9).
      if (before > 0 && [...players.values()].some((h) => h.alive && inheritsRoles(rules, h))) continue;
      const why = say(
        `${k.name} named ${p.name}, who left the game within the day: the role is in his collection (004 L41)`,
        engineMessage('night/role-collected', word.text(k.name), word.text(p.name)),
      );
      give(p, { id: inCollection, by: k.slotId }, why);
      events.push({ type: 'message', to: k.slotId, result: nightResult(k.slotId, 'role-collected', [p.slotId], p.role), reasons: [why] });
      if (!noRole && mechanicStatus(given, self.statuses, 'collected-role') === undefined) give(self, { id: active, with: p.slotId }, why);
    }
    // "Если так или иначе активный житель увел роль у коллекционера, то она автоматически попадет в коллекцию в случае его смерти".
    for (const p of players.values()) {
      if (p.alive || mechanicStatus(given, p.statuses, 'owes-collection')?.by !== k.slotId) continue;
      if (mechanicStatus(given, p.statuses, 'in-collection') !== undefined || crippledTonight(given, p.statuses, given.night)) continue;
      const why = say(
        `${p.name} held a role he took from ${k.name}'s collection and left the game: it is in the collection now (004 L41)`,
        engineMessage('night/role-collected-back', word.text(k.name), word.text(p.name)),
      );
      give(p, { id: inCollection, by: k.slotId }, why);
      events.push({ type: 'message', to: k.slotId, result: nightResult(k.slotId, 'role-collected', [p.slotId], p.role), reasons: [why] });
    }
    const held = collection(given, [...players.values()], k.slotId);
    if (noRole) {
      const on = mechanicStatus(given, self.statuses, 'collected-role');
      if (on !== undefined) {
        self.statuses = self.statuses.filter((s) => s !== on);
        events.push({
          type: 'status-cleared',
          player: self.slotId,
          status: on.id,
          reasons: [
            say(
              `${k.name} chose to have no collected role active: from tonight he uses none until he activates one (004 L41)`,
              engineMessage('night/role-deactivated', word.text(k.name)),
            ),
          ],
        });
      }
    }
    const names = moves.filter((m) => c.collectMoves?.includes(m.ability) === true).at(-1);
    if (names !== undefined && names.targets.length > namesAllowed(c, held.length))
      refused.push({
        action: { actor: k.slotId, ability: names.ability, targets: names.targets, sentAt: 0 },
        reason: 'night/over-limit',
        text: `${k.name} holds ${held.length} role(s) and may name ${namesAllowed(c, held.length)} player(s) (004 L41)`,
        message: engineMessage('night/refused-over-limit'),
      });
    // "Когда коллекционер указывает новые цели, он может по выбору активировать одну из собранных ролей".
    const chosen = noRole ? undefined : moves.filter((m) => c.activateMoves?.includes(m.ability) === true).at(-1)?.targets[0];
    if (chosen !== undefined && held.includes(chosen))
      give(
        self,
        { id: active, with: chosen },
        say(
          `${k.name} made the role of ${players.get(chosen)?.name ?? chosen} his active one (004 L41)`,
          engineMessage('night/role-activated', word.text(k.name), word.text(players.get(chosen)?.name ?? chosen)),
        ),
      );
  }
  return { input: { ...given, players: given.players.map((p) => players.get(p.slotId) ?? p) }, events, refused };
}

/** Whether the Collector's last choice of the day among his activate and deactivate moves is to have no role active (L41). */
function choseNoRole(c: CorpseRules, moves: readonly PastMove[]): boolean {
  const last = moves.filter((m) => c.activateMoves?.includes(m.ability) === true || c.deactivateMoves?.includes(m.ability) === true).at(-1);
  return last !== undefined && c.deactivateMoves?.includes(last.ability) === true;
}

/** The Collectors who took a role at a death tonight (L41: one role when several of his named die at once). */
const takenTonight = new WeakMap<NightContext, Map<string, string>>();

/** Whether the Collector waived the victim's role, or yielded his priority, by his day move before this night (L41). */
function waived(c: CorpseRules, k: NightPlayer, night: number, victim: string): 'role' | 'priority' | undefined {
  const m = (k.pastMoves ?? []).filter((x) => x.day && x.night === night && (c.waiveMoves ?? []).includes(x.ability)).at(-1);
  if (m === undefined) return undefined;
  if (m.targets.length === 0) return 'priority';
  return m.targets.includes(victim) ? 'role' : undefined;
}

/** Whether a living player other than the victim inherits roles (the Active citizen). */
function heirLives(ctx: NightContext, victim: WorkPlayer): boolean {
  return ctx.players.some(
    (p) =>
      p.alive && p.slotId !== victim.slotId && [p.role, p.secondRole].some((r) => ctx.role(r)?.passives?.includes('inherit-role') === true),
  );
}

/**
 * L41, §8: a player the Collector named dies tonight: his peaceful role goes into the collection. "По приоритету на
 * роль уступает активному жителю, когда уже есть одна любая роль, и преобладает, пока ее нет": with a role already,
 * he yields it to a living Active citizen; he may yield or waive it by a day move. "Если за раз погибли несколько целей
 * коллекционера, то он получит одну из их ролей по усмотрению ведущего, а остальное уйдет к активным жителям": one
 * role a night, the host's choice (`collectChoice`), else the first to die, reported as a choice the host may make.
 * "Если так или иначе активный житель увел роль у коллекционера, то она автоматически попадет в коллекцию в случае его
 * смерти": an Active citizen who owes it dies. Returns whether the Collector took the role (the Active citizen does not).
 */
export function collectAtDeath(ctx: NightContext, victim: WorkPlayer): boolean {
  const c = ctx.rules.borrowing ?? {};
  if ((c.collectMoves ?? []).length === 0 || crippledTonight(ctx.input, victim.statuses, ctx.night)) return false;
  const inCollection = mechanicStatusId(ctx.input, 'in-collection');
  const active = mechanicStatusId(ctx.input, 'collected-role');
  const taken = takenTonight.get(ctx) ?? new Map<string, string>();
  takenTonight.set(ctx, taken);
  const owed = mechanicStatus(ctx.input, victim.statuses, 'owes-collection')?.by;
  for (const k of ctx.input.players) {
    const self = ctx.player(k.slotId);
    if (self === undefined || !self.alive || self.slotId === victim.slotId || !isCollector(c, ctx.rules, k)) continue;
    const held = collection(ctx.input, ctx.players, k.slotId).length;
    const owes = owed === k.slotId;
    if (!owes) {
      if (!named(c, k, ctx.night, held).includes(victim.slotId)) continue;
      const waiver = waived(c, k, ctx.night, victim.slotId);
      if (waiver === 'role' || (waiver === 'priority' && heirLives(ctx, victim))) return false;
      const choice = ctx.input.collectChoice?.[k.slotId];
      if (choice !== undefined && choice !== victim.slotId) return false;
      const first = taken.get(k.slotId);
      if (first !== undefined) {
        // Several of his named died tonight: he keeps one role; the host may choose another.
        if (choice === undefined)
          ctx.ambiguity({
            setting: 'collectChoice',
            value: 'first-to-die',
            text: `${victim.name} and ${ctx.name(first)}, both named by ${k.name}, died tonight: the host chooses which role he gets (004 L41); used: the first to die, ${ctx.name(first)}`,
            message: engineMessage('night/collect-choice-needed', word.text(k.name), word.text(ctx.name(first)), word.text(victim.name)),
          });
        return false;
      }
      if (held > 0 && heirLives(ctx, victim)) return false;
      taken.set(k.slotId, victim.slotId);
    }
    const why = owes
      ? say(
          `${victim.name} held a role he took from ${k.name}'s collection and died: it is in the collection now (004 L41)`,
          engineMessage('night/role-collected-back', word.text(k.name), word.text(victim.name)),
        )
      : say(
          `${k.name} named ${victim.name}, who died tonight: the role is in his collection (004 L41)`,
          engineMessage('night/role-collected', word.text(k.name), word.text(victim.name)),
        );
    const status: NightStatus = { id: inCollection, by: k.slotId };
    victim.statuses = [...victim.statuses, status];
    ctx.emit({ type: 'status-applied', player: victim.slotId, status, reasons: [why] });
    ctx.emit({
      type: 'message',
      to: k.slotId,
      result: nightResult(k.slotId, 'role-collected', [victim.slotId], victim.role),
      reasons: [why],
    });
    // "Если цель коллекционера умерла ночью, когда у него еще не было активированной роли, она автоматически активируется перед началом дня",
    // unless he chose at the end of the day to have none active ("Имеет право отключить/не активировать роль в конце дня").
    const noRole = choseNoRole(
      c,
      (k.pastMoves ?? []).filter((m) => m.day && m.night === ctx.night),
    );
    if (
      !noRole &&
      mechanicStatus(ctx.input, self.statuses, 'collected-role') === undefined &&
      !self.statuses.some((x) => x.id === active)
    ) {
      const on: NightStatus = { id: active, with: victim.slotId, sinceNight: ctx.night + 1 };
      self.statuses = [...self.statuses, on];
      ctx.emit({ type: 'status-applied', player: self.slotId, status: on, reasons: [why] });
    }
    return true;
  }
  return false;
}

/**
 * L41: an Active citizen inherits the role of a player a Collector named tonight (the Collector yielded it, waived his
 * priority, or took another): he owes it to the collection, which gets it at his death.
 */
export function inheritedFromCollector(ctx: NightContext, heir: WorkPlayer, victim: WorkPlayer): void {
  const c = ctx.rules.borrowing ?? {};
  if ((c.collectMoves ?? []).length === 0) return;
  for (const k of ctx.input.players) {
    const self = ctx.player(k.slotId);
    if (self === undefined || !self.alive || self.slotId === heir.slotId || !isCollector(c, ctx.rules, k)) continue;
    if (!named(c, k, ctx.night, collection(ctx.input, ctx.players, k.slotId).length).includes(victim.slotId)) continue;
    if (waived(c, k, ctx.night, victim.slotId) === 'role') continue;
    const status: NightStatus = { id: mechanicStatusId(ctx.input, 'owes-collection'), by: k.slotId };
    heir.statuses = [...heir.statuses.filter((x) => x.id !== status.id), status];
    ctx.emit({
      type: 'status-applied',
      player: heir.slotId,
      status,
      reasons: [
        say(
          `${heir.name} took the role of ${victim.name}, whom ${k.name} named: it goes to his collection when ${heir.name} dies (004 L41)`,
          engineMessage('night/role-owed-to-collection', word.text(heir.name), word.text(victim.name), word.text(k.name)),
        ),
      ],
    });
    return;
  }
}

/**
 * L44: "Сразу после этого криминалист имеет возможность взять анализы от одного до трех игроков … если среди выбранных
 * есть непосредственный убийца, криминалист узнает об этом утром … технически это два разных хода - дневной и ночной,
 * поэтому эффекты любых блокирующих ролей могут сорвать получение результата": the samples taken by day become the
 * Forensic's night move of the same targets (unless he sent it himself), which blocks stop like any other.
 */
export function prepareSamples(given: NightInput, rules: NightRules): NightInput {
  const samples = rules.borrowing?.sampleMoves;
  if (samples === undefined) return given;
  const added: NightAction[] = [];
  const living = new Set(given.players.filter((p) => p.alive).map((p) => p.slotId));
  for (const p of given.players) {
    const m = (p.pastMoves ?? []).filter((x) => x.day && x.night === given.night && x.ability === samples.day).at(-1);
    if (m === undefined || !p.alive || given.actions.some((a) => a.actor === p.slotId && a.ability === samples.night)) continue;
    // The bodies the samples are split between (dead players named among them) are read by the test itself.
    const sampled = m.targets.filter((t) => living.has(t));
    if (sampled.length > 0) added.push({ actor: p.slotId, ability: samples.night, targets: sampled, sentAt: 0 });
  }
  return added.length === 0 ? given : { ...given, actions: [...given.actions, ...added] };
}

/** One comparison of the Forensic's test: samples against bodies. */
interface SampleGroup {
  readonly bodies: readonly string[];
  readonly samples: readonly string[];
}

/**
 * L44: how the day's samples are split between bodies. The day move names players in order: a dead player is a body
 * (one examined before: "Можно выбрать любой из ранее обследованных трупов"), the living after it are compared with
 * it, and bodies named one after another are compared together with the one sample after them ("один из них может
 * быть за раз сравнен с двумя трупами … без уточнения по жертве"). Samples named before any body go to the body
 * examined last.
 */
function sampleGroups(input: NightInput, named: readonly string[], lastBody: string | undefined): SampleGroup[] {
  const groups: { bodies: string[]; samples: string[] }[] = [];
  for (const id of named) {
    const p = input.players.find((x) => x.slotId === id);
    if (p === undefined) continue;
    const current = groups.at(-1);
    if (!p.alive) {
      if (current !== undefined && current.samples.length === 0) current.bodies.push(id);
      else groups.push({ bodies: [id], samples: [] });
    } else if (current === undefined) groups.push({ bodies: lastBody === undefined ? [] : [lastBody], samples: [id] });
    else current.samples.push(id);
  }
  return groups.filter((g) => g.bodies.length > 0 && g.samples.length > 0);
}

/** Whether the body's killing allows one sample alone (a Mercenary's kill, a poison death; L44). */
function singleSampleBody(input: NightInput, rules: NightRules, body: NightPlayer): boolean {
  const single = rules.borrowing?.singleSample;
  if (single === undefined) return false;
  if (body.killedWith !== undefined && (single.causes ?? []).includes(body.killedWith)) return true;
  return (body.killedBy ?? []).some((k) => {
    const killer = input.players.find((p) => p.slotId === k);
    return [killer?.role, killer?.secondRole].some(
      (r) => rules.roles.find((x) => x.id === r)?.abilities.some((a) => (single.killerEffects ?? []).includes(a.effect)) === true,
    );
  });
}

/**
 * L44: the test of the samples against the bodies: "если среди выбранных есть непосредственный убийца, криминалист
 * узнает об этом утром, сравнив его с умершим"; the result stands even if a tested player dies tonight ("результат
 * все равно будет относиться к ним всем"). The samples may be split between bodies (`sampleGroups`), at most
 * `sampleComparisons` comparisons in all; a body of a Mercenary's or a poison kill takes one sample alone, with no
 * other comparison beside it. A test over those limits tells nothing.
 */
export const sampleTest: EffectFn = (ctx, action) => {
  const borrowing = ctx.rules.borrowing ?? {};
  const examine = borrowing.examineMoves ?? [];
  const forensic = ctx.input.players.find((p) => p.slotId === action.actor.slotId);
  const past = forensic?.pastMoves ?? [];
  const examined = new Set(past.filter((m) => m.day && examine.includes(m.ability) && m.night <= ctx.night).flatMap((m) => m.targets));
  const lastBody = past.filter((m) => m.day && examine.includes(m.ability) && m.night <= ctx.night).at(-1)?.targets[0];
  const dayMove = past.filter((m) => m.day && m.night === ctx.night && m.ability === borrowing.sampleMoves?.day).at(-1);
  // L112: a black Forensic's samples (at most `guiltySamples` players) all go against the body examined last, or (setting
  // `blackForensicSamples` = `red-rules`) by L44's split and limits like the red one's; every black Forensic's test reports it.
  const black = borrowing.guiltySamples !== undefined && forensic !== undefined && ctx.rules.guiltyFactions.includes(forensic.faction);
  const reading = ctx.rules.settings.blackForensicSamples;
  if (black)
    ctx.ambiguity({
      setting: 'blackForensicSamples',
      value: reading,
      text: `${action.actor.name}, a black Forensic, tests his samples: "взять анализы с трех выбранных игроков вечером" (004 L112) is read as ${reading === 'three' ? `up to ${String(borrowing.guiltySamples)} players against the body he examined last` : "the red Forensic's samples and limits (L44)"}.`,
      message: engineMessage('night/ambiguity-black-forensic-samples', word.text(action.actor.name), word.message(settingValue(reading))),
    });
  const guilty = black && reading === 'three';
  // The day's split when the samples came from it; else the night move's samples against the body examined last.
  const fromDay = dayMove !== undefined && dayMove.targets.filter((t) => action.targets.includes(t)).length === action.targets.length;
  const groups = guilty
    ? lastBody === undefined
      ? []
      : [{ bodies: [lastBody], samples: (fromDay ? dayMove.targets : action.targets).filter((t) => t !== lastBody) }]
    : fromDay
      ? sampleGroups(ctx.input, dayMove.targets, lastBody)
      : lastBody === undefined
        ? []
        : [{ bodies: [lastBody], samples: action.targets }];
  const body = (id: string): NightPlayer | undefined => ctx.input.players.find((p) => p.slotId === id);
  const comparisons = groups.reduce((n, g) => n + g.bodies.length * g.samples.length, 0);
  const single = groups.some((g) =>
    g.bodies.some((b) => {
      const p = body(b);
      return p !== undefined && singleSampleBody(ctx.input, ctx.rules, p);
    }),
  );
  const why = (text: string, code: 'night/samples-tested' | 'night/samples-over-limit'): NightReason =>
    say(
      text,
      code === 'night/samples-tested'
        ? engineMessage(
            'night/samples-tested',
            word.text(action.actor.name),
            word.text(
              groups
                .flatMap((g) => g.bodies)
                .map((b) => ctx.name(b))
                .join(', '),
            ),
          )
        : engineMessage('night/samples-over-limit', word.text(action.actor.name)),
      action.reasons,
    );
  const unexamined = groups.some((g) => g.bodies.some((b) => !examined.has(b)));
  // L44 "недопустимы параллельные проверки": beside a Mercenary's or a poison body's one sample, no other comparison
  // (`none`), or only no second sample against that body (`other-bodies`). A test with such a body beside others asks.
  const parallel = borrowing.singleSample?.parallel ?? 'none';
  const singleGroups = groups.filter((g) =>
    g.bodies.some((b) => {
      const p = body(b);
      return p !== undefined && singleSampleBody(ctx.input, ctx.rules, p);
    }),
  );
  if (!guilty && single && groups.length > 1 && singleGroups.every((g) => g.bodies.length * g.samples.length === 1))
    ctx.ambiguity({
      setting: 'night.borrowing.singleSample.parallel',
      value: parallel,
      text: `${action.actor.name} tests a Mercenary's or a poison body with one sample beside other bodies: "недопустимы параллельные проверки" (L44) is read as ${parallel === 'none' ? 'no other comparison in the same test' : 'no second sample against that body only'}.`,
      message: engineMessage('night/ambiguity-parallel-samples', word.text(action.actor.name), word.message(settingValue(parallel))),
    });
  const singleBreaks =
    parallel === 'none'
      ? single && (groups.length > 1 || comparisons > 1)
      : singleGroups.some((g) => g.bodies.length * g.samples.length > 1);
  const overLimit = guilty
    ? groups.some((g) => g.samples.length > (borrowing.guiltySamples ?? Number.POSITIVE_INFINITY))
    : comparisons > (borrowing.sampleComparisons ?? Number.POSITIVE_INFINITY) ||
      groups.some((g) => g.bodies.length > 1 && g.samples.length > 1) ||
      singleBreaks;
  if (groups.length === 0 || unexamined || overLimit) {
    if (groups.length > 0)
      ctx.emit({
        type: 'nullified',
        player: action.actor.slotId,
        ability: action.accepted.ability.id,
        cause: 'thwarted',
        reasons: [
          why(
            `${action.actor.name}'s samples go against the limits of a test: bodies examined before, ${String(borrowing.sampleComparisons ?? '∞')} comparisons at most, one sample against several bodies, one sample alone for a Mercenary's or a poison kill (004 L44)`,
            'night/samples-over-limit',
          ),
        ],
      });
    return;
  }
  for (const g of groups) {
    const matched = g.bodies.some((b) => (body(b)?.killedBy ?? []).some((k) => g.samples.includes(k)));
    const [sample] = g.samples;
    const result =
      g.bodies.length === 1 || sample === undefined
        ? nightResult(action.actor.slotId, 'samples-matched', [...g.bodies, ...g.samples], matched)
        : nightResult(action.actor.slotId, 'sample-against-bodies', [sample, ...g.bodies], matched);
    ctx.emit({
      type: 'message',
      to: action.actor.slotId,
      result,
      reasons: [
        why(
          `${action.actor.name} compared the samples with the body of ${g.bodies.map((b) => ctx.name(b)).join(', ')} (004 L44)`,
          'night/samples-tested',
        ),
      ],
    });
  }
};
