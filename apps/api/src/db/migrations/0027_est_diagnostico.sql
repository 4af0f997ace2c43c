-- The attentions by main diagnosis, rolled up past the procedure (issue 15 'Speed', decision 77). The
-- report 'especialidades-prestador' by diagnosis read one row per procedure, month and diagnosis from
-- est_dimension (D), joined `tramite` for the caller's scope and grouped them at each call: 200,000
-- rows on 1,000,000 attentions, 0.5–0.8 s. Here the same counts are kept per subscription, sandbox,
-- provider, service and state of the procedure, month of the attention and main diagnosis: every column
-- the managers' scope and the report's filters read, named as in `tramite`, so the scope's condition on
-- `t` applies to this table as it is, and the rows of all procedures alike fold into one.
-- Only procedures out of the provider-side states (REGISTRADO, CARGADO, ESTRUCTURADO, DOCUMENTADO:
-- ESTADOS_PRESTADOR, which the managers' scope leaves out) are counted: a load, which happens in those
-- states, never writes here, and its procedure's rows come in when it is sent.
-- Kept exact in the transaction of each change: a statement trigger on `planilla` (new and old rows,
-- like est_planilla of 0023), and a row trigger on `tramite` that moves a procedure's rows (read from
-- its D rows) when its state, provider, service, subscription or sandbox changes, or takes them out when
-- it is deleted. `diag1` is '' when the attention has none.
CREATE TABLE "est_diagnostico" (
	"id_suscripcion" integer NOT NULL,
	"sandbox" boolean NOT NULL,
	"id_prestador" integer NOT NULL,
	"id_servicio" integer NOT NULL,
	"estado_tramite" varchar(20) NOT NULL,
	"mes" date NOT NULL,
	"diag1" varchar(13) NOT NULL,
	"atenciones" integer DEFAULT 0 NOT NULL,
	"reclamado" numeric(16, 2) DEFAULT 0 NOT NULL,
	"glosa" numeric(16, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "est_diagnostico_pk" PRIMARY KEY ("id_suscripcion", "sandbox", "id_prestador", "id_servicio", "estado_tramite", "mes", "diag1")
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION est_diagnostico_planilla() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text;
BEGIN
  src := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS s, n.id_tramite, n.fecha_desde, n.diag1, n.total_reclamado, n.total_glosa
                         FROM new_rows n WHERE n.estado = 1'
    WHEN 'DELETE' THEN 'SELECT -1 AS s, o.id_tramite, o.fecha_desde, o.diag1, o.total_reclamado, o.total_glosa
                         FROM old_rows o WHERE o.estado = 1'
    ELSE 'SELECT 1 AS s, n.id_tramite, n.fecha_desde, n.diag1, n.total_reclamado, n.total_glosa
            FROM new_rows n WHERE n.estado = 1
          UNION ALL SELECT -1 AS s, o.id_tramite, o.fecha_desde, o.diag1, o.total_reclamado, o.total_glosa
            FROM old_rows o WHERE o.estado = 1'
  END;
  -- The procedure's state is read as it is now: every writer of attentions locks its procedure first
  -- (getTramiteForUser with `lock`), as a state change does, so the state cannot change before commit.
  EXECUTE format($f$
    WITH c AS (%s)
    INSERT INTO est_diagnostico AS e (id_suscripcion, sandbox, id_prestador, id_servicio, estado_tramite, mes, diag1,
                                      atenciones, reclamado, glosa)
    SELECT t.id_suscripcion, t.sandbox, t.id_prestador, t.id_servicio, t.estado_tramite,
           date_trunc('month', c.fecha_desde)::date, COALESCE(c.diag1, ''),
           sum(c.s), sum(c.s * c.total_reclamado), sum(c.s * c.total_glosa)
      FROM c JOIN tramite t ON t.id_tramite = c.id_tramite
     WHERE t.estado_tramite NOT IN ('REGISTRADO', 'CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO')
     GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(c.s) <> 0 OR sum(c.s * c.total_reclamado) <> 0 OR sum(c.s * c.total_glosa) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT est_diagnostico_pk DO UPDATE SET
      atenciones = e.atenciones + excluded.atenciones, reclamado = e.reclamado + excluded.reclamado,
      glosa = e.glosa + excluded.glosa$f$, src);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER est_diagnostico_planilla_ins AFTER INSERT ON planilla REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION est_diagnostico_planilla();--> statement-breakpoint
CREATE TRIGGER est_diagnostico_planilla_upd AFTER UPDATE ON planilla REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION est_diagnostico_planilla();--> statement-breakpoint
CREATE TRIGGER est_diagnostico_planilla_del AFTER DELETE ON planilla REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION est_diagnostico_planilla();--> statement-breakpoint
-- A procedure changed state (or provider, service, subscription, sandbox) or was deleted: its counts by
-- month and diagnosis (its D rows of est_dimension, kept by 0023) leave the old key and, on an update,
-- join the new one. Only the procedure's own rows are read (a few hundred at most).
CREATE OR REPLACE FUNCTION est_diagnostico_tramite() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  nuevo tramite;
BEGIN
  IF TG_OP = 'UPDATE' THEN nuevo := NEW; END IF;
  INSERT INTO est_diagnostico AS e (id_suscripcion, sandbox, id_prestador, id_servicio, estado_tramite, mes, diag1,
                                    atenciones, reclamado, glosa)
  SELECT k.id_suscripcion, k.sandbox, k.id_prestador, k.id_servicio, k.estado_tramite, d.fecha, d.clave,
         sum(k.s * d.atenciones), sum(k.s * d.reclamado), sum(k.s * d.glosa)
    FROM est_dimension d
   CROSS JOIN (VALUES
     (-1, OLD.id_suscripcion, OLD.sandbox, OLD.id_prestador, OLD.id_servicio, OLD.estado_tramite),
     (1, nuevo.id_suscripcion, nuevo.sandbox, nuevo.id_prestador, nuevo.id_servicio, nuevo.estado_tramite)
   ) AS k(s, id_suscripcion, sandbox, id_prestador, id_servicio, estado_tramite)
   WHERE d.tipo = 'D' AND d.id_tramite = OLD.id_tramite
     AND (k.s = -1 OR TG_OP = 'UPDATE')
     AND k.estado_tramite NOT IN ('REGISTRADO', 'CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO')
   GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(k.s * d.atenciones) <> 0 OR sum(k.s * d.reclamado) <> 0 OR sum(k.s * d.glosa) <> 0
   ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ON CONSTRAINT est_diagnostico_pk DO UPDATE SET
    atenciones = e.atenciones + excluded.atenciones, reclamado = e.reclamado + excluded.reclamado,
    glosa = e.glosa + excluded.glosa;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER est_diagnostico_tramite_upd
  AFTER UPDATE OF id_suscripcion, sandbox, id_prestador, id_servicio, estado_tramite ON tramite FOR EACH ROW
  WHEN ((OLD.id_suscripcion, OLD.sandbox, OLD.id_prestador, OLD.id_servicio, OLD.estado_tramite)
        IS DISTINCT FROM (NEW.id_suscripcion, NEW.sandbox, NEW.id_prestador, NEW.id_servicio, NEW.estado_tramite))
  EXECUTE FUNCTION est_diagnostico_tramite();--> statement-breakpoint
CREATE TRIGGER est_diagnostico_tramite_del AFTER DELETE ON tramite FOR EACH ROW
  EXECUTE FUNCTION est_diagnostico_tramite();--> statement-breakpoint
-- The attentions already there, from the D rows of the procedures that exist.
INSERT INTO est_diagnostico (id_suscripcion, sandbox, id_prestador, id_servicio, estado_tramite, mes, diag1,
                             atenciones, reclamado, glosa)
SELECT t.id_suscripcion, t.sandbox, t.id_prestador, t.id_servicio, t.estado_tramite, d.fecha, d.clave,
       sum(d.atenciones), sum(d.reclamado), sum(d.glosa)
  FROM est_dimension d JOIN tramite t ON t.id_tramite = d.id_tramite
 WHERE d.tipo = 'D' AND t.estado_tramite NOT IN ('REGISTRADO', 'CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO')
 GROUP BY 1, 2, 3, 4, 5, 6, 7
HAVING sum(d.atenciones) <> 0 OR sum(d.reclamado) <> 0 OR sum(d.glosa) <> 0;
