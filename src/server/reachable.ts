import { Socket } from 'node:net';

/**
 * Whether something listens at a server URL's host and port (default 6379, Redis's), within a
 * second: tests against real servers say they are skipped, and why, when one is not there.
 */
export function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port) || 6379, hostname.replace(/^\[|\]$/g, ''), () => done(true));
  });
}
