ALTER TABLE "admin_users" DROP CONSTRAINT "admin_users_role_check";--> statement-breakpoint
ALTER TABLE "admin_users" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
-- The one administrator of earlier versions is the team's owner.
UPDATE "admin_users" SET "role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_role_check" CHECK (role in ('owner', 'administrator', 'editor', 'author', 'contributor', 'sales'));