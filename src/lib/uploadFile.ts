/**
 * Which files the studio takes as videos before a byte is sent: a video/* type, or, when the
 * browser gives no type (it often has none for .mkv or .ts), a video file name. The server
 * still probes the finished file, so a renamed document is refused after all.
 */
export const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'webm', 'mkv', 'avi', 'mpg', 'mpeg', 'ts', 'mts', 'm2ts', '3gp', 'ogv', 'wmv', 'flv'] as const;

export function isVideoFileType(type: string | null | undefined, name: string | null | undefined): boolean {
  if (type) return type.toLowerCase().startsWith('video/');
  const extension = /\.([a-z0-9]+)$/i.exec(name ?? '')?.[1]?.toLowerCase();
  return extension !== undefined && (VIDEO_EXTENSIONS as readonly string[]).includes(extension);
}

/** The `accept` attribute of the studio's file picker. */
export const VIDEO_ACCEPT = ['video/*', ...VIDEO_EXTENSIONS.map((ext) => `.${ext}`)].join(',');
