/** vbulletin5: everything Gavel knows of the engine, in one module (see `../engine-module.ts`). */
import { plainNumbering } from '../../model/post';
import { defineEngine } from '../engine-module';
import { vbulletin5Adapter } from './adapter';
import { vbulletin5BodyProfile } from './body-profile';
import { vbulletin5PageLinks } from './links';
import { markers } from './selectors';

export const vbulletin5Engine = defineEngine({
  id: 'vbulletin5',
  adapter: vbulletin5Adapter,
  markers,
  bodyProfile: vbulletin5BodyProfile,
  pageLinks: vbulletin5PageLinks,
  urlExamples: ['https://fandompost.vbulletin.net/forum/x/727744-isekai-quartet-discussion-thread/page2'],
  // The forum prints "#N" on every post, the opening post being #1, as `number` counts.
  numbering: plainNumbering,
});
