import { describe, expect, it } from 'vitest';
import { shareRefusalStatus } from './shareResponses.ts';

describe('shareRefusalStatus', () => {
  it('answers a mail that could not go out as a failed gateway', () => {
    expect(shareRefusalStatus('send_failed')).toBe(502);
  });

  it('tells a sender who shared too often to wait', () => {
    expect(shareRefusalStatus('too_many')).toBe(429);
  });

  it('refuses sharing a showcase that offers no sharing, and one that is gone', () => {
    expect(shareRefusalStatus('not_offered')).toBe(403);
    expect(shareRefusalStatus('not_found')).toBe(404);
  });

  it('sends a form with a bad address back as a bad request', () => {
    expect(shareRefusalStatus('invalid_email')).toBe(400);
  });
});
