ALTER TABLE "form_responses" DROP CONSTRAINT "form_responses_held_reason_check";--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "captcha" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_held_reason_check" CHECK (held_reason is null or held_reason in ('honeypot', 'too-fast', 'captcha-unchecked'));