/**
 * The built site's stylesheets (dist/client/_astro/*.css) by the address a page links them
 * at, read once: the build writes them and nothing changes them while the server runs.
 * Pages link them (astro.config.mjs) and are sent with them inlined (wholePage.ts). Where no
 * build has written them (`astro dev`), there are none and a page keeps its links.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isBuildAsset } from '../../lib/clientFilePath.ts';
import { distDir } from '../distDir.ts';
import { clientFilesOf } from './clientFiles.ts';

/** The stylesheets among the built files under `root` (a dist/client folder), by address. */
export function readStylesheets(root: string): Map<string, Uint8Array> {
  let files: Set<string>;
  try {
    files = clientFilesOf(root);
  } catch {
    return new Map();
  }
  const sheets = [...files].filter((address) => isBuildAsset(address) && address.endsWith('.css'));
  return new Map(sheets.map((address) => [address, readFileSync(path.join(root, address))]));
}

let sheets: ReadonlyMap<string, Uint8Array> | undefined;

export function builtStylesheets(): ReadonlyMap<string, Uint8Array> {
  sheets ??= readStylesheets(path.join(distDir(), 'client'));
  return sheets;
}
