CREATE TABLE "site_identity" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_identity_singleton" CHECK ("site_identity"."singleton")
);
