/**
 * A function that runs at most once per `ms`: at once when it has been quiet, and once more
 * at the end of the interval with the latest arguments when it was called again meanwhile,
 * so the last call always counts.
 */
export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  /** Drops a run still waiting for the end of its interval. */
  cancel(): void;
}

export function throttle<A extends unknown[]>(run: (...args: A) => void, ms: number): Throttled<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | null = null;

  const open = () => {
    timer = undefined;
    if (pending === null) return;
    const args = pending;
    pending = null;
    run(...args);
    timer = setTimeout(open, ms);
  };

  const throttled = (...args: A) => {
    if (timer !== undefined) {
      pending = args;
      return;
    }
    run(...args);
    timer = setTimeout(open, ms);
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = null;
  };
  return throttled;
}
