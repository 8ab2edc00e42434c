/** The markup a post is written in. */
export type Dialect = 'bbcode' | 'markdown';

/**
 * A template value: text (escaped), lines of text (each escaped, joined by
 * newlines), or `{ rendered }`: output of an earlier `renderTemplate`, kept as is.
 */
export type TemplateValue = string | number | readonly string[] | { readonly rendered: string };

/**
 * Escapes text for a dialect so a player's name can never open a tag or
 * formatting: in BBCode a zero-width space after `[` (shown the same, never
 * parsed as a tag); in Markdown a backslash before each markup character.
 */
export function escapeText(text: string, dialect: Dialect): string {
  if (dialect === 'bbcode') return text.replace(/\[/g, '[\u200b');
  return text.replace(/[\\`*_[\]{}()#+\-.!|>~<]/g, (c) => `\\${c}`);
}

const markers: Readonly<Record<string, Readonly<Record<Dialect, string>>>> = {
  b: { bbcode: '[b]', markdown: '**' },
  '/b': { bbcode: '[/b]', markdown: '**' },
  i: { bbcode: '[i]', markdown: '_' },
  '/i': { bbcode: '[/i]', markdown: '_' },
  u: { bbcode: '[u]', markdown: '' },
  '/u': { bbcode: '[/u]', markdown: '' },
};

/**
 * Fills a `{placeholder}` template. `{b}…{/b}` and `{i}…{/i}` become the
 * dialect's bold and italic; every value is escaped; an unknown placeholder
 * is left as written, so a typo in a host's template shows up in the post.
 *
 * @example renderTemplate('{b}{name}{/b} died', { name: 'al_1' }, 'markdown') === '**al\\_1** died'
 */
export function renderTemplate(template: string, values: Readonly<Record<string, TemplateValue>>, dialect: Dialect): string {
  return template.replace(/\{([a-z/][a-zA-Z0-9_/]*)\}/g, (whole, key: string) => {
    const marker = markers[key];
    if (marker !== undefined) return marker[dialect];
    const value = values[key];
    if (value === undefined) return whole;
    if (typeof value === 'number') return String(value);
    if (typeof value === 'string') return escapeText(value, dialect);
    if ('rendered' in value) return value.rendered;
    return value.map((line) => escapeText(line, dialect)).join('\n');
  });
}

/**
 * Fills a template as plain text (no markup, no escaping), for text that is
 * escaped later where it is posted, such as a public announcement line.
 */
export function renderPlain(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{([a-z/][a-zA-Z0-9_/]*)\}/g, (whole, key: string) => {
    if (markers[key] !== undefined) return '';
    const value = values[key];
    return value === undefined ? whole : String(value);
  });
}
