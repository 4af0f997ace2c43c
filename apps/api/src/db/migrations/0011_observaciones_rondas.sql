-- The auditor–provider conversation (issue 13): rounds, answers, acceptance and a stale-write
-- version on each observation, plus copies of the attention's procedure, load, number and state so
-- that the pending-observations list of a procedure pages in an index (10,000 observations, p95
-- under 100 ms at 50 clients). The copies are kept by triggers, never written by the API.
ALTER TABLE "pla_obs"
	ADD COLUMN "id_tramite" integer,
	ADD COLUMN "id_carga" integer,
	ADD COLUMN "planilla_numero" varchar(40),
	ADD COLUMN "planilla_estado" smallint DEFAULT 1 NOT NULL,
	ADD COLUMN "version" integer DEFAULT 1 NOT NULL,
	ADD COLUMN "ronda" integer,
	ADD COLUMN "fecha_envio" timestamp with time zone,
	ADD COLUMN "id_usuario_envio" integer,
	ADD COLUMN "fecha_resp" timestamp with time zone,
	ADD COLUMN "id_usuario_resp" integer,
	ADD COLUMN "fecha_envio_resp" timestamp with time zone,
	ADD COLUMN "id_usuario_envio_resp" integer,
	ADD COLUMN "aceptada" smallint DEFAULT 0 NOT NULL,
	ADD COLUMN "resolucion" varchar(10),
	ADD COLUMN "fecha_acepta" timestamp with time zone,
	ADD COLUMN "id_usuario_acepta" integer,
	ADD COLUMN "respondida" boolean GENERATED ALWAYS AS (id_respuesta IS NOT NULL OR respuesta IS NOT NULL) STORED;--> statement-breakpoint
ALTER TABLE "pla_det_obs"
	ADD COLUMN "id_tramite" integer,
	ADD COLUMN "id_carga" integer,
	ADD COLUMN "planilla_numero" varchar(40),
	ADD COLUMN "planilla_estado" smallint DEFAULT 1 NOT NULL,
	ADD COLUMN "version" integer DEFAULT 1 NOT NULL,
	ADD COLUMN "ronda" integer,
	ADD COLUMN "fecha_envio" timestamp with time zone,
	ADD COLUMN "id_usuario_envio" integer,
	ADD COLUMN "fecha_resp" timestamp with time zone,
	ADD COLUMN "id_usuario_resp" integer,
	ADD COLUMN "fecha_envio_resp" timestamp with time zone,
	ADD COLUMN "id_usuario_envio_resp" integer,
	ADD COLUMN "aceptada" smallint DEFAULT 0 NOT NULL,
	ADD COLUMN "resolucion" varchar(10),
	ADD COLUMN "fecha_acepta" timestamp with time zone,
	ADD COLUMN "id_usuario_acepta" integer,
	ADD COLUMN "respondida" boolean GENERATED ALWAYS AS (id_respuesta IS NOT NULL OR respuesta IS NOT NULL) STORED;--> statement-breakpoint
UPDATE "pla_obs" o SET id_tramite = p.id_tramite, id_carga = p.id_carga, planilla_numero = p.numero, planilla_estado = p.estado
  FROM planilla p WHERE p.id_planilla = o.id_planilla;--> statement-breakpoint
UPDATE "pla_det_obs" o SET id_tramite = p.id_tramite, id_carga = p.id_carga, planilla_numero = p.numero, planilla_estado = p.estado
  FROM planilla p WHERE p.id_planilla = o.id_planilla;--> statement-breakpoint
-- A new observation (or one moved to another attention) copies its attention's keys.
CREATE OR REPLACE FUNCTION obs_copia_planilla() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.id_tramite, p.id_carga, p.numero, p.estado
    INTO NEW.id_tramite, NEW.id_carga, NEW.planilla_numero, NEW.planilla_estado
    FROM planilla p WHERE p.id_planilla = NEW.id_planilla;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER pla_obs_copia_planilla BEFORE INSERT OR UPDATE OF id_planilla ON "pla_obs"
  FOR EACH ROW EXECUTE FUNCTION obs_copia_planilla();--> statement-breakpoint
CREATE TRIGGER pla_det_obs_copia_planilla BEFORE INSERT OR UPDATE OF id_planilla ON "pla_det_obs"
  FOR EACH ROW EXECUTE FUNCTION obs_copia_planilla();--> statement-breakpoint
-- An attention whose procedure, load, number or state changes updates its observations' copies
-- (fires only for updates that set one of those columns and change it).
CREATE OR REPLACE FUNCTION planilla_obs_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pla_obs SET id_tramite = NEW.id_tramite, id_carga = NEW.id_carga, planilla_numero = NEW.numero,
                     planilla_estado = NEW.estado
   WHERE id_planilla = NEW.id_planilla;
  UPDATE pla_det_obs SET id_tramite = NEW.id_tramite, id_carga = NEW.id_carga, planilla_numero = NEW.numero,
                         planilla_estado = NEW.estado
   WHERE id_planilla = NEW.id_planilla;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER planilla_obs_sync AFTER UPDATE OF id_tramite, id_carga, numero, estado ON "planilla"
  FOR EACH ROW
  WHEN ((OLD.id_tramite, OLD.id_carga, OLD.numero, OLD.estado) IS DISTINCT FROM (NEW.id_tramite, NEW.id_carga, NEW.numero, NEW.estado))
  EXECUTE FUNCTION planilla_obs_sync();--> statement-breakpoint
-- The procedure's observations of one type and load in attention-number order (the pending list,
-- the provider's lists, the completeness checks and the workflow guards): index-only counts, pages
-- without a sort.
CREATE INDEX "pla_obs_tramite_idx" ON "pla_obs" USING btree ("id_tramite","observacion_tipo","id_carga","planilla_numero","id_planilla","id_pla_obs")
  INCLUDE ("respondida","ronda","fecha_envio_resp","aceptada") WHERE estado = 1 AND planilla_estado = 1;--> statement-breakpoint
CREATE INDEX "pla_det_obs_tramite_idx" ON "pla_det_obs" USING btree ("id_tramite","observacion_tipo","id_carga","planilla_numero","id_planilla","id_pla_det_obs")
  INCLUDE ("respondida","ronda","fecha_envio_resp","aceptada") WHERE estado = 1 AND planilla_estado = 1;--> statement-breakpoint
CREATE INDEX "pla_det_obs_detalle_idx" ON "pla_det_obs" USING btree ("id_planilla_det");
