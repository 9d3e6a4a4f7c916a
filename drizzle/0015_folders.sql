CREATE TABLE "folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "folder_id" integer;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_id_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "folders_owner_idx" ON "folders" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "folders_parent_idx" ON "folders" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_folder_idx" ON "videos" USING btree ("folder_id");--> statement-breakpoint
-- Filing a video in a folder changes no public page (folders are the studio's and the API's
-- alone): an update of only videos.folder_id stays silent (0007_page_invalidation.sql).
DROP TRIGGER videos_pages ON videos;--> statement-breakpoint
CREATE TRIGGER videos_pages AFTER INSERT OR DELETE OR TRUNCATE ON videos FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER videos_pages_update AFTER UPDATE ON videos FOR EACH ROW EXECUTE FUNCTION vitrine_pages_changed('folder_id');
