CREATE TABLE "analytics_daily_views" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"medium" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"device" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "analytics_daily_views_day_path_source_medium_campaign_referrer_host_device_pk" PRIMARY KEY("day","path","source","medium","campaign","referrer_host","device")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_visitors" (
	"day" date NOT NULL,
	"visitor_id" text NOT NULL,
	"landing_path" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"medium" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"device" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "analytics_daily_visitors_day_visitor_id_pk" PRIMARY KEY("day","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_page_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"visitor_id" text NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text NOT NULL,
	"views" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_visitors_day_idx" ON "analytics_daily_visitors" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_page_views_at_idx" ON "analytics_page_views" USING btree ("at");