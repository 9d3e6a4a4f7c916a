/**
 * Islands get translated strings, never i18next. A message with a value only the browser knows
 * (the search text, a page number) travels as a template: the server translates it with
 * `{name}` markers as the values (`t('showcase.pageOf', { page: '{page}' })`) and the island
 * fills them in.
 */

/** Replaces each `{name}` of a template by its value; unknown markers stay as they are. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (marker, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : marker,
  );
}

/** The interpolation values that turn `{{name}}` into the `{name}` markers fillMessage fills. */
export function markers(...names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, `{${name}}`]));
}

/**
 * The words of a template before and after its `{name}` marker, for markup that shows the value
 * itself and gives only the words around it to screen readers ('Duration {duration}' on a
 * card's time badge): the value is then read once, not as both a label and a visible copy.
 */
export function wordsAround(template: string, name: string): { before: string; after: string } {
  const marker = `{${name}}`;
  const at = template.indexOf(marker);
  if (at < 0) return { before: template, after: '' };
  return { before: template.slice(0, at), after: template.slice(at + marker.length) };
}
