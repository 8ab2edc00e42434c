/** curse: everything Gavel knows of the engine, in one module (see `../engine-module.ts`). */
import { plainNumbering } from '../../model/post';
import { defineEngine } from '../engine-module';
import { curseAdapter } from './adapter';
import { curseBodyProfile } from './body-profile';
import { cursePageLinks } from './links';
import { markers } from './selectors';

export const curseEngine = defineEngine({
  id: 'curse',
  adapter: curseAdapter,
  markers,
  bodyProfile: curseBodyProfile,
  pageLinks: cursePageLinks,
  urlExamples: [
    'http://www.mtgsalvation.com/forums/forum-games/mafia/762585-unreliable-cops-mafia-game-over-mafia-victory',
    'http://www.mtgsalvation.com/forums/forum-games/mafia/762585-unreliable-cops?page=2',
  ],
  // The forum prints "#N" on every post, the opening post being #1, as `number` counts.
  numbering: plainNumbering,
});
