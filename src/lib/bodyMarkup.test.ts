import { describe, expect, it } from 'vitest';
import { bodyMarkup } from './bodyMarkup.ts';

describe('bodyMarkup', () => {
  it('is what the body element holds, scripts included, its attributes and the head left out', () => {
    const html =
      '<!doctype html><html><head><title>Grid</title></head><body class="min-h-screen"><main>Vidéos</main><script>go()</script></body></html>';
    expect(bodyMarkup(html)).toBe('<main>Vidéos</main><script>go()</script>');
  });

  it('runs to the end of a page whose body is not closed', () => {
    expect(bodyMarkup('<BODY><p>open')).toBe('<p>open');
  });

  it('is the whole text when there is no body element', () => {
    expect(bodyMarkup('<p>fragment</p>')).toBe('<p>fragment</p>');
  });
});
