/**
 * A message with a count that an island fills in (messageTemplate.ts): its `{count}` template
 * for each plural category of the page's language, from the server's catalogue, and the
 * category picked in the browser by Intl.PluralRules, as i18next picks it on the server.
 */
import { fillMessage } from './messageTemplate.ts';

export interface PluralTemplates {
  locale: string;
  forms: Partial<Record<Intl.LDMLPluralRule, string>>;
}

/** Numbers that between them fall in every category a language has (French "many": a million). */
const CANDIDATES = [0, 1, 2, 3, 5, 11, 21, 100, 1_000_000, 1.5];

// Making a PluralRules costs more than a page's whole share dialog: one a language, kept.
const rulesByLocale = new Map<string, Intl.PluralRules>();
const samplesByLocale = new Map<string, ReadonlyMap<Intl.LDMLPluralRule, number>>();

function pluralRules(locale: string): Intl.PluralRules {
  let rules = rulesByLocale.get(locale);
  if (!rules) rulesByLocale.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
}

/** One number of each plural category of `locale`. */
export function sampleCounts(locale: string): ReadonlyMap<Intl.LDMLPluralRule, number> {
  let samples = samplesByLocale.get(locale);
  if (samples) return samples;
  const rules = pluralRules(locale);
  const found = new Map<Intl.LDMLPluralRule, number>();
  for (const count of CANDIDATES) {
    const category = rules.select(count);
    if (!found.has(category)) found.set(category, count);
  }
  samplesByLocale.set(locale, (samples = found));
  return samples;
}

/** The templates of a message, `formFor` giving its form for a count (the server's `t`). */
export function pluralTemplates(
  locale: string,
  formFor: (count: number) => string,
): PluralTemplates {
  const forms: PluralTemplates['forms'] = {};
  for (const [category, count] of sampleCounts(locale)) forms[category] = formFor(count);
  return { locale, forms };
}

/** The message for `count`, filled in. */
export function fillPlural(
  { locale, forms }: PluralTemplates,
  count: number,
  values: Record<string, string | number> = {},
): string {
  const template = forms[pluralRules(locale).select(count)] ?? forms.other ?? '';
  return fillMessage(template, { ...values, count });
}
