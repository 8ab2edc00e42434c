/** Shared test helpers for the parser suites. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import type { BodyNode } from '../../src/model/post';
import { htmlDocument as cliDocument } from '../../cli/dom';

const viaCli = process.env['GAVEL_TEST_DOM'] === 'cli';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Real pages and games shared beside the checkout; read at test time, never copied. */
export const shared = path.resolve(repoRoot, '..', 'shared');
export const sharedForums = path.join(shared, 'fixtures', 'forums');
export const hasShared = existsSync(sharedForums);

export function warnSkipped(what: string): void {
  if (!hasShared) console.warn(`[parsers] ../shared is absent: skipped ${what}`);
}

export function loadDocument(file: string, url: string): Document {
  if (viaCli) return cliDocument(readFileSync(file, 'utf8'));
  return new JSDOM(readFileSync(file, 'utf8'), { url }).window.document;
}

export function htmlDocument(html: string, url = 'https://forum.example.org/'): Document {
  if (viaCli) return cliDocument(html);
  return new JSDOM(html, { url }).window.document;
}

/** A body's text runs, each with whether it sits inside a quote or spoiler. */
export interface Run {
  readonly text: string;
  readonly bold: boolean;
  readonly struck: boolean;
  readonly voteTag: boolean;
  readonly color: string | undefined;
  readonly quoteAuthors: readonly string[];
  readonly inSpoiler: boolean;
}

export function runsOf(nodes: readonly BodyNode[], quoteAuthors: readonly string[] = [], inSpoiler = false): Run[] {
  const out: Run[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      out.push({
        text: node.text,
        bold: node.bold === true,
        struck: node.struck === true,
        voteTag: node.voteTag === true,
        color: node.color,
        quoteAuthors,
        inSpoiler,
      });
    } else if (node.type === 'quote') {
      out.push(...runsOf(node.children, [...quoteAuthors, node.author ?? '?'], inSpoiler));
    } else if (node.type === 'spoiler') {
      out.push(...runsOf(node.children, quoteAuthors, true));
    }
  }
  return out;
}
