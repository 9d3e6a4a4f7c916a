/**
 * SPEC §4: "Streaming shows LIVE; unavailable/pending/ready show UPCOMING." Done events and
 * videos that are not live events carry no badge.
 */
export type LiveBadge = 'live' | 'upcoming';

export function liveBadgeFor(status: string | null | undefined): LiveBadge | null {
  if (status === 'streaming') return 'live';
  if (status === 'unavailable' || status === 'pending' || status === 'ready') return 'upcoming';
  return null;
}
