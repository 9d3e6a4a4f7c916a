// `npm run bench:ingest`: ingest throughput. Generates a 1080p clip (BENCH_INGEST_SECONDS,
// default 20), ingests it into a scratch database exactly as `npm run ingest` does, and
// prints seconds of video processed per second of wall time, with the time of each stage.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const seconds = Number(process.env['BENCH_INGEST_SECONDS'] ?? 20);
const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-bench-ingest-'));
process.env['DATA_DIR'] = dataDir;
process.env['LOG_LEVEL'] ??= 'warn';

const { closeDb, getDb } = await import('../src/server/db/client.ts');
const { migrate } = await import('../src/server/db/migrate.ts');
const { users } = await import('../src/server/db/schema.ts');
const { ffmpegBinaries } = await import('../src/server/media/ffmpegBinaries.ts');
const { generateTestPattern } = await import('../src/server/media/testPattern.ts');
const { ingestFile } = await import('../src/server/ingest/ingestFile.ts');

try {
  const binaries = await ffmpegBinaries();
  const clip = path.join(dataDir, 'bench-1080p.mp4');
  await generateTestPattern(clip, {
    durationSeconds: seconds,
    width: 1920,
    height: 1080,
    fps: 24,
    style: 'motion',
    binaries,
  });

  await migrate();
  const db = await getDb();
  await db
    .insert(users)
    .values({ email: 'bench@vitrine.test', name: 'Bench', quotaPeriodicMax: null });

  const stages: { stage: string; ms: number }[] = [];
  let mark = performance.now();
  let current = 'create';
  const started = mark;
  const result = await ingestFile({
    db,
    file: clip,
    ownerEmail: 'bench@vitrine.test',
    progress: (line) => {
      const now = performance.now();
      stages.push({ stage: current, ms: Math.round(now - mark) });
      current = line;
      mark = now;
    },
  });
  const wallSeconds = (performance.now() - started) / 1000;
  if (result.status !== 'ready')
    throw new Error(`ingest ended as ${result.status}: ${result.errorMessage}`);

  const figures = {
    ffmpeg: binaries.version,
    sourceSeconds: result.durationSeconds,
    wallSeconds: Number(wallSeconds.toFixed(2)),
    videoSecondsPerWallSecond: Number((result.durationSeconds / wallSeconds).toFixed(3)),
    renditions: result.files.map((f) => `${f.quality} ${f.width}x${f.height}`),
    stages,
  };
  for (const { stage, ms } of stages)
    process.stdout.write(`${String(ms).padStart(7)} ms  ${stage}\n`);
  process.stdout.write(
    `\n${figures.sourceSeconds} s of 1080p video ingested in ${figures.wallSeconds} s: ${figures.videoSecondsPerWallSecond} s of video per second ` +
      `(${figures.renditions.join(', ')})\n`,
  );
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/ingest.json', `${JSON.stringify(figures, null, 2)}\n`);
} finally {
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
}
