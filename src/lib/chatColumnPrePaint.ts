/**
 * The video view hides a chat column its viewer chose to hide before the first paint, not
 * after the page's module script runs: a tiny inline script right after the column. The page
 * allows scripts by hash only, so astro.config.mjs adds this script's hash to the policy.
 */
import { createHash } from 'node:crypto';
import { CHAT_HIDDEN_KEY } from './chatToggle.ts';

export const CHAT_COLUMN_ID = 'video-chat';

export const CHAT_COLUMN_PRE_PAINT = `try{if(localStorage.getItem(${JSON.stringify(CHAT_HIDDEN_KEY)})==='1')document.getElementById(${JSON.stringify(CHAT_COLUMN_ID)}).hidden=true}catch(e){}`;

/** The Content-Security-Policy source that lets it run. */
export const CHAT_COLUMN_PRE_PAINT_HASH: `sha256-${string}` = `sha256-${createHash('sha256').update(CHAT_COLUMN_PRE_PAINT).digest('base64')}`;
