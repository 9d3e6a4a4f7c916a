/**
 * Which generations of a site secret sign and which are still accepted (src/server/secrets.ts).
 * A rotation adds a generation that becomes active some time after it was written, so every
 * node has read it before any node signs with it; the generation it replaces is accepted for an
 * overlap afterwards, so what it signed (sessions' tokens, media addresses, password proofs)
 * stays good while pages and players holding it are still in use.
 */
export interface SecretGeneration {
  generation: number;
  value: Buffer;
  /** From when it signs. */
  activeFrom: Date;
}

export interface KeyRing {
  /** The key that signs. */
  signing: Buffer;
  /** Every key a signature may have been made with, the signing key first. */
  accepted: readonly Buffer[];
}

/** The key ring of a secret's generations at `now`; null when none is active yet. */
export function keyRing(
  generations: readonly SecretGeneration[],
  now: Date,
  overlapMs: number,
): KeyRing | null {
  const newestFirst = [...generations].sort((a, b) => b.generation - a.generation);
  const active = newestFirst.filter((entry) => entry.activeFrom <= now);
  const [current] = active;
  if (!current) return null;
  // A generation about to sign: another node may already have begun with it.
  const upcoming = newestFirst.filter((entry) => entry.activeFrom > now);
  // A replaced generation, while the one that replaced it has signed for less than the overlap.
  const retiring = active
    .slice(1)
    .filter((_, index) => active[index]!.activeFrom.getTime() > now.getTime() - overlapMs);
  return {
    signing: current.value,
    accepted: [current, ...upcoming, ...retiring].map((entry) => entry.value),
  };
}

/** The first verdict other than 'invalid' that one of `keys` gives, else 'invalid'. */
export function verdictWithAny<Verdict extends string>(
  keys: readonly Buffer[],
  verify: (key: Buffer) => Verdict | 'invalid',
): Verdict | 'invalid' {
  for (const key of keys) {
    const verdict = verify(key);
    if (verdict !== 'invalid') return verdict;
  }
  return 'invalid';
}
