CREATE TABLE "spent_captchas" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "showcases" ADD COLUMN "embed_domains" text[] DEFAULT '{}'::text[] NOT NULL;