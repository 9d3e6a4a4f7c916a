import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const everyTest = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'];
const testFiles = everyTest.flatMap((pattern) => globSync(pattern));
const sourceOf = (file: string) => readFileSync(file, 'utf8');

/**
 * `VITRINE_UNIT=database` runs only the files that open a database of their own (CI's second
 * pass on PostgreSQL): the rest behave the same whichever database the server would use.
 */
const databaseTests = testFiles.filter((file) =>
  /useTestDatabase|DATABASE_URL/.test(sourceOf(file)),
);

/**
 * Server code holds process-wide state (connections, pools, caches, listeners) that one file's
 * teardown would pull from under the next, and a file that points the process elsewhere (its
 * environment, a database of its own), mocks modules or imports after setting up needs fresh
 * modules: those files run isolated. The pure logic of src/lib, the islands and the stores
 * share one module graph a worker: loading it once instead of once a file is most of what
 * their time went to.
 */
const NEEDS_ISOLATION =
  /useTestDatabase|DATABASE_URL|DATA_DIR|vi\.(mock|doMock|stubEnv|stubGlobal|resetModules)|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|await import\(/;
const isolatedTests = testFiles.filter(
  (file) =>
    file.startsWith('src/server/') ||
    file.startsWith('scripts/') ||
    NEEDS_ISOLATION.test(sourceOf(file)),
);
const chosen = process.env['VITRINE_UNIT'] === 'database' ? databaseTests : testFiles;

const shared = {
  environment: 'node',
  // Media tests run real ffmpeg; database tests open PGlite or PostgreSQL.
  testTimeout: 60_000,
  hookTimeout: 120_000,
} as const;

const projects = [
  { name: 'isolated', include: chosen.filter((file) => isolatedTests.includes(file)) },
  {
    name: 'shared',
    include: chosen.filter((file) => !isolatedTests.includes(file)),
    isolate: false,
  },
];

export default defineConfig({
  test: {
    // A worker a core: files wait on ffmpeg, databases and sockets as much as they compute.
    // Vitest's default leaves a core free, which on two cores runs the files one at a time
    // (8.0 min there against 5.8 with two workers).
    maxWorkers: '100%',
    // An empty include would fall back to Vitest's default patterns.
    projects: projects
      .filter((project) => project.include.length > 0)
      .map((project) => ({ test: { ...shared, ...project } })),
  },
});
