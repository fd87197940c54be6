CREATE TABLE "lead_assignment_turns" (
	"key" text PRIMARY KEY NOT NULL,
	"turns" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asimov_academy_content" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "asimov_blog_posts" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "atlas_contact_requests" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "asimov_academy_content" ADD CONSTRAINT "asimov_academy_content_updated_by_auth_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asimov_blog_posts" ADD CONSTRAINT "asimov_blog_posts_updated_by_auth_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atlas_contact_requests" ADD CONSTRAINT "atlas_contact_requests_assigned_to_auth_user_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_assigned_to_auth_user_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_assigned_to_auth_user_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "atlas_contact_requests_assigned_idx" ON "atlas_contact_requests" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "form_submissions_assigned_idx" ON "form_submissions" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "subscribers_assigned_idx" ON "subscribers" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor","at" DESC NULLS LAST);--> statement-breakpoint
-- hand-written below: keep when regenerating
-- Posts and academy items saved before members were recorded: who created them and who saved them last, from their
-- revisions (the actor is the member's e-mail). Items without revisions, or saved through an API key, stay null.
UPDATE "asimov_blog_posts" AS item SET
  "created_by" = (SELECT u."id" FROM "content_revisions" r JOIN "auth_user" u ON u."email" = r."actor"
    WHERE r."kind" = 'blog' AND r."item_id" = item."id" AND r."action" = 'create' ORDER BY r."id" LIMIT 1),
  "updated_by" = (SELECT u."id" FROM "content_revisions" r JOIN "auth_user" u ON u."email" = r."actor"
    WHERE r."kind" = 'blog' AND r."item_id" = item."id" AND r."action" <> 'baseline' ORDER BY r."id" DESC LIMIT 1)
WHERE item."created_by" IS NULL AND item."updated_by" IS NULL;--> statement-breakpoint
UPDATE "asimov_academy_content" AS item SET
  "created_by" = (SELECT u."id" FROM "content_revisions" r JOIN "auth_user" u ON u."email" = r."actor"
    WHERE r."kind" = 'academy' AND r."item_id" = item."id" AND r."action" = 'create' ORDER BY r."id" LIMIT 1),
  "updated_by" = (SELECT u."id" FROM "content_revisions" r JOIN "auth_user" u ON u."email" = r."actor"
    WHERE r."kind" = 'academy' AND r."item_id" = item."id" AND r."action" <> 'baseline' ORDER BY r."id" DESC LIMIT 1)
WHERE item."created_by" IS NULL AND item."updated_by" IS NULL;
