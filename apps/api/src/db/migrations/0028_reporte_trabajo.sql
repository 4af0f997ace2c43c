-- PDF reports drawn by a background job (issue 16 item 3, decision 78): one row per report being
-- built — its variant and the data version it builds — so that a double click or a retry adds the
-- job once, and any replica reads its progress (written by the worker every second). The row goes
-- when the report is stored; FALLIDO is the dead letter the next request reports once.
CREATE TABLE IF NOT EXISTS "reporte_trabajo" (
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
	CONSTRAINT "reporte_trabajo_pk" PRIMARY KEY ("id_tramite", "variante", "version")
);--> statement-breakpoint
ALTER TABLE "reporte_trabajo" ADD CONSTRAINT "reporte_trabajo_id_tramite_tramite_id_tramite_fk" FOREIGN KEY ("id_tramite") REFERENCES "public"."tramite"("id_tramite") ON DELETE cascade ON UPDATE no action;
