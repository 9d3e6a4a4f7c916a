import { describe, expect, it } from 'vitest';
import { isPlainClick } from './plainClick.ts';

const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

describe('isPlainClick', () => {
  it('takes a primary click with no modifier', () => {
    expect(isPlainClick(click)).toBe(true);
  });

  it('leaves a middle or right click to the browser', () => {
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
    expect(isPlainClick({ ...click, button: 2 })).toBe(false);
  });

  it.each(['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const)('leaves a click with %s to the browser', (modifier) => {
    expect(isPlainClick({ ...click, [modifier]: true })).toBe(false);
  });
});
