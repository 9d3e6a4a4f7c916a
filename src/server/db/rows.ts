import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Rows of a raw query: PGlite answers { rows }, postgres.js an array; callers see one shape. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}
