/**
 * The video view hides a chat column its viewer chose to hide before the first paint, and
 * shows the toggle (hidden without JavaScript) in the state it will have: a tiny inline script
 * right after the column, since the column's own module loads only when needed. The page's
 * policy allows it by its hash (src/lib/pagePolicy.ts).
 */
import { CHAT_HIDDEN_KEY } from './chatToggle.ts';

export const CHAT_COLUMN_ID = 'video-chat';

export const CHAT_COLUMN_PRE_PAINT =
  '(function(c,b){' +
  `try{if(localStorage.getItem(${JSON.stringify(CHAT_HIDDEN_KEY)})==='1')c.hidden=true}catch(e){}` +
  "if(b){b.setAttribute('aria-expanded',String(!c.hidden));b.hidden=false}" +
  `})(document.getElementById(${JSON.stringify(CHAT_COLUMN_ID)}),` +
  "document.querySelector('button[data-chat-toggle]'))";
