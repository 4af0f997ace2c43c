-- ZIP downloads built by a background job (issue 16 item 1, decision 80). zip_trabajo: one row per
-- ZIP being built — its procedure, variant (grouping and load) and the version of the files it
-- holds — so that a double click or a retry adds the job once and any replica reads its progress
-- (written by the worker every second); the row goes when the ZIP is stored, FALLIDO is the dead
-- letter the next request reports once. zip_archivo: the ZIPs stored in the storage layer, served
-- to the next request for the same files and removed with their object after 24 hours (no foreign
-- key: a row outlives its procedure until the clean-up removes its object).
CREATE TABLE IF NOT EXISTS "zip_trabajo" (
	"id_tramite" integer NOT NULL,
	"variante" varchar(80) NOT NULL,
	"version" varchar(64) NOT NULL,
	"estado" varchar(12) DEFAULT 'PENDIENTE' NOT NULL,
	"intento" integer DEFAULT 0 NOT NULL,
	"max_intentos" integer NOT NULL,
	"progreso" integer DEFAULT 0 NOT NULL,
	"mensaje" varchar(300),
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zip_trabajo_pk" PRIMARY KEY ("id_tramite", "variante", "version")
);--> statement-breakpoint
ALTER TABLE "zip_trabajo" ADD CONSTRAINT "zip_trabajo_id_tramite_tramite_id_tramite_fk" FOREIGN KEY ("id_tramite") REFERENCES "public"."tramite"("id_tramite") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "zip_archivo" (
	"id_tramite" integer NOT NULL,
	"variante" varchar(80) NOT NULL,
	"version" varchar(64) NOT NULL,
	"clave_objeto" varchar(300) NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"tamano" bigint NOT NULL,
	"archivos" integer NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zip_archivo_pk" PRIMARY KEY ("id_tramite", "variante", "version")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "zip_archivo_fecha_reg_idx" ON "zip_archivo" USING btree ("fecha_reg");
