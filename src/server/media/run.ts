/**
 * Runs ffmpeg, ffprobe (or any binary) without a shell, so a file name can never become a
 * command. Media jobs on untrusted uploads can hang on a crafted file, so every run can be
 * cut short by an AbortSignal or a timeout. On Linux the child also dies with this process,
 * even one killed with SIGKILL, so no transcode outlives the server that started it.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export interface RunOptions {
  signal?: AbortSignal | undefined;
  /** Kill the process after this many milliseconds; unset waits forever. */
  timeoutMs?: number | undefined;
  cwd?: string | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  /** Collect stdout (ffprobe's JSON). ffmpeg writes its output to files, so off by default. */
  captureStdout?: boolean | undefined;
  /** Refuse output beyond this size rather than hold it all in memory. */
  maxStdoutBytes?: number | undefined;
}

export interface RunResult {
  stdout: string;
  /** The last STDERR_KEEP_BYTES of stderr (ffmpeg logs can be long). */
  stderr: string;
  elapsedMs: number;
}

/** How the run ended when it did not succeed. */
export type ProcessFailure = 'exit' | 'timeout' | 'aborted' | 'spawn' | 'output-too-large';

export class ProcessError extends Error {
  readonly failure: ProcessFailure;
  readonly exitCode: number | null;
  readonly exitSignal: NodeJS.Signals | null;
  /** The last meaningful stderr lines, for logs (never for end users: they hold paths). */
  readonly stderrTail: string;

  constructor(
    message: string,
    details: {
      failure: ProcessFailure;
      exitCode?: number | null;
      exitSignal?: NodeJS.Signals | null;
      stderrTail?: string;
      cause?: unknown;
    },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ProcessError';
    this.failure = details.failure;
    this.exitCode = details.exitCode ?? null;
    this.exitSignal = details.exitSignal ?? null;
    this.stderrTail = details.stderrTail ?? '';
  }
}

const STDERR_KEEP_BYTES = 64 * 1024;
const TAIL_LINES = 12;
const DEFAULT_MAX_STDOUT = 16 * 1024 * 1024;
/** ffmpeg finishes its file on SIGTERM; a process that ignores it gets SIGKILL this much later. */
const KILL_GRACE_MS = 2000;

/** Whether `file` exists and this process may run it. */
export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * util-linux's setpriv, which sets PR_SET_PDEATHSIG and then becomes the binary (exec): the
 * kernel sends the child SIGKILL when this process dies. Absent outside Linux.
 */
const SETPRIV =
  process.platform === 'linux'
    ? [...(process.env['PATH'] ?? '').split(path.delimiter), '/usr/bin', '/bin']
        .map((dir) => path.join(dir || '.', 'setpriv'))
        .find((file) => path.isAbsolute(file) && isExecutable(file))
    : undefined;

/** The command line that runs `file` bound to this process's life, where the system allows it. */
export function boundToParent(file: string, args: readonly string[]): [string, readonly string[]] {
  // A binary that cannot run is reported by spawn itself, not as setpriv's exit code.
  if (!SETPRIV || !path.isAbsolute(file) || !isExecutable(file)) return [file, args];
  return [SETPRIV, ['--pdeathsig', 'KILL', '--', file, ...args]];
}

/**
 * The last lines of stderr worth reading. The static ffmpeg build prints a Fontconfig
 * warning per config file on every drawtext run, which would bury the real error.
 */
export function stderrTail(stderr: string, lines = TAIL_LINES): string {
  return stderr
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line !== '' && !line.startsWith('Fontconfig warning'))
    .slice(-lines)
    .join('\n');
}

export function runBinary(
  file: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<RunResult> {
  const name = path.basename(file);
  const { signal, timeoutMs } = options;
  const maxStdout = options.maxStdoutBytes ?? DEFAULT_MAX_STDOUT;

  return new Promise<RunResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(
        new ProcessError(`${name} was not started: aborted`, {
          failure: 'aborted',
          cause: signal.reason,
        }),
      );
      return;
    }
    const started = performance.now();
    const child = spawn(...boundToParent(file, args), {
      cwd: options.cwd,
      env: options.env ?? process.env,
      shell: false,
      windowsHide: true,
      // ffmpeg reads keyboard commands from stdin; a closed stdin keeps it from waiting on one.
      stdio: ['ignore', options.captureStdout ? 'pipe' : 'ignore', 'pipe'],
    });

    let stderr = '';
    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let ending: Exclude<ProcessFailure, 'exit' | 'spawn'> | undefined;
    let settled = false;
    let killTimer: NodeJS.Timeout | undefined;

    const stop = (why: Exclude<ProcessFailure, 'exit' | 'spawn'>): void => {
      if (ending || child.exitCode !== null) return;
      ending = why;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    const onAbort = (): void => stop('aborted');
    const timer =
      timeoutMs === undefined ? undefined : setTimeout(() => stop('timeout'), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (outcome: { result: RunResult } | { error: ProcessError }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      signal?.removeEventListener('abort', onAbort);
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };

    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.length > STDERR_KEEP_BYTES * 2) stderr = stderr.slice(-STDERR_KEEP_BYTES);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdout) stop('output-too-large');
      else stdoutChunks.push(chunk);
    });

    child.on('error', (error) => {
      finish({
        error: new ProcessError(`Cannot run ${file}: ${error.message}`, {
          failure: 'spawn',
          cause: error,
        }),
      });
    });
    child.on('close', (exitCode, exitSignal) => {
      const elapsedMs = Math.round(performance.now() - started);
      const tail = stderrTail(stderr);
      if (ending) {
        const why =
          ending === 'timeout'
            ? `timed out after ${timeoutMs} ms`
            : ending === 'aborted'
              ? 'was aborted'
              : `wrote more than ${maxStdout} bytes to stdout`;
        finish({
          error: new ProcessError(`${name} ${why}`, {
            failure: ending,
            exitCode,
            exitSignal,
            stderrTail: tail,
            cause: ending === 'aborted' ? signal?.reason : undefined,
          }),
        });
      } else if (exitCode !== 0) {
        const status =
          exitCode === null ? `was killed by ${exitSignal}` : `exited with code ${exitCode}`;
        finish({
          error: new ProcessError(`${name} ${status}${tail ? `:\n${tail}` : ''}`, {
            failure: 'exit',
            exitCode,
            exitSignal,
            stderrTail: tail,
          }),
        });
      } else {
        const stdout = Buffer.concat(stdoutChunks).toString('utf8');
        finish({ result: { stdout, stderr: stderr.slice(-STDERR_KEEP_BYTES), elapsedMs } });
      }
    });
  });
}
