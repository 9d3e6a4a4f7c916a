import { describe, expect, it } from 'vitest';
import { formatWorkerId, parseWorkerId } from './workerId.ts';

describe('worker ids', () => {
  it('read back the host, pid and start ticks they were made of', () => {
    const id = formatWorkerId({ host: 'web-1', pid: 77, startTicks: '123456' }, 'c0ffee');
    expect(id).toBe('web-1:77.123456:c0ffee');
    expect(parseWorkerId(id)).toEqual({ host: 'web-1', pid: 77, startTicks: '123456' });
  });

  it('read ids written without start ticks', () => {
    expect(parseWorkerId('web-1:77:c0ffee')).toEqual({ host: 'web-1', pid: 77, startTicks: null });
  });

  it('are null for an id of another form (a test worker)', () => {
    expect(parseWorkerId('worker-1')).toBeNull();
  });
});
