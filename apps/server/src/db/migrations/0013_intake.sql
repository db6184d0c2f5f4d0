CREATE TABLE "bots" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"color_scheme" text NOT NULL,
	"endpoint" text NOT NULL,
	"emails_to_notify" text[] DEFAULT '{}'::text[] NOT NULL,
	"specialities" integer[] DEFAULT '{}' NOT NULL,
	"speciality_question_type" text DEFAULT 'NONE' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "bots_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" integer NOT NULL,
	"bot_id" integer NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"archived_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"email" text,
	"date_of_birth" date,
	"answers" jsonb NOT NULL,
	"embeded_url" text,
	"is_app" boolean DEFAULT false NOT NULL,
	"patient_id" integer,
	"chat_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "submissions_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bots_endpoint_uq" ON "bots" USING btree (lower("endpoint")) WHERE "bots"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bots_practice_idx" ON "bots" USING btree ("practice_id","name");--> statement-breakpoint
CREATE INDEX "submissions_bot_idx" ON "submissions" USING btree ("bot_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "submissions_practice_idx" ON "submissions" USING btree ("practice_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "submissions_unread_idx" ON "submissions" USING btree ("bot_id") WHERE "submissions"."viewed_at" is null and "submissions"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "submissions_chat_idx" ON "submissions" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "submissions_patient_idx" ON "submissions" USING btree ("patient_id");