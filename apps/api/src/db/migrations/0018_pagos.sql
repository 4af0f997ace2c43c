-- The insurer's payment files (issue 15 item 2, docs/spec-summary.md 000 §2 'upload a financial file'; decision 56).
-- pago_fin: one accepted file of a procedure (its SHA-256 refuses the same file twice);
-- pago_fin_fila: each row as matched to an attention, with what was approved and paid before it;
-- pago_fin_det: the row's amount spread over the attention's lines, so each line knows what was paid.
-- Money is numeric(14,2), never a float (decision 43).
CREATE TABLE "pago_fin" (
	"id_pago_fin" serial PRIMARY KEY NOT NULL,
	"id_tramite" integer NOT NULL REFERENCES "tramite"("id_tramite"),
	"nombre_archivo" varchar(255) NOT NULL,
	"hash" varchar(64) NOT NULL,
	"fecha_modificacion" timestamp with time zone,
	"filas" integer NOT NULL,
	"total_pagado" numeric(14, 2) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer REFERENCES "usuario"("id_usuario"),
	"id_usuario_act" integer,
	CONSTRAINT "pago_fin_total_ck" CHECK (total_pagado >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "pago_fin_tramite_hash_uq" ON "pago_fin" USING btree ("id_tramite", "hash");--> statement-breakpoint
CREATE TABLE "pago_fin_fila" (
	"id_pago_fin_fila" serial PRIMARY KEY NOT NULL,
	"id_pago_fin" integer NOT NULL REFERENCES "pago_fin"("id_pago_fin") ON DELETE CASCADE,
	"fila" integer NOT NULL,
	"id_planilla" integer NOT NULL REFERENCES "planilla"("id_planilla"),
	"codigo" varchar(30),
	"fecha_atencion" date,
	"valor_aprobado" numeric(14, 2) NOT NULL,
	"valor_pagado_antes" numeric(14, 2) NOT NULL,
	"valor_pagado" numeric(14, 2) NOT NULL,
	"fecha_pago" date NOT NULL,
	"referencia" varchar(60),
	CONSTRAINT "pago_fin_fila_valor_ck" CHECK (valor_pagado >= 0 AND valor_pagado_antes >= 0 AND valor_aprobado >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "pago_fin_fila_archivo_fila_uq" ON "pago_fin_fila" USING btree ("id_pago_fin", "fila");--> statement-breakpoint
CREATE INDEX "pago_fin_fila_planilla_idx" ON "pago_fin_fila" USING btree ("id_planilla");--> statement-breakpoint
CREATE TABLE "pago_fin_det" (
	"id_pago_fin_fila" integer NOT NULL REFERENCES "pago_fin_fila"("id_pago_fin_fila") ON DELETE CASCADE,
	"id_planilla_det" integer NOT NULL REFERENCES "planilla_det"("id_planilla_det"),
	"valor" numeric(14, 2) NOT NULL,
	CONSTRAINT "pago_fin_det_pk" PRIMARY KEY ("id_pago_fin_fila", "id_planilla_det"),
	CONSTRAINT "pago_fin_det_valor_ck" CHECK (valor > 0)
);--> statement-breakpoint
-- What was paid for a line: the financial report and the next payment file read it per line.
CREATE INDEX "pago_fin_det_detalle_idx" ON "pago_fin_det" USING btree ("id_planilla_det") INCLUDE ("valor");
