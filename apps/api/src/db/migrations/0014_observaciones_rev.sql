-- A revision counter of each procedure's observations (issue 13, 'Speed'): bumped by statement
-- triggers on pla_obs and pla_det_obs in the writing transaction (an attention whose procedure,
-- load, number or state changes updates its observations' copies, so it bumps it too). The list of
-- a procedure's observations caches its ordered ids per filter and this counter, so every page is a
-- primary-key lookup and its total the length of the list, exact (docs/performance.md
-- 'Observaciones'; decision 27 for the attentions list).
ALTER TABLE "planilla_rev" ADD COLUMN IF NOT EXISTS "observaciones" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION obs_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO planilla_rev AS r (id_tramite, observaciones)
    SELECT DISTINCT n.id_tramite, 1 FROM new_rows n WHERE n.id_tramite IS NOT NULL ORDER BY 1
    ON CONFLICT (id_tramite) DO UPDATE SET observaciones = r.observaciones + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO planilla_rev AS r (id_tramite, observaciones)
    SELECT DISTINCT o.id_tramite, 1 FROM old_rows o WHERE o.id_tramite IS NOT NULL ORDER BY 1
    ON CONFLICT (id_tramite) DO UPDATE SET observaciones = r.observaciones + 1;
  ELSE
    INSERT INTO planilla_rev AS r (id_tramite, observaciones)
    SELECT x.id_tramite, 1
      FROM (SELECT n.id_tramite FROM new_rows n UNION SELECT o.id_tramite FROM old_rows o) x
     WHERE x.id_tramite IS NOT NULL ORDER BY 1
    ON CONFLICT (id_tramite) DO UPDATE SET observaciones = r.observaciones + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER pla_obs_rev_ins AFTER INSERT ON "pla_obs" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION obs_rev();--> statement-breakpoint
CREATE TRIGGER pla_obs_rev_upd AFTER UPDATE ON "pla_obs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION obs_rev();--> statement-breakpoint
CREATE TRIGGER pla_obs_rev_del AFTER DELETE ON "pla_obs" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION obs_rev();--> statement-breakpoint
CREATE TRIGGER pla_det_obs_rev_ins AFTER INSERT ON "pla_det_obs" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION obs_rev();--> statement-breakpoint
CREATE TRIGGER pla_det_obs_rev_upd AFTER UPDATE ON "pla_det_obs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION obs_rev();--> statement-breakpoint
CREATE TRIGGER pla_det_obs_rev_del AFTER DELETE ON "pla_det_obs" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION obs_rev();
