// The "Issue goals" block of `npm run bench`: each figure the performance issue's "done when"
// names, beside its goal. It prints; it judges nothing by its exit code. A figure whose section
// did not run (`--only`, `--no-live`) prints as not measured.

export interface GoalFigures {
  signedInGridCpuMs?: number | null | undefined;
  signedInVideoCpuMs?: number | null | undefined;
  anonymousMissCpuMs?: number | null | undefined;
  /** Percent of the fresh-utm_source grid requests the cache answered (hit or stale). */
  freshUtmCacheShare?: number | null | undefined;
  mixedAnonymousP99Ms?: number | null | undefined;
  liveEventJsBytes?: number | null | undefined;
  /** The server's high-water mark through the whole run (VmHWM). */
  peakRssMb?: number | null | undefined;
  /** RSS where a load run started and where it ended, once its clients had gone. */
  rssBackMb?: { from: number | null; to: number | null; of: string } | null;
  /** Search at 20,000 videos ÷ the demo showcase, each measure that names search. */
  searchRatios?: { label: string; ratio: number }[] | null;
  /** Low-latency HLS in Chromium through the player frame, over a minute. */
  lowLatency?: { p50Ms: number; p99Ms: number; stalls: number } | null;
}

export interface GoalLine {
  name: string;
  figure: string;
  goal: string;
  /** null when not measured. */
  met: boolean | null;
}

const unmeasured = (name: string, goal: string): GoalLine => ({
  name,
  figure: 'not measured',
  goal,
  met: null,
});

function atMost(
  name: string,
  value: number | null | undefined,
  limit: number,
  unit: string,
): GoalLine {
  const goal = `≤ ${limit} ${unit}`;
  if (value === null || value === undefined) return unmeasured(name, goal);
  return { name, figure: `${value} ${unit}`, goal, met: value <= limit };
}

export function goalLines(f: GoalFigures): GoalLine[] {
  const lines = [
    atMost('signed-in grid, CPU a request', f.signedInGridCpuMs, 1, 'ms'),
    atMost('signed-in video view, CPU a request', f.signedInVideoCpuMs, 1, 'ms'),
    atMost('anonymous miss, CPU a request', f.anonymousMissCpuMs, 1.5, 'ms'),
    f.freshUtmCacheShare === null || f.freshUtmCacheShare === undefined
      ? unmeasured('grid with a fresh utm_source, from the cache', 'served from the cache')
      : {
          name: 'grid with a fresh utm_source, from the cache',
          figure: `${f.freshUtmCacheShare} %`,
          goal: 'served from the cache',
          met: f.freshUtmCacheShare >= 99,
        },
    atMost('mixed round, anonymous p99', f.mixedAnonymousP99Ms, 50, 'ms'),
    atMost(
      'live event view, JavaScript before interaction',
      f.liveEventJsBytes === null || f.liveEventJsBytes === undefined
        ? null
        : +(f.liveEventJsBytes / 1024).toFixed(1),
      10,
      'KB',
    ),
    atMost('peak RSS through the run (VmHWM)', f.peakRssMb, 512, 'MB'),
  ];
  const back = f.rssBackMb;
  if (!back || back.from === null || back.to === null)
    lines.push(unmeasured('RSS back after a load run', 'within 10 %'));
  else {
    const change = Math.round(((back.to - back.from) / back.from) * 100);
    lines.push({
      name: `RSS back after ${back.of}`,
      figure: `${back.from} → ${back.to} MB (${change >= 0 ? '+' : ''}${change} %)`,
      goal: 'within 10 %',
      met: Math.abs(change) <= 10,
    });
  }
  if (!f.searchRatios || f.searchRatios.length === 0)
    lines.push(unmeasured('search at 20,000 videos ÷ the demo showcase', '≤ 1.5×'));
  for (const { label, ratio } of f.searchRatios ?? [])
    lines.push({
      name: `${label} at 20,000 videos ÷ the demo showcase`,
      figure: `${ratio}×`,
      goal: '≤ 1.5×',
      met: ratio <= 1.5,
    });
  lines.push(...lowLatencyLines(f.lowLatency));
  return lines;
}

/** The live issue's goals: p50 ≤ 3 s and p99 ≤ 4 s glass to glass, no stall in the minute. */
function lowLatencyLines(figures: GoalFigures['lowLatency']): GoalLine[] {
  const inSeconds = (ms: number) => +(ms / 1000).toFixed(2);
  const stalls = 'low-latency HLS, stalls in the minute';
  return [
    atMost('low-latency HLS, glass to glass p50', figures && inSeconds(figures.p50Ms), 3, 's'),
    atMost('low-latency HLS, glass to glass p99', figures && inSeconds(figures.p99Ms), 4, 's'),
    figures
      ? { name: stalls, figure: String(figures.stalls), goal: 'none', met: figures.stalls === 0 }
      : unmeasured(stalls, 'none'),
  ];
}

/** The block as printed. */
export function goalsSummary(f: GoalFigures): string {
  const lines = goalLines(f);
  const width = Math.max(...lines.map((line) => line.name.length)) + 2;
  const verdict = (met: boolean | null) => (met === null ? '' : met ? 'met' : 'NOT met');
  return `\nIssue goals (figures beside their goals; the exit code judges nothing)\n${lines
    .map(
      (line) =>
        `  ${line.name.padEnd(width)}${line.figure.padStart(24)}   goal ${line.goal.padEnd(22)}${verdict(line.met)}`,
    )
    .join('\n')}`;
}

/**
 * Search ratios from the scale section's figures: the API's search rows (`api`, every row a
 * search: one hit, broad) when it measures them, else each row that names search in its other
 * lists (the read in the server, the page over HTTP), labelled with the list's name.
 */
export function searchRatiosOf(
  scale: unknown,
  ratio: (row: never) => number,
): { label: string; ratio: number }[] {
  if (!scale || typeof scale !== 'object' || 'error' in scale) return [];
  const lists = Object.entries(scale).filter(
    (entry): entry is [string, { label: string }[]] =>
      Array.isArray(entry[1]) && entry[1].every((row) => typeof row?.label === 'string'),
  );
  const api = lists.find(([list]) => list === 'api');
  if (api)
    return api[1].map((row) => ({ label: `API search, ${row.label}`, ratio: ratio(row as never) }));
  return lists.flatMap(([list, rows]) =>
    rows
      .filter((row) => /search/i.test(row.label))
      .map((row) => ({ label: `${row.label} (${list})`, ratio: ratio(row as never) })),
  );
}
