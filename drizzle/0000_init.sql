CREATE TABLE "cart_items" (
	"cart_id" integer NOT NULL,
	"clip_id" integer NOT NULL,
	"quality" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_cart_id_clip_id_pk" PRIMARY KEY("cart_id","clip_id"),
	CONSTRAINT "cart_items_quality" CHECK (quality in ('HD', '4K'))
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency_code" text DEFAULT 'USD' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"user_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status" CHECK (status in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'unavailable' NOT NULL,
	"start_time" timestamp with time zone,
	"rrule" text,
	"archived_time" timestamp with time zone,
	"chat_room_id" integer,
	CONSTRAINT "live_events_status" CHECK (status in ('unavailable', 'pending', 'ready', 'streaming', 'done'))
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"clip_id" integer NOT NULL,
	"quality" text NOT NULL,
	"price_minor" integer NOT NULL,
	"currency_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"xsrf_token" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "showcase_videos" (
	"showcase_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "showcase_videos_showcase_id_video_id_pk" PRIMARY KEY("showcase_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "showcases" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"layout" text DEFAULT 'grid' NOT NULL,
	"theme" text DEFAULT 'standard' NOT NULL,
	"brand_color" text DEFAULT '#00adef' NOT NULL,
	"web_brand_color" text,
	"custom_logo" jsonb,
	"web_custom_logo" jsonb,
	"domain" text,
	"privacy_view" text DEFAULT 'anybody' NOT NULL,
	"password_hash" text,
	"password_version" integer DEFAULT 0 NOT NULL,
	"unlisted_hash" text,
	"hide_nav" boolean DEFAULT false NOT NULL,
	"hide_upcoming" boolean DEFAULT false NOT NULL,
	"sort" text DEFAULT 'arranged' NOT NULL,
	"allow_downloads" boolean DEFAULT false NOT NULL,
	"allow_share" boolean DEFAULT true NOT NULL,
	"allow_continuous_play" boolean DEFAULT false NOT NULL,
	"autoplay" boolean DEFAULT false NOT NULL,
	"embed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"thumbnail_video_id" integer,
	"has_chosen_thumbnail" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "showcases_layout" CHECK (layout in ('grid', 'player', 'live', 'featured', 'embed-only')),
	CONSTRAINT "showcases_theme" CHECK (theme in ('standard', 'dark')),
	CONSTRAINT "showcases_privacy_view" CHECK (privacy_view in ('anybody', 'password', 'team', 'unlisted', 'nobody')),
	CONSTRAINT "showcases_sort" CHECK (sort in ('alphabetical', 'newest', 'oldest', 'likes', 'plays', 'comments', 'arranged', 'added_first', 'added_last')),
	CONSTRAINT "showcases_brand_color" CHECK (brand_color ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "sso_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_clip_qualities" (
	"clip_id" integer NOT NULL,
	"quality" text NOT NULL,
	"product_id" text NOT NULL,
	"format" text NOT NULL,
	"dimension" text NOT NULL,
	"codec" text NOT NULL,
	"price_minor" integer NOT NULL,
	"discounted_price_minor" integer,
	CONSTRAINT "stock_clip_qualities_clip_id_quality_pk" PRIMARY KEY("clip_id","quality"),
	CONSTRAINT "stock_clip_qualities_quality" CHECK (quality in ('HD', '4K'))
);
--> statement-breakpoint
CREATE TABLE "stock_clips" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"creator_id" integer NOT NULL,
	"currency_code" text DEFAULT 'USD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_collection_clips" (
	"collection_id" integer NOT NULL,
	"clip_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "stock_collection_clips_collection_id_clip_id_pk" PRIMARY KEY("collection_id","clip_id")
);
--> statement-breakpoint
CREATE TABLE "stock_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_memberships" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_memberships_team_id_user_id_pk" PRIMARY KEY("team_id","user_id"),
	CONSTRAINT "team_memberships_role" CHECK (role in ('Owner', 'Admin', 'Contributor', 'Contributor Plus', 'Uploader', 'Viewer'))
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"team_showcase_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"language" text NOT NULL,
	"display_name" text NOT NULL,
	"storage_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"video_id" integer,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"picture_link" text,
	"membership_type" text DEFAULT 'free' NOT NULL,
	"locale" text,
	"country" text,
	"region" text,
	"has_live_premium" boolean DEFAULT false NOT NULL,
	"has_enterprise" boolean DEFAULT false NOT NULL,
	"has_total_storage_cap" boolean DEFAULT false NOT NULL,
	"has_monthly_billing" boolean DEFAULT false NOT NULL,
	"has_stock_enterprise" boolean DEFAULT false NOT NULL,
	"can_receive_free_stock" boolean DEFAULT false NOT NULL,
	"quota_unit" text DEFAULT 'video_size' NOT NULL,
	"quota_period" text DEFAULT 'week' NOT NULL,
	"quota_periodic_max" bigint,
	"quota_lifetime_max" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_membership_type" CHECK (membership_type in ('advanced', 'basic', 'business', 'enterprise', 'free', 'live_business', 'live_premium', 'live_pro', 'plus', 'pro', 'pro_unlimited', 'standard', 'starter')),
	CONSTRAINT "users_quota_unit" CHECK (quota_unit in ('video_size', 'video_count')),
	CONSTRAINT "users_quota_period" CHECK (quota_period in ('week', 'month', 'year', 'lifetime'))
);
--> statement-breakpoint
CREATE TABLE "video_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"quality" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer,
	"height" integer,
	"size" bigint DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"tier" text DEFAULT 'hot' NOT NULL,
	"last_accessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"defrost_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_files_quality" CHECK (quality in ('source', 'uhd', 'hd', 'sd', 'hls')),
	CONSTRAINT "video_files_tier" CHECK (tier in ('hot', 'archive'))
);
--> statement-breakpoint
CREATE TABLE "video_pictures" (
	"video_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"storage_key" text NOT NULL,
	CONSTRAINT "video_pictures_video_id_width_pk" PRIMARY KEY("video_id","width")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"width" integer,
	"height" integer,
	"type" text DEFAULT 'video' NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"display_type" text DEFAULT 'normal' NOT NULL,
	"privacy_view" text DEFAULT 'anybody' NOT NULL,
	"privacy_download" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"content_rating" text DEFAULT 'safe' NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"error_message" text,
	"plays" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_type" CHECK (type in ('video', 'live', 'stock')),
	CONSTRAINT "videos_display_type" CHECK (display_type in ('normal', 'CLIP_PLACEHOLDER')),
	CONSTRAINT "videos_privacy_view" CHECK (privacy_view in ('anybody', 'unlisted', 'password', 'nobody', 'stock')),
	CONSTRAINT "videos_content_rating" CHECK (content_rating in ('safe', 'unrated', 'explicit')),
	CONSTRAINT "videos_status" CHECK (status in ('processing', 'ready', 'error'))
);
--> statement-breakpoint
CREATE TABLE "viewer_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"content_rating_preset" text DEFAULT 'safest' NOT NULL,
	"content_ratings" text[] DEFAULT '{}'::text[] NOT NULL,
	"theme" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewer_settings_preset" CHECK (content_rating_preset in ('everything', 'safest', 'custom'))
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_clip_id_stock_clips_video_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."stock_clips"("video_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_chat_room_id_chat_rooms_id_fk" FOREIGN KEY ("chat_room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_clip_id_stock_clips_video_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."stock_clips"("video_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showcase_videos" ADD CONSTRAINT "showcase_videos_showcase_id_showcases_id_fk" FOREIGN KEY ("showcase_id") REFERENCES "public"."showcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showcase_videos" ADD CONSTRAINT "showcase_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showcases" ADD CONSTRAINT "showcases_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_clip_qualities" ADD CONSTRAINT "stock_clip_qualities_clip_id_stock_clips_video_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."stock_clips"("video_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_clips" ADD CONSTRAINT "stock_clips_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_clips" ADD CONSTRAINT "stock_clips_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_collection_clips" ADD CONSTRAINT "stock_collection_clips_collection_id_stock_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."stock_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_collection_clips" ADD CONSTRAINT "stock_collection_clips_clip_id_stock_clips_video_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."stock_clips"("video_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_memberships" ADD CONSTRAINT "team_memberships_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_memberships" ADD CONSTRAINT "team_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_tracks" ADD CONSTRAINT "text_tracks_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_files" ADD CONSTRAINT "video_files_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_pictures" ADD CONSTRAINT "video_pictures_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_settings" ADD CONSTRAINT "viewer_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_room_idx" ON "chat_messages" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_user_clip_key" ON "purchases" USING btree ("user_id","clip_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "showcase_videos_order_idx" ON "showcase_videos" USING btree ("showcase_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "showcases_domain_key" ON "showcases" USING btree (lower("domain"));--> statement-breakpoint
CREATE INDEX "showcases_owner_idx" ON "showcases" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "uploads_user_time_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "video_files_video_idx" ON "video_files" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "videos_owner_idx" ON "videos" USING btree ("owner_id");