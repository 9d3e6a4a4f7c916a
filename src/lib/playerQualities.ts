/**
 * The qualities of Vimeo's player.js (getQualities, setQuality) read from the HLS ladder the
 * frame plays: one per rendition height, named as Vimeo names them (`720p`, `4K`), and `auto`
 * for the choice by bandwidth. A frame without a ladder it can choose from (the MP4, or HLS
 * the browser plays itself) has `auto` alone.
 */

export interface QualityLadder {
  /** The height of each rendition, in the ladder's order. */
  heights(): readonly number[];
  /** The rendition chosen by hand, or null while bandwidth chooses. */
  chosen(): number | null;
  choose(level: number | null): void;
}

export interface Quality {
  label: string;
  id: string;
  active: boolean;
}

const AUTO_QUALITY = 'auto';

const qualityId = (height: number) => `${height}p`;
const qualityLabel = (height: number) =>
  height >= 2160 ? '4K' : height >= 1440 ? '2K' : qualityId(height);

export function listQualities(ladder: QualityLadder | null): Quality[] {
  const heights = ladder?.heights() ?? [];
  const chosen = ladder?.chosen() ?? null;
  const distinct = [...new Set(heights)].sort((a, b) => b - a);
  return [
    { label: 'Auto', id: AUTO_QUALITY, active: chosen === null },
    ...distinct.map((height) => ({
      label: qualityLabel(height),
      id: qualityId(height),
      active: chosen !== null && heights[chosen] === height,
    })),
  ];
}

export function currentQuality(ladder: QualityLadder | null): string {
  return listQualities(ladder).find((quality) => quality.active)?.id ?? AUTO_QUALITY;
}

/** Chooses that quality; false when the ladder has none of that id. */
export function chooseQuality(ladder: QualityLadder | null, id: unknown): boolean {
  if (id === AUTO_QUALITY) {
    ladder?.choose(null);
    return true;
  }
  const level = ladder?.heights().findIndex((height) => qualityId(height) === id) ?? -1;
  if (level === -1) return false;
  ladder?.choose(level);
  return true;
}
