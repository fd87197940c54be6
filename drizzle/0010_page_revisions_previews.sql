ALTER TABLE "content_revisions" DROP CONSTRAINT "content_revisions_kind_check";--> statement-breakpoint
ALTER TABLE "preview_links" DROP CONSTRAINT "preview_links_kind_check";--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_updated_by_auth_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_kind_check" CHECK (kind in ('blog', 'academy', 'page'));--> statement-breakpoint
ALTER TABLE "preview_links" ADD CONSTRAINT "preview_links_kind_check" CHECK (kind in ('blog', 'academy', 'page'));