/** vbulletin4: everything Gavel knows of the engine, in one module (see `../engine-module.ts`). */
import { plainNumbering } from '../../model/post';
import { defineEngine } from '../engine-module';
import { vbulletin4Adapter } from './adapter';
import { vbulletin4BodyProfile } from './body-profile';
import { vbulletin4PageLinks } from './links';
import { markers } from './selectors';

export const vbulletin4Engine = defineEngine({
  id: 'vbulletin4',
  adapter: vbulletin4Adapter,
  markers,
  bodyProfile: vbulletin4BodyProfile,
  pageLinks: vbulletin4PageLinks,
  urlExamples: [
    'https://www.mafiauniverse.com/forums/threads/12345-Mafia-Game/page3',
    'https://www.mafiauniverse.com/forums/showthread.php?t=12345',
  ],
  // The forum prints "#N" on every post, the opening post being #1, as `number` counts.
  numbering: plainNumbering,
});
