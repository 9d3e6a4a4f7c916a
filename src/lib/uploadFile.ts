/**
 * Which files are taken as videos before a byte is sent: a video/* type, or, when no type is
 * given (browsers often have none for .mkv or .ts), a video file name; with neither (an API
 * client that sends no metadata) the file gets the benefit of the doubt. The server probes
 * every finished file, so a renamed document is refused after all.
 */
const VIDEO_EXTENSIONS = [
  'mp4',
  'm4v',
  'mov',
  'webm',
  'mkv',
  'avi',
  'mpg',
  'mpeg',
  'ts',
  'mts',
  'm2ts',
  '3gp',
  'ogv',
  'wmv',
  'flv',
] as const;

export function isVideoFileType(
  type: string | null | undefined,
  name: string | null | undefined,
): boolean {
  if (type) return type.toLowerCase().startsWith('video/');
  const extension = /\.([a-z0-9]+)$/i.exec(name ?? '')?.[1]?.toLowerCase();
  return extension === undefined || (VIDEO_EXTENSIONS as readonly string[]).includes(extension);
}

/** The `accept` attribute of the studio's file picker. */
export const VIDEO_ACCEPT = ['video/*', ...VIDEO_EXTENSIONS.map((ext) => `.${ext}`)].join(',');
