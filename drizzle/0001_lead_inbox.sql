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
ALTER TABLE "form_submissions" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
CREATE INDEX "lead_notes_email_idx" ON "lead_notes" USING btree ("email");--> statement-breakpoint
CREATE INDEX "lead_status_changes_email_idx" ON "lead_status_changes" USING btree ("email");--> statement-breakpoint
CREATE INDEX "atlas_contact_requests_email_idx" ON "atlas_contact_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "form_submissions_email_idx" ON "form_submissions" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_status_check" CHECK (status in ('new', 'contacted', 'qualified', 'closed'));--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_status_check" CHECK (status in ('new', 'contacted', 'qualified', 'closed'));