import { ability, defaultTemplates, role } from '../defaults';
import type { Ruleset } from '../types';

/**
 * Gorny's forum rule template (seed 001): one bolded lynch vote each, lynch by
 * majority of the living (half + 1, rounded down), a lock once the lynched
 * player gets a vote beyond the majority, and the 50% rule.
 */
export const forumTemplate: Ruleset = {
  id: 'forum-template-001',
  name: 'Forum template (majority, lock, 50% rule)',
  source: 'seed 001 "Gorny’s Revised Mafia Game Modding Rule Template"',
  firstPhase: 'day',
  factions: [
    { id: 'town', name: 'Town', kind: 'town' },
    { id: 'mafia', name: 'Mafia', kind: 'mafia', knowsMembers: true },
    { id: 'third-party', name: 'Third party', kind: 'third-party' },
  ],
  families: [],
  roles: [
    role('vanilla', 'Vanilla Townie'),
    role('cop', 'Cop', [ability('investigate', 'Investigate', 'night')]),
    role('doctor', 'Doctor', [ability('protect', 'Protect', 'night', { selfTargetLimit: 0, tags: ['stop-night-kill'] })]),
    role('bus-driver', 'Bus Driver', [ability('swap', 'Swap two players', 'night', { targets: 2 })]),
    role('vest', 'Vanilla Town with one-shot vest', [ability('vest', 'Bulletproof vest', 'passive', { usesPerGame: 1 })]),
    role('goon', 'Mafia Goon', [ability('factional-kill', 'Factional kill', 'night', { tags: ['kill'] })]),
    role('hitman', 'Mafia Hitman', [ability('factional-kill', 'Factional kill', 'night', { tags: ['kill'] })]),
    // Further roles of the seed's examples (Part 2), with the night rules' ability ids.
    role('treestump', 'Treestump'),
    role('redirector', 'Redirector', [ability('redirect', 'Redirect', 'night', { targets: 2 })]),
    role('roleblocker', 'Roleblocker', [ability('block', 'Roleblock', 'night')]),
    role('mafia-roleblocker', 'Mafia Roleblocker', [
      ability('factional-kill', 'Factional kill', 'night', { tags: ['kill'] }),
      ability('block', 'Roleblock', 'night'),
    ]),
    role('jailkeeper', 'Jailkeeper', [ability('jail', 'Jail', 'night', { tags: ['stop-night-kill'] })]),
    role('vigilante', 'Vigilante', [ability('shoot', 'Shoot', 'night', { tags: ['kill'] })]),
    role('tracker', 'Tracker', [ability('track', 'Track', 'night')]),
    role('watcher', 'Watcher', [ability('watch', 'Watch', 'night')]),
    role('paranoid-gun-owner', 'Paranoid Gun Owner', [ability('pgo', 'Shoots visitors', 'passive')]),
  ],
  statuses: [{ id: 'blocked', name: 'blocked', blocksActions: true, defaultPhases: 1, night: { cannotAct: true } }],
  titles: [],
  voting: {
    kind: 'majority',
    ballot: 'lynch',
    majorityOf: 'living',
    lock: true,
    newVoteReplaces: true,
    withoutMajority: 'no-lynch',
    postTally: true,
  },
  win: { kind: 'parity', mafiaWinsWhen: 'at-parity' },
  announcements: {
    publicStatuses: [],
    revealOnDeath: 'role-and-faction',
    showWills: false,
    voteResults: 'votes',
    voteLeakRoles: [],
    deathRoleRoles: [],
    publicNightResults: [],
    templates: defaultTemplates,
  },
  openQuestions: [
    { setting: 'voting.newVoteReplaces', question: 'A new vote without an unvote: does it replace the old vote or is it void?' },
    { setting: 'win.mafiaWinsWhen', question: 'The 50% rule at parity: "outnumber" and "can’t get enough votes" disagree.' },
  ],
  references: { voteRules: 'forum-template-001', breachRules: '001' },
};
