/** What the primary and its web processes tell each other over the cluster's channel. */
import type { SeedProgress } from '../startupState.ts';

export type ClusterMessage =
  /** The lead's demo seed got further; the primary passes it on so every process shows it. */
  | { vitrine: 'seeding'; progress: SeedProgress }
  /** The database is migrated and seeded: the other processes may serve. */
  | { vitrine: 'prepared' }
  /** This process serves pages (its /healthz answers 200). */
  | { vitrine: 'ready' };

export function isClusterMessage(message: unknown): message is ClusterMessage {
  return typeof message === 'object' && message !== null && 'vitrine' in message;
}
