-- The site's signing keys, shared by every node through the database (src/server/secrets.ts).
CREATE TABLE "site_secrets" (
	"name" text NOT NULL,
	"generation" integer NOT NULL,
	"value" text NOT NULL,
	"active_from" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_secrets_name_generation_pk" PRIMARY KEY("name","generation")
);
