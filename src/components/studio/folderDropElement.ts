/**
 * <vitrine-folder-drop>: drag and drop for the library's folders, on top of the pages' forms.
 * A row (`data-drag-kind` video or folder, `data-drag-id`, `data-drag-from`) dropped on a
 * folder (`data-drop-folder`) is moved there: POST {endpoint} with the move, then the row
 * leaves the list, nests under its new folder or stays, as its `data-after-move` says. A Move
 * form of a row (`data-move-form`) posts the same move, so a keyboard user's move is announced
 * and keeps their place too. A refusal (a folder into its own subfolder) is announced and
 * changes nothing; a failure loads the page again as the server has it.
 */
import { dropMove, parseDragItem, parseFolderRef, type FolderMove } from '../../lib/folderDrop.ts';

type AfterMove = 'remove' | 'nest' | 'stay';

class FolderDropElement extends HTMLElement {
  #dragged: HTMLElement | null = null;
  #over: HTMLElement | null = null;

  connectedCallback(): void {
    this.addEventListener('dragstart', this.#start);
    this.addEventListener('dragover', this.#hover);
    this.addEventListener('drop', this.#drop);
    this.addEventListener('dragend', this.#end);
    this.addEventListener('submit', this.#submit);
  }

  disconnectedCallback(): void {
    this.removeEventListener('dragstart', this.#start);
    this.removeEventListener('dragover', this.#hover);
    this.removeEventListener('drop', this.#drop);
    this.removeEventListener('dragend', this.#end);
    this.removeEventListener('submit', this.#submit);
  }

  #start = (event: DragEvent): void => {
    const row = (event.target as Element).closest<HTMLElement>('[data-drag-kind]');
    if (!row || !parseDragItem(row.dataset)) return;
    this.#dragged = row;
    row.classList.add('opacity-50');
    event.dataTransfer?.setData('text/plain', row.dataset['dragName'] ?? '');
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
  };

  /** The folder under the pointer and the move dropping there asks for; null when there is none. */
  #target(event: DragEvent): { folder: HTMLElement; move: FolderMove } | null {
    const item = this.#dragged && parseDragItem(this.#dragged.dataset);
    const folder = (event.target as Element).closest<HTMLElement>('[data-drop-folder]');
    const to = parseFolderRef(folder?.dataset['dropFolder']);
    if (!item || !folder || to === undefined) return null;
    const move = dropMove(item, to);
    return move && { folder, move };
  }

  #highlight(folder: HTMLElement | null): void {
    if (this.#over === folder) return;
    this.#over?.removeAttribute('data-drop');
    folder?.setAttribute('data-drop', 'over');
    this.#over = folder;
  }

  #hover = (event: DragEvent): void => {
    const target = this.#target(event);
    this.#highlight(target?.folder ?? null);
    if (!target) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
  };

  #drop = (event: DragEvent): void => {
    const target = this.#target(event);
    const row = this.#dragged;
    if (!target || !row) return;
    event.preventDefault();
    void this.#move(row, target.move, target.folder.dataset['dropName'] ?? '', false);
  };

  #end = (): void => {
    this.#dragged?.classList.remove('opacity-50');
    this.#dragged = null;
    this.#highlight(null);
  };

  #submit = (event: SubmitEvent): void => {
    const form = (event.target as Element).closest<HTMLFormElement>('form[data-move-form]');
    const row = form?.closest<HTMLElement>('[data-drag-kind]');
    const select = form?.querySelector('select');
    const item = row && parseDragItem(row.dataset);
    const to = parseFolderRef(select?.value);
    // A choice that moves nothing posts as it would without JavaScript, and the page says so.
    const move = row && item && to !== undefined ? dropMove(item, to) : null;
    if (!row || !select || !move) return;
    event.preventDefault();
    void this.#move(row, move, select.selectedOptions[0]?.textContent?.trim() ?? '', true);
  };

  #announce(text: string): void {
    const status = this.querySelector<HTMLElement>('[data-move-status]');
    if (status) status.textContent = text;
  }

  #message(row: HTMLElement, move: FolderMove, folderName: string): string {
    const key =
      move.kind === 'video'
        ? move.to === null
          ? 'movedVideoOut'
          : 'movedVideo'
        : move.to === null
          ? 'movedFolderTop'
          : 'movedFolder';
    return (this.dataset[key] ?? '')
      .replace('{name}', row.dataset['dragName'] ?? '')
      .replace('{folder}', folderName);
  }

  async #move(
    row: HTMLElement,
    move: FolderMove,
    folderName: string,
    byKeyboard: boolean,
  ): Promise<void> {
    let answer: { counts?: Record<string, string>; message?: string };
    let status: number;
    try {
      const response = await fetch(this.dataset['endpoint'] ?? '', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-XSRF-Token': this.dataset['token'] ?? '',
        },
        body: JSON.stringify(move),
      });
      status = response.status;
      answer = (await response.json()) as typeof answer;
    } catch {
      status = 0;
      answer = {};
    }
    if (status === 409) {
      this.#announce(answer.message ?? '');
      return;
    }
    if (status !== 200) {
      this.#announce(this.dataset['failed'] ?? '');
      window.location.reload();
      return;
    }
    for (const [id, label] of Object.entries(answer.counts ?? {}))
      for (const count of this.querySelectorAll(`[data-folder-count="${id}"]`))
        count.textContent = label;
    row.dataset['dragFrom'] = move.to === null ? 'none' : String(move.to);
    this.#place(row, move, byKeyboard);
    this.#announce(this.#message(row, move, folderName));
  }

  /** Puts the moved row where the page now has it, keeping the keyboard user's place. */
  #place(row: HTMLElement, move: FolderMove, byKeyboard: boolean): void {
    const after = (row.dataset['afterMove'] ?? 'stay') as AfterMove;
    if (after === 'nest') this.#nest(row, move.to);
    if (after !== 'remove') return;
    const list = row.parentElement;
    const next = (row.nextElementSibling ?? row.previousElementSibling) as HTMLElement | null;
    row.remove();
    if (list && list.children.length === 0)
      this.querySelector<HTMLElement>(`[data-move-empty="${list.id}"]`)?.removeAttribute('hidden');
    if (!byKeyboard) return;
    const focus =
      next?.querySelector<HTMLElement>('form[data-move-form] select') ??
      this.querySelector<HTMLElement>('[data-move-focus]');
    focus?.focus();
  }

  /** Puts a folder's item in the list of the folder it moved into, by name as the page orders them. */
  #nest(row: HTMLElement, to: number | null): void {
    const parent =
      to === null
        ? null
        : this.querySelector<HTMLElement>(`[data-drop-folder="${to}"]`)?.closest('li');
    const root = this.querySelector<HTMLElement>('[data-tree-root]');
    let list = parent ? parent.querySelector<HTMLElement>(':scope > ul') : root;
    if (!list && parent) {
      list = document.createElement('ul');
      list.className = root?.dataset['nestedClass'] ?? '';
      parent.append(list);
    }
    if (!list) return;
    const name = row.dataset['dragName'] ?? '';
    const before = [...list.children].find(
      (item) =>
        item instanceof HTMLElement && name.localeCompare(item.dataset['dragName'] ?? '') < 0,
    );
    const left = row.parentElement;
    list.insertBefore(row, before ?? null);
    if (left && left !== list && left.children.length === 0 && !left.hasAttribute('data-tree-root'))
      left.remove();
  }
}

if (!customElements.get('vitrine-folder-drop'))
  customElements.define('vitrine-folder-drop', FolderDropElement);
