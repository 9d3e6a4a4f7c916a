import { signal } from '@preact/signals-core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { signalSource, useSignal } from './useSignal.ts';

describe('signalSource', () => {
  it('reads the signal’s value as the snapshot', () => {
    const count = signal(3);
    expect(signalSource(count).getSnapshot()).toBe(3);
  });
  it('tells React when the signal changes', () => {
    const count = signal(3);
    const onChange = vi.fn();
    signalSource(count).subscribe(onChange);
    onChange.mockClear();
    count.value = 4;
    expect(onChange).toHaveBeenCalledOnce();
  });
  it('stops telling React once unsubscribed', () => {
    const count = signal(3);
    const onChange = vi.fn();
    const unsubscribe = signalSource(count).subscribe(onChange);
    unsubscribe();
    onChange.mockClear();
    count.value = 4;
    expect(onChange).not.toHaveBeenCalled();
  });
  it('gives React the same subscribe function on every render', () => {
    const count = signal(3);
    expect(signalSource(count).subscribe).toBe(signalSource(count).subscribe);
  });
});

describe('useSignal', () => {
  it('renders the signal’s value on the server', () => {
    const name = signal('Harbour at dawn');
    function Title() {
      return createElement('h2', null, useSignal(name));
    }
    expect(renderToString(createElement(Title))).toBe('<h2>Harbour at dawn</h2>');
  });
});
