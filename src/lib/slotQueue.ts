/**
 * At most `size` holders at a time; the others wait in the order they came. A holder gets the
 * function that gives its slot back, which hands it straight to the next in line; calling it
 * again does nothing.
 */
export interface SlotQueue {
  /** Runs `start` now if a slot is free, else once one is. */
  acquire(start: (release: () => void) => void): void;
  readonly busy: number;
  readonly waiting: number;
}

export function createSlotQueue(size: number): SlotQueue {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`size must be a positive integer, got ${size}`);
  let busy = 0;
  const line: ((release: () => void) => void)[] = [];

  const grant = (start: (release: () => void) => void) => {
    let held = true;
    start(() => {
      if (!held) return;
      held = false;
      const next = line.shift();
      if (next) grant(next);
      else busy -= 1;
    });
  };

  return {
    acquire(start) {
      if (busy < size) {
        busy += 1;
        grant(start);
      } else line.push(start);
    },
    get busy() {
      return busy;
    },
    get waiting() {
      return line.length;
    },
  };
}
