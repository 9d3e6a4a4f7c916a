DROP INDEX "videos_search_idx";--> statement-breakpoint
ALTER TABLE "showcase_videos" ADD COLUMN "shown" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "showcases" ADD COLUMN "video_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "showcases" ADD COLUMN "restricted_video_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "showcases" ADD COLUMN "order_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_text" text GENERATED ALWAYS AS (vitrine_search_fold(name || ' ' || description)) STORED;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_name" text GENERATED ALWAYS AS (vitrine_search_fold(name)) STORED;--> statement-breakpoint
CREATE INDEX "showcase_videos_shown_position_idx" ON "showcase_videos" USING btree ("showcase_id","position","video_id") WHERE shown;--> statement-breakpoint
CREATE INDEX "showcase_videos_shown_added_idx" ON "showcase_videos" USING btree ("showcase_id","added_at","position","video_id") WHERE shown;--> statement-breakpoint
CREATE INDEX "showcase_videos_video_idx" ON "showcase_videos" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "videos_live_idx" ON "videos" USING btree ("id") WHERE type = 'live';--> statement-breakpoint
CREATE INDEX "videos_search_idx" ON "videos" USING gist ("search_text" gist_trgm_ops(siglen=256));--> statement-breakpoint
-- showcases.video_count and restricted_video_count (schema.ts): the videos a viewer may see
-- in a showcase, and those of them rated as RESTRICTED_RATINGS in src/lib/contentGates.ts
-- says. Kept here, on every write path at once; showcaseCounts.test.ts checks them against a
-- count. The one rule of what a showcase shows, which the queries call too
-- (showcaseQueries.ts visibleInShowcase); not STRICT, so the planner inlines it.
CREATE FUNCTION vitrine_shows_in_showcase(status text, privacy_view text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT status = 'ready' AND privacy_view IN ('anybody', 'unlisted', 'stock') $$;--> statement-breakpoint
CREATE FUNCTION vitrine_is_restricted(content_rating text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT content_rating IN ('explicit', 'unrated') $$;--> statement-breakpoint
-- Adds each (showcase, video, sign) to the counts: +1 a membership made, -1 one ended.
CREATE FUNCTION vitrine_shift_showcase_counts(showcase_ids integer[], video_ids integer[], signs integer[]) RETURNS void
  LANGUAGE sql
  AS $$
    UPDATE showcases s
    SET video_count = s.video_count + d.n, restricted_video_count = s.restricted_video_count + d.r
    FROM (
      SELECT c.showcase_id, sum(c.sign)::int AS n, coalesce(sum(c.sign) FILTER (WHERE vitrine_is_restricted(v.content_rating)), 0)::int AS r
      FROM unnest(showcase_ids, video_ids, signs) AS c(showcase_id, video_id, sign)
      JOIN videos v ON v.id = c.video_id
      WHERE vitrine_shows_in_showcase(v.status, v.privacy_view)
      GROUP BY c.showcase_id
    ) d
    WHERE s.id = d.showcase_id AND (d.n <> 0 OR d.r <> 0)
  $$;--> statement-breakpoint
-- One statement's memberships at once, so seeding thousands of rows updates each showcase once.
-- A membership that ends because its video is deleted finds no video here: the video's own
-- trigger below has counted it. Any change of membership, place or shown moves order_version.
CREATE FUNCTION vitrine_count_memberships() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM vitrine_shift_showcase_counts(array_agg(showcase_id), array_agg(video_id), array_agg(1)) FROM added;
        UPDATE showcases SET order_version = order_version + 1 WHERE id IN (SELECT showcase_id FROM added);
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM vitrine_shift_showcase_counts(array_agg(showcase_id), array_agg(video_id), array_agg(-1)) FROM removed;
        UPDATE showcases SET order_version = order_version + 1 WHERE id IN (SELECT showcase_id FROM removed);
      ELSE
        UPDATE showcases SET order_version = order_version + 1 WHERE id IN (SELECT showcase_id FROM added UNION SELECT showcase_id FROM removed);
        PERFORM vitrine_shift_showcase_counts(array_agg(showcase_id), array_agg(video_id), array_agg(sign))
        FROM (
          (SELECT showcase_id, video_id, 1 AS sign FROM added EXCEPT ALL SELECT showcase_id, video_id, 1 FROM removed)
          UNION ALL
          (SELECT showcase_id, video_id, -1 FROM removed EXCEPT ALL SELECT showcase_id, video_id, -1 FROM added)
        ) moved;
      END IF;
      RETURN NULL;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER showcase_videos_count_insert AFTER INSERT ON showcase_videos
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION vitrine_count_memberships();--> statement-breakpoint
CREATE TRIGGER showcase_videos_count_delete AFTER DELETE ON showcase_videos
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION vitrine_count_memberships();--> statement-breakpoint
CREATE TRIGGER showcase_videos_count_update AFTER UPDATE ON showcase_videos
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION vitrine_count_memberships();--> statement-breakpoint
-- showcase_videos.shown: a membership takes its video's visibility when it is made.
CREATE FUNCTION vitrine_membership_shown() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      NEW.shown := coalesce((SELECT vitrine_shows_in_showcase(v.status, v.privacy_view) FROM videos v WHERE v.id = NEW.video_id), false);
      RETURN NEW;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER showcase_videos_shown BEFORE INSERT OR UPDATE OF video_id ON showcase_videos
  FOR EACH ROW EXECUTE FUNCTION vitrine_membership_shown();--> statement-breakpoint
-- A video that becomes visible or hidden, or changes rating, moves every showcase holding it,
-- and its memberships' shown with it.
CREATE FUNCTION vitrine_count_video_changes() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      UPDATE showcase_videos sv
      SET shown = vitrine_shows_in_showcase(a.status, a.privacy_view)
      FROM added a JOIN removed b ON b.id = a.id
      WHERE sv.video_id = a.id AND vitrine_shows_in_showcase(a.status, a.privacy_view) <> vitrine_shows_in_showcase(b.status, b.privacy_view);
      UPDATE showcases s
      SET video_count = s.video_count + d.n, restricted_video_count = s.restricted_video_count + d.r
      FROM (
        SELECT sv.showcase_id, sum(c.n)::int AS n, sum(c.r)::int AS r
        FROM (
          SELECT a.id,
            vitrine_shows_in_showcase(a.status, a.privacy_view)::int - vitrine_shows_in_showcase(b.status, b.privacy_view)::int AS n,
            (vitrine_shows_in_showcase(a.status, a.privacy_view) AND vitrine_is_restricted(a.content_rating))::int
              - (vitrine_shows_in_showcase(b.status, b.privacy_view) AND vitrine_is_restricted(b.content_rating))::int AS r
          FROM added a JOIN removed b ON b.id = a.id
        ) c
        JOIN showcase_videos sv ON sv.video_id = c.id
        WHERE c.n <> 0 OR c.r <> 0
        GROUP BY sv.showcase_id
      ) d
      WHERE s.id = d.showcase_id;
      RETURN NULL;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER videos_count_update AFTER UPDATE ON videos
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION vitrine_count_video_changes();--> statement-breakpoint
-- Before the row goes, while its memberships still name it (they are deleted by cascade after).
CREATE FUNCTION vitrine_count_video_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF vitrine_shows_in_showcase(OLD.status, OLD.privacy_view) THEN
        UPDATE showcases s
        SET video_count = s.video_count - 1, restricted_video_count = s.restricted_video_count - vitrine_is_restricted(OLD.content_rating)::int
        FROM showcase_videos sv
        WHERE sv.video_id = OLD.id AND s.id = sv.showcase_id;
      END IF;
      RETURN OLD;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER videos_count_delete BEFORE DELETE ON videos FOR EACH ROW EXECUTE FUNCTION vitrine_count_video_deleted();--> statement-breakpoint
UPDATE showcase_videos sv SET shown = vitrine_shows_in_showcase(v.status, v.privacy_view) FROM videos v WHERE v.id = sv.video_id;--> statement-breakpoint
UPDATE showcases s
SET video_count = c.n, restricted_video_count = c.r
FROM (
  SELECT sv.showcase_id, count(*)::int AS n, (count(*) FILTER (WHERE vitrine_is_restricted(v.content_rating)))::int AS r
  FROM showcase_videos sv JOIN videos v ON v.id = sv.video_id
  WHERE vitrine_shows_in_showcase(v.status, v.privacy_view)
  GROUP BY sv.showcase_id
) c
WHERE s.id = c.showcase_id;
