import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { readFile, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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
    const { stdout } = await runBinary(
      node,
      ['-e', 'process.stdout.write(process.argv[1])', hostile],
      { captureStdout: true },
    );
    expect(stdout).toBe(hostile);
  });

  it('rejects with the exit code and the last stderr lines', async () => {
    const error = await failure(
      runBinary(node, [
        '-e',
        'console.error("first"); console.error("the reason"); process.exit(3)',
      ]),
    );
    expect(error.failure).toBe('exit');
    expect(error.exitCode).toBe(3);
    expect(error.message).toMatch(/exited with code 3/);
    expect(error.message).toMatch(/the reason/);
    expect(error.stderrTail).toBe('first\nthe reason');
  });

  it('kills a run that outlives its timeout', async () => {
    // The child would live a minute; the test's own time limit fails it if the kill did not happen.
    const error = await failure(
      runBinary(node, ['-e', 'setTimeout(() => {}, 60_000)'], { timeoutMs: 200 }),
    );
    expect(error.failure).toBe('timeout');
    expect(error.message).toMatch(/timed out after 200 ms/);
  });

  it('stops when its signal aborts, and does not start when it already has', async () => {
    const controller = new AbortController();
    const running = runBinary(node, ['-e', 'setTimeout(() => {}, 60_000)'], {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    expect((await failure(running)).failure).toBe('aborted');
    expect(
      (await failure(runBinary(node, ['-e', ''], { signal: controller.signal }))).failure,
    ).toBe('aborted');
  });

  it('reports a binary that cannot be started', async () => {
    const error = await failure(runBinary('/nonexistent/ffmpeg', ['-version']));
    expect(error.failure).toBe('spawn');
    expect(error.message).toMatch(/Cannot run \/nonexistent\/ffmpeg/);
  });

  it('refuses more output than it was told to hold', async () => {
    const error = await failure(
      runBinary(node, ['-e', 'process.stdout.write("x".repeat(100_000))'], {
        captureStdout: true,
        maxStdoutBytes: 1000,
      }),
    );
    expect(error.failure).toBe('output-too-large');
  });
});

describe('a child of a killed process', () => {
  // A zombie (state Z) has ended; only its exit status waits to be collected.
  const alive = (pid: number) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    } catch {
      return false;
    }
  };

  it.runIf(process.platform === 'linux')(
    'dies with it, even when it is killed with SIGKILL',
    async () => {
      // A parent that starts a long run and prints the run's pid.
      const code = `
      import { runBinary } from ${JSON.stringify(path.resolve('src/server/media/run.ts'))};
      runBinary(process.execPath, ['-e', 'console.error(process.pid); setTimeout(() => {}, 60_000)']).catch(() => {});
      setInterval(() => {}, 1000);`;
      const parent = spawn(process.execPath, ['--input-type=module', '-e', code], {
        stdio: ['ignore', 'ignore', 'ignore'],
      });
      let child: number | undefined;
      while (child === undefined) {
        await sleep(50);
        // The run's pid: the only child of the parent.
        const found = await readFile(
          `/proc/${parent.pid}/task/${parent.pid}/children`,
          'utf8',
        ).catch(() => '');
        child = Number(found.trim().split(/\s+/)[0]) || undefined;
      }
      // setpriv binds the child to its parent and then becomes node: killing the parent
      // before that exec would test the orphan's parent instead.
      const nodeBinary = await realpath(process.execPath);
      while ((await readlink(`/proc/${child}/exe`).catch(() => '')) !== nodeBinary) await sleep(20);
      expect(alive(child)).toBe(true);
      parent.kill('SIGKILL');
      await once(parent, 'exit');
      while (alive(child)) await sleep(50);
      expect(alive(child)).toBe(false);
    },
  );
});

describe('stderrTail', () => {
  it('drops blank lines and the Fontconfig noise of the static build', () => {
    const stderr = 'Fontconfig warning: line 5: unknown element "description"\n\nreal error\r\n';
    expect(stderrTail(stderr)).toBe('real error');
  });
});
