/**
 * Loads the ALTCHA widget the first time the dialog shows it: the build without inline
 * workers or styles (the pages' script policy allows neither), its SHA worker served from
 * this site, and the widget's words in the viewer's language.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import ShaWorker from 'altcha/workers/sha?worker';

interface AltchaGlobal {
  algorithms: { set(name: string, create: () => Worker): void };
  i18n: { get(lang: string): Record<string, string> | undefined; set(lang: string, strings: Record<string, string>): void };
}

export function prepareAltcha(language: string, strings: Record<string, string>): void {
  const altcha = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
  altcha.algorithms.set('SHA-256', () => new ShaWorker());
  altcha.i18n.set(language, { ...(altcha.i18n.get('en') ?? {}), ...strings });
}
