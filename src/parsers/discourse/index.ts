/** discourse: everything Gavel knows of the engine, in one module (see `../engine-module.ts`). */
import { plainNumbering } from '../../model/post';
import { defineEngine } from '../engine-module';
import { discourseAdapter } from './adapter';
import { discourseBodyProfile } from './body-profile';
import { discoursePageLinks } from './links';
import { markers } from './selectors';
import { topicJsonAddressOf } from './urls';

export const discourseEngine = defineEngine({
  id: 'discourse',
  adapter: discourseAdapter,
  markers,
  bodyProfile: discourseBodyProfile,
  pageLinks: discoursePageLinks,
  dataAddress: topicJsonAddressOf,
  urlExamples: ['https://meta.discourse.org/t/a-mafia-game/123', 'https://meta.discourse.org/t/a-mafia-game/123.json?page=2'],
  // Discourse's post_number (1 = the opening post), as its post addresses show it.
  numbering: plainNumbering,
});
