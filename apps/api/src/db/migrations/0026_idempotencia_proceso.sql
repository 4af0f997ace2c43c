-- Idempotency claims of a process that is gone (issue 16 item 3, decision 73): a claim records the
-- process that runs its request (a random number held as a session advisory lock while the process
-- lives); a repeated request finding the claim of a process whose lock is free — killed, its node
-- lost — takes the key over at once instead of waiting for the 5-minute lease.
ALTER TABLE "idempotencia" ADD COLUMN IF NOT EXISTS "proceso" integer;
