ALTER TABLE "carga_error" DROP CONSTRAINT "carga_error_id_carga_carga_id_carga_fk";
--> statement-breakpoint
ALTER TABLE "carga_fila" DROP CONSTRAINT "carga_fila_id_carga_carga_id_carga_fk";
