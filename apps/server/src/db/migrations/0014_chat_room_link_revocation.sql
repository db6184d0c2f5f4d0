ALTER TABLE "chat_users" ADD COLUMN "link_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_users" ADD COLUMN "links_revoked_at" timestamp with time zone;