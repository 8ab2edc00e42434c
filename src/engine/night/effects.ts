/**
 * What each effect kind does in the ordered resolver. A role combines these;
 * a genuinely new kind of effect is one more entry here, not a change to the
 * resolver's loop.
 */
import { checkHiding, sharedTarget } from './roles-004-checks';
import { sampleTest } from './roles-004-corpses';
import { blackOnBlackCapped } from './roles-004-extended';
import type { NightEffectKind } from './roles';
import type { EffectFn, NightContext, ResolvedAction } from './context';
import { avengeKill, cityFire, devour, soulHeal, suicideStrike } from './roles-004-lives';
import { applyPoison, mechanicStatus, mechanicStatusId } from './statuses';
import { fireShot, noteSavedShot } from './shots';
import type { NightReason } from './types';
import { nightResult } from './results';
import { say } from './say';
import { settingValue } from './settings-words';
import { appearsGuilty, blackEffects } from './roles-004-black';
import {
  falseBlack,
  learnPeacefulRole,
  noteStandard,
  noteVisitorWatch,
  tellChecker,
  trackedPlaces,
  trackedVictimColour,
} from './roles-004-forged';
import { engineMessage, word, type EngineMessage } from '../words';
import { visitEffects } from './roles-004-visits';
import { narEffects, slotBefore } from './nar-roles';
import { narMoreEffects } from './nar-more';

/** What an investigation's sanity means, for a reason that names it. */
function sanityWords(sanity: 'sane' | 'insane' | 'naive' | 'paranoid'): EngineMessage {
  switch (sanity) {
    case 'sane':
      return engineMessage('night/sanity-sane');
    case 'insane':
      return engineMessage('night/sanity-insane');
    case 'naive':
      return engineMessage('night/sanity-naive');
    case 'paranoid':
      return engineMessage('night/sanity-paranoid');
  }
}

/** Why an action that went through was not stopped: nothing reached its actor before its step. */
function stood(ctx: NightContext, action: ResolvedAction): NightReason {
  return say(
    `${action.actor.name}'s ${action.accepted.ability.id} stood: ${action.actor.name} was alive and nobody had blocked them before step "${action.accepted.ability.step}" (${ctx.rules.order.indexOf(action.accepted.ability.step) + 1} of ${ctx.rules.order.length})`,
    engineMessage(
      'night/action-stood',
      word.text(action.actor.name),
      word.ability(action.accepted.ability.id, action.accepted.role.id),
      word.number(ctx.rules.order.indexOf(action.accepted.ability.step) + 1),
      word.number(ctx.rules.order.length),
    ),
  );
}

function first(action: ResolvedAction): string | undefined {
  return action.targets[0];
}

/** A player's role ids, first role first. */
function rolesOf(ctx: NightContext, slotId: string): string[] {
  const p = ctx.player(slotId);
  if (p === undefined) return [];
  return p.secondRole === undefined ? [p.role] : [p.role, p.secondRole];
}

function addProtection(ctx: NightContext, target: string, protection: Parameters<NightContext['protections']['set']>[1][number]): void {
  const list = ctx.protections.get(target) ?? [];
  list.push(protection);
  ctx.protections.set(target, list);
}

function addBlock(ctx: NightContext, action: ResolvedAction, target: string): void {
  const ability = action.accepted.ability;
  const list = ctx.blocks.get(target) ?? [];
  list.push({
    by: action.actor.slotId,
    spares: ability.spares,
    reasons: [
      say(
        `${action.actor.name} (${action.accepted.role.name}) used ${ability.id} on ${ctx.name(target)}`,
        engineMessage(
          'night/used-on',
          word.text(action.actor.name),
          word.role(action.accepted.role.id),
          word.ability(ability.id),
          word.text(ctx.name(target)),
        ),
        action.reasons,
      ),
    ],
  });
  ctx.blocks.set(target, list);
  if (ability.tellsTarget !== undefined) {
    ctx.emit({
      type: 'message',
      to: target,
      result: nightResult(target, 'action-stopped', [], action.accepted.role.id),
      reasons: [
        say(
          `${action.actor.name} targeted ${ctx.name(target)}`,
          engineMessage('night/targeted', word.text(action.actor.name), word.text(ctx.name(target))),
        ),
      ],
    });
  }
}

const protect: EffectFn = (ctx, action) => {
  // 004's Doctor may heal two players at once (L4): every target is protected.
  for (const target of action.targets) protectOne(ctx, action, target);
};

function protectOne(ctx: NightContext, action: ResolvedAction, target: string): void {
  const ability = action.accepted.ability;
  addProtection(ctx, target, {
    by: action.actor.slotId,
    kind: 'protect',
    from: ability.protectsFrom,
    negativeOnly: false,
    reasons: [
      say(
        `${action.actor.name} (${action.accepted.role.name}) protected ${ctx.name(target)}`,
        engineMessage('night/protected', word.text(action.actor.name), word.role(action.accepted.role.id), word.text(ctx.name(target))),
        [...action.reasons, stood(ctx, action)],
      ),
    ],
  });
  const victim = ctx.player(target);
  if (ability.cures === true && victim !== undefined) {
    const poison = mechanicStatus(ctx.input, victim.statuses, 'poison');
    if (poison !== undefined && (poison.sinceNight ?? 0) < ctx.night) {
      victim.statuses = victim.statuses.filter((s) => s !== poison);
      ctx.cured.add(target);
      ctx.emit({
        type: 'status-cleared',
        player: target,
        status: poison.id,
        reasons: [
          say(
            `${action.actor.name} (${action.accepted.role.name}) visited ${victim.name} the night after the poisoning and cured it (000)`,
            engineMessage('night/cured', word.text(action.actor.name), word.role(action.accepted.role.id), word.text(victim.name)),
          ),
        ],
      });
    }
  }
}

const guard: EffectFn = (ctx, action) => {
  const target = first(action);
  if (target === undefined) return;
  addProtection(ctx, target, {
    by: action.actor.slotId,
    kind: 'guard',
    from: action.accepted.ability.protectsFrom,
    negativeOnly: false,
    reasons: [
      say(
        `${action.actor.name} (${action.accepted.role.name}) guarded ${ctx.name(target)}`,
        engineMessage('night/guarded', word.text(action.actor.name), word.role(action.accepted.role.id), word.text(ctx.name(target))),
        [...action.reasons, stood(ctx, action)],
      ),
    ],
  });
};

const block: EffectFn = (ctx, action) => {
  const target = first(action);
  if (target !== undefined) addBlock(ctx, action, target);
};

const jail: EffectFn = (ctx, action) => {
  const target = first(action);
  if (target === undefined) return;
  const negativeOnly = action.accepted.ability.spares === 'negative';
  addProtection(ctx, target, {
    by: action.actor.slotId,
    kind: 'jail',
    from: undefined,
    negativeOnly,
    reasons: [
      say(
        `${action.actor.name} (${action.accepted.role.name}) jailed ${ctx.name(target)}`,
        engineMessage('night/jailed', word.text(action.actor.name), word.role(action.accepted.role.id), word.text(ctx.name(target))),
        [...action.reasons, stood(ctx, action)],
      ),
    ],
  });
  addBlock(ctx, action, target);
};

/** A bus drive: `as-sent` keeps the order the swaps happened (the PMs' order), `slot-order` the drivers' slot order. */
const swap: EffectFn = (ctx, action) => {
  const [a, b] = action.targets;
  if (a === undefined || b === undefined) return;
  const by = action.actor.slotId;
  const at = ctx.rules.settings.competingChangers === 'slot-order' ? ctx.swaps.findIndex((s) => slotBefore(by, s.by)) : -1;
  if (at === -1) ctx.swaps.push({ a, b, by });
  else ctx.swaps.splice(at, 0, { a, b, by });
};

/** A redirect: under `as-sent` a later one replaces the earlier; under `slot-order` the redirector first in slot order stands. */
const redirect: EffectFn = (ctx, action) => {
  const [who, to] = action.targets;
  if (who === undefined || to === undefined) return;
  const by = action.actor.slotId;
  const before = ctx.redirects.get(who);
  if (before !== undefined && ctx.rules.settings.competingChangers === 'slot-order' && slotBefore(before.by, by)) return;
  ctx.redirects.set(who, { to, by });
};

const bumble: EffectFn = (ctx, action) => {
  const target = first(action);
  if (target !== undefined) ctx.bumbled.set(target, action.actor.slotId);
};

const kill: EffectFn = (ctx, action) => {
  const ability = action.accepted.ability;
  for (const target of action.targets) {
    const outcome = ctx.attack(
      target,
      [action.actor.slotId],
      'kill',
      [
        say(
          `${action.actor.name} (${action.accepted.role.name}) shot ${ctx.name(target)}`,
          engineMessage('night/shot', word.text(action.actor.name), word.role(action.accepted.role.id), word.text(ctx.name(target))),
          action.reasons,
        ),
      ],
      {
        unstoppable: ability.unstoppable === true,
        negative: ability.negative === true,
      },
    );
    if (outcome === 'killed') countColourKill(ctx, action, target);
  }
};

/** The colour a faction plays for at night: black (checked guilty), grey (the Faceless) or red. */
function colourOfFaction(ctx: NightContext, faction: string): 'black' | 'grey' | 'red' {
  if (ctx.rules.greyFactions?.includes(faction) === true) return 'grey';
  return ctx.rules.guiltyFactions.includes(faction) ? 'black' : 'red';
}

/** A kill of a player of another colour than the actor's counts on the ability's `killCounter` (004 L8, L87). */
function countColourKill(ctx: NightContext, action: ResolvedAction, target: string): void {
  const counter = action.accepted.ability.killCounter;
  const victim = ctx.player(target);
  if (counter === undefined || victim === undefined) return;
  const mine = colourOfFaction(ctx, action.actor.faction);
  if (mine === 'grey' || colourOfFaction(ctx, victim.faction) === mine) return;
  action.actor.spent[counter] = (action.actor.spent[counter] ?? 0) + 1;
  ctx.emit({
    type: 'protection-spent',
    player: action.actor.slotId,
    protection: counter,
    reasons: [
      say(
        `${action.actor.name} (${action.accepted.role.name}) killed ${victim.name}, of another colour: his gun is spent (004 L8, L87)`,
        engineMessage('night/gun-spent', word.text(action.actor.name), word.role(action.accepted.role.id), word.text(victim.name)),
        action.reasons,
      ),
    ],
  });
}

const factionKill: EffectFn = (ctx, action) => {
  const ability = action.accepted.ability;
  for (const target of action.targets) {
    if (blackOnBlackCapped(ctx, action, target)) continue; // 004 L131.5 (extended format)
    // L2, L3: who else dies of the shot decides whether it is given back.
    const outcome = fireShot(ctx, target, () =>
      ctx.attack(
        target,
        [action.actor.slotId],
        'faction-kill',
        [
          say(
            `the ${action.actor.faction} kill order sent by ${action.actor.name} named ${ctx.name(target)}`,
            engineMessage(
              'night/faction-order',
              word.faction(action.actor.faction),
              word.text(action.actor.name),
              word.text(ctx.name(target)),
            ),
            action.reasons,
          ),
        ],
        { unstoppable: ability.unstoppable === true, negative: true },
      ),
    );
    // 004 L55: a saved victim may bring the other group's insurance later in the night.
    if (outcome === 'saved') noteSavedShot(ctx, action.accepted);
    if (outcome === 'killed') {
      // The shot's side: an insurer from the other side fires the insured side's shot (004 L2, L3).
      const faction = action.accepted.faction;
      const list = ctx.factionVictims.get(faction) ?? [];
      list.push(target);
      ctx.factionVictims.set(faction, list);
    }
  }
};

/**
 * Why a check gives nothing tonight (004 L6): its target is dead by its turn ("выбрал убитого -
 * чек не проходит"), or has a status or was the target of a role that gives no information.
 */
function checkStopped(ctx: NightContext, action: ResolvedAction, t: NonNullable<ReturnType<NightContext['player']>>): boolean {
  const ability = action.accepted.ability;
  const who = word.text(action.actor.name);
  if (ability.failsOnDeadTarget === true && !t.alive) {
    ctx.outcomes.set(action.accepted, {
      kind: 'miss',
      reason: say(
        `${t.name} was dead by the check's turn: the check does not go through (004 L6)`,
        engineMessage('night/check-dead-target', who, word.text(t.name)),
        action.reasons,
      ),
    });
    return true;
  }
  const status = t.statuses.find((s) => ability.noInfoStatuses?.includes(s.id) === true);
  // L6 "анонимуса/террориста/гипнотизера/политика … информация не предоставляется" (L132: "любые цветные чеки не дадут по нему информацию").
  // L132: also a status ("тоже получает защиту - цветные чеки не дадут по нему информацию"), read in roles-004-checks.ts.
  const hiding = checkHiding(ctx, t);
  // L6 "такую же цель, как адвокат/инквизитор/телохранитель/доктор/блокер/культист(хил)": the preset's list (roles-004-checks.ts),
  // asked only when nothing before it settles the check (its setting is reported only when it decides).
  const shared = hiding === undefined && status === undefined ? sharedTarget(ctx, action, t) : undefined;
  if (hiding !== undefined)
    ctx.outcomes.set(action.accepted, {
      kind: 'no-info',
      reason:
        hiding.kind === 'role'
          ? say(
              `${t.name} holds a role colour checks cannot read: the check gives no information (004 L6)`,
              engineMessage('night/check-no-info-hidden', who, word.text(t.name), word.role(hiding.id)),
              action.reasons,
            )
          : say(
              `${t.name} is ${hiding.id}: the check gives no information (004 L132)`,
              engineMessage('night/check-no-info-status', who, word.text(t.name), word.status(hiding.id)),
              action.reasons,
            ),
    });
  else if (status !== undefined)
    ctx.outcomes.set(action.accepted, {
      kind: 'no-info',
      reason: say(
        `${t.name} is ${status.id}: the check gives no information (004 L6)`,
        engineMessage('night/check-no-info-status', who, word.text(t.name), word.status(status.id)),
        action.reasons,
      ),
    });
  else if (shared !== undefined)
    ctx.outcomes.set(action.accepted, {
      kind: 'no-info',
      reason: say(
        `${ctx.name(shared)} also acted on ${t.name}: the check gives no information (004 L6)`,
        engineMessage('night/check-no-info-shared', who, word.text(t.name), word.text(ctx.name(shared))),
        action.reasons,
      ),
    });
  else return false;
  return true;
}

const investigate: EffectFn = (ctx, action) => {
  const target = first(action);
  const t = target === undefined ? undefined : ctx.player(target);
  if (t === undefined) return;
  if (checkStopped(ctx, action, t)) return;
  // The forum Miller shows as scum to every check that reads the truth (his own sanity still applies to the checker).
  const miller = [ctx.role(t.role), ctx.role(t.secondRole)].some((r) => r?.passives?.includes('appears-guilty') === true);
  const guilty = miller || appearsGuilty(ctx, t);
  const sanity = action.accepted.ability.sanity ?? 'sane';
  const shown = sanity === 'sane' ? guilty : sanity === 'insane' ? !guilty : sanity === 'paranoid';
  // 004 L17: a checker who substitutes what the Investigator is handed is told the same (tellChecker).
  const forgedOnly = tellChecker(ctx, action, nightResult(action.actor.slotId, 'alignment-check', [t.slotId], shown), [
    say(
      `${action.actor.name} investigated ${t.name} (${sanity} result; true faction ${t.faction})`,
      engineMessage(
        'night/investigated',
        word.text(action.actor.name),
        word.text(t.name),
        word.message(sanityWords(sanity)),
        word.faction(t.faction),
      ),
      action.reasons,
    ),
  ]);
  // 004 L85: a black holder learns at once whether a black check was false (not when L17 keeps the truth from him).
  if (!forgedOnly) falseBlack(ctx, action, t, shown);
};

const learnRole: EffectFn = (ctx, action) => {
  const target = first(action);
  const t = target === undefined ? undefined : ctx.player(target);
  if (t === undefined) return;
  const setting = ctx.rules.settings.detectiveLearns;
  ctx.ambiguity({
    setting: 'detectiveLearns',
    value: setting,
    text: 'The Detective is in the night order (step 10) but its result is not described.',
    message: engineMessage('night/ambiguity-detective-learns', word.role(action.accepted.role.id), word.message(settingValue(setting))),
  });
  const to = action.actor.slotId;
  ctx.emit({
    type: 'message',
    to,
    result:
      setting === 'role'
        ? nightResult(to, 'roles-learnt', [t.slotId], rolesOf(ctx, t.slotId))
        : nightResult(to, 'faction-learnt', [t.slotId], t.faction),
    reasons: [
      say(
        `${action.actor.name} inquired about ${t.name}`,
        engineMessage('night/inquired', word.text(action.actor.name), word.text(t.name)),
        action.reasons,
      ),
    ],
  });
};

type Visit = NightContext['visits'][number];

// The night's visits by visitor and by place, extended with the visits made since it was last asked
// (visits only grow in a night), so trackers and watchers do not each read every visit.
const visitTables = new WeakMap<
  NightContext,
  { count: number; readonly byActor: Map<string, Visit[]>; readonly byTarget: Map<string, Visit[]> }
>();

function visitsOf(ctx: NightContext): {
  readonly byActor: ReadonlyMap<string, readonly Visit[]>;
  readonly byTarget: ReadonlyMap<string, readonly Visit[]>;
} {
  let table = visitTables.get(ctx);
  if (table === undefined) {
    table = { count: 0, byActor: new Map(), byTarget: new Map() };
    visitTables.set(ctx, table);
  }
  for (; table.count < ctx.visits.length; table.count++) {
    const v = ctx.visits[table.count];
    if (v === undefined) continue;
    for (const [map, key] of [
      [table.byActor, v.actor],
      [table.byTarget, v.target],
    ] as const) {
      const list = map.get(key);
      if (list === undefined) map.set(key, [v]);
      else list.push(v);
    }
  }
  return table;
}

const track: EffectFn = (ctx, action) => {
  const target = first(action);
  if (target === undefined) return;
  // 004 L7: the negative role's moves first; L86: a black holder sees both roles' (trackedPlaces).
  const { seen: went, standard } = trackedPlaces(ctx, action, target, visitsOf(ctx).byActor.get(target) ?? []);
  const result = nightResult(action.actor.slotId, 'target-visits', [target], went);
  if (standard !== went) noteStandard(ctx, result, nightResult(action.actor.slotId, 'target-visits', [target], standard));
  // 004 L17: a tracker who substitutes what the Investigator is handed is told the same (tellChecker).
  tellChecker(ctx, action, result, [
    say(
      `${action.actor.name} tracked ${ctx.name(target)}`,
      engineMessage('night/tracked', word.text(action.actor.name), word.text(ctx.name(target))),
      action.reasons,
    ),
  ]);
  // 004 L7: a tracked player killed tonight shows his colour; the tracker sees his own visitors' names.
  trackedVictimColour(ctx, action, target);
  noteVisitorWatch(ctx, action);
};

const watch: EffectFn = (ctx, action) => {
  const target = first(action);
  if (target === undefined) return;
  const came = [...new Set((visitsOf(ctx).byTarget.get(target) ?? []).filter((v) => v.actor !== action.actor.slotId).map((v) => v.actor))];
  ctx.emit({
    type: 'message',
    to: action.actor.slotId,
    result: nightResult(action.actor.slotId, 'visited-by', [target], came),
    reasons: [
      say(
        `${action.actor.name} watched ${ctx.name(target)}`,
        engineMessage('night/watched', word.text(action.actor.name), word.text(ctx.name(target))),
        action.reasons,
      ),
    ],
  });
};

const poison: EffectFn = (ctx, action) => {
  const target = first(action);
  const t = target === undefined ? undefined : ctx.player(target);
  if (t === undefined || !t.alive) return;
  const because = [
    say(
      `${action.actor.name} (${action.accepted.role.name}) poisoned ${t.name}`,
      engineMessage('night/poisoned', word.text(action.actor.name), word.role(action.accepted.role.id), word.text(t.name)),
      action.reasons,
    ),
  ];
  const immuneRole = [ctx.role(t.role), ctx.role(t.secondRole)].find((r) => r?.passives?.includes('poison-immune') === true);
  if (immuneRole !== undefined) {
    ctx.emit({
      type: 'survived',
      player: t.slotId,
      reasons: [
        say(
          `${t.name} was not poisoned: immune to poison (000 Butler)`,
          engineMessage('night/poison-immune', word.text(t.name), word.role(immuneRole.id)),
          because,
        ),
      ],
    });
    return;
  }
  const saved = ctx.shield(t.slotId, [action.actor.slotId], 'poison');
  if (saved !== undefined) {
    ctx.emit({
      type: 'survived',
      player: t.slotId,
      reasons: [say(`${t.name} was not poisoned`, engineMessage('night/not-poisoned', word.text(t.name)), [...because, saved])],
    });
    return;
  }
  applyPoison(
    ctx,
    t,
    action.actor.slotId,
    say(
      `${t.name} is poisoned and dies at the end of next night unless a Doctor visits then (000)`,
      engineMessage('night/poison-takes-hold', word.text(t.name)),
      because,
    ),
  );
};

const steal: EffectFn = (ctx, action) => {
  const target = first(action);
  const t = target === undefined ? undefined : ctx.player(target);
  const thief = action.actor;
  if (t === undefined) return;
  const targetRole = ctx.role(t.role);
  const base = say(
    `${thief.name} (Thief) tried to steal the role of ${t.name}`,
    engineMessage('night/steal-tried', word.text(thief.name), word.role(action.accepted.role.id), word.text(t.name)),
    action.reasons,
  );
  const becomeTownsperson = (why: string, message: EngineMessage): void => {
    const from = thief.role;
    thief.role = 'townsperson';
    ctx.emit({ type: 'role-changed', player: thief.slotId, slot: 'role', from, to: 'townsperson', reasons: [say(why, message, [base])] });
    ctx.emit({
      type: 'message',
      to: thief.slotId,
      result: nightResult(thief.slotId, 'steal-failed', [t.slotId], 'townsperson'),
      reasons: [say(why, message)],
    });
  };
  if (targetRole?.factionRole === true) {
    if (t.secondRole !== undefined) {
      const stolen = t.secondRole;
      const from = thief.role;
      thief.role = stolen;
      t.secondRole = undefined;
      ctx.emit({
        type: 'role-changed',
        player: thief.slotId,
        slot: 'role',
        from,
        to: stolen,
        reasons: [
          say(
            `the Thief takes the Mafia Member's second role, without joining the Mafia; its limits are reset (000)`,
            engineMessage('night/steal-second-role', word.text(thief.name), word.role(stolen), word.text(t.name)),
            [base],
          ),
        ],
      });
      ctx.emit({
        type: 'role-changed',
        player: t.slotId,
        slot: 'secondRole',
        from: stolen,
        to: null,
        reasons: [
          say(
            'a Mafia Member robbed by a Thief stays in the Mafia but loses the second role (000)',
            engineMessage('night/steal-second-role-lost', word.text(t.name), word.role(stolen)),
            [base],
          ),
        ],
      });
      ctx.emit({
        type: 'message',
        to: thief.slotId,
        result: nightResult(thief.slotId, 'role-stolen', [t.slotId], stolen),
        reasons: [base],
      });
      ctx.emit({ type: 'message', to: t.slotId, result: nightResult(t.slotId, 'second-role-lost', [], stolen), reasons: [base] });
      return;
    }
    const setting = ctx.rules.settings.thiefOnPlainMafiaMember;
    ctx.ambiguity({
      setting: 'thiefOnPlainMafiaMember',
      value: setting,
      text: 'The rules do not say what a Thief becomes when stealing from a Mafia Member with no second role.',
      message: engineMessage('night/ambiguity-thief-on-plain-member', word.role(t.role), word.message(settingValue(setting))),
    });
    if (setting === 'becomes-townsperson')
      becomeTownsperson(
        'a Mafia Member with no second role has nothing to steal; treated like a Townsperson (setting thiefOnPlainMafiaMember)',
        engineMessage('night/steal-nothing-to-take', word.text(t.name), word.text(thief.name), word.role('townsperson')),
      );
    else
      ctx.emit({ type: 'message', to: thief.slotId, result: nightResult(thief.slotId, 'steal-failed', [t.slotId], null), reasons: [base] });
    return;
  }
  if (targetRole === undefined || targetRole.plain === true) {
    becomeTownsperson(
      'stealing from a Townsperson fails and the Thief becomes a Townsperson (000)',
      engineMessage('night/steal-from-plain', word.text(t.name), word.text(thief.name), word.role('townsperson')),
    );
    return;
  }
  const stolen = t.role;
  const from = thief.role;
  thief.role = stolen;
  t.role = 'townsperson';
  ctx.emit({
    type: 'role-changed',
    player: thief.slotId,
    slot: 'role',
    from,
    to: stolen,
    reasons: [
      say(
        'the Thief takes the role for the rest of the game; its limits are reset (000)',
        engineMessage('night/steal-role', word.text(thief.name), word.role(stolen)),
        [base],
      ),
    ],
  });
  ctx.emit({
    type: 'role-changed',
    player: t.slotId,
    slot: 'role',
    from: stolen,
    to: 'townsperson',
    reasons: [
      say(
        'the robbed player reverts to a Townsperson (000)',
        engineMessage('night/steal-robbed', word.text(t.name), word.role('townsperson')),
        [base],
      ),
    ],
  });
  ctx.emit({ type: 'message', to: thief.slotId, result: nightResult(thief.slotId, 'role-stolen', [t.slotId], stolen), reasons: [base] });
  ctx.emit({ type: 'message', to: t.slotId, result: nightResult(t.slotId, 'role-lost', [], 'townsperson'), reasons: [base] });
};

const love: EffectFn = (ctx, action) => {
  const [a, b] = action.targets;
  if (a === undefined || b === undefined) return;
  const because = [
    say(
      `${action.actor.name} (${action.accepted.role.name}) matched ${ctx.name(a)} and ${ctx.name(b)}`,
      engineMessage(
        'night/matched',
        word.text(action.actor.name),
        word.role(action.accepted.role.id),
        word.text(ctx.name(a)),
        word.text(ctx.name(b)),
      ),
      action.reasons,
    ),
  ];
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const p = ctx.player(x);
    if (p === undefined) continue;
    const status = { id: mechanicStatusId(ctx.input, 'love'), sinceNight: ctx.night, with: y };
    p.statuses = [...p.statuses, status];
    ctx.emit({ type: 'status-applied', player: x, status, reasons: because });
    ctx.emit({ type: 'message', to: x, result: nightResult(x, 'in-love', [y], null), reasons: because });
  }
};

const inform: EffectFn = (ctx, action) => {
  const [reader, subject] = action.targets;
  if (reader === undefined || subject === undefined) return;
  ctx.emit({
    type: 'message',
    to: reader,
    result: nightResult(reader, 'newspaper', [subject], rolesOf(ctx, subject)),
    reasons: [
      say(
        `${action.actor.name} (${action.accepted.role.name}) delivered news of ${ctx.name(subject)} to ${ctx.name(reader)}`,
        engineMessage(
          'night/news',
          word.text(action.actor.name),
          word.role(action.accepted.role.id),
          word.text(ctx.name(subject)),
          word.text(ctx.name(reader)),
        ),
        action.reasons,
      ),
    ],
  });
};

const drunkKill: EffectFn = (ctx, action) => {
  const family = first(action);
  if (family === undefined) return;
  const members = ctx.players.filter((p) => p.alive && p.family === family).sort((x, y) => (x.slotId < y.slotId ? -1 : 1));
  const because = say(
    `${action.actor.name} (${action.accepted.role.name}) attacked the ${family} family`,
    engineMessage('night/family-attacked', word.text(action.actor.name), word.role(action.accepted.role.id), word.text(family)),
    action.reasons,
  );
  const victim = members.length === 0 ? undefined : members[ctx.rng.int(members.length)];
  if (victim === undefined) {
    ctx.emit({
      type: 'message',
      to: action.actor.slotId,
      result: nightResult(action.actor.slotId, 'family-empty', [], family),
      reasons: [because],
    });
    return;
  }
  ctx.attack(victim.slotId, [action.actor.slotId], 'drunk', [
    say(
      `the random draw among ${members.length} living members picked ${victim.name}`,
      engineMessage('night/random-draw', word.number(members.length), word.text(victim.name)),
      [because],
    ),
  ]);
};

/** The insurance order is used only when the insured shot is stopped (see the resolver). */
const insure: EffectFn = () => undefined;

/** Day abilities never reach a night resolver (intake refuses them). */
const dayOnly: EffectFn = () => undefined;

/** Every effect kind's ordered behaviour. */
export const orderedEffects: Readonly<Record<NightEffectKind, EffectFn>> = {
  kill,
  'faction-kill': factionKill,
  insure,
  protect,
  guard,
  block,
  jail,
  swap,
  redirect,
  bumble,
  investigate,
  'learn-role': learnRole,
  'learn-peaceful-role': learnPeacefulRole,
  track,
  watch,
  poison,
  steal,
  love,
  inform,
  'drunk-kill': drunkKill,
  ...visitEffects,
  'city-fire': cityFire,
  'suicide-strike': suicideStrike,
  'avenge-kill': avengeKill,
  'soul-heal': soulHeal,
  devour,
  day: dayOnly,
  // 004 L27: the Pimp's orders rewrite his slave's moves before the night resolves (roles-004-slaves.ts).
  command: dayOnly,
  'sample-test': sampleTest,
  ...blackEffects,
  ...narEffects,
  ...narMoreEffects,
};
