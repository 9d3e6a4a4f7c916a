/**
 * The embed code owners and viewers copy (SPEC §2 "Copy embed code"): an iframe of the
 * showcase's embed frame or of one video's player frame, at the public address. Responsive by
 * default (a 16:9 box that follows the width of the page it is pasted into), or a fixed size.
 */
export const EMBED_SIZES = ['responsive', '640x360', '960x540', '1280x720'] as const;
export type EmbedSize = (typeof EMBED_SIZES)[number];

export function isEmbedSize(value: string | null | undefined): value is EmbedSize {
  return (EMBED_SIZES as readonly string[]).includes(value ?? '');
}

/** Width and height of a fixed size; null for responsive. */
export function embedDimensions(size: EmbedSize): { width: number; height: number } | null {
  if (size === 'responsive') return null;
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function showcaseEmbedSrc(origin: string, albumId: number): string {
  return new URL(`/showcase/${albumId}/embed`, origin).href;
}

export function videoEmbedSrc(origin: string, albumId: number, videoId: number): string {
  return new URL(`/showcase/${albumId}/video/${videoId}/embed`, origin).href;
}

const ALLOW = 'autoplay; fullscreen; picture-in-picture';

/** `size`: one of the share dialog's sizes, or the exact pixels an oEmbed consumer fitted. */
export function embedCode({
  src,
  title,
  size,
}: {
  src: string;
  title: string;
  size: EmbedSize | { width: number; height: number };
}): string {
  const dimensions = typeof size === 'string' ? embedDimensions(size) : size;
  const common = `src="${escapeAttr(src)}" title="${escapeAttr(title)}" allow="${ALLOW}" allowfullscreen`;
  if (dimensions)
    return `<iframe ${common} width="${dimensions.width}" height="${dimensions.height}" style="border:0"></iframe>`;
  return (
    '<div style="position:relative;width:100%;aspect-ratio:16/9">' +
    `<iframe ${common} style="position:absolute;inset:0;width:100%;height:100%;border:0"></iframe>` +
    '</div>'
  );
}
