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
ALTER TABLE "asimov_academy_content" ADD COLUMN "publication_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "asimov_blog_posts" ADD COLUMN "publication_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "content_revisions_item_idx" ON "content_revisions" USING btree ("kind","item_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "preview_links_token_key" ON "preview_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "preview_links_item_idx" ON "preview_links" USING btree ("kind","item_id");--> statement-breakpoint
CREATE INDEX "asimov_academy_content_pending_idx" ON "asimov_academy_content" USING btree ("published_at") WHERE "asimov_academy_content"."publication_pending";--> statement-breakpoint
CREATE INDEX "asimov_blog_posts_pending_idx" ON "asimov_blog_posts" USING btree ("published_at") WHERE "asimov_blog_posts"."publication_pending";