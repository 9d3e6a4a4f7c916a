import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * CI's second pass, on PostgreSQL (`VITRINE_E2E=database`, .ci/run): playwright.config.ts runs
 * only the files whose outcome rests on the database, and fixtures.ts leaves out the
 * accessibility checks the first pass made on the same build and seed.
 */
export const DATABASE_PASS = process.env['VITRINE_E2E'] === 'database';

/**
 * The database the e2e server seeds: DATABASE_URL, or the one in `.env` the start script would
 * read; undefined for the embedded database each server keeps in its own data folder.
 */
export const E2E_DATABASE_URL =
  process.env['DATABASE_URL'] ??
  (existsSync('.env') ? parseEnv(readFileSync('.env', 'utf8'))['DATABASE_URL'] : undefined);
