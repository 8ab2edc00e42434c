/**
 * The `<html>`, `<head>` and `<body>` tags a browser's parser ignores, taken
 * out of markup before htmlparser2 reads it (by the CLI's DOM, `dom.ts`, and
 * the post reader, `tree/fragment.ts`).
 */
/** Comments and raw-text elements (skipped whole), or an `<html>`, `<head>` or `<body>` tag. */
const frameTag =
  /<!--[\s\S]*?(?:-->|$)|<(script|style|textarea|title|xmp)\b[\s\S]*?(?:<\/\1\s*>|$)|<(\/?)(html|head|body)(?=[\s/>]|$)[^>]*>?/gi;

/**
 * The markup without the `<html>`, `<head>` and `<body>` tags a browser's
 * parser ignores: in a fragment all of them (`innerHTML` of a `<div>`), in a
 * page all but the first start tag of each and the first `</head>`. htmlparser2
 * would nest each one inside the last, and linkedom builds a tree of 100,000
 * nested `<body>`s in tens of seconds and then overflows the stack moving it;
 * the nesting bound (`limitNesting`) does not count these tags, since a
 * browser never nests them.
 */
export function withoutExtraFrameTags(html: string, inPage: boolean): string {
  if (!/<\/?(?:html|head|body)(?=[\s/>]|$)/i.test(html)) return html;
  const seen = new Set<string>();
  return html.replace(frameTag, (whole, _raw: string | undefined, slash: string | undefined, name: string | undefined) => {
    if (name === undefined) return whole;
    if (!inPage) return '';
    const key = `${slash ?? ''}${name.toLowerCase()}`;
    if ((key === 'html' || key === 'head' || key === 'body' || key === '/head') && !seen.has(key)) {
      seen.add(key);
      return whole;
    }
    return '';
  });
}
