-- Signing up and changing a password change no public page (drizzle/0007_page_invalidation.sql):
-- a new account owns nothing yet, and a password is shown nowhere. Each made every app node
-- forget every cached page. An account's removal and a change of anything else of it (its name,
-- picture, plan) still do.
DROP TRIGGER users_pages ON users;--> statement-breakpoint
CREATE TRIGGER users_pages AFTER DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION vitrine_pages_changed();--> statement-breakpoint
CREATE TRIGGER users_pages_update AFTER UPDATE ON users FOR EACH ROW EXECUTE FUNCTION vitrine_pages_changed('password_hash');
