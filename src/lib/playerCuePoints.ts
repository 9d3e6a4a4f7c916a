/**
 * Cue points of Vimeo's player.js: times a page marks on the video, each told to it (the
 * `cuepoint` event) when playing passes it. Kept by the frame, which asks on each timeupdate
 * which points the last stretch played crossed.
 */

export interface CuePoint {
  time: number;
  data: unknown;
  id: string;
}

/** Longer than this between two timeupdates is a jump (a seek), which crosses nothing. */
const LONGEST_STRETCH_SECONDS = 1;

export class CuePoints {
  readonly #points: CuePoint[] = [];
  readonly #newId: () => string;

  constructor(newId: () => string) {
    this.#newId = newId;
  }

  list(): CuePoint[] {
    return this.#points.map((point) => ({ ...point }));
  }

  add(time: number, data: unknown): string {
    const id = this.#newId();
    this.#points.push({ time, data, id });
    this.#points.sort((a, b) => a.time - b.time);
    return id;
  }

  /** False when no point has that id. */
  remove(id: unknown): boolean {
    const at = this.#points.findIndex((point) => point.id === id);
    if (at === -1) return false;
    this.#points.splice(at, 1);
    return true;
  }

  /** The points played through going from `from` to `to`: none for a jump or going back. */
  crossed(from: number, to: number): CuePoint[] {
    if (to <= from || to - from > LONGEST_STRETCH_SECONDS) return [];
    return this.#points.filter((point) => point.time > from && point.time <= to);
  }
}
