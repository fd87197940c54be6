CREATE TABLE "lead_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"body" text NOT NULL,
	"author" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"lead_kind" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_status_changes_kind_check" CHECK (lead_kind in ('contact', 'submission', 'subscriber'))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"last_http_status" integer,
	"last_duration_ms" integer,
	"response_excerpt" text,
	"last_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"claimed_by" text,
	"lead_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "outbox_kind_check" CHECK (kind in ('email', 'webhook')),
	CONSTRAINT "outbox_status_check" CHECK (status in ('pending', 'delivering', 'delivered', 'retrying', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
CREATE INDEX "lead_notes_email_idx" ON "lead_notes" USING btree ("email");--> statement-breakpoint
CREATE INDEX "lead_status_changes_email_idx" ON "lead_status_changes" USING btree ("email");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_target_idx" ON "outbox" USING btree ("target","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_lead_email_idx" ON "outbox" USING btree ("lead_email");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_created_idx" ON "webhook_endpoints" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "atlas_contact_requests_email_idx" ON "atlas_contact_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "form_submissions_email_idx" ON "form_submissions" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_status_check" CHECK (status in ('new', 'contacted', 'qualified', 'closed'));--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_status_check" CHECK (status in ('new', 'contacted', 'qualified', 'closed'));