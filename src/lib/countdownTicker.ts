/**
 * The few hundred bytes that tick a server-rendered countdown to an event's start each second
 * and turn it into 'Starting soon...' at 900 s (SPEC §9), with no interaction and no island: an
 * inline script, the last child of the countdown's host, which the page's policy allows by its
 * hash (src/lib/pagePolicy.ts). It counts as liveCountdown.ts does (whole seconds, rounded up,
 * from the browser's clock, which has the last word over the server's), so a cached page
 * corrects itself at once. The host carries `data-countdown-to` (the start, ISO), and holds
 * `[data-countdown-timer]` with its `[data-countdown-clock]`, and `[data-starting-soon]`.
 */
import { STARTING_SOON_SECONDS } from './liveCountdown.ts';

export const COUNTDOWN_TICKER =
  '(function(h){' +
  "var s=Date.parse(h.getAttribute('data-countdown-to'))," +
  "t=h.querySelector('[data-countdown-timer]'),c=h.querySelector('[data-countdown-clock]')," +
  "n=h.querySelector('[data-starting-soon]'),i," +
  "p=function(v){return(v<10?'0':'')+v}," +
  'f=function(){var l=Math.ceil((s-Date.now())/1e3);' +
  `if(l<=${STARTING_SOON_SECONDS}){t.hidden=true;n.hidden=false;clearInterval(i)}` +
  "else{t.hidden=false;n.hidden=true;c.textContent=p(Math.floor(l/3600))+':'+p(Math.floor(l%3600/60))+':'+p(l%60)}};" +
  'i=setInterval(f,1e3);f()' +
  '})(document.currentScript.parentNode)';
