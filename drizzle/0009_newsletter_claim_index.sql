DROP INDEX "newsletter_recipients_due_idx";--> statement-breakpoint
CREATE INDEX "newsletter_recipients_due_idx" ON "newsletter_recipients" USING btree ("newsletter_id","status","next_attempt_at");