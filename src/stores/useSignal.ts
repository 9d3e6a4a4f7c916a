/**
 * Reads a signal of src/stores/ from a React island: the component re-renders when the
 * signal changes. The one bridge between @preact/signals-core and React
 * (useSyncExternalStore), so every island subscribes the same way.
 */
import { useSyncExternalStore } from 'react';
import type { ReadonlySignal } from '@preact/signals-core';

export interface SignalSource<T> {
  subscribe: (onChange: () => void) => () => void;
  getSnapshot: () => T;
}

const sources = new WeakMap<ReadonlySignal<unknown>, SignalSource<unknown>>();

/**
 * The subscribe/getSnapshot pair of a signal, made once per signal so React never sees a
 * new subscribe function and never resubscribes on render.
 */
export function signalSource<T>(source: ReadonlySignal<T>): SignalSource<T> {
  let made = sources.get(source) as SignalSource<T> | undefined;
  if (!made) {
    made = {
      // signals-core calls the listener once at once; React only re-reads the snapshot then.
      subscribe: (onChange) => source.subscribe(() => onChange()),
      // peek(): reading inside a render must not subscribe an enclosing effect.
      getSnapshot: () => source.peek(),
    };
    sources.set(source, made as SignalSource<unknown>);
  }
  return made;
}

export function useSignal<T>(source: ReadonlySignal<T>): T {
  const { subscribe, getSnapshot } = signalSource(source);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
