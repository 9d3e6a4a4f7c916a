/**
 * <vitrine-showcase-reorder>: drag and drop for the showcase editor's list. A dropped row is
 * put in place at once and the whole new order is posted (POST {endpoint} with video_ids); a
 * refusal puts the page back as the server has it. Keyboard users move rows with the buttons
 * each row already has.
 */
class ShowcaseReorderElement extends HTMLElement {
  #dragged: HTMLLIElement | null = null;

  connectedCallback(): void {
    this.addEventListener('dragstart', this.#start);
    this.addEventListener('dragover', this.#over);
    this.addEventListener('drop', this.#drop);
    this.addEventListener('dragend', this.#end);
  }

  disconnectedCallback(): void {
    this.removeEventListener('dragstart', this.#start);
    this.removeEventListener('dragover', this.#over);
    this.removeEventListener('drop', this.#drop);
    this.removeEventListener('dragend', this.#end);
  }

  #rows = (): HTMLLIElement[] => [...this.querySelectorAll<HTMLLIElement>('li[data-video-id]')];

  #start = (event: DragEvent): void => {
    const row = (event.target as Element).closest<HTMLLIElement>('li[draggable="true"]');
    if (!row) return;
    this.#dragged = row;
    row.classList.add('opacity-50');
    event.dataTransfer?.setData('text/plain', row.dataset['videoId'] ?? '');
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
  };

  #over = (event: DragEvent): void => {
    const dragged = this.#dragged;
    const row = (event.target as Element).closest<HTMLLIElement>('li[data-video-id]');
    if (!dragged || !row) return;
    event.preventDefault();
    if (row === dragged) return;
    const { top, height } = row.getBoundingClientRect();
    row.parentElement?.insertBefore(
      dragged,
      event.clientY < top + height / 2 ? row : row.nextSibling,
    );
  };

  #drop = (event: DragEvent): void => {
    if (!this.#dragged) return;
    event.preventDefault();
    void this.#save(this.#dragged);
  };

  #end = (): void => {
    this.#dragged?.classList.remove('opacity-50');
    this.#dragged = null;
  };

  async #save(row: HTMLLIElement): Promise<void> {
    const rows = this.#rows();
    rows.forEach((r, i) => {
      const position = r.querySelector('[data-position]');
      if (position) position.textContent = String(i + 1);
    });
    const status = this.querySelector<HTMLElement>('[data-reorder-status]');
    try {
      const response = await fetch(this.dataset['endpoint'] ?? '', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-XSRF-Token': this.dataset['token'] ?? '',
        },
        body: JSON.stringify({ video_ids: rows.map((r) => Number(r.dataset['videoId'])) }),
      });
      if (!response.ok) throw new Error(`reorder answered ${response.status}`);
      const name = row.querySelector('[data-video-name]')?.textContent ?? '';
      if (status)
        status.textContent = (this.dataset['moved'] ?? '')
          .replace('{name}', name)
          .replace('{position}', String(rows.indexOf(row) + 1));
    } catch {
      if (status) status.textContent = this.dataset['failed'] ?? '';
      window.location.reload();
    }
  }
}

if (!customElements.get('vitrine-showcase-reorder'))
  customElements.define('vitrine-showcase-reorder', ShowcaseReorderElement);
