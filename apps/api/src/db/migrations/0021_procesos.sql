-- Past one machine (issue 16, decision 60). A load's data file waits for its ingest in the storage
-- layer (a shared folder or the S3 bucket), not in the API process's temp folder: the key is kept
-- with the load until the ingest is over and the object removed.
ALTER TABLE "carga" ADD COLUMN IF NOT EXISTS "archivo_clave" varchar(300);--> statement-breakpoint
-- The verified-session cache of every API process (decision 29) is emptied across processes: any
-- change to what a session carries (user, profile, company, person, doctor) or to a session itself
-- (closed, expired) notifies the channel on commit; every process listens (decision 61).
CREATE OR REPLACE FUNCTION sesiones_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sesiones_cambio', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER usuario_sesiones_cambio AFTER INSERT OR UPDATE OR DELETE ON "usuario"
  FOR EACH STATEMENT EXECUTE FUNCTION sesiones_cambio();--> statement-breakpoint
CREATE TRIGGER perfil_sesiones_cambio AFTER INSERT OR UPDATE OR DELETE ON "perfil"
  FOR EACH STATEMENT EXECUTE FUNCTION sesiones_cambio();--> statement-breakpoint
CREATE TRIGGER empresa_sesiones_cambio AFTER UPDATE OR DELETE ON "empresa"
  FOR EACH STATEMENT EXECUTE FUNCTION sesiones_cambio();--> statement-breakpoint
CREATE TRIGGER persona_sesiones_cambio AFTER UPDATE OR DELETE ON "persona"
  FOR EACH STATEMENT EXECUTE FUNCTION sesiones_cambio();--> statement-breakpoint
CREATE TRIGGER medico_sesiones_cambio AFTER INSERT OR UPDATE OR DELETE ON "medico"
  FOR EACH STATEMENT EXECUTE FUNCTION sesiones_cambio();--> statement-breakpoint
CREATE TRIGGER sesion_sesiones_cambio AFTER UPDATE OR DELETE ON "sesion"
  FOR EACH STATEMENT EXECUTE FUNCTION sesiones_cambio();
