-- What changes a signed-in viewer's own chrome tells every app node to forget its cached copy
-- of that viewer (src/server/auth/viewerReads.ts): their session (revoked or removed), their
-- account, settings, teams, cart and uploads (the quota). Notified on the page cache's channel
-- (drizzle/0007_page_invalidation.sql) as 'viewers', so a write's answer waits for it as for a
-- page change (src/server/db/pageChanges.ts), but no cached page is forgotten for it. A
-- session's sliding expiry, written every few minutes of use, stays silent.
CREATE OR REPLACE FUNCTION vitrine_viewers_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND TG_LEVEL = 'ROW' AND (to_jsonb(OLD) - TG_ARGV) = (to_jsonb(NEW) - TG_ARGV) THEN
        RETURN NULL;
      END IF;
      PERFORM pg_notify('vitrine_pages', 'viewers');
      RETURN NULL;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER sessions_viewers AFTER DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION vitrine_viewers_changed();--> statement-breakpoint
CREATE TRIGGER sessions_viewers_update AFTER UPDATE ON sessions FOR EACH ROW EXECUTE FUNCTION vitrine_viewers_changed('last_seen_at', 'expires_at');--> statement-breakpoint
CREATE TRIGGER users_viewers AFTER UPDATE ON users FOR EACH ROW EXECUTE FUNCTION vitrine_viewers_changed();--> statement-breakpoint
CREATE TRIGGER viewer_settings_viewers AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON viewer_settings FOR EACH STATEMENT EXECUTE FUNCTION vitrine_viewers_changed();--> statement-breakpoint
CREATE TRIGGER teams_viewers AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON teams FOR EACH STATEMENT EXECUTE FUNCTION vitrine_viewers_changed();--> statement-breakpoint
CREATE TRIGGER team_memberships_viewers AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON team_memberships FOR EACH STATEMENT EXECUTE FUNCTION vitrine_viewers_changed();--> statement-breakpoint
CREATE TRIGGER carts_viewers AFTER INSERT OR DELETE OR TRUNCATE ON carts FOR EACH STATEMENT EXECUTE FUNCTION vitrine_viewers_changed();--> statement-breakpoint
CREATE TRIGGER cart_items_viewers AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cart_items FOR EACH STATEMENT EXECUTE FUNCTION vitrine_viewers_changed();--> statement-breakpoint
CREATE TRIGGER uploads_viewers AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON uploads FOR EACH STATEMENT EXECUTE FUNCTION vitrine_viewers_changed();
