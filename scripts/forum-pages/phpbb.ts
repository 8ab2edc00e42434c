/**
 * Renders a thread as phpBB 3.3 prosilver would, with mafiascum.net's
 * additions (the `#N` post number in `p.author`, the `[vote]` tag as
 * `span.bbvote`), following the structure of prosilver's viewtopic_body.html
 * and bbcode.html. Used by the demo and by the browser tests, so the pages
 * Gavel is tested on in Chromium are written by this project.
 *
 * Post bodies are given as BBCode and rendered here; every piece of user
 * text is escaped.
 */

export interface DemoPost {
  readonly id: number;
  readonly author: string;
  readonly userId: number;
  /** ISO time with offset. */
  readonly time: string;
  readonly bbcode: string;
  readonly edited?: { readonly by: string; readonly time: string; readonly count: number };
}

export interface DemoThread {
  readonly forumHost: string;
  readonly threadId: number;
  readonly title: string;
  readonly perPage: number;
  readonly posts: readonly DemoPost[];
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function formatTime(iso: string): string {
  const d = new Date(iso);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const h = d.getUTCHours();
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  const minutes = String(d.getUTCMinutes()).padStart(2, '0');
  return `${days[d.getUTCDay()]} ${months[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, '0')}, ${d.getUTCFullYear()} ${hour12}:${minutes} ${h < 12 ? 'am' : 'pm'}`;
}

/**
 * A small BBCode renderer covering what game threads use: b, i, u, s, color,
 * quote (with name and post id), vote, spoiler, and line breaks, as prosilver
 * 3.3 and mafiascum render them.
 */
export function renderBbcode(source: string, postUrl: (postId: string) => string): string {
  let html = escapeHtml(source);
  const rules: readonly [RegExp, (...m: string[]) => string][] = [
    [/\[b\]([\s\S]*?)\[\/b\]/g, (_m, t = '') => `<strong class="text-strong">${t}</strong>`],
    [/\[i\]([\s\S]*?)\[\/i\]/g, (_m, t = '') => `<em class="text-italics">${t}</em>`],
    [/\[u\]([\s\S]*?)\[\/u\]/g, (_m, t = '') => `<span style="text-decoration:underline">${t}</span>`],
    [/\[s\]([\s\S]*?)\[\/s\]/g, (_m, t = '') => `<span style="text-decoration:line-through">${t}</span>`],
    [/\[color=([#a-z0-9]+)\]([\s\S]*?)\[\/color\]/gi, (_m, c = '', t = '') => `<span style="color:${c}">${t}</span>`],
    [/\[vote\]([\s\S]*?)\[\/vote\]/g, (_m, t = '') => `<span class="bbvote" title="This is an official vote.">VOTE: ${t}</span>`],
    [
      /\[spoiler=([^\]]*)\]([\s\S]*?)\[\/spoiler\]/g,
      (_m, title = '', t = '') =>
        `<div style="margin:20px; margin-top:5px"><div class="quotetitle"><b>Spoiler: ${title}</b> <input type="button" value="Show" class="button2"></div><div class="quotecontent"><div style="display: none;">${t}</div></div></div>`,
    ],
  ];
  for (const [pattern, render] of rules) html = html.replace(pattern, (...m: string[]) => render(...m));
  // Quotes nest: replace innermost first until none is left.
  const quote = /\[quote(?:=&quot;([^&]*?)&quot;(?: post_id=(\d+))?)?\]((?:(?!\[quote)[\s\S])*?)\[\/quote\]/;
  for (let m = quote.exec(html); m !== null; m = quote.exec(html)) {
    const [whole, name, postId, inner = ''] = m;
    const cite =
      name === undefined
        ? ''
        : `<cite>${postId === undefined ? '' : `<a href="${escapeHtml(postUrl(postId))}" data-post-id="${postId}" onclick="if(document.getElementById(hash.substr(1)))href=hash">↑</a> `}${name} wrote:</cite>`;
    html = html.replace(whole, `<blockquote${name === undefined ? ' class="uncited"' : ''}><div>${cite}${inner}</div></blockquote>`);
  }
  return html.replace(/\n/g, '<br>');
}

export function pageCount(thread: DemoThread): number {
  return Math.max(1, Math.ceil(thread.posts.length / thread.perPage));
}

export function pageUrl(thread: DemoThread, page: number): string {
  const start = (page - 1) * thread.perPage;
  return `https://${thread.forumHost}/viewtopic.php?t=${thread.threadId}${start > 0 ? `&start=${start}` : ''}`;
}

function pagination(thread: DemoThread, page: number): string {
  const pages = pageCount(thread);
  const link = (p: number): string => `./viewtopic.php?t=${thread.threadId}${p > 1 ? `&amp;start=${(p - 1) * thread.perPage}` : ''}`;
  const items: string[] = [];
  if (page > 1)
    items.push(
      `<li class="arrow previous"><a class="button button-icon-only" href="${link(page - 1)}" rel="prev" role="button"><span class="sr-only">Previous</span></a></li>`,
    );
  for (let p = 1; p <= pages; p++) {
    items.push(
      p === page ? `<li class="active"><span>${p}</span></li>` : `<li><a class="button" href="${link(p)}" role="button">${p}</a></li>`,
    );
  }
  if (page < pages)
    items.push(
      `<li class="arrow next"><a class="button button-icon-only" href="${link(page + 1)}" rel="next" role="button"><span class="sr-only">Next</span></a></li>`,
    );
  return `<div class="pagination">${thread.posts.length} posts &bull; <a class="button" href="#" role="button">Page <strong>${page}</strong> of <strong>${pages}</strong></a>
<ul>${items.join('\n')}</ul></div>`;
}

function renderPost(thread: DemoThread, post: DemoPost, number: number, index: number): string {
  const postUrl = (id: string): string => `./viewtopic.php?p=${id}#p${id}`;
  const profile = `./memberlist.php?mode=viewprofile&amp;u=${post.userId}`;
  const edited =
    post.edited === undefined
      ? ''
      : `<div class="notice">Last edited by <a href="./memberlist.php?mode=viewprofile&amp;u=${post.userId}" class="username">${escapeHtml(post.edited.by)}</a> on ${formatTime(post.edited.time)}, edited ${post.edited.count} time${post.edited.count === 1 ? '' : 's'} in total.</div>`;
  return `
<div id="p${post.id}" class="post has-profile ${index % 2 === 0 ? 'bg2' : 'bg1'}">
  <div class="inner">
    <dl class="postprofile" id="profile${post.id}">
      <dt class="has-profile-rank no-avatar"><div class="avatar-container"></div><a href="${profile}" class="username">${escapeHtml(post.author)}</a></dt>
      <dd class="profile-rank">Townie</dd>
      <dd class="profile-posts"><strong>Posts:</strong> <a href="./search.php?author_id=${post.userId}&amp;sr=posts">${100 + post.userId}</a></dd>
    </dl>
    <div class="postbody">
      <div id="post_content${post.id}">
        <h3 ${index === 0 ? 'class="first"' : ''}><a href="${postUrl(String(post.id))}">Re: ${escapeHtml(thread.title)}</a></h3>
        <p class="author modified">Post <a href="${postUrl(String(post.id))}"><span class='post-number-bolded'>#${number}</span></a> (ISO #${number} / <a href="./viewtopic.php?t=${thread.threadId}&amp;user_select%5B%5D=${post.userId}">ISO</a>) &raquo; <time datetime="${post.time}">${formatTime(post.time)}</time></p>
        <div class="content">${renderBbcode(post.bbcode, postUrl)}</div>
        ${edited}
      </div>
    </div>
    <div class="back2top"><a href="#top" class="top" title="Top">Top</a></div>
  </div>
</div>
<hr class="divider" />`;
}

/** The HTML of one page of the thread (1-based). */
export function renderPage(thread: DemoThread, page: number): string {
  const start = (page - 1) * thread.perPage;
  const posts = thread.posts.slice(start, start + thread.perPage);
  const next = page < pageCount(thread) ? `<link rel="next" href="${escapeHtml(pageUrl(thread, page + 1))}">` : '';
  return `<!DOCTYPE html>
<html dir="ltr" lang="en-gb">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escapeHtml(thread.title)} - Page ${page} - Mafia Demo Forum</title>
<link rel="canonical" href="${escapeHtml(pageUrl(thread, page))}">
${next}
<style>
body { font-family: Verdana, Helvetica, Arial, sans-serif; background: #f5f7fa; color: #536482; margin: 0; padding: 12px; font-size: 11px; }
.wrap { max-width: 1000px; margin: 0 auto; background: #fff; border: 1px solid #e6e9ed; padding: 15px; border-radius: 8px; }
.post { padding: 5px 10px; margin-bottom: 4px; border-radius: 7px; display: flow-root; }
.bg1 { background: #ecf3f7; } .bg2 { background: #e1ebf2; }
.postprofile { float: right; width: 22%; margin: 5px 0 10px; min-height: 80px; border-left: 1px solid #fff; padding-left: 8px; }
.postbody { float: left; width: 76%; }
.postbody h3 { font-size: 1.4em; margin: 0 0 4px; }
.content { font-family: "Lucida Grande", "Trebuchet MS", Verdana, sans-serif; font-size: 1.3em; color: #333; line-height: 1.4em; padding-bottom: 4px; }
blockquote { background: #ebeadd; border: 1px solid #dbdbce; margin: 1em 1px 1em 25px; padding: 5px; }
cite { font-style: normal; font-weight: bold; display: block; }
.notice { font-family: "Lucida Grande", Verdana, sans-serif; color: #5c7099; padding-top: 4px; border-top: 1px dashed #ccc; }
.pagination { float: right; text-align: right; } .pagination ul { display: inline-block; list-style: none; margin: 0; padding: 0; } .pagination li { display: inline-block; margin: 0 2px; }
.action-bar { display: flow-root; margin: 4px 0; }
.username { color: #105289; font-weight: bold; }
.bbvote { font-weight: bold; }
hr.divider { display: none; }
</style>
</head>
<body id="phpbb" class="nojs notouch section-viewtopic ltr">
<div id="wrap" class="wrap">
  <a id="top" class="top-anchor" accesskey="t"></a>
  <div id="page-header"><div class="headerbar"><h1>Mafia Demo Forum</h1><p>A forum page written by the Gavel project for its demo and tests.</p></div>
    <div class="navbar"><ul id="nav-breadcrumbs" class="nav-breadcrumbs"><li class="breadcrumbs"><span class="crumb"><a href="./index.php">Board index</a></span> <span class="crumb"><a href="./viewforum.php?f=53">Mini Normal</a></span></li></ul></div>
  </div>
  <div id="page-body" class="page-body" role="main">
    <h2 class="topic-title"><a href="./viewtopic.php?t=${thread.threadId}">${escapeHtml(thread.title)}</a></h2>
    <div class="action-bar bar-top">${pagination(thread, page)}</div>
    ${posts.map((p, i) => renderPost(thread, p, start + i, i)).join('\n')}
    <div class="action-bar bar-bottom">${pagination(thread, page)}</div>
  </div>
  <div id="page-footer" class="page-footer" role="contentinfo"><div class="copyright">Powered by phpBB&reg; Forum Software &copy; phpBB Limited</div><p>All times are <span title="UTC">UTC</span></p></div>
</div>
</body>
</html>
`;
}
