CREATE TABLE "held_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"payload" jsonb NOT NULL,
	"reason" text NOT NULL,
	"elapsed_ms" integer,
	"source_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "held_submissions_kind_check" CHECK (kind in ('contact', 'lead', 'newsletter')),
	CONSTRAINT "held_submissions_reason_check" CHECK (reason in ('honeypot', 'too-fast'))
);
--> statement-breakpoint
CREATE INDEX "held_submissions_created_idx" ON "held_submissions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "held_submissions_email_idx" ON "held_submissions" USING btree ("email");