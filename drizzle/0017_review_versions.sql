CREATE TABLE "review_mail_windows" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "review_notes_video_idx";--> statement-breakpoint
ALTER TABLE "review_links" ADD COLUMN "version" integer;--> statement-breakpoint
ALTER TABLE "review_notes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_notes" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_mail_windows" ADD CONSTRAINT "review_mail_windows_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_notes_video_idx" ON "review_notes" USING btree ("video_id","version","seconds");--> statement-breakpoint
UPDATE "review_notes" SET "mailed_at" = "created_at";
