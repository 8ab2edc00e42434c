/** xenforo2: everything Gavel knows of the engine, in one module (see `../engine-module.ts`). */
import { plainNumbering } from '../../model/post';
import { defineEngine } from '../engine-module';
import { xenforo2Adapter } from './adapter';
import { xenforo2BodyProfile } from './body-profile';
import { xenforo2PageLinks } from './links';
import { markers } from './selectors';

export const xenforo2Engine = defineEngine({
  id: 'xenforo2',
  adapter: xenforo2Adapter,
  markers,
  bodyProfile: xenforo2BodyProfile,
  pageLinks: xenforo2PageLinks,
  urlExamples: [
    'https://xenforo.com/community/threads/a-dark-theme-option.8276/',
    'https://xenforo.com/community/threads/a-dark-theme-option.8276/page-3',
  ],
  // The forum prints "#N" on every post, the opening post being #1, as `number` counts.
  numbering: plainNumbering,
});
