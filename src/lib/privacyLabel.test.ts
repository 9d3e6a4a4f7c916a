import { describe, expect, it } from 'vitest';
import { VIDEO_PRIVACY } from './domain.ts';
import { privacyLabelKey } from './privacyLabel.ts';

describe('privacyLabelKey', () => {
  it('names every privacy.view a video can have, each differently', () => {
    const keys = VIDEO_PRIVACY.map(privacyLabelKey);
    expect(new Set(keys).size).toBe(VIDEO_PRIVACY.length);
    expect(privacyLabelKey('nobody')).toBe('account.privacyNobody');
  });
});
