/**
 * "Page 1 of 4" read from pagination markup: a page served minified, with no
 * whitespace between the page count and the page links, still has 4 pages.
 */
import { describe, expect, it } from 'vitest';
import { pageOfText } from '../../src/parsers/common';
import { htmlDocument } from './helpers';

function pagination(html: string): Element | undefined {
  return htmlDocument(`<!doctype html><body><div class="pagination">${html}</div></body>`).querySelector('.pagination') ?? undefined;
}

describe('page count from the pagination text', () => {
  it('reads prosilver pagination with whitespace', () => {
    expect(
      pageOfText(pagination('13 posts &bull; <a>Page <strong>2</strong> of <strong>4</strong></a>\n<ul><li>1</li>\n<li>2</li></ul>')),
    ).toEqual({ current: 2, count: 4 });
  });

  it('does not run the page count into the page links of a minified page', () => {
    expect(
      pageOfText(
        pagination(
          '<a>Page <strong>1</strong> of <strong>4</strong></a><ul><li><a>1</a></li><li><a>2</a></li><li><a>3</a></li><li><a>4</a></li></ul>',
        ),
      ),
    ).toEqual({ current: 1, count: 4 });
  });

  it('reads uCoz-style Russian pagination', () => {
    expect(pageOfText(pagination('Страница <b>3</b> из <b>12</b><span>1</span>'))).toEqual({ current: 3, count: 12 });
  });

  it('says nothing when there is no "page N of M"', () => {
    expect(pageOfText(pagination('<ul><li>1</li><li>2</li></ul>'))).toBeUndefined();
  });
});
