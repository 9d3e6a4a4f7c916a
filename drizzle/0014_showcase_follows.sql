CREATE TABLE "showcase_follows" (
	"user_id" integer NOT NULL,
	"showcase_id" integer NOT NULL,
	"following" boolean DEFAULT false NOT NULL,
	"followed_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	CONSTRAINT "showcase_follows_user_id_showcase_id_pk" PRIMARY KEY("user_id","showcase_id")
);
--> statement-breakpoint
ALTER TABLE "showcase_follows" ADD CONSTRAINT "showcase_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showcase_follows" ADD CONSTRAINT "showcase_follows_showcase_id_showcases_id_fk" FOREIGN KEY ("showcase_id") REFERENCES "public"."showcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A follow or an unfollow changes the follow button on the viewer's showcase pages, read with
-- their account (src/server/teams/accountContext.ts): a viewer change (0010_viewer_changes.sql).
-- Recording an opening changes nothing shown on a page, and stays silent.
CREATE FUNCTION vitrine_follows_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF (TG_OP = 'INSERT' AND NOT NEW.following)
        OR (TG_OP = 'DELETE' AND NOT OLD.following)
        OR (TG_OP = 'UPDATE' AND OLD.following = NEW.following) THEN
        RETURN NULL;
      END IF;
      PERFORM pg_notify('vitrine_pages', 'viewers');
      RETURN NULL;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER showcase_follows_viewers AFTER INSERT OR UPDATE OR DELETE ON showcase_follows FOR EACH ROW EXECUTE FUNCTION vitrine_follows_changed();
