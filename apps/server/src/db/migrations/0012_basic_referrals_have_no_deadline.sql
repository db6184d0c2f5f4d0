-- A BASIC referral waits for its practice's answer: deadlines stored before that rule are cleared.
UPDATE "referrals" SET "tier_expires_at" = NULL WHERE "type" = 'BASIC' AND "tier_expires_at" IS NOT NULL;
