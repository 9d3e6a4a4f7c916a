/**
 * The signed-in top bar's cart link (TopBar.astro) carries its line count and its label
 * template as data attributes, so the stock buttons, already on the page, keep the count true
 * after a change made in place: the top bar itself ships no script.
 */
const fill = (template: string, count: number) => template.replace(/\{\{count\}\}/g, String(count));

/** Sets the count shown, or derives it from the one shown (a clip that left the cart). */
export function showCartLines(lines: number | ((shown: number) => number)): void {
  for (const link of document.querySelectorAll<HTMLElement>('[data-cart-lines][data-cart-label]')) {
    const count = Math.max(
      0,
      typeof lines === 'number' ? lines : lines(Number(link.dataset['cartLines'])),
    );
    link.dataset['cartLines'] = String(count);
    link.textContent = fill(link.dataset['cartLabel']!, count);
  }
}
