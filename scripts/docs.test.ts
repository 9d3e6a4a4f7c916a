import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../src/server/config.ts';
import { headingAnchors, namedPaths, relativeLinks } from './docsReferences.ts';

const root = path.resolve(import.meta.dirname, '..');
const pages = ['README.md', ...globSync('docs/*.md', { cwd: root })];
const read = (page: string) => readFileSync(path.join(root, page), 'utf8');

describe('the README and the pages under docs/', () => {
  it.each(pages)('%s names only files that exist', (page) => {
    const missing = namedPaths(read(page)).filter((named) => !existsSync(path.join(root, named)));
    expect(missing).toEqual([]);
  });

  it.each(pages)('%s links only to pages and headings that exist', (page) => {
    const broken = relativeLinks(read(page)).filter(({ file, anchor }) => {
      const target = file === '' ? page : path.join(path.dirname(page), file);
      if (!existsSync(path.join(root, target))) return true;
      return anchor !== '' && !headingAnchors(read(target)).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it('links every page under docs/ from the README', () => {
    const linked = relativeLinks(read('README.md')).map(({ file }) => path.normalize(file));
    expect(pages.filter((page) => page !== 'README.md' && !linked.includes(page))).toEqual([]);
  });

  it('keeps the README short: under 150 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThan(150);
  });

  it('explains every setting of the server in docs/configuration.md', () => {
    const configuration = read('docs/configuration.md');
    const unexplained = Object.keys(configSchema.shape).filter(
      (setting) => !configuration.includes(`\`${setting}\``),
    );
    expect(unexplained).toEqual([]);
  });
});

describe('reading what a page points at', () => {
  it('takes repository paths from backticks, not addresses, settings, patterns or code blocks', () => {
    const page = [
      'Settings are in `src/server/config.ts`, the bench in `scripts/bench.ts`, islands in `src/islands/`.',
      'Copy `.env.example`; see `playwright.config.ts` and `package.json`.',
      'Not paths: `/manage/videos`, `DATA_DIR/secrets/`, `i18n/<locale>/<area>.json`, `src/pages/…`,',
      '`@sparticuz/chromium`, `video/*`, `terms.md`, `npm run seed`.',
      '```sh',
      'node scripts/fenced.ts',
      '```',
    ].join('\n');
    expect(namedPaths(page)).toEqual([
      'src/server/config.ts',
      'scripts/bench.ts',
      'src/islands/',
      '.env.example',
      'playwright.config.ts',
      'package.json',
    ]);
  });

  it('takes relative links with their anchors, and leaves web addresses out', () => {
    const page =
      'See [Deploying](deploying.md#behind-a-reverse-proxy), [above](#the-demo), [the spec](../README.md) and [tus](https://tus.io); `[DMCA](/dmca)` is an example.';
    expect(relativeLinks(page)).toEqual([
      { file: 'deploying.md', anchor: 'behind-a-reverse-proxy' },
      { file: '', anchor: 'the-demo' },
      { file: '../README.md', anchor: '' },
    ]);
  });

  it('anchors headings as GitHub does', () => {
    const page =
      '# Vitrine\n## Sitemaps, robots.txt and feeds\n## The `/healthz` check\n## Notes\n## Notes';
    expect([...headingAnchors(page)]).toEqual([
      'vitrine',
      'sitemaps-robotstxt-and-feeds',
      'the-healthz-check',
      'notes',
      'notes-1',
    ]);
  });
});
