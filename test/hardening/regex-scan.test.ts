/**
 * A static check over every regular expression written in src/: a group that
 * repeats and itself holds an unbounded repetition (`(a+)+`, `(\s*\w+)*`,
 * `(?:x|y*){2,}`) can take exponential time on a near-miss, so a new one fails
 * here before it reaches a host's page. The TypeScript parser finds the regex
 * literals and the string and template patterns given to `new RegExp(…)`.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

interface FoundPattern {
  readonly file: string;
  readonly line: number;
  /** The pattern's source; `${…}` parts of a template are left as a single character. */
  readonly source: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every regex literal and every literal pattern passed to `RegExp`, with where it is. */
function regexesIn(file: string, text: string): FoundPattern[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: FoundPattern[] = [];
  const at = (node: ts.Node): number => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      const literal = node.text;
      found.push({ file, line: at(node), source: literal.slice(1, literal.lastIndexOf('/')) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const pattern = node.arguments?.[0];
      if (pattern !== undefined && (ts.isStringLiteral(pattern) || ts.isNoSubstitutionTemplateLiteral(pattern))) {
        found.push({ file, line: at(pattern), source: pattern.text });
      } else if (pattern !== undefined && ts.isTemplateExpression(pattern)) {
        // A placeholder stands for the interpolated part: one atom, so `(${x})+` is still seen as a repeated group.
        found.push({
          file,
          line: at(pattern),
          source: pattern.head.text + pattern.templateSpans.map((s) => `X${s.literal.text}`).join(''),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Whether a quantifier starts at `i` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`), its length, and whether it is unbounded. */
function quantifierAt(source: string, i: number): { length: number; unbounded: boolean; repeats: boolean } | null {
  const c = source[i];
  if (c === '*' || c === '+') return { length: source[i + 1] === '?' ? 2 : 1, unbounded: true, repeats: true };
  if (c === '?') return { length: source[i + 1] === '?' ? 2 : 1, unbounded: false, repeats: false };
  if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}\??/.exec(source.slice(i));
    if (m === null) return null;
    const max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
    return { length: m[0].length, unbounded: max === Infinity, repeats: max > 1 };
  }
  return null;
}

/**
 * The nested repetitions of a pattern: each repeated group (quantifier allowing
 * more than one) whose body holds an unbounded quantifier, described as the
 * group's text. Character classes and escapes are skipped; lookarounds are
 * groups too, which only errs on the side of flagging.
 */
function nestedQuantifiers(source: string): string[] {
  const flagged: string[] = [];
  /** Open groups: where each starts, and whether an unbounded quantifier has been seen inside it. */
  const stack: { start: number; unboundedInside: boolean }[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') {
      i += 2;
    } else if (c === '[') {
      i++;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '(') {
      stack.push({ start: i, unboundedInside: false });
      i++;
    } else if (c === ')') {
      const group = stack.pop();
      i++;
      const q = quantifierAt(source, i);
      if (group !== undefined) {
        if (q !== null && q.repeats && group.unboundedInside) flagged.push(source.slice(group.start, i + q.length));
        const parent = stack[stack.length - 1];
        if (parent !== undefined && (group.unboundedInside || (q !== null && q.unbounded))) parent.unboundedInside = true;
      }
      if (q !== null) i += q.length;
    } else {
      const q = quantifierAt(source, i);
      if (q !== null) {
        const top = stack[stack.length - 1];
        if (top !== undefined && q.unbounded) top.unboundedInside = true;
        i += q.length;
      } else {
        i++;
      }
    }
  }
  return flagged;
}

describe('the nested-quantifier scanner', () => {
  it('flags the classic catastrophic shapes', () => {
    expect(nestedQuantifiers('(a+)+')).toEqual(['(a+)+']);
    expect(nestedQuantifiers('^(\\s*\\w+)*$')).toEqual(['(\\s*\\w+)*']);
    expect(nestedQuantifiers('(?:x|y*){2,}')).toEqual(['(?:x|y*){2,}']);
    expect(nestedQuantifiers('((?:ab)+c)*')).toEqual(['((?:ab)+c)*']);
    expect(nestedQuantifiers('(?:(a)+)+')).toEqual(['(?:(a)+)+']);
  });

  it('lets bounded and single repetitions through', () => {
    expect(nestedQuantifiers('(?:ab)+')).toEqual([]);
    expect(nestedQuantifiers('(\\d+)?')).toEqual([]);
    expect(nestedQuantifiers('(\\d{1,2}):(\\d{2})')).toEqual([]);
    expect(nestedQuantifiers('[(a+)+]')).toEqual([]);
    expect(nestedQuantifiers('\\(a+\\)+')).toEqual([]);
    expect(nestedQuantifiers('(?:[a-z]|\\d){3}')).toEqual([]);
  });

  it('finds literals and RegExp patterns in source text', () => {
    const found = regexesIn('x.ts', "const a = /(a+)+/u;\nconst b = new RegExp(`^(${w})+$`, 'i');\nconst c = 4 / 2 / 1;\n");
    expect(found.map((f) => [f.line, f.source])).toEqual([
      [1, '(a+)+'],
      [2, '^(X)+$'],
    ]);
  });
});

describe('regular expressions in src/', () => {
  const patterns = sourceFiles(join(root, 'src')).flatMap((file) => regexesIn(relative(root, file), readFileSync(file, 'utf8')));

  it('finds the patterns the grammar, names, phases, dates and adapters use', () => {
    expect(patterns.length).toBeGreaterThan(50);
    for (const area of ['src/engine/votes/', 'src/engine/names/', 'src/engine/phases/', 'src/parsers/time.ts', 'src/parsers/']) {
      expect(
        patterns.some((p) => p.file.startsWith(area)),
        area,
      ).toBe(true);
    }
  });

  it('has no repeated group holding an unbounded repetition', () => {
    const nested = patterns.flatMap((p) => nestedQuantifiers(p.source).map((group) => `${p.file}:${p.line}  ${group}   in /${p.source}/`));
    expect(nested, `nested quantifiers can backtrack exponentially:\n${nested.join('\n')}`).toEqual([]);
  });
});
