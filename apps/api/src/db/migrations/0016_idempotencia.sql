-- Idempotency keys (issue 14 §2, decision 49; apps/api/src/plugins/idempotency.ts): the first answer to
-- each (user, key) of a POST or PUT, replayed to a repeated request with the same key until it
-- expires. A row without `estado_http` is a request still running (its lease is `fecha_creacion`).
CREATE TABLE IF NOT EXISTS "idempotencia" (
	"id_usuario" integer NOT NULL REFERENCES "usuario" ("id_usuario") ON DELETE CASCADE,
	"clave" varchar(255) NOT NULL,
	"metodo_ruta" varchar(300) NOT NULL,
	"huella" char(64) NOT NULL,
	"estado_http" smallint,
	"tipo_contenido" varchar(200),
	"respuesta" text,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotencia_pk" PRIMARY KEY ("id_usuario", "clave")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "idempotencia_expira_idx" ON "idempotencia" USING btree ("expira");
