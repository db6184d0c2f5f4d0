CREATE TABLE "sign_in_throttles" (
	"subject" text NOT NULL,
	"client" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "sign_in_throttles_subject_client_pk" PRIMARY KEY("subject","client")
);
--> statement-breakpoint
ALTER TABLE "auth_flows" ADD COLUMN "code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_throttles_last_failure_idx" ON "sign_in_throttles" USING btree ("last_failure_at");