/**
 * Which file of the built site an address asks for: its path without query or fragment, as
 * sent (send decodes it itself) and decoded (how the file is named on disk).
 */
export interface ClientFilePath {
  encoded: string;
  decoded: string;
}

export function clientFilePath(url: string): ClientFilePath | null {
  const end = url.search(/[?#]/);
  const encoded = end === -1 ? url : url.slice(0, end);
  if (!encoded.startsWith('/')) return null;
  try {
    return { encoded, decoded: decodeURIComponent(encoded) };
  } catch {
    return null;
  }
}

/** Scripts and styles the build named by their content (Astro's assets folder): cached for good. */
export const isBuildAsset = (decodedPath: string): boolean => decodedPath.startsWith('/_astro/');
