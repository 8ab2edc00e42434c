/**
 * Accounts linked to roster slots as a host links them.
 *
 * A player often posts under an account the roster does not list: the forum
 * account was renamed (Wake88 posts as Wake1), the host typed the name short
 * or wrong ("jilyne" for jilynne1991), or wrote its initials. Read strictly,
 * every vote of that player is refused as "not in the game". A careful host
 * looks at who posts and who does not: a frequent poster on no slot, and a
 * slot that never posts, with names that are plainly the same player, are one
 * player. Where it is not plain, the host is asked.
 *
 * The rules, in the order they are applied:
 * - **Who is looked at.** Authors are grouped by account (case and spaces
 *   ignored) first, so the cost is one pass over the posts and then one
 *   comparison per unlisted account and roster name, never per post.
 *   An account is *unlisted* when no slot holds it and it is not a host (nor a
 *   host's account renamed: the same stem as a host's). It is *frequent* with
 *   at least `minLinkPosts` (3) posts: a visitor who posts once or twice
 *   ("/in", "good luck all") is never linked.
 * - **Evidence** between an unlisted account and a roster name, strongest first:
 *   `renamed` (the same once case, punctuation and a trailing number are set
 *   aside: the old `renamedAccounts` rule), `edit-distance` (one typing mistake
 *   from 5 letters, or one missing letter from 4; two from 9; counted on the
 *   whole names or on their stems),
 *   `initials` (one name is the initials of the other's words), `abbreviation`
 *   (one name starts the other, or its letters run in order through the other
 *   from a word start), `shared-start` (a long common start: 5 letters and 60%
 *   of the longer name). The first four (initials of 3 letters or more, an
 *   abbreviation that is a start of 4 letters or more) are strong; the rest are weak.
 * - **Applied** only when it is unambiguous: the account's evidence points at
 *   exactly one slot (or at one slot strongly and at others only weakly), the
 *   listed account it names does not post while the account posts (its last
 *   post is before the account's first; the slot's other holders may, as a
 *   replacement and the player replaced overlap; not
 *   asked of `renamed`: a forum shows a renamed account's old and new names
 *   side by side, in quotes and pages read before the change), the evidence
 *   is strong, and no other account claims the slot for the same posts
 *   (several renamed accounts may hold one slot one after the other).
 * - **Elimination**: when, after that, exactly one frequent unlisted account
 *   is left and exactly one slot has never posted, and the account's names
 *   point at no other slot, the two are linked.
 * - **Took over**: when exactly one frequent unlisted account is left, no slot
 *   is silent, the account's name fits no slot, and exactly one slot's accounts
 *   stopped posting before it began, that slot is *suggested* (a replacement the
 *   roster does not list; never applied: the dead stop posting too).
 * - Everything else that has evidence is a **suggestion** with its evidence
 *   and the reason it was held back; the host accepts it by adding the
 *   account to the slot.
 *
 * An account already on the roster is never moved, and a linked account is
 * added to one slot only. The same account listed in two slots (replaced out
 * of one, replaced into another later) is reported as `shared`, with the post
 * from which the later holding is taken to start where the thread shows it:
 * the post after the later slot's earlier holders last posted.
 */
import type { ForumPost, Roster, Slot } from '../types';
import { accountStem, minStemLength } from './account-stem';
import { editDistance, nameInitials, normalizeName, splitNameWords } from './match';

/** Posts an unlisted account needs before it is linked to a slot: one or two posts are a visitor's. */
export const minLinkPosts = 3;

/** Why an account is taken to be a slot's player. Data, not words: the views put words on it. */
export type LinkEvidence =
  /** The same name once case, punctuation and a trailing number are set aside (Wake88 and Wake1). */
  | { readonly kind: 'renamed'; readonly name: string }
  /** A few typing mistakes apart (`distance` of them). */
  | { readonly kind: 'edit-distance'; readonly name: string; readonly distance: number }
  /** One name is the initials of the other's words (TSO for The Silent One). */
  | { readonly kind: 'initials'; readonly name: string; readonly initials: string }
  /** The shorter name (`letters` long) starts the other (`prefix`), or its letters run in order through the other from a word start. */
  | { readonly kind: 'abbreviation'; readonly name: string; readonly prefix: boolean; readonly letters: number }
  /** A long common start (`letters` letters). */
  | { readonly kind: 'shared-start'; readonly name: string; readonly letters: number }
  /** The only frequent unlisted poster and the only slot that never posts. */
  | { readonly kind: 'elimination' }
  /**
   * The only frequent unlisted poster, no slot that never posts, and exactly one slot whose accounts stopped
   * posting (at `lastPost`) before this one began: a replacement the roster does not list. Weak: the dead stop too.
   */
  | { readonly kind: 'took-over'; readonly lastPost: number };

/** How much one account posted in the thread. */
export interface AccountActivity {
  /** The account as its first post spells it. */
  readonly account: string;
  readonly posts: number;
  readonly firstPost: number;
  readonly lastPost: number;
}

/** An account taken to post for a slot. */
export interface AccountLink extends AccountActivity {
  readonly slotId: string;
  readonly evidence: readonly LinkEvidence[];
}

/** Why a link with evidence was not applied. */
export type LinkHeldBack =
  /** The account's name fits more than one slot. */
  | 'link/several-slots'
  /** The slot's own listed account posts while this account does. */
  | 'link/slot-has-poster'
  /** The only evidence is weak (a loose abbreviation or a shared start). */
  | 'link/weak-evidence'
  /** Several unlisted accounts post for this slot at the same time. */
  | 'link/slot-claimed-twice'
  /** The rules turn automatic links off (`renamedAccounts: false`). */
  | 'link/off';

export interface LinkSuggestion extends AccountLink {
  readonly reason: LinkHeldBack;
}

/** One account listed in several slots, and from which post each holding is taken to start. */
export interface SharedAccount {
  readonly account: string;
  readonly holdings: readonly {
    readonly slotId: string;
    /** The post this holding starts at: the roster's replacement point, else the thread's estimate; null from the start or unknown. */
    readonly from: number | null;
    /** Whether `from` was estimated from the thread (the post after the slot's earlier holders last posted). */
    readonly estimated: boolean;
  }[];
}

export interface AccountLinks {
  readonly applied: readonly AccountLink[];
  readonly suggested: readonly LinkSuggestion[];
  readonly shared: readonly SharedAccount[];
}

export interface LinkOptions {
  /** Host accounts besides the roster's (the authors of posts that end days). */
  readonly hosts?: readonly string[];
  /** Whether links are applied automatically; false: all are suggestions (`link/off`). @default true */
  readonly apply?: boolean;
  /** @default minLinkPosts */
  readonly minPosts?: number;
  /** Each account's posts, as `accountActivity(posts)` gives them (a thread counter keeps them from count to count). */
  readonly activity?: ReadonlyMap<string, AccountActivity>;
}

export const noAccountLinks: AccountLinks = { applied: [], suggested: [], shared: [] };

const keyOf = (name: string): string => name.trim().toLowerCase();

/** Whether a piece of evidence is enough on its own to link an account with no host asked. */
export function isStrongEvidence(e: LinkEvidence): boolean {
  switch (e.kind) {
    case 'renamed':
    case 'edit-distance':
    case 'elimination':
      return true;
    case 'initials':
      return e.initials.length >= 3;
    case 'abbreviation':
      return e.prefix && e.letters >= 4;
    case 'shared-start':
    case 'took-over':
      return false;
  }
}

/** Evidence rank: lower is stronger (used to keep a slot's best evidence). */
function rank(e: LinkEvidence): number {
  const order = ['elimination', 'renamed', 'edit-distance', 'initials', 'abbreviation', 'shared-start', 'took-over'] as const;
  return order.indexOf(e.kind) * 2 + (isStrongEvidence(e) ? 0 : 1);
}

/** Whether `short`'s letters run in order through `words` joined, the first at a word's start. */
function runsThrough(short: string, words: readonly string[]): boolean {
  const joined = words.join('');
  let offset = 0;
  for (const word of words) {
    const start = offset;
    offset += word.length;
    if (joined[start] !== short[0]) continue;
    let i = 1;
    for (let j = start + 1; j < joined.length && i < short.length; j++) if (joined[j] === short[i]) i++;
    if (i === short.length) return true;
  }
  return false;
}

function commonStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** Typing mistakes allowed between two names, by the shorter's length. */
function typoLimit(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/** What the evidence compares of a name, worked out once per name (not once per pair). */
interface NameForms {
  readonly name: string;
  readonly norm: string;
  readonly stem: string;
  readonly initials: readonly string[];
  readonly words: readonly string[];
}

function formsOf(name: string): NameForms {
  return {
    name,
    norm: normalizeName(name),
    stem: accountStem(name),
    initials: nameInitials(name),
    words: splitNameWords(name).map((w) => w.toLowerCase()),
  };
}

/** Each comparison within its own limit (editDistance answers limit + 1 for anything beyond it). */
function typos(x: string, y: string): number {
  const shorter = Math.min(x.length, y.length);
  // A 4-letter name and a 5-letter one may be one missing letter apart ("Jos_B" for Josh_B); a changed letter is another name (Mist, Mast).
  const limit = shorter === 4 && x.length !== y.length ? 1 : typoLimit(shorter);
  if (limit <= 0) return Number.POSITIVE_INFINITY;
  const d = editDistance(x, y, limit);
  return d <= limit ? d : Number.POSITIVE_INFINITY;
}

function evidenceBetween(account: NameForms, listed: NameForms): LinkEvidence | undefined {
  const { norm: a, stem: stemA } = account;
  const { norm: b, stem: stemB } = listed;
  if (a.length === 0 || b.length === 0) return undefined;
  if (stemA.length >= minStemLength && stemA === stemB) return { kind: 'renamed', name: listed.name };
  const distance = Math.min(typos(a, b), stemA !== a || stemB !== b ? typos(stemA, stemB) : Number.POSITIVE_INFINITY);
  if (distance > 0 && Number.isFinite(distance)) return { kind: 'edit-distance', name: listed.name, distance };
  if (b.length >= 2 && account.initials.includes(b)) return { kind: 'initials', name: listed.name, initials: b };
  if (a.length >= 2 && listed.initials.includes(a)) return { kind: 'initials', name: listed.name, initials: a };
  const [short, long, longer] = a.length <= b.length ? [a, b, listed] : [b, a, account];
  if (short.length >= 3 && short.length < long.length) {
    if (long.startsWith(short)) return { kind: 'abbreviation', name: listed.name, prefix: true, letters: short.length };
    if (runsThrough(short, longer.words)) return { kind: 'abbreviation', name: listed.name, prefix: false, letters: short.length };
  }
  const shared = commonStart(a, b);
  if (shared >= 5 && shared >= 0.6 * Math.max(a.length, b.length)) return { kind: 'shared-start', name: listed.name, letters: shared };
  return undefined;
}

/**
 * The strongest evidence that `account` (posting, on no slot) is the player
 * listed as `listed`, or undefined when the names do not say so.
 *
 * @example nameEvidence('Wake1', 'Wake88') // { kind: 'renamed', name: 'Wake88' }
 */
export function nameEvidence(account: string, listed: string): LinkEvidence | undefined {
  return evidenceBetween(formsOf(account), formsOf(listed));
}

/** Each account's posts in the thread, grouped once (case and spaces ignored). */
export function accountActivity(posts: readonly ForumPost[]): Map<string, AccountActivity> {
  const out = new Map<string, { account: string; posts: number; firstPost: number; lastPost: number }>();
  // A thread has a few dozen authors and thousands of posts: each author's key is made once.
  const keys = new Map<string, string>();
  for (const post of posts) {
    let key = keys.get(post.author);
    if (key === undefined) {
      key = keyOf(post.author);
      keys.set(post.author, key);
    }
    if (key === '') continue;
    const seen = out.get(key);
    if (seen === undefined) out.set(key, { account: post.author.trim(), posts: 1, firstPost: post.number, lastPost: post.number });
    else {
      seen.posts++;
      if (post.number < seen.firstPost) {
        seen.firstPost = post.number;
        seen.account = post.author.trim();
      }
      seen.lastPost = Math.max(seen.lastPost, post.number);
    }
  }
  return out;
}

/** The names a slot is known by: its accounts, then its host-given aliases. */
const namesOf = (slot: Slot): string[] => [...slot.accounts.map((a) => a.name), ...(slot.aliases ?? [])];

/**
 * The links between the thread's unlisted frequent posters and the roster's
 * slots: applied, suggested (with why not applied), and accounts listed in
 * several slots. Deterministic: the same posts and roster give the same links.
 */
export function findAccountLinks(posts: readonly ForumPost[], roster: Roster, options: LinkOptions = {}): AccountLinks {
  const activity = options.activity ?? accountActivity(posts);
  const minPosts = options.minPosts ?? minLinkPosts;
  const hosts = [...roster.hosts, ...(options.hosts ?? [])];
  const hostKeys = new Set(hosts.map(keyOf));
  const hostStems = new Set(hosts.map(accountStem).filter((s) => s.length >= minStemLength));
  const listed = new Set(roster.slots.flatMap((s) => s.accounts.map((a) => keyOf(a.name))));

  // A slot's last post by any of its listed accounts (undefined: it never posted).
  const slotLast = new Map<string, number>();
  for (const slot of roster.slots)
    for (const account of slot.accounts) {
      const seen = activity.get(keyOf(account.name));
      if (seen !== undefined) slotLast.set(slot.id, Math.max(slotLast.get(slot.id) ?? -Infinity, seen.lastPost));
    }

  const unlisted = [...activity.entries()]
    .filter(([key, a]) => !listed.has(key) && !hostKeys.has(key) && !hostStems.has(accountStem(a.account)) && a.posts >= minPosts)
    .map(([, a]) => a)
    .sort((x, y) => x.firstPost - y.firstPost || (x.account < y.account ? -1 : 1));

  // Each unlisted account's best evidence per slot.
  const candidates = new Map<AccountActivity, { slotId: string; evidence: LinkEvidence }[]>();
  const slotForms = unlisted.length === 0 ? [] : roster.slots.map((slot) => ({ slot, forms: namesOf(slot).map(formsOf) }));
  for (const account of unlisted) {
    const forms = formsOf(account.account);
    const found: { slotId: string; evidence: LinkEvidence }[] = [];
    for (const { slot, forms: names } of slotForms) {
      let best: LinkEvidence | undefined;
      for (const name of names) {
        const e = evidenceBetween(forms, name);
        if (e !== undefined && (best === undefined || rank(e) < rank(best))) best = e;
      }
      if (best !== undefined) found.push({ slotId: slot.id, evidence: best });
    }
    candidates.set(account, found);
  }

  // The listed account the evidence names must not post while this account does (an earlier or later holder of the
  // slot may: a replacement and the player replaced overlap for a post or two); for a host-given alias, no account of the slot may.
  const isFree = (slotId: string, evidence: LinkEvidence, account: AccountActivity): boolean => {
    const slot = roster.slots.find((s) => s.id === slotId);
    const named = 'name' in evidence ? slot?.accounts.find((a) => a.name === evidence.name) : undefined;
    const last = named === undefined ? slotLast.get(slotId) : activity.get(keyOf(named.name))?.lastPost;
    return last === undefined || last < account.firstPost;
  };
  const link = (account: AccountActivity, slotId: string, evidence: readonly LinkEvidence[]): AccountLink => ({
    account: account.account,
    posts: account.posts,
    firstPost: account.firstPost,
    lastPost: account.lastPost,
    slotId,
    evidence,
  });

  const tentative: AccountLink[] = [];
  const held = new Map<AccountActivity, LinkSuggestion[]>();
  const hold = (account: AccountActivity, slotId: string, evidence: readonly LinkEvidence[], reason: LinkHeldBack): void => {
    const list = held.get(account) ?? [];
    list.push({ ...link(account, slotId, evidence), reason });
    held.set(account, list);
  };
  const byAccount = new Map<AccountLink, AccountActivity>();
  for (const account of unlisted) {
    const found = candidates.get(account) ?? [];
    // One slot with strong evidence among others with weak evidence only is that slot: "whispersilk" is the listed
    // "whisprsilk" (one typo), not "Whisers" (letters in order). Two slots with strong evidence are for the host.
    const strong = found.filter((c) => isStrongEvidence(c.evidence));
    const deciding = strong.length === 1 ? strong : found;
    const only = deciding[0];
    if (only === undefined) continue;
    if (deciding.length > 1) for (const c of found) hold(account, c.slotId, [c.evidence], 'link/several-slots');
    else if (only.evidence.kind !== 'renamed' && !isFree(only.slotId, only.evidence, account))
      hold(account, only.slotId, [only.evidence], 'link/slot-has-poster');
    else if (!isStrongEvidence(only.evidence)) hold(account, only.slotId, [only.evidence], 'link/weak-evidence');
    else {
      const l = link(account, only.slotId, [only.evidence]);
      tentative.push(l);
      byAccount.set(l, account);
    }
  }

  // One slot, one poster at a time: accounts claiming a slot for overlapping posts are all held back.
  const applied: AccountLink[] = [];
  const bySlot = new Map<string, AccountLink[]>();
  for (const l of tentative) bySlot.set(l.slotId, [...(bySlot.get(l.slotId) ?? []), l]);
  for (const l of tentative) {
    const group = bySlot.get(l.slotId) ?? [];
    const overlaps = group.some((o) => o !== l && o.firstPost <= l.lastPost && l.firstPost <= o.lastPost);
    const account = byAccount.get(l);
    if (!overlaps) applied.push(l);
    else if (account !== undefined) hold(account, l.slotId, l.evidence, 'link/slot-claimed-twice');
  }

  // Elimination: the only frequent unlisted poster left and the only slot that never posted.
  const linkedSlots = new Set(applied.map((l) => l.slotId));
  const linkedAccounts = new Set(applied.map((l) => keyOf(l.account)));
  const left = unlisted.filter((a) => !linkedAccounts.has(keyOf(a.account)));
  const silent = roster.slots.filter((s) => !slotLast.has(s.id) && !linkedSlots.has(s.id));
  const [lone] = left;
  const [quiet] = silent;
  if (left.length === 1 && silent.length === 1 && lone !== undefined && quiet !== undefined) {
    const found = candidates.get(lone) ?? [];
    if (found.every((c) => c.slotId === quiet.id)) {
      const named = found[0];
      applied.push(link(lone, quiet.id, [...(named === undefined ? [] : [named.evidence]), { kind: 'elimination' }]));
      held.delete(lone);
    }
  } else if (left.length === 1 && silent.length === 0 && lone !== undefined && (candidates.get(lone) ?? []).length === 0) {
    // A replacement the roster does not list: the only slot whose accounts stopped posting before this one began. Dead
    // players stop posting too, so this is only ever a suggestion, and only when exactly one slot fits.
    const stopped = roster.slots.filter((s) => !linkedSlots.has(s.id) && (slotLast.get(s.id) ?? Infinity) < lone.firstPost);
    const [only] = stopped;
    if (stopped.length === 1 && only !== undefined)
      hold(lone, only.id, [{ kind: 'took-over', lastPost: slotLast.get(only.id) ?? 0 }], 'link/weak-evidence');
  }

  const suggested = [...held.values()].flat();
  if (options.apply === false) {
    return {
      applied: [],
      suggested: [...applied.map((l): LinkSuggestion => ({ ...l, reason: 'link/off' })), ...suggested].sort(
        (x, y) => x.firstPost - y.firstPost || (x.account < y.account ? -1 : x.account > y.account ? 1 : 0),
      ),
      shared: sharedAccounts(roster, activity),
    };
  }
  applied.sort((x, y) => x.firstPost - y.firstPost || (x.account < y.account ? -1 : 1));
  return { applied, suggested, shared: sharedAccounts(roster, activity) };
}

/**
 * Accounts the roster lists in more than one slot, each holding with the post
 * it starts at: the roster's replacement point, else the post after the slot's
 * earlier holders last posted (a replacement comes in after the player it
 * replaces stops), else unknown.
 */
export function sharedAccounts(roster: Pick<Roster, 'slots'>, activity: ReadonlyMap<string, AccountActivity>): SharedAccount[] {
  const where = new Map<string, { account: string; at: { slot: Slot; index: number }[] }>();
  for (const slot of roster.slots)
    slot.accounts.forEach((a, index) => {
      const key = keyOf(a.name);
      const entry = where.get(key) ?? { account: a.name.trim(), at: [] };
      if (!entry.at.some((h) => h.slot.id === slot.id)) entry.at.push({ slot, index });
      where.set(key, entry);
    });
  const out: SharedAccount[] = [];
  for (const [key, { account, at }] of where) {
    if (at.length < 2) continue;
    out.push({
      account,
      holdings: at.map(({ slot, index }) => {
        const own = slot.accounts[index]?.fromPost;
        if (own !== undefined) return { slotId: slot.id, from: own, estimated: false };
        if (index === 0) return { slotId: slot.id, from: null, estimated: false };
        const earlier = slot.accounts
          .slice(0, index)
          .filter((a) => keyOf(a.name) !== key)
          .map((a) => activity.get(keyOf(a.name))?.lastPost)
          .filter((n): n is number => n !== undefined);
        return earlier.length === 0
          ? { slotId: slot.id, from: null, estimated: false }
          : { slotId: slot.id, from: Math.max(...earlier) + 1, estimated: true };
      }),
    });
  }
  return out;
}

/**
 * The roster with the applied links in it: each linked account is added to its
 * slot just before the slot's current holder (so the slot keeps the name the
 * host gave it), and each estimated start of a shared account's later holding
 * becomes that account's replacement point. Accounts already listed are never
 * moved or added twice.
 */
export function applyAccountLinks(roster: Roster, links: AccountLinks): Roster {
  const listed = new Set(roster.slots.flatMap((s) => s.accounts.map((a) => keyOf(a.name))));
  const adding = new Map<string, string[]>();
  for (const l of links.applied) {
    const key = keyOf(l.account);
    if (listed.has(key)) continue;
    listed.add(key);
    adding.set(l.slotId, [...(adding.get(l.slotId) ?? []), l.account]);
  }
  const starts = new Map<string, number>();
  for (const s of links.shared)
    for (const h of s.holdings) if (h.estimated && h.from !== null) starts.set(`${h.slotId}\u0000${keyOf(s.account)}`, h.from);
  if (adding.size === 0 && starts.size === 0) return roster;
  return {
    ...roster,
    slots: roster.slots.map((slot): Slot => {
      const added = adding.get(slot.id) ?? [];
      const accounts = slot.accounts.map((a) => {
        const from = starts.get(`${slot.id}\u0000${keyOf(a.name)}`);
        return from === undefined || a.fromPost !== undefined ? a : { ...a, fromPost: from };
      });
      if (added.length === 0 && accounts.every((a, i) => a === slot.accounts[i])) return slot;
      const current = accounts.slice(-1);
      return { ...slot, accounts: [...accounts.slice(0, -1), ...added.map((name) => ({ name })), ...current] };
    }),
  };
}
