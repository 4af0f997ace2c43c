-- Money of the audit (issue 13 item 3): every line keeps what the provider claimed (cantidad ×
-- valor_uni, unchanged) and what the audit approved; the difference is the objected amount (glosa).
-- NULL approved values mean "as claimed" (lines nobody audited yet, and every line the ingest
-- writes), so no writer of planilla_det has to know about them. An inactive line approves nothing.
ALTER TABLE "planilla_det"
	ADD COLUMN "cantidad_aprobada" integer,
	ADD COLUMN "valor_aprobado" numeric(14, 2),
	ADD CONSTRAINT "planilla_det_valor_aprobado_ck" CHECK (valor_aprobado IS NULL OR valor_aprobado >= 0),
	ADD CONSTRAINT "planilla_det_cantidad_aprobada_ck" CHECK (cantidad_aprobada IS NULL OR cantidad_aprobada >= 0);--> statement-breakpoint
-- Totals per attention, kept by statement triggers on planilla_det in the same transaction as the
-- change, so that the totals of a procedure (100,000 attentions) are one index-only scan.
-- `total` (claimed of the active lines) stays as it was for its readers.
ALTER TABLE "planilla"
	ADD COLUMN "total_reclamado" numeric(14, 2) DEFAULT 0 NOT NULL,
	ADD COLUMN "total_aprobado" numeric(14, 2) DEFAULT 0 NOT NULL,
	ADD COLUMN "total_glosa" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION planilla_recalcular_totales(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE planilla p SET total_reclamado = s.r, total_aprobado = s.a, total_glosa = s.r - s.a
    FROM (SELECT x.id,
                 COALESCE(sum(round(d.cantidad * d.valor_uni, 2)), 0) AS r,
                 COALESCE(sum(CASE WHEN d.estado = 1
                                   THEN COALESCE(d.valor_aprobado, round(d.cantidad * d.valor_uni, 2)) ELSE 0 END), 0) AS a
            FROM unnest(ids) AS x(id) LEFT JOIN planilla_det d ON d.id_planilla = x.id
           GROUP BY x.id) s
   WHERE p.id_planilla = s.id AND (p.total_reclamado, p.total_aprobado) IS DISTINCT FROM (s.r, s.a)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION planilla_det_totales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM planilla_recalcular_totales(ARRAY(SELECT DISTINCT n.id_planilla FROM new_rows n ORDER BY 1));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM planilla_recalcular_totales(ARRAY(SELECT DISTINCT o.id_planilla FROM old_rows o ORDER BY 1));
  ELSE
    PERFORM planilla_recalcular_totales(ARRAY(
      SELECT n.id_planilla FROM new_rows n JOIN old_rows o ON o.id_planilla_det = n.id_planilla_det
       WHERE (o.id_planilla, o.cantidad, o.valor_uni, o.estado, o.valor_aprobado)
             IS DISTINCT FROM (n.id_planilla, n.cantidad, n.valor_uni, n.estado, n.valor_aprobado)
      UNION
      SELECT o.id_planilla FROM new_rows n JOIN old_rows o ON o.id_planilla_det = n.id_planilla_det
       WHERE o.id_planilla IS DISTINCT FROM n.id_planilla
      ORDER BY 1));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER planilla_det_totales_ins AFTER INSERT ON planilla_det REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION planilla_det_totales();--> statement-breakpoint
CREATE TRIGGER planilla_det_totales_upd AFTER UPDATE ON planilla_det REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION planilla_det_totales();--> statement-breakpoint
CREATE TRIGGER planilla_det_totales_del AFTER DELETE ON planilla_det REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION planilla_det_totales();--> statement-breakpoint
SELECT planilla_recalcular_totales(ARRAY(SELECT id_planilla FROM planilla ORDER BY 1));--> statement-breakpoint
-- Totals of a procedure and of each of its loads: an index-only scan of its active attentions.
CREATE INDEX "planilla_tramite_totales_idx" ON "planilla" USING btree ("id_tramite","id_carga")
  INCLUDE ("total_reclamado","total_aprobado","total_glosa") WHERE estado = 1;
