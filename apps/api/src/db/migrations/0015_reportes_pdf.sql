-- PDF reports of a procedure served from what was generated (issue 15 item 1, decision 48).
-- 1. A revision counter of each procedure's line items (planilla_rev.detalles), bumped by statement
--    triggers on planilla_det in the writing transaction, like the counters of migrations 0007 and
--    0014: with them and the rows' xmin of the procedure's header, a report's data version is one
--    cheap, exact query (features/reportes/cache.ts).
-- 2. reporte_pdf: the last generated PDF of each variant of a report (report, load, type, attention,
--    reader), the data version it was drawn from and where the storage layer keeps it.
ALTER TABLE "planilla_rev" ADD COLUMN IF NOT EXISTS "detalles" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION planilla_det_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO planilla_rev AS r (id_tramite, detalles)
    SELECT DISTINCT p.id_tramite, 1 FROM planilla p
     WHERE p.id_planilla IN (SELECT n.id_planilla FROM new_rows n) ORDER BY 1
    ON CONFLICT (id_tramite) DO UPDATE SET detalles = r.detalles + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO planilla_rev AS r (id_tramite, detalles)
    SELECT DISTINCT p.id_tramite, 1 FROM planilla p
     WHERE p.id_planilla IN (SELECT o.id_planilla FROM old_rows o) ORDER BY 1
    ON CONFLICT (id_tramite) DO UPDATE SET detalles = r.detalles + 1;
  ELSE
    INSERT INTO planilla_rev AS r (id_tramite, detalles)
    SELECT DISTINCT p.id_tramite, 1 FROM planilla p
     WHERE p.id_planilla IN (SELECT n.id_planilla FROM new_rows n UNION SELECT o.id_planilla FROM old_rows o) ORDER BY 1
    ON CONFLICT (id_tramite) DO UPDATE SET detalles = r.detalles + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER planilla_det_rev_ins AFTER INSERT ON "planilla_det" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION planilla_det_rev();--> statement-breakpoint
CREATE TRIGGER planilla_det_rev_upd AFTER UPDATE ON "planilla_det" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION planilla_det_rev();--> statement-breakpoint
CREATE TRIGGER planilla_det_rev_del AFTER DELETE ON "planilla_det" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION planilla_det_rev();--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "reporte_pdf" (
	"id_reporte_pdf" serial PRIMARY KEY NOT NULL,
	"id_tramite" integer NOT NULL,
	"variante" varchar(80) NOT NULL,
	"version" varchar(64) NOT NULL,
	"clave_objeto" varchar(300) NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"tamano" bigint NOT NULL,
	"paginas" integer NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reporte_pdf_tramite_variante_uq" UNIQUE ("id_tramite", "variante")
);--> statement-breakpoint
ALTER TABLE "reporte_pdf" ADD CONSTRAINT "reporte_pdf_id_tramite_tramite_id_tramite_fk" FOREIGN KEY ("id_tramite") REFERENCES "public"."tramite"("id_tramite") ON DELETE cascade ON UPDATE no action;
