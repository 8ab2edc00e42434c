/**
 * Renders a thread as vBulletin 4.2 renders it on Mafia Universe (the
 * showthread and postbit_legacy templates, bbcode_quote, the "Page N of M"
 * pagination form), for the browser tests: `ol#posts > li.postcontainer#post_N`
 * with MU's `data-postnumber`, the posthead's `span.date` ("11-21-2026, 06:00 PM",
 * board time with the footer's "All times are GMT"), `a.postcounter` "#N", the
 * body in `div#post_message_N > blockquote.postcontent`, quotes in
 * `div.bbcode_container > div.bbcode_quote` with "Originally Posted by", and
 * `blockquote.postcontent.lastedited` for edits. Every piece of user text is escaped.
 *
 * Pages live at `/forums/threads/<id>-<Slug>` and `…/pageN`, as on Mafia Universe.
 */
import { escapeHtml, type DemoPost, type DemoThread } from './phpbb';

function slug(title: string): string {
  return title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export function vbulletinPageCount(thread: DemoThread): number {
  return Math.max(1, Math.ceil(thread.posts.length / thread.perPage));
}

/** Relative to the `<base href=".../forums/">`: `threads/<id>-<Slug>` or `…/pageN`. */
function threadPath(thread: DemoThread, page: number): string {
  return `threads/${thread.threadId}-${slug(thread.title)}${page > 1 ? `/page${page}` : ''}`;
}

export function vbulletinPath(thread: DemoThread, page: number): string {
  return `/forums/${threadPath(thread, page)}`;
}

export function vbulletinPageUrl(thread: DemoThread, page: number): string {
  return `https://${thread.forumHost}${vbulletinPath(thread, page)}`;
}

/** "11-21-2026, <span class="time">06:00 PM</span>" in the board's time (GMT here). */
function postDate(iso: string): { readonly date: string; readonly time: string } {
  const d = new Date(iso);
  const h = d.getUTCHours();
  const two = (n: number): string => String(n).padStart(2, '0');
  return {
    date: `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}-${d.getUTCFullYear()}`,
    time: `${two(h % 12 === 0 ? 12 : h % 12)}:${two(d.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`,
  };
}

/** BBCode as vBulletin 4 renders it: b, i, u, s (strike), color, quote (bbcode_quote), spoiler, line breaks. */
export function renderVbulletinBbcode(source: string): string {
  let html = escapeHtml(source);
  const rules: readonly [RegExp, (...m: string[]) => string][] = [
    [/\[b\]([\s\S]*?)\[\/b\]/g, (_m, t = '') => `<b>${t}</b>`],
    [/\[i\]([\s\S]*?)\[\/i\]/g, (_m, t = '') => `<i>${t}</i>`],
    [/\[u\]([\s\S]*?)\[\/u\]/g, (_m, t = '') => `<u>${t}</u>`],
    [/\[s\]([\s\S]*?)\[\/s\]/g, (_m, t = '') => `<strike>${t}</strike>`],
    [/\[color=([#a-z0-9]+)\]([\s\S]*?)\[\/color\]/gi, (_m, c = '', t = '') => `<font color="${c}">${t}</font>`],
    [
      /\[spoiler=([^\]]*)\]([\s\S]*?)\[\/spoiler\]/g,
      (_m, title = '', t = '') =>
        `<div class="bbcode_container spoiler"><div class="bbcode_description">Spoiler: ${title}</div><div class="bbcode_spoiler">${t}</div></div>`,
    ],
  ];
  for (const [pattern, render] of rules) html = html.replace(pattern, (...m: string[]) => render(...m));
  const quote = /\[quote(?:=&quot;([^&]*?)&quot;(?: post_id=(\d+))?)?\]((?:(?!\[quote)[\s\S])*?)\[\/quote\]/;
  for (let m = quote.exec(html); m !== null; m = quote.exec(html)) {
    const [whole, name, postId, inner = ''] = m;
    const postedBy =
      name === undefined
        ? ''
        : `<div class="bbcode_postedby">
					<img src="images/misc/quote_icon.png" alt="Quote" /> Originally Posted by <strong>${name}</strong>
					${postId === undefined ? '' : `<a href="showthread.php?p=${postId}#post${postId}" rel="nofollow"><img class="inlineimg" src="images/buttons/viewpost-right.png" alt="View Post" /></a>`}
				</div>
				<div class="message">${inner}</div>`;
    html = html.replace(
      whole,
      `<div class="bbcode_container">
	<div class="bbcode_quote">
		<div class="quote_container">
			<div class="bbcode_quote_container"></div>
			${name === undefined ? inner : postedBy}
		</div>
	</div>
</div>`,
    );
  }
  return html.replace(/\n/g, '<br />\n');
}

function renderPost(thread: DemoThread, post: DemoPost, number: number): string {
  const date = postDate(post.time);
  const member = `member.php/${post.userId}-${slug(post.author)}`;
  const edited =
    post.edited === undefined
      ? ''
      : (() => {
          const e = postDate(post.edited.time);
          return `<blockquote class="postcontent lastedited">
					Last edited by ${escapeHtml(post.edited.by)}; ${e.date} at <span class="time">${e.time}</span>.
				</blockquote>`;
        })();
  return `<li class="postbitlegacy postbitim postcontainer old" id="post_${post.id}" data-postnumber="${number}">
	<div class="posthead">
		<span class="postdate old">
			<span class="date">${date.date},&nbsp;<span class="time">${date.time}</span></span>
		</span>
		<span class="nodecontrols">
			<a name="post${post.id}" href="${threadPath(thread, 1)}?p=${post.id}#post${post.id}" class="postcounter">#${number}</a><a id="postcount${post.id}" name="${number}"></a>
		</span>
	</div>
	<div class="postdetails">
		<div class="userinfo">
			<div class="username_container">
				<a class="username offline popupctrl" href="${member}" title="${escapeHtml(post.author)} is offline"><strong>${escapeHtml(post.author)}</strong></a>
			</div>
			<span class="usertitle">Townie</span>
		</div>
		<div class="postbody">
			<div class="postrow${post.edited === undefined ? '' : ' has_after_content'}">
				<div class="content">
					<div id="post_message_${post.id}">
						<blockquote class="postcontent restore ">
							${renderVbulletinBbcode(post.bbcode)}
						</blockquote>
					</div>
				</div>
				${edited}
			</div>
		</div>
	</div>
	<div class="postfoot"><div class="textcontrols floatcontainer"><span class="postcontrols"><a class="quote" href="newreply.php?p=${post.id}&amp;noquote=1">Reply With Quote</a></span></div></div>
	<hr />
</li>`;
}

function pagination(thread: DemoThread, page: number): string {
  const pages = vbulletinPageCount(thread);
  const spans: string[] = [];
  for (let p = 1; p <= pages; p++) {
    spans.push(
      p === page
        ? `<span class="selected"><a href="javascript://" title="Results">${p}</a></span>`
        : `<span><a href="${threadPath(thread, p)}" title="Show results">${p}</a></span>`,
    );
  }
  const next =
    page < pages ? `<span class="prev_next"><a rel="next" href="${threadPath(thread, page + 1)}" title="Next Page">Next</a></span>` : '';
  return `<form action="${threadPath(thread, page)}" method="get" class="pagination popupmenu nohovermenu">
	<span><a href="javascript://" class="popupctrl">Page ${page} of ${pages}</a></span>
	${spans.join('\n\t')}
	${next}
</form>`;
}

/** The HTML of one page of the thread (1-based), numbered from #1 as vBulletin does. */
export function renderVbulletinPage(thread: DemoThread, page: number): string {
  const start = (page - 1) * thread.perPage;
  const posts = thread.posts.slice(start, start + thread.perPage);
  const pages = vbulletinPageCount(thread);
  const base = `https://${thread.forumHost}/forums/`;
  return `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" dir="ltr" lang="en" id="vbulletin_html">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
<meta name="generator" content="vBulletin 4.2.5" />
<base href="${base}" />
<title> ${escapeHtml(thread.title)}${page > 1 ? ` - Page ${page}` : ''}</title>
${page > 1 ? `<link rel="prev" href="${base}${threadPath(thread, page - 1)}" />` : ''}
${page < pages ? `<link rel="next" href="${base}${threadPath(thread, page + 1)}" />` : ''}
<style>
body { margin: 0; background: #e9e9e9; font: 13px Tahoma, Calibri, Verdana, Geneva, sans-serif; color: #3e3e3e; }
.body_wrapper { max-width: 1000px; margin: 0 auto; background: #fff; padding: 10px; }
#pagetitle h1 { font-size: 18px; font-weight: 400; margin: 4px 0 8px; }
.pagination span { display: inline-block; margin: 0 1px; } .pagination a { border: 1px solid #c4c4c4; padding: 1px 5px; color: #417394; text-decoration: none; background: #f2f6f8; }
.pagination .selected a { background: #417394; color: #fff; }
ol#posts { list-style: none; margin: 8px 0; padding: 0; }
.postcontainer { border: 1px solid #c4c4c4; margin-bottom: 8px; background: #fff; }
.posthead { background: #738fbf; color: #fff; padding: 3px 6px; display: flex; justify-content: space-between; font-size: 11px; }
.posthead a { color: #fff; text-decoration: none; }
.postdetails { display: flex; }
.userinfo { flex: 0 0 160px; padding: 8px; border-right: 1px solid #e0e0e0; background: #f2f6f8; }
.username { color: #417394; text-decoration: none; } .usertitle { display: block; font-size: 11px; color: #757575; }
.postbody { flex: 1 1 auto; padding: 8px; min-width: 0; }
blockquote.postcontent { margin: 0; }
.bbcode_container .bbcode_quote { margin: 6px 0; border: 1px solid #c4c4c4; background: #f8f8f8; padding: 6px; font-style: italic; }
.bbcode_postedby { font-style: normal; font-size: 12px; color: #555; }
blockquote.lastedited { font-size: 11px; color: #757575; margin-top: 8px; }
.postfoot { font-size: 11px; padding: 3px 6px; background: #f2f6f8; border-top: 1px solid #e0e0e0; } .postfoot a { color: #417394; }
.postcontainer hr { display: none; }
.footer_time { font-size: 11px; color: #757575; text-align: center; padding: 6px; }
</style>
</head>
<body>
<div class="body_wrapper">
<div id="pagetitle" class="pagetitle"><h1>Thread: <span class="threadtitle"><a href="${threadPath(thread, 1)}" title="Reload this Page">${escapeHtml(thread.title)}</a></span></h1></div>
<div id="pagination_top" class="pagination_top">${pagination(thread, page)}</div>
<div id="postlist" class="postlist restrain">
<ol id="posts" class="posts" start="${start + 1}">
${posts.map((p, i) => renderPost(thread, p, start + i + 1)).join('\n')}
</ol>
</div>
<div id="pagination_bottom" class="pagination_bottom">${pagination(thread, page)}</div>
<div id="footer_time" class="shade footer_time">All times are GMT. The time now is <span class="time">10:00 PM</span>.</div>
</div>
</body>
</html>
`;
}
