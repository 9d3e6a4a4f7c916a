/**
 * The player frame (/showcase/{albumId}/video/{videoId}/embed, SPEC §2): the address a page
 * frames it at, the query it reads, and which progressive MP4 (the fallback beside the HLS
 * ladder) and picture it shows.
 */

export interface FrameOptions {
  albumId: number;
  videoId: number;
  /** autoplay=1: the video starts at once (muted, as browsers allow). */
  autoplay: boolean;
  /** SPEC §2: autopause=0 when continuous play is on. */
  continuousPlay: boolean;
  /** The showcase's share hash (sh), so an unlisted showcase's frame opens too. */
  shareHash?: string | null | undefined;
  /** The viewer's API JWT (SPEC §2), so a frame without cookies still knows who watches. */
  jwt?: string | null | undefined;
  /** The hashed_pass proof of a password showcase (SPEC §2 `hash`). */
  hash?: string | null | undefined;
}

export function playerFramePath({
  albumId,
  videoId,
  autoplay,
  continuousPlay,
  shareHash,
  jwt,
  hash,
}: FrameOptions): string {
  const query = new URLSearchParams({ autoplay: autoplay ? '1' : '0' });
  if (continuousPlay) query.set('autopause', '0');
  if (shareHash) query.set('sh', shareHash);
  if (hash) query.set('hash', hash);
  if (jwt) query.set('jwt', jwt);
  return `/showcase/${albumId}/video/${videoId}/embed?${query}`;
}

export interface FrameParams {
  autoplay: boolean;
  /** False under continuous play: the frame does not pause when another player starts. */
  autopause: boolean;
}

export function parseFrameParams(query: URLSearchParams): FrameParams {
  return { autoplay: query.get('autoplay') === '1', autopause: query.get('autopause') !== '0' };
}

/** SPEC §9: the smallest rendition of at least 360 lines; else the largest there is. */
const MIN_PLAY_HEIGHT = 360;

export interface Progressive {
  link: string;
  width: number | null;
  height: number | null;
  mime: string;
}

export function pickProgressive<T extends Progressive>(files: readonly T[]): T | null {
  const byHeight = [...files].sort((a, b) => (a.height ?? 0) - (b.height ?? 0));
  return byHeight.find((f) => (f.height ?? 0) >= MIN_PLAY_HEIGHT) ?? byHeight.at(-1) ?? null;
}

export interface Picture {
  link: string;
  width: number;
  height: number;
}

/** The poster: the smallest picture at least `minWidth` wide, else the widest. */
export function pickPicture<T extends Picture>(sizes: readonly T[], minWidth = 960): T | null {
  const byWidth = [...sizes].sort((a, b) => a.width - b.width);
  return byWidth.find((p) => p.width >= minWidth) ?? byWidth.at(-1) ?? null;
}
