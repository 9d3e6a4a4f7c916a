/**
 * While the server starts, every request gets a small page in the viewer's language (503,
 * Retry-After, a reload every few seconds: waitPage.ts), so a browser opened on a first start
 * lands on the demo by itself once it is seeded; API calls get the API's error.
 */
import type { Locale } from '../../lib/domain.ts';
import type { StartupState } from '../startupState.ts';
import type { Step } from './requestPipeline.ts';
import { answerWait, escapeHtml, waitStrings, type WaitPage } from './waitPage.ts';

const RETRY_SECONDS = 5;

/** The page for the current phase: starting (migrations), or seeding with its progress. */
function preparing(locale: Locale, state: StartupState): WaitPage {
  const t = waitStrings(locale);
  const { phase } = state;
  if (phase.name !== 'seeding')
    return { title: t.startingTitle, body: t.startingBody, retrySeconds: RETRY_SECONDS };
  const number = new Intl.NumberFormat(locale);
  const progress = t.preparingProgress
    .replace('{{rendered}}', number.format(phase.rendered))
    .replace('{{total}}', number.format(phase.total));
  return {
    title: t.preparingTitle,
    body: t.preparingBody,
    more: `<p><label for="progress">${escapeHtml(progress)}</label><progress id="progress" max="${phase.total}" value="${phase.rendered}"></progress></p>`,
    retrySeconds: RETRY_SECONDS,
  };
}

/** Answers every request with the page (API calls with a JSON error) until `state` is ready. */
export function preparingPage(state: StartupState): Step {
  return (req, res, next) => {
    if (state.isReady()) return next();
    answerWait(
      req,
      res,
      (locale) => preparing(locale, state),
      'The server is starting: retry after the number of seconds in Retry-After.',
    );
  };
}
