-- What changes a public page tells every app node to forget its cached copies
-- (src/server/http/pageCache.ts, src/server/db/pageChanges.ts): each write to a table whose rows
-- a public page shows notifies the channel vitrine_pages with the table's name. The arguments of
-- a trigger name columns that change without changing any page (a file's last access on every
-- download, a live event's heartbeat on every segment): an update of only those stays silent.
CREATE OR REPLACE FUNCTION vitrine_pages_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND TG_LEVEL = 'ROW' AND (to_jsonb(OLD) - TG_ARGV) = (to_jsonb(NEW) - TG_ARGV) THEN
        RETURN NULL;
      END IF;
      PERFORM pg_notify('vitrine_pages', TG_TABLE_NAME);
      RETURN NULL;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER users_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER showcases_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON showcases FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER videos_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON videos FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER video_pictures_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON video_pictures FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER text_tracks_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON text_tracks FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER showcase_videos_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON showcase_videos FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER chat_rooms_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON chat_rooms FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER stock_clips_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stock_clips FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER stock_clip_qualities_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stock_clip_qualities FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER stock_collections_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stock_collections FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER stock_collection_clips_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stock_collection_clips FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER video_files_pages AFTER INSERT OR DELETE OR TRUNCATE ON video_files FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER video_files_pages_update AFTER UPDATE ON video_files FOR EACH ROW EXECUTE FUNCTION vitrine_pages_changed('last_accessed_at', 'defrost_requested_at');--> statement-breakpoint
CREATE TRIGGER live_events_pages AFTER INSERT OR DELETE OR TRUNCATE ON live_events FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER live_events_pages_update AFTER UPDATE ON live_events FOR EACH ROW EXECUTE FUNCTION vitrine_pages_changed('heartbeat_at', 'ingest_node', 'last_error');--> statement-breakpoint
CREATE TRIGGER live_broadcasts_pages AFTER INSERT OR DELETE OR TRUNCATE ON live_broadcasts FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER live_broadcasts_pages_update AFTER UPDATE ON live_broadcasts FOR EACH ROW EXECUTE FUNCTION vitrine_pages_changed('recorded_segments');
