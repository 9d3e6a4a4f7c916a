// Chromium as `npm run bench` drives it, shared by its sections (bench.ts, benchLive.ts).

/** Flags of every launch: no GPU on a server, nothing running beside the page, autoplay allowed. */
export const BROWSER_ARGS = [
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--autoplay-policy=no-user-gesture-required',
];

/** A browser that says it cannot play HLS itself, so the frame takes the hls.js path. */
export function withoutNativeHls() {
  const canPlayType = HTMLMediaElement.prototype.canPlayType;
  HTMLMediaElement.prototype.canPlayType = function (type: string) {
    return type.includes('mpegurl') ? '' : canPlayType.call(this, type);
  };
}
