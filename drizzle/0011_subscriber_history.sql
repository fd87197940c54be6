CREATE TABLE "subscriber_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"event" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriber_history_event_check" CHECK (event in ('signed_up', 'signed_up_again', 'confirmed', 'unsubscribed', 'bounced', 'complained', 'suppression_lifted', 'imported'))
);
--> statement-breakpoint
CREATE TABLE "subscriber_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"file_name" text NOT NULL,
	"actor" text,
	"ip" text,
	"user_agent" text,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"merged" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"invalid" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "subscriber_imports_status_check" CHECK (status in ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "source" text DEFAULT 'sign-up' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriber_history" ADD CONSTRAINT "subscriber_history_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriber_history_subscriber_idx" ON "subscriber_history" USING btree ("subscriber_id","at");--> statement-breakpoint
CREATE INDEX "subscriber_imports_status_idx" ON "subscriber_imports" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_source_check" CHECK (source in ('sign-up', 'import'));--> statement-breakpoint
-- History of the subscribers from before it was recorded: their sign-up, and where they stand now if they left.
INSERT INTO "subscriber_history" ("subscriber_id", "event", "at")
SELECT "id", 'signed_up', "created_at" FROM "subscribers";--> statement-breakpoint
INSERT INTO "subscriber_history" ("subscriber_id", "event", "at")
SELECT "id", "subscription", "subscription_changed_at" FROM "subscribers"
WHERE "subscription" IN ('unsubscribed', 'bounced', 'complained');
