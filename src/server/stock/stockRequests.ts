/**
 * Bodies of the stock calls (SPEC §7), from an island's JSON or a plain form (JavaScript
 * off): `stocks_to_add[{clip_id, quality}]`, a quality, and where a form returns to.
 */
import { z } from 'astro/zod';
import { safeReturnTo } from '../../lib/safeRedirect.ts';
import type { StockQuality } from './cart.ts';

const quality = z
  .enum(['HD', '4K'])
  .default('HD')
  .describe('Stock quality choice of SPEC §9: HD or 4K.');
const clipId = z.coerce.number().int().positive().max(2_147_483_647);

const stocksToAdd = z
  .array(z.object({ clip_id: clipId, quality }))
  .min(1)
  .max(50)
  .describe('The clips to add: stocks_to_add[{clip_id}].');

export interface StockBody {
  /** A plain form post: answer with a redirect, not JSON. */
  fromForm: boolean;
  fields: Record<string, unknown>;
  returnTo: string;
}

/** Form keys `stocks_to_add[0][clip_id]` become `{ stocks_to_add: [{ clip_id }] }`. */
function nestForm(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const list: Record<string, unknown>[] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    const nested = /^stocks_to_add\[(\d{1,2})\]\[(\w+)\]$/.exec(key);
    if (nested) (list[Number(nested[1])] ??= {})[nested[2]!] = value;
    else fields[key] = value;
  }
  if (list.length > 0) fields['stocks_to_add'] = list.filter(Boolean);
  return fields;
}

export async function readStockBody(request: Request): Promise<StockBody> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const body: unknown = await request.json().catch(() => ({}));
    const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    return { fromForm: false, fields, returnTo: safeReturnTo(fields['return_to']) };
  }
  const form = await request.formData().catch(() => new FormData());
  const fields = nestForm(form);
  // An island may post a form too; it says so with X-Requested-With.
  const fromForm = request.headers.get('x-requested-with') !== 'XMLHttpRequest';
  return { fromForm, fields, returnTo: safeReturnTo(fields['return_to']) };
}

/** The clips to add; a form's one quality choice (`quality`) applies to clips that name none. */
export function parseStocksToAdd(
  fields: Record<string, unknown>,
): { clipId: number; quality: StockQuality }[] | null {
  const list = fields['stocks_to_add'];
  const shared = fields['quality'];
  const withQuality =
    Array.isArray(list) && shared !== undefined
      ? list.map((s: unknown) =>
          s && typeof s === 'object' && !('quality' in s) ? { ...s, quality: shared } : s,
        )
      : list;
  const parsed = stocksToAdd.safeParse(withQuality);
  return parsed.success
    ? parsed.data.map((s) => ({ clipId: s.clip_id, quality: s.quality }))
    : null;
}

export function parseQuality(value: unknown): StockQuality | null {
  const parsed = quality.safeParse(value ?? undefined);
  return parsed.success ? parsed.data : null;
}
