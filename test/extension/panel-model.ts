/**
 * The thread panel's model for tests that render a count: one tracked page of a
 * forum thread, nothing running, in English. Each test gives its count and the
 * forum it pretends to be on.
 */
import type { PanelActions, PanelModel } from '../../extension/content/panel';
import { translatorFor } from '../../extension/shared/catalogs';
import type { VoteCountView } from '../../extension/shared/protocol';

export interface PanelPage {
  /** @default 'phpbb' */
  readonly engine?: string;
  /** @default 'phpBB' */
  readonly engineName?: string;
  /** @default 'https://forum.example' */
  readonly origin?: string;
  /** @default '1' */
  readonly threadId?: string;
  /** @default 'Mini' */
  readonly title?: string;
  /** Posts on the page and stored for the thread. */
  readonly posts: number;
}

export function panelModelOf(count: VoteCountView, page: PanelPage): PanelModel {
  const origin = page.origin ?? 'https://forum.example';
  const threadId = page.threadId ?? '1';
  const title = page.title ?? 'Mini';
  return {
    engineName: page.engineName ?? 'phpBB',
    title,
    postsOnPage: page.posts,
    thread: {
      key: `${origin}|${threadId}`,
      origin,
      threadId,
      title,
      engine: page.engine ?? 'phpbb',
      postCount: page.posts,
      pagesSeen: 1,
      tracked: true,
    },
    count,
    issues: [],
    error: null,
    crawl: null,
    copy: { kind: 'idle' },
    busy: false,
    t: translatorFor('en'),
  };
}

/** Panel actions that do nothing: the tests read what the panel shows. */
export const idlePanelActions: PanelActions = {
  track: () => undefined,
  latest: () => undefined,
  copyVoteCount: () => undefined,
  showPost: () => false,
};
