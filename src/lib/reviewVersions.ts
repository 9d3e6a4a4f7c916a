/**
 * Versions of a video under review: the first upload is version 1 and each replaced source
 * starts the next one, its notes of its own, the earlier versions' notes kept. A review link
 * follows the current version (null) or is pinned to one; its page shows the newest version
 * it may, or an earlier one asked for by `?version=`. Only the current version has media:
 * a replaced source's files are deleted with the replacement (src/server/ingest/ingestUpload.ts).
 */

const FIRST_VERSION = 1;

/** The newest version a link may show: the one it is pinned to, else the video's current one. */
export function newestVersionOf(linkVersion: number | null, current: number): number {
  return linkVersion === null ? current : Math.min(linkVersion, current);
}

/** The version a page shows: the one asked for (`?version=`) when it may show it, else `newest`. */
export function shownVersion(asked: string | null, newest: number): number {
  if (asked === null || !/^\d{1,9}$/.test(asked)) return newest;
  const version = Number(asked);
  return version >= FIRST_VERSION && version <= newest ? version : newest;
}

/** Only the current version still has its media; an earlier cut's files went with it. */
export function isPlayableVersion(version: number, current: number): boolean {
  return version === current;
}

export interface VersionNotes {
  version: number;
  notes: number;
  unresolved: number;
}

/**
 * The versions a picker lists, newest first: every one from 1 to `newest`, with the notes
 * counted per version (a version nobody left a note on counts none).
 */
export function versionChoices(newest: number, counted: readonly VersionNotes[]): VersionNotes[] {
  const byVersion = new Map(counted.map((row) => [row.version, row]));
  const choices: VersionNotes[] = [];
  for (let version = newest; version >= FIRST_VERSION; version--)
    choices.push(byVersion.get(version) ?? { version, notes: 0, unresolved: 0 });
  return choices;
}

/** A link's version as the owner's form sends it: "latest", or a version of the video. */
export function parseLinkVersion(value: string, current: number): number | null | undefined {
  if (value === '' || value === 'latest') return null;
  if (!/^\d{1,9}$/.test(value)) return undefined;
  const version = Number(value);
  return version >= FIRST_VERSION && version <= current ? version : undefined;
}
