import { describe, expect, it } from 'vitest';
import { readApiCall } from './playerApi.ts';

describe('player API wire', () => {
  it("reads Vimeo's calls, as objects or JSON strings", () => {
    expect(readApiCall({ method: 'play', value: {} })).toEqual({ method: 'play', value: {} });
    expect(readApiCall('{"method":"setCurrentTime","value":3}')).toEqual({
      method: 'setCurrentTime',
      value: 3,
    });
    expect(readApiCall('not json')).toBeNull();
    expect(readApiCall({ event: 'ready' })).toBeNull();
    expect(readApiCall(null)).toBeNull();
  });
});
