/**
 * What vBulletin 3, 4 and 5 pages share, in a module of its own so that loading
 * one engine's adapter does not load another's.
 */
/** "Last edited by X; 2016-02-01 at 03:31." (+ "Reason: …"), the same wording in vB 3, 4 and 5. */
export const vbulletinEditWording = {
  by: /last edited by\s+(.+?);/i,
  at: /;\s*(.+?)\.?(?:\s+reason:|$)/i,
  reason: /reason:\s*(.+)$/i,
} as const;
