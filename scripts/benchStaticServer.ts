// The static-file baseline of `npm run bench` in a process of its own, so the server it is held
// against and the load generator do not share its event loop (nor it theirs):
// `node scripts/benchStaticServer.ts <folder with identity, gzip and br> <port>`. Prints
// `listening` once it accepts connections.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { staticBaseline } from './benchCache.ts';

const [folder, port] = process.argv.slice(2);
if (!folder || !port) throw new Error('usage: benchStaticServer.ts <folder> <port>');
const read = (name: string) => readFileSync(path.join(folder, name));
const baseline = await staticBaseline(
  { identity: read('identity'), gzip: read('gzip'), br: read('br') },
  Number(port),
);
process.on('SIGTERM', () => void baseline.close().then(() => process.exit(0)));
console.log('listening');
