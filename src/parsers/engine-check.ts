/**
 * What makes an engine module complete, and whether the tables derived from the
 * modules agree with them. The engine test (test/parsers/engines.test.ts) runs both
 * over every engine, so a module `npm run new:engine` wrote fails until it is filled.
 */
import { detectorOf, type ForumEngineModule } from './engine-module';
import { forumEngineIds } from './engine-id';

/** An engine id as the registry, the README table and the fixture folders take it: lower-case letters and digits. */
export const engineIdPattern = /^[a-z][a-z0-9]{1,23}$/;

/** Whether `selector` is one the DOM accepts. */
function validSelector(doc: Document, selector: string): boolean {
  try {
    doc.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
}

/**
 * What an engine module lacks or gets wrong, in words (empty: complete). `doc` is any
 * document, to try the selectors on.
 * @example engineProblems(smfEngine, document) // []
 */
export function engineProblems(engine: ForumEngineModule, doc: Document): string[] {
  const problems: string[] = [];
  const say = (problem: string): void => {
    problems.push(`${engine.id}: ${problem}`);
  };
  if (!engineIdPattern.test(engine.id)) say('the id is not lower-case letters and digits');
  if (!(forumEngineIds as readonly string[]).includes(engine.id)) say('the id is not in forumEngineIds (engine-id.ts)');
  if (engine.label.trim() === '') say('no display name (the adapter’s label)');
  if (engine.adapter.id !== engine.id) say(`the adapter says it is ${engine.adapter.id}`);
  if (engine.adapter.detect !== detectorOf(engine.markers))
    say('the adapter detects with something other than its markers (use detectorOf(markers))');
  // a page is recognised by its markers: with none, the engine would never be detected
  if (engine.markers.allOf.length === 0 && engine.markers.orIf === undefined)
    say('no markers: nothing would ever detect a page as this engine');
  for (const [i, group] of engine.markers.allOf.entries()) {
    if (group.length === 0) say(`marker group ${i + 1} is empty, so it never matches`);
    for (const selector of group) if (!validSelector(doc, selector)) say(`marker "${selector}" is not a valid selector`);
  }
  // every forum quotes: a profile that knows no quote would read a quoted vote as the poster's own
  if (engine.bodyProfile.quote.length === 0) say('the body profile knows no quote markup');
  for (const [key, list] of Object.entries(engine.bodyProfile))
    for (const selector of list as readonly unknown[])
      if (typeof selector === 'string' && !validSelector(doc, selector)) say(`body profile ${key}: "${selector}" is not a valid selector`);
  if (engine.urlExamples.length === 0) say('no URL examples (thread page addresses as the engine writes them)');
  for (const example of engine.urlExamples) {
    let url: URL | undefined;
    try {
      url = new URL(example);
    } catch {
      url = undefined;
    }
    if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) say(`URL example "${example}" is not a web address`);
  }
  if (!Number.isInteger(engine.numbering.offset) || engine.numbering.offset < 0) say('the numbering offset is not a whole number ≥ 0');
  if (engine.numbering.prefix === '') say('the numbering has no prefix (what the forum writes before a post number, "#" on most)');
  return problems;
}
