/** vbulletin3: everything Gavel knows of the engine, in one module (see `../engine-module.ts`). */
import { plainNumbering } from '../../model/post';
import { defineEngine } from '../engine-module';
import { vbulletin3Adapter } from './adapter';
import { vbulletin3BodyProfile } from './body-profile';
import { vbulletin3PageLinks } from './links';
import { markers } from './selectors';

export const vbulletin3Engine = defineEngine({
  id: 'vbulletin3',
  adapter: vbulletin3Adapter,
  markers,
  bodyProfile: vbulletin3BodyProfile,
  pageLinks: vbulletin3PageLinks,
  urlExamples: [
    'https://forums.animesuki.com/showthread.php?t=128882&page=152',
    'http://forums.militarytimes.com/showthread.php/9687-Legendary-military-columnist/page2',
  ],
  // The forum prints "#N" on every post, the opening post being #1, as `number` counts.
  numbering: plainNumbering,
});
