/**
 * The mail catalogue (i18n/<locale>/mail.json) read from disk, for the mails the job worker
 * sends: it runs outside the Astro bundle, where translator.ts's resources are not loaded (as
 * waitPage.ts reads startup.json). Mail messages only fill in `{{name}}` values.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_LOCALE, type Locale } from '../../lib/domain.ts';
import { compilePlain } from '../../lib/plainInterpolation.ts';
import type { TranslationKey } from '../../lib/translationKeys.ts';

type MailKey = TranslationKey extends infer Key
  ? Key extends `mail.${infer Name}`
    ? Name
    : never
  : never;

const I18N_DIR = new URL('../../../i18n/', import.meta.url);
const catalogues = new Map<Locale, Record<string, string>>();

function catalogue(locale: Locale): Record<string, string> {
  let messages = catalogues.get(locale);
  if (!messages) {
    messages = JSON.parse(readFileSync(new URL(`${locale}/mail.json`, I18N_DIR), 'utf8')) as Record<
      string,
      string
    >;
    catalogues.set(locale, messages);
  }
  return messages;
}

/** The mail message `key` in `locale` (else in English) with `values` filled in. */
export function mailText(
  locale: Locale,
  key: MailKey,
  values: Record<string, string | number> = {},
): string {
  const template = catalogue(locale)[key] ?? catalogue(DEFAULT_LOCALE)[key] ?? key;
  return compilePlain(template)?.(values) ?? template;
}
