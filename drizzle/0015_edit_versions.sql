-- Edit versions for showcase items, media details, redirects and webhook endpoints: a save carries the version its
-- form loaded (updated_at) and is refused over a newer one, which names who saved it (updated_by).
ALTER TABLE "asimov_showcase_media" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- An endpoint or a redirect from before is at the version it was created with.
UPDATE "webhook_endpoints" SET "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "redirects" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "redirects" SET "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "redirects" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "asimov_showcase_media" ADD CONSTRAINT "asimov_showcase_media_updated_by_auth_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_updated_by_auth_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_updated_by_auth_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_updated_by_auth_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;