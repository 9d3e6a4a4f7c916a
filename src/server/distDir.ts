import path from 'node:path';

/**
 * The folder `astro build` writes and the server serves: `dist`, or VITRINE_DIST_DIR, which
 * lets two checkouts' builds (a test run beside a development build) live side by side.
 */
export function distDir(): string {
  return path.resolve(process.env['VITRINE_DIST_DIR'] ?? 'dist');
}
