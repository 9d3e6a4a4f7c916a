/**
 * How far the server is in starting: it listens at once, and until migrations and the demo
 * seed are done every page answers "Preparing the demo…" (http/preparingPage.ts) and
 * /healthz answers 503.
 */
export interface SeedProgress {
  /** Demo videos whose media is ready (rendered now or taken from the media cache). */
  rendered: number;
  total: number;
}

type StartupPhase = { name: 'starting' } | ({ name: 'seeding' } & SeedProgress) | { name: 'ready' };

export interface StartupState {
  readonly phase: StartupPhase;
  isReady(): boolean;
  seeding(progress: SeedProgress): void;
  ready(): void;
}

export function createStartupState(): StartupState {
  let phase: StartupPhase = { name: 'starting' };
  return {
    get phase() {
      return phase;
    },
    isReady: () => phase.name === 'ready',
    seeding(progress) {
      phase = { name: 'seeding', ...progress };
    },
    ready() {
      phase = { name: 'ready' };
    },
  };
}
