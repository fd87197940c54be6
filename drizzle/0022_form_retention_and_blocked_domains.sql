ALTER TABLE "forms" ADD COLUMN "retention_days" integer;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "blocked_domains" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_retention_days_check" CHECK ("forms"."retention_days" is null or "forms"."retention_days" > 0);