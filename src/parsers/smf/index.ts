/** smf: everything Gavel knows of the engine, in one module (see `../engine-module.ts`). */
import { defineEngine } from '../engine-module';
import { smfAdapter } from './adapter';
import { smfBodyProfile } from './body-profile';
import { smfPageLinks } from './links';
import { markers } from './selectors';

export const smfEngine = defineEngine({
  id: 'smf',
  adapter: smfAdapter,
  markers,
  bodyProfile: smfBodyProfile,
  pageLinks: smfPageLinks,
  urlExamples: ['https://www.simplemachines.org/community/index.php?topic=45.0', 'https://www.bay12forums.com/smf/index.php?topic=1234.50'],
  // SMF numbers replies, not posts: the opening post shows no number and the second is "Reply #1", while `number` counts the opening post as 1.
  numbering: { offset: 1, prefix: 'Reply #' },
});
