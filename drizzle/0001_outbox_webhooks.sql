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
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_target_idx" ON "outbox" USING btree ("target","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_lead_email_idx" ON "outbox" USING btree ("lead_email");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_created_idx" ON "webhook_endpoints" USING btree ("created_at" DESC NULLS LAST);