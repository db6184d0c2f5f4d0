CREATE TABLE "appointment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_user_id" integer,
	"by_patient" boolean DEFAULT false NOT NULL,
	"ip" text,
	"user_agent" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"default_duration" integer NOT NULL,
	"color" text NOT NULL,
	"patient_bookable" boolean DEFAULT false NOT NULL,
	"patient_schedulable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"practice_id" integer NOT NULL,
	"provider_id" integer,
	"patient_id" integer NOT NULL,
	"referral_id" integer,
	"template_id" integer,
	"department_id" integer,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"location" text,
	"address_override" text,
	"virtual_link" text,
	"virtual_appointment_host" text,
	"schedule_type" text,
	"content_uuid" uuid,
	"submission_id" integer,
	"state" text NOT NULL,
	"viewed_by_patient_at" timestamp with time zone,
	"cancellation_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "appointments_code_unique" UNIQUE("code"),
	CONSTRAINT "appointments_end_after_start" CHECK ("appointments"."end_at" > "appointments"."start_at")
);
--> statement-breakpoint
ALTER TABLE "appointment_events" ADD CONSTRAINT "appointment_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_events" ADD CONSTRAINT "appointment_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_templates" ADD CONSTRAINT "appointment_templates_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_template_id_appointment_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."appointment_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_events_appointment_idx" ON "appointment_events" USING btree ("appointment_id","id");--> statement-breakpoint
CREATE INDEX "appointment_templates_practice_idx" ON "appointment_templates" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "appointments_practice_start_idx" ON "appointments" USING btree ("practice_id","start_at");--> statement-breakpoint
CREATE INDEX "appointments_patient_idx" ON "appointments" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "appointments_referral_idx" ON "appointments" USING btree ("referral_id");--> statement-breakpoint
-- No provider is booked twice at once: live appointments of one provider may not overlap. Ranges
-- are half-open, so 10:00-10:30 and 10:30-11:00 both stand. btree_gist lets the provider's id
-- (plain equality) sit in the same GiST index as the time range.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_double_booking" EXCLUDE USING gist ("provider_id" WITH =, tstzrange("start_at", "end_at") WITH &&) WHERE ("state" <> 'CANCELLED' AND "provider_id" IS NOT NULL);--> statement-breakpoint
-- Referrals kept the appointment the accepting practice proposed as jsonb on the referral; each
-- becomes an appointment of the accepting practice with its record of the patient. The jsonb stays
-- (referral accept, reschedule and detail still read and write it).
CREATE TEMP TABLE "referral_appointments_moved" ON COMMIT DROP AS
SELECT
	r."id" AS "referral_id",
	r."receiving_practice_id" AS "practice_id",
	r."receiving_user_id" AS "provider_id",
	r."receiver_patient_id" AS "patient_id",
	d."id" AS "department_id",
	to_timestamp((r."appointment"->>'start')::bigint / 1000.0) AS "start_at",
	to_timestamp((r."appointment"->>'end')::bigint / 1000.0) AS "end_at",
	p."timezone",
	r."appointment"->>'appointmentLocation' AS "location",
	r."appointment"->>'addressOverride' AS "address_override",
	r."appointment"->>'virtualLink' AS "virtual_link",
	r."appointment"->>'virtualAppointmentHost' AS "virtual_appointment_host",
	r."appointment"->>'scheduleType' AS "schedule_type",
	(r."appointment"->>'contentUuid')::uuid AS "content_uuid",
	(r."appointment"->>'submissionId')::integer AS "submission_id",
	CASE r."status" WHEN 'RESCHEDULED' THEN 'RESCHEDULED' WHEN 'CANCELLED' THEN 'CANCELLED' ELSE 'SCHEDULED' END AS "state",
	r."accepted_by_user_id" AS "created_by",
	r."updated_at"
FROM "referrals" r
JOIN "practices" p ON p."id" = r."receiving_practice_id"
LEFT JOIN "departments" d ON d."id" = (r."appointment"->>'departmentId')::integer
WHERE r."appointment" IS NOT NULL
	AND r."receiver_patient_id" IS NOT NULL
	AND (r."appointment"->>'end')::bigint > (r."appointment"->>'start')::bigint;--> statement-breakpoint
-- Earliest referral first keeps its provider; a later one overlapping it (booked before the
-- constraint existed) is moved without a provider rather than dropped: its referral still names them.
INSERT INTO "appointments" ("code", "practice_id", "provider_id", "patient_id", "referral_id", "department_id", "start_at", "end_at", "timezone", "location", "address_override", "virtual_link", "virtual_appointment_host", "schedule_type", "content_uuid", "submission_id", "state", "created_by", "created_at", "updated_at")
SELECT substr(replace(gen_random_uuid()::text, '-', ''), 1, 16), "practice_id", "provider_id", "patient_id", "referral_id", "department_id", "start_at", "end_at", "timezone", "location", "address_override", "virtual_link", "virtual_appointment_host", "schedule_type", "content_uuid", "submission_id", "state", "created_by", "updated_at", "updated_at"
FROM "referral_appointments_moved" ORDER BY "referral_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "appointments" ("code", "practice_id", "provider_id", "patient_id", "referral_id", "department_id", "start_at", "end_at", "timezone", "location", "address_override", "virtual_link", "virtual_appointment_host", "schedule_type", "content_uuid", "submission_id", "state", "created_by", "created_at", "updated_at")
SELECT substr(replace(gen_random_uuid()::text, '-', ''), 1, 16), m."practice_id", NULL, m."patient_id", m."referral_id", m."department_id", m."start_at", m."end_at", m."timezone", m."location", m."address_override", m."virtual_link", m."virtual_appointment_host", m."schedule_type", m."content_uuid", m."submission_id", m."state", m."created_by", m."updated_at", m."updated_at"
FROM "referral_appointments_moved" m
WHERE NOT EXISTS (SELECT 1 FROM "appointments" a WHERE a."referral_id" = m."referral_id");--> statement-breakpoint
INSERT INTO "appointment_events" ("appointment_id", "from_state", "to_state", "actor_user_id", "details", "created_at")
SELECT "id", NULL, "state", "created_by", jsonb_build_object('movedFromReferral', "referral_id"), "created_at"
FROM "appointments" WHERE "referral_id" IS NOT NULL;
