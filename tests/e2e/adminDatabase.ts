/**
 * The PostgreSQL server the multi-node and multi-process tests make their own databases on
 * (PG_ADMIN_URL, as .ci/run has it), and one connection to it for a statement or two.
 */
import postgres from 'postgres';

export const ADMIN_URL =
  process.env['PG_ADMIN_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `run` on a connection of its own to the admin database, closed afterwards. */
export async function onServer(run: (sql: postgres.Sql) => Promise<unknown>): Promise<void> {
  const sql = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await run(sql);
  } finally {
    await sql.end();
  }
}
