CREATE TABLE "live_broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_video_id" integer NOT NULL,
	"occurrence_start" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"status" text DEFAULT 'live' NOT NULL,
	"recorded_segments" integer DEFAULT 0 NOT NULL,
	"replay_video_id" integer,
	CONSTRAINT "live_broadcasts_status" CHECK (status in ('live', 'ended', 'archived', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "save_replay" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "stream_key" text;--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "ingest_node" text;--> statement-breakpoint
-- Events that can still go live get their secret stream key (src/server/live/streamKeys.ts rotates it).
UPDATE "live_events" SET "stream_key" = replace(gen_random_uuid()::text, '-', '') WHERE "status" <> 'done';--> statement-breakpoint
ALTER TABLE "live_broadcasts" ADD CONSTRAINT "live_broadcasts_event_video_id_videos_id_fk" FOREIGN KEY ("event_video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_broadcasts" ADD CONSTRAINT "live_broadcasts_replay_video_id_videos_id_fk" FOREIGN KEY ("replay_video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_broadcasts_event_idx" ON "live_broadcasts" USING btree ("event_video_id","started_at");--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_stream_key_unique" UNIQUE("stream_key");