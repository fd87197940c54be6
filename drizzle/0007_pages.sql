CREATE TABLE "pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"social_image" text,
	"noindex" boolean DEFAULT false NOT NULL,
	"canonical" text,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"publication_pending" boolean DEFAULT false NOT NULL,
	CONSTRAINT "pages_status_check" CHECK (status in ('draft', 'published', 'archived')),
	CONSTRAINT "pages_path_check" CHECK ("pages"."path" like '/%')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pages_path_key" ON "pages" USING btree ("path");--> statement-breakpoint
CREATE INDEX "pages_updated_idx" ON "pages" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pages_pending_idx" ON "pages" USING btree ("published_at") WHERE "pages"."publication_pending";