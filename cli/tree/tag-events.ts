/**
 * htmlparser2's start tag, text and end tag events for the one-pass post reader
 * (`body-stream.ts`), driven straight from htmlparser2's `Tokenizer`: the
 * events its `Parser` gives in HTML mode (tag and attribute names lowered,
 * entities decoded, the first of a repeated attribute kept), with the same
 * implied end tags, void elements, `</p>` and `</br>` readings, self-closing
 * tags in SVG and MathML, and the elements still open closed at the end.
 *
 * Why not the `Parser` itself: it costs the replay's body reading about as much
 * again as the tokenizer, most of it in work the reader does not need (a
 * slice of the buffers for every name, the optional callbacks looked up on every
 * event, an attribute callback and location bookkeeping per attribute).
 * test/cli/tag-events.test.ts checks the events are the `Parser`'s on real
 * posts, the fixtures and generated markup.
 */
import { Tokenizer, type QuoteType, type TokenizerCallbacks } from 'htmlparser2';

export interface TagHandler {
  onopentag(name: string, attribs: Record<string, string>): void;
  ontext(data: string): void;
  onclosetag(name: string): void;
}

/** Elements that never hold content: never open, their end tag closes nothing (`</br>` aside). */
export const voidTags: ReadonlySet<string> = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** For a start tag, the open elements it closes while they are the innermost (htmlparser2's implied end tags in HTML mode). */
export const closedBy: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const paragraph = new Set(['p']);
  const form = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
  const definition = new Set(['dd', 'dt']);
  const ruby = new Set(['rt', 'rp']);
  const section = new Set(['thead', 'tbody']);
  const map = new Map<string, ReadonlySet<string>>([
    ['tr', new Set(['tr', 'th', 'td'])],
    ['th', new Set(['th'])],
    ['td', new Set(['thead', 'th', 'td'])],
    ['body', new Set(['head', 'link', 'script'])],
    ['li', new Set(['li'])],
    ['option', new Set(['option'])],
    ['optgroup', new Set(['optgroup', 'option'])],
    ['dd', definition],
    ['dt', definition],
    ['rt', ruby],
    ['rp', ruby],
    ['tbody', section],
    ['tfoot', section],
  ]);
  for (const tag of ['select', 'input', 'output', 'button', 'datalist', 'textarea']) map.set(tag, form);
  for (const tag of 'p h1 h2 h3 h4 h5 h6 address article aside blockquote details div dl fieldset figcaption figure footer form header hr main nav ol pre section table ul'.split(
    ' ',
  ))
    map.set(tag, paragraph);
  return map;
})();

/** SVG and MathML, where `<x/>` closes itself; and the elements inside them that are HTML again. */
const foreignTags = new Set(['math', 'svg']);
const integrationTags = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title']);

/** A name in lower case, without a new string when it is one already (most are). */
function lower(name: string): string {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c > 127) return name.toLowerCase();
  }
  return name;
}

/** The attributes of every element that has none: one frozen object (the reader never writes to them). */
const noAttribs: Record<string, string> = Object.freeze({});

class TagEvents implements TokenizerCallbacks {
  private html = '';
  /** Open elements, innermost last. */
  private readonly stack: string[] = [];
  /** Whether each open foreign or integration element makes `<x/>` close itself, innermost last (the HTML context first). */
  private readonly foreign: boolean[] = [false];
  private tagName = '';
  private attribs: Record<string, string> | null = null;
  private attribName = '';
  private attribValue = '';

  constructor(private readonly handler: TagHandler) {}

  parse(html: string): void {
    // A new tokenizer for each markup: `reset` leaves some of its state (inside a `<script>`, an entity) as the last
    // markup ended it, and a post must read as it reads alone.
    const tokenizer = new Tokenizer({ decodeEntities: true }, this);
    this.html = html;
    this.stack.length = 0;
    this.foreign.length = 0;
    this.foreign.push(false);
    this.tagName = '';
    this.attribs = null;
    this.attribName = '';
    this.attribValue = '';
    if (html !== '') tokenizer.write(html);
    tokenizer.end();
  }

  ontext(start: number, endIndex: number): void {
    this.handler.ontext(this.html.slice(start, endIndex));
  }

  ontextentity(codepoint: number): void {
    this.handler.ontext(String.fromCodePoint(codepoint));
  }

  onopentagname(start: number, endIndex: number): void {
    this.openTag(lower(this.html.slice(start, endIndex)));
  }

  private openTag(name: string): void {
    this.tagName = name;
    const closes = closedBy.get(name);
    const stack = this.stack;
    if (closes !== undefined) {
      while (stack.length > 0 && closes.has(stack[stack.length - 1] ?? '')) this.handler.onclosetag(stack.pop() ?? '');
    }
    if (!voidTags.has(name)) {
      stack.push(name);
      if (foreignTags.has(name)) this.foreign.push(true);
      else if (integrationTags.has(name)) this.foreign.push(false);
    }
    this.attribs = null;
  }

  onattribname(start: number, endIndex: number): void {
    this.attribName = lower(this.html.slice(start, endIndex));
  }

  onattribdata(start: number, endIndex: number): void {
    this.attribValue += this.html.slice(start, endIndex);
  }

  onattribentity(codepoint: number): void {
    this.attribValue += String.fromCodePoint(codepoint);
  }

  onattribend(_quote: QuoteType): void {
    const attribs = (this.attribs ??= {});
    if (!Object.prototype.hasOwnProperty.call(attribs, this.attribName)) attribs[this.attribName] = this.attribValue;
    this.attribValue = '';
  }

  onopentagend(): void {
    this.endOpenTag();
  }

  private endOpenTag(): void {
    const name = this.tagName;
    this.handler.onopentag(name, this.attribs ?? noAttribs);
    this.attribs = null;
    if (voidTags.has(name)) this.handler.onclosetag(name);
    this.tagName = '';
  }

  onselfclosingtag(): void {
    if (this.foreign[this.foreign.length - 1] === true) {
      const name = this.tagName;
      this.endOpenTag();
      if (this.stack[this.stack.length - 1] === name) {
        this.handler.onclosetag(name);
        this.stack.pop();
      }
    } else {
      this.endOpenTag();
    }
  }

  onclosetag(start: number, endIndex: number): void {
    const name = lower(this.html.slice(start, endIndex));
    if ((foreignTags.has(name) || integrationTags.has(name)) && this.foreign.length > 0) this.foreign.pop();
    const stack = this.stack;
    if (!voidTags.has(name)) {
      const at = stack.lastIndexOf(name);
      if (at !== -1) {
        while (stack.length > at) this.handler.onclosetag(stack.pop() ?? '');
      } else if (name === 'p') {
        // An end tag with no element open: htmlparser2 opens an empty one and closes it.
        this.openTag('p');
        this.endOpenTag();
        if (stack[stack.length - 1] === 'p') {
          this.handler.onclosetag('p');
          stack.pop();
        }
      }
    } else if (name === 'br') {
      this.handler.onopentag('br', noAttribs);
      this.handler.onclosetag('br');
    }
  }

  onend(): void {
    const stack = this.stack;
    while (stack.length > 0) this.handler.onclosetag(stack.pop() ?? '');
  }

  oncdata(): void {}
  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}
}

/** A reader of a whole markup string into `handler`'s events. */
export function createTagEvents(handler: TagHandler): (html: string) => void {
  const events = new TagEvents(handler);
  return (html) => events.parse(html);
}
