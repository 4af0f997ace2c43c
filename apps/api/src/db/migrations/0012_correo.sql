CREATE TABLE "correo" (
	"id_correo" bigserial PRIMARY KEY NOT NULL,
	"clase" varchar(40) NOT NULL,
	"para" text NOT NULL,
	"asunto" varchar(300) NOT NULL,
	"texto" text NOT NULL,
	"html" text,
	"adjuntos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"id_tramite" integer,
	"estado" varchar(10) DEFAULT 'PENDIENTE' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento" timestamp with time zone DEFAULT now() NOT NULL,
	"reclamado_en" timestamp with time zone,
	"ultimo_error" text,
	"message_id" varchar(300),
	"fecha_envio" timestamp with time zone,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE INDEX "correo_pendiente_idx" ON "correo" USING btree ("proximo_intento","id_correo") WHERE estado = 'PENDIENTE';--> statement-breakpoint
CREATE INDEX "correo_tramite_idx" ON "correo" USING btree ("id_tramite","fecha_reg");
