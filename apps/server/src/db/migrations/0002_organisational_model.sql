CREATE TABLE "custom_property_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"moniker" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_property_moniker_uq" UNIQUE("practice_id","moniker")
);
--> statement-breakpoint
CREATE TABLE "custom_property_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"definition_id" integer NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_property_value_uq" UNIQUE("definition_id","subject_type","subject_id")
);
--> statement-breakpoint
CREATE TABLE "practice_contacts" (
	"practice_id" integer NOT NULL,
	"contact_practice_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_contacts_practice_id_contact_practice_id_pk" PRIMARY KEY("practice_id","contact_practice_id")
);
--> statement-breakpoint
CREATE TABLE "practice_recents" (
	"practice_id" integer NOT NULL,
	"other_practice_id" integer NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_recents_practice_id_other_practice_id_pk" PRIMARY KEY("practice_id","other_practice_id")
);
--> statement-breakpoint
CREATE TABLE "practice_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"context" text DEFAULT 'GENERAL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_tags_name_uq" UNIQUE("practice_id","context","name")
);
--> statement-breakpoint
CREATE TABLE "organisation_members" (
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_members_organisation_id_user_id_role_pk" PRIMARY KEY("organisation_id","user_id","role")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"phone_number" text,
	"logo_url" text,
	"billing_email" text,
	"stripe_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "network_practices" (
	"network_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_practices_network_id_practice_id_pk" PRIMARY KEY("network_id","practice_id")
);
--> statement-breakpoint
CREATE TABLE "network_providers" (
	"network_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_providers_network_id_user_id_pk" PRIMARY KEY("network_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "networks" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"matching_time_limit" integer NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networks_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "department_members" (
	"department_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "department_members_department_id_user_id_pk" PRIMARY KEY("department_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"address" text,
	"phone_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"type" text NOT NULL,
	"role" text,
	"email" text,
	"phone" text,
	"practice_id" integer,
	"network_id" integer,
	"organisation_id" integer,
	"invited_by" integer,
	"invitee_user_id" integer,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"responded_by" integer,
	"responded_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "invites_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "practice_join_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"accepting_user_id" integer,
	"rejecting_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_join_requests_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"activated" boolean DEFAULT true NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "api_keys_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "insurances" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payer_id" text,
	"searchable" boolean DEFAULT true NOT NULL,
	CONSTRAINT "insurances_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "provider_specialities" (
	"user_id" integer NOT NULL,
	"speciality_id" integer NOT NULL,
	CONSTRAINT "provider_specialities_user_id_speciality_id_pk" PRIMARY KEY("user_id","speciality_id")
);
--> statement-breakpoint
CREATE TABLE "specialities" (
	"id" serial PRIMARY KEY NOT NULL,
	"taxonomy_code" text NOT NULL,
	"name" text NOT NULL,
	"branch" text NOT NULL,
	"classification" text NOT NULL,
	"specialization" text,
	"colloquial" text[] DEFAULT '{}'::text[] NOT NULL,
	"search" text NOT NULL,
	CONSTRAINT "specialities_taxonomy_code_unique" UNIQUE("taxonomy_code")
);
--> statement-breakpoint
CREATE TABLE "user_insurances" (
	"user_id" integer NOT NULL,
	"practice_id" integer NOT NULL,
	"insurance_id" integer NOT NULL,
	CONSTRAINT "user_insurances_user_id_practice_id_insurance_id_pk" PRIMARY KEY("user_id","practice_id","insurance_id")
);
--> statement-breakpoint
CREATE TABLE "user_contacts" (
	"user_id" integer NOT NULL,
	"contact_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_contacts_user_id_contact_user_id_pk" PRIMARY KEY("user_id","contact_user_id")
);
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "identifier" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "building" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "place_id" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "npi_identifier" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "about" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "profile_photo" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "appointment_request_redirect_link" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "welcome_message_open" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "welcome_message_closed" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "default_appointment_location" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "default_virtual_appointment_host" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "liaison_emails" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "gates" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "is_individual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "is_third_party" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "tier_timeout" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "max_referral_match_radius" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "allow_outer_network_matching" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "auto_archive_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "campaign_share_limit" integer;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "billing_basis" text DEFAULT 'PRACTICE' NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "billing_email" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "stripe_id" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "stripe_subscription" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "subscription_status" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_property_definitions" ADD CONSTRAINT "custom_property_definitions_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_property_values" ADD CONSTRAINT "custom_property_values_definition_id_custom_property_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."custom_property_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_contacts" ADD CONSTRAINT "practice_contacts_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_contacts" ADD CONSTRAINT "practice_contacts_contact_practice_id_practices_id_fk" FOREIGN KEY ("contact_practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_recents" ADD CONSTRAINT "practice_recents_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_recents" ADD CONSTRAINT "practice_recents_other_practice_id_practices_id_fk" FOREIGN KEY ("other_practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_tags" ADD CONSTRAINT "practice_tags_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_practices" ADD CONSTRAINT "network_practices_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_practices" ADD CONSTRAINT "network_practices_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_providers" ADD CONSTRAINT "network_providers_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_providers" ADD CONSTRAINT "network_providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_providers" ADD CONSTRAINT "network_providers_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_members" ADD CONSTRAINT "department_members_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_members" ADD CONSTRAINT "department_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invitee_user_id_users_id_fk" FOREIGN KEY ("invitee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_join_requests" ADD CONSTRAINT "practice_join_requests_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_join_requests" ADD CONSTRAINT "practice_join_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_join_requests" ADD CONSTRAINT "practice_join_requests_accepting_user_id_users_id_fk" FOREIGN KEY ("accepting_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_join_requests" ADD CONSTRAINT "practice_join_requests_rejecting_user_id_users_id_fk" FOREIGN KEY ("rejecting_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_specialities" ADD CONSTRAINT "provider_specialities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_specialities" ADD CONSTRAINT "provider_specialities_speciality_id_specialities_id_fk" FOREIGN KEY ("speciality_id") REFERENCES "public"."specialities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_insurances" ADD CONSTRAINT "user_insurances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_insurances" ADD CONSTRAINT "user_insurances_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_insurances" ADD CONSTRAINT "user_insurances_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_contacts" ADD CONSTRAINT "user_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_contacts" ADD CONSTRAINT "user_contacts_contact_user_id_users_id_fk" FOREIGN KEY ("contact_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_recents_last_idx" ON "practice_recents" USING btree ("practice_id","last_at");--> statement-breakpoint
CREATE INDEX "organisation_members_user_idx" ON "organisation_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "network_practices_practice_idx" ON "network_practices" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "network_providers_user_idx" ON "network_providers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "networks_practice_idx" ON "networks" USING btree ("practice_id","order");--> statement-breakpoint
CREATE INDEX "department_members_user_idx" ON "department_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "departments_practice_idx" ON "departments" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "invites_practice_pending_idx" ON "invites" USING btree ("practice_id") WHERE "invites"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "invites_email_idx" ON "invites" USING btree ("email");--> statement-breakpoint
CREATE INDEX "invites_phone_idx" ON "invites" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "join_requests_practice_idx" ON "practice_join_requests" USING btree ("practice_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "join_requests_pending_uq" ON "practice_join_requests" USING btree ("practice_id","requested_by") WHERE "practice_join_requests"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "api_keys_practice_idx" ON "api_keys" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "insurances_name_trgm_idx" ON "insurances" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "provider_specialities_speciality_idx" ON "provider_specialities" USING btree ("speciality_id");--> statement-breakpoint
CREATE INDEX "specialities_search_trgm_idx" ON "specialities" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_insurances_insurance_idx" ON "user_insurances" USING btree ("insurance_id");--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "practices_name_trgm_idx" ON "practices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "practices_organisation_idx" ON "practices" USING btree ("organisation_id");--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_identifier_unique" UNIQUE("identifier");