/**
 * Names of scratch folders under DATA_DIR/tmp: each carries the pid and start ticks of the
 * process that made it, so a process starting later removes exactly those of processes that
 * are gone (killed mid-transcode) and never those of a live one sharing the folder.
 */

export interface ScratchOwner {
  pid: number;
  /** null where the start time is unknown (no /proc). */
  startTicks: string | null;
}

const NAME = /^(\d+)\.(\d+|x)-/;

export function scratchName(owner: ScratchOwner, label: string, nonce: string): string {
  return `${owner.pid}.${owner.startTicks ?? 'x'}-${label.replace(/[^a-z0-9-]/gi, '')}-${nonce}`;
}

/** The owner named by a scratch folder, or null for a name this scheme did not make. */
export function scratchOwnerOf(name: string): ScratchOwner | null {
  const match = NAME.exec(name);
  if (!match) return null;
  return { pid: Number(match[1]), startTicks: match[2] === 'x' ? null : match[2]! };
}
