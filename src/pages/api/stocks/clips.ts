import type { APIRoute } from 'astro';
import { getDb } from '../../../server/db/client.ts';
import { apiJson, negotiateVersion, parseId } from '../../../server/http/apiResponse.ts';
import { stockClipJson } from '../../../server/stock/stockJson.ts';
import { findStockClips } from '../../../server/stock/stockQueries.ts';

const MAX_CLIPS = 100;

/** GET /api/stocks/clips?clip_ids=1,2&fields=title,description,clip_uri,pictures,qualities,page_uri (SPEC §7). */
export const GET: APIRoute = async (context) => {
  const negotiated = negotiateVersion(context);
  if ('error' in negotiated) return negotiated.error;
  const raw = context.url.searchParams.get('clip_ids') ?? '';
  const ids = [...new Set(raw.split(',').map((id) => parseId(id.trim())))]
    .filter((id): id is number => id !== null)
    .slice(0, MAX_CLIPS);
  const clips = await findStockClips(await getDb(), ids);
  const data = clips.map((clip) => stockClipJson(clip, context.locals.locale));
  return apiJson(
    context,
    { total: data.length, data },
    { resource: 'stock', cache: 'public' },
    negotiated.version,
  );
};
