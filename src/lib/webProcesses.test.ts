import { describe, expect, it } from 'vitest';
import { afterExit, runsMachineWork, webProcessPlan } from './webProcesses.ts';

describe('webProcessPlan', () => {
  it('runs a process a core on PostgreSQL unless told otherwise', () => {
    expect(webProcessPlan({ requested: undefined, postgres: true, cores: 4 })).toEqual({
      count: 4,
    });
    expect(webProcessPlan({ requested: 2, postgres: true, cores: 8 })).toEqual({ count: 2 });
    expect(webProcessPlan({ requested: 1, postgres: true, cores: 8 })).toEqual({ count: 1 });
  });

  it('runs one process on the embedded database and says why when more were asked for', () => {
    expect(webProcessPlan({ requested: undefined, postgres: false, cores: 4 })).toEqual({
      count: 1,
    });
    expect(webProcessPlan({ requested: 1, postgres: false, cores: 4 })).toEqual({ count: 1 });
    expect(webProcessPlan({ requested: 3, postgres: false, cores: 4 })).toEqual({
      count: 1,
      limitedBy: 'embedded-database',
    });
  });

  it('runs one process where no core count is known', () => {
    expect(webProcessPlan({ requested: undefined, postgres: true, cores: 0 })).toEqual({
      count: 1,
    });
  });
});

describe('runsMachineWork', () => {
  it('gives the once-a-machine work to the first slot only', () => {
    expect([0, 1, 2, 3].map(runsMachineWork)).toEqual([true, false, false, false]);
  });
});

describe('afterExit', () => {
  const served = { stopping: false, everReady: true, exitCode: 1, quickEndsBefore: 0 };

  it('restarts a process that served, waiting longer after each quick end, up to half a minute', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 10].map((quickEndsBefore) =>
      afterExit({ ...served, quickEndsBefore }),
    );
    expect(
      delays.map((decision) => (decision.action === 'restart' ? decision.delayMs : null)),
    ).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('restarts a process that served even when it ended with code 0', () => {
    expect(afterExit({ ...served, exitCode: 0 })).toEqual({ action: 'restart', delayMs: 1_000 });
  });

  it('stops the machine with the code of a process that never served', () => {
    expect(afterExit({ ...served, everReady: false, exitCode: 3 })).toEqual({
      action: 'stop-all',
      exitCode: 3,
    });
    expect(afterExit({ ...served, everReady: false, exitCode: null })).toEqual({
      action: 'stop-all',
      exitCode: 1,
    });
  });

  it('lets processes end while the machine stops', () => {
    expect(afterExit({ ...served, stopping: true })).toEqual({ action: 'none' });
    expect(afterExit({ ...served, stopping: true, everReady: false })).toEqual({ action: 'none' });
  });
});
