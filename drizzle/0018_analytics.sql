CREATE TABLE "showcase_daily_sources" (
	"showcase_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "showcase_daily_sources_showcase_id_day_kind_value_pk" PRIMARY KEY("showcase_id","day","kind","value"),
	CONSTRAINT "showcase_daily_sources_kind" CHECK (kind in ('referrer', 'country'))
);
--> statement-breakpoint
CREATE TABLE "showcase_daily_stats" (
	"showcase_id" integer NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "showcase_daily_stats_showcase_id_day_pk" PRIMARY KEY("showcase_id","day")
);
--> statement-breakpoint
CREATE TABLE "video_daily_retention" (
	"video_id" integer NOT NULL,
	"day" date NOT NULL,
	"bucket" integer NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_daily_retention_video_id_day_bucket_pk" PRIMARY KEY("video_id","day","bucket")
);
--> statement-breakpoint
CREATE TABLE "video_daily_sources" (
	"video_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_daily_sources_video_id_day_kind_value_pk" PRIMARY KEY("video_id","day","kind","value"),
	CONSTRAINT "video_daily_sources_kind" CHECK (kind in ('referrer', 'country'))
);
--> statement-breakpoint
CREATE TABLE "video_daily_stats" (
	"video_id" integer NOT NULL,
	"day" date NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"finishes" integer DEFAULT 0 NOT NULL,
	"watch_seconds" bigint DEFAULT 0 NOT NULL,
	"live_peak" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_daily_stats_video_id_day_pk" PRIMARY KEY("video_id","day")
);
--> statement-breakpoint
ALTER TABLE "showcase_daily_sources" ADD CONSTRAINT "showcase_daily_sources_showcase_id_showcases_id_fk" FOREIGN KEY ("showcase_id") REFERENCES "public"."showcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showcase_daily_stats" ADD CONSTRAINT "showcase_daily_stats_showcase_id_showcases_id_fk" FOREIGN KEY ("showcase_id") REFERENCES "public"."showcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_daily_retention" ADD CONSTRAINT "video_daily_retention_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_daily_sources" ADD CONSTRAINT "video_daily_sources_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_daily_stats" ADD CONSTRAINT "video_daily_stats_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;