CREATE TABLE "newsletter_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"newsletter_id" uuid NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"newsletter_id" uuid NOT NULL,
	"subscriber_id" uuid,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claimed_by" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_recipients_status_check" CHECK (status in ('pending', 'sending', 'retrying', 'sent', 'failed', 'bounced', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "newsletters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"preheader" text DEFAULT '' NOT NULL,
	"body" jsonb NOT NULL,
	"post_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audience" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletters_status_check" CHECK (status in ('draft', 'scheduled', 'sending', 'paused', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "subscriber_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "subscription" text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "subscription_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_clicks" ADD CONSTRAINT "newsletter_clicks_recipient_id_newsletter_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."newsletter_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_clicks" ADD CONSTRAINT "newsletter_clicks_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_tokens" ADD CONSTRAINT "subscriber_tokens_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_clicks_newsletter_idx" ON "newsletter_clicks" USING btree ("newsletter_id","url");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_recipients_once_key" ON "newsletter_recipients" USING btree ("newsletter_id","email");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_due_idx" ON "newsletter_recipients" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_subscriber_idx" ON "newsletter_recipients" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "newsletters_created_idx" ON "newsletters" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletters_due_idx" ON "newsletters" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "subscriber_tokens_subscriber_idx" ON "subscriber_tokens" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "subscribers_subscription_idx" ON "subscribers" USING btree ("subscription","created_at");--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_subscription_check" CHECK (subscription in ('pending', 'confirmed', 'unsubscribed', 'bounced', 'complained'));