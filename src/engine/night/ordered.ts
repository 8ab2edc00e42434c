/**
 * The ordered resolver: actions resolve one by one in the ruleset's step
 * order (000's eleven steps, 004's priorities), same-step ties by submission
 * time. A kill takes effect at once, so a dead or blocked actor's later
 * actions are nullified while earlier-ranked ones already happened (003).
 */
import { tellGroupChanges } from './roles-004-groups';
import { verifiedChecks } from './roles-004-faceless';
import { forwardedResult, keptFromInvestigator, tellTrackerVisitors } from './roles-004-forged';
import { forwardHeldBlackenings, handedOn, replacedByNoInfo, settleTracks } from './roles-004-tracking';
import { noteNightMoves } from './roles-004-checks';
import type { Rng } from '../rng';
import { hasPassive, type Block, type NightContext, type Protection, type ResolvedAction, type WorkPlayer } from './context';
import { orderedEffects } from './effects';
import { afterDeathBlack, stoppedBeforeEffect } from './roles-004-black';
import { borrowRank, readdressUndead, relayToMasters } from './roles-004-copies';
import { collectAtDeath, inheritedFromCollector, rekillUndead } from './roles-004-corpses';
import { anyRoleHasPassive, compareActions, findRole, rolesOf, type AcceptedAction, type Intake } from './intake';
import type { NightRules } from './rules';
import { afterDeathLives, afterNightLives, beforeShieldLives, lifeShield, linkDiesAlone, reserveDelta } from './roles-004-lives';
import { grantMoreTargets, sparedByOneDose, successionAmbiguity } from './roles-004-extended';
import { advantagesLost, crippledTonight, mechanicStatus, mechanicStatusId, unreachableStatus } from './statuses';
import { nightResult } from './results';
import type { AmbiguityHit, NightDeathCause, NightEvent, NightInput, NightResolution, NightReason, RefusedAction } from './types';
import { say } from './say';
import { settingValue } from './settings-words';
import { engineMessage, word } from '../words';
import { tellBlock, tellKillers, tellProtectionHit, tellProtector, tellSurvivor } from './tells';
import { announceMorning } from './morning';
import { carriedShots, findInsurer, insurableShot, mayInsure, SAVED_SHOT_STEP, savedShotsToInsure } from './shots';
import { visitHooks } from './roles-004-visits';
import { answerRoleRequests, forwardedRequest } from './roles-004-requests';
import { takeOverForADay } from './roles-004-copies';
import { narHooks } from './nar-roles';
import { nightReport, type Landing } from './results-report';

/** The role of the player's that carries a passive (first role first), to name it in a reason. */
function passiveRole(ctx: NightContext, p: WorkPlayer, passive: string): string {
  const second = ctx.role(p.secondRole);
  if (ctx.role(p.role)?.passives?.some((x) => x === passive) !== true && second?.passives?.some((x) => x === passive) === true)
    return second.id;
  return p.role;
}

/** Uses of a passive protection left; a role that carries it with no stated allowance has it for good (a permanent Bulletproof). */
function passiveAllowance(ctx: NightContext, p: WorkPlayer, passive: 'vest' | 'mafia-shield' | 'self-guard'): number {
  let total = 0;
  for (const r of [ctx.role(p.role), ctx.role(p.secondRole)]) {
    if (r?.passives?.includes(passive) !== true) continue;
    const uses = r.passiveUses?.[passive];
    if (uses === undefined) return Number.POSITIVE_INFINITY;
    total += uses;
  }
  return total - (p.spent[passive] ?? 0);
}

/** Whether the player's vest is one taken after his spare lives (004 L110, `afterSpareLife`). */
function lateVest(ctx: NightContext, p: WorkPlayer): boolean {
  return [ctx.role(p.role), ctx.role(p.secondRole)].some((r) => r?.latePassives?.includes('vest') === true);
}

function covers(p: Protection, cause: NightDeathCause, negative: boolean): boolean {
  if (p.negativeOnly && !negative) return false;
  return p.from === undefined || p.from.includes(cause);
}

function createContext(input: NightInput, rules: NightRules, rng: Rng, events: NightEvent[], ambiguities: AmbiguityHit[]): NightContext {
  // The players alive when the night began, gathered the first time an attack finds its victim dead (not one scan each time).
  let aliveAtStart: ReadonlySet<string> | undefined;
  const aliveAtDusk = (): ReadonlySet<string> => (aliveAtStart ??= new Set(input.players.flatMap((p) => (p.alive ? [p.slotId] : []))));
  const players: WorkPlayer[] = [...input.players]
    .sort((a, b) => (a.slotId < b.slotId ? -1 : a.slotId > b.slotId ? 1 : 0))
    .map((p) => ({
      slotId: p.slotId,
      name: p.name,
      role: p.role,
      secondRole: p.secondRole,
      faction: p.faction,
      family: p.family,
      alive: p.alive,
      statuses: [...(p.statuses ?? [])],
      spent: { ...(p.spent ?? {}) },
    }));
  const byId = new Map(players.map((p) => [p.slotId, p]));

  const injure = (ctx: NightContext, attackers: readonly string[], cause: NightDeathCause, because: NightReason): void => {
    let who: string[] = [...attackers];
    if (cause === 'faction-kill') {
      const sender = attackers[0];
      const faction = sender === undefined ? undefined : byId.get(sender)?.faction;
      const setting = rules.settings.bodyguardInjures;
      ctx.ambiguity({
        setting: 'bodyguardInjures',
        value: setting,
        text: 'The rules do not say which Mafia Member is "the attacker" a Bodyguard injures.',
        message: engineMessage('night/ambiguity-bodyguard-injures', word.message(settingValue(setting))),
      });
      if (setting === 'every-member' && faction !== undefined)
        who = players.filter((p) => p.alive && p.faction === faction).map((p) => p.slotId);
    }
    for (const id of who) {
      const p = byId.get(id);
      if (p === undefined || !p.alive) continue;
      const status = { id: mechanicStatusId(input, 'injury'), sinceNight: ctx.night, untilNight: ctx.night + 1 };
      p.statuses = [...p.statuses, status];
      ctx.emit({
        type: 'status-applied',
        player: id,
        status,
        reasons: [
          say(
            `${p.name} attacked a guarded player and is injured for the next day and night (000)`,
            engineMessage('night/attacker-injured', word.text(p.name)),
            [because],
          ),
        ],
      });
      ctx.emit({
        type: 'message',
        to: id,
        result: nightResult(id, 'injured', [], null),
        reasons: [because],
      });
    }
  };

  const ctx: NightContext = {
    input,
    rules,
    rng,
    night: input.night,
    players,
    protections: new Map(),
    blocks: new Map(),
    bumbled: new Map(),
    swaps: [],
    redirects: new Map(),
    visits: [],
    cured: new Set(),
    savedBy: new Set(),
    blockedBy: new Set(),
    factionVictims: new Map(),
    outcomes: new Map(),
    stepIndex: -1,
    survivedAt: new Map(),
    told: new Set(),
    player: (id) => byId.get(id),
    name: (id) => byId.get(id)?.name ?? id,
    role: (id) => findRole(rules, id),
    emit: (raw) => {
      const event = readdressUndead(input, raw);
      events.push(event);
      if (event.type === 'message') visitHooks.told(ctx, event.to, event.result);
    },
    ambiguity: (hit) => {
      if (!ambiguities.some((a) => a.setting === hit.setting)) ambiguities.push(hit);
    },
    shield: (victimId, attackers, cause, options) => {
      const victim = byId.get(victimId);
      if (victim === undefined) return undefined;
      if (options?.unstoppable === true) return lifeShield(ctx, victimId, cause, options);
      const stoodIn = visitHooks.standIn(ctx, victimId, attackers, cause, options);
      if (stoodIn !== undefined) return stoodIn;
      const negative = options?.negative === true;
      // The forum standard's macho modifier: no protection reaches the player.
      const list = narHooks.unprotectable(ctx, victimId) ? [] : (ctx.protections.get(victimId) ?? []);
      const guard = list.find((p) => p.kind === 'guard' && covers(p, cause, negative));
      if (guard !== undefined) {
        ctx.savedBy.add(guard.by);
        const because = say(
          `${victim.name} was guarded by ${ctx.name(guard.by)}; the attacker is injured`,
          engineMessage('night/guarded-attacker-injured', word.text(victim.name), word.text(ctx.name(guard.by))),
          guard.reasons,
        );
        injure(ctx, attackers, cause, because);
        return because;
      }
      const prot = list.find((p) => p.kind !== 'guard' && covers(p, cause, negative));
      if (prot !== undefined) {
        ctx.savedBy.add(prot.by);
        // The forum standard: each protection stops one kill; a second kill on the same player finds it spent.
        if (rules.settings.protectionStops === 'one-kill') list.splice(list.indexOf(prot), 1);
        if (prot.kind === 'protect') tellProtector(ctx, prot.by, victimId);
        else tellProtectionHit(ctx, prot.by, attackers);
        return say(
          `${victim.name} was protected by ${ctx.name(prot.by)}`,
          engineMessage('night/protected-by', word.text(victim.name), word.text(ctx.name(prot.by))),
          prot.reasons,
        );
      }
      const standIn = narHooks.standIn(ctx, victimId, attackers, cause);
      if (standIn !== undefined) return standIn;
      if ((cause === 'kill' || cause === 'faction-kill') && hasPassive(ctx, victim, 'vest') && passiveAllowance(ctx, victim, 'vest') > 0) {
        // 004 L110: a vest that yields to a spare life (the Executioner's beside the Immortal's): the spare life first.
        const late = lateVest(ctx, victim);
        if (late) {
          const life = lifeShield(ctx, victimId, cause, options);
          if (life !== undefined) return life;
        }
        victim.spent.vest = (victim.spent.vest ?? 0) + 1;
        // A vest with uses left (the forum standard's Bulletproof has no limit) holds; only the last use is "used up".
        const r =
          passiveAllowance(ctx, victim, 'vest') > 0
            ? say(`${victim.name}'s bulletproof vest stopped the kill`, engineMessage('night/vest-held', word.text(victim.name)))
            : say(
                `${victim.name}'s one-shot bulletproof vest stopped the kill and is now used up (001)`,
                engineMessage('night/vest-stopped', word.text(victim.name)),
              );
        ctx.emit({ type: 'protection-spent', player: victimId, protection: 'vest', reasons: [r] });
        // L110: it guards the holder alone: a player linked with his spent spare life dies alone.
        if (late) linkDiesAlone(ctx, victim, attackers, cause, r);
        return r;
      }
      if (cause === 'faction-kill' && hasPassive(ctx, victim, 'mafia-shield') && passiveAllowance(ctx, victim, 'mafia-shield') > 0) {
        victim.spent['mafia-shield'] = (victim.spent['mafia-shield'] ?? 0) + 1;
        const left = passiveAllowance(ctx, victim, 'mafia-shield');
        const r = say(
          `a Butler survives the Mafia's first two kill attempts (000); ${left} left`,
          engineMessage(
            'night/mafia-shield',
            word.text(victim.name),
            word.role(passiveRole(ctx, victim, 'mafia-shield')),
            word.number(left),
          ),
        );
        ctx.emit({ type: 'protection-spent', player: victimId, protection: 'mafia-shield', reasons: [r] });
        return r;
      }
      if (
        (cause === 'faction-kill' || cause === 'poison' || cause === 'drunk') &&
        hasPassive(ctx, victim, 'self-guard') &&
        passiveAllowance(ctx, victim, 'self-guard') > 0
      ) {
        victim.spent['self-guard'] = (victim.spent['self-guard'] ?? 0) + 1;
        const r = say(
          `the Bodyguard's automatic self-protection saved ${victim.name} (000, once per game)`,
          engineMessage('night/self-guard', word.text(victim.name), word.role(passiveRole(ctx, victim, 'self-guard'))),
        );
        ctx.emit({ type: 'protection-spent', player: victimId, protection: 'self-guard', reasons: [r] });
        const setting = rules.settings.bodyguardAutoInjures;
        ctx.ambiguity({
          setting: 'bodyguardAutoInjures',
          value: setting,
          text: "The rules do not say whether the Bodyguard's automatic self-protection injures the attacker.",
          message: engineMessage('night/ambiguity-bodyguard-auto-injures', word.message(settingValue(setting))),
        });
        if (setting === 'yes') injure(ctx, attackers, cause, r);
        return r;
      }
      return lifeShield(ctx, victimId, cause, options);
    },
    attack: (victimId, attackers, cause, reasons, options) => {
      const victim = byId.get(victimId);
      if (victim === undefined || !victim.alive) {
        // L42: a killer's move on an undead lays him to rest; the shot is not realised.
        if (victim !== undefined && rekillUndead(ctx, victim, attackers, reasons, cause)) return 'already-dead';
        // L122: several killers at one player killed tonight all learn the team.
        if (aliveAtDusk().has(victimId)) tellKillers(ctx, victimId, attackers, cause);
        const text = `${ctx.name(victimId)} was already dead; a dead player is not killed twice`;
        ctx.emit({
          type: 'survived',
          player: victimId,
          reasons: [say(text, engineMessage('night/already-dead', word.text(ctx.name(victimId))), reasons)],
        });
        return 'already-dead';
      }
      const away = unreachableStatus(input, victim.statuses);
      if (away !== undefined) {
        ctx.emit({
          type: 'survived',
          player: victimId,
          reasons: [
            say(
              `${victim.name} was not killed: ${away} players cannot be killed (the ruleset's status "${away}")`,
              engineMessage('night/out-of-reach', word.text(victim.name), word.status(away)),
              reasons,
            ),
          ],
        });
        tellSurvivor(ctx, victimId, cause, reasons);
        return 'saved';
      }
      const saved = ctx.shield(victimId, attackers, cause, beforeShieldLives(ctx, victimId, attackers, cause, options));
      if (saved !== undefined) {
        ctx.emit({
          type: 'survived',
          player: victimId,
          reasons: [
            say(`${victim.name} was attacked but not killed`, engineMessage('night/attacked-not-killed', word.text(victim.name)), [
              ...reasons,
              { ...saved, stance: 'against' },
            ]),
          ],
        });
        tellSurvivor(ctx, victimId, cause, reasons);
        return 'saved';
      }
      victim.alive = false;
      ctx.emit({
        type: 'death',
        player: victimId,
        cause,
        by: [...attackers],
        reasons: [
          say(`${victim.name} died`, engineMessage('night/died', word.text(victim.name)), [
            ...reasons,
            ...(options?.unstoppable === true ? [] : [say('nothing protected them', engineMessage('night/nothing-protected'))]),
          ]),
        ],
      });
      tellKillers(ctx, victimId, attackers, cause);
      afterDeath(ctx, victim, attackers, cause);
      afterDeathBlack(ctx, victim, attackers, cause);
      return 'killed';
    },
  };
  return ctx;
}

/** L9: the random draw among several Active citizens (the extended format has two), told with the reason it was made. */
export function heirDrawn(count: number, name: string, because: NightReason): NightReason {
  return say(
    `the random draw among ${count} Active Citizens picked ${name} (004 L9: "порядок получения роли определяется рандомом")`,
    engineMessage('night/random-draw', word.number(count), word.text(name)),
    [because],
  );
}

function afterDeath(ctx: NightContext, victim: WorkPlayer, attackers: readonly string[], cause: NightDeathCause): void {
  const rules = ctx.rules;
  const because = say(`${victim.name} died`, engineMessage('night/died', word.text(victim.name)));
  if (hasPassive(ctx, victim, 'revenge')) {
    let killer = attackers[0];
    if (cause === 'faction-kill' && killer !== undefined) {
      const faction = ctx.player(killer)?.faction;
      const setting = rules.settings.robberRevengeOnMafia;
      ctx.ambiguity({
        setting: 'robberRevengeOnMafia',
        value: setting,
        text: 'The rules do not say which Mafia Member an Armed Robber takes with him.',
        message: engineMessage('night/ambiguity-robber-revenge', word.message(settingValue(setting))),
      });
      if (setting === 'random-member' && faction !== undefined) {
        const members = ctx.players.filter((p) => p.alive && p.faction === faction);
        killer = members.length === 0 ? killer : members[ctx.rng.int(members.length)]?.slotId;
      }
    }
    if (killer !== undefined && killer !== victim.slotId) {
      ctx.attack(
        killer,
        [victim.slotId],
        'revenge',
        [
          say(
            `${victim.name} was an Armed Robber, who kills whoever killed them, immediately (000)`,
            engineMessage('night/revenge', word.text(victim.name), word.role(passiveRole(ctx, victim, 'revenge'))),
            [because],
          ),
        ],
        { unstoppable: true },
      );
    }
  }
  // Most rulesets have no Witness or Active Citizen: then nobody is looked for at each death.
  for (const w of anyRoleHasPassive(rules, 'witness') ? ctx.players : []) {
    if (!w.alive || w.slotId === victim.slotId || !hasPassive(ctx, w, 'witness')) continue;
    const roles = [victim.role, victim.secondRole].filter((r): r is string => r !== undefined);
    ctx.emit({
      type: 'message',
      to: w.slotId,
      result: nightResult(w.slotId, 'witnessed-death', [victim.slotId], roles),
      reasons: [
        say(
          'Witnesses are told the roles of players after they die (000)',
          engineMessage('night/witness-told', word.text(w.name), word.role(passiveRole(ctx, w, 'witness'))),
          [because],
        ),
      ],
    });
  }
  const peaceful = ctx.role(victim.role);
  // L9: "Если умер покалеченный игрок, активный житель не получит его роль" (nor does a copy, L40, nor a Collector, L41).
  const crippled = crippledTonight(ctx.input, victim.statuses, ctx.night);
  // L41, §8: a Collector who named the victim may take the role before the Active Citizen.
  if (
    !collectAtDeath(ctx, victim) &&
    !crippled &&
    peaceful !== undefined &&
    peaceful.plain !== true &&
    !(peaceful.passives ?? []).includes('inherit-role') &&
    anyRoleHasPassive(rules, 'inherit-role')
  ) {
    // L9: "В расширенном формате два активных жителя, поэтому порядок получения роли определяется рандомом".
    const heirs = ctx.players.filter((p) => p.alive && p.slotId !== victim.slotId && hasPassive(ctx, p, 'inherit-role'));
    const heir = heirs.length > 1 ? heirs[ctx.rng.int(heirs.length)] : heirs[0];
    if (heir !== undefined) {
      const from = heir.role;
      heir.role = victim.role;
      ctx.emit({
        type: 'role-changed',
        player: heir.slotId,
        slot: 'role',
        from,
        to: victim.role,
        reasons: [
          say(
            `the Active Citizen inherits the peaceful role of a departed player (004)`,
            engineMessage('night/inherits-role', word.text(heir.name), word.role(from), word.role(victim.role)),
            [heirs.length > 1 ? heirDrawn(heirs.length, heir.name, because) : because],
          ),
        ],
      });
      ctx.emit({
        type: 'message',
        to: heir.slotId,
        result: nightResult(heir.slotId, 'role-inherited', [victim.slotId], victim.role),
        reasons: [because],
      });
      // L41: a role the Active citizen took from a Collector joins the collection at his death.
      inheritedFromCollector(ctx, heir, victim);
    } else takeOverForADay(ctx, victim, because);
  }
  visitHooks.afterDeath(ctx, victim, attackers, cause);
  narHooks.afterDeath(ctx, victim, attackers);
  afterDeathLives(ctx, victim, attackers, cause);
}

function stepIndex(rules: NightRules, a: AcceptedAction): number {
  return rules.order.indexOf(a.ability.step);
}

/** The resolver's order: step, then killer order by night parity (004), then submission time. */
function orderActions(rules: NightRules, night: number, actions: readonly AcceptedAction[]): AcceptedAction[] {
  const parity = night % 2 === 1 ? 'odd' : 'even';
  const killers = rules.killerOrder?.[parity] ?? [];
  const killerRank = (a: AcceptedAction): number => {
    if (a.ability.effect !== 'faction-kill' && a.ability.effect !== 'insure') return 0;
    const i = killers.indexOf(a.faction);
    return i === -1 ? killers.length : i;
  };
  return [...actions].sort(
    (x, y) =>
      stepIndex(rules, x) - stepIndex(rules, y) ||
      killerRank(x) - killerRank(y) ||
      borrowRank(x.borrowed) - borrowRank(y.borrowed) ||
      compareActions(x.action, y.action),
  );
}

function stillHolds(ctx: NightContext, actor: WorkPlayer, a: AcceptedAction): boolean {
  return rolesOf(ctx.rules, {
    slotId: actor.slotId,
    name: actor.name,
    role: actor.role,
    faction: actor.faction,
    alive: actor.alive,
    ...(actor.secondRole === undefined ? {} : { secondRole: actor.secondRole }),
  }).some((r) => r.abilities.some((ab) => ab.id === a.ability.id && ab.effect === a.ability.effect));
}

function blockOn(ctx: NightContext, actor: string, a: AcceptedAction): Block | undefined {
  return (ctx.blocks.get(actor) ?? []).find((b) => {
    if (b.spares === 'faction-kill' && (a.ability.effect === 'faction-kill' || a.ability.effect === 'insure')) return false;
    if (b.spares === 'negative' && a.ability.negative === true) return false;
    if (b.onlyRole !== undefined && a.role.id !== b.onlyRole) return false;
    if (b.onlyEffects !== undefined && !b.onlyEffects.includes(a.ability.effect)) return false;
    return true;
  });
}

// The swaps that name each player (indices into `ctx.swaps`, in order), kept per night and
// built again when a swap was added since.
const swapTables = new WeakMap<NightContext, { count: number; readonly byPlayer: Map<string, number[]> }>();

/**
 * The night's swaps by the players they name (indexes into `ctx.swaps`, in order). Swaps are only ever appended
 * during a night, so the table is extended with the new ones rather than built again (a night where every
 * Bus Driver's swap was followed by a rebuild took time in the square of its swaps).
 */
function swapsByPlayer(ctx: NightContext): ReadonlyMap<string, readonly number[]> {
  let table = swapTables.get(ctx);
  if (table === undefined || table.count > ctx.swaps.length) {
    table = { count: 0, byPlayer: new Map() };
    swapTables.set(ctx, table);
  }
  const { byPlayer } = table;
  for (let i = table.count; i < ctx.swaps.length; i++) {
    const s = ctx.swaps[i];
    if (s === undefined) continue;
    for (const p of new Set([s.a, s.b])) {
      const list = byPlayer.get(p);
      if (list === undefined) byPlayer.set(p, [i]);
      else list.push(i);
    }
  }
  table.count = ctx.swaps.length;
  return byPlayer;
}

function finalTargets(
  ctx: NightContext,
  actor: WorkPlayer,
  a: AcceptedAction,
  bumbleUsed: Set<string>,
): { targets: string[]; reasons: NightReason[] } {
  let targets = [...a.action.targets];
  const reasons: NightReason[] = [];
  const spec = a.ability.targets;
  const bureaucrat = ctx.bumbled.get(actor.slotId);
  if (bureaucrat !== undefined && a.ability.effect !== 'faction-kill' && !bumbleUsed.has(actor.slotId) && targets.length > 0) {
    bumbleUsed.add(actor.slotId);
    let pool: string[];
    if (spec.kind === 'family') {
      pool = [...new Set(ctx.players.map((p) => p.family).filter((f): f is string => f !== undefined))].sort();
    } else {
      pool = ctx.players.filter((p) => p.alive && (spec.self !== 'never' || p.slotId !== actor.slotId)).map((p) => p.slotId);
    }
    const picked: string[] = [];
    while (picked.length < targets.length && pool.length > 0) {
      const i = ctx.rng.int(pool.length);
      const [x] = pool.splice(i, 1);
      if (x !== undefined) picked.push(x);
    }
    if (picked.length === targets.length) {
      targets = picked;
      const r = say(
        `a Bumbling Bureaucrat (${ctx.name(bureaucrat)}) sent ${actor.name}'s action to a random target: ${picked.map((t) => ctx.name(t)).join(', ')}`,
        engineMessage('night/bumbled', word.text(ctx.name(bureaucrat)), word.text(actor.name), word.names(picked.map((t) => ctx.name(t)))),
      );
      reasons.push(r);
      ctx.emit({
        type: 'message',
        to: actor.slotId,
        result: nightResult(actor.slotId, 'action-redirected', picked, picked),
        reasons: [r],
      });
    }
  }
  const redirect = ctx.redirects.get(actor.slotId);
  if (redirect !== undefined && spec.kind === 'player' && targets.length > 0) {
    targets = [redirect.to, ...targets.slice(1)];
    reasons.push(
      say(
        `${ctx.name(redirect.by)} redirected ${actor.name}'s action onto ${ctx.name(redirect.to)}`,
        engineMessage('night/redirected', word.text(ctx.name(redirect.by)), word.text(actor.name), word.text(ctx.name(redirect.to))),
      ),
    );
  }
  if (spec.kind === 'player') {
    const hypnosis = visitHooks.retarget(ctx, actor, a, targets);
    targets = hypnosis.targets;
    reasons.push(...hypnosis.reasons);
  }
  if (spec.kind === 'player') {
    // Every swap in the order it happened moves a target it names. Each target follows its own
    // swaps (found through the players they name, not by trying every swap), and the reasons
    // come out in the swaps' order, as one pass over all of them would give them.
    const swapsOf = swapsByPlayer(ctx);
    const moved: { swap: number; target: number; reason: NightReason }[] = [];
    targets = targets.map((start, position) => {
      let t = start;
      let after = -1;
      for (;;) {
        const next = (swapsOf.get(t) ?? []).find((i) => i > after && !(ctx.swaps[i]?.by === actor.slotId && a.ability.effect === 'swap'));
        const s = next === undefined ? undefined : ctx.swaps[next];
        if (next === undefined || s === undefined) return t;
        const to = t === s.a ? s.b : s.a;
        moved.push({
          swap: next,
          target: position,
          reason: say(
            `${ctx.name(s.by)} swapped ${ctx.name(t)} with ${ctx.name(to)}`,
            engineMessage('night/swapped', word.text(ctx.name(s.by)), word.text(ctx.name(t)), word.text(ctx.name(to))),
          ),
        });
        t = to;
        after = next;
      }
    });
    reasons.push(...moved.sort((x, y) => x.swap - y.swap || x.target - y.target).map((m) => m.reason));
  }
  return { targets, reasons };
}

/** Resolves a night by the ruleset's order table. */
export function resolveOrdered(input: NightInput, rules: NightRules, rng: Rng, intake: Intake): NightResolution {
  const events: NightEvent[] = [];
  const ambiguities: AmbiguityHit[] = [];
  const refused: RefusedAction[] = [...intake.refused];
  const ctx = createContext(input, rules, rng, events, ambiguities);
  const runnable: AcceptedAction[] = [];
  for (const a of intake.accepted) {
    if (stepIndex(rules, a) === -1)
      refused.push({
        action: a.action,
        reason: 'night/unsupported-by-resolver',
        text: `the ruleset's order has no step "${a.ability.step}"`,
        message: engineMessage('night/refused-no-step', word.ability(a.ability.id, a.role.id)),
      });
    else runnable.push(a);
  }
  // 003 L44: an injured member's night kill "will loose any advantages they normally have like erasing the body or
  // sniping"; the fragment describes no sniper, so which advantages a kill has is the ruleset's (the status's list).
  for (const a of runnable) {
    const lost = advantagesLost(input, ctx.player(a.action.actor)?.statuses, a.ability.effect);
    if (lost === undefined) continue;
    ctx.ambiguity({
      setting: `statuses.${lost.status}.night.losesAdvantages`,
      value: lost.lost.join(', '),
      text: `The rules name "erasing the body or sniping" as advantages an injured member's night kill loses, and describe no sniper. Used tonight: the kill goes without ${lost.lost.join(', ')}.`,
      message: engineMessage('night/ambiguity-injured-kill'),
    });
  }
  const ordered = orderActions(rules, input.night, runnable);
  const bumbleUsed = new Set<string>();
  const done = new Set<AcceptedAction>();
  const insuranceUsed = new Set<AcceptedAction>();
  const executed = new Set<AcceptedAction>();
  // Where each executed action landed (after redirections and bus drives), for the host's report.
  const landings: Landing[] = [];

  const insurers = new Set<string>();
  const tryInsurance = (stopped: AcceptedAction, why: NightReason, otherSideOnly = false): void => {
    const found = findInsurer(ctx, intake, ordered, stopped, (id, x) => blockOn(ctx, id, x) === undefined, insurers, otherSideOnly);
    const actor = found === undefined ? undefined : ctx.player(found.actor);
    if (found === undefined || actor === undefined) return;
    insurers.add(found.actor);
    if (found.explicit !== undefined) insuranceUsed.add(found.explicit);
    const targets = found.targets ?? stopped.action.targets;
    // The shot is the insured side's: its kill is counted to the insured faction (L2: no extra move for it).
    orderedEffects['faction-kill'](ctx, {
      accepted: { ...stopped, action: { ...stopped.action, actor: actor.slotId, targets } },
      actor,
      targets,
      reasons: [{ ...found.reason, because: [why] }],
    });
  };

  /**
   * A side with a shot tonight sent no order while an insurance order waits (a forced skip, L165):
   * the open question whether the insurer yields as for a voluntary skip (L2, L3).
   */
  const forcedSkips = (): void => {
    for (const x of ordered) {
      if (x.ability.effect !== 'insure' || insuranceUsed.has(x) || insurers.has(x.action.actor)) continue;
      const insured = Object.keys(intake.killCounts)
        .filter((f) => (intake.killCounts[f] ?? 0) > 0 && mayInsure(rules, intake, x.faction, f))
        .find((f) => !ordered.some((y) => y.faction === f && y.ability.effect === 'faction-kill'));
      if (insured === undefined || (insured !== x.faction && (intake.killCounts[x.faction] ?? 0) > 0)) continue;
      const setting = rules.settings.forcedSkipIsVoluntary;
      ctx.ambiguity({
        setting: 'forcedSkipIsVoluntary',
        value: setting,
        text: `The ${insured} side sent no shot while ${ctx.name(x.action.actor)} insured it; the rules do not say whether a forced skip counts as a voluntary one, where the insurer yields.`,
        message: engineMessage(
          'night/ambiguity-forced-skip',
          word.faction(insured),
          word.text(ctx.name(x.action.actor)),
          word.message(settingValue(setting)),
        ),
      });
      const actor = ctx.player(x.action.actor);
      if (setting === 'yes' || actor === undefined || !actor.alive || x.action.targets.length === 0) continue;
      if (blockOn(ctx, actor.slotId, x) !== undefined) continue;
      insuranceUsed.add(x);
      insurers.add(actor.slotId);
      orderedEffects['faction-kill'](ctx, {
        accepted: { ...x, faction: insured },
        actor,
        targets: x.action.targets,
        reasons: [
          say(
            `${actor.name}'s insurance fires: the ${insured} side's skip was forced, not voluntary (setting forcedSkipIsVoluntary)`,
            engineMessage('night/insurance-on-forced-skip', word.text(actor.name), word.faction(insured)),
          ),
        ],
      });
    }
  };

  const runStep = (step: string): void => {
    ctx.stepIndex = rules.order.indexOf(step);
    // 004 L52: poison may kill at another step (the Poisoner's), before that step's own moves.
    if (step === (rules.poisonKillsAt ?? 'poison-deaths')) {
      for (const p of ctx.players) {
        const poison = mechanicStatus(input, p.statuses, 'poison');
        if (!p.alive || poison === undefined || (poison.sinceNight ?? 0) >= input.night || ctx.cured.has(p.slotId)) continue;
        if (sparedByOneDose(ctx, p, poison)) continue; // 004 L52 (extended): one dose on two targets kills one
        p.statuses = p.statuses.filter((s) => s !== poison);
        ctx.emit({
          type: 'status-cleared',
          player: p.slotId,
          status: poison.id,
          reasons: [say('the poison ran its course', engineMessage('night/poison-ran-its-course', word.text(p.name)))],
        });
        ctx.attack(
          p.slotId,
          poison.by === undefined ? [] : [poison.by],
          'poison',
          [
            say(
              `${p.name} was poisoned on night ${poison.sinceNight ?? '?'} and no Doctor cured them tonight (000 step 11)`,
              poison.sinceNight === undefined
                ? engineMessage('night/poison-kills', word.text(p.name))
                : engineMessage('night/poison-kills-since', word.text(p.name), word.phase({ kind: 'night', number: poison.sinceNight })),
            ),
          ],
          { unstoppable: true },
        );
      }
      if (step === 'poison-deaths') return;
    }
    ctx.stepIndex = rules.order.indexOf(step);
    for (const a of ordered) {
      if (a.ability.step !== step || done.has(a)) continue;
      done.add(a);
      const actor = ctx.player(a.action.actor);
      if (actor === undefined) continue;
      const assumed = rules.assumedSteps?.[step];
      if (assumed !== undefined)
        ctx.ambiguity({
          setting: `order.${step}`,
          value: 'assumed',
          text: assumed,
          message: engineMessage(
            'night/ambiguity-assumed-step',
            word.ability(a.ability.id, a.role.id),
            word.number(rules.order.indexOf(step) + 1),
            word.number(rules.order.length),
          ),
        });
      // NAR: kills land at the end of the night, so a player killed tonight still acts (setting killedActorsAct).
      if (!actor.alive && a.borrowed !== 'undead' && rules.settings.killedActorsAct !== 'yes') {
        const r = say(
          `${actor.name} died earlier in the night, before this action's turn; it is nullified (003)`,
          engineMessage('night/died-before-turn', word.text(actor.name), word.ability(a.ability.id, a.role.id)),
        );
        ctx.emit({ type: 'nullified', player: actor.slotId, ability: a.ability.id, role: a.role.id, cause: 'actor-died', reasons: [r] });
        if (insurableShot(ctx, a)) tryInsurance(a, r);
        continue;
      }
      if (a.borrowed === undefined && !stillHolds(ctx, actor, a)) {
        const setting = rules.settings.stolenRoleActsSameNight;
        ctx.ambiguity({
          setting: 'stolenRoleActsSameNight',
          value: setting,
          text: 'The rules do not say whether an action sent with a role stolen the same night still resolves.',
          message: engineMessage('night/ambiguity-stolen-role-acts', word.message(settingValue(setting))),
        });
        if (setting === 'no') {
          ctx.emit({
            type: 'nullified',
            player: actor.slotId,
            ability: a.ability.id,
            role: a.role.id,
            cause: 'role-lost',
            reasons: [
              say(
                `${actor.name} no longer holds the role this action needs (a Thief took it earlier tonight)`,
                engineMessage('night/role-taken', word.text(actor.name), word.ability(a.ability.id, a.role.id)),
              ),
            ],
          });
          continue;
        }
      }
      const held = narHooks.held(ctx, a);
      if (held !== undefined) {
        ctx.emit({ type: 'nullified', player: actor.slotId, ability: a.ability.id, role: a.role.id, cause: 'thwarted', reasons: [held] });
        continue;
      }
      const blocked = a.ability.unblockable === true ? undefined : blockOn(ctx, a.controller ?? actor.slotId, a);
      if (blocked !== undefined) {
        const r = say(
          `${actor.name}'s ${a.ability.id} did not happen: ${ctx.name(blocked.by)} blocked them`,
          engineMessage('night/blocked', word.text(actor.name), word.ability(a.ability.id, a.role.id), word.text(ctx.name(blocked.by))),
          blocked.reasons,
        );
        ctx.emit({ type: 'blocked', player: actor.slotId, ability: a.ability.id, role: a.role.id, by: blocked.by, reasons: [r] });
        // L5: a blocked werewolf special move still reads "не попал" for the Blocker.
        if (a.ability.blockReadsAsMiss !== true) ctx.blockedBy.add(blocked.by);
        tellBlock(ctx, blocked.by, actor.slotId, a.role.id, true);
        if (a.ability.uses !== undefined || a.ability.selfUses !== undefined) {
          const setting = rules.settings.blockedUsesCharge;
          ctx.ambiguity({
            setting: 'blockedUsesCharge',
            value: setting,
            text: 'The rules do not say whether a blocked limited action uses a charge.',
            message: engineMessage('night/ambiguity-blocked-uses-charge', word.message(settingValue(setting))),
          });
          if (setting === 'yes')
            ctx.emit({
              type: 'uses-spent',
              player: actor.slotId,
              ability: a.ability.id,
              self: a.action.targets.includes(actor.slotId),
              reasons: [r],
            });
        }
        if (insurableShot(ctx, a)) tryInsurance(a, r);
        continue;
      }
      const attackedAt = ctx.survivedAt.get(actor.slotId);
      const selfProtection = a.ability.effect === 'protect' && a.action.targets.includes(actor.slotId);
      if (
        rules.attackSkipsLaterMoves === true &&
        actor.alive &&
        attackedAt !== undefined &&
        attackedAt < ctx.stepIndex &&
        !selfProtection
      ) {
        const r = say(
          `${actor.name} was attacked and saved earlier in the night; a saved victim's move ordered after the killers is skipped (004 L16)`,
          engineMessage('night/skipped-after-attack', word.text(actor.name), word.ability(a.ability.id, a.role.id)),
        );
        ctx.emit({ type: 'nullified', player: actor.slotId, ability: a.ability.id, role: a.role.id, cause: 'attacked', reasons: [r] });
        continue;
      }
      const stopped = stoppedBeforeEffect(ctx, a, actor);
      if (stopped !== undefined) {
        ctx.emit({
          type: 'nullified',
          player: actor.slotId,
          ability: a.ability.id,
          role: a.role.id,
          cause: 'thwarted',
          reasons: [stopped],
        });
        continue;
      }
      // NAR's golden rule settled the moves that change others before the steps (nar-roles.ts).
      const { targets, reasons } = narHooks.planned(ctx, a) ?? finalTargets(ctx, actor, a, bumbleUsed);
      const away = visitHooks.unreachable(ctx, actor, a, targets);
      if (away !== undefined) {
        ctx.emit({ type: 'blocked', player: actor.slotId, ability: a.ability.id, role: a.role.id, by: away.by, reasons: [away.reason] });
        continue;
      }
      const missed = narHooks.unreachable(ctx, actor, a, targets);
      if (missed !== undefined) {
        ctx.emit({
          type: 'nullified',
          player: actor.slotId,
          ability: a.ability.id,
          role: a.role.id,
          cause: 'thwarted',
          reasons: [...reasons, missed],
        });
        continue;
      }
      executed.add(a);
      landings.push({ accepted: a, targets, reasons });
      const resolved: ResolvedAction = { accepted: a, actor, targets, reasons };
      orderedEffects[a.ability.effect](ctx, resolved);
      const self = a.ability.targets.kind === 'player' && targets.includes(actor.slotId);
      if (a.ability.uses !== undefined || (self && a.ability.selfUses !== undefined)) {
        ctx.emit({
          type: 'uses-spent',
          player: actor.slotId,
          ability: a.ability.id,
          self,
          reasons: [
            say(
              `${actor.name} used ${a.ability.id}`,
              engineMessage('night/used', word.text(actor.name), word.ability(a.ability.id, a.role.id)),
            ),
          ],
        });
      }
      if (a.ability.targets.kind === 'player') {
        for (const t of targets) {
          if (t === actor.slotId) continue;
          if (narHooks.seen(a)) ctx.visits.push({ actor: actor.slotId, target: t, role: a.role.id, effect: a.ability.effect });
          const host = ctx.player(t);
          if (host !== undefined && host.alive && hasPassive(ctx, host, 'pgo') && actor.alive) {
            ctx.attack(actor.slotId, [t], 'pgo', [
              say(
                `${actor.name} visited ${host.name}, a Paranoid Gun Owner, who shoots every visitor`,
                engineMessage('night/pgo-visit', word.text(actor.name), word.text(host.name), word.role(passiveRole(ctx, host, 'pgo'))),
              ),
            ]);
          }
        }
      }
    }
  };
  // 004 L6: a check sees the moves of its own step that have not run yet (roles-004-checks.ts).
  noteNightMoves(ctx, ordered);
  visitHooks.beforeSteps(ctx, ordered);
  narHooks.beforeSteps(ctx, ordered);
  for (const step of rules.order) {
    runStep(step);
    if (ordered.some((x) => x.ability.effect === 'insure' && x.ability.step === step)) forcedSkips();
    // 004 L55, L121: the other group's insurance of a shot whose victim was saved, after the peaceful killers.
    if (step === SAVED_SHOT_STEP) for (const s of savedShotsToInsure(ctx, ordered)) tryInsurance(s.stopped, s.why, true);
  }
  visitHooks.afterSteps(ctx);
  verifiedChecks(ctx);
  // 004 L7, L8: role requests made by day are answered at the check verification's turn.
  answerRoleRequests(ctx, ordered);
  afterNightLives(ctx);
  // 004 L7: a stopped track gives no information; the blackening a Detective sees (roles-004-tracking.ts).
  settleTracks(ctx, ordered, events, intake.refused);
  // 004 L7: a Detective who tracked sees who visited him.
  tellTrackerVisitors(ctx);
  // 004 extended: the Poisoner's second target next night (L52), the werewolves' succession to the gun (L131.3).
  grantMoreTargets(ctx, events);
  successionAmbiguity(ctx);
  relayToMasters(ctx, [...events]);
  // 004 L55: a side change or a new pair the night's deaths bring about, told in the morning.
  tellGroupChanges(ctx);

  for (const [target, by] of ctx.bumbled) {
    if (!bumbleUsed.has(target)) {
      const setting = rules.settings.bureaucratCarriesOver;
      ctx.ambiguity({
        setting: 'bureaucratCarriesOver',
        value: setting,
        text: `${ctx.name(by)}'s Bumbling Bureaucrat target ${ctx.name(target)} did not act tonight; the rules do not say whether "the next action" waits for a later night.`,
        message: engineMessage(
          'night/ambiguity-bureaucrat-carries-over',
          word.text(ctx.name(by)),
          word.text(ctx.name(target)),
          word.message(settingValue(setting)),
        ),
      });
    }
  }

  // 004: investigator receives the checkers' results.
  const receivers = ctx.players.filter((p) => p.alive && hasPassive(ctx, p, 'receive-checks'));
  const dusk = new Set(input.players.filter((p) => p.alive).map((p) => p.slotId));
  const checkerRoles = new Set(['commissar', 'detective']);
  for (const r of receivers) {
    const copies = events.filter(
      (e): e is Extract<NightEvent, { type: 'message' }> =>
        e.type === 'message' && checkerRoles.has(ctx.player(e.to)?.role ?? '') && !keptFromInvestigator(e.result) && handedOn(e.result),
    );
    for (const m of copies) {
      // 004 L85, L86, L77: a black or Faceless checker's standard result, or his substitution (roles-004-forged.ts).
      // 004 L86, L77: a role request's answer, or his substitution (roles-004-requests.ts).
      const handed = forwardedRequest(ctx, dusk, m) ?? forwardedResult(ctx, ordered, dusk, m);
      ctx.emit({
        type: 'message',
        to: r.slotId,
        result: nightResult(r.slotId, 'forwarded-result', [m.to], handed.result),
        reasons: [
          ...handed.reasons,
          say(
            "the Investigator receives the Commissar's and Detective's results every morning (004)",
            engineMessage(
              'night/receives-checks',
              word.text(r.name),
              word.role(passiveRole(ctx, r, 'receive-checks')),
              word.text(ctx.name(m.to)),
            ),
          ),
        ],
      });
    }
  }

  // 004 L7: last night's blackenings, handed to the Investigator a night late.
  forwardHeldBlackenings(ctx);

  const reserveKills = carriedShots(ctx, input, intake);
  // 004 L101: a Madman's fire burns, keeps or adds a killer side's shot.
  for (const faction of Object.keys(reserveKills))
    reserveKills[faction] = Math.max(0, (reserveKills[faction] ?? 0) + reserveDelta(ctx, faction));

  // 004: the public morning words of the Doctor, Blocker and Commissar (§3.2).
  announceMorning(ctx, ordered, executed);

  // The faction's next kill sender, told to its members, when tonight's sender died.
  const report = nightReport({ input, ordered, events, landings, name: ctx.name });
  if (rules.settings.newKillSenderTold === 'yes') for (const m of report.messages) events.push(m);
  // 000: dead players receive no PMs (only the public announcements); 004: a message a Maid replaced is not delivered (L45).
  // A player killed tonight receives his results where the rules say so (NAR: deliverResultsToKilled).
  const aliveAtDusk = new Set(input.players.filter((p) => p.alive).map((p) => p.slotId));
  const receives = (to: string): boolean =>
    ctx.player(to)?.alive !== false || (rules.settings.deliverResultsToKilled === 'yes' && aliveAtDusk.has(to));
  const delivered = events.filter((e) => e.type !== 'message' || (receives(e.to) && !visitHooks.withheld(ctx, e) && !replacedByNoInfo(e)));

  return {
    night: input.night,
    method: 'ordered',
    events: delivered,
    accepted: ordered.map((a) => a.action),
    refused: refused.sort((x, y) => compareActions(x.action, y.action)),
    ambiguities,
    reserveKills,
    conditions: ordered
      .filter((a) => a.action.conditions !== undefined)
      .map((a) => ({ actor: a.action.actor, text: a.action.conditions ?? '' })),
    ...narHooks.delayed(ctx),
    // A compulsive player who sent nothing is a line of the host's report, worded in his language.
    report: [...report.lines, ...narHooks.compulsiveNotes(input, rules, (id) => findRole(rules, id))],
  };
}
