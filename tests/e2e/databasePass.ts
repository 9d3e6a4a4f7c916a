/**
 * CI's second pass, on PostgreSQL (`VITRINE_E2E=database`, .ci/run): playwright.config.ts runs
 * only the files whose outcome rests on the database, and fixtures.ts leaves out the
 * accessibility checks the first pass made on the same build and seed.
 */
export const DATABASE_PASS = process.env['VITRINE_E2E'] === 'database';
