/**
 * Checks the night parts of a host's ruleset: the `night` section, and each
 * role's and ability's night part. A night part that names an effect the
 * ruleset's resolver does not know, a step that is not in the night order, or
 * a malformed field is reported with the field's path and the role's id, so
 * `gavel rulesets --check` refuses it before any night is resolved with it.
 */
import { orderedEffects } from '../night/effects';
import { nightModifiers, unknownModifiers } from '../night/nar-modifiers';
import { reasonableEffects } from '../night/reasonable';
import type { NightEffectKind, NightPassiveKind } from '../night/roles';
import { nightSettingValues, nightTells, type NightSettings } from '../night/rules';
import type { NightDeathCause } from '../night/types';
import { findRuleset } from './registry';

/** Records one problem: the path of the field, and what is wrong with it. */
export type NightFail = (path: string, message: string) => void;

type Fields = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

const quoted = (values: readonly string[]): string => values.map((v) => `"${v}"`).join(', ');

// Every passive the resolvers know (a record, so the compiler notices a new kind missing here).
const passives: Readonly<Record<NightPassiveKind, true>> = {
  vest: true,
  pgo: true,
  revenge: true,
  'mafia-shield': true,
  'poison-immune': true,
  'self-guard': true,
  witness: true,
  'inherit-role': true,
  'receive-checks': true,
  'hidden-from-checks': true,
  'appears-innocent': true,
  'appears-guilty': true,
  'innocent-until-kill': true,
  'spare-life': true,
  'lingering-dead': true,
  'sees-visitor-roles': true,
  'sees-visitor-names': true,
  'takes-attacker': true,
  'uses-absent-roles': true,
  'uses-kin-moves': true,
  macho: true,
  'recruit-immune': true,
};

const deathCauses: Readonly<Record<NightDeathCause, true>> = {
  kill: true,
  'faction-kill': true,
  poison: true,
  revenge: true,
  drunk: true,
  pgo: true,
};

/** The effects a resolver method knows (a day ability is not a night effect). */
export function effectsKnownTo(method: 'ordered' | 'reasonable'): readonly NightEffectKind[] {
  const all = method === 'ordered' ? (Object.keys(orderedEffects) as NightEffectKind[]) : reasonableEffects;
  return all.filter((e) => e !== 'day');
}

/** The lists of ids a night's `borrowing` section may hold (004 L27, L40–L42, L47). */
const borrowingLists = [
  'notAtOwner',
  'singleTarget',
  'undeadRoles',
  'copyMoves',
  'copyHidesKillers',
  'copySparesKillers',
  'copyLacks',
  'copyNotAtSelf',
  'copyCripples',
  'curseMoves',
  'corpseSwapMoves',
  'collectMoves',
  'activateMoves',
  'deactivateMoves',
  'enslaveMoves',
  'punishMoves',
  'ordersSpare',
  'masterColourRoles',
  'cancelOnly',
  'examineMoves',
  'kinRoles',
  'noteMoves',
  'waiveMoves',
  'dayOrderMoves',
  'dayCancelOnly',
  'masterBlocks',
];

class NightChecker {
  constructor(private readonly failWith: NightFail) {}
  fail(path: string, message: string): void {
    this.failWith(path, message);
  }
  string(o: Fields, key: string, path: string, optional = false): string | undefined {
    const v = o[key];
    if (v === undefined && optional) return undefined;
    if (typeof v === 'string' && v.length > 0) return v;
    this.fail(`${path}.${key}`, 'must be a non-empty string');
    return undefined;
  }
  boolean(o: Fields, key: string, path: string, optional = false): void {
    const v = o[key];
    if (v === undefined && optional) return;
    if (typeof v !== 'boolean') this.fail(`${path}.${key}`, 'must be true or false');
  }
  number(o: Fields, key: string, path: string, min: number, optional = false): void {
    const v = o[key];
    if (v === undefined && optional) return;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) this.fail(`${path}.${key}`, `must be a whole number ≥ ${min}`);
  }
  oneOf(o: Fields, key: string, path: string, allowed: readonly string[], optional = false): string | undefined {
    const v = o[key];
    if (v === undefined && optional) return undefined;
    if (typeof v === 'string' && allowed.includes(v)) return v;
    this.fail(`${path}.${key}`, `must be one of ${quoted(allowed)}`);
    return undefined;
  }
  strings(o: Fields, key: string, path: string, known?: ReadonlySet<string>, what = ''): string[] {
    const v = o[key];
    if (!Array.isArray(v)) {
      this.fail(`${path}.${key}`, 'must be a list of strings');
      return [];
    }
    const out: string[] = [];
    v.forEach((item: unknown, i) => {
      if (typeof item !== 'string') this.fail(`${path}.${key}[${i}]`, 'must be a string');
      else if (known !== undefined && !known.has(item)) this.fail(`${path}.${key}[${i}]`, `no ${what} "${item}" in this ruleset`);
      else out.push(item);
    });
    return out;
  }
  onlyKeys(o: Fields, path: string, allowed: readonly string[]): void {
    for (const key of Object.keys(o))
      if (!allowed.includes(key)) this.fail(`${path}.${key}`, `is not a field here (fields: ${allowed.join(', ')})`);
  }
}

const sectionKeys = [
  'method',
  'order',
  'killerNights',
  'killerOrder',
  'factionKills',
  'factionOrders',
  'guiltyFactions',
  'verdicts',
  'oneActionPerNight',
  'killRotation',
  'assumedSteps',
  'settings',
  'tells',
  'attackSkipsLaterMoves',
  'shotKeptOn',
  'greyFactions',
  'greyWorksAsBlack',
  'takeOverReserve',
  'borrowing',
  'poisonKillsAt',
  'noNewShotAfter',
  'pairedGroups',
  'pairStatus',
  'blackFormat',
];

/** Checks the `night` section; returns what the roles' night parts are checked against. */
function checkSection(c: NightChecker, night: Fields, factions: ReadonlySet<string>): { method?: string; order?: ReadonlySet<string> } {
  const p = 'night';
  c.onlyKeys(night, p, sectionKeys);
  const method = c.oneOf(night, 'method', p, ['ordered', 'reasonable']);
  const order = c.strings(night, 'order', p);
  const factionKeyed = (key: string, check: (value: unknown, path: string) => void): void => {
    const o = night[key];
    if (!isObject(o)) return c.fail(`${p}.${key}`, 'must be an object keyed by faction id');
    for (const [faction, value] of Object.entries(o)) {
      if (!factions.has(faction)) c.fail(`${p}.${key}.${faction}`, `no faction "${faction}" in factions`);
      check(value, `${p}.${key}.${faction}`);
    }
  };
  factionKeyed('factionKills', (value, path) => {
    if (!isObject(value)) return c.fail(path, 'must be an object');
    const kind = c.oneOf(value, 'kind', path, ['living-over', 'fixed']);
    if (kind === 'living-over') {
      c.onlyKeys(value, path, ['kind', 'divisor']);
      c.number(value, 'divisor', path, 1);
    } else if (kind === 'fixed') {
      c.onlyKeys(value, path, ['kind', 'count', 'reserve', 'maxPerMember', 'insuredByDefault', 'insureOtherSideFrom', 'namedInsurerFrom']);
      c.boolean(value, 'insuredByDefault', path, true);
      c.number(value, 'insureOtherSideFrom', path, 1, true);
      c.number(value, 'namedInsurerFrom', path, 1, true);
      c.number(value, 'count', path, 0);
      c.boolean(value, 'reserve', path, true);
      c.number(value, 'maxPerMember', path, 1, true);
    }
  });
  if (night['killerNights'] !== undefined)
    factionKeyed('killerNights', (value, path) => {
      if (value !== 'odd' && value !== 'even') c.fail(path, 'must be "odd" or "even"');
    });
  if (night['killerOrder'] !== undefined) {
    const o = night['killerOrder'];
    if (!isObject(o)) c.fail(`${p}.killerOrder`, 'must be an object { "odd": [...], "even": [...] }');
    else for (const parity of ['odd', 'even']) c.strings(o, parity, `${p}.killerOrder`, factions, 'faction');
  }
  c.oneOf(night, 'factionOrders', p, ['single', 'per-member']);
  c.strings(night, 'guiltyFactions', p, factions, 'faction');
  const verdicts = night['verdicts'];
  if (!isObject(verdicts)) c.fail(`${p}.verdicts`, 'must be an object { "guilty", "innocent" }');
  else for (const key of ['guilty', 'innocent']) c.string(verdicts, key, `${p}.verdicts`);
  c.boolean(night, 'oneActionPerNight', p);
  c.boolean(night, 'killRotation', p, true);
  c.boolean(night, 'attackSkipsLaterMoves', p, true);
  c.boolean(night, 'takeOverReserve', p, true);
  c.string(night, 'poisonKillsAt', p, true);
  const borrowing = night['borrowing'];
  if (borrowing !== undefined) {
    if (!isObject(borrowing)) c.fail(`${p}.borrowing`, `must be an object { ${quoted(borrowingLists)} … }`);
    else {
      const counts = ['perGame', 'curseCount', 'sampleComparisons', 'guiltySamples'];
      c.onlyKeys(borrowing, `${p}.borrowing`, [
        ...borrowingLists,
        ...counts,
        'copyWeightFactor',
        'copyActsAs',
        'sampleMoves',
        'collectNames',
        'punishStatus',
        'slaveLimit',
        'singleSample',
        'examineAnyBodyWhenGuilty',
        'guiltyExaminationAtOnce',
      ]);
      c.boolean(borrowing, 'examineAnyBodyWhenGuilty', `${p}.borrowing`, true);
      c.boolean(borrowing, 'guiltyExaminationAtOnce', `${p}.borrowing`, true);
      for (const key of borrowingLists) if (borrowing[key] !== undefined) c.strings(borrowing, key, `${p}.borrowing`);
      for (const key of counts) c.number(borrowing, key, `${p}.borrowing`, 0, true);
      c.string(borrowing, 'punishStatus', `${p}.borrowing`, true);
      const factors = borrowing['copyWeightFactor'];
      if (factors !== undefined && (!isObject(factors) || Object.values(factors).some((v) => typeof v !== 'number' || !(v >= 0))))
        c.fail(`${p}.borrowing.copyWeightFactor`, 'must be an object of role ids and factors ≥ 0');
      const actsAs = borrowing['copyActsAs'];
      if (actsAs !== undefined && (!isObject(actsAs) || Object.values(actsAs).some((v) => typeof v !== 'string' || v.length === 0)))
        c.fail(`${p}.borrowing.copyActsAs`, 'must be an object of ability ids and the ability ids they act as');
      const names = borrowing['collectNames'];
      if (names !== undefined && (!Array.isArray(names) || names.some((v) => typeof v !== 'number' || !Number.isInteger(v) || v < 0)))
        c.fail(`${p}.borrowing.collectNames`, 'must be a list of whole numbers ≥ 0');
      const single = borrowing['singleSample'];
      if (isObject(single) && single['parallel'] !== undefined && single['parallel'] !== 'none' && single['parallel'] !== 'other-bodies')
        c.fail(`${p}.borrowing.singleSample.parallel`, 'must be "none" or "other-bodies"');
      const samples = borrowing['sampleMoves'];
      if (samples !== undefined) {
        if (!isObject(samples)) c.fail(`${p}.borrowing.sampleMoves`, 'must be an object { "day", "night" }');
        else {
          c.onlyKeys(samples, `${p}.borrowing.sampleMoves`, ['day', 'night']);
          c.string(samples, 'day', `${p}.borrowing.sampleMoves`);
          c.string(samples, 'night', `${p}.borrowing.sampleMoves`);
        }
      }
      const limit = borrowing['slaveLimit'];
      if (limit !== undefined) {
        if (!isObject(limit)) c.fail(`${p}.borrowing.slaveLimit`, 'must be an object { "start", "every" }');
        else {
          c.onlyKeys(limit, `${p}.borrowing.slaveLimit`, ['start', 'every']);
          c.number(limit, 'start', `${p}.borrowing.slaveLimit`, 0);
          c.number(limit, 'every', `${p}.borrowing.slaveLimit`, 1);
        }
      }
    }
  }
  if (night['shotKeptOn'] !== undefined) c.strings(night, 'shotKeptOn', p, factions, 'faction');
  if (night['greyFactions'] !== undefined) c.strings(night, 'greyFactions', p, factions, 'faction');
  if (night['greyWorksAsBlack'] !== undefined) c.strings(night, 'greyWorksAsBlack', p);
  if (night['pairedGroups'] !== undefined) c.strings(night, 'pairedGroups', p, factions, 'faction');
  c.string(night, 'pairStatus', p, true);
  // 004 extended format (L131.4, L131.5, L55).
  const format = night['blackFormat'];
  if (format !== undefined) {
    if (!isObject(format)) c.fail(`${p}.blackFormat`, 'must be an object { "commonNights", "blackOnBlackCap", "nightsKeptWhileAlive" }');
    else {
      c.onlyKeys(format, `${p}.blackFormat`, [
        'commonNights',
        'blackOnBlackCap',
        'nightsKeptWhileAlive',
        'checksToPartners',
        'killerSuccession',
      ]);
      c.number(format, 'commonNights', `${p}.blackFormat`, 0, true);
      c.boolean(format, 'nightsKeptWhileAlive', `${p}.blackFormat`, true);
      c.boolean(format, 'checksToPartners', `${p}.blackFormat`, true);
      // L131.3: the werewolves' succession to the gun.
      const succession = format['killerSuccession'];
      if (succession !== undefined) {
        if (!isObject(succession)) c.fail(`${p}.blackFormat.killerSuccession`, 'must be an object { "order", "spentFirst" }');
        else {
          c.onlyKeys(succession, `${p}.blackFormat.killerSuccession`, ['order', 'spentFirst']);
          c.strings(succession, 'order', `${p}.blackFormat.killerSuccession`);
          c.string(succession, 'spentFirst', `${p}.blackFormat.killerSuccession`, true);
        }
      }
      const cap = format['blackOnBlackCap'];
      if (cap !== undefined) {
        if (!isObject(cap)) c.fail(`${p}.blackFormat.blackOnBlackCap`, 'must be an object { "nights", "deaths" }');
        else {
          c.onlyKeys(cap, `${p}.blackFormat.blackOnBlackCap`, ['nights', 'deaths']);
          c.number(cap, 'nights', `${p}.blackFormat.blackOnBlackCap`, 0);
          c.number(cap, 'deaths', `${p}.blackFormat.blackOnBlackCap`, 0);
        }
      }
    }
  }
  const withheld = night['noNewShotAfter'];
  if (withheld !== undefined) {
    if (!isObject(withheld)) c.fail(`${p}.noNewShotAfter`, 'must be an object { "ballot", "guilty" }');
    else {
      c.onlyKeys(withheld, `${p}.noNewShotAfter`, ['ballot', 'guilty']);
      c.string(withheld, 'ballot', `${p}.noNewShotAfter`);
      c.number(withheld, 'guilty', `${p}.noNewShotAfter`, 1);
    }
  }
  if (night['tells'] !== undefined)
    for (const tell of c.strings(night, 'tells', p))
      if (!(nightTells as readonly string[]).includes(tell)) c.fail(`${p}.tells`, `"${tell}" is not one of ${quoted(nightTells)}`);
  const assumed = night['assumedSteps'];
  if (assumed !== undefined) {
    if (!isObject(assumed)) c.fail(`${p}.assumedSteps`, 'must be an object of step names and texts');
    else for (const step of Object.keys(assumed)) c.string(assumed, step, `${p}.assumedSteps`);
  }
  const settings = night['settings'];
  if (settings !== undefined) {
    if (!isObject(settings)) c.fail(`${p}.settings`, 'must be an object');
    else
      for (const [key, value] of Object.entries(settings)) {
        const problem = nightSettingProblem(key, value);
        if (problem !== undefined) c.fail(`${p}.settings.${key}`, problem);
      }
  }
  return { ...(method === undefined ? {} : { method }), order: new Set(order) };
}

const actionKeys = [
  'effect',
  'step',
  'maxTargets',
  'targetKind',
  'selfOnly',
  'mayBeEmpty',
  'protectsFrom',
  'cures',
  'sanity',
  'unstoppable',
  'unblockable',
  'spares',
  'tellsTarget',
  'onlyWhenNoLiving',
  'onNightsOf',
  'alternativeTo',
  'publicResult',
  'negative',
  'failsOnDeadTarget',
  'noInfoWhenTargetOf',
  'noInfoStatuses',
  'roleLostStatuses',
  'notTwiceInARow',
  'noSelfAmongSeveral',
  'reachesClients',
  'guardsClient',
  'status',
  'redStatus',
  'blockReadsAsMiss',
  'fromNight',
  'moreTargetsWhen',
  'needsDeadPartner',
  'needsSpent',
  'notForFactions',
  'maxMarked',
  'substitutes',
  'skipsVisitors',
  'secondDayStatus',
  'killStatus',
  'killCounter',
  'insures',
  'unseen',
  'targetsFaction',
  'compulsive',
  'standInSurvives',
  'standInKillsAttacker',
  'falseBlackToldTo',
  'forwardForgedBy',
  'negativeRoleFirst',
  'bothRolesFor',
  'tellsKilledColour',
  'seesVisitorNames',
  'skippedWhenUsing',
  'noInfoWhenStoppedBy',
  'blackeningHiddenBy',
  'blackeningForwardStatus',
];

interface RoleContext {
  readonly method: string | undefined;
  readonly order: ReadonlySet<string> | undefined;
  readonly roleIds: ReadonlySet<string>;
}

/** Checks one ability's night part; `c` names the role in every message. */
function checkAbilityNight(c: NightChecker, ability: Fields, path: string, ctx: RoleContext): void {
  const p = `${path}.night`;
  const part = ability['night'];
  if (!isObject(part)) return c.fail(p, 'must be an object');
  if (ctx.method === undefined && ctx.order === undefined) return c.fail(p, 'the ruleset has no "night" section to resolve it');
  const timing = ability['timing'];
  if (timing === 'day') return c.fail(p, 'a day ability has no night part');
  if (timing === 'passive') {
    c.onlyKeys(part, p, ['passive', 'afterSpareLife']);
    c.boolean(part, 'afterSpareLife', p, true);
    const kinds = Object.keys(passives);
    if (typeof part['passive'] !== 'string' || !kinds.includes(part['passive']))
      c.fail(`${p}.passive`, `must be a passive the resolvers know: ${quoted(kinds)}`);
    return;
  }
  if ('passive' in part) return c.fail(`${p}.passive`, 'only a passive ability (timing "passive") has a passive night part');
  c.onlyKeys(part, p, actionKeys);
  const effect = part['effect'];
  const method = ctx.method === 'reasonable' ? 'reasonable' : 'ordered';
  const known = effectsKnownTo(method);
  if (typeof effect !== 'string' || !(known as readonly string[]).includes(effect)) {
    const what = typeof effect === 'string' ? `"${effect}" is not an effect` : 'must name an effect';
    c.fail(`${p}.effect`, `${what} the ${method} resolver knows (effects: ${known.join(', ')})`);
  }
  const step = part['step'];
  if (typeof step !== 'string' || step.length === 0) c.fail(`${p}.step`, 'must be a non-empty string (a step of night.order)');
  else if (method === 'ordered' && ctx.order !== undefined && !ctx.order.has(step))
    c.fail(`${p}.step`, `"${step}" is not a step of night.order (${[...ctx.order].join(', ')})`);
  const least = typeof ability['targets'] === 'number' ? ability['targets'] : 1;
  c.number(part, 'maxTargets', p, least, true);
  c.oneOf(part, 'targetKind', p, ['player', 'family', 'role'], true);
  c.oneOf(part, 'sanity', p, ['sane', 'insane', 'naive', 'paranoid'], true);
  c.oneOf(part, 'spares', p, ['faction-kill', 'negative'], true);
  for (const flag of [
    'selfOnly',
    'mayBeEmpty',
    'cures',
    'unstoppable',
    'unblockable',
    'negative',
    'failsOnDeadTarget',
    'noSelfAmongSeveral',
    'reachesClients',
    'guardsClient',
    'blockReadsAsMiss',
    'skipsVisitors',
    'unseen',
    'compulsive',
    'standInSurvives',
    'standInKillsAttacker',
    'negativeRoleFirst',
    'tellsKilledColour',
    'seesVisitorNames',
  ])
    c.boolean(part, flag, p, true);
  // 004 L85, L86, L77: the holders' colours (a black or the Faceless) these information variants are for.
  for (const key of ['falseBlackToldTo', 'forwardForgedBy', 'bothRolesFor'])
    if (part[key] !== undefined)
      c.strings(part, key, p).forEach((colour, i) => {
        if (colour !== 'black' && colour !== 'grey') c.fail(`${p}.${key}[${i}]`, 'must be "black" or "grey"');
      });
  // Each entry a role id, or "role/ability" for one of its moves (004 L6: the Cultist's heal).
  if (part['noInfoWhenTargetOf'] !== undefined)
    c.strings(part, 'noInfoWhenTargetOf', p).forEach((entry, i) => {
      const roleId = entry.split('/')[0] ?? '';
      if (!ctx.roleIds.has(roleId)) c.fail(`${p}.noInfoWhenTargetOf[${i}]`, `no role "${roleId}" in this ruleset`);
    });
  if (part['noInfoStatuses'] !== undefined) c.strings(part, 'noInfoStatuses', p);
  // 004 L7: the effects whose stop, or whose colour check, the Detective's track answers for; the status of the delay.
  for (const key of ['noInfoWhenStoppedBy', 'blackeningHiddenBy'])
    if (part[key] !== undefined)
      c.strings(part, key, p).forEach((effect, i) => {
        if (!(known as readonly string[]).includes(effect))
          c.fail(`${p}.${key}[${i}]`, `"${effect}" is not an effect the ${method} resolver knows`);
      });
  if (part['blackeningForwardStatus'] !== undefined && typeof part['blackeningForwardStatus'] !== 'string')
    c.fail(`${p}.blackeningForwardStatus`, 'must be a status id');
  if (part['roleLostStatuses'] !== undefined) c.strings(part, 'roleLostStatuses', p);
  if (part['notTwiceInARow'] !== undefined)
    for (const limit of c.strings(part, 'notTwiceInARow', p))
      if (limit !== 'self' && limit !== 'several-targets' && limit !== 'use')
        c.fail(`${p}.notTwiceInARow`, 'may list only "self", "several-targets" and "use"');
  if (part['notForFactions'] !== undefined) c.strings(part, 'notForFactions', p);
  c.number(part, 'maxMarked', p, 1, true);
  c.oneOf(part, 'substitutes', p, ['replace', 'add'], true);
  c.oneOf(part, 'targetsFaction', p, ['own', 'other'], true);
  c.number(part, 'fromNight', p, 1, true);
  // 004 extended (L52, L53): a second target only on some nights or under a status.
  const more = part['moreTargetsWhen'];
  if (more !== undefined) {
    if (!isObject(more)) c.fail(`${p}.moreTargetsWhen`, 'must be an object { "untilNight", "status", "grantedBy" }');
    else {
      c.onlyKeys(more, `${p}.moreTargetsWhen`, ['untilNight', 'status', 'grantedBy']);
      c.number(more, 'untilNight', `${p}.moreTargetsWhen`, 1, true);
      c.string(more, 'status', `${p}.moreTargetsWhen`, true);
      if (more['grantedBy'] !== undefined)
        c.strings(more, 'grantedBy', `${p}.moreTargetsWhen`, new Set(['move-failed', 'non-red-poison-death']), 'grant');
    }
  }
  const partner = part['needsDeadPartner'];
  if (partner !== undefined) {
    if (!isObject(partner)) c.fail(`${p}.needsDeadPartner`, 'must be an object { "partner", "done" }');
    else {
      c.onlyKeys(partner, `${p}.needsDeadPartner`, ['partner', 'done']);
      c.oneOf(partner, 'partner', `${p}.needsDeadPartner`, ['favourite']);
      c.oneOf(partner, 'done', `${p}.needsDeadPartner`, ['avenged']);
    }
  }
  const counters = part['needsSpent'];
  if (counters !== undefined) {
    if (!isObject(counters)) c.fail(`${p}.needsSpent`, 'must be an object { "atLeast", "below" }');
    else {
      c.onlyKeys(counters, `${p}.needsSpent`, ['atLeast', 'below']);
      for (const key of ['atLeast', 'below']) {
        const table = counters[key];
        if (table === undefined) continue;
        if (!isObject(table)) c.fail(`${p}.needsSpent.${key}`, 'must be an object of counter names and whole numbers');
        else for (const name of Object.keys(table)) c.number(table, name, `${p}.needsSpent.${key}`, 0);
      }
    }
  }
  for (const flag of ['selfOnly', 'cures', 'unstoppable', 'unblockable', 'negative']) c.boolean(part, flag, p, true);
  c.string(part, 'tellsTarget', p, true);
  c.string(part, 'status', p, true);
  c.string(part, 'redStatus', p, true);
  c.string(part, 'secondDayStatus', p, true);
  c.string(part, 'killStatus', p, true);
  c.string(part, 'killCounter', p, true);
  if (part['protectsFrom'] !== undefined) c.strings(part, 'protectsFrom', p, new Set(Object.keys(deathCauses)), 'cause of death');
  if (part['onlyWhenNoLiving'] !== undefined) c.strings(part, 'onlyWhenNoLiving', p, ctx.roleIds, 'role');
  c.string(part, 'onNightsOf', p, true);
  if (part['alternativeTo'] !== undefined) c.strings(part, 'alternativeTo', p);
  // Each entry an ability id, or "role/ability" for one role's move (004 L107: "investigator/investigate").
  if (part['skippedWhenUsing'] !== undefined)
    c.strings(part, 'skippedWhenUsing', p).forEach((entry, i) => {
      const cut = entry.indexOf('/');
      if (cut >= 0 && !ctx.roleIds.has(entry.slice(0, cut)))
        c.fail(`${p}.skippedWhenUsing[${i}]`, `no role "${entry.slice(0, cut)}" in this ruleset`);
    });
  const insures = part['insures'];
  if (insures !== undefined) {
    if (!Array.isArray(insures)) c.fail(`${p}.insures`, 'must be a list of { "faction", … }');
    else
      insures.forEach((entry: unknown, i: number) => {
        const at = `${p}.insures[${i}]`;
        if (!isObject(entry))
          return c.fail(at, 'must be an object { "faction", "whenLivingAtMost"?, "outranks"?, "asPartner"?, "offNight"? }');
        c.onlyKeys(entry, at, ['faction', 'whenLivingAtMost', 'outranks', 'asPartner', 'offNight']);
        c.string(entry, 'faction', at);
        c.number(entry, 'whenLivingAtMost', at, 0, true);
        for (const flag of ['outranks', 'asPartner', 'offNight']) c.boolean(entry, flag, at, true);
      });
  }
  const result = part['publicResult'];
  if (result !== undefined) {
    if (!isObject(result)) c.fail(`${p}.publicResult`, 'must be an object { "role", "hit", "miss" }');
    else {
      c.onlyKeys(result, `${p}.publicResult`, ['role', 'hit', 'miss']);
      for (const key of ['role', 'hit', 'miss']) c.string(result, key, `${p}.publicResult`);
    }
  }
}

/**
 * Checks the night parts of a ruleset (after `extends` is merged): the `night`
 * section, each role's `night` (`plain`, `factionRole`) and each ability's
 * `night`, and the legacy `references.nightRules`. Shapes the general checks
 * already report (a role that is not an object…) are skipped here.
 */
export function validateNight(ruleset: Fields, fail: NightFail): void {
  const c = new NightChecker(fail);
  const factions = new Set<string>();
  const factionList = ruleset['factions'];
  if (Array.isArray(factionList))
    for (const f of factionList as unknown[]) if (isObject(f) && typeof f['id'] === 'string') factions.add(f['id']);
  const roles = Array.isArray(ruleset['roles']) ? (ruleset['roles'] as unknown[]) : [];
  const roleIds = new Set(roles.flatMap((r) => (isObject(r) && typeof r['id'] === 'string' ? [r['id']] : [])));

  let section: { method?: string; order?: ReadonlySet<string> } = {};
  const night = ruleset['night'];
  if (night !== undefined) {
    if (isObject(night)) section = checkSection(c, night, factions);
    else c.fail('night', 'must be an object (the night rules: method, order, factionKills…)');
  }
  const ctx: RoleContext = { method: section.method, order: section.order, roleIds };

  roles.forEach((r, i) => {
    if (!isObject(r)) return;
    const path = `roles[${i}]`;
    const roleId = typeof r['id'] === 'string' ? r['id'] : `#${i}`;
    const rc = new NightChecker((at, message) => fail(at, `role "${roleId}": ${message}`));
    const roleNight = r['night'];
    if (roleNight !== undefined) {
      if (!isObject(roleNight)) rc.fail(`${path}.night`, 'must be an object { "plain"?, "factionRole"?, "successorOf"? }');
      else {
        rc.onlyKeys(roleNight, `${path}.night`, ['plain', 'factionRole', 'successorOf']);
        rc.boolean(roleNight, 'plain', `${path}.night`, true);
        rc.boolean(roleNight, 'factionRole', `${path}.night`, true);
        if (roleNight['successorOf'] !== undefined) rc.strings(roleNight, 'successorOf', `${path}.night`, roleIds, 'role');
      }
    }
    const modifiers = r['modifiers'];
    if (Array.isArray(modifiers))
      for (const id of unknownModifiers(modifiers.filter((m): m is string => typeof m === 'string')))
        rc.fail(`${path}.modifiers`, `"${id}" is not a modifier (${nightModifiers.map((m) => m.id).join(', ')}, or N-shot)`);
    const abilities = r['abilities'];
    if (!Array.isArray(abilities)) return;
    (abilities as unknown[]).forEach((a, j) => {
      if (isObject(a) && a['night'] !== undefined) checkAbilityNight(rc, a, `${path}.abilities[${j}]`, ctx);
    });
  });

  const refs = ruleset['references'];
  const legacy = isObject(refs) ? refs['nightRules'] : undefined;
  if (legacy !== undefined && (typeof legacy !== 'string' || findRuleset(legacy)?.night === undefined)) {
    c.fail('references.nightRules', 'must be the id of a preset with night rules (the ruleset\u2019s own "night" section is preferred)');
  }
}

/** The settings a night part of a scenario may change, checked the same way (for `gavel resolve`). */
export function nightSettingProblem(key: string, value: unknown): string | undefined {
  const allowed = (nightSettingValues as Readonly<Record<string, readonly string[] | undefined>>)[key as keyof NightSettings];
  if (allowed === undefined) return `is not a setting (known: ${Object.keys(nightSettingValues).join(', ')})`;
  if (typeof value !== 'string' || !allowed.includes(value)) return `must be one of ${quoted(allowed)}`;
  return undefined;
}
