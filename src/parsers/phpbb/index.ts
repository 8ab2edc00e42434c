/** phpbb: everything Gavel knows of the engine, in one module (see `../engine-module.ts`). */
import { plainNumbering } from '../../model/post';
import { defineEngine } from '../engine-module';
import { phpbbAdapter } from './adapter';
import { phpbbBodyProfile } from './body-profile';
import { phpbbPageLinks } from './links';
import { markers } from './selectors';

export const phpbbEngine = defineEngine({
  id: 'phpbb',
  adapter: phpbbAdapter,
  markers,
  bodyProfile: phpbbBodyProfile,
  pageLinks: phpbbPageLinks,
  urlExamples: [
    'https://forum.mafiascum.net/viewtopic.php?f=53&t=16143&start=25',
    'https://www.ilovephilosophy.com/viewtopic.php?f=1&t=194998',
  ],
  // mafiascum prints "#0" on the opening post (read from the page); phpBB's own styles print no number, and Gavel counts from 1.
  numbering: plainNumbering,
});
