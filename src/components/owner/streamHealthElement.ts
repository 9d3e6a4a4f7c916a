/**
 * <vitrine-stream-health>: asks its data-src (GET /manage/videos/{id}/stream_health.json) for the
 * panel's words every few seconds while the page is shown and puts them in place. A failed
 * answer leaves the panel as it was; the next one tries again.
 */
import type { StreamHealthView } from '../../lib/streamHealth.ts';

const POLL_MS = 3_000;

class StreamHealthElement extends HTMLElement {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #abort = new AbortController();

  connectedCallback(): void {
    this.#abort = new AbortController();
    this.#schedule();
  }

  disconnectedCallback(): void {
    this.#abort.abort();
    clearTimeout(this.#timer);
  }

  #schedule(): void {
    this.#timer = setTimeout(() => void this.#poll(), POLL_MS);
  }

  async #poll(): Promise<void> {
    const src = this.dataset['src'];
    if (src && !document.hidden) {
      try {
        const response = await fetch(src, {
          headers: { Accept: 'application/json' },
          credentials: 'same-origin',
          cache: 'no-store',
          signal: this.#abort.signal,
        });
        if (response.ok) this.#show((await response.json()) as StreamHealthView);
      } catch {
        // Gone, or out of reach for a moment: the next poll tries again.
      }
    }
    if (!this.#abort.signal.aborted) this.#schedule();
  }

  #show(view: StreamHealthView): void {
    const part = <T extends HTMLElement = HTMLElement>(selector: string) =>
      this.querySelector<T>(selector);
    for (const figure of this.querySelectorAll<HTMLElement>('[data-health-figure]')) {
      const name = figure.dataset['healthFigure'] as keyof StreamHealthView['figures'];
      figure.textContent = view.figures[name] ?? '';
    }
    const viewers = part('[data-health-viewers]');
    if (viewers) viewers.textContent = view.viewers;
    const waiting = part('[data-health-waiting]');
    if (waiting) waiting.hidden = view.receiving;
    const receiving = part('[data-health-receiving]');
    if (receiving) receiving.hidden = !view.receiving;
    const error = part('[data-health-error]');
    const errorText = part('[data-health-error-text]');
    if (error && errorText) {
      error.hidden = !view.lastError;
      errorText.textContent = view.lastError ?? '';
    }
    const warning = part('[data-health-warning]');
    if (warning) {
      warning.hidden = !view.keyFrameWarning;
      warning.textContent = view.keyFrameWarning ?? '';
    }
    const preview = part<HTMLImageElement>('[data-health-preview]');
    if (preview && view.preview && preview.getAttribute('src') !== view.preview)
      preview.src = view.preview;
  }
}

if (!customElements.get('vitrine-stream-health'))
  customElements.define('vitrine-stream-health', StreamHealthElement);
