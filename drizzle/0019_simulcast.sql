CREATE TABLE "simulcast_destinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_video_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"sealed_key" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"last_error" text,
	"status_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulcast_destinations_status" CHECK (status in ('idle', 'connecting', 'live', 'retrying', 'stopped'))
);
--> statement-breakpoint
ALTER TABLE "simulcast_destinations" ADD CONSTRAINT "simulcast_destinations_event_video_id_videos_id_fk" FOREIGN KEY ("event_video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "simulcast_destinations_event_idx" ON "simulcast_destinations" USING btree ("event_video_id");