/**
 * A post's HTML read into the read-only tree (`nodes.ts`) by htmlparser2, as
 * the CLI's DOM read it before (`createFragmentReader` of `cli/dom.ts`, which
 * is linkedom over the same htmlparser2): the same elements, attributes and
 * text, with what `cli/dom.ts` corrects in linkedom done here too: attribute
 * names in lower case (the first of two names differing only in case wins),
 * and no `<html>`, `<head>` or `<body>` tags (a browser ignores them in a
 * fragment). Adjacent text is one node, as a browser's parser builds it.
 */
import { Parser, type Handler } from 'htmlparser2';
import { withoutExtraFrameTags } from '../frame-tags';
import { TreeComment, TreeElement, TreeText, TEXT_NODE } from './nodes';

/** Builds the tree from the parser's events under a given root. */
class TreeBuilder implements Partial<Handler> {
  private open: TreeElement;

  constructor(root: TreeElement) {
    this.open = root;
  }

  onopentag(name: string, attribs: Record<string, string>): void {
    const element = new TreeElement(name, attribs);
    this.open.append(element);
    this.open = element;
  }

  onclosetag(): void {
    // htmlparser2 closes every element it opened, implied ones included, so the root is never closed.
    this.open = this.open.parentNode ?? this.open;
  }

  ontext(data: string): void {
    const last = this.open.lastChild;
    if (last !== null && last.nodeType === TEXT_NODE) last.data += data;
    else this.open.append(new TreeText(data));
  }

  oncomment(data: string): void {
    this.open.append(new TreeComment(data));
  }
}

/**
 * A reader of posts' HTML: each call returns a new `<div>` (never attached to
 * anything) holding the fragment's nodes, as the browser's `innerHTML` of a
 * `<div>` holds them.
 */
export function createTreeFragmentReader(): (html: string) => TreeElement {
  return (html) => {
    const root = new TreeElement('div', {});
    // Entities decoded, tags and attribute names lowered: the HTML defaults, and what a browser does.
    const parser = new Parser(new TreeBuilder(root), { decodeEntities: true });
    parser.end(withoutExtraFrameTags(html, false));
    return root;
  };
}

/**
 * The tree's element where the parsers take a DOM `Element`. The tree answers
 * only what the body reader reads (`src/parsers/body.ts`: node links, names,
 * classes, attributes, text and selectors), so it is handed only to
 * `parsePostBody`; test/cli/post-tree.test.ts checks the bodies it gives are
 * the ones jsdom gives, on real posts and on edge cases.
 */
export function asBodyElement(element: TreeElement): Element {
  return element as unknown as Element;
}
