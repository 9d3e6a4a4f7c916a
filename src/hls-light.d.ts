// hls.js ships the light build (no subtitles or alternate audio parsing, a third smaller)
// without its own declarations; its API is the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
