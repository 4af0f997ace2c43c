ALTER TABLE "tarifa_pres" ADD COLUMN "id_tarifario" integer;--> statement-breakpoint
ALTER TABLE "tarifa_pres" ADD CONSTRAINT "tarifa_pres_id_tarifario_tarifario_id_tarifario_fk" FOREIGN KEY ("id_tarifario") REFERENCES "public"."tarifario"("id_tarifario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagnostico_clas_diag_idx" ON "diagnostico" USING btree ("id_clas_diag");--> statement-breakpoint
CREATE INDEX "elem_pres_elemento_idx" ON "elem_pres" USING btree ("id_elemento");--> statement-breakpoint
CREATE INDEX "elemento_clas_elem_idx" ON "elemento" USING btree ("id_clas_elem");--> statement-breakpoint
-- f_unaccent of 0001 wraps the STABLE unaccent() in a SQL function, which the planner cannot inline:
-- every row a search rechecks went through the SQL-function executor (about 1 ms a row on PGlite).
-- The C function itself declared IMMUTABLE makes the wrapper inlinable; same values, so indexes stay valid.
CREATE OR REPLACE FUNCTION immutable_unaccent(regdictionary, text) RETURNS text
  LANGUAGE c IMMUTABLE PARALLEL SAFE STRICT AS '$libdir/unaccent', 'unaccent_dict';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN immutable_unaccent(regdictionary 'public.unaccent', $1);
--> statement-breakpoint
-- CIE-10 is loaded once and rarely changes: with GIN's fast update its 14,212 rows stayed in the
-- index's pending list (PGlite has no autovacuum to merge it), which the planner prices as a
-- sequential scan. Without it, rows go straight into the index; REINDEX merges what is pending.
ALTER INDEX diagnostico_nombre_trgm SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX diagnostico_codigo_trgm SET (fastupdate = off);
--> statement-breakpoint
REINDEX INDEX diagnostico_nombre_trgm;
--> statement-breakpoint
REINDEX INDEX diagnostico_codigo_trgm;
--> statement-breakpoint
-- Statistics for databases seeded before this migration (PGlite has no autovacuum to gather them).
ANALYZE;
