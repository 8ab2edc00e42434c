/**
 * NameList: each name one item, a name with a comma kept whole, and a space
 * between items so copied text does not run names together.
 */
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { NameList } from '../../extension/shared/name-list';

describe('NameList', () => {
  it('shows each name as one item, a comma inside a name included', () => {
    const root = document.createElement('div');
    render(<NameList names={['Ash', { name: 'Mister Two, Words', note: 'killed Night 1' }]} testId="names" />, root);
    const items = [...root.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual(['Ash', 'Mister Two, Words killed Night 1']);
    expect(root.textContent).toBe('Ash Mister Two, Words killed Night 1');
  });

  it('shows what it is told for an empty list', () => {
    const root = document.createElement('div');
    render(<NameList names={[]} empty="nobody" />, root);
    expect(root.textContent).toBe('nobody');
    expect(root.querySelector('ul')).toBeNull();
  });
});
