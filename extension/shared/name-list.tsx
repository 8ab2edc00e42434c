/**
 * Names shown as separate items, never joined into prose: a player called
 * "Mister Two Words, Esq." stays one item. Styled by `.gavel-names` in the
 * popup's and the panel's style sheets.
 */
import { Fragment, type ComponentChildren } from 'preact';

export interface NameItem {
  readonly name: string;
  /** Words after the name, in the same item (a fate: "lynched Day 1"). */
  readonly note?: ComponentChildren;
}

export function NameList({
  names,
  testId,
  empty,
}: {
  readonly names: readonly (string | NameItem)[];
  readonly testId?: string;
  /** Shown instead of an empty list. */
  readonly empty?: ComponentChildren;
}) {
  if (names.length === 0) return empty === undefined ? null : <span class="gavel-names-empty">{empty}</span>;
  return (
    <ul class="gavel-names" data-testid={testId}>
      {names.map((item, i) => {
        const { name, note } = typeof item === 'string' ? { name: item, note: undefined } : item;
        // A space between the items, so copied text reads "Ash Birch", not "AshBirch".
        return (
          <Fragment key={`${i}:${name}`}>
            {i > 0 && ' '}
            <li>
              <span class="gavel-names__name">{name}</span>
              {note !== undefined && <span class="gavel-names__note"> {note}</span>}
            </li>
          </Fragment>
        );
      })}
    </ul>
  );
}
