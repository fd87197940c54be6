CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"slot" text,
	"status" text NOT NULL,
	"requested_by" text,
	"file" text,
	"size" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"claimed_by" text,
	"locked_until" timestamp with time zone,
	"pruned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_slot_key" ON "backup_runs" USING btree ("slot");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_file_key" ON "backup_runs" USING btree ("file");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_one_active_key" ON "backup_runs" USING btree ((true)) WHERE "backup_runs"."status" in ('queued', 'running', 'verifying');--> statement-breakpoint
CREATE INDEX "backup_runs_created_at_idx" ON "backup_runs" USING btree ("created_at" DESC NULLS LAST);