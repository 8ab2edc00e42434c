/**
 * Lives, deaths and lasting effects of seed 004's additional peaceful roles
 * (night parts), as generic mechanics a preset names in its roles' data:
 *
 * - `spare-life` (passive; Immortal, L19): a spare life taken by the first
 *   role attack not otherwise stopped; a second attack the same night costs
 *   nothing more; a player linked to the holder (status mechanic `life-link`)
 *   shares it; once it is spent, killing one of the pair kills both. Poison,
 *   and a player's death by his own move, never go through the link.
 * - `takes-attacker` (passive; Kamikaze, L38): when attacked at night he
 *   refuses every protection and the attacker dies with him; an attacker of
 *   his own team survives crippled.
 * - `city-fire` (effect; Madman, L39, black L101): every move ordered after
 *   his fails tonight; he dies with up to two chosen players; two of one team
 *   without protection: one dies at random, the other is crippled; the night's
 *   killer side loses its shot for two non-black victims and gains one for two
 *   black ones.
 * - `avenge-kill` (effect; Fanatic, L36, black L99): once the favourite
 *   (status mechanic `favourite`) is dead, a kill each night until one kills a
 *   player of another team (status mechanic `avenged`); each morning the
 *   Fanatic learns whom the living favourite visited.
 * - souls (Cultist, L43): a player marked by the Cultist (status mechanic
 *   `soul-mark`) who dies by another hand gives him a soul (counter
 *   `souls-gained`); `soul-heal` spends them (another player 1, himself 2; one
 *   less when the heal was not needed; counter `souls-spent`) after the Doctor,
 *   who keeps the priority; `devour` kills once three souls were gathered, and
 *   devouring his own team gives a spare life (counter `spare-life-gained`).
 *
 * The resolver calls the hooks at the end of this file (one line each).
 */
import { tellWardVisitors } from './roles-004-checks';
import { keptTraps, trapListCleared } from './roles-004-traps';
import type { AttackOptions, Block, EffectFn, NightContext, WorkPlayer } from './context';
import { anyRoleHasPassive, type AcceptedAction } from './intake';
import type { NightAbilityDef } from './roles';
import { nightResult } from './results';
import { copiedPassive } from './roles-004-copies';
import { say } from './say';
import { mechanicStatus, mechanicStatusId, statusMeaning } from './statuses';
import { toldAlready } from './tells';
import type { NightDeathCause, NightInput, NightPlayer, NightReason } from './types';
import { engineMessage, word } from '../words';
import { settingValue } from './settings-words';

/** What these mechanics remember during one night. */
interface LivesNight {
  /** Holders of a spare life that was taken tonight: further attacks on them or their linked player cost nothing more. */
  readonly absorbed: Set<string>;
  /** Players who died by their own move tonight (the Madman's fire): the link does not reach them. */
  readonly suicides: Set<string>;
  /** Shots gained (+) or burnt (−) per faction by tonight's events, on top of the usual carry-over. */
  readonly reserveDelta: Map<string, number>;
  /** Tonight's soul heals, settled at the end of the night when it is known whether they were needed. */
  readonly soulHeals: { readonly healer: WorkPlayer; readonly target: string; readonly price: number }[];
  /** Players who died tonight, in order (the Phantom's effect is settled at the end of the night). */
  readonly dead: WorkPlayer[];
  /** Black Kamikaze → the roles he named tonight as his trap's victims (L100). */
  readonly traps: Map<string, ReadonlySet<string>>;
  /** Players linked with a holder whose own life saved him (L110): they die alone, the link goes no further. */
  readonly alone: Set<string>;
}

const nights = new WeakMap<NightContext, LivesNight>();

function state(ctx: NightContext): LivesNight {
  let found = nights.get(ctx);
  if (found === undefined) {
    found = {
      absorbed: new Set(),
      suicides: new Set(),
      reserveDelta: new Map(),
      soulHeals: [],
      dead: [],
      traps: new Map(),
      alone: new Set(),
    };
    nights.set(ctx, found);
  }
  return found;
}

/**
 * Whether no player can hold a spare life tonight: no role of the ruleset carries one and nobody can copy a role
 * (so `has(…, 'spare-life')` is false for everyone). The per-death and per-attack scans of the players for linked
 * lives are skipped then: in a large night without Immortals they were most of the time.
 */
function noSpareLives(ctx: NightContext): boolean {
  return ctx.rules.borrowing === undefined && !anyRoleHasPassive(ctx.rules, 'spare-life');
}

function has(ctx: NightContext, p: WorkPlayer, passive: 'spare-life' | 'takes-attacker' | 'lingering-dead'): boolean {
  return (
    [ctx.role(p.role), ctx.role(p.secondRole)].some((r) => r?.passives?.includes(passive) === true) ||
    copiedLife(ctx, p, passive) !== undefined
  );
}

/** L40, L47: the role of a copy (an Actor's, a Wizard's absent role) that gives the player a spare life tonight. */
function copiedLife(ctx: NightContext, p: WorkPlayer, passive: string): string | undefined {
  return passive === 'spare-life' ? copiedPassive(ctx.input, ctx.rules, p.slotId, passive)?.role : undefined;
}

/** L40: how a copy of the Kamikaze's role takes the attacker tonight (none when the player holds the role himself). */
function copiedKamikaze(ctx: NightContext, p: WorkPlayer): ReturnType<typeof copiedPassive> {
  return has(ctx, p, 'takes-attacker') ? undefined : copiedPassive(ctx.input, ctx.rules, p.slotId, 'takes-attacker');
}

/** The role of the player's that carries a passive, to name it in a reason. */
function roleWith(ctx: NightContext, p: WorkPlayer, passive: 'spare-life' | 'takes-attacker' | 'lingering-dead'): string {
  if (ctx.role(p.role)?.passives?.includes(passive) === true) return p.role;
  if (ctx.role(p.secondRole)?.passives?.includes(passive) === true) return p.secondRole ?? p.role;
  return copiedLife(ctx, p, passive) ?? p.secondRole ?? p.role;
}

/**
 * L40 "Если скопировал роль, играет за нее с нуля": the lives a copy gives are counted for that copy alone (the
 * protection `spare-life@<copy>`: the player copied, or the Wizard's absent role), so a life spent through one copy
 * neither comes off the player's own lives nor off a later copy's; his own lives are `spare-life`.
 */
function copyLives(ctx: NightContext, p: WorkPlayer): { readonly key: string; readonly left: number } | undefined {
  const copy = copiedPassive(ctx.input, ctx.rules, p.slotId, 'spare-life');
  if (copy === undefined) return undefined;
  const key = `spare-life@${copy.copy}`;
  return { key, left: (ctx.role(copy.role)?.passiveUses?.['spare-life'] ?? 0) - (p.spent[key] ?? 0) };
}

function ownLivesLeft(ctx: NightContext, p: WorkPlayer): number {
  let total = 0;
  for (const r of [ctx.role(p.role), ctx.role(p.secondRole)]) total += r?.passiveUses?.['spare-life'] ?? 0;
  return total + (p.spent['spare-life-gained'] ?? 0) - (p.spent['spare-life'] ?? 0);
}

function livesLeft(ctx: NightContext, p: WorkPlayer): number {
  return Math.max(0, ownLivesLeft(ctx, p)) + Math.max(0, copyLives(ctx, p)?.left ?? 0);
}

/** The player the holder's life is linked with tonight, if any. */
function linkedWith(ctx: NightContext, holder: WorkPlayer): string | undefined {
  return mechanicStatus(ctx.input, holder.statuses, 'life-link')?.with;
}

/** The living holders of a spare life that covers `victim`: the victim's own, then those linked with him. */
function guardians(ctx: NightContext, victim: WorkPlayer): WorkPlayer[] {
  const own = has(ctx, victim, 'spare-life') ? [victim] : [];
  if (noSpareLives(ctx)) return own;
  const linked = ctx.players.filter(
    (p) =>
      p.alive && p.slotId !== victim.slotId && p.statuses.length > 0 && linkedWith(ctx, p) === victim.slotId && has(ctx, p, 'spare-life'),
  );
  return [...own, ...linked];
}

/** The side a player counts for in "his own team" (L38, L39): his faction. */
const team = (p: WorkPlayer): string => p.faction;

const isBlack = (ctx: NightContext, p: WorkPlayer): boolean => ctx.rules.guiltyFactions.includes(p.faction);

/**
 * Takes a spare life that covers `victimId` against this harm, if one does;
 * the resolver asks after every protection and passive of its own.
 */
export function lifeShield(
  ctx: NightContext,
  victimId: string,
  cause: NightDeathCause,
  options: AttackOptions | undefined,
): NightReason | undefined {
  const victim = ctx.player(victimId);
  const night = state(ctx);
  if (victim === undefined || night.suicides.has(victimId)) return undefined;
  for (const holder of guardians(ctx, victim)) {
    const self = holder.slotId === victimId;
    // L19: poison is no attack for the link; the holder's own life still carries him through the night of a poison death.
    if (cause === 'poison' && !self) continue;
    if (options?.unstoppable === true && !(self && cause === 'poison')) continue;
    if (night.absorbed.has(holder.slotId))
      return say(
        `${holder.name}'s spare life was already taken tonight and covers this attack on ${victim.name} too (004 L19)`,
        engineMessage(
          'night/spare-life-again',
          word.text(holder.name),
          word.role(roleWith(ctx, holder, 'spare-life')),
          word.text(victim.name),
        ),
      );
    if (livesLeft(ctx, holder) <= 0) continue;
    // His own life first, then his copy's.
    const protection = ownLivesLeft(ctx, holder) > 0 ? 'spare-life' : (copyLives(ctx, holder)?.key ?? 'spare-life');
    holder.spent[protection] = (holder.spent[protection] ?? 0) + 1;
    night.absorbed.add(holder.slotId);
    const r = say(
      `${holder.name}'s spare life stopped the attack on ${victim.name} and is now spent (004 L19)`,
      engineMessage('night/spare-life', word.text(holder.name), word.role(roleWith(ctx, holder, 'spare-life')), word.text(victim.name)),
    );
    ctx.emit({ type: 'protection-spent', player: holder.slotId, protection, reasons: [r] });
    // L19 and L115.5: the holder learns the life is spent and which of the pair was attacked; the linked player is not told.
    const about = self ? [] : [victimId];
    ctx.emit({ type: 'message', to: holder.slotId, result: nightResult(holder.slotId, 'spare-life-spent', about, null), reasons: [r] });
    // One message (L19 «Если запасная жизнь была потрачена, узнает об этом в ЛС»): it tells of the attempt too (L115.4).
    if (self) toldAlready(ctx, 'attack-survived', victimId);
    return r;
  }
  return undefined;
}

/** The uses left of a vest the holder takes after his spare lives (L110: the Executioner's own life; `afterSpareLife`). */
function lateLifeLeft(ctx: NightContext, p: WorkPlayer): number {
  let total = 0;
  for (const r of [ctx.role(p.role), ctx.role(p.secondRole)])
    if (r?.latePassives?.includes('vest') === true) total += r.passiveUses?.vest ?? 0;
  return total - (p.spent.vest ?? 0);
}

/**
 * L110 «Если экзекутор или связанный с ним игрок стал целью убийства, при этом жизнь бессмертного была потрачена
 * ранее, а жизнь экзекутора осталась нетронутой, то связанный игрок умрет в одиночку»: the holder's own life (a vest
 * taken after his spare lives) stopped a kill on him; the player linked with his spent spare life dies alone.
 */
export function linkDiesAlone(
  ctx: NightContext,
  holder: WorkPlayer,
  attackers: readonly string[],
  cause: NightDeathCause,
  because: NightReason,
): void {
  if (!has(ctx, holder, 'spare-life') || livesLeft(ctx, holder) > 0) return;
  const linked = linkedWith(ctx, holder);
  const partner = linked === undefined ? undefined : ctx.player(linked);
  if (partner === undefined || !partner.alive || partner.slotId === holder.slotId) return;
  state(ctx).alone.add(partner.slotId);
  ctx.attack(
    partner.slotId,
    attackers,
    cause,
    [
      say(
        `${holder.name}'s own life stopped the kill on him, his spare life is spent: ${partner.name}, linked with it, dies alone (004 L110)`,
        engineMessage('night/link-dies-alone', word.text(partner.name), word.text(holder.name)),
        [because],
      ),
    ],
    { unstoppable: true },
  );
}

/**
 * L110: the player linked with the holder's spent spare life was killed; the holder's own life is untouched, so he
 * lives and the linked player dies alone. Whether that spends the holder's own life the seed does not say (setting
 * `linkedDeathSpendsOwnLife`, reported here).
 */
function keepsOwnLife(ctx: NightContext, holder: WorkPlayer, victim: WorkPlayer): void {
  const setting = ctx.rules.settings.linkedDeathSpendsOwnLife;
  ctx.ambiguity({
    setting: 'linkedDeathSpendsOwnLife',
    value: setting,
    text: `${victim.name}, linked with ${holder.name}'s spent spare life, dies alone (004 L110); the rules do not say whether this spends ${holder.name}'s own life.`,
    message: engineMessage(
      'night/ambiguity-linked-death-own-life',
      word.text(victim.name),
      word.text(holder.name),
      word.message(settingValue(setting)),
    ),
  });
  if (setting !== 'yes') return;
  holder.spent.vest = (holder.spent.vest ?? 0) + 1;
  ctx.emit({
    type: 'protection-spent',
    player: holder.slotId,
    protection: 'vest',
    reasons: [
      say(
        `${holder.name}'s own life is spent on the death of ${victim.name}, linked with his spare life (004 L110; setting linkedDeathSpendsOwnLife)`,
        engineMessage('night/own-life-spent-on-link', word.text(holder.name), word.text(victim.name)),
      ),
    ],
  });
}

/** Before protections are asked: a Kamikaze who is attacked refuses every protection (L38). */
export function beforeShieldLives(
  ctx: NightContext,
  victimId: string,
  attackers: readonly string[],
  cause: NightDeathCause,
  options: AttackOptions | undefined,
): AttackOptions | undefined {
  const victim = ctx.player(victimId);
  const attacker = attackers[0];
  if (victim === undefined || attacker === undefined || attacker === victimId) return options;
  if ((cause !== 'kill' && cause !== 'faction-kill') || !armed(ctx, victim)) return options;
  return { ...options, unstoppable: true };
}

/**
 * Cripples a player: peaceful role and colour lost for the rest of the game
 * (the status of mechanic `cripple`). A spare life that covers him is taken
 * instead (L19: a Kamikaze or a Madman "just take a life").
 */
function cripple(ctx: NightContext, target: WorkPlayer, because: NightReason): void {
  if (!target.alive) return;
  const life = lifeShield(ctx, target.slotId, 'kill', undefined);
  if (life !== undefined) {
    ctx.emit({
      type: 'survived',
      player: target.slotId,
      reasons: [say(`${target.name} was not crippled`, engineMessage('night/not-crippled', word.text(target.name)), [because, life])],
    });
    return;
  }
  const status = { id: mechanicStatusId(ctx.input, 'cripple'), sinceNight: ctx.night };
  target.statuses = [...target.statuses, status];
  ctx.emit({
    type: 'status-applied',
    player: target.slotId,
    status,
    reasons: [
      say(
        `${target.name} loses peaceful role and colour until the end of the game`,
        engineMessage('night/crippled', word.text(target.name)),
        [because],
      ),
    ],
  });
  ctx.emit({ type: 'message', to: target.slotId, result: nightResult(target.slotId, 'crippled', [], null), reasons: [because] });
}

/** A Kamikaze's kill works until the role, passed on after killing a black, has lost it (counter `takes-attacker-lost`). */
function armed(ctx: NightContext, p: WorkPlayer): boolean {
  // L40: a copy of the role too ("Камикадзе … нельзя спасти доктором"), though it only cripples.
  return (has(ctx, p, 'takes-attacker') || copiedKamikaze(ctx, p) !== undefined) && (p.spent['takes-attacker-lost'] ?? 0) === 0;
}

/**
 * L38: "Если роль камикадзе перешла к кому-либо после успешного убийства
 * черного, она теряет возможность убивать до конца игры - новый владелец
 * узнает об этом": whoever inherited the role tonight (an Active citizen)
 * holds it without the kill, and is told.
 */
function disarmHeirs(ctx: NightContext, kamikaze: WorkPlayer, died: NightReason): void {
  const roleId = roleWith(ctx, kamikaze, 'takes-attacker');
  for (const heir of ctx.players) {
    if (!heir.alive || heir.slotId === kamikaze.slotId || (heir.role !== roleId && heir.secondRole !== roleId) || !armed(ctx, heir))
      continue;
    const r = say(
      `${heir.name} inherited the Kamikaze role after it killed a black: it can no longer kill (004 L38)`,
      engineMessage('night/takes-attacker-lost', word.text(heir.name), word.role(roleId)),
      [died],
    );
    count(ctx, heir, 'takes-attacker-lost', [r]);
    ctx.emit({ type: 'message', to: heir.slotId, result: nightResult(heir.slotId, 'role-disarmed', [], roleId), reasons: [r] });
  }
}

/** After a death: the Kamikaze takes his attacker (L38); a spent life's link takes the other of the pair (L19). */
export function afterDeathLives(ctx: NightContext, victim: WorkPlayer, attackers: readonly string[], cause: NightDeathCause): void {
  const night = state(ctx);
  night.dead.push(victim);
  const died = say(`${victim.name} died`, engineMessage('night/died', word.text(victim.name)));
  const attacker = attackers[0] === undefined ? undefined : ctx.player(attackers[0]);
  // L40: "За камикадзе нельзя убить киллера, но можно покалечить".
  const copy = copiedKamikaze(ctx, victim);
  if (
    (cause === 'kill' || cause === 'faction-kill') &&
    armed(ctx, victim) &&
    attacker !== undefined &&
    attacker.slotId !== victim.slotId &&
    attacker.alive
  ) {
    const role = word.role(copy?.role ?? roleWith(ctx, victim, 'takes-attacker'));
    if (copy?.how === 'cripple')
      cripple(
        ctx,
        attacker,
        say(
          `${victim.name} played a copied Kamikaze: the attacker ${attacker.name} is crippled, not killed (004 L40)`,
          engineMessage('night/takes-attacker-copy', word.text(victim.name), role, word.text(attacker.name)),
          [died],
        ),
      );
    else if (team(attacker) === team(victim))
      cripple(
        ctx,
        attacker,
        say(
          `${victim.name} was a Kamikaze attacked by their own team: dies alone, and ${attacker.name} is crippled (004 L38)`,
          engineMessage('night/takes-attacker-own-team', word.text(victim.name), role, word.text(attacker.name)),
          [died],
        ),
      );
    else if (
      ctx.attack(
        attacker.slotId,
        [victim.slotId],
        'revenge',
        [
          say(
            `${victim.name} was a Kamikaze, who takes the attacker along; no Doctor saves either (004 L38)`,
            engineMessage('night/takes-attacker', word.text(victim.name), role, word.text(attacker.name)),
            [died],
          ),
        ],
        { unstoppable: true },
      ) === 'killed' &&
      isBlack(ctx, attacker)
    )
      disarmHeirs(ctx, victim, died);
  }
  gainSouls(ctx, victim, attackers);
  forfeitRevenge(ctx, victim, attackers);
  if (cause === 'poison' || night.suicides.has(victim.slotId) || night.alone.has(victim.slotId)) return;
  // L19: once the spare life is spent, killing one of the linked pair kills both.
  const pairs: [WorkPlayer, string | undefined][] = [];
  if (has(ctx, victim, 'spare-life') && livesLeft(ctx, victim) <= 0) pairs.push([victim, linkedWith(ctx, victim)]);
  for (const holder of noSpareLives(ctx) ? [] : ctx.players)
    if (
      holder.alive &&
      holder.statuses.length > 0 && // the link is a status: a player without one is linked with nobody
      linkedWith(ctx, holder) === victim.slotId &&
      has(ctx, holder, 'spare-life') &&
      livesLeft(ctx, holder) <= 0
    )
      pairs.push([holder, holder.slotId]);
  for (const [holder, other] of pairs) {
    const partner = other === victim.slotId ? holder : other === undefined ? undefined : ctx.player(other);
    if (partner === undefined || !partner.alive || partner.slotId === victim.slotId) continue;
    if (partner === holder && lateLifeLeft(ctx, holder) > 0) {
      keepsOwnLife(ctx, holder, victim);
      continue;
    }
    ctx.attack(
      partner.slotId,
      attackers,
      cause,
      [
        say(
          `${holder.name}'s spare life is spent and linked with another player: the pair dies together (004 L19)`,
          engineMessage(
            'night/life-link-dies',
            word.text(partner.name),
            word.text(victim.name),
            word.role(roleWith(ctx, holder, 'spare-life')),
          ),
          [died],
        ),
      ],
      { unstoppable: true },
    );
  }
}

/**
 * L99 black Fanatic: «получит право мстить за любимчика только при условии,
 * что тот погибнет на линчевании или от руки киллера, который не является
 * самим фанатиком, его действующим напарником или его наемником... Если
 * любимчик не умер должным образом, фанатик не получает право мести и не
 * может назначить нового любимчика»: a favourite killed by the black Fanatic
 * or his own side leaves him without revenge (the status of mechanic
 * `avenged` closes it). A suicide (the favourite's own move) is no such death.
 */
function forfeitRevenge(ctx: NightContext, victim: WorkPlayer, attackers: readonly string[]): void {
  for (const f of ctx.players) {
    if (
      !f.alive ||
      f.statuses.length === 0 ||
      !isBlack(ctx, f) ||
      mechanicStatus(ctx.input, f.statuses, 'favourite')?.with !== victim.slotId
    )
      continue;
    if (mechanicStatus(ctx.input, f.statuses, 'avenged') !== undefined) continue;
    const own = attackers.find((id) => id !== victim.slotId && (id === f.slotId || ctx.player(id)?.faction === f.faction));
    if (own === undefined) continue;
    const status = { id: mechanicStatusId(ctx.input, 'avenged'), sinceNight: ctx.night };
    f.statuses = [...f.statuses, status];
    ctx.emit({
      type: 'status-applied',
      player: f.slotId,
      status,
      reasons: [
        say(
          `${victim.name}, the black Fanatic ${f.name}'s favourite, was killed by ${ctx.name(own)}, of his own side: no revenge (004 L99)`,
          engineMessage('night/revenge-forfeited', word.text(f.name), word.text(victim.name), word.text(ctx.name(own))),
        ),
      ],
    });
  }
}

const isGrey = (ctx: NightContext, p: WorkPlayer): boolean => ctx.rules.greyFactions?.includes(p.faction) === true;

/**
 * A black or Faceless Kamikaze blows himself up with a chosen player,
 * «игнорируя механики срыва хода» (L100): both die, and no Doctor saves
 * either (L38); a black target dies alone, the Kamikaze gains a shot and his
 * killer move tonight is skipped (L100); the Faceless cripples the target
 * instead (L74: «заблокировав игроку роль и цвет»).
 */
export const suicideStrike: EffectFn = (ctx, action) => {
  const k = action.actor;
  const t = action.targets[0] === undefined ? undefined : ctx.player(action.targets[0]);
  if (t === undefined || !t.alive || t.slotId === k.slotId) return;
  const night = state(ctx);
  const role = word.role(action.accepted.role.id);
  const strike = say(
    `${k.name} (${action.accepted.role.name}) blew himself up with ${t.name}, whatever would stop the move (004 L100, L74)`,
    engineMessage('night/suicide-strike', word.text(k.name), role, word.text(t.name)),
    action.reasons,
  );
  const dies = (): void => {
    night.suicides.add(k.slotId);
    ctx.attack(k.slotId, [k.slotId], 'kill', [strike], { unstoppable: true });
  };
  if (isGrey(ctx, k)) {
    cripple(ctx, t, strike);
    dies();
    return;
  }
  if (isBlack(ctx, k) && isBlack(ctx, t)) {
    const alone = say(
      `${t.name} is black: he dies alone, ${k.name} lives, gains a shot and skips his killer move tonight (004 L100)`,
      engineMessage('night/suicide-strike-black', word.text(t.name), word.text(k.name)),
      [strike],
    );
    ctx.attack(t.slotId, [k.slotId], 'kill', [alone], { unstoppable: true });
    night.reserveDelta.set(k.faction, (night.reserveDelta.get(k.faction) ?? 0) + 1);
    const negative = [k.role, k.secondRole].find((r) => ctx.role(r)?.factionRole === true);
    if (negative !== undefined)
      ctx.blocks.set(k.slotId, [
        ...(ctx.blocks.get(k.slotId) ?? []),
        { by: k.slotId, spares: undefined, onlyRole: negative, reasons: [alone] },
      ]);
    return;
  }
  ctx.attack(t.slotId, [k.slotId], 'kill', [strike], { unstoppable: true });
  dies();
};

/**
 * L100 black Kamikaze: «может указать ведущему мирные роли с ночными ходами
 * (кроме сидящих дома) в качестве потенциальных жертв». The move names roles;
 * it is read before the first step (`setTraps`), so a trap stands all night.
 */
export const trapRoles: EffectFn = () => undefined;

/**
 * Before the first step: the roles each black Kamikaze names tonight (his accepted trap move), or else the list he
 * named last (L100, L114; setting `trapListKept`, reported when a kept list is read; roles-004-traps.ts). An empty
 * move (the ability's `mayBeEmpty`) clears his list from tonight on, and he is told so.
 */
export function setTraps(ctx: NightContext, ordered: readonly AcceptedAction[]): void {
  for (const a of ordered) {
    if (a.ability.effect !== 'trap-roles') continue;
    const k = ctx.player(a.action.actor);
    if (k === undefined || !k.alive) continue;
    state(ctx).traps.set(k.slotId, new Set(a.action.targets));
    if (a.action.targets.length === 0) trapListCleared(ctx, k);
  }
  keptTraps(ctx, state(ctx).traps);
}

/**
 * L100: «Если одна из этих ролей состоит в красной команде и сделает ход в
 * черного камикадзе, он убьет ее вместе с собой. Если ход делают сразу
 * несколько указанных ролей, то умрет та, что ходит раньше.» Asked before a
 * move acts on its final targets: a red player whose move's role the living
 * black Kamikaze named dies with him, whatever would protect either (L38), and
 * the move does not happen. The first such move of the night springs it.
 */
export function springTrap(
  ctx: NightContext,
  actor: WorkPlayer,
  a: AcceptedAction,
  targets: readonly string[],
): { by: string; reason: NightReason } | undefined {
  const night = nights.get(ctx);
  if (night === undefined || night.traps.size === 0 || a.ability.targets.kind !== 'player') return undefined;
  if (!actor.alive || isBlack(ctx, actor) || isGrey(ctx, actor)) return undefined;
  for (const t of targets) {
    const k = ctx.player(t);
    const named = night.traps.get(t);
    if (k === undefined || named === undefined || !k.alive || k.slotId === actor.slotId || !isBlack(ctx, k) || !armed(ctx, k)) continue;
    if (!named.has(a.role.id)) continue;
    const reason = say(
      `${k.name}, a black Kamikaze, named the ${a.role.name} among his victims: ${actor.name} made a move on him and dies with him (004 L100)`,
      engineMessage('night/trap-sprung', word.text(k.name), word.role(a.role.id), word.text(actor.name)),
    );
    night.suicides.add(k.slotId);
    ctx.attack(actor.slotId, [k.slotId], 'kill', [reason], { unstoppable: true });
    ctx.attack(k.slotId, [k.slotId], 'kill', [reason], { unstoppable: true });
    return { by: k.slotId, reason };
  }
  return undefined;
}

/** The Madman's fire (L39, black L101). */
export const cityFire: EffectFn = (ctx, action) => {
  const madman = action.actor;
  const night = state(ctx);
  const role = word.role(action.accepted.role.id);
  const fire = say(
    `${madman.name} (${action.accepted.role.name}) set the town on fire: every move ordered after theirs fails tonight (004 L39)`,
    engineMessage('night/city-fire', word.text(madman.name), role),
    action.reasons,
  );
  for (const p of ctx.players) {
    if (!p.alive || p.slotId === madman.slotId) continue;
    const block: Block = { by: madman.slotId, spares: undefined, reasons: [fire] };
    ctx.blocks.set(p.slotId, [...(ctx.blocks.get(p.slotId) ?? []), block]);
  }
  const chosen = action.targets.flatMap((t) => {
    const p = ctx.player(t);
    return p === undefined || !p.alive || p.slotId === madman.slotId ? [] : [p];
  });
  if (chosen.length === 0) return;
  const victims: WorkPlayer[] = [];
  const killable: WorkPlayer[] = [];
  for (const p of chosen) {
    // L101: a black Madman cannot kill another black; the black survives crippled.
    if (isBlack(ctx, madman) && isBlack(ctx, p))
      cripple(
        ctx,
        p,
        say(
          `a black Madman cannot kill another black: ${p.name} survives the fire crippled (004 L101)`,
          engineMessage('night/fire-black-spared', word.text(p.name), role),
          [fire],
        ),
      );
    else killable.push(p);
  }
  const [a, b] = killable;
  const unprotected = (p: WorkPlayer): boolean => (ctx.protections.get(p.slotId) ?? []).length === 0;
  const burn = (p: WorkPlayer, because: NightReason): void => {
    if (ctx.attack(p.slotId, [madman.slotId], 'kill', [because]) === 'killed') victims.push(p);
  };
  const takes = (p: WorkPlayer): NightReason =>
    say(`${madman.name} takes ${p.name} into the fire`, engineMessage('night/fire-takes', word.text(madman.name), word.text(p.name)), [
      fire,
    ]);
  if (a !== undefined && b !== undefined && team(a) === team(b) && unprotected(a) && unprotected(b)) {
    // L39: two players of one team cannot both die: one, drawn at random, dies; the other is crippled.
    const pick = ctx.rng.int(2) === 0 ? [a, b] : [b, a];
    const [dies, lives] = pick as [WorkPlayer, WorkPlayer];
    const same = say(
      `${a.name} and ${b.name} are of one team and unprotected: one dies at random, the other is crippled (004 L39)`,
      engineMessage('night/fire-same-team', word.text(a.name), word.text(b.name), word.text(dies.name)),
      [fire],
    );
    burn(dies, same);
    cripple(ctx, lives, same);
  } else for (const p of killable) burn(p, takes(p));
  night.suicides.add(madman.slotId);
  ctx.attack(
    madman.slotId,
    [madman.slotId],
    'kill',
    [
      say(
        `${madman.name} dies in the fire with the chosen players (004 L39)`,
        engineMessage('night/fire-suicide', word.text(madman.name)),
        [fire],
      ),
    ],
    { unstoppable: true },
  );
  // L101: two non-black victims burn the shot of the side whose night it is; two black ones give it an extra shot.
  const parity = ctx.night % 2 === 1 ? 'odd' : 'even';
  const side = Object.entries(ctx.rules.killerNights ?? {}).find(([, p]) => p === parity)?.[0];
  if (side === undefined || victims.length !== 2) return;
  const blacks = victims.filter((v) => isBlack(ctx, v)).length;
  const delta = blacks === 0 ? -1 : blacks === 2 ? 1 : 0;
  if (delta !== 0) night.reserveDelta.set(side, (night.reserveDelta.get(side) ?? 0) + delta);
};

/** The Fanatic's revenge (L36, black L99). */
export const avengeKill: EffectFn = (ctx, action) => {
  const ability = action.accepted.ability;
  const fanatic = action.actor;
  const target = action.targets[0] === undefined ? undefined : ctx.player(action.targets[0]);
  if (target === undefined) return;
  const outcome = ctx.attack(
    target.slotId,
    [fanatic.slotId],
    'kill',
    [
      say(
        `${fanatic.name} (${action.accepted.role.name}) took revenge for the favourite on ${target.name}`,
        engineMessage('night/avenge-shot', word.text(fanatic.name), word.role(action.accepted.role.id), word.text(target.name)),
        action.reasons,
      ),
    ],
    { unstoppable: ability.unstoppable === true, negative: ability.negative === true },
  );
  if (outcome === 'saved') {
    // L115.8: a Fanatic whose move failed learns he has another attempt.
    ctx.emit({
      type: 'message',
      to: fanatic.slotId,
      result: nightResult(fanatic.slotId, 'another-attempt', [target.slotId], null),
      reasons: [say(`${target.name} survived`, engineMessage('night/attacked-not-killed', word.text(target.name)))],
    });
    return;
  }
  if (outcome !== 'killed' || team(target) === team(fanatic)) return;
  // L36: killing a player of another team (or the Faceless) avenges the favourite; killing one's own only raises the limit.
  const status = { id: mechanicStatusId(ctx.input, 'avenged'), sinceNight: ctx.night };
  fanatic.statuses = [...fanatic.statuses, status];
  const r = say(
    `${fanatic.name}'s favourite is avenged: ${target.name} played for another team (004 L36)`,
    engineMessage('night/avenged', word.text(fanatic.name), word.text(target.name)),
  );
  ctx.emit({ type: 'status-applied', player: fanatic.slotId, status, reasons: [r] });
  ctx.emit({ type: 'message', to: fanatic.slotId, result: nightResult(fanatic.slotId, 'avenged', [target.slotId], null), reasons: [r] });
};

/** Adds one to a counter of the player's (`NightPlayer.spent`), recorded so the game carries it to the next night. */
function count(ctx: NightContext, p: WorkPlayer, counter: string, reasons: readonly NightReason[]): void {
  p.spent[counter] = (p.spent[counter] ?? 0) + 1;
  ctx.emit({ type: 'protection-spent', player: p.slotId, protection: counter, reasons });
}

const souls = (p: WorkPlayer): number => (p.spent['souls-gained'] ?? 0) - (p.spent['souls-spent'] ?? 0);

/** L43: a marked player's death gives his Cultist a soul, unless the Cultist's own move killed him. */
function gainSouls(ctx: NightContext, victim: WorkPlayer, attackers: readonly string[]): void {
  for (const mark of victim.statuses) {
    if (mark.with === undefined || statusMeaning(ctx.input, mark.id).mechanic !== 'soul-mark') continue;
    const cultist = ctx.player(mark.with);
    if (cultist === undefined || !cultist.alive || attackers.includes(cultist.slotId)) continue;
    count(ctx, cultist, 'souls-gained', [
      say(
        `${victim.name}, marked by ${cultist.name}, died: a soul for the Cultist (004 L43)`,
        engineMessage('night/soul-gained', word.text(cultist.name), word.text(victim.name)),
      ),
    ]);
  }
}

/** The Cultist's heal (L43): paid in souls, after the Doctor's, who keeps the priority. */
export const soulHeal: EffectFn = (ctx, action) => {
  const healer = action.actor;
  const target = action.targets[0];
  if (target === undefined) return;
  // L43: another player costs one soul, himself two.
  const price = target === healer.slotId ? 2 : 1;
  const because = say(
    `${healer.name} (${action.accepted.role.name}) healed ${ctx.name(target)} with souls`,
    engineMessage('night/soul-heal', word.text(healer.name), word.role(action.accepted.role.id), word.text(ctx.name(target))),
    action.reasons,
  );
  if (souls(healer) < price) {
    ctx.emit({
      type: 'message',
      to: healer.slotId,
      result: nightResult(healer.slotId, 'heal-result', [target], false),
      reasons: [
        say(
          `${healer.name} has ${souls(healer)} souls, fewer than the ${price} the heal costs`,
          engineMessage('night/soul-heal-unpaid', word.text(healer.name), word.number(souls(healer)), word.number(price)),
          [because],
        ),
      ],
    });
    return;
  }
  ctx.protections.set(target, [
    ...(ctx.protections.get(target) ?? []),
    { by: healer.slotId, kind: 'protect', from: undefined, negativeOnly: false, reasons: [because] },
  ]);
  // One message: the heal's result by PM (L43 «результат хода получает в ЛС») names the target already; no Doctor's "saved" beside it.
  toldAlready(ctx, 'saved-victim', target, healer.slotId);
  state(ctx).soulHeals.push({ healer, target, price });
};

/** The Cultist devours a player (L43): a kill once three souls were gathered. */
export const devour: EffectFn = (ctx, action) => {
  const ability = action.accepted.ability;
  const cultist = action.actor;
  const target = action.targets[0] === undefined ? undefined : ctx.player(action.targets[0]);
  if (target === undefined) return;
  const because = say(
    `${cultist.name} (${action.accepted.role.name}) devoured the soul of ${target.name}`,
    engineMessage('night/devoured', word.text(cultist.name), word.role(action.accepted.role.id), word.text(target.name)),
    action.reasons,
  );
  const outcome = ctx.attack(target.slotId, [cultist.slotId], 'kill', [because], {
    unstoppable: ability.unstoppable === true,
    negative: ability.negative === true,
  });
  if (outcome === 'saved') {
    // L115.8: a Cultist whose move failed learns he has another attempt.
    ctx.emit({
      type: 'message',
      to: cultist.slotId,
      result: nightResult(cultist.slotId, 'another-attempt', [target.slotId], null),
      reasons: [because],
    });
    return;
  }
  if (outcome !== 'killed') return;
  count(ctx, cultist, 'devoured', [because]);
  // L43: devouring his own team gives him a spare life, as the Immortal's.
  if (team(target) === team(cultist))
    count(ctx, cultist, 'spare-life-gained', [
      say(
        `${cultist.name} devoured a player of their own team and gains a spare life (004 L43)`,
        engineMessage('night/devoured-own-team', word.text(cultist.name), word.text(target.name)),
        [because],
      ),
    ]);
};

/**
 * L18: while a Phantom lives, every player killed at night keeps the phantom
 * effect for a day (in the game without a role, with a vote, "фантом" beside
 * the role); a Phantom killed tonight gives it only to himself.
 */
function linger(ctx: NightContext): void {
  const dead = state(ctx).dead;
  if (dead.length === 0) return;
  const phantoms = ctx.players.filter((p) => has(ctx, p, 'lingering-dead') && (p.alive || dead.includes(p)));
  const living = phantoms.find((p) => p.alive);
  const who = living !== undefined ? dead : dead.filter((d) => phantoms.includes(d));
  for (const p of who) {
    const phantom = living ?? p;
    const status = { id: mechanicStatusId(ctx.input, 'linger'), sinceNight: ctx.night };
    p.statuses = [...p.statuses, status];
    ctx.emit({
      type: 'status-applied',
      player: p.slotId,
      status,
      reasons: [
        say(
          living !== undefined
            ? `${p.name} was killed at night while a Phantom lives: stays a day in the game without a role (004 L18)`
            : `${p.name}, a Phantom killed at night, stays a day in the game himself (004 L18)`,
          engineMessage('night/lingers', word.text(p.name), word.role(roleWith(ctx, phantom, 'lingering-dead'))),
        ),
      ],
    });
  }
}

/** L115.17–18: the Priest and the Politician are told the roles of their visitors, the Hero their names. */
function tellVisitors(ctx: NightContext): void {
  // The night's visits by target, in the order they were made (one pass, not one per player).
  const byTarget = new Map<string, (typeof ctx.visits)[number][]>();
  for (const v of ctx.visits) {
    if (v.actor === v.target) continue;
    const list = byTarget.get(v.target);
    if (list === undefined) byTarget.set(v.target, [v]);
    else list.push(v);
  }
  for (const host of ctx.players) {
    if (!host.alive) continue;
    const came = byTarget.get(host.slotId) ?? [];
    if (came.length === 0) continue;
    // L40, L47: a copied Priest, Politician or Hero sees his visitors as the original does.
    const copied = (passive: string): string | undefined => copiedPassive(ctx.input, ctx.rules, host.slotId, passive)?.role;
    const roles = [
      ctx.role(host.role),
      ctx.role(host.secondRole),
      ctx.role(copied('sees-visitor-roles')),
      ctx.role(copied('sees-visitor-names')),
    ];
    const seesRoles = roles.find((r) => r?.passives?.includes('sees-visitor-roles') === true);
    const seesNames = roles.find((r) => r?.passives?.includes('sees-visitor-names') === true);
    if (seesRoles !== undefined) {
      const visiting = came.flatMap((v) => (v.role === undefined ? [] : [v.role]));
      ctx.emit({
        type: 'message',
        to: host.slotId,
        result: nightResult(host.slotId, 'visitor-roles', [], visiting),
        reasons: [
          say(
            `${host.name} sees the roles of the night's visitors (004 L115.17)`,
            engineMessage('night/sees-visitor-roles', word.text(host.name), word.role(seesRoles.id)),
          ),
        ],
      });
    }
    if (seesNames !== undefined)
      ctx.emit({
        type: 'message',
        to: host.slotId,
        result: nightResult(host.slotId, 'visited-by', [host.slotId], [...new Set(came.map((v) => v.actor))]),
        reasons: [
          say(
            `${host.name} sees the names of the night's visitors (004 L115.18)`,
            engineMessage('night/sees-visitor-names', word.text(host.name), word.role(seesNames.id)),
          ),
        ],
      });
  }
}

/** At the end of the night: each Fanatic learns whom his living favourite visited (L36); soul heals are paid and told. */
export function afterNightLives(ctx: NightContext): void {
  tellVisitors(ctx);
  tellWardVisitors(ctx);
  linger(ctx);
  for (const heal of state(ctx).soulHeals) {
    const needed = ctx.savedBy.has(heal.healer.slotId);
    // L43: a heal that was not needed costs one soul less.
    const cost = needed ? heal.price : heal.price - 1;
    const r = say(
      `${heal.healer.name}'s heal of ${ctx.name(heal.target)} ${needed ? 'saved them' : 'was not needed'}: ${cost} souls spent (004 L43)`,
      engineMessage('night/soul-heal-paid', word.text(heal.healer.name), word.text(ctx.name(heal.target)), word.number(cost)),
    );
    for (let i = 0; i < cost; i++) count(ctx, heal.healer, 'souls-spent', [r]);
    // L43: "результат хода получает в ЛС".
    ctx.emit({
      type: 'message',
      to: heal.healer.slotId,
      result: nightResult(heal.healer.slotId, 'heal-result', [heal.target], needed),
      reasons: [r],
    });
  }
  for (const fanatic of ctx.players) {
    const favourite = mechanicStatus(ctx.input, fanatic.statuses, 'favourite')?.with;
    const fav = favourite === undefined ? undefined : ctx.player(favourite);
    if (!fanatic.alive || fav === undefined || fav.slotId === fanatic.slotId) continue;
    const went = [...new Set(ctx.visits.filter((v) => v.actor === fav.slotId && v.target !== fav.slotId).map((v) => v.target))];
    if (went.length === 0) continue;
    ctx.emit({
      type: 'message',
      to: fanatic.slotId,
      result: nightResult(fanatic.slotId, 'target-visits', [fav.slotId], went),
      reasons: [
        say(
          `${fanatic.name} learns every morning the targets of the favourite ${fav.name}'s moves (004 L36)`,
          engineMessage('night/favourite-moves', word.text(fanatic.name), word.text(fav.name)),
        ),
      ],
    });
  }
}

/** Shots tonight's events added (+) or burnt (−) for a faction, on top of the usual carry-over. */
export function reserveDelta(ctx: NightContext, faction: string): number {
  return nights.get(ctx)?.reserveDelta.get(faction) ?? 0;
}

/** Intake: whether the actor's counters allow an ability with `needsSpent`. */
export function countersAllow(actor: NightPlayer, spec: NonNullable<NightAbilityDef['needsSpent']>): boolean {
  const spent = actor.spent ?? {};
  return (
    Object.entries(spec.atLeast ?? {}).every(([k, n]) => (spent[k] ?? 0) >= n) &&
    Object.entries(spec.below ?? {}).every(([k, n]) => (spent[k] ?? 0) < n)
  );
}

/** Intake: whether an ability that waits for a partner's death (`needsDeadPartner`) is available to the actor tonight. */
export function partnerGone(
  input: NightInput,
  byId: ReadonlyMap<string, NightPlayer>,
  actor: NightPlayer,
  spec: NonNullable<NightAbilityDef['needsDeadPartner']>,
): boolean {
  if (mechanicStatus(input, actor.statuses, spec.done) !== undefined) return false;
  const partner = mechanicStatus(input, actor.statuses, spec.partner)?.with;
  const p = partner === undefined ? undefined : byId.get(partner);
  return p !== undefined && !p.alive;
}
