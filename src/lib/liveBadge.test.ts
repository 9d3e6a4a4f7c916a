import { describe, expect, it } from 'vitest';
import { liveBadgeFor } from './liveBadge.ts';

describe('liveBadgeFor', () => {
  it('shows LIVE while streaming', () => {
    expect(liveBadgeFor('streaming')).toBe('live');
  });
  it.each(['unavailable', 'pending', 'ready'])('shows UPCOMING while %s', (status) => {
    expect(liveBadgeFor(status)).toBe('upcoming');
  });
  it('shows nothing once done', () => {
    expect(liveBadgeFor('done')).toBeNull();
  });
  it('shows nothing for a video that is not a live event', () => {
    expect(liveBadgeFor(null)).toBeNull();
  });
});
