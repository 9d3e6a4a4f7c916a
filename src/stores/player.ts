/**
 * What is playing, shared by the islands of a showcase page (player, search, toolbar):
 * the current video and whether continuous play is on. Islands change it through the
 * actions below and read it with useSignal (src/stores/useSignal.ts).
 */
import { computed, signal } from '@preact/signals-core';

/** A video as the player needs it: enough to frame it and to name it. */
export interface PlayerVideo {
  /** The numeric id of the video (the end of its uri, videos/{id}). */
  id: number;
  name: string;
}

/** The video playing in place, or null while the title card shows (SPEC §4 player showcase). */
export const currentVideo = signal<PlayerVideo | null>(null);

/**
 * The viewer's "Autoplay next video" choice, on until they turn it off. SPEC §4: the
 * player-ended message advances only when the album allows continuous play and this is on.
 */
export const continuousPlay = signal(true);

export const isPlaying = computed(() => currentVideo.value !== null);

export function playVideo(video: PlayerVideo): void {
  currentVideo.value = video;
}

/** Stop returns to the title card. */
export function stopVideo(): void {
  currentVideo.value = null;
}

export function setContinuousPlay(on: boolean): void {
  continuousPlay.value = on;
}
