/**
 * The site's own pages that the operator writes (legal texts, help, about): Markdown files in
 * content/pages/{locale}/{page}.md, docs/configuration.md. An entry's id is its path without
 * the extension, 'de-DE/impressum', as sitePages.ts looks it up.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const sitePages = defineCollection({
  loader: glob({
    pattern: '*/*.md',
    base: './content/pages',
    generateId: ({ entry }) => entry.replace(/\.md$/, ''),
  }),
  schema: z.object({
    title: z.string().min(1).describe('The page heading and the title of its tab.'),
    description: z
      .string()
      .optional()
      .describe('One sentence for search results and link previews.'),
    template: z
      .boolean()
      .default(false)
      .describe(
        'A default text the operator has not adapted yet: the page says so at its top. Remove it once the text is yours.',
      ),
  }),
});

export const collections = { sitePages };
