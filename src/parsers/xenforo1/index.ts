/** xenforo1: everything Gavel knows of the engine, in one module (see `../engine-module.ts`). */
import { plainNumbering } from '../../model/post';
import { defineEngine } from '../engine-module';
import { xenforo1Adapter } from './adapter';
import { xenforo1BodyProfile } from './body-profile';
import { xenforo1PageLinks } from './links';
import { markers } from './selectors';

export const xenforo1Engine = defineEngine({
  id: 'xenforo1',
  adapter: xenforo1Adapter,
  markers,
  bodyProfile: xenforo1BodyProfile,
  pageLinks: xenforo1PageLinks,
  urlExamples: [
    'https://forums.sufficientvelocity.com/threads/renascence-a-homura-quest.10402/page-54',
    'https://example.com/index.php?threads/a-game.77/',
  ],
  // The forum prints "#N" on every post, the opening post being #1, as `number` counts.
  numbering: plainNumbering,
});
