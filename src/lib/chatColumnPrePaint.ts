/**
 * The video view hides a chat column its viewer chose to hide before the first paint, and
 * shows the toggle (hidden without JavaScript) in the state it will have: a tiny inline script
 * right after the column, since the column's own module loads only when needed. The page
 * allows scripts by hash only, so astro.config.mjs adds this script's hash to the policy.
 */
import { createHash } from 'node:crypto';
import { CHAT_HIDDEN_KEY } from './chatToggle.ts';

export const CHAT_COLUMN_ID = 'video-chat';

export const CHAT_COLUMN_PRE_PAINT = `(function(c,b){try{if(localStorage.getItem(${JSON.stringify(CHAT_HIDDEN_KEY)})==='1')c.hidden=true}catch(e){}if(b){b.setAttribute('aria-expanded',String(!c.hidden));b.hidden=false}})(document.getElementById(${JSON.stringify(CHAT_COLUMN_ID)}),document.querySelector('button[data-chat-toggle]'))`;

/** The Content-Security-Policy source that lets it run. */
export const CHAT_COLUMN_PRE_PAINT_HASH: `sha256-${string}` = `sha256-${createHash('sha256').update(CHAT_COLUMN_PRE_PAINT).digest('base64')}`;
