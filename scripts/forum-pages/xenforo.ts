/**
 * Renders a thread as XenForo 2.2 would (the default style's thread_view and
 * post_macros templates, bb_code_tag_quote / spoiler, page_nav), for the
 * browser tests: `html#XF[data-template="thread_view"]`, one
 * `article.message--post[data-content="post-N"]` per post with the user cell,
 * the attribution header (`time.u-dt[datetime][data-time]`, "#N"), the body in
 * `article.message-body > .bbWrapper`, and `div.message-lastEdit` for edits.
 * Every piece of user text is escaped.
 *
 * XenForo is often installed under /forums/, so its pages live at
 * `/forums/threads/<slug>.<id>/page-N`.
 */
import { escapeHtml, type DemoPost, type DemoThread } from './phpbb';

function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function xenforoPageCount(thread: DemoThread): number {
  return Math.max(1, Math.ceil(thread.posts.length / thread.perPage));
}

/** `/forums/threads/<slug>.<id>/` (page 1) or `…/page-N`. */
export function xenforoPath(thread: DemoThread, page: number): string {
  return `/forums/threads/${slug(thread.title)}.${thread.threadId}/${page > 1 ? `page-${page}` : ''}`;
}

export function xenforoPageUrl(thread: DemoThread, page: number): string {
  return `https://${thread.forumHost}${xenforoPath(thread, page)}`;
}

function dateString(iso: string): { readonly date: string; readonly time: string; readonly unix: number } {
  const d = new Date(iso);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const h = d.getUTCHours();
  return {
    date: `${months[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`,
    time: `${h % 12 === 0 ? 12 : h % 12}:${String(d.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`,
    unix: Math.floor(d.getTime() / 1000),
  };
}

function timeTag(iso: string, extra = ''): string {
  const t = dateString(iso);
  return `<time class="u-dt" dir="auto" datetime="${iso.replace('+00:00', '+0000')}" data-time="${t.unix}" data-date-string="${t.date}" data-time-string="${t.time}" title="${t.date} at ${t.time}"${extra}>${t.date}</time>`;
}

/** BBCode as XenForo 2 renders it: b, i, u, s, color, quote (bb_code_tag_quote), spoiler, line breaks. */
export function renderXenforoBbcode(source: string): string {
  let html = escapeHtml(source);
  const rules: readonly [RegExp, (...m: string[]) => string][] = [
    [/\[b\]([\s\S]*?)\[\/b\]/g, (_m, t = '') => `<b>${t}</b>`],
    [/\[i\]([\s\S]*?)\[\/i\]/g, (_m, t = '') => `<i>${t}</i>`],
    [/\[u\]([\s\S]*?)\[\/u\]/g, (_m, t = '') => `<u>${t}</u>`],
    [/\[s\]([\s\S]*?)\[\/s\]/g, (_m, t = '') => `<s>${t}</s>`],
    [/\[color=([#a-z0-9]+)\]([\s\S]*?)\[\/color\]/gi, (_m, c = '', t = '') => `<span style="color: ${c}">${t}</span>`],
    [
      /\[spoiler=([^\]]*)\]([\s\S]*?)\[\/spoiler\]/g,
      (_m, title = '', t = '') =>
        `<div class="bbCodeSpoiler"><button type="button" class="button--longText button" data-xf-click="toggle"><span class="button-text"><span>Spoiler: <span class="bbCodeSpoiler-button-title">${title}</span></span></span></button><div class="bbCodeSpoiler-content"><div class="bbCodeBlock bbCodeBlock--spoiler"><div class="bbCodeBlock-content">${t}</div></div></div></div>`,
    ],
  ];
  for (const [pattern, render] of rules) html = html.replace(pattern, (...m: string[]) => render(...m));
  const quote = /\[quote(?:=&quot;([^&]*?)&quot;(?: post_id=(\d+))?)?\]((?:(?!\[quote)[\s\S])*?)\[\/quote\]/;
  for (let m = quote.exec(html); m !== null; m = quote.exec(html)) {
    const [whole, name, postId, inner = ''] = m;
    const source = postId === undefined ? '' : ` data-source="post: ${postId}"`;
    const title =
      name === undefined
        ? ''
        : `<div class="bbCodeBlock-title">${postId === undefined ? `${name} said:` : `<a href="/forums/goto/post?id=${postId}" class="bbCodeBlock-sourceJump" rel="nofollow" data-xf-click="attribution" data-content-selector="#post-${postId}">${name} said:</a>`}</div>`;
    html = html.replace(
      whole,
      `<blockquote${name === undefined ? '' : ` data-quote="${name}"`}${source} class="bbCodeBlock bbCodeBlock--expandable bbCodeBlock--quote js-expandWatch">${title}<div class="bbCodeBlock-content"><div class="bbCodeBlock-expandContent js-expandContent ">${inner}</div></div></blockquote>`,
    );
  }
  return html.replace(/\n/g, '<br />\n');
}

function renderPost(thread: DemoThread, post: DemoPost, number: number): string {
  const link = `${xenforoPath(thread, 1)}post-${post.id}`;
  const member = `/forums/members/${slug(post.author)}.${post.userId}/`;
  const edited =
    post.edited === undefined
      ? ''
      : `<div class="message-lastEdit">Last edited: ${timeTag(post.edited.time, ' itemprop="dateModified"')}</div>`;
  return `<article class="message message--post js-post js-inlineModContainer  " data-author="${escapeHtml(post.author)}" data-content="post-${post.id}" id="js-post-${post.id}">
	<span class="u-anchorTarget" id="post-${post.id}"></span>
	<div class="message-inner">
		<div class="message-cell message-cell--user">
			<section class="message-user"><div class="message-userDetails">
				<h4 class="message-name"><a href="${member}" class="username " dir="auto" data-user-id="${post.userId}" data-xf-init="member-tooltip">${escapeHtml(post.author)}</a></h4>
				<h5 class="userTitle message-userTitle" dir="auto">Member</h5>
			</div></section>
		</div>
		<div class="message-cell message-cell--main">
			<div class="message-main js-quickEditTarget">
				<header class="message-attribution message-attribution--split">
					<ul class="message-attribution-main listInline ">
						<li class="u-concealed"><a href="${link}" rel="nofollow">${timeTag(post.time)}</a></li>
					</ul>
					<ul class="message-attribution-opposite message-attribution-opposite--list ">
						<li><a href="${link}" class="message-attribution-gadget" rel="nofollow">Share</a></li>
						<li><a href="${link}" rel="nofollow">#${number}</a></li>
					</ul>
				</header>
				<div class="message-content js-messageContent">
					<div class="message-userContent lbContainer js-lbContainer">
						<article class="message-body js-selectToQuote">
							<div class="bbWrapper">${renderXenforoBbcode(post.bbcode)}</div>
						</article>
					</div>
					${edited}
				</div>
				<footer class="message-footer"><div class="message-actionBar actionBar"><div class="actionBar-set actionBar-set--external"><a href="#" class="actionBar-action actionBar-action--reply">Reply</a></div></div></footer>
			</div>
		</div>
	</div>
</article>`;
}

function pageNav(thread: DemoThread, page: number): string {
  const pages = xenforoPageCount(thread);
  const items: string[] = [];
  for (let p = 1; p <= pages; p++) {
    const cls =
      p === page ? ' pageNav-page--current' : p === page - 1 ? ' pageNav-page--earlier' : p === page + 1 ? ' pageNav-page--later' : '';
    items.push(`<li class="pageNav-page${cls} "><a href="${xenforoPath(thread, p)}">${p}</a></li>`);
  }
  const prev = page > 1 ? `<a href="${xenforoPath(thread, page - 1)}" class="pageNav-jump pageNav-jump--prev">Prev</a>` : '';
  const next = page < pages ? `<a href="${xenforoPath(thread, page + 1)}" class="pageNav-jump pageNav-jump--next">Next</a>` : '';
  return `<nav class="pageNavWrapper pageNavWrapper--mixed "><div class="pageNav  ">${prev}<ul class="pageNav-main">${items.join('')}</ul>${next}</div></nav>`;
}

/** The HTML of one page of the thread (1-based), numbered from #1 as XenForo does. */
export function renderXenforoPage(thread: DemoThread, page: number): string {
  const start = (page - 1) * thread.perPage;
  const posts = thread.posts.slice(start, start + thread.perPage);
  const pages = xenforoPageCount(thread);
  const origin = `https://${thread.forumHost}`;
  const todayMidnight = Math.floor(Date.UTC(2026, 10, 21) / 1000);
  return `<!DOCTYPE html>
<html id="XF" lang="en-US" dir="LTR" data-app="public" data-template="thread_view" data-container-key="node-4" data-content-key="thread-${thread.threadId}" data-logged-in="false">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escapeHtml(thread.title)}${page > 1 ? ` | Page ${page}` : ''} | Greenwood Forums</title>
<link rel="canonical" href="${origin}${xenforoPath(thread, page)}" />
${page > 1 ? `<link rel="prev" href="${origin}${xenforoPath(thread, page - 1)}" />` : ''}
${page < pages ? `<link rel="next" href="${origin}${xenforoPath(thread, page + 1)}" />` : ''}
<style>
body { margin: 0; font: 15px/1.4 "Segoe UI", "Helvetica Neue", Roboto, sans-serif; color: #141414; background: #fefefe; }
.p-body { max-width: 1000px; margin: 0 auto; padding: 10px; }
.p-title-value { font-size: 24px; font-weight: 400; margin: 0 0 8px; }
.pageNav-main { display: inline-flex; list-style: none; gap: 4px; padding: 0; margin: 0 6px; }
.pageNav-page a { display: block; padding: 2px 8px; border: 1px solid #d8d8d8; border-radius: 3px; color: #2577b1; text-decoration: none; }
.pageNav-page--current a { background: #2577b1; color: #fff; }
.block-body { border: 1px solid #d8d8d8; border-radius: 3px; }
.message { border-top: 1px solid #e7e7e7; background: #fff; }
.message-inner { display: flex; }
.message-cell--user { flex: 0 0 140px; background: #f5f5f5; border-right: 1px solid #e7e7e7; padding: 10px; text-align: center; }
.message-name { margin: 0; font-size: 15px; } .username { color: #2577b1; font-weight: 700; text-decoration: none; }
.message-userTitle { margin: 2px 0 0; font-size: 12px; font-weight: 400; color: #8c8c8c; }
.message-cell--main { flex: 1 1 auto; padding: 6px 10px; min-width: 0; }
.message-attribution { display: flex; justify-content: space-between; font-size: 12px; color: #8c8c8c; border-bottom: 1px solid #e7e7e7; padding-bottom: 3px; }
.message-attribution ul { list-style: none; margin: 0; padding: 0; display: flex; gap: 8px; } .message-attribution a { color: #8c8c8c; text-decoration: none; }
.message-body { margin: 8px 0; }
.bbCodeBlock--quote { margin: 6px 0; border: 1px solid #d8d8d8; border-left: 3px solid #f87b2f; background: #f9f9f9; }
.bbCodeBlock-title { padding: 4px 8px; font-size: 13px; color: #2577b1; background: #eef3f8; } .bbCodeBlock-title a { color: inherit; }
.bbCodeBlock-content { padding: 6px 8px; }
.message-lastEdit { font-size: 12px; color: #8c8c8c; text-align: right; }
.message-footer { font-size: 12px; } .actionBar-action { color: #8c8c8c; }
</style>
</head>
<body data-template="thread_view">
<div class="p-body">
<div class="p-body-header"><div class="p-title "><h1 class="p-title-value">${escapeHtml(thread.title)}</h1></div></div>
<div class="block-outer"><div class="block-outer-main">${pageNav(thread, page)}</div></div>
<div class="block block--messages" data-type="post" data-href="/forums/inline-mod/">
<div class="block-container lbContainer">
<div class="block-body js-replyNewMessageContainer">
${posts.map((p, i) => renderPost(thread, p, start + i + 1)).join('\n')}
</div>
</div>
</div>
<div class="block-outer block-outer--after"><div class="block-outer-main">${pageNav(thread, page)}</div></div>
</div>
<script>
	XF.config = { time: { now: ${todayMidnight + 20 * 3600}, today: ${todayMidnight}, todayDow: 6 } };
</script>
</body>
</html>
`;
}
