import { DEFAULT_BRAND_COLOR } from './domain.ts';

const HEX = /^#?([0-9a-f]{6})$/i;

/** A '#rrggbb' brand colour, or the default (SPEC §3: #00adef) for anything else. */
export function normalizeBrandColor(raw: string | null | undefined): string {
  const match = raw ? HEX.exec(raw.trim()) : null;
  return match ? `#${match[1]!.toLowerCase()}` : DEFAULT_BRAND_COLOR;
}

function channel(hex: string, offset: number): number {
  const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a '#rrggbb' colour. */
function luminance(color: string): number {
  const hex = normalizeBrandColor(color).slice(1);
  return 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 2) + 0.0722 * channel(hex, 4);
}

/**
 * Text colour for a brand-coloured button: whichever of near-black and white contrasts
 * more, so any brand colour an owner picks stays readable.
 */
export function inkOn(color: string): '#ffffff' | '#0b0f12' {
  const l = luminance(color);
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / (luminance('#0b0f12') + 0.05);
  return onWhite >= onBlack ? '#ffffff' : '#0b0f12';
}
