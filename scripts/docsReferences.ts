// What the README and the pages under docs/ point at: repository paths named in backticks,
// and Markdown links between the pages. `scripts/docs.test.ts` checks that each one exists.

/** Top-level folders of the repository; a backticked path under one of them names a file. */
const REPOSITORY_FOLDERS = [
  '.ci',
  'content',
  'docs',
  'drizzle',
  'i18n',
  'public',
  'scripts',
  'src',
  'tests',
];

/** Files at the top level that are named without a folder. */
const TOP_LEVEL_FILE =
  /^(?:[\w-]+\.config\.(?:ts|mjs|js)|[\w.-]+\.example(?:\.json)?|package\.json)$/;

/** Placeholders and patterns (`{id}`, `<locale>`, `*`, `…`) stand for many paths, not one. */
const PATTERN = /[{}<>*…\s]/;

function withoutFencedBlocks(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** Markdown as prose: without code blocks and code spans, which may show links as examples. */
function prose(markdown: string): string {
  return withoutFencedBlocks(markdown).replace(/`[^`\n]+`/g, '');
}

function codeSpans(markdown: string): string[] {
  return [...withoutFencedBlocks(markdown).matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
}

function isRepositoryPath(text: string): boolean {
  if (PATTERN.test(text)) return false;
  const [first, ...rest] = text.split('/');
  if (rest.length === 0) return TOP_LEVEL_FILE.test(text);
  return (
    REPOSITORY_FOLDERS.includes(first!) &&
    rest.every((segment, i) => segment !== '' || i === rest.length - 1)
  );
}

/** Repository paths a page names in backticks, such as `src/server/config.ts`, each once. */
export function namedPaths(markdown: string): string[] {
  return [...new Set(codeSpans(markdown).filter(isRepositoryPath))];
}

export interface PageLink {
  /** The linked file relative to the page, or '' for a place on the page itself. */
  file: string;
  /** The heading's anchor, or '' for the top of the file. */
  anchor: string;
}

/** Links to other files of the repository and to places on the page; web addresses are left out. */
export function relativeLinks(markdown: string): PageLink[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target))
    .map((target) => {
      const hash = target.indexOf('#');
      return hash === -1
        ? { file: target, anchor: '' }
        : { file: target.slice(0, hash), anchor: target.slice(hash + 1) };
    });
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, text] of withoutFencedBlocks(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = text!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}
