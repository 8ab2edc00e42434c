/** ucoz: everything Gavel knows of the engine, in one module (see `../engine-module.ts`). */
import { plainNumbering } from '../../model/post';
import { defineEngine } from '../engine-module';
import { ucozAdapter } from './adapter';
import { ucozBodyProfile } from './body-profile';
import { ucozPageLinks } from './links';
import { markers } from './selectors';

export const ucozEngine = defineEngine({
  id: 'ucoz',
  adapter: ucozAdapter,
  markers,
  bodyProfile: ucozBodyProfile,
  pageLinks: ucozPageLinks,
  urlExamples: ['https://gcup.ru/forum/5-123-2', 'https://gcup.ru/forum/5-123'],
  // The forum prints "#N" on every post, the opening post being #1, as `number` counts.
  numbering: plainNumbering,
});
