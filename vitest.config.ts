import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Media tests run real ffmpeg; database tests open PGlite or PostgreSQL.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
