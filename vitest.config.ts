import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const everyTest = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'];

/**
 * `VITRINE_UNIT=database` runs only the files that open a database of their own (CI's second
 * pass on PostgreSQL): the rest behave the same whichever database the server would use.
 */
function databaseTests(): string[] {
  return everyTest.flatMap((pattern) => globSync(pattern)).filter((file) => /useTestDatabase|DATABASE_URL/.test(readFileSync(file, 'utf8')));
}

export default defineConfig({
  test: {
    include: process.env['VITRINE_UNIT'] === 'database' ? databaseTests() : everyTest,
    environment: 'node',
    // Media tests run real ffmpeg; database tests open PGlite or PostgreSQL.
    testTimeout: 60_000,
    // A worker a core: files wait on ffmpeg, databases and sockets as much as they compute.
    // Vitest's default leaves a core free, which on two cores runs the files one at a time
    // (8.0 min there against 5.8 with two workers).
    maxWorkers: '100%',
    hookTimeout: 120_000,
  },
});
