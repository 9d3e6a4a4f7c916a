/**
 * The stock metadata of SPEC §3 (title, description, clip_uri, pictures, qualities,
 * page_uri), as GET /stocks/clips and the purchase answer it. Prices are integers in minor
 * units beside their display per locale; media links come from represent.ts (a clip on sale
 * has its pictures at stable addresses, its preview behind a signed link).
 */
import { formatPrice } from '../../lib/stockPrice.ts';
import { pictureSizes, sign, type PictureSize } from '../showcases/represent.ts';
import type { StockClip, StockQualityRow } from './stockQueries.ts';

interface StockQualityJson {
  quality: string;
  product_id: string;
  format: string;
  dimension: string;
  codec: string;
  price: number;
  discounted_price: number | null;
  currency_code: string;
  display_price: string;
  discounted_display_price: string | null;
}

export interface StockClipJson {
  clip_id: number;
  title: string;
  description: string;
  clip_uri: string;
  page_uri: string;
  is_free: boolean;
  duration: number;
  pictures: { sizes: PictureSize[] };
  /** The preview the clip page plays: its lightest playable MP4. */
  preview: { link: string; mime: string } | null;
  qualities: StockQualityJson[];
  user: { uri: string; name: string; link: string };
}

function qualityJson(row: StockQualityRow, currency: string, locale: string): StockQualityJson {
  return {
    quality: row.quality,
    product_id: row.productId,
    format: row.format,
    dimension: row.dimension,
    codec: row.codec,
    price: row.priceMinor,
    discounted_price: row.discountedPriceMinor,
    currency_code: currency,
    display_price: formatPrice({ minor: row.priceMinor, currency }, locale),
    discounted_display_price:
      row.discountedPriceMinor === null
        ? null
        : formatPrice({ minor: row.discountedPriceMinor, currency }, locale),
  };
}

export function stockClipJson(clip: StockClip, locale: string): StockClipJson {
  const { video } = clip;
  const preview = clip.files
    .filter((f) => f.mime === 'video/mp4' && f.quality !== 'source' && f.tier === 'hot')
    .sort((a, b) => (a.height ?? 0) - (b.height ?? 0))[0];
  return {
    clip_id: video.id,
    title: video.name,
    description: video.description,
    clip_uri: `/videos/${video.id}`,
    page_uri: `/${video.id}`,
    is_free: video.isFree,
    duration: video.duration,
    pictures: { sizes: pictureSizes(video, clip.pictures, false) },
    preview: preview ? { link: sign(preview.storageKey), mime: preview.mime } : null,
    qualities: clip.qualities.map((q) => qualityJson(q, clip.currencyCode, locale)),
    user: {
      uri: `/users/${clip.creator.id}`,
      name: clip.creator.name,
      link: `/user/${clip.creator.id}`,
    },
  };
}
