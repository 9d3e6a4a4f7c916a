/** Writes a showcase's embed domains (src/lib/embedDomains.ts) and drops this node's cached read of it. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { showcases } from '../db/schema.ts';
import { forgetShowcaseReads } from './cachedReads.ts';

export async function saveEmbedDomains(
  db: Db,
  albumId: number,
  domains: readonly string[],
): Promise<void> {
  await db
    .update(showcases)
    .set({ embedDomains: [...domains], updatedAt: new Date() })
    .where(eq(showcases.id, albumId));
  forgetShowcaseReads();
}
