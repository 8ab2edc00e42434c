import path from 'node:path';
import { UsageError, parseArgs, type CliCommand } from '../command';
import { textDocument } from '../dom';
import { inputLimits, pageDocument, readInputFile } from '../input';
import { forumAdapters, parseThreadPage, toBoardZone } from '../../src/parsers/index';

const usage = `Usage: gavel parse <saved-page.html> [--url <url>] [--now <ISO time>] [--time-zone <IANA zone>]

Reads a thread page saved from the browser (or a Discourse /t/{id}.json file) and prints
{engine, thread, posts, issues} as JSON. A page over ${inputLimits.page / 1024 / 1024} MB is refused (real thread pages are
under 2 MB); elements nested deeper than a browser nests them (512) are read at that depth.

  --url <url>          the address the page was saved from (thread id, page links, relative links)
                       default: file:// URL of the file
  --now <ISO time>     "now" for relative dates such as "Today at 7:50 PM" (default: the current time)
  --time-zone <zone>   the board's time zone for text dates when the page does not state one
                       (IANA name such as Europe/Moscow, or an offset such as +03:00; default UTC)

Supported engines: ${Object.values(forumAdapters)
  .map((a) => a.label)
  .join('; ')}.`;

/** `gavel parse`: one saved thread page to typed posts, for checking a page outside the browser. */
export const command: CliCommand = {
  name: 'parse',
  summary: 'read a saved forum thread page and print its posts as JSON',
  usage,
  run: async (args, io) => {
    const { positional, values } = parseArgs(args, { values: ['url', 'now', 'time-zone'] });
    const file = positional[0];
    if (file === undefined || positional.length > 1) throw new UsageError('give exactly one saved page');
    const full = path.resolve(io.cwd, file);
    const html = readInputFile(full, file, 'page', 'saved page');
    const urlText = values.get('url') ?? new URL(`file://${full}`).href;
    let url: URL;
    try {
      url = new URL(urlText);
    } catch {
      throw new UsageError(`--url is not a URL: ${urlText}`);
    }
    if (values.has('url') && url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new UsageError(`--url must be the http(s) address the page was saved from, not ${url.protocol}`);
    const nowText = values.get('now');
    const now = nowText === undefined ? Date.now() : Date.parse(nowText);
    if (Number.isNaN(now)) throw new UsageError(`--now is not an ISO time: ${nowText ?? ''}`);
    const zoneText = values.get('time-zone');
    if (zoneText !== undefined && toBoardZone(zoneText) === undefined) throw new UsageError(`--time-zone is not a known zone: ${zoneText}`);
    // A saved JSON file (Discourse endpoints) is wrapped so its text becomes the document's text.
    const isJson = /^\s*[{[]/.test(html);
    const document = isJson ? textDocument(html) : pageDocument(html, url.href, file, io.err);
    const result = parseThreadPage(document, url, { now, ...(zoneText === undefined ? {} : { timeZone: zoneText }) });
    if (!result.supported) {
      io.err(`${file}: not a thread page of a supported forum engine (${result.reason})\n`);
      return 1;
    }
    const { posts, ...thread } = result.data;
    io.out(`${JSON.stringify({ engine: result.engine, thread, posts, issues: result.issues }, null, 2)}\n`);
    return 0;
  },
};
