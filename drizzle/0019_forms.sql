CREATE TABLE "form_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"values" jsonb NOT NULL,
	"consents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"held_reason" text,
	"held_elapsed_ms" integer,
	"assigned_to" uuid,
	"source_page" text,
	"source_section" text,
	"referrer" text,
	"landing_page" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_responses_status_check" CHECK (status in ('new', 'contacted', 'qualified', 'closed')),
	CONSTRAINT "form_responses_held_reason_check" CHECK (held_reason is null or held_reason in ('honeypot', 'too-fast'))
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"max_submissions" integer,
	"closed_message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "forms_status_check" CHECK (status in ('draft', 'open', 'closed')),
	CONSTRAINT "forms_max_submissions_check" CHECK ("forms"."max_submissions" is null or "forms"."max_submissions" > 0)
);
--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_assigned_to_auth_user_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_updated_by_auth_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_responses_form_created_idx" ON "form_responses" USING btree ("form_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_responses_created_idx" ON "form_responses" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_responses_email_idx" ON "form_responses" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "forms_updated_idx" ON "forms" USING btree ("updated_at" DESC NULLS LAST);