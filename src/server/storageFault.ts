/**
 * Errors of a disk that takes no writes: full, read-only or forbidden. Wherever one surfaces
 * (the database, an upload, a transcode) it is the operator's to mend, not the request's:
 * requests answer 503 (http/errorClassification.ts), the start refuses (dataFolder.ts).
 */

/**
 * ENOSPC and EDQUOT: full (or over quota); EROFS: mounted read-only; EACCES, EPERM: not ours
 * to write; SQLSTATE 53100 (disk_full): the database's own disk, PGlite's or PostgreSQL's.
 */
const STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', '53100']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The storage code of an error or of what it wraps (`cause`), if it is one. */
export function storageFaultCode(error: unknown): string | undefined {
  for (
    let link = error, depth = 0;
    link && typeof link === 'object' && depth < 8;
    link = (link as { cause?: unknown }).cause, depth++
  ) {
    const code = codeOf(link);
    if (code && STORAGE_CODES.has(code)) return code;
  }
  return undefined;
}

export function isStorageFault(error: unknown): boolean {
  return storageFaultCode(error) !== undefined;
}
