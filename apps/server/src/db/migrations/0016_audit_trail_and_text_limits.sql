CREATE TABLE "text_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"sender_user_id" integer,
	"practice_id" integer,
	"destination" text NOT NULL,
	"purpose" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "practice_id" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "patient_id" integer;--> statement-breakpoint
CREATE INDEX "text_sends_sender_at_idx" ON "text_sends" USING btree ("sender_user_id","at");--> statement-breakpoint
CREATE INDEX "text_sends_practice_at_idx" ON "text_sends" USING btree ("practice_id","at");--> statement-breakpoint
CREATE INDEX "text_sends_destination_at_idx" ON "text_sends" USING btree ("destination","at");--> statement-breakpoint
CREATE INDEX "text_sends_at_idx" ON "text_sends" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_practice_at_idx" ON "audit_events" USING btree ("practice_id","at");--> statement-breakpoint
CREATE INDEX "audit_practice_actor_at_idx" ON "audit_events" USING btree ("practice_id","actor_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_practice_patient_at_idx" ON "audit_events" USING btree ("practice_id","patient_id","at");--> statement-breakpoint
CREATE INDEX "audit_practice_action_at_idx" ON "audit_events" USING btree ("practice_id","action","at");--> statement-breakpoint
-- Events recorded before these columns existed join their practice's trail where they named it.
UPDATE "audit_events" SET "practice_id" = ("details"->>'practiceId')::integer WHERE jsonb_typeof("details"->'practiceId') = 'number';--> statement-breakpoint
UPDATE "audit_events" SET "practice_id" = "target_id"::integer WHERE "practice_id" IS NULL AND "target_type" = 'practice' AND "target_id" ~ '^[0-9]{1,9}$';--> statement-breakpoint
UPDATE "audit_events" SET "patient_id" = "target_id"::integer WHERE "target_type" = 'patient' AND "target_id" ~ '^[0-9]{1,9}$';
