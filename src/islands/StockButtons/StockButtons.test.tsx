/**
 * The stock buttons as the server renders them: what a buyer reads before (or without)
 * JavaScript, and the markup the island hydrates.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import StockButtons, { type StockButtonsProps } from './StockButtons.tsx';
import StockOwned from './StockOwned.tsx';

function render(over: Partial<StockButtonsProps> = {}): string {
  const props: StockButtonsProps = {
    clipId: 12,
    title: 'City lights at dusk',
    cartAction: '/api/cart/stock',
    accountAction: '/api/users/3/purchases/stocks/12?clip_uri=%2Fvideos%2F12',
    token: 'xsrf',
    jwt: null,
    returnTo: '/12',
    showCart: true,
    showAccount: false,
    cartHref: '/stock/cart',
    downloadUrlAction: '/api/stock/12/download_url',
    clipsHref: '/stock/clips',
    qualities: [
      { quality: 'HD', label: 'HD', price: '$49.00' },
      { quality: '4K', label: '4K', price: '$59.00', originalPrice: '$79.00' },
    ],
    strings: {
      quality: 'Quality',
      addToCart: 'Add to cart',
      addToAccount: 'Add to account',
      cartFailed: 'This clip could not be added to the cart.',
      tryAgain: 'Try again.',
      accountFailed: 'Something went wrong. Please try again.',
      purchaseFailed: 'Sorry, something weird happened. Please try again.',
      inCart: 'In cart',
      viewCart: 'View cart',
      ownedIn: { HD: 'Owned in HD', '4K': 'Owned in 4K' },
      download: 'Download',
      yourClips: 'Your clips',
    },
    ...over,
  };
  return renderToString(<StockButtons {...props} />);
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('given a paid clip a basic account has not added yet', () => {
  it('offers both qualities with their prices and Add to cart', () => {
    const html = render();
    expect(html).toMatch(/<input type="radio" name="quality" checked="" value="HD"\/>/);
    expect(text(html)).toContain('4K $79.00 $59.00');
    expect(html).toMatch(/<button[^>]*value="cart"[^>]*>Add to cart<\/button>/);
    expect(html).not.toContain('In cart');
  });
});

describe('given a clip already in the cart', () => {
  it('says "In cart" with its quality and links to the cart, leaving nothing to choose or press', () => {
    const html = render({ inCart: '4K' });
    expect(text(html)).toContain('In cart · 4K View cart');
    expect(html).toContain('href="/stock/cart"');
    expect(html).not.toContain('type="radio"');
    expect(html).not.toContain('<button');
  });

  it('still offers Add to account to an account that may add clips to it', () => {
    const html = render({ inCart: 'HD', showAccount: true });
    expect(text(html)).toContain('In cart · HD');
    expect(html).toContain('type="radio"');
    expect(html).toMatch(/<button[^>]*value="account"[^>]*>Add to account<\/button>/);
    expect(html).not.toMatch(/value="cart"[^>]*>Add to cart/);
  });
});

describe('an owned clip', () => {
  it('says in which quality it is owned, with its download named after the clip', () => {
    const html = renderToString(
      <StockOwned
        label="Owned in HD"
        download="/media/stock/x/hd.mp4?sig=1"
        downloadLabel="Download"
        title="City lights at dusk"
        clipsHref="/stock/clips"
        clipsLabel="Your clips"
      />,
    );
    expect(text(html)).toBe('Owned in HD Download : City lights at dusk Your clips');
    expect(html).toMatch(/<a[^>]*href="\/media\/stock\/x\/hd\.mp4\?sig=1"[^>]*download/);
  });

  it('still leads to the viewer’s clips when no file is at hand', () => {
    const html = renderToString(
      <StockOwned
        label="Owned in 4K"
        download={null}
        downloadLabel="Download"
        title="City lights at dusk"
        clipsHref="/stock/clips"
        clipsLabel="Your clips"
      />,
    );
    expect(text(html)).toBe('Owned in 4K Your clips');
  });
});
