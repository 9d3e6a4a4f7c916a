/**
 * The answers about an account (Vimeo's /users/{id}, /me and their albums and videos), shared
 * by the /me routes and the /users/{id} routes. The account's own user (a token that may read
 * private things) is told everything of theirs; anybody else what the site shows them: the
 * user of a showcase anybody may open, those showcases and the videos shown in them.
 */
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { ACCOUNT_VIDEO_SORTS, ALBUM_SORTS, parseListSort } from '../../lib/vimeoSort.ts';
import { apiReaderId } from '../auth/apiViewer.ts';
import { getDb } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { apiOrigins } from '../http/apiOrigin.ts';
import { apiJson, beginApiCall, invalidParameter } from '../http/apiResponse.ts';
import { jsonError } from '../http/errorResponse.ts';
import { listEnvelope, parsePaging } from '../http/paging.ts';
import { normalizeSearchQuery } from '../search/searchShowcaseVideos.ts';
import { albumJson, userJson } from '../showcases/represent.ts';
import {
  accountTotals,
  listAccountShowcases,
  listAccountVideos,
  showcasePictures,
  userShownPublicly,
} from './apiQueries.ts';
import { apiAlbum, apiUser, signedPictures } from './apiShapes.ts';
import { presentAccountVideos } from './apiVideos.ts';

type UserRow = typeof users.$inferSelect;
/** An account as the reader may see it; `self` when the reader is its user. */
type ReadableAccount = { user: UserRow; self: boolean };

/** The user whose account is asked about, and whether the reader is that user; an error when they may not see it. */
export async function readableAccount(
  context: APIContext,
  userId: number | null,
): Promise<ReadableAccount | { error: Response }> {
  if (userId === null) return { error: jsonError(context.locals, 404) };
  const db = await getDb();
  const self = apiReaderId(context.locals) === userId;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  // A user nobody else may see is answered as one that does not exist.
  if (!user || (!self && !(await userShownPublicly(db, userId))))
    return { error: jsonError(context.locals, 404) };
  return { user, self };
}

/** A /me call: the API version and the token's own account, or the refusal (scope, nobody signed in). */
export async function beginMeCall(
  context: APIContext,
): Promise<{ version: string; account: ReadableAccount } | { error: Response }> {
  const call = beginApiCall(context, 'private');
  if ('error' in call) return call;
  const userId = apiReaderId(context.locals);
  if (userId === null) return { error: jsonError(context.locals, 401) };
  const account = await readableAccount(context, userId);
  if ('error' in account) return account;
  return { version: call.version, account };
}

/** The user themselves: their account's settings besides what anybody sees. */
export function accountFields(user: UserRow) {
  return {
    email: user.email,
    locale: user.locale,
    membership: { type: user.membershipType },
    capabilities: {
      hasLivePremium: user.hasLivePremium,
      hasEnterprise: user.hasEnterprise,
      hasTotalStorageCap: user.hasTotalStorageCap,
      hasMonthlyBilling: user.hasMonthlyBilling,
      hasStockEnterprise: user.hasStockEnterprise,
      canReceiveFreeStock: user.canReceiveFreeStock,
    },
  };
}

export async function userAnswer(
  context: APIContext,
  { user, self }: ReadableAccount,
  version: string,
): Promise<Response> {
  const totals = await accountTotals(await getDb(), user.id, self);
  const shown = apiUser(
    { ...userJson(user), ...(self ? accountFields(user) : {}) },
    apiOrigins(context.url, context.request),
    totals,
  );
  return apiJson(context, shown, { resource: 'user', cache: 'private' }, version);
}

/** Vimeo's `query` of a list: what its items' title or description must hold (src/server/search/). */
const searchedText = (context: APIContext) =>
  normalizeSearchQuery(context.url.searchParams.get('query'));

export async function albumsAnswer(
  context: APIContext,
  { user, self }: ReadableAccount,
  version: string,
): Promise<Response> {
  const sort = parseListSort(context.url.searchParams, ALBUM_SORTS);
  if ('error' in sort) return invalidParameter(context, sort.error);
  const paging = parsePaging(context.url.searchParams);
  const db = await getDb();
  const { total, items } = await listAccountShowcases(
    db,
    { ownerId: user.id, self, query: searchedText(context), ...paging },
    sort.order,
  );
  const pictures = await showcasePictures(
    db,
    items.map((item) => item.showcase.id),
  );
  const origins = apiOrigins(context.url, context.request);
  const data = items.map((found) =>
    apiAlbum(albumJson({ ...found, hasRestrictedVideos: false }), {
      origins,
      pictures: signedPictures(pictures.get(found.showcase.id) ?? [], false),
    }),
  );
  return apiJson(
    context,
    listEnvelope(context.url, paging, total, data),
    { resource: 'album', cache: 'private' },
    version,
  );
}

export async function videosAnswer(
  context: APIContext,
  { user, self }: ReadableAccount,
  version: string,
): Promise<Response> {
  const sort = parseListSort(context.url.searchParams, ACCOUNT_VIDEO_SORTS);
  if ('error' in sort) return invalidParameter(context, sort.error);
  const paging = parsePaging(context.url.searchParams);
  const db = await getDb();
  const { total, items } = await listAccountVideos(
    db,
    { ownerId: user.id, self, query: searchedText(context), ...paging },
    sort.order,
  );
  const data = await presentAccountVideos(
    context,
    db,
    items,
    self,
    apiOrigins(context.url, context.request),
  );
  return apiJson(
    context,
    listEnvelope(context.url, paging, total, data),
    { resource: 'video', cache: 'private' },
    version,
  );
}
