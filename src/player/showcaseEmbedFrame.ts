/**
 * The showcase embed's behaviour (showcaseEmbed.ts and, for the page that frames it, the player
 * API relay), loaded on the embed's first use: a pointer or key on it, or a message from its
 * player or from the framing page (lazyLoader.ts).
 */
import { provideLazy } from '../islands/provideLazy.ts';
import { relayPlayerApi } from './showcaseApiRelay.ts';
import { mountShowcaseEmbed } from './showcaseEmbed.ts';

provideLazy('showcase-embed', (root) => {
  const player = mountShowcaseEmbed(root);
  // The page that frames the showcase may script it as one player (Vimeo player.js's protocol).
  if (player && window.parent !== window) relayPlayerApi(window, player);
});
