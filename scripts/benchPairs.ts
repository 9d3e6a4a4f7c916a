/**
 * The bench's two goals are ratios of two throughputs (the rendered grid against a bare page,
 * the cached grid against a static file). Measured minutes apart on a shared machine, the two
 * sides met different loads: the same build measured 0.24× to 0.43× from run to run. Measured
 * in turns, each round's pair meets the same load, and the median round's ratio is reported.
 */
import { median } from './benchScale.ts';

export interface PairedRound {
  /** Requests a second of the measured side and of its baseline, in one round. */
  measured: number;
  baseline: number;
}

/** The median of the rounds' ratios, to two decimals. */
export function medianRatio(rounds: readonly PairedRound[]): number {
  return +median(rounds.map((round) => round.measured / round.baseline)).toFixed(2);
}

/** `rounds` rounds of the measured side, then its baseline, one straight after the other. */
export async function inTurns(
  measured: () => Promise<number>,
  baseline: () => Promise<number>,
  rounds: number,
): Promise<PairedRound[]> {
  const taken: PairedRound[] = [];
  for (let i = 0; i < rounds; i++)
    taken.push({ measured: await measured(), baseline: await baseline() });
  return taken;
}
