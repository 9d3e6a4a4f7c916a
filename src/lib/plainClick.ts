/**
 * A click a page may take over: the primary button with no modifier. Ctrl, Cmd, Shift or a
 * middle click on a link mean "open it elsewhere", which must stay the browser's to do.
 */
export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export function isPlainClick({ button, metaKey, ctrlKey, shiftKey, altKey }: ClickLike): boolean {
  return button === 0 && !metaKey && !ctrlKey && !shiftKey && !altKey;
}
