/**
 * The demo stock catalogue: free and paid clips, gathered into two collections. Plain data,
 * like demoCatalogue.ts, so tests read what the seed writes.
 */

/**
 * The catalogue sells in one currency, so every stock page, the cart and its checkout show one
 * currency (formatted for the viewer's language), never a sum that mixes two.
 */
export const DEMO_STOCK_CURRENCY = 'USD';
interface DemoStockQuality {
  quality: 'HD' | '4K';
  priceMinor: number;
  /** A sale price in minor units, when the clip is on offer. */
  discountedPriceMinor?: number;
}

export interface DemoStockClip {
  key: string;
  title: string;
  description: string;
  /** Seconds; stock previews are short. */
  duration: number;
  isFree: boolean;
  qualities: DemoStockQuality[];
}

export interface DemoStockCollection {
  name: string;
  description: string;
  clips: string[];
}

const paid = (
  hd: number,
  uhd: number,
  sale?: { hd?: number; uhd?: number },
): DemoStockQuality[] => [
  { quality: 'HD', priceMinor: hd, ...(sale?.hd ? { discountedPriceMinor: sale.hd } : {}) },
  { quality: '4K', priceMinor: uhd, ...(sale?.uhd ? { discountedPriceMinor: sale.uhd } : {}) },
];

export const DEMO_STOCK_CLIPS: DemoStockClip[] = [
  {
    key: 'city-lights',
    title: 'City lights at dusk',
    description: 'Traffic trails and lit windows as the evening settles over the city.',
    duration: 6,
    isFree: false,
    qualities: paid(4900, 7900, { uhd: 5900 }),
  },
  {
    key: 'ocean-swell',
    title: 'Ocean swell from above',
    description: 'A slow aerial pass over long rolling waves.',
    duration: 5,
    isFree: false,
    qualities: paid(3900, 6900),
  },
  {
    key: 'morning-fog',
    title: 'Morning fog in the valley',
    description: 'Fog lifting off a river valley at first light. Free to use.',
    duration: 5,
    isFree: true,
    qualities: paid(0, 0),
  },
  {
    key: 'market-hands',
    title: 'Hands at the spice market',
    description: 'Close shots of spices weighed and poured at a market stall.',
    duration: 6,
    isFree: false,
    qualities: paid(4500, 7500),
  },
  {
    key: 'tram-night',
    title: 'Night tram through the old town',
    description: 'A tram gliding along wet cobblestones after rain.',
    duration: 5,
    isFree: false,
    qualities: paid(4200, 6800, { hd: 3200 }),
  },
  {
    key: 'wheat-wind',
    title: 'Wind over a wheat field',
    description: 'Golden wheat bending in the afternoon wind. Free to use.',
    duration: 4,
    isFree: true,
    qualities: paid(0, 0),
  },
];

export const DEMO_STOCK_COLLECTIONS: DemoStockCollection[] = [
  {
    name: 'City and streets',
    description: 'Urban life by day and night.',
    clips: ['city-lights', 'market-hands', 'tram-night'],
  },
  {
    name: 'Nature and weather',
    description: 'Landscapes, sea and sky.',
    clips: ['ocean-swell', 'morning-fog', 'wheat-wind'],
  },
];

/** What each quality is sold as; the demo renders exactly that (STOCK_RENDER). */
export const DEMO_STOCK_QUALITY_SPECS = {
  HD: { format: 'MP4', dimension: '1920 × 1080', codec: 'H.264' },
  '4K': { format: 'MP4', dimension: '3840 × 2160', codec: 'H.264' },
} as const;

/** The demo clip's source is the 4K file, and its `hd` rendition the 1080p one. */
export const STOCK_RENDER = { width: 3840, height: 2160, hdHeight: 1080 } as const;
