CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is STABLE; an IMMUTABLE wrapper with an explicit dictionary lets indexes use it.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS diagnostico_nombre_trgm ON diagnostico USING gin (f_unaccent(lower(nombre)) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS diagnostico_codigo_trgm ON diagnostico USING gin (codigo gin_trgm_ops);
