/**
 * The Pimp's slaves (seed 004 L27, digest §5.2, §5.6): what the night reads of
 * his day choices and his orders.
 *
 * - The slave: "в конце первого дня забирает паспорт у указанного игрока и
 *   превращает его в своего секс-раба до конца игры или до тех пор, пока
 *   сутенера не убьют. Сутенер сразу узнает его мирную роль": a day move of an
 *   `enslaveMoves` ability (the game's `action/use`) gives the night after the
 *   slave status (`by` the Pimp); the Pimp is told the slave's peaceful role,
 *   the slave that his passport is taken ("Раб узнает о том, кем является, но
 *   ему неизвестна личность хозяина").
 * - The limit: "Через каждые два дня лимит одновременно взятых рабов
 *   возрастает на единицу, но по-прежнему нельзя взять больше одного раба за
 *   раз"; "Если раб умрет, сутенер может назначить нового": living slaves count.
 * - The punishment: "Сутенер может в конце каждого дня наказывать раба -
 *   блокировать ему роль на игровые сутки. Если у раба есть негативная роль,
 *   она тоже блокируется … Если сутенер умер ночью, блок роли остается в силе":
 *   a day move of a `punishMoves` ability gives the slave the `punishStatus`
 *   (the Hacker's block) from that night.
 * - The orders: "когда раб отправит дневной или ночной ход, сутенер узнает об
 *   этом и должен либо подтвердить его, либо изменить, либо запретить. Если
 *   сутенер ничего не предпринимает, то ход раба пройдет свободно. Если раб не
 *   делает ход, сутенер может назначить его за него. Нельзя назначать или
 *   менять цель для ходов, связанных с убийством или самоубийством … но эти
 *   ходы можно отменять … Если рабом взят бессмертный, анонимус, актер,
 *   некромант или волшебник, то нельзя влиять на их ходы": the Pimp's night
 *   move of effect `command` names the slave alone (forbid every move of his
 *   tonight) or the slave and new targets (change his move, or make it for
 *   him); applied to the night's actions before the intake, and no visit.
 */
import { findRole } from './intake';
import { nightResult } from './results';
import type { NightRules } from './rules';
import { say } from './say';
import { actingStatus, mechanicStatus, mechanicStatusId } from './statuses';
import type { NightAction, NightEvent, NightInput, NightPlayer, NightReason, PastMove, RefusedAction } from './types';
import { engineMessage, word } from '../words';
import type { NightAbilityDef } from './roles';

/** The Pimp's day choices and orders, as the night reads them (L27). */
export interface SlaveRules {
  /** Day abilities that take a slave's passport. */
  readonly enslaveMoves?: readonly string[];
  /** Day abilities that punish a slave. */
  readonly punishMoves?: readonly string[];
  /** The status a punishment gives the slave (L27: the Hacker's block, "соответствуют ограничениям блокировки у хакера"). */
  readonly punishStatus?: string;
  /** How many slaves one master may hold at once: `start`, one more every `every` days (L27: one, one more every two days). */
  readonly slaveLimit?: { readonly start: number; readonly every: number };
  /** Roles whose moves a master may not order or forbid (L27: Immortal, Anonymous, Actor, Necromancer, Wizard). */
  readonly ordersSpare?: readonly string[];
  /** Roles an enslaved holder plays by his living master's colour (L94: "если взял в рабы лжеца … его механика будет определяться цветом сутенера"). */
  readonly masterColourRoles?: readonly string[];
  /** Effects a master may only cancel, never aim (L27: the moves that kill, or kill their maker). */
  readonly cancelOnly?: readonly string[];
  /** Night abilities of a master that hand his slave a note, the move's `text` (L27: "Сутенер может оставлять рабу ночные записки"). */
  readonly noteMoves?: readonly string[];
  /**
   * Effects that block a master's role from the end of the day (L22: the Hacker's hack). Sent tonight on a master,
   * they stop his orders and notes tonight ("Когда блокируется сутенер, он успевает взять раба", the slave taken that
   * day stays his); sent by the player he took as a slave at that same moment, they fail ("Если сутенер взломан в тот
   * же момент, когда берет хакера в рабство, взлом не пройдет и сутенер сможет сразу переназначить цель для хакера или
   * блокнуть его самого").
   */
  readonly masterBlocks?: readonly string[];
  /**
   * Day abilities by which a master approves his slave's day moves (L27: "когда раб отправит дневной … ход, сутенер
   * узнает об этом и должен либо подтвердить его, либо изменить, либо запретить. Если сутенер ничего не предпринимает,
   * то ход раба пройдет свободно. Если раб не делает ход, сутенер может назначить его за него"): the slave alone
   * forbids his day moves of that day; the slave and targets change his last day move, or make his first for him.
   */
  readonly dayOrderMoves?: readonly string[];
  /** Day abilities a master may only cancel, never aim (L27: "связанных с убийством или самоубийством": the detonator). */
  readonly dayCancelOnly?: readonly string[];
}

/** A day move as the orders read it: who, which ability, whom. */
export interface OrderedDayMove {
  readonly actor: string;
  readonly ability: string;
  readonly targets: readonly string[];
  /** The words the move carries (004 L34: the amount of votes the Drug dealer buys). */
  readonly text?: string;
}

/** What the day orders need to know of the players. */
export interface SlaveDay {
  /** The master whose orders the player's moves follow: his living master, unless his role is spared (L27). */
  masterOf(actor: string): string | undefined;
  /** The player's day abilities, in his roles' order. */
  dayAbilities(actor: string): readonly string[];
}

/**
 * L27: a master's day orders applied to one day's moves (in the order they were made): the orders stay (they are no
 * move of the slave's), a forbidden slave's moves go, a changed move gets the order's targets, and a move the slave
 * did not make is made for him. An order naming the slave alone with words changes the words of his move (L34 with
 * L27: the amount of a purchase), or makes the move with them. Kill moves (`dayCancelOnly`) may only be forbidden.
 * `make` builds a move from the order it comes from. Returns the moves and the slaves whose moves were overruled.
 */
export function applyDayOrders<M extends OrderedDayMove>(
  moves: readonly M[],
  slaves: SlaveRules,
  day: SlaveDay,
  make: (order: M, actor: string, ability: string, targets: readonly string[]) => M,
): { moves: M[]; overruled: { slave: string; master: string }[] } {
  const orders = slaves.dayOrderMoves ?? [];
  let out = [...moves];
  const overruled: { slave: string; master: string }[] = [];
  for (const order of moves.filter((m) => orders.includes(m.ability))) {
    const [slave, ...targets] = order.targets;
    if (slave === undefined || day.masterOf(slave) !== order.actor) continue;
    const own = out.filter((m) => m.actor === slave && !orders.includes(m.ability));
    // L27 "либо изменить" a move's words (L34: how many votes the Drug dealer buys): the same move, the master's words.
    const words = order.text;
    if (targets.length === 0 && words !== undefined) {
      const last = own.at(-1);
      const ability = last?.ability ?? day.dayAbilities(slave).find((a) => !(slaves.dayCancelOnly ?? []).includes(a));
      if (ability === undefined || (slaves.dayCancelOnly ?? []).includes(ability)) continue;
      const made = last === undefined ? { ...make(order, slave, ability, []), text: words } : { ...last, text: words };
      out = last === undefined ? [...out, made] : out.map((m) => (m === last ? made : m));
      if (last !== undefined) overruled.push({ slave, master: order.actor });
      continue;
    }
    if (targets.length === 0) {
      if (own.length === 0) continue;
      out = out.filter((m) => !own.includes(m));
      overruled.push({ slave, master: order.actor });
      continue;
    }
    const last = own.at(-1);
    const ability = last?.ability ?? day.dayAbilities(slave).find((a) => !(slaves.dayCancelOnly ?? []).includes(a));
    if (ability === undefined || (slaves.dayCancelOnly ?? []).includes(ability)) continue;
    const made = make(order, slave, ability, targets);
    out = last === undefined ? [...out, made] : out.map((m) => (m === last ? made : m));
    if (last !== undefined) overruled.push({ slave, master: order.actor });
  }
  return { moves: out, overruled };
}

/**
 * Before the night: the master's day orders applied to his slaves' day choices the night reads (L27), so a curse, a
 * collection, a copy or samples the master forbade or changed are read as he left them.
 */
export function prepareDayOrders(given: NightInput, rules: NightRules): NightInput {
  const slaves = rules.borrowing ?? {};
  const orders = slaves.dayOrderMoves ?? [];
  if (orders.length === 0) return given;
  type Move = OrderedDayMove & { readonly night: number; readonly day: boolean };
  const tonight: Move[] = given.players.flatMap((p) =>
    (p.pastMoves ?? []).filter((m) => m.day && m.night === given.night).map((m) => ({ ...m, actor: p.slotId })),
  );
  if (!tonight.some((m) => orders.includes(m.ability))) return given;
  const byId = new Map(given.players.map((p) => [p.slotId, p]));
  const ordered = applyDayOrders(
    tonight,
    slaves,
    {
      masterOf: (id) => {
        const p = byId.get(id);
        const by = p === undefined ? undefined : mechanicStatus(given, p.statuses, 'enslaved')?.by;
        const spared = [p?.role, p?.secondRole].some((r) => r !== undefined && slaves.ordersSpare?.includes(r) === true);
        return by !== undefined && byId.get(by)?.alive === true && !spared ? by : undefined;
      },
      dayAbilities: (id) => {
        const p = byId.get(id);
        return p === undefined
          ? []
          : [findRole(rules, p.role), findRole(rules, p.secondRole)].flatMap(
              (r) => r?.abilities.filter((a) => a.phase === 'day').map((a) => a.id) ?? [],
            );
      },
    },
    (order, actor, ability, targets) => ({ night: order.night, day: true, actor, ability, targets }),
  );
  const players = given.players.map((p) => {
    const after = ordered.moves.filter((m) => m.actor === p.slotId).map(({ actor: _actor, ...m }): PastMove => m);
    if (after.length === 0 && !(p.pastMoves ?? []).some((m) => m.day && m.night === given.night)) return p;
    return { ...p, pastMoves: [...(p.pastMoves ?? []).filter((m) => !(m.day && m.night === given.night)), ...after] };
  });
  return { ...given, players };
}

type Refusal = RefusedAction;

function refusal(action: NightAction, reason: 'night/over-limit' | 'night/not-available', text: string): Refusal {
  return {
    action,
    reason,
    text,
    message: engineMessage(reason === 'night/over-limit' ? 'night/refused-over-limit' : 'night/refused-not-available'),
  };
}

/** The player's night abilities (first and second role). */
function nightAbilities(rules: NightRules, p: NightPlayer): NightAbilityDef[] {
  return [findRole(rules, p.role), findRole(rules, p.secondRole)].flatMap((r) => r?.abilities.filter((a) => a.phase === 'night') ?? []);
}

/** Whether the player is a master (a role with an enslave move). */
function isMaster(rules: NightRules, moves: readonly string[], p: NightPlayer): boolean {
  return [findRole(rules, p.role), findRole(rules, p.secondRole)].some((r) => r?.abilities.some((a) => moves.includes(a.id)) === true);
}

/**
 * Before the night: the slaves taken and punished at the end of the day before it, as statuses the intake reads;
 * the Pimp's orders applied to his slaves' moves. Returns the night's input, the events to add (statuses, the PMs
 * of the taking) and the refusals (a slave over the limit, an order the rules do not allow, a forbidden move).
 */
export function prepareSlaves(
  given: NightInput,
  rules: NightRules,
): { input: NightInput; events: NightEvent[]; refused: Refusal[]; accepted: NightAction[] } {
  const slaves = rules.borrowing ?? {};
  const enslave = slaves.enslaveMoves ?? [];
  if (enslave.length === 0) return { input: given, events: [], refused: [], accepted: [] };
  const events: NightEvent[] = [];
  const refused: Refusal[] = [];
  const slaveId = mechanicStatusId(given, 'enslaved');
  const players = new Map(given.players.map((p) => [p.slotId, { ...p, statuses: [...(p.statuses ?? [])] }]));
  const masters = given.players.filter((p) => p.alive && isMaster(rules, enslave, p));
  /** The slaves taken at the end of the day before this night, and by whom. */
  const takenTonight = new Map<string, string>();
  for (const master of masters) {
    const today = (master.pastMoves ?? []).filter((m) => m.day && m.night === given.night);
    const held = (): NightPlayer[] =>
      [...players.values()].filter((p) => p.alive && mechanicStatus(given, p.statuses, 'enslaved')?.by === master.slotId);
    for (const m of today.filter((x) => enslave.includes(x.ability))) {
      const slave = m.targets[0] === undefined ? undefined : players.get(m.targets[0]);
      if (slave === undefined || !slave.alive || slave.slotId === master.slotId) continue;
      const action: NightAction = { actor: master.slotId, ability: m.ability, targets: m.targets, sentAt: 0 };
      const limit = slaves.slaveLimit;
      const allowed = limit === undefined ? Number.POSITIVE_INFINITY : limit.start + Math.floor((m.night - 1) / limit.every);
      if (held().filter((p) => p.slotId !== slave.slotId).length >= allowed) {
        refused.push(
          refusal(action, 'night/over-limit', `${master.name} holds ${allowed} slave(s), the most the rules allow by now (004 L27)`),
        );
        continue;
      }
      const status = { id: slaveId, by: master.slotId };
      slave.statuses = [...slave.statuses.filter((s) => s.id !== slaveId), status];
      const because = say(
        `${master.name} took the passport of ${slave.name} at the end of the day (004 L27)`,
        engineMessage('night/slave-taken', word.text(master.name), word.text(slave.name)),
      );
      events.push({ type: 'status-applied', player: slave.slotId, status, reasons: [because] });
      takenTonight.set(slave.slotId, master.slotId);
      events.push({
        type: 'message',
        to: master.slotId,
        result: nightResult(master.slotId, 'slave-taken', [slave.slotId], slave.role),
        reasons: [because],
      });
      events.push({ type: 'message', to: slave.slotId, result: nightResult(slave.slotId, 'passport-taken', [], null), reasons: [because] });
    }
    const punish = slaves.punishStatus;
    for (const m of today.filter((x) => slaves.punishMoves?.includes(x.ability) === true)) {
      const slave = m.targets[0] === undefined ? undefined : players.get(m.targets[0]);
      if (punish === undefined || slave === undefined || !held().includes(slave)) continue;
      const status = { id: punish, by: master.slotId, sinceNight: given.night };
      slave.statuses = [...slave.statuses.filter((s) => s.id !== punish), status];
      const because = say(
        `${master.name} punished the slave ${slave.name}: his role is blocked for a game day (004 L27)`,
        engineMessage('night/slave-punished', word.text(master.name), word.text(slave.name)),
      );
      events.push({ type: 'status-applied', player: slave.slotId, status, reasons: [because] });
      events.push({ type: 'message', to: slave.slotId, result: nightResult(slave.slotId, 'punished', [], null), reasons: [because] });
    }
  }
  const input: NightInput = { ...given, players: given.players.map((p) => players.get(p.slotId) ?? p) };
  const blocked = blockedMasters(input, rules, slaves, takenTonight);
  const sent = slaveMovesTold(input, rules, blocked);
  const ordered = applyOrders(input, rules, slaves, blocked);
  const spared = spareNewMasters(input, rules, slaves, takenTonight, ordered.actions);
  const notes = applyNotes({ ...input, actions: spared.actions }, slaves, blocked);
  return {
    input: { ...input, actions: notes.actions },
    events: [...events, ...sent, ...ordered.events, ...notes.events],
    refused: [...refused, ...ordered.refused, ...spared.refused, ...notes.refused],
    accepted: [...ordered.accepted, ...notes.accepted],
  };
}

/** The effect of a night ability of the player's, if he holds it. */
function effectOf(rules: NightRules, p: NightPlayer | undefined, ability: string): string | undefined {
  return p === undefined ? undefined : nightAbilities(rules, p).find((a) => a.id === ability)?.effect;
}

/**
 * The masters a `masterBlocks` move (the Hacker's hack) reaches tonight, from a player other than their new slave (L22).
 * A hack that is itself stopped blocks no one: sent after the deadline, by a player whose own role is blocked (a
 * status: hacked, punished, arrested), or by a slave whose master forbade his moves tonight with a master not reached
 * by the hack himself (L27 "эти ходы можно отменять").
 */
function blockedMasters(input: NightInput, rules: NightRules, slaves: SlaveRules, taken: ReadonlyMap<string, string>): Set<string> {
  const blocks = slaves.masterBlocks ?? [];
  const byId = new Map(input.players.map((p) => [p.slotId, p]));
  const hacks = input.actions.filter((a) => {
    const actor = byId.get(a.actor);
    const effect = effectOf(rules, actor, a.ability);
    if (actor === undefined || !actor.alive || effect === undefined || !blocks.includes(effect)) return false;
    return a.sentAt <= input.deadline && actingStatus(input, actor.statuses, effect) === undefined;
  });
  // The masters who forbid a slave everything tonight (an order naming the slave alone).
  const forbidding = new Map<string, string>();
  for (const a of input.actions) {
    const master = byId.get(a.actor);
    const slave = a.targets[0] === undefined ? undefined : byId.get(a.targets[0]);
    if (a.targets.length !== 1 || master === undefined || !master.alive || slave === undefined) continue;
    if (effectOf(rules, master, a.ability) !== 'command' || actingStatus(input, master.statuses, 'command') !== undefined) continue;
    if (mechanicStatus(input, slave.statuses, 'enslaved')?.by === master.slotId) forbidding.set(slave.slotId, master.slotId);
  }
  const out = new Set<string>();
  for (const a of hacks) {
    const master = forbidding.get(a.actor);
    if (master !== undefined && !a.targets.includes(master)) continue;
    for (const t of a.targets) if (taken.get(a.actor) !== t) out.add(t);
  }
  return out;
}

/**
 * L22: a player taken as a slave at the end of the day cannot use a `masterBlocks` effect (the Hacker's hack) on his
 * new master that night; what the master ordered in its place (a new target) stands.
 */
function spareNewMasters(
  input: NightInput,
  rules: NightRules,
  slaves: SlaveRules,
  taken: ReadonlyMap<string, string>,
  actions: readonly NightAction[],
): { actions: NightAction[]; refused: Refusal[] } {
  const spare = slaves.masterBlocks ?? [];
  const byId = new Map(input.players.map((p) => [p.slotId, p]));
  const refused: Refusal[] = [];
  const kept = actions.filter((a) => {
    const master = taken.get(a.actor);
    const effect = effectOf(rules, byId.get(a.actor), a.ability);
    if (master === undefined || effect === undefined || !spare.includes(effect) || !a.targets.includes(master)) return true;
    refused.push({
      action: a,
      reason: 'night/not-available',
      text: `${byId.get(a.actor)?.name ?? a.actor} was taken as a slave by ${byId.get(master)?.name ?? master} at the same moment: the move on him does not go through (004 L22)`,
      message: engineMessage('night/refused-taken-by-target'),
    });
    return false;
  });
  return { actions: kept, refused };
}

/** L27: "Сутенер может оставлять рабу ночные записки": a master's note reaches his slave as a private message. */
function applyNotes(
  input: NightInput,
  slaves: SlaveRules,
  blocked: ReadonlySet<string>,
): { actions: NightAction[]; events: NightEvent[]; refused: Refusal[]; accepted: NightAction[] } {
  const noteMoves = slaves.noteMoves ?? [];
  const notes = input.actions.filter((a) => noteMoves.includes(a.ability));
  if (notes.length === 0) return { actions: [...input.actions], events: [], refused: [], accepted: [] };
  const byId = new Map(input.players.map((p) => [p.slotId, p]));
  const events: NightEvent[] = [];
  const refused: Refusal[] = [];
  const accepted: NightAction[] = [];
  for (const note of notes) {
    const master = byId.get(note.actor);
    const slave = note.targets[0] === undefined ? undefined : byId.get(note.targets[0]);
    const owned = slave !== undefined && slave.alive && mechanicStatus(input, slave.statuses, 'enslaved')?.by === note.actor;
    // A master whose role is blocked (the Hacker's block, L22) sends nothing.
    const stopped =
      master === undefined
        ? undefined
        : (actingStatus(input, master.statuses, 'command') ?? (blocked.has(master.slotId) ? 'hacked' : undefined));
    if (master === undefined || !master.alive || !owned || stopped !== undefined || (note.text ?? '').trim() === '') {
      refused.push(
        refusal(
          note,
          'night/not-available',
          stopped !== undefined
            ? `${master?.name ?? note.actor} is ${stopped}: no note tonight (004 L22, L27)`
            : `a note goes to one's own living slave, with a text (004 L27)`,
        ),
      );
      continue;
    }
    accepted.push(note);
    events.push({
      type: 'message',
      to: slave.slotId,
      result: nightResult(slave.slotId, 'master-note', [], (note.text ?? '').trim()),
      reasons: [
        say(
          `${master.name} left the slave ${slave.name} a note (004 L27)`,
          engineMessage('night/slave-note', word.text(master.name), word.text(slave.name)),
        ),
      ],
    });
  }
  return { actions: input.actions.filter((a) => !noteMoves.includes(a.ability)), events, refused, accepted };
}

/** The Pimp's orders on his slaves' night moves (L27). */
function applyOrders(
  input: NightInput,
  rules: NightRules,
  slaves: SlaveRules,
  blocked: ReadonlySet<string>,
): { actions: NightAction[]; events: NightEvent[]; refused: Refusal[]; accepted: NightAction[] } {
  const byId = new Map(input.players.map((p) => [p.slotId, p]));
  const commandOf = (a: NightAction): boolean => {
    const actor = byId.get(a.actor);
    return actor !== undefined && nightAbilities(rules, actor).some((x) => x.id === a.ability && x.effect === 'command');
  };
  const orders = input.actions.filter(commandOf);
  if (orders.length === 0) return { actions: [...input.actions], events: [], refused: [], accepted: [] };
  // A forbidding order stands in the resolution as taken into account; a changing one becomes the slave's move.
  const accepted: NightAction[] = [];
  // The orders themselves are no visits: they leave the night's actions here (no tracker or watcher sees the Pimp).
  let actions = input.actions.filter((a) => !commandOf(a));
  const events: NightEvent[] = [];
  const refused: Refusal[] = [];
  for (const order of [...orders].sort((x, y) => x.sentAt - y.sentAt)) {
    const master = byId.get(order.actor);
    const slave = order.targets[0] === undefined ? undefined : byId.get(order.targets[0]);
    if (master === undefined || !master.alive || slave === undefined) {
      refused.push({
        action: order,
        reason: 'night/actor-dead',
        text: 'the master is dead, or names no player',
        message: engineMessage('night/refused-actor-dead'),
      });
      continue;
    }
    // L22: a master whose role is blocked (hacked, punished) gives no orders.
    const stopped = actingStatus(input, master.statuses, 'command') ?? (blocked.has(master.slotId) ? 'hacked' : undefined);
    if (stopped !== undefined) {
      refused.push({
        action: order,
        reason: 'night/actor-status',
        text: `${master.name} is ${stopped}: his role gives no orders tonight (004 L22)`,
        message: engineMessage('night/refused-actor-status'),
      });
      continue;
    }
    const owned = mechanicStatus(input, slave.statuses, 'enslaved')?.by === master.slotId;
    const spared = [slave.role, slave.secondRole].some((r) => r !== undefined && slaves.ordersSpare?.includes(r) === true);
    if (!owned || spared) {
      refused.push(
        refusal(
          order,
          'night/not-available',
          owned ? `${slave.name}'s role may not be ordered (004 L27)` : `${slave.name} is not ${master.name}'s slave`,
        ),
      );
      continue;
    }
    const because: NightReason = say(
      `${master.name} overruled the slave ${slave.name}'s move (004 L27)`,
      engineMessage('night/slave-overruled', word.text(master.name), word.text(slave.name)),
    );
    const own = actions.filter((a) => a.actor === slave.slotId);
    const targets = order.targets.slice(1);
    if (targets.length === 0) {
      // "эти ходы можно отменять": forbid every move of the slave tonight.
      for (const a of own) {
        refused.push({
          action: a,
          reason: 'night/forbidden',
          text: `${master.name} forbade it (004 L27)`,
          message: engineMessage('night/refused-forbidden'),
        });
        const role = roleOf(rules, slave, a.ability);
        events.push({
          type: 'message',
          to: slave.slotId,
          result: nightResult(slave.slotId, 'move-overruled', [], role),
          reasons: [because],
        });
      }
      actions = actions.filter((a) => a.actor !== slave.slotId);
      accepted.push(order);
      continue;
    }
    // Change the slave's move, or make it for him: his move of the same target count, else his first.
    const abilities = nightAbilities(rules, slave).filter((x) => x.effect !== 'command');
    const sent = own.find((a) => abilities.some((x) => x.id === a.ability));
    const ability =
      abilities.find((x) => x.id === sent?.ability) ?? abilities.find((x) => x.targets.count <= targets.length) ?? abilities[0];
    if (ability === undefined || slaves.cancelOnly?.includes(ability.effect) === true) {
      refused.push(refusal(order, 'night/not-available', `a move that kills may only be cancelled, not aimed (004 L27)`));
      continue;
    }
    if (sent !== undefined)
      refused.push({
        action: sent,
        reason: 'night/superseded',
        text: `${master.name} changed it (004 L27)`,
        message: engineMessage('night/refused-superseded'),
      });
    actions = actions.filter((a) => !(a.actor === slave.slotId && a.ability === ability.id));
    actions.push({ actor: slave.slotId, ability: ability.id, targets, sentAt: order.sentAt });
    if (sent !== undefined)
      events.push({
        type: 'message',
        to: slave.slotId,
        result: nightResult(slave.slotId, 'move-overruled', [], roleOf(rules, slave, ability.id)),
        reasons: [because],
      });
  }
  return { actions, events, refused, accepted };
}

/**
 * L27: "когда раб отправит дневной или ночной ход, сутенер узнает об этом": each night move a slave sent, as he sent
 * it (before the master's orders), is told to his living master, whose role is not blocked tonight.
 */
function slaveMovesTold(input: NightInput, rules: NightRules, blocked: ReadonlySet<string>): NightEvent[] {
  const byId = new Map(input.players.map((p) => [p.slotId, p]));
  const events: NightEvent[] = [];
  for (const a of [...input.actions].sort((x, y) => x.sentAt - y.sentAt)) {
    const slave = byId.get(a.actor);
    const masterId = slave === undefined ? undefined : mechanicStatus(input, slave.statuses, 'enslaved')?.by;
    const master = masterId === undefined ? undefined : byId.get(masterId);
    if (slave === undefined || !slave.alive || master === undefined || !master.alive || master.slotId === slave.slotId) continue;
    if (effectOf(rules, slave, a.ability) === 'command') continue;
    if (actingStatus(input, master.statuses, 'command') !== undefined || blocked.has(master.slotId)) continue;
    const role = roleOf(rules, slave, a.ability);
    events.push({
      type: 'message',
      to: master.slotId,
      result: nightResult(master.slotId, 'slave-move-sent', [slave.slotId, ...a.targets], role),
      reasons: [
        say(
          `${slave.name} sent a move as ${role}; his master ${master.name} learns of it to approve, change or forbid it (004 L27)`,
          engineMessage('night/slave-move-told', word.text(master.name), word.text(slave.name)),
        ),
      ],
    });
  }
  return events;
}

/** The role of the player's that has the ability. */
function roleOf(rules: NightRules, p: NightPlayer, ability: string): string {
  const second = findRole(rules, p.secondRole);
  return second?.abilities.some((a) => a.id === ability) === true ? (p.secondRole ?? p.role) : p.role;
}
