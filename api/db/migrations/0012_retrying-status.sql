-- Product decision 28: a failed plan charge is `retrying` (lessons continue) until the last retry
-- fails; only then `pastDue` (lessons suspended). Rows written before this release kept `pastDue`
-- from the first failure: those not suspended yet are retrying.
UPDATE "subscriptions" SET "status" = 'retrying' WHERE "status" = 'pastDue' AND "suspended_at" IS NULL;
