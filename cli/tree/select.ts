/**
 * CSS selectors over the read-only tree (`nodes.ts`): css-select with an
 * adapter for its nodes, each selector compiled once and kept (the body
 * reader asks the same few selectors of every element of every post). A
 * selector that does not parse throws a SyntaxError each time it is used, as
 * the DOM's `matches` does.
 */
import { compile, type Options } from 'css-select';
import { ELEMENT_NODE, TEXT_NODE, type TreeElement, type TreeNode } from './nodes';

const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

const isTag = (node: TreeNode): node is TreeElement => node.nodeType === ELEMENT_NODE;

const childrenOf = (node: TreeNode): TreeNode[] => (node.nodeType === ELEMENT_NODE ? node.childNodes : []);

/** Every element of `nodes` and below, in document order, passing `test` (the first only when `first`); no recursion. */
function collect(test: (element: TreeElement) => boolean, nodes: readonly TreeNode[], first: boolean): TreeElement[] {
  const found: TreeElement[] = [];
  const stack: TreeNode[] = [...nodes].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.nodeType !== ELEMENT_NODE) continue;
    if (test(node)) {
      found.push(node);
      if (first) return found;
    }
    for (let i = node.childNodes.length - 1; i >= 0; i--) {
      const child = node.childNodes[i];
      if (child !== undefined) stack.push(child);
    }
  }
  return found;
}

function textOf(node: TreeNode | readonly TreeNode[]): string {
  if (Array.isArray(node)) return (node as readonly TreeNode[]).map(textOf).join('');
  const one = node as TreeNode;
  return one.nodeType === TEXT_NODE || one.nodeType === ELEMENT_NODE ? one.textContent : '';
}

type Adapter = NonNullable<Options<TreeNode, TreeElement>['adapter']>;

export const treeAdapter: Adapter = {
  isTag,
  existsOne: (test, nodes) => collect(test, nodes, true).length > 0,
  getAttributeValue: (element, name) => (hasOwn(element.attribs, name) ? element.attribs[name] : undefined),
  getChildren: childrenOf,
  getName: (element) => element.localName,
  getParent: (element) => element.parentNode,
  getSiblings: (node) => (node.parentNode === null ? [node] : node.parentNode.childNodes),
  prevElementSibling: (node) => node.previousElementSibling,
  getText: textOf,
  hasAttrib: (element, name) => hasOwn(element.attribs, name),
  removeSubsets: (nodes) => {
    // Each node once, and none inside another of them.
    const unique = [...new Set(nodes)];
    return unique.filter((node) => {
      for (let up = node.parentNode; up !== null; up = up.parentNode) if (unique.includes(up)) return false;
      return true;
    });
  },
  findAll: (test, nodes) => collect(test, nodes, false),
  findOne: (test, nodes) => collect(test, nodes, true)[0] ?? null,
};

type Test = (element: TreeElement) => boolean;

const compiled = new Map<string, Test | SyntaxError>();

/** Bounds the cache: selectors come from the parsers' profiles, but nothing stops a caller asking for new ones forever. */
const maxCached = 1000;

/**
 * The test for `selector`. A selector with `:scope` is compiled against `scope`
 * each time (it names that element); every other is compiled once.
 */
export function compiledSelector(selector: string, scope: TreeElement): Test {
  if (selector.includes(':scope')) return compileOne(selector, scope);
  let test = compiled.get(selector);
  if (test === undefined) {
    try {
      test = compileOne(selector, undefined);
    } catch (error) {
      test = new SyntaxError(`'${selector}' is not a valid selector${error instanceof Error ? `: ${error.message}` : ''}`);
    }
    if (compiled.size >= maxCached) compiled.clear();
    compiled.set(selector, test);
  }
  if (test instanceof SyntaxError) throw test;
  return test;
}

function compileOne(selector: string, scope: TreeElement | undefined): Test {
  return compile<TreeNode, TreeElement>(selector, {
    adapter: treeAdapter,
    xmlMode: false,
    ...(scope === undefined ? {} : { context: scope }),
  });
}
