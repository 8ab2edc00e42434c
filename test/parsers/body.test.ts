/**
 * Bold and quote edge cases, as a host meets them in game threads: each case is a small
 * post body in one engine's markup and the structure the vote counter must see.
 */
import { describe, expect, it } from 'vitest';
import { defaultVoteRules, extractVotes } from '../../src/engine';
import { parsePostBody, type ForumEngineId } from '../../src/parsers/index';
import { htmlDocument, runsOf } from './helpers';

function body(html: string, engine: ForumEngineId = 'phpbb') {
  const doc = htmlDocument(`<!doctype html><body><div id="m">${html}</div></body>`);
  const container = doc.getElementById('m');
  if (container === null) throw new Error('no container');
  return parsePostBody(container, engine);
}

describe('bold in every form', () => {
  it.each([
    ['<b>Vote: alice</b>', 'phpbb'],
    ['<strong>Vote: alice</strong>', 'discourse'],
    ['<span style="font-weight: bold">Vote: alice</span>', 'phpbb'],
    ['<div style="display:inline;font-weight:bold">Vote: alice</div>', 'phpbb'],
    ['<span style="font-weight:700">Vote: alice</span>', 'xenforo2'],
    ['<span style="font-weight: bold;" class="mycode_b">Vote: alice</span>', 'mybb'],
    ['<strong class="text-strong">Vote: alice</strong>', 'phpbb'],
    // mafiascum's older [b]: bold in posts (plain only in signatures, which sit outside the body)
    ['<span class="noboldsig">Vote: alice</span>', 'phpbb'],
  ] as const)('%s is one bold run (%s)', (html, engine) => {
    expect(body(html, engine)).toEqual([{ type: 'text', text: 'Vote: alice', bold: true }]);
  });

  it('marks mafiascum vote tags as bold vote tags, each tag its own run', () => {
    expect(body('<span class="bbvote">UNVOTE: </span><span class="bbvote">VOTE: alice</span>')).toEqual([
      { type: 'text', text: 'UNVOTE: ', bold: true, voteTag: true },
      { type: 'text', text: 'VOTE: alice', bold: true, voteTag: true },
    ]);
  });

  it('keeps a vote tag nested in another (a typo in the real corpus) as its own run', () => {
    expect(body('<span class="bbvote">UNVOTE: <span class="bbvote">VOTE: Rest</span></span>')).toEqual([
      { type: 'text', text: 'UNVOTE: ', bold: true, voteTag: true },
      { type: 'text', text: 'VOTE: Rest', bold: true, voteTag: true },
    ]);
  });

  it("reads mafiascum's older bold (span.noboldsig) around a vote and beside plain text", () => {
    expect(body('I think <span class="noboldsig">Vote: Mariyta</span> for now')).toEqual([
      { type: 'text', text: 'I think ' },
      { type: 'text', text: 'Vote: Mariyta', bold: true },
      { type: 'text', text: ' for now' },
    ]);
  });

  it('reads rainbow text (a colour per letter, some in a <font>, some sized) as bold letters on one line, one vote', () => {
    const colours = ['#ff0000', '#ff8000', '#00a000', '#0000ff'];
    const letters = [...'Vote: Mute']
      .map((ch, i) =>
        i % 3 === 2
          ? `<font color="${colours[i % 4] ?? 'red'}">${ch}</font>`
          : `<span style="color: ${colours[i % 4] ?? 'red'}; font-size: ${100 + i * 10}%">${ch}</span>`,
      )
      .join('');
    const nodes = body(`<b>${letters}</b>`);
    expect(nodes.every((n) => n.type === 'text' && n.bold === true)).toBe(true);
    expect(nodes.map((n) => (n.type === 'text' ? n.text : '|')).join('')).toBe('Vote: Mute');
    expect(extractVotes({ body: nodes }, defaultVoteRules).map((c) => [c.action, c.target, c.counted])).toEqual([['vote', 'Mute', true]]);
  });

  it('font-weight: normal inside bold ends the bold', () => {
    expect(body('<b>Vote: <span style="font-weight: normal">not</span></b>')).toEqual([
      { type: 'text', text: 'Vote: ', bold: true },
      { type: 'text', text: 'not' },
    ]);
  });

  it('keeps the colour lower-cased from style and <font>', () => {
    expect(body('<font color="Green"><b>Vote: a</b></font> <span style="color: #00FF00">x</span>')).toEqual([
      { type: 'text', text: 'Vote: a', bold: true, color: 'green' },
      { type: 'text', text: ' ' },
      { type: 'text', text: 'x', color: '#00ff00' },
    ]);
  });
});

describe('struck votes', () => {
  it.each([
    ['<b><s>Vote: alice</s></b>'],
    ['<s><b>Vote: alice</b></s>'],
    ['<del><strong>Vote: alice</strong></del>'],
    ['<strike><b>Vote: alice</b></strike>'],
    ['<span style="text-decoration: line-through;" class="mycode_s"><span class="mycode_b">Vote: alice</span></span>'],
  ])('%s is bold and struck', (html) => {
    expect(body(html)).toEqual([{ type: 'text', text: 'Vote: alice', bold: true, struck: true }]);
  });
});

describe('quotes', () => {
  it('keeps nested quotes apart, with their authors and post ids, and the header out of the text', () => {
    const nodes = body(
      '<blockquote cite="./viewtopic.php?p=11#p11"><div><cite><a href="./memberlist.php?mode=viewprofile&amp;u=2">alice</a> wrote:</cite>' +
        '<blockquote><div><cite>Bob wrote:</cite><b>Vote: carol</b></div></blockquote>agreed</div></blockquote>mine',
    );
    expect(nodes).toEqual([
      {
        type: 'quote',
        author: 'alice',
        postId: '11',
        children: [
          { type: 'quote', author: 'Bob', children: [{ type: 'text', text: 'Vote: carol', bold: true }] },
          { type: 'text', text: 'agreed' },
        ],
      },
      { type: 'text', text: 'mine' },
    ]);
  });

  it('drops unparsed BBCode from a hand-written cite', () => {
    expect(
      body(
        '<blockquote><div><cite><a href="https://forum.mafiascum.net/viewtopic.php?p=27#p27">ICENinja - [url=https://forum.mafiascum.net/viewtopic.php?p=27#p27]Post 78[/url]</a> wrote:</cite>x</div></blockquote>',
      ),
    ).toEqual([{ type: 'quote', author: 'ICENinja', postId: '27', children: [{ type: 'text', text: 'x' }] }]);
  });

  it('bold inside a quote stays inside the quote', () => {
    const runs = runsOf(body('<blockquote><div><cite>alice wrote:</cite><b>Vote: Bob</b></div></blockquote><b>Vote: carol</b>'));
    expect(runs).toEqual([
      expect.objectContaining({ text: 'Vote: Bob', bold: true, quoteAuthors: ['alice'] }),
      expect.objectContaining({ text: 'Vote: carol', bold: true, quoteAuthors: [] }),
    ]);
  });

  it('a bold quote header is not a bold run (uCoz "Цитата", vBulletin "Originally Posted by <strong>")', () => {
    const ucoz = body(
      '<div class="bbQuoteBlock"><div class="bbQuoteName"><b>Цитата</b> <span class="qName">Ёжик</span></div><div class="quoteMessage">текст</div></div>',
      'ucoz',
    );
    expect(ucoz).toEqual([{ type: 'quote', author: 'Ёжик', children: [{ type: 'text', text: 'текст' }] }]);
    const vb = body(
      '<div class="bbcode_container"><div class="bbcode_quote"><div class="quote_container"><div class="bbcode_quote_container"></div>' +
        '<div class="bbcode_postedby">Originally Posted by <strong>alice</strong> <a href="showthread.php?p=5#post5">view</a></div>' +
        '<div class="message">hi</div></div></div></div>',
      'vbulletin4',
    );
    expect(vb).toEqual([{ type: 'quote', author: 'alice', postId: '5', children: [{ type: 'text', text: 'hi' }] }]);
  });

  it('reads an SMF 2.0 quote whose header sits before the blockquote', () => {
    expect(
      body(
        '<div class="quoteheader"><div class="topslice_quote"><a href="index.php?topic=1.msg9#msg9">Quote from: Mister Two Words on March 02, 2025</a></div></div>' +
          '<blockquote class="bbc_standard_quote"><strong>Vote: x</strong></blockquote><div class="quotefooter"><div class="botslice_quote"></div></div>after',
        'smf',
      ),
    ).toEqual([
      { type: 'quote', author: 'Mister Two Words', postId: '9', children: [{ type: 'text', text: 'Vote: x', bold: true }] },
      { type: 'text', text: 'after' },
    ]);
  });
});

describe('spoilers', () => {
  it('keeps a vote inside a spoiler apart and marked, with the title out of the text', () => {
    const nodes = body(
      '<div style="margin:20px;"><div class="quotetitle"><b>Spoiler: plan</b> <input type="button" value="Show"></div>' +
        '<div class="quotecontent"><div style="display: none;"><b>Vote: carol</b></div></div></div>',
    );
    expect(nodes).toEqual([{ type: 'spoiler', title: 'plan', children: [{ type: 'text', text: 'Vote: carol', bold: true }] }]);
    expect(runsOf(nodes)).toEqual([expect.objectContaining({ text: 'Vote: carol', inSpoiler: true })]);
  });

  it('reads XenForo 2 and Invision spoilers the same way', () => {
    const xf = body(
      '<div class="bbCodeSpoiler"><button type="button" class="bbCodeSpoiler-button"><span>Spoiler: <span class="bbCodeSpoiler-button-title">t</span></span></button>' +
        '<div class="bbCodeSpoiler-content"><b>Vote: a</b></div></div>',
      'xenforo2',
    );
    const ips = body(
      '<div class="ipsSpoiler"><div class="ipsSpoiler_header"><span>t</span></div><div class="ipsSpoiler_contents"><strong>Vote: a</strong></div></div>',
      'invision',
    );
    const expected = [{ type: 'spoiler', title: 't', children: [{ type: 'text', text: 'Vote: a', bold: true }] }];
    expect(xf).toEqual(expected);
    expect(ips).toEqual(expected);
  });
});

describe('furniture and text', () => {
  it('skips signatures, in-body edit notices, code, scripts and non-smiley images', () => {
    expect(
      body(
        'a<div class="signature"><b>Vote: sig</b></div><img src="x.png" alt="Image"><img class="smilies" src="s.gif" alt=":D"><script>var x;</script><pre><b>Vote: code</b></pre>b',
      ),
    ).toEqual([{ type: 'text', text: 'a:Db' }]);
    expect(body('<p>x</p><span data-excludequote=""><strong>Edited March 3 by alice</strong></span>', 'invision')).toEqual([
      { type: 'text', text: 'x' },
    ]);
  });

  it('normalises whitespace and turns br and blocks into breaks', () => {
    expect(body('  one\n\n  two <br>\n three<div>four</div>five  ')).toEqual([
      { type: 'text', text: 'one two' },
      { type: 'break' },
      { type: 'text', text: 'three' },
      { type: 'break' },
      { type: 'text', text: 'four' },
      { type: 'break' },
      { type: 'text', text: 'five' },
    ]);
  });

  it('collapses every kind of white space, and trims spaces back over several runs at a break', () => {
    // Text already in single spaces is kept as it is; tabs, no-break, ideographic and line-separator spaces collapse.
    expect(body('a\u00a0\u00a0b\tc\u3000d\u2028e f <b>g </b> <i> </i><br>h')).toEqual([
      { type: 'text', text: 'a b c d e f ' },
      { type: 'text', text: 'g', bold: true },
      { type: 'break' },
      { type: 'text', text: 'h' },
    ]);
    // A space that ends one run drops the space that starts the next, whatever their marks; the last run's trailing space goes.
    expect(body('one <b> two</b> <i> three </i>')).toEqual([
      { type: 'text', text: 'one ' },
      { type: 'text', text: 'two', bold: true },
      { type: 'text', text: ' ' },
      { type: 'text', text: 'three', italic: true },
    ]);
  });

  it('collapses white space across the pieces of one run (text nodes split by comments) as in one piece', () => {
    // The builder collapses a run's white space once, when it finishes; a piece's leading white space
    // goes where the text before it ends in white space, a whitespace-only piece there leaves no run
    // between two bold ones, and a no-break space is trimmed at a break like a space.
    expect(body('a \n<!-- c -->\t b<!-- c -->\u00a0<!-- c --> c&nbsp;<!-- c --><br>d<b>e\n</b><!-- c -->\n<b> f</b>')).toEqual([
      { type: 'text', text: 'a b c' },
      { type: 'break' },
      { type: 'text', text: 'd' },
      { type: 'text', text: 'e f', bold: true },
    ]);
  });

  it('never changes the document', () => {
    const doc = htmlDocument(
      '<!doctype html><body><div id="m"><blockquote><div><cite>a wrote:</cite>x</div></blockquote><b>y</b></div></body>',
    );
    const before = doc.body.innerHTML;
    const container = doc.getElementById('m');
    if (container === null) throw new Error('no container');
    parsePostBody(container, 'phpbb');
    expect(doc.body.innerHTML).toBe(before);
  });
});
