/// <reference types="vite/client" />

/** @crxjs/vite-plugin: importing a script with `?script` gives its built file's path, for scripting.registerContentScripts. */
declare module '*?script' {
  const fileName: string;
  export default fileName;
}
