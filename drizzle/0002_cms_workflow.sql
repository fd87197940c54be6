CREATE TABLE "content_revisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"action" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changed" text[] DEFAULT '{}'::text[] NOT NULL,
	"actor" text,
	"restored_from" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_revisions_kind_check" CHECK (kind in ('blog', 'academy'))
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"alt_text" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_kind_check" CHECK (kind in ('image', 'video', 'audio')),
	CONSTRAINT "media_size_check" CHECK ("media"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "not_found_paths" (
	"path" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"last_referrer" text
);
--> statement-breakpoint
CREATE TABLE "preview_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"token" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "preview_links_kind_check" CHECK (kind in ('blog', 'academy'))
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_path" text NOT NULL,
	"from_key" text NOT NULL,
	"to_url" text NOT NULL,
	"to_key" text,
	"status_code" integer DEFAULT 301 NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "redirects_status_check" CHECK ("redirects"."status_code" in (301, 302)),
	CONSTRAINT "redirects_source_check" CHECK (source in ('manual', 'slug-change', 'not-found'))
);
--> statement-breakpoint
ALTER TABLE "asimov_academy_content" ADD COLUMN "publication_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "asimov_blog_posts" ADD COLUMN "publication_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "content_revisions_item_idx" ON "content_revisions" USING btree ("kind","item_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "media_key_key" ON "media" USING btree ("key");--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_stem_idx" ON "media" USING btree (split_part("key", '.', 1));--> statement-breakpoint
CREATE INDEX "not_found_paths_hits_idx" ON "not_found_paths" USING btree ("hits" DESC NULLS LAST,"last_seen_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "preview_links_token_key" ON "preview_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "preview_links_item_idx" ON "preview_links" USING btree ("kind","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_from_key" ON "redirects" USING btree ("from_key");--> statement-breakpoint
CREATE INDEX "redirects_to_key_idx" ON "redirects" USING btree ("to_key");--> statement-breakpoint
CREATE INDEX "redirects_created_idx" ON "redirects" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "asimov_academy_content_pending_idx" ON "asimov_academy_content" USING btree ("published_at") WHERE "asimov_academy_content"."publication_pending";--> statement-breakpoint
CREATE INDEX "asimov_blog_posts_pending_idx" ON "asimov_blog_posts" USING btree ("published_at") WHERE "asimov_blog_posts"."publication_pending";