import { describe, expect, it } from 'vitest';
import { LOCALES } from './domain.ts';
import { formatPrice } from './stockPrice.ts';

// Intl separates some currencies with no-break or narrow no-break spaces; compare them as spaces.
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice', () => {
  const expected: Record<(typeof LOCALES)[number], { usd: string; eur: string; jpy: string }> = {
    en: { usd: '$49.00', eur: '€45.50', jpy: '¥4,900' },
    es: { usd: '49,00 US$', eur: '45,50 €', jpy: '4900 JPY' },
    'de-DE': { usd: '49,00 $', eur: '45,50 €', jpy: '4.900 ¥' },
    'fr-FR': { usd: '49,00 $US', eur: '45,50 €', jpy: '4 900 JPY' },
    'ja-JP': { usd: '$49.00', eur: '€45.50', jpy: '￥4,900' },
    'ko-KR': { usd: 'US$49.00', eur: '€45.50', jpy: 'JP¥4,900' },
    'pt-BR': { usd: 'US$ 49,00', eur: '€ 45,50', jpy: 'JP¥ 4.900' },
    'zh-CN': { usd: 'US$49.00', eur: '€45.50', jpy: 'JP¥4,900' },
  };

  for (const locale of LOCALES) {
    describe(`in ${locale}`, () => {
      it('shows cents of a dollar price as the locale writes them', () => {
        expect(spaced(formatPrice({ minor: 4900, currency: 'USD' }, locale))).toBe(
          expected[locale].usd,
        );
      });
      it('shows euro cents with the locale decimal separator', () => {
        expect(spaced(formatPrice({ minor: 4550, currency: 'EUR' }, locale))).toBe(
          expected[locale].eur,
        );
      });
      it('reads yen, which have no minor unit, as whole yen', () => {
        expect(spaced(formatPrice({ minor: 4900, currency: 'JPY' }, locale))).toBe(
          expected[locale].jpy,
        );
      });
    });
  }

  it('shows a free price as zero in the currency', () => {
    expect(formatPrice({ minor: 0, currency: 'USD' }, 'en')).toBe('$0.00');
  });
});
