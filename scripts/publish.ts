// `npm run publish -- --out DIR` or `-- --bucket NAME` (else PUBLISH_DIR or PUBLISH_BUCKET):
// the public site written as static files (docs/publishing.md). The server is started on a
// loopback port of its own, without the job worker or live ingest, publishes once and stops;
// it fails, as `npm start` would, while another process holds the embedded database: that
// server publishes by itself when PUBLISH_DIR or PUBLISH_BUCKET is set.
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { out: { type: 'string' }, bucket: { type: 'string' } },
  strict: true,
});
if (values.out) {
  process.env.PUBLISH_DIR = values.out;
  delete process.env.PUBLISH_BUCKET;
}
if (values.bucket) {
  process.env.PUBLISH_BUCKET = values.bucket;
  delete process.env.PUBLISH_DIR;
}
if (!process.env.PUBLISH_DIR && !process.env.PUBLISH_BUCKET) {
  console.error('Say where to publish: npm run publish -- --out DIR, or -- --bucket NAME');
  process.exit(1);
}
Object.assign(process.env, {
  VITRINE_PUBLISH_ONCE: '1',
  HOST: '127.0.0.1',
  PORT: '0',
  API_PORT: 'off',
  WORKER: 'off',
  RTMP_PORT: 'off',
  WEB_CONCURRENCY: '1',
});
await import('./start.mjs');
