ALTER TABLE "users" ADD COLUMN "credentials" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "npi" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" text;