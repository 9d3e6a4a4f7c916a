/**
 * The site's own id: made at random by the first process that asks and kept in its database,
 * so every node and worker of the site reads the same one, and no other site has it.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from './client.ts';
import { siteIdentity } from './schema.ts';

async function storedId(db: Db): Promise<string | undefined> {
  const [row] = await db.select({ id: siteIdentity.id }).from(siteIdentity).limit(1);
  return row?.id;
}

export async function siteId(db: Db): Promise<string> {
  const known = await storedId(db);
  if (known !== undefined) return known;
  // Of processes asking at once, the first insert stays; the others read it.
  await db
    .insert(siteIdentity)
    .values({ id: randomBytes(9).toString('base64url') })
    .onConflictDoNothing();
  const made = await storedId(db);
  if (made === undefined) throw new Error('The site identity row could not be read back');
  return made;
}
