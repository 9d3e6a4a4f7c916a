/**
 * Loads the ALTCHA widget the first time the dialog shows it: the build without inline
 * workers or styles (the pages' script policy allows neither), its SHA worker served from
 * this site, its stylesheet, and the widget's words in the viewer's language. The stylesheet
 * is linked here rather than imported: an import would put it inline in every page that can
 * show a share dialog, most of which never show the captcha.
 */
import 'altcha/external';
import stylesheetUrl from 'altcha/altcha.css?url';
import ShaWorker from 'altcha/workers/sha?worker';

interface AltchaGlobal {
  algorithms: { set(name: string, create: () => Worker): void };
  i18n: {
    get(lang: string): Record<string, string> | undefined;
    set(lang: string, strings: Record<string, string>): void;
  };
}

let styled: Promise<void> | null = null;

/** Resolves once the widget's stylesheet has loaded (or failed: the widget still works unstyled). */
function linkStylesheet(): Promise<void> {
  styled ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheetUrl;
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    document.head.append(link);
  });
  return styled;
}

/** Registers the widget's worker and words; resolves when it may be shown, styled. */
export function prepareAltcha(language: string, strings: Record<string, string>): Promise<void> {
  const altcha = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
  altcha.algorithms.set('SHA-256', () => new ShaWorker());
  altcha.i18n.set(language, { ...(altcha.i18n.get('en') ?? {}), ...strings });
  return linkStylesheet();
}
