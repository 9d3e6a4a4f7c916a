/** <vitrine-create-context>: "I'm done" forgets the create context and reloads the page. */
import { clearedCookie } from '../../lib/createContext.ts';

class CreateContextElement extends HTMLElement {
  connectedCallback(): void {
    this.querySelector('[data-done]')?.addEventListener('click', this.#done);
  }

  disconnectedCallback(): void {
    this.querySelector('[data-done]')?.removeEventListener('click', this.#done);
  }

  #done = (): void => {
    const name = this.dataset['cookie'];
    if (!name) return;
    document.cookie = clearedCookie(name);
    location.reload();
  };
}

if (!customElements.get('vitrine-create-context'))
  customElements.define('vitrine-create-context', CreateContextElement);
