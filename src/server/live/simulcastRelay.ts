/**
 * One simulcast relay: an ffmpeg that reads the FLV it is written on stdin and publishes it
 * unchanged (-c copy, no second encode on this machine) to the destination. Its command line
 * holds the key, so it is never logged; what the owner sees of its failure is ffmpeg's last
 * complaint with the key blanked out.
 */
import { spawn } from 'node:child_process';
import { RELAY_TOO_SLOW, relayError } from '../../lib/simulcast.ts';
import { boundToParent, stderrTail } from '../media/run.ts';
import type { RelayFactory } from './simulcastSupervisor.ts';

/** Tags waiting for a destination that does not take them this fast: past this, it is let go. */
const MAX_BACKLOG_BYTES = 16 * 1024 * 1024;

export function ffmpegRelays(ffmpeg: string): RelayFactory {
  return (target, events) => {
    const child = spawn(
      ...boundToParent(ffmpeg, [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostats',
        '-progress',
        'pipe:1',
        '-f',
        'flv',
        '-i',
        'pipe:0',
        '-map',
        '0',
        '-c',
        'copy',
        '-f',
        'flv',
        target.publishUrl,
      ]),
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stderr = '';
    let live = false;
    let stopping = false;
    let slow = false;
    child.stdin.on('error', () => undefined);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4_000);
    });
    // ffmpeg reports progress once it writes to the destination: the connection was taken.
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const size = /total_size=(\d+)/.exec(chunk);
      if (!live && size && Number(size[1]) > 0) {
        live = true;
        events.live();
      }
    });
    const fail = (error: string) => {
      if (!stopping) events.failed(error);
      stopping = true;
    };
    child.once('error', (error) => fail(error.message));
    child.once('close', () =>
      fail(slow ? RELAY_TOO_SLOW : relayError(stderrTail(stderr), target.key)),
    );
    return {
      write(chunk) {
        if (stopping || !child.stdin.writable) return;
        if (child.stdin.writableLength > MAX_BACKLOG_BYTES) {
          slow = true;
          child.kill('SIGKILL');
          return;
        }
        child.stdin.write(chunk);
      },
      stop() {
        stopping = true;
        child.stdin.end();
        // A destination that hangs does not hold the broadcast's end.
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      },
    };
  };
}
