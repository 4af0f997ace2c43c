-- Revision counters of each procedure's attentions, bumped by statement triggers in the same
-- transaction as the change. The attentions list caches its ordered ids per filter and the
-- revisions the filter depends on, so every page is a primary-key lookup and totals stay exact
-- (issue 5; docs/performance.md). One counter per group of columns: a review does not invalidate
-- the lists that do not depend on review states. No row = every counter 0.
CREATE TABLE IF NOT EXISTS "planilla_rev" (
	"id_tramite" integer PRIMARY KEY NOT NULL,
	"datos" bigint DEFAULT 0 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"nivel" bigint DEFAULT 0 NOT NULL,
	"archivos" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- INSERT or DELETE of attentions or files: the increments of each group come as arguments.
CREATE OR REPLACE FUNCTION planilla_rev_filas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO planilla_rev AS r (id_tramite, datos, revision, nivel, archivos)
    SELECT DISTINCT o.id_tramite, TG_ARGV[0]::int, TG_ARGV[1]::int, TG_ARGV[2]::int, TG_ARGV[3]::int
      FROM old_rows o WHERE o.id_tramite IS NOT NULL ORDER BY 1
    ON CONFLICT (id_tramite) DO UPDATE SET datos = r.datos + excluded.datos, revision = r.revision + excluded.revision,
      nivel = r.nivel + excluded.nivel, archivos = r.archivos + excluded.archivos;
  ELSE
    INSERT INTO planilla_rev AS r (id_tramite, datos, revision, nivel, archivos)
    SELECT DISTINCT n.id_tramite, TG_ARGV[0]::int, TG_ARGV[1]::int, TG_ARGV[2]::int, TG_ARGV[3]::int
      FROM new_rows n WHERE n.id_tramite IS NOT NULL ORDER BY 1
    ON CONFLICT (id_tramite) DO UPDATE SET datos = r.datos + excluded.datos, revision = r.revision + excluded.revision,
      nivel = r.nivel + excluded.nivel, archivos = r.archivos + excluded.archivos;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- UPDATE of attentions: only the groups whose values changed (a save that changes nothing bumps nothing).
CREATE OR REPLACE FUNCTION planilla_rev_cambios() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO planilla_rev AS r (id_tramite, datos, revision, nivel, archivos)
  SELECT c.id_tramite, c.datos::int, c.revision::int, c.nivel::int, 0
    FROM (
      SELECT x.id_tramite, bool_or(x.datos) AS datos, bool_or(x.revision) AS revision, bool_or(x.nivel) AS nivel
        FROM (
          SELECT n.id_tramite,
                 (o.id_tramite, o.id_carga, o.estado, o.numero, o.numero_ext, o.cedula, o.nombre, o.cedula_medico,
                  o.nombre_medico, o.fecha_desde, o.fecha_hasta, o.duplicada, o.total, o.diag1, o.diag2, o.diag3,
                  o.diag4, o.diag5)
                 IS DISTINCT FROM
                 (n.id_tramite, n.id_carga, n.estado, n.numero, n.numero_ext, n.cedula, n.nombre, n.cedula_medico,
                  n.nombre_medico, n.fecha_desde, n.fecha_hasta, n.duplicada, n.total, n.diag1, n.diag2, n.diag3,
                  n.diag4, n.diag5) AS datos,
                 (o.estado_aud, o.estado_doc, o.id_usuario_med, o.id_usuario_doc)
                 IS DISTINCT FROM (n.estado_aud, n.estado_doc, n.id_usuario_med, n.id_usuario_doc) AS revision,
                 o.nivel IS DISTINCT FROM n.nivel AS nivel
            FROM new_rows n JOIN old_rows o ON o.id_planilla = n.id_planilla
          UNION ALL
          -- A moved attention also changes the procedure it left.
          SELECT o.id_tramite, true, true, true
            FROM new_rows n JOIN old_rows o ON o.id_planilla = n.id_planilla
           WHERE o.id_tramite IS DISTINCT FROM n.id_tramite
        ) x
       GROUP BY x.id_tramite
    ) c
   WHERE c.datos OR c.revision OR c.nivel
   ORDER BY 1
  ON CONFLICT (id_tramite) DO UPDATE SET datos = r.datos + excluded.datos, revision = r.revision + excluded.revision,
    nivel = r.nivel + excluded.nivel;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER planilla_rev_ins AFTER INSERT ON planilla REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION planilla_rev_filas(1, 1, 1, 1);--> statement-breakpoint
CREATE TRIGGER planilla_rev_del AFTER DELETE ON planilla REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION planilla_rev_filas(1, 1, 1, 1);--> statement-breakpoint
CREATE TRIGGER planilla_rev_upd AFTER UPDATE ON planilla REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION planilla_rev_cambios();--> statement-breakpoint
CREATE TRIGGER archivo_pla_rev_ins AFTER INSERT ON archivo_pla REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION planilla_rev_filas(0, 0, 0, 1);--> statement-breakpoint
CREATE TRIGGER archivo_pla_rev_upd AFTER UPDATE ON archivo_pla REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION planilla_rev_filas(0, 0, 0, 1);--> statement-breakpoint
CREATE TRIGGER archivo_pla_rev_del AFTER DELETE ON archivo_pla REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION planilla_rev_filas(0, 0, 0, 1);
