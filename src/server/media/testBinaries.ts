/**
 * Test support: the ffmpeg builds the media tests run against. The system build when one is
 * installed (what production uses) and always the bundled 2018 build, since that is what a
 * bare machine runs the demo on, and the two differ in filters, codecs and font handling.
 */
import { findFfmpegBinaries, type FfmpegBinaries } from './ffmpegBinaries.ts';

export interface BinariesUnderTest {
  name: 'system' | 'bundled';
  binaries: FfmpegBinaries;
}

const quiet = (): void => {};

export async function binariesUnderTest(): Promise<BinariesUnderTest[]> {
  // An empty search path leaves only the bundled build.
  const bundled = await findFfmpegBinaries({ searchPath: '', warn: quiet });
  const system = await findFfmpegBinaries({ searchPath: process.env['PATH'], warn: quiet });
  return system.source === 'path'
    ? [
        { name: 'system', binaries: system },
        { name: 'bundled', binaries: bundled },
      ]
    : [{ name: 'bundled', binaries: bundled }];
}
