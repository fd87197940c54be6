CREATE TABLE "builtin_form_texts" (
	"key" text PRIMARY KEY NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "builtin_form_texts_key_check" CHECK (key in ('contact', 'dialog', 'newsletter'))
);
--> statement-breakpoint
ALTER TABLE "builtin_form_texts" ADD CONSTRAINT "builtin_form_texts_updated_by_auth_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;