/**
 * The interpolation i18next does for most messages, without i18next: `{{name}}` replaced by
 * its value. i18next resolves keys, options and formats on every call, which on a list page
 * adds up to a tenth of the render; a message that only names values is compiled once here.
 * Anything else (formats such as `{{count, number}}`, plurals, nesting, unescaped `{{- x}}`,
 * i18next's own options) is left to i18next: compilePlain answers null, fill answers null.
 */

/** Options that change what i18next looks up or how: a call naming one of them goes to i18next. */
const I18NEXT_OPTIONS = new Set([
  'count',
  'context',
  'lng',
  'lngs',
  'ns',
  'defaultValue',
  'replace',
  'interpolation',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'postProcess',
  'ordinal',
  'keyPrefix',
  'fallbackLng',
]);

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const NAME = /^\s*(\w+)\s*$/;

export type PlainFill = (values: Record<string, unknown>) => string | null;

/** A filler for `template`, or null when it needs more than plain `{{name}}` replacement. */
export function compilePlain(template: string): PlainFill | null {
  if (template.includes('$t(')) return null;
  const texts: string[] = [];
  const names: string[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = NAME.exec(match[1]!)?.[1];
    if (name === undefined) return null;
    texts.push(template.slice(last, match.index));
    names.push(name);
    last = match.index + match[0].length;
  }
  texts.push(template.slice(last));
  return (values) => {
    let out = texts[0]!;
    for (let i = 0; i < names.length; i++) {
      const value = values[names[i]!];
      // i18next leaves a missing value's placeholder and formats objects its own way.
      if (
        value === undefined ||
        value === null ||
        typeof value === 'object' ||
        typeof value === 'function'
      )
        return null;
      out += String(value) + texts[i + 1]!;
    }
    return out;
  };
}

/** Whether a call's options are only values to fill in. */
export function onlyValues(options: unknown): options is Record<string, unknown> {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return false;
  for (const name in options) if (I18NEXT_OPTIONS.has(name)) return false;
  return true;
}
