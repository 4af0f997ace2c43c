-- Organising a load's attentions as a background job (issue 16 item 1, decision 85). organizacion:
-- null (never asked), PENDIENTE (its job is queued: a second request adds nothing), ORGANIZANDO (a
-- worker took it; written outside the job's transaction so any replica reads it), ORGANIZADA (done),
-- FALLIDA (every attempt failed: the dead letter the provider reads, and may organise again).
-- organizacion_obs: what the row says of it (attempt resumed, the result's counts, the reason).
ALTER TABLE "carga" ADD COLUMN IF NOT EXISTS "organizacion" varchar(12);--> statement-breakpoint
ALTER TABLE "carga" ADD COLUMN IF NOT EXISTS "organizacion_obs" text;
