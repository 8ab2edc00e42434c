/** mybb: everything Gavel knows of the engine, in one module (see `../engine-module.ts`). */
import { plainNumbering } from '../../model/post';
import { defineEngine } from '../engine-module';
import { mybbAdapter } from './adapter';
import { mybbBodyProfile } from './body-profile';
import { mybbPageLinks } from './links';
import { markers } from './selectors';

export const mybbEngine = defineEngine({
  id: 'mybb',
  adapter: mybbAdapter,
  markers,
  bodyProfile: mybbBodyProfile,
  pageLinks: mybbPageLinks,
  urlExamples: ['https://community.mybb.com/showthread.php?tid=7', 'https://community.mybb.com/showthread.php?tid=7&page=2'],
  // The forum prints "#N" on every post, the opening post being #1, as `number` counts.
  numbering: plainNumbering,
});
