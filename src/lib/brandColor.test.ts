import { describe, expect, it } from 'vitest';
import { inkOn, normalizeBrandColor } from './brandColor.ts';

describe('normalizeBrandColor', () => {
  it('keeps a valid colour, lower-cased and with its hash', () => {
    expect(normalizeBrandColor('FF8800')).toBe('#ff8800');
    expect(normalizeBrandColor('#AbCdEf')).toBe('#abcdef');
  });
  it('falls back to the default brand colour #00adef for anything else', () => {
    expect(normalizeBrandColor(null)).toBe('#00adef');
    expect(normalizeBrandColor('red')).toBe('#00adef');
    expect(normalizeBrandColor('#fff')).toBe('#00adef');
    expect(normalizeBrandColor('#00adef;background:url(x)')).toBe('#00adef');
  });
});

describe('inkOn', () => {
  it('puts white text on a dark brand colour and dark text on a light one', () => {
    expect(inkOn('#1a237e')).toBe('#ffffff');
    expect(inkOn('#ffeb3b')).toBe('#0b0f12');
  });
  it('puts dark text on the default #00adef, where white would fail contrast', () => {
    expect(inkOn('#00adef')).toBe('#0b0f12');
  });
});
