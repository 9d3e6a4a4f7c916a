/**
 * The built site's stylesheets (dist/client/_astro/*.css) by the address a page links them
 * at, read once: the build writes them and nothing changes them while the server runs.
 * Pages link them (astro.config.mjs) and are sent with them inlined (wholePage.ts). Where no
 * build has written them (`astro dev`), there are none and a page keeps its links.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { distDir } from '../distDir.ts';

export function readStylesheets(folder: string): Map<string, Uint8Array> {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return new Map();
  }
  return new Map(names.filter((name) => name.endsWith('.css')).map((name) => [`/_astro/${name}`, readFileSync(path.join(folder, name))]));
}

let sheets: ReadonlyMap<string, Uint8Array> | undefined;

export function builtStylesheets(): ReadonlyMap<string, Uint8Array> {
  sheets ??= readStylesheets(path.join(distDir(), 'client', '_astro'));
  return sheets;
}
