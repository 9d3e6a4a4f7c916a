-- Showcase search (src/server/search/searchShowcaseVideos.ts). pg_trgm ships with PostgreSQL
-- and is loaded into PGlite by src/server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The one folding of searched text and of the viewer's query, so both compare alike: lower
-- case, accents removed (NFKD, then combining marks U+0300–U+036F dropped), letters that do
-- not decompose spelt out (ß, æ, œ, ø, ł, đ, ı), then NFKC (full-width Ａ１ → a1, Hangul and
-- kana recomposed). IMMUTABLE so it can carry the trigram index below.
CREATE OR REPLACE FUNCTION vitrine_search_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT normalize(
      replace(replace(replace(translate(
        regexp_replace(normalize(lower(input), NFKD), '[\u0300-\u036f]', '', 'g'),
        'øłđı', 'oldi'), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'),
      NFKC)
  $$;--> statement-breakpoint
CREATE INDEX "videos_search_idx" ON "videos" USING gin (vitrine_search_fold("name" || ' ' || "description") gin_trgm_ops);
