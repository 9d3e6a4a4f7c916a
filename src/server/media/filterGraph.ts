/**
 * Quoting for values placed inside an ffmpeg filtergraph. A value is parsed twice: once as a
 * filter option (where \ ' : are special) and once as part of the graph (where \ ' [ ] , ;
 * are special), so it is escaped for the first, then the result for the second. Titles come
 * from users; without this a comma in a label would start a new filter.
 */

export function escapeFilterValue(value: string): string {
  const asOption = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return asOption.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}
