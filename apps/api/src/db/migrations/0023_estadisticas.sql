-- Figures of the report pages (issue 15 item 3, decision 66). Every figure is computed in SQL over the
-- whole data; on 1,000,000 attentions a scan of `planilla` (or even of an index of it) takes about a
-- second on two busy cores, so the attentions are also counted, per procedure, in two small tables kept
-- by statement triggers on `planilla`, in the same transaction as the change (the pattern of 0007 and
-- 0013). Only active attentions (estado = 1) count. No foreign keys: like `planilla_rev`, the rows are
-- written only by these triggers, and the reports join `tramite` for the caller's scope.

-- Attentions per procedure, month of attention, assignment and review state of both processes.
CREATE TABLE "est_revision" (
	"id_tramite" integer NOT NULL,
	"mes" date NOT NULL,
	"id_usuario_med" integer NOT NULL,
	"estado_aud" varchar(12) NOT NULL,
	"id_usuario_doc" integer NOT NULL,
	"estado_doc" varchar(12) NOT NULL,
	"atenciones" integer DEFAULT 0 NOT NULL,
	"reclamado" numeric(16, 2) DEFAULT 0 NOT NULL,
	"aprobado" numeric(16, 2) DEFAULT 0 NOT NULL,
	"glosa" numeric(16, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "est_revision_pk" PRIMARY KEY ("id_tramite", "mes", "id_usuario_med", "estado_aud", "id_usuario_doc", "estado_doc")
);--> statement-breakpoint
-- Attentions per procedure and one more dimension: D main diagnosis (month of attention), M treating
-- doctor's cédula (month of attention), E that doctor's specialty (month of attention; kept right when
-- a doctor's specialty changes, below), A medical auditor (day of the review), G document manager (day
-- of the review). `clave` is '' when the attention has none.
CREATE TABLE "est_dimension" (
	"id_tramite" integer NOT NULL,
	"tipo" char(1) NOT NULL,
	"clave" varchar(13) NOT NULL,
	"fecha" date NOT NULL,
	"atenciones" integer DEFAULT 0 NOT NULL,
	"reclamado" numeric(16, 2) DEFAULT 0 NOT NULL,
	"aprobado" numeric(16, 2) DEFAULT 0 NOT NULL,
	"glosa" numeric(16, 2) DEFAULT 0 NOT NULL,
	-- Led by the type and covering the amounts: a report reads one type of every procedure in scope
	-- with an index-only scan.
	CONSTRAINT "est_dimension_pk" PRIMARY KEY ("tipo", "id_tramite", "clave", "fecha")
		INCLUDE ("atenciones", "reclamado", "aprobado", "glosa")
);--> statement-breakpoint
-- The specialty of a treating doctor's cédula (the first doctor registered with it).
CREATE VIEW est_medico_especialidad AS
  SELECT DISTINCT ON (m.documento) m.documento, m.id_especialidad
    FROM medico m WHERE m.id_especialidad IS NOT NULL ORDER BY m.documento, m.id_medico;--> statement-breakpoint
-- Adds the signed rows of each statement on planilla (+1 each new active row, -1 each old one) to both
-- tables, grouped, in key order; groups whose changes cancel out (an edit of a name) write nothing.
CREATE OR REPLACE FUNCTION est_planilla() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text;
BEGIN
  src := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS s, n.* FROM new_rows n WHERE n.estado = 1'
    WHEN 'DELETE' THEN 'SELECT -1 AS s, o.* FROM old_rows o WHERE o.estado = 1'
    ELSE 'SELECT 1 AS s, n.* FROM new_rows n WHERE n.estado = 1
          UNION ALL SELECT -1 AS s, o.* FROM old_rows o WHERE o.estado = 1'
  END;
  EXECUTE format($f$
    INSERT INTO est_revision AS e (id_tramite, mes, id_usuario_med, estado_aud, id_usuario_doc, estado_doc,
                                   atenciones, reclamado, aprobado, glosa)
    SELECT c.id_tramite, date_trunc('month', c.fecha_desde)::date, COALESCE(c.id_usuario_med, 0), c.estado_aud,
           COALESCE(c.id_usuario_doc, 0), c.estado_doc,
           sum(c.s), sum(c.s * c.total_reclamado), sum(c.s * c.total_aprobado), sum(c.s * c.total_glosa)
      FROM (%s) c
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(c.s) <> 0 OR sum(c.s * c.total_reclamado) <> 0 OR sum(c.s * c.total_aprobado) <> 0
        OR sum(c.s * c.total_glosa) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT est_revision_pk DO UPDATE SET
      atenciones = e.atenciones + excluded.atenciones, reclamado = e.reclamado + excluded.reclamado,
      aprobado = e.aprobado + excluded.aprobado, glosa = e.glosa + excluded.glosa$f$, src);
  EXECUTE format($f$
    INSERT INTO est_dimension AS e (id_tramite, tipo, clave, fecha, atenciones, reclamado, aprobado, glosa)
    SELECT c.id_tramite, d.tipo, d.clave, d.fecha,
           sum(c.s), sum(c.s * c.total_reclamado), sum(c.s * c.total_aprobado), sum(c.s * c.total_glosa)
      FROM (%s) c
      LEFT JOIN est_medico_especialidad me ON me.documento = c.cedula_medico
     CROSS JOIN LATERAL (VALUES
       ('D', COALESCE(c.diag1, ''), date_trunc('month', c.fecha_desde)::date),
       ('M', COALESCE(c.cedula_medico, ''), date_trunc('month', c.fecha_desde)::date),
       ('E', COALESCE(me.id_especialidad::text, ''), date_trunc('month', c.fecha_desde)::date),
       ('A', COALESCE(c.id_usuario_med, 0)::text,
             CASE WHEN c.estado_aud <> 'PENDIENTE' THEN (c.fecha_aud AT TIME ZONE 'America/Guayaquil')::date END),
       ('G', COALESCE(c.id_usuario_doc, 0)::text,
             CASE WHEN c.estado_doc <> 'PENDIENTE' THEN (c.fecha_doc AT TIME ZONE 'America/Guayaquil')::date END)
     ) AS d(tipo, clave, fecha)
     WHERE d.fecha IS NOT NULL
     GROUP BY 1, 2, 3, 4
    HAVING sum(c.s) <> 0 OR sum(c.s * c.total_reclamado) <> 0 OR sum(c.s * c.total_aprobado) <> 0
        OR sum(c.s * c.total_glosa) <> 0
     ORDER BY 2, 1, 3, 4
    ON CONFLICT ON CONSTRAINT est_dimension_pk DO UPDATE SET
      atenciones = e.atenciones + excluded.atenciones, reclamado = e.reclamado + excluded.reclamado,
      aprobado = e.aprobado + excluded.aprobado, glosa = e.glosa + excluded.glosa$f$, src);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER est_planilla_ins AFTER INSERT ON planilla REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION est_planilla();--> statement-breakpoint
CREATE TRIGGER est_planilla_upd AFTER UPDATE ON planilla REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION est_planilla();--> statement-breakpoint
CREATE TRIGGER est_planilla_del AFTER DELETE ON planilla REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION est_planilla();--> statement-breakpoint
-- The attentions already there.
INSERT INTO est_revision (id_tramite, mes, id_usuario_med, estado_aud, id_usuario_doc, estado_doc,
                          atenciones, reclamado, aprobado, glosa)
SELECT id_tramite, date_trunc('month', fecha_desde)::date, COALESCE(id_usuario_med, 0), estado_aud,
       COALESCE(id_usuario_doc, 0), estado_doc, count(*), sum(total_reclamado), sum(total_aprobado), sum(total_glosa)
  FROM planilla WHERE estado = 1 GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
INSERT INTO est_dimension (id_tramite, tipo, clave, fecha, atenciones, reclamado, aprobado, glosa)
SELECT p.id_tramite, d.tipo, d.clave, d.fecha, count(*), sum(p.total_reclamado), sum(p.total_aprobado), sum(p.total_glosa)
  FROM planilla p
  LEFT JOIN est_medico_especialidad me ON me.documento = p.cedula_medico
 CROSS JOIN LATERAL (VALUES
   ('D', COALESCE(p.diag1, ''), date_trunc('month', p.fecha_desde)::date),
   ('M', COALESCE(p.cedula_medico, ''), date_trunc('month', p.fecha_desde)::date),
   ('E', COALESCE(me.id_especialidad::text, ''), date_trunc('month', p.fecha_desde)::date),
   ('A', COALESCE(p.id_usuario_med, 0)::text,
         CASE WHEN p.estado_aud <> 'PENDIENTE' THEN (p.fecha_aud AT TIME ZONE 'America/Guayaquil')::date END),
   ('G', COALESCE(p.id_usuario_doc, 0)::text,
         CASE WHEN p.estado_doc <> 'PENDIENTE' THEN (p.fecha_doc AT TIME ZONE 'America/Guayaquil')::date END)
 ) AS d(tipo, clave, fecha)
 WHERE p.estado = 1 AND d.fecha IS NOT NULL
 GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- A doctor registered, changed or removed: the specialty counts (E) of the procedures where that cédula
-- treated are rebuilt from their doctor counts (M), so a specialty assigned later counts at once.
CREATE OR REPLACE FUNCTION est_medico() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  docs text[];
BEGIN
  IF TG_OP = 'INSERT' THEN SELECT array_agg(DISTINCT n.documento) INTO docs FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN SELECT array_agg(DISTINCT o.documento) INTO docs FROM old_rows o;
  ELSE SELECT array_agg(DISTINCT x) INTO docs FROM (SELECT n.documento FROM new_rows n UNION SELECT o.documento FROM old_rows o) s(x);
  END IF;
  DELETE FROM est_dimension d
   WHERE d.tipo = 'E'
     AND d.id_tramite IN (SELECT m.id_tramite FROM est_dimension m WHERE m.tipo = 'M' AND m.clave = ANY(docs));
  INSERT INTO est_dimension (id_tramite, tipo, clave, fecha, atenciones, reclamado, aprobado, glosa)
  SELECT d.id_tramite, 'E', COALESCE(me.id_especialidad::text, ''), d.fecha, sum(d.atenciones), sum(d.reclamado),
         sum(d.aprobado), sum(d.glosa)
    FROM est_dimension d
    LEFT JOIN est_medico_especialidad me ON me.documento = d.clave
   WHERE d.tipo = 'M'
     AND d.id_tramite IN (SELECT m.id_tramite FROM est_dimension m WHERE m.tipo = 'M' AND m.clave = ANY(docs))
   GROUP BY 1, 3, 4 ORDER BY 1, 3, 4;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER est_medico_ins AFTER INSERT ON medico REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION est_medico();--> statement-breakpoint
CREATE TRIGGER est_medico_upd AFTER UPDATE ON medico REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION est_medico();--> statement-breakpoint
CREATE TRIGGER est_medico_del AFTER DELETE ON medico REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION est_medico();--> statement-breakpoint
-- The states a procedure went through, with when it entered and left each one (the log keeps them as
-- sentences): written by a row trigger on every insert and state change of `tramite`, however made.
-- Procedures already there get one open stay in their current state, from their last change.
CREATE TABLE "tramite_estado_hist" (
	"id_tramite_estado_hist" serial PRIMARY KEY NOT NULL,
	"id_tramite" integer NOT NULL,
	"estado" varchar(20) NOT NULL,
	"desde" timestamp with time zone NOT NULL,
	"hasta" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "tramite_estado_hist_tramite_idx" ON "tramite_estado_hist" USING btree ("id_tramite", "desde");--> statement-breakpoint
CREATE UNIQUE INDEX "tramite_estado_hist_abierta_uq" ON "tramite_estado_hist" USING btree ("id_tramite") WHERE hasta IS NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tramite_estado_hist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tramite_estado_hist (id_tramite, estado, desde) VALUES (NEW.id_tramite, NEW.estado_tramite, NEW.fecha_reg);
  ELSIF NEW.estado_tramite IS DISTINCT FROM OLD.estado_tramite THEN
    UPDATE tramite_estado_hist SET hasta = greatest(now(), desde) WHERE id_tramite = NEW.id_tramite AND hasta IS NULL;
    INSERT INTO tramite_estado_hist (id_tramite, estado, desde) VALUES (NEW.id_tramite, NEW.estado_tramite, now());
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tramite_estado_hist_ins AFTER INSERT ON tramite FOR EACH ROW EXECUTE FUNCTION tramite_estado_hist();--> statement-breakpoint
CREATE TRIGGER tramite_estado_hist_upd AFTER UPDATE OF estado_tramite ON tramite FOR EACH ROW EXECUTE FUNCTION tramite_estado_hist();--> statement-breakpoint
INSERT INTO tramite_estado_hist (id_tramite, estado, desde)
SELECT id_tramite, estado_tramite, COALESCE(fecha_act, fecha_reg) FROM tramite;
