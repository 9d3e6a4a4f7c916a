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
CREATE INDEX "live_viewers_seen_idx" ON "live_viewers" USING btree ("event_video_id","seen_at");