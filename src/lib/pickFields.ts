/**
 * Vimeo-style `fields` filtering of API responses (SPEC §7: album, videos, teams and stock
 * calls pass `fields`, e.g. 'uri,name,pictures.sizes.link,user.name'). Only the listed
 * dotted paths are kept; arrays along a path are mapped element by element, so
 * 'pictures.sizes.link' keeps the link of every size.
 *
 * Rules: a path naming a whole object keeps it whole ('user' beats 'user.name'); missing
 * keys are omitted, not added as undefined; null is kept as null; a path that goes through a
 * primitive ('name.first' on a string) drops that key. For list responses apply this to each
 * item (an array input is mapped too).
 */

type FieldTree = Map<string, FieldTree | true>;

/** 'uri, name,,user.name ' → ['uri', 'name', 'user.name']; absent or blank → []. */
export function parseFields(raw: string | null | undefined): string[] {
  if (typeof raw !== 'string') return [];
  const seen = new Set<string>();
  for (const part of raw.split(',')) {
    const path = part
      .trim()
      .split('.')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .join('.');
    if (path !== '') seen.add(path);
  }
  return [...seen];
}

function buildTree(fields: readonly string[]): FieldTree {
  const root: FieldTree = new Map();
  for (const field of fields) {
    const keys = field.split('.').filter((k) => k !== '');
    let node = root;
    for (const [i, key] of keys.entries()) {
      const existing = node.get(key);
      if (existing === true) break; // An ancestor is already kept whole.
      if (i === keys.length - 1) {
        node.set(key, true);
        break;
      }
      if (existing === undefined) {
        const child: FieldTree = new Map();
        node.set(key, child);
        node = child;
      } else {
        node = existing;
      }
    }
  }
  return root;
}

const DROP = Symbol('drop');

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function apply(value: unknown, tree: FieldTree): unknown {
  if (value === null) return null;
  if (Array.isArray(value)) {
    return value.map((item) => apply(item, tree)).filter((item) => item !== DROP);
  }
  if (!isPlainObject(value)) return DROP;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const sub = tree.get(key);
    if (sub === undefined) continue;
    const picked = sub === true ? value[key] : apply(value[key], sub);
    if (picked === DROP || picked === undefined) continue;
    // defineProperty so an own '__proto__' key from JSON.parse stays data, not a prototype.
    Object.defineProperty(out, key, {
      value: picked,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** Keeps only the given paths; no fields (or none after parsing) returns the input unchanged. */
export function pickFields<T>(
  obj: T,
  fields: readonly string[] | string | null | undefined,
): T | Partial<T> {
  const list =
    typeof fields === 'string' ? parseFields(fields) : parseFields((fields ?? []).join(','));
  if (list.length === 0) return obj;
  const picked = apply(obj, buildTree(list));
  return (picked === DROP ? obj : picked) as Partial<T>;
}
