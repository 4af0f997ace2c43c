CREATE TABLE "carga_respaldo" (
	"id_carga_respaldo" serial PRIMARY KEY NOT NULL,
	"id_carga" integer NOT NULL,
	"id_tramite" integer NOT NULL,
	"nombre_archivo" varchar(300) NOT NULL,
	"tipo" varchar(60) NOT NULL,
	"tamanio" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"ruta" varchar(300) NOT NULL,
	"id_usuario_reg" integer NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carga_respaldo" ADD CONSTRAINT "carga_respaldo_id_carga_carga_id_carga_fk" FOREIGN KEY ("id_carga") REFERENCES "public"."carga"("id_carga") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carga_respaldo_carga_idx" ON "carga_respaldo" USING btree ("id_carga");