CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" integer NOT NULL,
	"parent_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text,
	"email" text,
	"date_of_birth" date,
	"gender" text,
	"insurance_id" integer,
	"address_place_id" text,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"search" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patients_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "referral_archives" (
	"referral_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_archives_referral_id_practice_id_pk" PRIMARY KEY("referral_id","practice_id")
);
--> statement-breakpoint
CREATE TABLE "referral_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"referral_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" integer,
	"practice_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_offers" (
	"referral_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"tier" integer NOT NULL,
	"network_id" integer,
	"status" text DEFAULT 'OFFERED' NOT NULL,
	"provider_ids" integer[] DEFAULT '{}' NOT NULL,
	"distance_miles" double precision,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"responded_by" integer,
	"reason" text,
	CONSTRAINT "referral_offers_referral_id_practice_id_pk" PRIMARY KEY("referral_id","practice_id")
);
--> statement-breakpoint
CREATE TABLE "referral_tags" (
	"referral_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "referral_tags_referral_id_tag_id_pk" PRIMARY KEY("referral_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "referral_views" (
	"referral_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_views_referral_id_user_id_pk" PRIMARY KEY("referral_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"practice_id" integer NOT NULL,
	"from_user_id" integer,
	"patient_id" integer NOT NULL,
	"target_practice_id" integer,
	"receiving_user_id" integer,
	"receiving_practice_id" integer,
	"accepted_by_user_id" integer,
	"receiver_patient_id" integer,
	"speciality_id" integer,
	"insurance_id" integer,
	"schedule_type" text,
	"schedule_preferences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"matching_distance" text,
	"latitude" double precision,
	"longitude" double precision,
	"notes" text DEFAULT '' NOT NULL,
	"file_ids" integer[] DEFAULT '{}' NOT NULL,
	"appointment" jsonb,
	"tier" integer,
	"tier_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "referral_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"referral_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"author_id" integer,
	"message" text DEFAULT '' NOT NULL,
	"files" integer[] DEFAULT '{}' NOT NULL,
	"needs_response" boolean DEFAULT false NOT NULL,
	"notify_practice_users" boolean DEFAULT false NOT NULL,
	"users_mentioned" integer[] DEFAULT '{}' NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"referral_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"author_id" integer,
	"message" text NOT NULL,
	"files" integer[] DEFAULT '{}' NOT NULL,
	"users_mentioned" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"practice_id" integer,
	"user_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_parent_id_patients_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_archives" ADD CONSTRAINT "referral_archives_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_archives" ADD CONSTRAINT "referral_archives_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_events" ADD CONSTRAINT "referral_events_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_events" ADD CONSTRAINT "referral_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_events" ADD CONSTRAINT "referral_events_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_offers" ADD CONSTRAINT "referral_offers_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_offers" ADD CONSTRAINT "referral_offers_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_offers" ADD CONSTRAINT "referral_offers_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_offers" ADD CONSTRAINT "referral_offers_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_tags" ADD CONSTRAINT "referral_tags_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_tags" ADD CONSTRAINT "referral_tags_tag_id_practice_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."practice_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_views" ADD CONSTRAINT "referral_views_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_views" ADD CONSTRAINT "referral_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_target_practice_id_practices_id_fk" FOREIGN KEY ("target_practice_id") REFERENCES "public"."practices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_receiving_user_id_users_id_fk" FOREIGN KEY ("receiving_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_receiving_practice_id_practices_id_fk" FOREIGN KEY ("receiving_practice_id") REFERENCES "public"."practices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_receiver_patient_id_patients_id_fk" FOREIGN KEY ("receiver_patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_speciality_id_specialities_id_fk" FOREIGN KEY ("speciality_id") REFERENCES "public"."specialities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_comments" ADD CONSTRAINT "referral_comments_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_comments" ADD CONSTRAINT "referral_comments_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_comments" ADD CONSTRAINT "referral_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_comments" ADD CONSTRAINT "referral_comments_parent_id_referral_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."referral_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_notes" ADD CONSTRAINT "referral_notes_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_notes" ADD CONSTRAINT "referral_notes_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_notes" ADD CONSTRAINT "referral_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_practice_name_idx" ON "patients" USING btree ("practice_id","last_name","first_name");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_practice_phone_uq" ON "patients" USING btree ("practice_id","phone_number") WHERE "patients"."parent_id" is null and "patients"."phone_number" is not null;--> statement-breakpoint
CREATE INDEX "patients_search_trgm_idx" ON "patients" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "referral_archives_practice_idx" ON "referral_archives" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "referral_events_referral_idx" ON "referral_events" USING btree ("referral_id","id");--> statement-breakpoint
CREATE INDEX "referral_offers_practice_idx" ON "referral_offers" USING btree ("practice_id","status");--> statement-breakpoint
CREATE INDEX "referral_tags_tag_idx" ON "referral_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "referral_views_user_idx" ON "referral_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "referrals_practice_updated_idx" ON "referrals" USING btree ("practice_id","updated_at");--> statement-breakpoint
CREATE INDEX "referrals_receiving_updated_idx" ON "referrals" USING btree ("receiving_practice_id","updated_at");--> statement-breakpoint
CREATE INDEX "referrals_patient_idx" ON "referrals" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "referrals_status_tier_idx" ON "referrals" USING btree ("status","tier_expires_at");--> statement-breakpoint
CREATE INDEX "referral_comments_referral_idx" ON "referral_comments" USING btree ("referral_id","id");--> statement-breakpoint
CREATE INDEX "referral_notes_referral_idx" ON "referral_notes" USING btree ("referral_id","practice_id","id");--> statement-breakpoint
CREATE INDEX "analytics_events_practice_type_idx" ON "analytics_events" USING btree ("practice_id","type","at");