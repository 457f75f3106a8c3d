-- When a claimed message's data began to go to the relay, committed before its first byte
-- (docs/decisions/064-the-mail-outbox-sends-at-most-once.md): a stale claim without it never reached the relay and is
-- queued again; one with it may have, and is not sent again.
ALTER TABLE "mail_outbox" ADD COLUMN "transmitting_at" timestamp with time zone;
