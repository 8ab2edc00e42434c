/**
 * Seed 004's open question of inflected names: a green-font vote written as a
 * Russian name in another grammatical case ("Бориса" for Борис, "Машу" for
 * Маша). The name matcher reads such a vote as the player it starts like; the
 * tally reports each such reading (ambiguity `names/inflected-name`), or
 * refuses it where the grammar says so (`inflectedNames: 'refuse'`).
 */

/** Case endings of Russian first names and nicknames (genitive, dative, accusative, instrumental, prepositional). */
const endings = ['а', 'я', 'у', 'ю', 'ом', 'ем', 'ём', 'е', 'ы', 'и', 'ой', 'ей', 'ою', 'ею', 'ым', 'им', 'ов', 'ев'] as const;

/** A stem's last letter that an ending replaces (Маша → Машу, Игорь → Игоря, Андрей → Андрея). */
const replaced = /[аяоеьй]$/u;

/**
 * Whether `written` is `name` in another case: the name followed by a case
 * ending, or the name with its last vowel, soft sign or й replaced by one.
 * Only Cyrillic names inflect; the name itself is not an inflection.
 */
export function isInflectedName(written: string, name: string): boolean {
  const w = written.trim().toLowerCase();
  const n = name.trim().toLowerCase();
  if (w === n || !/[а-яё]/u.test(n) || w.length < 2) return false;
  if (endings.some((e) => w === `${n}${e}`)) return true;
  return replaced.test(n) && endings.some((e) => w === `${n.slice(0, -1)}${e}`);
}
