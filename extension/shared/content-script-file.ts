/**
 * The built content script: one classic script (vite.config.ts builds it, with
 * every adapter inside), named in the built manifest and registered on the
 * forums a host enables beyond the built-in ones. A classic script is injected
 * by the browser itself, so no file of Gavel's is web-accessible to pages.
 */
export const contentScriptFile = 'assets/content-script.js';
