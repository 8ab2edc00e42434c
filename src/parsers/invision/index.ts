/** invision: everything Gavel knows of the engine, in one module (see `../engine-module.ts`). */
import { plainNumbering } from '../../model/post';
import { defineEngine } from '../engine-module';
import { invisionAdapter } from './adapter';
import { invisionBodyProfile } from './body-profile';
import { invisionPageLinks } from './links';
import { markers } from './selectors';

export const invisionEngine = defineEngine({
  id: 'invision',
  adapter: invisionAdapter,
  markers,
  bodyProfile: invisionBodyProfile,
  pageLinks: invisionPageLinks,
  urlExamples: ['https://invisioncommunity.com/forums/topic/34923-a-mafia-game/page/2/', 'https://example.com/index.php?/topic/77-game/'],
  // Invision prints no post number; Gavel counts from 1.
  numbering: plainNumbering,
});
