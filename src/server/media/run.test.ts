import { describe, expect, it } from 'vitest';
import { ProcessError, runBinary, stderrTail } from './run.ts';

const node = process.execPath;

async function failure(promise: Promise<unknown>): Promise<ProcessError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProcessError) return error;
    throw error;
  }
  throw new Error('expected the run to fail');
}

describe('runBinary', () => {
  it('passes arguments as they are, with no shell to expand them', async () => {
    const hostile = '$(echo pwned); echo "also" > /dev/null';
    const { stdout } = await runBinary(node, ['-e', 'process.stdout.write(process.argv[1])', hostile], { captureStdout: true });
    expect(stdout).toBe(hostile);
  });

  it('rejects with the exit code and the last stderr lines', async () => {
    const error = await failure(runBinary(node, ['-e', 'console.error("first"); console.error("the reason"); process.exit(3)']));
    expect(error.failure).toBe('exit');
    expect(error.exitCode).toBe(3);
    expect(error.message).toMatch(/exited with code 3/);
    expect(error.message).toMatch(/the reason/);
    expect(error.stderrTail).toBe('first\nthe reason');
  });

  it('kills a run that outlives its timeout', async () => {
    // The child would live a minute; the test's own time limit fails it if the kill did not happen.
    const error = await failure(runBinary(node, ['-e', 'setTimeout(() => {}, 60_000)'], { timeoutMs: 200 }));
    expect(error.failure).toBe('timeout');
    expect(error.message).toMatch(/timed out after 200 ms/);
  });

  it('stops when its signal aborts, and does not start when it already has', async () => {
    const controller = new AbortController();
    const running = runBinary(node, ['-e', 'setTimeout(() => {}, 60_000)'], { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect((await failure(running)).failure).toBe('aborted');
    expect((await failure(runBinary(node, ['-e', ''], { signal: controller.signal }))).failure).toBe('aborted');
  });

  it('reports a binary that cannot be started', async () => {
    const error = await failure(runBinary('/nonexistent/ffmpeg', ['-version']));
    expect(error.failure).toBe('spawn');
    expect(error.message).toMatch(/Cannot run \/nonexistent\/ffmpeg/);
  });

  it('refuses more output than it was told to hold', async () => {
    const error = await failure(runBinary(node, ['-e', 'process.stdout.write("x".repeat(100_000))'], { captureStdout: true, maxStdoutBytes: 1000 }));
    expect(error.failure).toBe('output-too-large');
  });
});

describe('stderrTail', () => {
  it('drops blank lines and the Fontconfig noise of the static build', () => {
    const stderr = 'Fontconfig warning: line 5: unknown element "description"\n\nreal error\r\n';
    expect(stderrTail(stderr)).toBe('real error');
  });
});
