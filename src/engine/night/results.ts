/**
 * What a night tells players, as data: who is told, what kind of fact, about
 * whom, and its value. The resolvers emit these; sentences are made from them
 * only when someone reads them, in the reader's language (`renderNightResult`),
 * so a stored game's messages can be shown in English or Russian later and
 * tests can check what a player learnt rather than how it was worded.
 */
import type { NightRules } from './rules';

/** A public morning word: the thread hears the role (by id), never who holds it, and whether it hit. */
export interface MorningWord {
  readonly role: string;
  readonly hit: boolean;
  /** 004 Commissar (L6): the check gives no information ("информация не предоставляется"); `hit` is then false. */
  readonly noInfo?: true;
}

/** The value each kind of fact carries. */
export interface NightFactValues {
  /** An alignment check (Cop, Commissar): whether the result shown was guilty; `about` is the target. */
  readonly 'alignment-check': boolean;
  /** A faction learnt (Detective, setting detectiveLearns = faction): the faction id; `about` is the target. */
  readonly 'faction-learnt': string;
  /** Roles learnt (Detective): the target's role ids, first role first; `about` is the target. */
  readonly 'roles-learnt': readonly string[];
  /** The Paperboy's news: the subject's role ids; `about` is the subject. */
  readonly newspaper: readonly string[];
  /** A Witness learns a dead player's roles: their role ids; `about` is the dead player. */
  readonly 'witnessed-death': readonly string[];
  /** A Tracker learns where the target went: the slots visited (none: stayed home); `about` is the target. */
  readonly 'target-visits': readonly string[];
  /** A Watcher learns who came: the visiting slots (none: nobody came); `about` is the watched player. */
  readonly 'visited-by': readonly string[];
  /** The player's night action did not happen because of a role (000 Boss): that role's id. */
  readonly 'action-stopped': string;
  /** A Bumbling Bureaucrat sent the player's action elsewhere: the slots it went to (also `about`). */
  readonly 'action-redirected': readonly string[];
  /** The player attacked a guarded player and is injured for the next day and night (000). */
  readonly injured: null;
  /** A Shadchan made the player fall in love; `about` is the partner. */
  readonly 'in-love': null;
  /** The Thief took a role: the role id now held; `about` is the robbed player. */
  readonly 'role-stolen': string;
  /** The Thief's attempt failed: the role id now held when it changed (Townsperson), or null. */
  readonly 'steal-failed': string | null;
  /** The player's second role was stolen; they keep their faction role: the stolen role id. */
  readonly 'second-role-lost': string;
  /** The player's role was stolen: the role id now held. */
  readonly 'role-lost': string;
  /** An Active Citizen inherits a dead player's peaceful role: that role id; `about` is the dead player. */
  readonly 'role-inherited': string;
  /** 004 L40: a copy of a role-less Active Citizen takes a departed player's peaceful role for a game day: that role id; `about` is the departed player. */
  readonly 'role-taken-for-day': string;
  /** A Drunkard attacked a family with nobody left alive: the family id. */
  readonly 'family-empty': string;
  /** 004 Investigator: a checker's result passed on; `about` is the checker. */
  readonly 'forwarded-result': NightResult;
  /** 004 public morning word for a Doctor: the role announced and whether the heal hit; `about` is the Doctor. */
  readonly 'morning-heal': MorningWord;
  /** 004 public morning word for a Blocker: the role announced and whether the block hit; `about` is the Blocker. */
  readonly 'morning-block': MorningWord;
  /** 004 public morning word for a Commissar: the role announced and whether the check went through; `about` is the Commissar. */
  readonly 'morning-check': MorningWord;
  /** 004 (L17, L115.4): the player was attacked in the night and survived. */
  readonly 'attack-survived': null;
  /** 004 (L115.2, L122, L134): a killer learns the team of the player he killed: the faction id; `about` is the victim. */
  readonly 'victim-team': string;
  /** 004 (L115.5): the Doctor's heal hit; `about` is the player it saved. */
  readonly 'saved-victim': null;
  /** 004 (L5, L115.5): the Blocker hit; the role he stopped (its id); `about` is the target. */
  readonly 'block-hit': string;
  /** 004 Prostitute's client: she was killed under protection; the client survives crippled. */
  readonly 'client-crippled': null;
  /** 004 Hacker's target: the role is hacked (blocked) for a game day. */
  readonly hacked: null;
  /** 004 Journalist: `same`, `different` or `no-info`; `about` is the two players compared. */
  readonly 'colours-compared': string;
  /** 004 Anonymous's target: the player is being watched. */
  readonly watched: null;
  /** 004 Drug dealer's target: the player was drugged. */
  readonly drugged: null;
  /** 004 Witch's target: the peaceful role held now (for a game day). */
  readonly 'role-swapped': string;
  /** 004 Bodyguard's ward: the Bodyguard (`about`) died guarding them; the value is the killers. */
  readonly 'guard-died-for-you': readonly string[];
  /** 004 Bodyguard who survived an attack: `about` is the attack's original target; the value is the killers' negative roles. */
  readonly 'guard-attack-survived': readonly string[];
  /** 004 black Bodyguard: the ward (`about`) was killed; the value is the killers. */
  readonly 'guard-ward-killed': readonly string[];
  /**
   * 004 (L115; L52 the Poisoner, L51 the Joker, L53 the Executioner, L54 the Geisha): the player's move failed or
   * was thwarted, and he is told so by PM: the role whose move it was; `about` is its targets (none: untargeted).
   */
  readonly 'move-failed': string;
  /** 004 Homeless: the owner of the watched house (`about`) went out during the night. */
  readonly 'left-home': null;
  /** 004: a Geisha or a Prostitute took the player for the night; the two read the same (L21, L54: the clients cannot tell them apart). */
  readonly 'pleasant-night': null;
  /** 004: the player is in the Executioner's torture chamber; the peaceful role is blocked. */
  readonly tortured: null;
  /** 004: a player's team learnt (Executioner, a Mercenary's employers): whether it is black; `about` is the player. */
  readonly 'team-learnt': boolean;
  /** 004: the Faceless cut the player's face; `about` is the player he must lynch (empty: none named). */
  readonly 'face-cut': null;
  /** 004: the Faceless named the player as a face-cut victim's target to lynch. */
  readonly 'face-cut-target': null;
  /** 004 Immortal: the spare life is spent; `about` is the linked player when it was he who was attacked (none: the Immortal). */
  readonly 'spare-life-spent': null;
  /** 004: the player lost peaceful role and colour until the end of the game (Kamikaze, Madman). */
  readonly crippled: null;
  /** 004 Fanatic: the favourite is avenged; `about` is the player killed. */
  readonly avenged: null;
  /** 004 (L115.8): a killing move failed and the player may try again; `about` is the target. */
  readonly 'another-attempt': null;
  /** 004 Cultist: his heal's result by PM, whether it saved the target; `about` is the target. */
  readonly 'heal-result': boolean;
  /** 004 Priest, Politician: the roles that visited the player tonight (no names). */
  readonly 'visitor-roles': readonly string[];
  /** 004 Kamikaze: the role the player holds has lost its kill for the rest of the game: the role id. */
  readonly 'role-disarmed': string;
  /** 004 Hacker's black target (L22): both roles are blocked for a game day and one of them stays blocked a second day, of his choice. */
  readonly 'hacked-one-role': null;
  /** 004 Maid (L45): a message handed to the player as though from the host: its text. */
  readonly 'host-note': string;
  /** 004 Faceless Bodyguard (L71): the ward (first of `about`) was killed; the second is the attack's original target; the value is the killers' roles. */
  readonly 'guard-ward-killed-roles': readonly string[];
  /** 004 Pimp (L27): the passport of `about` is his now; the slave's peaceful role (its id). */
  readonly 'slave-taken': string;
  /** 004 Pimp's slave (L27): his passport was taken; he does not learn by whom. */
  readonly 'passport-taken': null;
  /** 004 Pimp's slave (L27): punished, his role is blocked for a game day. */
  readonly punished: null;
  /** 004 Pimp's slave (L27): his master forbade or changed his move of the role given by id. */
  readonly 'move-overruled': string;
  /** 004 Collector (L41): the peaceful role of `about`, who left the game, is in his collection now (its id). */
  readonly 'role-collected': string;
  /** 004 Forensic (L44): whether the killer of the body (first of `about`) is among the sampled players (the rest). */
  readonly 'samples-matched': boolean;
  /** 004 (L15): a check sent for verification: whether the checked player (`about`) is truly black. */
  readonly 'check-verified': boolean;
  /** 004 (L53): a private colour check of `about` gives no information (his colour is destroyed). */
  readonly 'check-no-info': null;
  /** 004 Necromancer (L42): he named no one to curse, so the curse fell at random on `about`. */
  readonly 'cursed-at-random': null;
  /** 004 Forensic (L44): whether the sample (first of `about`) is the killer of one of the bodies (the rest), not saying which. */
  readonly 'sample-against-bodies': boolean;
  /** 004 Forensic (L44), in the evening: the body `about` was killed by the move of the role given first, and played for the faction given second (its colour, as the killers learn it). */
  readonly 'body-examined': readonly string[];
  /** 004 Pimp's slave (L27): the master's night note, its text. */
  readonly 'master-note': string;
  /** 004 Pimp (L27): his slave (first of `about`) sent a move as the role given by id, on the rest of `about`. */
  readonly 'slave-move-sent': string;
  /** 004 (L55): both the player's employers are dead and he works for another side now: its faction id; `about` is its living members. */
  readonly 'side-changed': string;
  /** 004 (L55): `about` (a contract killer, his role given by id) works for the player's side now. */
  readonly 'partner-joined': string;
  /** 004 (L55): the player and `about` (his negative role given by id), each left without partners, are a new pair. */
  readonly 'new-pair': string;
  /** The member who sent the faction's kill (the value, a slot id) died tonight: `about` sends it from now on. */
  readonly 'kill-sender-changed': string;
  /** A Friendly Neighbor (`about`) tells the player his alignment: whether it is guilty (issue 19). */
  readonly 'neighbor-alignment': boolean;
  /** A Cult Recruiter (`about`) recruited the player: the faction id he plays for now (issue 19). */
  readonly recruited: string;
  /** The player's recruit of `about` worked (true: he is of the player's faction now) or failed (issue 19). */
  readonly 'recruit-result': boolean;
  /** 004 (L52, extended): next night the player's move of the role given by id may name two targets. */
  readonly 'more-targets-next-night': string;
  /** 004 (L52, extended; L115.4 "узнает утром о покушении"): the player was poisoned and survived (a shared dose killed the other). */
  readonly 'poison-survived': null;
  /** An Action Doubler doubled the player: next night each of his abilities may be used twice (issue 19). */
  readonly 'actions-doubled': null;
  /** 004 black Kamikaze (L100, L114): his empty move cleared his list of trap roles; none stands until he names a new one. */
  readonly 'trap-list-cleared': null;
  /** 004 black Commissar (L85): whether the black check of `about` was false (he is not truly black). */
  readonly 'check-false-black': boolean;
  /** 004 Detective (L7): his track gives no information (blocked, at a Prostitute's or Geisha's, her client tracked, the Madman's fire); `about` is the target. */
  readonly 'track-no-info': null;
  /** 004 Detective (L7): `about` was under a blackening tonight, cast by the side given (a faction id; null: not known). */
  readonly 'blackening-seen': string | null;
  /**
   * 004 L7, L8: a role request's answer: the role asked for and, for each night of the game so far, the places its
   * holder went (none: he stayed home); `about` is empty (a role, not a player).
   */
  readonly 'role-request-places': RoleRequestAnswer;
  /** 004 L7, L8: a role request that gives no information (the requester's role blocked, or the role absent): the role's id. */
  readonly 'role-request-no-info': string;
}

/** A role request's answer (004 L7): the role and, night by night, the players its holder went to. */
export interface RoleRequestAnswer {
  readonly role: string;
  readonly nights: readonly { readonly night: number; readonly places: readonly string[] }[];
}

/** Every kind of fact a night result can carry. */
export type NightFactCode = keyof NightFactValues;

/** One thing a night tells: `to` a slot id, or null for the whole thread (a public morning word). */
export type NightResult = {
  readonly [F in NightFactCode]: {
    readonly to: string | null;
    readonly fact: F;
    readonly about: readonly string[];
    readonly value: NightFactValues[F];
  };
}[NightFactCode];

/** A result of one fact, for emission sites that know which fact they state. */
export type NightResultOf<F extends NightFactCode> = Extract<NightResult, { readonly fact: F }>;

/** The shape of each fact's value, for reading results back from storage or a file. */
const valueKinds: Readonly<Record<NightFactCode, 'boolean' | 'id' | 'id-or-null' | 'none' | 'ids' | 'result' | 'morning' | 'nights'>> = {
  'alignment-check': 'boolean',
  'faction-learnt': 'id',
  'roles-learnt': 'ids',
  newspaper: 'ids',
  'witnessed-death': 'ids',
  'target-visits': 'ids',
  'visited-by': 'ids',
  'action-stopped': 'id',
  'action-redirected': 'ids',
  injured: 'none',
  'in-love': 'none',
  'role-stolen': 'id',
  'steal-failed': 'id-or-null',
  'second-role-lost': 'id',
  'role-lost': 'id',
  'role-inherited': 'id',
  'role-taken-for-day': 'id',
  'family-empty': 'id',
  'forwarded-result': 'result',
  'morning-heal': 'morning',
  'morning-block': 'morning',
  'morning-check': 'morning',
  'attack-survived': 'none',
  'victim-team': 'id',
  'saved-victim': 'none',
  'block-hit': 'id',
  'client-crippled': 'none',
  hacked: 'none',
  'colours-compared': 'id',
  watched: 'none',
  drugged: 'none',
  'role-swapped': 'id',
  'guard-died-for-you': 'ids',
  'guard-attack-survived': 'ids',
  'guard-ward-killed': 'ids',
  'move-failed': 'id',
  'left-home': 'none',
  'pleasant-night': 'none',
  tortured: 'none',
  'team-learnt': 'boolean',
  'face-cut': 'none',
  'face-cut-target': 'none',
  'spare-life-spent': 'none',
  crippled: 'none',
  avenged: 'none',
  'another-attempt': 'none',
  'heal-result': 'boolean',
  'visitor-roles': 'ids',
  'role-disarmed': 'id',
  'hacked-one-role': 'none',
  'host-note': 'id',
  'guard-ward-killed-roles': 'ids',
  'slave-taken': 'id',
  'passport-taken': 'none',
  punished: 'none',
  'move-overruled': 'id',
  'role-collected': 'id',
  'samples-matched': 'boolean',
  'check-verified': 'boolean',
  'check-no-info': 'none',
  'cursed-at-random': 'none',
  'sample-against-bodies': 'boolean',
  'body-examined': 'ids',
  'master-note': 'id',
  'slave-move-sent': 'id',
  'side-changed': 'id',
  'partner-joined': 'id',
  'new-pair': 'id',
  'kill-sender-changed': 'id',
  'neighbor-alignment': 'boolean',
  recruited: 'id',
  'recruit-result': 'boolean',
  'more-targets-next-night': 'id',
  'poison-survived': 'none',
  'actions-doubled': 'none',
  'trap-list-cleared': 'none',
  'check-false-black': 'boolean',
  'track-no-info': 'none',
  'blackening-seen': 'id-or-null',
  'role-request-places': 'nights',
  'role-request-no-info': 'id',
};

/** Every fact code, in a stable order (for tests and tables). */
export const nightFactCodes = Object.keys(valueKinds) as NightFactCode[];

const isIds = (v: unknown): v is readonly string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Whether a value read from outside (a stored game, an imported file) is a night result this Gavel can write out. */
export function isNightResult(value: unknown): value is NightResult {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  if (!(r['to'] === null || typeof r['to'] === 'string') || !isIds(r['about'])) return false;
  const fact = r['fact'];
  if (typeof fact !== 'string' || !Object.hasOwn(valueKinds, fact)) return false;
  const v = r['value'];
  switch (valueKinds[fact as NightFactCode]) {
    case 'boolean':
      return typeof v === 'boolean';
    case 'id':
      return typeof v === 'string';
    case 'id-or-null':
      return v === null || typeof v === 'string';
    case 'none':
      return v === null;
    case 'ids':
      return isIds(v);
    case 'result':
      return isNightResult(v);
    case 'nights': {
      if (typeof v !== 'object' || v === null) return false;
      const answer = v as Record<string, unknown>;
      const nights = answer['nights'];
      return (
        typeof answer['role'] === 'string' &&
        Array.isArray(nights) &&
        nights.every((n: unknown) => {
          if (typeof n !== 'object' || n === null) return false;
          const night = (n as Record<string, unknown>)['night'];
          return typeof night === 'number' && Number.isInteger(night) && night > 0 && isIds((n as Record<string, unknown>)['places']);
        })
      );
    }
    case 'morning': {
      if (typeof v !== 'object' || v === null) return false;
      const word = v as Record<string, unknown>;
      return (
        typeof word['role'] === 'string' && typeof word['hit'] === 'boolean' && (word['noInfo'] === undefined || word['noInfo'] === true)
      );
    }
  }
}

/** Builds a result; the fact code fixes the value's type. */
export function nightResult<F extends NightFactCode>(
  to: string | null,
  fact: F,
  about: readonly string[],
  value: NightFactValues[F],
): NightResultOf<F> {
  return { to, fact, about, value } as NightResultOf<F>;
}

/** The languages night results are written in. */
export type NightLanguage = 'en' | 'ru';

/** The message keys of night results; `$1`… are filled as `nightResultMessage` says. */
export type NightResultKey =
  | 'night_result_alignment_check'
  | 'night_result_faction_learnt'
  | 'night_result_roles_learnt'
  | 'night_result_newspaper'
  | 'night_result_witnessed_death'
  | 'night_result_target_visits'
  | 'night_result_target_visits_none'
  | 'night_result_visited_by'
  | 'night_result_visited_by_none'
  | 'night_result_action_stopped'
  | 'night_result_action_redirected'
  | 'night_result_injured'
  | 'night_result_in_love'
  | 'night_result_role_stolen'
  | 'night_result_steal_failed'
  | 'night_result_steal_failed_became'
  | 'night_result_second_role_lost'
  | 'night_result_role_lost'
  | 'night_result_role_inherited'
  | 'night_result_role_taken_for_day'
  | 'night_result_family_empty'
  | 'night_result_forwarded'
  | 'night_result_morning_hit'
  | 'night_result_morning_miss'
  | 'night_result_morning_check_passed'
  | 'night_result_morning_check_failed'
  | 'night_result_morning_no_info'
  | 'night_result_attack_survived'
  | 'night_result_victim_team'
  | 'night_result_saved_victim'
  | 'night_result_block_hit'
  | 'night_result_client_crippled'
  | 'night_result_hacked'
  | 'night_result_colours_same'
  | 'night_result_colours_different'
  | 'night_result_colours_no_info'
  | 'night_result_watched'
  | 'night_result_drugged'
  | 'night_result_role_swapped'
  | 'night_result_guard_died_for_you'
  | 'night_result_guard_attack_survived'
  | 'night_result_guard_ward_killed'
  | 'night_result_move_failed'
  | 'night_result_left_home'
  | 'night_result_move_failed_untargeted'
  | 'night_result_pleasant_night'
  | 'night_result_tortured'
  | 'night_result_team_learnt'
  | 'night_result_face_cut'
  | 'night_result_face_cut_none'
  | 'night_result_face_cut_target'
  | 'night_result_spare_life_spent'
  | 'night_result_spare_life_spent_self'
  | 'night_result_crippled'
  | 'night_result_avenged'
  | 'night_result_another_attempt'
  | 'night_result_heal_hit'
  | 'night_result_heal_miss'
  | 'night_result_visitor_roles'
  | 'night_result_role_disarmed'
  | 'night_result_hacked_one_role'
  | 'night_result_host_note'
  | 'night_result_guard_ward_killed_roles'
  | 'night_result_slave_taken'
  | 'night_result_passport_taken'
  | 'night_result_punished'
  | 'night_result_move_overruled'
  | 'night_result_role_collected'
  | 'night_result_samples_matched'
  | 'night_result_samples_unmatched'
  | 'night_result_check_verified'
  | 'night_result_check_no_info'
  | 'night_result_cursed_at_random'
  | 'night_result_sample_bodies_matched'
  | 'night_result_sample_bodies_unmatched'
  | 'night_result_body_examined'
  | 'night_result_body_examined_unknown'
  | 'night_result_master_note'
  | 'night_result_slave_move_sent'
  | 'night_result_slave_move_sent_no_target'
  | 'night_result_side_changed'
  | 'night_result_partner_joined'
  | 'night_result_new_pair'
  | 'night_result_kill_sender_changed'
  | 'night_result_ward_visitor_roles'
  | 'night_result_ward_no_visitors'
  | 'night_result_more_targets_next_night'
  | 'night_result_poison_survived'
  | 'night_result_actions_doubled'
  | 'night_result_neighbor_alignment'
  | 'night_result_recruited'
  | 'night_result_recruit_worked'
  | 'night_result_recruit_failed'
  | 'night_result_trap_list_cleared'
  | 'night_result_check_false_black'
  | 'night_result_check_true_black'
  | 'night_result_track_no_info'
  | 'night_result_blackening_seen'
  | 'night_result_blackening_seen_unknown'
  | 'night_result_role_request'
  | 'night_result_role_request_night'
  | 'night_result_role_request_home'
  | 'night_result_role_request_more'
  | 'night_result_role_request_no_info';

/**
 * The one wording of each night result per language. `$1`, `$2` are the
 * message's values in the order `nightResultMessage` gives them. The 004
 * public words are the seed's own ("попал", "не попал", "чек прошел"); the
 * English ones keep them in brackets, as hosts of those games quote them.
 */
export const nightResultWords: Readonly<Record<NightLanguage, Readonly<Record<NightResultKey, string>>>> = {
  en: {
    night_result_alignment_check: 'Your investigation of $1: $2.',
    night_result_faction_learnt: '$1 plays for $2.',
    night_result_roles_learnt: '$1 is $2.',
    night_result_newspaper: 'The paper says $1 is $2.',
    night_result_witnessed_death: '$1 died; their role was $2.',
    night_result_target_visits: '$1 visited $2.',
    night_result_target_visits_none: '$1 stayed home.',
    night_result_visited_by: '$1 was visited by $2.',
    night_result_visited_by_none: 'Nobody visited $1.',
    night_result_action_stopped: 'Any night action you may have attempted last night did not happen because of a $1.',
    night_result_action_redirected: 'Your action went to $1 instead.',
    night_result_injured: 'You are injured: you cannot vote or act for the coming day and night.',
    night_result_in_love: 'You have fallen in love with $1.',
    night_result_role_stolen: 'You stole the role of $1: you are now $2.',
    night_result_steal_failed: 'Your attempt to steal the role of $1 failed.',
    night_result_steal_failed_became: 'Your attempt to steal the role of $1 failed. You are now a $2.',
    night_result_second_role_lost: 'Your second role ($1) was stolen; you remain in your faction.',
    night_result_role_lost: 'Your role was stolen: you have become a $1.',
    night_result_role_inherited: 'You inherit the role $1 from $2.',
    night_result_role_taken_for_day: 'For one game day you play the role $1, which $2 left.',
    night_result_family_empty: 'Nobody was left alive in the $1 family.',
    night_result_forwarded: '(from $1) $2',
    night_result_morning_hit: '$1: hit (попал)',
    night_result_morning_miss: '$1: missed (не попал)',
    night_result_morning_check_passed: '$1: check went through (чек прошел)',
    night_result_morning_check_failed: '$1: check did not go through (чек не прошел)',
    night_result_morning_no_info: '$1: no information is given (информация не предоставляется)',
    night_result_attack_survived: 'You were attacked last night, but you survived.',
    night_result_victim_team: 'Your victim $1 played for $2.',
    night_result_saved_victim: 'Your heal hit: you saved $1.',
    night_result_block_hit: 'Your block hit: $1 is $2.',
    night_result_client_crippled:
      'The Prostitute you spent the night with was killed. You survived, badly hurt: you lose your peaceful role and your colour for the rest of the game.',
    night_result_hacked: 'Your role was hacked: it is blocked for one game day.',
    night_result_hacked_one_role:
      'You were hacked: both your roles are blocked for one game day, and one of them stays blocked a second day. At the end of the day, tell the host which role you will use.',
    night_result_host_note: '$1',
    night_result_guard_ward_killed_roles: '$1, whom you guarded, was killed; the attack was aimed at $2. The killer’s role: $3.',
    night_result_colours_same: '$1: the same colour.',
    night_result_colours_different: '$1: different colours.',
    night_result_colours_no_info: '$1: no information is given (информация не предоставляется).',
    night_result_watched: 'You feel that someone is watching you.',
    night_result_drugged: 'You were drugged.',
    night_result_role_swapped: 'A witch’s illusion swapped your peaceful role: for one game day your role is $1.',
    night_result_guard_died_for_you: 'You were attacked, and $1 died guarding you. The killer: $2.',
    night_result_guard_attack_survived: 'There was an attack on $1, and you survived it. The killer’s role: $2.',
    night_result_guard_ward_killed: '$1, whom you guarded, was killed by $2.',
    night_result_move_failed: 'Your move ($1) on $2 failed.',
    night_result_left_home: '$1 went out during the night.',
    night_result_move_failed_untargeted: 'Your move ($1) failed.',
    night_result_pleasant_night: 'You were entertained last night and did not spend the night at home.',
    night_result_tortured: 'You are in the torture chamber: you feel pain, and your peaceful role is blocked.',
    night_result_team_learnt: 'The team of $1: $2.',
    night_result_face_cut: 'Your face was cut: your peaceful role is blocked until $1 is lynched.',
    night_result_face_cut_none: 'Your face was cut: your peaceful role is blocked.',
    night_result_face_cut_target: 'The Faceless has named you as the player a face-cut victim must get lynched.',
    night_result_spare_life_spent: 'Your spare life is spent: $1 was attacked.',
    night_result_spare_life_spent_self: 'You were attacked: your spare life is spent.',
    night_result_crippled: 'You have lost your peaceful role and your colour until the end of the game.',
    night_result_avenged: 'Your favourite is avenged: $1 is dead. You cannot kill any more.',
    night_result_another_attempt: 'Your move on $1 failed: you have another attempt.',
    night_result_heal_hit: 'Your healing of $1: hit (попал).',
    night_result_heal_miss: 'Your healing of $1: missed (не попал).',
    night_result_visitor_roles: 'Roles that visited you tonight: $1.',
    night_result_role_disarmed: 'Your role $1 has lost its power to kill until the end of the game.',
    night_result_slave_taken: 'You took the passport of $1: a slave now, whose peaceful role is $2.',
    night_result_passport_taken: 'Your passport was taken: you are a slave now, and your master approves your moves.',
    night_result_punished: 'Your master punished you: your role is blocked for one game day.',
    night_result_move_overruled: 'Your master overruled your move as $1.',
    night_result_role_collected: 'The role $2 of $1 is in your collection now.',
    night_result_samples_matched: 'The killer of $1 is among the players you sampled: $2.',
    night_result_samples_unmatched: 'The killer of $1 is not among the players you sampled: $2.',
    night_result_check_verified: 'The verification of your check of $1: $2.',
    night_result_check_no_info: 'Your check of $1: no information is given.',
    night_result_cursed_at_random: 'You named no one to curse, so by the morning your curse fell at random on $1.',
    night_result_sample_bodies_matched: 'The sample of $1 matches: the player killed one of $2.',
    night_result_sample_bodies_unmatched: 'The sample of $1 does not match: the player killed none of $2.',
    night_result_body_examined: 'The examination of the body of $1: killed by the move of the $2; the victim played for $3.',
    night_result_body_examined_unknown: 'The examination of the body of $1: no role’s move killed this player.',
    night_result_master_note: 'A note from your master: $1',
    night_result_slave_move_sent: 'Your slave $1 sent a move as $2, targets: $3. Approve, change or forbid it.',
    night_result_slave_move_sent_no_target: 'Your slave $1 sent a move as $2. Approve, change or forbid it.',
    night_result_side_changed: 'Both your employers are dead: you now work for the side «$2» — $1. Carry out their orders.',
    night_result_partner_joined: 'Both employers of $1 ($2) are dead: he works for your side now. Send him your orders.',
    night_result_new_pair:
      'Your partners are dead: you and $1 ($2) are a new pair. Talk in your shared chat; you insure each other’s shots and may redden one of you.',
    night_result_kill_sender_changed: '$2, who sent your faction’s kill, died tonight: $1 sends it from now on.',
    night_result_ward_visitor_roles: 'Roles that visited $1, your protégé, tonight: $2.',
    night_result_ward_no_visitors: 'Nobody visited $1, your protégé, tonight.',
    night_result_more_targets_next_night: 'Next night you may name two targets for your $1 move.',
    night_result_poison_survived: 'You were poisoned, but you survived.',
    night_result_neighbor_alignment: '$1 is a Friendly Neighbor and tells you that he is $2.',
    night_result_recruited: '$1 recruited you: you now play for «$2». Your new partners will contact you.',
    night_result_recruit_worked: 'You recruited $1: he plays for your side now.',
    night_result_recruit_failed: 'Your recruit of $1 failed.',
    night_result_actions_doubled: 'Your moves are doubled: next night you may use each of your abilities twice.',
    night_result_trap_list_cleared:
      'Your list of roles is cleared: from tonight on no one dies with you for coming to you, until you name a new list.',
    night_result_check_false_black: 'The black check of $1 is false.',
    night_result_check_true_black: 'The black check of $1 is true.',
    night_result_track_no_info: 'Your tracking of $1: no information (информация не предоставляется).',
    night_result_blackening_seen: '$1 was under a blackening from the side of $2.',
    night_result_blackening_seen_unknown: '$1 was under a blackening.',
    night_result_role_request: 'Your role request, $1: $2.',
    night_result_role_request_night: 'night $1, went to $2',
    night_result_role_request_home: 'night $1, stayed home',
    night_result_role_request_more: '$1; $2',
    night_result_role_request_no_info: 'Your role request, $1: no information is given.',
  },
  ru: {
    night_result_alignment_check: 'Результат проверки игрока $1: $2.',
    night_result_faction_learnt: '$1 играет за сторону «$2».',
    night_result_roles_learnt: 'Роль игрока $1: $2.',
    night_result_newspaper: 'Газета пишет, что роль игрока $1: $2.',
    night_result_witnessed_death: 'Игрок $1 погиб; его роль: $2.',
    night_result_target_visits: '$1 ходил(а) к: $2.',
    night_result_target_visits_none: '$1 сидел(а) дома.',
    night_result_visited_by: 'К игроку $1 приходили: $2.',
    night_result_visited_by_none: 'К игроку $1 никто не приходил.',
    night_result_action_stopped: 'Ваше ночное действие прошлой ночью, если оно было, не состоялось из-за роли «$1».',
    night_result_action_redirected: 'Ваше действие досталось другой цели: $1.',
    night_result_injured: 'Вы ранены: в наступающие день и ночь вы не можете голосовать и ходить.',
    night_result_in_love: 'Вы влюбились в игрока $1.',
    night_result_role_stolen: 'Вы украли роль игрока $1: теперь ваша роль — $2.',
    night_result_steal_failed: 'Украсть роль игрока $1 не удалось.',
    night_result_steal_failed_became: 'Украсть роль игрока $1 не удалось. Теперь ваша роль — $2.',
    night_result_second_role_lost: 'Вашу вторую роль ($1) украли; вы остаётесь в своей команде.',
    night_result_role_lost: 'Вашу роль украли: теперь ваша роль — $1.',
    night_result_role_inherited: 'Вы унаследовали роль $1 от игрока $2.',
    night_result_role_taken_for_day: 'На одни игровые сутки вы перехватили роль $1 выбывшего игрока $2.',
    night_result_family_empty: 'В семье $1 не осталось живых.',
    night_result_forwarded: '(от игрока $1) $2',
    night_result_morning_hit: '$1: попал',
    night_result_morning_miss: '$1: не попал',
    night_result_morning_check_passed: '$1: чек прошел',
    night_result_morning_check_failed: '$1: чек не прошел',
    night_result_morning_no_info: '$1: информация не предоставляется',
    night_result_attack_survived: 'Этой ночью на вас было совершено покушение, но вы выжили.',
    night_result_victim_team: 'Команда вашей жертвы ($1): $2.',
    night_result_saved_victim: 'Вы попали: ваша цель, которую вы спасли, — $1.',
    night_result_block_hit: 'Вы попали: роль игрока $1 — $2.',
    night_result_client_crippled:
      'Проститутку, у которой вы провели ночь, убили. Вы выжили, но получили тяжелые травмы: до конца игры вы теряете мирную роль и цвет.',
    night_result_hacked: 'Вашу роль взломал хакер: на игровые сутки она заблокирована.',
    night_result_hacked_one_role:
      'Вас взломал хакер: обе ваши роли заблокированы на игровые сутки, и одна из них останется заблокированной на вторые сутки. В конце дня сообщите ведущему, какую роль будете использовать.',
    night_result_guard_ward_killed_roles: 'Ваш подопечный $1 убит; нападение было совершено на игрока $2. Роль убийцы: $3.',
    night_result_host_note: '$1',
    night_result_colours_same: '$1: цвета одинаковые.',
    night_result_colours_different: '$1: цвета разные.',
    night_result_colours_no_info: '$1: информация не предоставляется.',
    night_result_watched: 'Вы чувствуете, что за вами наблюдают.',
    night_result_drugged: 'Вас накачали наркотиками.',
    night_result_role_swapped: 'Иллюзия ведьмы поменяла вашу мирную роль: на игровые сутки ваша роль — $1.',
    night_result_guard_died_for_you: 'На вас напали, и игрок $1 погиб, защищая вас. Убийца: $2.',
    night_result_guard_attack_survived: 'Было покушение на игрока $1, и вы его пережили. Роль убийцы: $2.',
    night_result_guard_ward_killed: 'Ваш подопечный $1 убит. Убийца: $2.',
    night_result_move_failed: 'Ваш ход ($1) в игрока $2 сорвался.',
    night_result_left_home: 'Игрок $1 ночью выходил из дома.',
    night_result_move_failed_untargeted: 'Ваш ход ($1) сорвался.',
    night_result_pleasant_night: 'Этой ночью вы развлекались и провели ночь не дома.',
    night_result_tortured: 'Вы в камере пыток: вы чувствуете боль, ваша мирная роль заблокирована.',
    night_result_team_learnt: 'Команда игрока $1: $2.',
    night_result_face_cut: 'Вам срезали лицо: ваша мирная роль заблокирована, пока не будет залинчеван игрок $1.',
    night_result_face_cut_none: 'Вам срезали лицо: ваша мирная роль заблокирована.',
    night_result_face_cut_target: 'Безликий назвал вас целью, которую жертва срезанного лица должна залинчевать.',
    night_result_spare_life_spent: 'Ваша запасная жизнь потрачена: было совершено нападение на игрока $1.',
    night_result_spare_life_spent_self: 'На вас напали: ваша запасная жизнь потрачена.',
    night_result_crippled: 'Вы лишились мирной роли и цвета до конца игры.',
    night_result_avenged: 'Ваш любимчик отомщён: игрок $1 мёртв. Больше убивать вы не можете.',
    night_result_another_attempt: 'Ваш ход в игрока $1 не прошёл: у вас есть ещё одна попытка.',
    night_result_heal_hit: 'Исцеление игрока $1: попал.',
    night_result_heal_miss: 'Исцеление игрока $1: не попал.',
    night_result_visitor_roles: 'Этой ночью к вам заходили роли: $1.',
    night_result_role_disarmed: 'Ваша роль «$1» потеряла возможность убивать до конца игры.',
    night_result_slave_taken: 'Вы забрали паспорт у игрока $1: теперь это ваш раб, его мирная роль — $2.',
    night_result_passport_taken: 'У вас забрали паспорт: теперь вы секс-раб, и хозяин одобряет ваши ходы.',
    night_result_punished: 'Хозяин наказал вас: ваша роль заблокирована на игровые сутки.',
    night_result_move_overruled: 'Хозяин отменил или изменил ваш ход за роль «$1».',
    night_result_role_collected: 'Роль «$2» игрока $1 теперь в вашей коллекции.',
    night_result_samples_matched: 'Убийца игрока $1 есть среди игроков, у которых вы взяли анализы: $2.',
    night_result_samples_unmatched: 'Убийцы игрока $1 нет среди игроков, у которых вы взяли анализы: $2.',
    night_result_check_verified: 'Проверка подлинности вашего чека игрока $1: $2.',
    night_result_check_no_info: 'Ваш чек игрока $1: информация не предоставляется.',
    night_result_cursed_at_random: 'Вы не назначили цели проклятия, поэтому к утру по рандому прокляты игроки: $1.',
    night_result_sample_bodies_matched: 'Анализ игрока $1 совпал: он убил кого-то из игроков $2.',
    night_result_sample_bodies_unmatched: 'Анализ игрока $1 не совпал: он не убивал никого из игроков $2.',
    night_result_body_examined: 'Обследование тела игрока $1: убит через ход роли «$2», жертва играла за сторону «$3».',
    night_result_body_examined_unknown: 'Обследование тела игрока $1: этот игрок убит не ходом роли.',
    night_result_master_note: 'Записка от хозяина: $1',
    night_result_slave_move_sent: 'Ваш раб $1 отправил ход за роль «$2», цели: $3. Подтвердите, измените или запретите его.',
    night_result_slave_move_sent_no_target: 'Ваш раб $1 отправил ход за роль «$2». Подтвердите, измените или запретите его.',
    night_result_side_changed: 'Оба ваших нанимателя мертвы: теперь вы работаете на сторону «$2» — $1. Выполняйте их заказы.',
    night_result_partner_joined: 'Оба нанимателя игрока $1 ($2) мертвы: теперь он работает на вашу сторону. Отправляйте ему заказы.',
    night_result_new_pair:
      'Ваши напарники мертвы: вы и игрок $1 ($2) — новая пара. Общайтесь в общем чате; вы страхуете выстрелы друг друга и можете окраснить одного из вас.',
    night_result_kill_sender_changed:
      'Игрок $2, отправлявший убийство от вашей фракции, погиб этой ночью: теперь убийство отправляет игрок $1.',
    night_result_ward_visitor_roles: 'Этой ночью к вашему подопечному $1 заходили роли: $2.',
    night_result_ward_no_visitors: 'Этой ночью к вашему подопечному $1 никто не заходил.',
    night_result_more_targets_next_night: 'В следующую ночь вы можете выбрать две цели для хода роли «$1».',
    night_result_poison_survived: 'Вас пытались отравить, но вы выжили.',
    night_result_neighbor_alignment: 'Игрок $1 — дружелюбный сосед и сообщает вам, что он: $2.',
    night_result_recruited: 'Игрок $1 завербовал вас: теперь вы играете за сторону «$2». С вами свяжутся новые союзники.',
    night_result_recruit_worked: 'Вы завербовали игрока $1: теперь он играет за вашу сторону.',
    night_result_recruit_failed: 'Вербовка игрока $1 не удалась.',
    night_result_actions_doubled: 'Ваши ходы удвоены: следующей ночью вы можете воспользоваться каждой своей способностью дважды.',
    night_result_trap_list_cleared:
      'Ваш список ролей очищен: с этой ночи никто из зашедших к вам не умрет вместе с вами, пока вы не назовете новый список.',
    night_result_check_false_black: 'Черный чек игрока $1 ложный.',
    night_result_check_true_black: 'Черный чек игрока $1 настоящий.',
    night_result_track_no_info: 'Слежка за игроком $1: информация не предоставляется.',
    night_result_blackening_seen: 'Игрок $1 был под очернением от стороны «$2».',
    night_result_blackening_seen_unknown: 'Игрок $1 был под очернением.',
    night_result_role_request: 'Запрос на роль «$1»: $2.',
    night_result_role_request_night: 'ночь $1 - ходил к игроку $2',
    night_result_role_request_home: 'ночь $1 - сидел дома',
    night_result_role_request_more: '$1; $2',
    night_result_role_request_no_info: 'Запрос на роль «$1»: информация не предоставляется.',
  },
};

/** Every night result key (the keys of the English words). */
export const nightResultKeys = Object.keys(nightResultWords.en) as NightResultKey[];

/** How ids inside a result are written: players by name, roles and factions by the ruleset's names. */
export interface NightResultNames {
  player(slotId: string): string;
  role(roleId: string): string;
  faction(factionId: string): string;
  /** The word an alignment check shows ("Mafia" / "not Mafia", 004 "black" / "red"). */
  verdict(guilty: boolean): string;
}

/**
 * A check's verdict word (the night rules' `verdicts`, or guilty / innocent) in each language: the one map every PM,
 * post and host's note that states a verdict reads (nightResultNames; the posts' phrases take it from here).
 */
export const nightVerdictWords: Readonly<Record<NightLanguage, Readonly<Record<string, string>>>> = {
  en: {},
  ru: {
    black: 'чёрный',
    red: 'красный',
    Mafia: 'мафия',
    'not Mafia': 'не мафия',
    'Black Organization': 'Чёрная организация',
    'not Black Organization': 'не Чёрная организация',
    guilty: 'виновен',
    innocent: 'невиновен',
    // The forum standard's Cop and Friendly Neighbor (issue 19): the community's «мафия» and «мирный».
    Scum: 'мафия',
    Town: 'мирный',
  },
};

/**
 * Names from the night's players and rules; an id nobody names is shown as itself (verdicts without rules:
 * guilty, innocent). Factions are named by the rules' factions, in `language` where a faction has a name in it
 * (004 L55: «теперь вы работаете на сторону «Якудза»», not the id); a verdict by `nightVerdictWords` in `language`
 * (the forum standard's "Town" is «мирный» in a Russian PM).
 */
export function nightResultNames(
  players: Iterable<{ readonly id: string; readonly name: string }>,
  rules?: {
    readonly roles: readonly { readonly id: string; readonly name: string; readonly names?: Partial<Record<NightLanguage, string>> }[];
    readonly factions?: readonly { readonly id: string; readonly name: string; readonly names?: Partial<Record<NightLanguage, string>> }[];
    readonly verdicts?: NightRules['verdicts'];
  },
  language: NightLanguage = 'en',
): NightResultNames {
  const names = new Map<string, string>();
  for (const p of players) names.set(p.id, p.name);
  // Roles too, in `language` where a role has a name in it: a Russian PM says «Наемник», an English one "Mercenary".
  const roles = new Map((rules?.roles ?? []).map((r) => [r.id, r.names?.[language] ?? r.name]));
  const factions = new Map((rules?.factions ?? []).map((f) => [f.id, f.names?.[language] ?? f.name]));
  return {
    player: (id) => names.get(id) ?? id,
    role: (id) => roles.get(id) ?? id,
    faction: (id) => factions.get(id) ?? id,
    verdict: (guilty) => {
      const verdicts = rules?.verdicts ?? { guilty: 'guilty', innocent: 'innocent' };
      const said = guilty ? verdicts.guilty : verdicts.innocent;
      return nightVerdictWords[language][said] ?? said;
    },
  };
}

/** A message to look up: its key and the values for `$1`, `$2`… (a forwarded result's inner sentence is its own message). */
export interface NightResultMessage {
  readonly key: NightResultKey;
  readonly subs: readonly (string | NightResultMessage)[];
}

/** Which message states a result, and the values it needs. */
export function nightResultMessage(result: NightResult, names: NightResultNames): NightResultMessage {
  const who = (ids: readonly string[]): string => ids.map((id) => names.player(id)).join(', ');
  const roles = (ids: readonly string[]): string => ids.map((id) => names.role(id)).join(' + ');
  const subject = who(result.about);
  switch (result.fact) {
    case 'alignment-check':
      return { key: 'night_result_alignment_check', subs: [subject, names.verdict(result.value)] };
    case 'faction-learnt':
      return { key: 'night_result_faction_learnt', subs: [subject, names.faction(result.value)] };
    case 'roles-learnt':
      return { key: 'night_result_roles_learnt', subs: [subject, roles(result.value)] };
    case 'newspaper':
      return { key: 'night_result_newspaper', subs: [subject, roles(result.value)] };
    case 'witnessed-death':
      return { key: 'night_result_witnessed_death', subs: [subject, roles(result.value)] };
    case 'target-visits':
      return result.value.length === 0
        ? { key: 'night_result_target_visits_none', subs: [subject] }
        : { key: 'night_result_target_visits', subs: [subject, who(result.value)] };
    case 'visited-by':
      return result.value.length === 0
        ? { key: 'night_result_visited_by_none', subs: [subject] }
        : { key: 'night_result_visited_by', subs: [subject, who(result.value)] };
    case 'action-stopped':
      return { key: 'night_result_action_stopped', subs: [names.role(result.value)] };
    case 'action-redirected':
      return { key: 'night_result_action_redirected', subs: [who(result.value)] };
    case 'injured':
      return { key: 'night_result_injured', subs: [] };
    case 'in-love':
      return { key: 'night_result_in_love', subs: [subject] };
    case 'role-stolen':
      return { key: 'night_result_role_stolen', subs: [subject, names.role(result.value)] };
    case 'steal-failed':
      return result.value === null
        ? { key: 'night_result_steal_failed', subs: [subject] }
        : { key: 'night_result_steal_failed_became', subs: [subject, names.role(result.value)] };
    case 'second-role-lost':
      return { key: 'night_result_second_role_lost', subs: [names.role(result.value)] };
    case 'role-lost':
      return { key: 'night_result_role_lost', subs: [names.role(result.value)] };
    case 'role-inherited':
      return { key: 'night_result_role_inherited', subs: [names.role(result.value), subject] };
    case 'role-taken-for-day':
      return { key: 'night_result_role_taken_for_day', subs: [names.role(result.value), subject] };
    case 'family-empty':
      return { key: 'night_result_family_empty', subs: [result.value] };
    case 'forwarded-result':
      return { key: 'night_result_forwarded', subs: [subject, nightResultMessage(result.value, names)] };
    case 'morning-heal':
    case 'morning-block':
      return { key: result.value.hit ? 'night_result_morning_hit' : 'night_result_morning_miss', subs: [names.role(result.value.role)] };
    case 'morning-check':
      return {
        key:
          result.value.noInfo === true
            ? 'night_result_morning_no_info'
            : result.value.hit
              ? 'night_result_morning_check_passed'
              : 'night_result_morning_check_failed',
        subs: [names.role(result.value.role)],
      };
    case 'attack-survived':
      return { key: 'night_result_attack_survived', subs: [] };
    case 'victim-team':
      return { key: 'night_result_victim_team', subs: [subject, names.faction(result.value)] };
    case 'saved-victim':
      return { key: 'night_result_saved_victim', subs: [subject] };
    case 'block-hit':
      return { key: 'night_result_block_hit', subs: [subject, names.role(result.value)] };
    case 'client-crippled':
      return { key: 'night_result_client_crippled', subs: [] };
    case 'hacked':
      return { key: 'night_result_hacked', subs: [] };
    case 'colours-compared':
      return {
        key:
          result.value === 'same'
            ? 'night_result_colours_same'
            : result.value === 'different'
              ? 'night_result_colours_different'
              : 'night_result_colours_no_info',
        subs: [subject],
      };
    case 'watched':
      return { key: 'night_result_watched', subs: [] };
    case 'drugged':
      return { key: 'night_result_drugged', subs: [] };
    case 'role-swapped':
      return { key: 'night_result_role_swapped', subs: [names.role(result.value)] };
    case 'guard-died-for-you':
      return { key: 'night_result_guard_died_for_you', subs: [subject, who(result.value)] };
    case 'guard-attack-survived':
      return { key: 'night_result_guard_attack_survived', subs: [subject, roles(result.value)] };
    case 'guard-ward-killed':
      return { key: 'night_result_guard_ward_killed', subs: [subject, who(result.value)] };
    case 'move-failed':
      return result.about.length === 0
        ? { key: 'night_result_move_failed_untargeted', subs: [names.role(result.value)] }
        : { key: 'night_result_move_failed', subs: [names.role(result.value), subject] };
    case 'left-home':
      return { key: 'night_result_left_home', subs: [subject] };
    case 'pleasant-night':
      return { key: 'night_result_pleasant_night', subs: [] };
    case 'tortured':
      return { key: 'night_result_tortured', subs: [] };
    case 'team-learnt':
      return { key: 'night_result_team_learnt', subs: [subject, names.verdict(result.value)] };
    case 'face-cut':
      return result.about.length === 0
        ? { key: 'night_result_face_cut_none', subs: [] }
        : { key: 'night_result_face_cut', subs: [subject] };
    case 'face-cut-target':
      return { key: 'night_result_face_cut_target', subs: [] };
    case 'spare-life-spent':
      return result.about.length === 0
        ? { key: 'night_result_spare_life_spent_self', subs: [] }
        : { key: 'night_result_spare_life_spent', subs: [subject] };
    case 'crippled':
      return { key: 'night_result_crippled', subs: [] };
    case 'avenged':
      return { key: 'night_result_avenged', subs: [subject] };
    case 'another-attempt':
      return { key: 'night_result_another_attempt', subs: [subject] };
    case 'role-disarmed':
      return { key: 'night_result_role_disarmed', subs: [names.role(result.value)] };
    case 'hacked-one-role':
      return { key: 'night_result_hacked_one_role', subs: [] };
    case 'host-note':
      return { key: 'night_result_host_note', subs: [result.value] };
    case 'guard-ward-killed-roles':
      return {
        key: 'night_result_guard_ward_killed_roles',
        subs: [names.player(result.about[0] ?? ''), names.player(result.about[1] ?? result.about[0] ?? ''), roles(result.value)],
      };
    case 'slave-taken':
      return { key: 'night_result_slave_taken', subs: [subject, names.role(result.value)] };
    case 'passport-taken':
      return { key: 'night_result_passport_taken', subs: [] };
    case 'punished':
      return { key: 'night_result_punished', subs: [] };
    case 'move-overruled':
      return { key: 'night_result_move_overruled', subs: [names.role(result.value)] };
    case 'role-collected':
      return { key: 'night_result_role_collected', subs: [subject, names.role(result.value)] };
    case 'samples-matched':
      return {
        key: result.value ? 'night_result_samples_matched' : 'night_result_samples_unmatched',
        subs: [who(result.about.slice(0, 1)), who(result.about.slice(1))],
      };
    case 'cursed-at-random':
      return { key: 'night_result_cursed_at_random', subs: [subject] };
    case 'sample-against-bodies':
      return {
        key: result.value ? 'night_result_sample_bodies_matched' : 'night_result_sample_bodies_unmatched',
        subs: [who(result.about.slice(0, 1)), who(result.about.slice(1))],
      };
    case 'body-examined': {
      const [role, faction] = result.value;
      return role === undefined || faction === undefined
        ? { key: 'night_result_body_examined_unknown', subs: [subject] }
        : { key: 'night_result_body_examined', subs: [subject, names.role(role), names.faction(faction)] };
    }
    case 'master-note':
      return { key: 'night_result_master_note', subs: [result.value] };
    case 'slave-move-sent':
      return result.about.length > 1
        ? {
            key: 'night_result_slave_move_sent',
            subs: [who(result.about.slice(0, 1)), names.role(result.value), who(result.about.slice(1))],
          }
        : { key: 'night_result_slave_move_sent_no_target', subs: [who(result.about.slice(0, 1)), names.role(result.value)] };
    case 'visitor-roles':
      // L132: the roles that visited the Politician's protégé.
      if (result.about.length > 0)
        return result.value.length === 0
          ? { key: 'night_result_ward_no_visitors', subs: [subject] }
          : { key: 'night_result_ward_visitor_roles', subs: [subject, result.value.map((id) => names.role(id)).join(', ')] };
      return { key: 'night_result_visitor_roles', subs: [result.value.map((id) => names.role(id)).join(', ')] };
    case 'heal-result':
      return { key: result.value ? 'night_result_heal_hit' : 'night_result_heal_miss', subs: [subject] };
    case 'check-verified':
      return { key: 'night_result_check_verified', subs: [subject, names.verdict(result.value)] };
    case 'check-no-info':
      return { key: 'night_result_check_no_info', subs: [subject] };
    case 'side-changed':
      return { key: 'night_result_side_changed', subs: [subject, names.faction(result.value)] };
    case 'partner-joined':
      return { key: 'night_result_partner_joined', subs: [subject, names.role(result.value)] };
    case 'new-pair':
      return { key: 'night_result_new_pair', subs: [subject, names.role(result.value)] };
    case 'neighbor-alignment':
      return { key: 'night_result_neighbor_alignment', subs: [subject, names.verdict(result.value)] };
    case 'recruited':
      return { key: 'night_result_recruited', subs: [subject, names.faction(result.value)] };
    case 'recruit-result':
      return { key: result.value ? 'night_result_recruit_worked' : 'night_result_recruit_failed', subs: [subject] };
    case 'kill-sender-changed':
      return { key: 'night_result_kill_sender_changed', subs: [subject, names.player(result.value)] };
    case 'more-targets-next-night':
      return { key: 'night_result_more_targets_next_night', subs: [names.role(result.value)] };
    case 'poison-survived':
      return { key: 'night_result_poison_survived', subs: [] };
    case 'actions-doubled':
      return { key: 'night_result_actions_doubled', subs: [] };
    case 'trap-list-cleared':
      return { key: 'night_result_trap_list_cleared', subs: [] };
    case 'check-false-black':
      return { key: result.value ? 'night_result_check_false_black' : 'night_result_check_true_black', subs: [subject] };
    case 'track-no-info':
      return { key: 'night_result_track_no_info', subs: [subject] };
    case 'blackening-seen':
      return result.value === null
        ? { key: 'night_result_blackening_seen_unknown', subs: [subject] }
        : { key: 'night_result_blackening_seen', subs: [subject, names.faction(result.value)] };
    case 'role-request-places': {
      // L7: each night in order, "ходил к игроку (имя игрока)" or "сидел дома", the nights joined in one message.
      const role = names.role(result.value.role);
      const nights = result.value.nights.map((n): NightResultMessage =>
        n.places.length === 0
          ? { key: 'night_result_role_request_home', subs: [String(n.night)] }
          : { key: 'night_result_role_request_night', subs: [String(n.night), who(n.places)] },
      );
      const joined = nights.reduceRight<NightResultMessage | undefined>(
        (rest, n) => (rest === undefined ? n : { key: 'night_result_role_request_more', subs: [n, rest] }),
        undefined,
      );
      return { key: 'night_result_role_request', subs: [role, joined ?? ''] };
    }
    case 'role-request-no-info':
      return { key: 'night_result_role_request_no_info', subs: [names.role(result.value)] };
  }
}

/** Fills `$1`…`$9` of a wording; `$$` is a dollar sign (Chrome's rules, as the extension's catalogs use). */
function fill(words: string, subs: readonly string[]): string {
  return words.replace(/\$(\$|[1-9])/g, (_whole, mark: string) => (mark === '$' ? '$' : (subs[Number(mark) - 1] ?? '')));
}

/** A message in a language, with its nested messages written in the same language. */
export function renderNightMessage(message: NightResultMessage, language: NightLanguage): string {
  const subs = message.subs.map((s) => (typeof s === 'string' ? s : renderNightMessage(s, language)));
  return fill(nightResultWords[language][message.key], subs);
}

/** The sentence a result says, in `language` (English unless told). */
export function renderNightResult(result: NightResult, names: NightResultNames, language: NightLanguage = 'en'): string {
  return renderNightMessage(nightResultMessage(result, names), language);
}
