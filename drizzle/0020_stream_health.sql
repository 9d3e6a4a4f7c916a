CREATE TABLE "live_viewers" (
	"event_video_id" integer NOT NULL,
	"viewer_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_viewers_event_video_id_viewer_id_pk" PRIMARY KEY("event_video_id","viewer_id")
);
--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "show_viewers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "stream_health" jsonb;--> statement-breakpoint
ALTER TABLE "live_viewers" ADD CONSTRAINT "live_viewers_event_video_id_videos_id_fk" FOREIGN KEY ("event_video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_viewers_seen_idx" ON "live_viewers" USING btree ("event_video_id","seen_at");--> statement-breakpoint
DROP TRIGGER live_events_pages_update ON live_events;--> statement-breakpoint
CREATE TRIGGER live_events_pages_update AFTER UPDATE ON live_events FOR EACH ROW EXECUTE FUNCTION vitrine_pages_changed('heartbeat_at', 'ingest_node', 'last_error', 'stream_health', 'show_viewers');
