/**
 * The server's cache of rendered fragments (src/lib/fragmentCache.ts), shared by every page it
 * renders: 16 million characters (32 MB at most, V8 keeping text with any non-Latin-1
 * character at two bytes a character) hold some 10,000 video cards, or some 900 footers
 * with their keys.
 */
import { createFragmentCache } from '../../lib/fragmentCache.ts';

export const fragments = createFragmentCache(16_000_000);
