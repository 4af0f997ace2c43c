CREATE TABLE "clas_diag" (
	"id_clas_diag" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(10) NOT NULL,
	"nombre" varchar(300) NOT NULL,
	"nivel" integer NOT NULL,
	"padre" varchar(10),
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer,
	CONSTRAINT "clas_diag_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "clas_elem" (
	"id_clas_elem" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"descripcion" varchar(500),
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer,
	CONSTRAINT "clas_elem_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "diagnostico" (
	"id_diagnostico" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(10) NOT NULL,
	"codigo_punto" varchar(10) NOT NULL,
	"nombre" text NOT NULL,
	"capitulo" varchar(10),
	"grupo" varchar(10),
	"id_clas_diag" integer,
	"sexo" varchar(1),
	"edad_min" integer,
	"edad_max" integer,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer,
	CONSTRAINT "diagnostico_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "especialidad" (
	"id_especialidad" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer,
	CONSTRAINT "especialidad_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "estado_civil" (
	"id_estado_civil" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer,
	CONSTRAINT "estado_civil_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "forma_pago" (
	"id_forma_pago" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer,
	CONSTRAINT "forma_pago_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "localidad" (
	"id_localidad" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(10) NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"provincia" varchar(120) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "medio_com" (
	"id_medio_com" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer,
	CONSTRAINT "medio_com_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "plan" (
	"id_plan" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"descripcion" varchar(500),
	"valor" numeric(14, 2) DEFAULT '0' NOT NULL,
	"duracion_meses" integer DEFAULT 12 NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer,
	CONSTRAINT "plan_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "servicio" (
	"id_servicio" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(10) NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer,
	CONSTRAINT "servicio_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "tipo_elem" (
	"id_tipo_elem" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(2) NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer,
	CONSTRAINT "tipo_elem_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "tipo_examen" (
	"id_tipo_examen" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer,
	CONSTRAINT "tipo_examen_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "tipo_iden" (
	"id_tipo_iden" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(5) NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"longitud" integer,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "asegurador" (
	"id_asegurador" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"tipo" varchar(40) NOT NULL,
	"id_empresa" integer,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "empresa" (
	"id_empresa" serial PRIMARY KEY NOT NULL,
	"nombre_corto" varchar(60) NOT NULL,
	"documento" varchar(13) NOT NULL,
	"id_localidad" integer,
	"razon_social" varchar(200) NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"direccion" varchar(300),
	"suscriptor" boolean DEFAULT false NOT NULL,
	"id_empresa_suscriptora" integer,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer,
	CONSTRAINT "empresa_documento_unique" UNIQUE("documento")
);
--> statement-breakpoint
CREATE TABLE "medico" (
	"id_medico" serial PRIMARY KEY NOT NULL,
	"id_persona" integer NOT NULL,
	"id_especialidad" integer,
	"documento" varchar(20) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "perfil" (
	"id_perfil" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "perfil_id_perfil_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100 CACHE 1),
	"nombre" varchar(80) NOT NULL,
	"estado" smallint DEFAULT 1 NOT NULL,
	"modulo_administracion" boolean DEFAULT false NOT NULL,
	"modulo_atencion" boolean DEFAULT false NOT NULL,
	"modulo_auditoria" boolean DEFAULT false NOT NULL,
	"modulo_facturacion" boolean DEFAULT false NOT NULL,
	"modulo_dashboards" boolean DEFAULT false NOT NULL,
	"menu_parametros" boolean DEFAULT false NOT NULL,
	"menu_procesos" boolean DEFAULT false NOT NULL,
	"menu_reportes" boolean DEFAULT false NOT NULL,
	"menu_ayuda" boolean DEFAULT false NOT NULL,
	"opcion_consulta" boolean DEFAULT false NOT NULL,
	"opcion_operaciones" boolean DEFAULT false NOT NULL,
	"opcion_descarga" boolean DEFAULT false NOT NULL,
	"opcion_menu" boolean DEFAULT false NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer,
	CONSTRAINT "perfil_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "persona" (
	"id_persona" serial PRIMARY KEY NOT NULL,
	"id_tipo_iden" integer,
	"documento" varchar(13) NOT NULL,
	"id_estado_civil" integer,
	"fecha_nac" date,
	"sexo" varchar(1),
	"telefono" varchar(10),
	"primer_nombre" varchar(60) NOT NULL,
	"segundo_nombre" varchar(60),
	"primer_apellido" varchar(60) NOT NULL,
	"segundo_apellido" varchar(60),
	"id_localidad" integer,
	"email" varchar(160),
	"direccion" varchar(300),
	"id_empresa" integer NOT NULL,
	"tipo_persona" varchar(1) DEFAULT 'N' NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "prestador" (
	"id_prestador" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"razon_social" varchar(200) NOT NULL,
	"nombre_comercial" varchar(200) NOT NULL,
	"ruc" varchar(13) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer,
	CONSTRAINT "prestador_ruc_unique" UNIQUE("ruc")
);
--> statement-breakpoint
CREATE TABLE "suscripcion" (
	"id_suscripcion" serial PRIMARY KEY NOT NULL,
	"id_plan" integer NOT NULL,
	"id_forma_pago" integer NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_usuario" integer,
	"numero" varchar(40) NOT NULL,
	"estado" varchar(20) DEFAULT 'VIGENTE' NOT NULL,
	"fecha_desde" date NOT NULL,
	"fecha_hasta" date NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"id_usuario" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_perfil" integer NOT NULL,
	"id_suscripcion" integer,
	"id_persona" integer,
	"nombre" varchar(160) NOT NULL,
	"clave" varchar(200) NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"totp_secreto" varchar(64),
	"totp_activo" boolean DEFAULT false NOT NULL,
	"modulo_administracion" boolean DEFAULT false NOT NULL,
	"modulo_atencion" boolean DEFAULT false NOT NULL,
	"modulo_auditoria" boolean DEFAULT false NOT NULL,
	"modulo_facturacion" boolean DEFAULT false NOT NULL,
	"modulo_dashboards" boolean DEFAULT false NOT NULL,
	"menu_parametros" boolean DEFAULT false NOT NULL,
	"menu_procesos" boolean DEFAULT false NOT NULL,
	"menu_reportes" boolean DEFAULT false NOT NULL,
	"menu_ayuda" boolean DEFAULT false NOT NULL,
	"opcion_consulta" boolean DEFAULT false NOT NULL,
	"opcion_operaciones" boolean DEFAULT false NOT NULL,
	"opcion_descarga" boolean DEFAULT false NOT NULL,
	"opcion_menu" boolean DEFAULT false NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer,
	CONSTRAINT "usuario_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "acceso_sesion" (
	"id_acceso_sesion" serial PRIMARY KEY NOT NULL,
	"id_sesion" uuid,
	"id_usuario" integer NOT NULL,
	"ruta" varchar(300) NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clave_reset" (
	"id_clave_reset" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"usado" boolean DEFAULT false NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clave_reset_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "consejo_perfil" (
	"id_consejo_perfil" serial PRIMARY KEY NOT NULL,
	"id_perfil" integer NOT NULL,
	"consejo_texto" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sesion" (
	"id_sesion" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_usuario" integer NOT NULL,
	"fecha_inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_fin" timestamp with time zone,
	"expira" timestamp with time zone NOT NULL,
	"ip" varchar(64),
	"agente" varchar(300),
	"motivo_fin" varchar(40)
);
--> statement-breakpoint
CREATE TABLE "sesion_err" (
	"id_sesion_err" serial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario" varchar(160),
	"id_usuario" integer,
	"ip" varchar(64),
	"tipo" varchar(20) NOT NULL,
	"motivo" varchar(300) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diagnostico" ADD CONSTRAINT "diagnostico_id_clas_diag_clas_diag_id_clas_diag_fk" FOREIGN KEY ("id_clas_diag") REFERENCES "public"."clas_diag"("id_clas_diag") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asegurador" ADD CONSTRAINT "asegurador_id_empresa_empresa_id_empresa_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresa"("id_empresa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_id_localidad_localidad_id_localidad_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidad"("id_localidad") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medico" ADD CONSTRAINT "medico_id_persona_persona_id_persona_fk" FOREIGN KEY ("id_persona") REFERENCES "public"."persona"("id_persona") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medico" ADD CONSTRAINT "medico_id_especialidad_especialidad_id_especialidad_fk" FOREIGN KEY ("id_especialidad") REFERENCES "public"."especialidad"("id_especialidad") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona" ADD CONSTRAINT "persona_id_tipo_iden_tipo_iden_id_tipo_iden_fk" FOREIGN KEY ("id_tipo_iden") REFERENCES "public"."tipo_iden"("id_tipo_iden") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona" ADD CONSTRAINT "persona_id_estado_civil_estado_civil_id_estado_civil_fk" FOREIGN KEY ("id_estado_civil") REFERENCES "public"."estado_civil"("id_estado_civil") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona" ADD CONSTRAINT "persona_id_localidad_localidad_id_localidad_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidad"("id_localidad") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona" ADD CONSTRAINT "persona_id_empresa_empresa_id_empresa_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresa"("id_empresa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestador" ADD CONSTRAINT "prestador_id_empresa_empresa_id_empresa_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresa"("id_empresa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suscripcion" ADD CONSTRAINT "suscripcion_id_plan_plan_id_plan_fk" FOREIGN KEY ("id_plan") REFERENCES "public"."plan"("id_plan") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suscripcion" ADD CONSTRAINT "suscripcion_id_forma_pago_forma_pago_id_forma_pago_fk" FOREIGN KEY ("id_forma_pago") REFERENCES "public"."forma_pago"("id_forma_pago") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suscripcion" ADD CONSTRAINT "suscripcion_id_empresa_empresa_id_empresa_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresa"("id_empresa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_id_empresa_empresa_id_empresa_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresa"("id_empresa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_id_perfil_perfil_id_perfil_fk" FOREIGN KEY ("id_perfil") REFERENCES "public"."perfil"("id_perfil") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_id_suscripcion_suscripcion_id_suscripcion_fk" FOREIGN KEY ("id_suscripcion") REFERENCES "public"."suscripcion"("id_suscripcion") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_id_persona_persona_id_persona_fk" FOREIGN KEY ("id_persona") REFERENCES "public"."persona"("id_persona") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acceso_sesion" ADD CONSTRAINT "acceso_sesion_id_sesion_sesion_id_sesion_fk" FOREIGN KEY ("id_sesion") REFERENCES "public"."sesion"("id_sesion") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clave_reset" ADD CONSTRAINT "clave_reset_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consejo_perfil" ADD CONSTRAINT "consejo_perfil_id_perfil_perfil_id_perfil_fk" FOREIGN KEY ("id_perfil") REFERENCES "public"."perfil"("id_perfil") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesion" ADD CONSTRAINT "sesion_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "localidad_codigo_uq" ON "localidad" USING btree ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "tipo_iden_codigo_uq" ON "tipo_iden" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "acceso_sesion_fecha_idx" ON "acceso_sesion" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "sesion_usuario_idx" ON "sesion" USING btree ("id_usuario","fecha_inicio");--> statement-breakpoint
CREATE INDEX "sesion_err_fecha_idx" ON "sesion_err" USING btree ("fecha");