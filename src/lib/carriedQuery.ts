/**
 * The query a showcase address hands on to every address it links to (SPEC §2): the share
 * hash of an unlisted showcase, the offsite markers (app=showcase, offsite=redirect), and the
 * referrer and is_embed that the showcase's API calls pass on (SPEC §7). Only values of the
 * expected shape travel; anything else stays behind.
 */

export const CARRIED_PARAMS = ['sh', 'app', 'offsite', 'referrer', 'is_embed'] as const;

type CarriedParam = (typeof CARRIED_PARAMS)[number];

export type CarriedQuery = Readonly<Partial<Record<CarriedParam, string>>>;

const ACCEPTS: Record<CarriedParam, (value: string) => boolean> = {
  sh: (value) => /^[\w-]{1,64}$/.test(value),
  app: (value) => value === 'showcase',
  offsite: (value) => value === 'redirect',
  // A page address or a host name, as an embedding page reports it; never control characters.
  referrer: (value) => value.length <= 2048 && [...value].every((c) => c >= ' ' && c !== '\u007f'),
  is_embed: (value) => value === '1',
};

export function carriedQuery(params: URLSearchParams): CarriedQuery {
  const carried: Partial<Record<CarriedParam, string>> = {};
  for (const name of CARRIED_PARAMS) {
    const value = params.get(name);
    if (value && ACCEPTS[name](value)) carried[name] = value;
  }
  return carried;
}

/**
 * SPEC §6: "Offsite/embedded: links open new tab, team link hidden." A showcase shown inside
 * another site or app sends its viewers to Vitrine in a new tab.
 */
export function isOffsite(carried: CarriedQuery): boolean {
  return carried.app === 'showcase' || carried.offsite === 'redirect' || carried.is_embed === '1';
}

/** `path` with the given query parts appended in order; empty values are left out. */
export function withQuery(
  path: string,
  ...parts: ReadonlyArray<Readonly<Record<string, string | null | undefined>>>
): string {
  const query = new URLSearchParams();
  for (const part of parts) {
    for (const [name, value] of Object.entries(part)) {
      if (value) query.set(name, value);
    }
  }
  const search = query.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** The part of the carried query that the showcase's API calls pass on (SPEC §7). */
export function apiQuery(
  carried: CarriedQuery,
): Partial<Record<'sh' | 'referrer' | 'is_embed', string>> {
  const { sh, referrer, is_embed } = carried;
  return {
    ...(sh ? { sh } : {}),
    ...(referrer ? { referrer } : {}),
    ...(is_embed ? { is_embed } : {}),
  };
}
