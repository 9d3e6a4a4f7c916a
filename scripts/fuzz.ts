// `npm run fuzz -- --requests 10000 --url http://127.0.0.1:4321 [--seed 1] [--concurrency 8]
// [--body-limit 1048576]`: a seeded fuzz pass over every route of a running server (see
// scripts/fuzz/). Prints the answers by status and every finding; exits 1 when there is one.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runFuzz } from './fuzz/run.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    url: { type: 'string', default: 'http://127.0.0.1:4321' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '8' },
    'body-limit': { type: 'string', default: process.env['BODY_LIMIT'] ?? String(1024 * 1024) },
  },
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const total = Number(values.requests);
const started = Date.now();
const report = await runFuzz({
  origin: values.url,
  requests: total,
  seed: Number(values.seed),
  concurrency: Number(values.concurrency),
  bodyLimit: Number(values['body-limit']),
  pagesDir: path.join(root, 'src/pages'),
  onProgress: (done) => {
    if (done % 1000 === 0) console.log(`${done}/${total}`);
  },
});

console.log(
  `\n${report.sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${values.seed})`,
);
console.log('answers by status:', JSON.stringify(report.byStatus));
const fivexx = Object.entries(report.byStatus)
  .filter(([status]) => status.startsWith('5'))
  .reduce((sum, [, n]) => sum + n, 0);
console.log(`5xx: ${fivexx}; findings: ${report.findings.length}`);
for (const finding of report.findings) console.log(JSON.stringify(finding));
process.exit(report.findings.length > 0 ? 1 : 0);
