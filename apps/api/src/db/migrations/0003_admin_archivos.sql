CREATE TABLE "api_token" (
	"id_api_token" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"prefijo" varchar(12) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_uso" timestamp with time zone,
	"revocado" timestamp with time zone,
	CONSTRAINT "api_token_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "carga_amb" (
	"id_carga_amb" serial PRIMARY KEY NOT NULL,
	"id_tramite" integer NOT NULL,
	"id_carga" integer,
	"numero" varchar(40) NOT NULL,
	"nombre_paciente" varchar(200) NOT NULL,
	"cod_val" varchar(40),
	"cedula" varchar(13) NOT NULL,
	"diag1" varchar(10),
	"diag2" varchar(10),
	"diag3" varchar(10),
	"diag4" varchar(10),
	"diag5" varchar(10),
	"motivo" varchar(500),
	"tipo" varchar(40),
	"fecha" date,
	"hora_desde" varchar(5),
	"hora_hasta" varchar(5),
	"laboratorios" text[],
	"imagenes" text[],
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "clas_aseg" (
	"id_clas_aseg" serial PRIMARY KEY NOT NULL,
	"id_asegurador" integer NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "elem_exam" (
	"id_elem_exam" serial PRIMARY KEY NOT NULL,
	"id_elemento" integer NOT NULL,
	"id_examen" integer NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "empresa_img" (
	"id_empresa_img" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"tipo" varchar(40) NOT NULL,
	"tamano" integer NOT NULL,
	"imagen" "bytea" NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "espe_pres" (
	"id_espe_pres" serial PRIMARY KEY NOT NULL,
	"id_especialidad" integer NOT NULL,
	"id_prestador" integer NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "examen" (
	"id_examen" serial PRIMARY KEY NOT NULL,
	"id_tipo_examen" integer NOT NULL,
	"codigo" varchar(30) NOT NULL,
	"nombre" varchar(300) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "factura" (
	"id_factura" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"numero" varchar(20) NOT NULL,
	"fecha" date NOT NULL,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"iva" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"estado" varchar(20) DEFAULT 'EMITIDA' NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "factura_det" (
	"id_factura_det" serial PRIMARY KEY NOT NULL,
	"id_factura" integer NOT NULL,
	"descripcion" varchar(300) NOT NULL,
	"cantidad" integer DEFAULT 1 NOT NULL,
	"valor_uni" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "horario" (
	"id_horario" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"dia_semana" smallint NOT NULL,
	"hora_desde" varchar(5) NOT NULL,
	"hora_hasta" varchar(5) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "medio_emp" (
	"id_medio_emp" serial PRIMARY KEY NOT NULL,
	"id_medio_com" integer NOT NULL,
	"id_empresa" integer NOT NULL,
	"descripcion" varchar(300) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "modu_plan" (
	"id_modu_plan" serial PRIMARY KEY NOT NULL,
	"id_plan" integer NOT NULL,
	"modulo" integer NOT NULL,
	"nombre" varchar(120) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "observacion" (
	"id_observacion" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"descripcion" varchar(500) NOT NULL,
	"tipo" varchar(1) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "pago" (
	"id_pago" serial PRIMARY KEY NOT NULL,
	"id_factura" integer NOT NULL,
	"id_forma_pago" integer,
	"fecha" date NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"referencia" varchar(80),
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "par_emp" (
	"id_par_emp" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"nombre" varchar(80) NOT NULL,
	"valor" varchar(500) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "plantilla" (
	"id_plantilla" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"descripcion" varchar(500),
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "plantilla_det" (
	"id_plantilla_det" serial PRIMARY KEY NOT NULL,
	"id_plantilla" integer NOT NULL,
	"id_elemento" integer NOT NULL,
	"cantidad" integer DEFAULT 1 NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "respuesta" (
	"id_respuesta" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"descripcion" varchar(500) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "sandbox_log" (
	"id_sandbox_log" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"endpoint" varchar(200) NOT NULL,
	"estado" integer NOT NULL,
	"mensaje" varchar(500),
	"id_tramite" integer,
	"id_carga" integer
);
--> statement-breakpoint
CREATE TABLE "susc_pago" (
	"id_susc_pago" serial PRIMARY KEY NOT NULL,
	"id_suscripcion" integer NOT NULL,
	"id_factura" integer NOT NULL,
	"estado_pago" varchar(20) NOT NULL,
	"fecha_desde" date NOT NULL,
	"fecha_hasta" date NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "suscripcion_aud" (
	"id_suscripcion_aud" serial PRIMARY KEY NOT NULL,
	"id_suscripcion" integer NOT NULL,
	"id_plan" integer NOT NULL,
	"id_forma_pago" integer NOT NULL,
	"numero" varchar(40) NOT NULL,
	"fecha_desde" date NOT NULL,
	"fecha_hasta" date NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "tarifa_aseg" (
	"id_tarifa_aseg" serial PRIMARY KEY NOT NULL,
	"id_tarifario" integer NOT NULL,
	"id_asegurador" integer NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "tarifario" (
	"id_tarifario" serial PRIMARY KEY NOT NULL,
	"id_clas_elem" integer NOT NULL,
	"id_asegurador" integer NOT NULL,
	"descripcion" varchar(500) NOT NULL,
	"fecha_desde" date NOT NULL,
	"fecha_hasta" date NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "archivo_pla" (
	"id_archivo_pla" serial PRIMARY KEY NOT NULL,
	"id_planilla" integer NOT NULL,
	"id_carga" integer NOT NULL,
	"id_tramite" integer NOT NULL,
	"nombre" varchar(300) NOT NULL,
	"ruta" varchar(300) NOT NULL,
	"tipo" varchar(40) NOT NULL,
	"tamano" bigint NOT NULL,
	"hash" varchar(64) NOT NULL,
	"fecha_crea" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_mod" timestamp with time zone,
	"id_usuario" integer
);
--> statement-breakpoint
CREATE TABLE "pla_det_obs" (
	"id_pla_det_obs" serial PRIMARY KEY NOT NULL,
	"id_planilla_det" integer NOT NULL,
	"id_planilla" integer NOT NULL,
	"id_observacion" integer NOT NULL,
	"observacion_tipo" varchar(1) NOT NULL,
	"descripcion" text,
	"id_respuesta" integer,
	"respuesta" text,
	"estado" smallint DEFAULT 1 NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "pla_obs" (
	"id_pla_obs" serial PRIMARY KEY NOT NULL,
	"id_planilla" integer NOT NULL,
	"id_observacion" integer NOT NULL,
	"observacion_tipo" varchar(1) NOT NULL,
	"descripcion" text,
	"id_respuesta" integer,
	"respuesta" text,
	"estado" smallint DEFAULT 1 NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
ALTER TABLE "api_token" ADD CONSTRAINT "api_token_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clas_aseg" ADD CONSTRAINT "clas_aseg_id_asegurador_asegurador_id_asegurador_fk" FOREIGN KEY ("id_asegurador") REFERENCES "public"."asegurador"("id_asegurador") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elem_exam" ADD CONSTRAINT "elem_exam_id_elemento_elemento_id_elemento_fk" FOREIGN KEY ("id_elemento") REFERENCES "public"."elemento"("id_elemento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elem_exam" ADD CONSTRAINT "elem_exam_id_examen_examen_id_examen_fk" FOREIGN KEY ("id_examen") REFERENCES "public"."examen"("id_examen") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresa_img" ADD CONSTRAINT "empresa_img_id_empresa_empresa_id_empresa_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresa"("id_empresa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "espe_pres" ADD CONSTRAINT "espe_pres_id_especialidad_especialidad_id_especialidad_fk" FOREIGN KEY ("id_especialidad") REFERENCES "public"."especialidad"("id_especialidad") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "espe_pres" ADD CONSTRAINT "espe_pres_id_prestador_prestador_id_prestador_fk" FOREIGN KEY ("id_prestador") REFERENCES "public"."prestador"("id_prestador") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examen" ADD CONSTRAINT "examen_id_tipo_examen_tipo_examen_id_tipo_examen_fk" FOREIGN KEY ("id_tipo_examen") REFERENCES "public"."tipo_examen"("id_tipo_examen") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factura" ADD CONSTRAINT "factura_id_empresa_empresa_id_empresa_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresa"("id_empresa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factura_det" ADD CONSTRAINT "factura_det_id_factura_factura_id_factura_fk" FOREIGN KEY ("id_factura") REFERENCES "public"."factura"("id_factura") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horario" ADD CONSTRAINT "horario_id_empresa_empresa_id_empresa_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresa"("id_empresa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medio_emp" ADD CONSTRAINT "medio_emp_id_medio_com_medio_com_id_medio_com_fk" FOREIGN KEY ("id_medio_com") REFERENCES "public"."medio_com"("id_medio_com") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medio_emp" ADD CONSTRAINT "medio_emp_id_empresa_empresa_id_empresa_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresa"("id_empresa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modu_plan" ADD CONSTRAINT "modu_plan_id_plan_plan_id_plan_fk" FOREIGN KEY ("id_plan") REFERENCES "public"."plan"("id_plan") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observacion" ADD CONSTRAINT "observacion_id_empresa_empresa_id_empresa_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresa"("id_empresa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pago" ADD CONSTRAINT "pago_id_factura_factura_id_factura_fk" FOREIGN KEY ("id_factura") REFERENCES "public"."factura"("id_factura") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pago" ADD CONSTRAINT "pago_id_forma_pago_forma_pago_id_forma_pago_fk" FOREIGN KEY ("id_forma_pago") REFERENCES "public"."forma_pago"("id_forma_pago") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "par_emp" ADD CONSTRAINT "par_emp_id_empresa_empresa_id_empresa_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresa"("id_empresa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantilla" ADD CONSTRAINT "plantilla_id_empresa_empresa_id_empresa_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresa"("id_empresa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantilla_det" ADD CONSTRAINT "plantilla_det_id_plantilla_plantilla_id_plantilla_fk" FOREIGN KEY ("id_plantilla") REFERENCES "public"."plantilla"("id_plantilla") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantilla_det" ADD CONSTRAINT "plantilla_det_id_elemento_elemento_id_elemento_fk" FOREIGN KEY ("id_elemento") REFERENCES "public"."elemento"("id_elemento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuesta" ADD CONSTRAINT "respuesta_id_empresa_empresa_id_empresa_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresa"("id_empresa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_log" ADD CONSTRAINT "sandbox_log_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "susc_pago" ADD CONSTRAINT "susc_pago_id_suscripcion_suscripcion_id_suscripcion_fk" FOREIGN KEY ("id_suscripcion") REFERENCES "public"."suscripcion"("id_suscripcion") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "susc_pago" ADD CONSTRAINT "susc_pago_id_factura_factura_id_factura_fk" FOREIGN KEY ("id_factura") REFERENCES "public"."factura"("id_factura") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suscripcion_aud" ADD CONSTRAINT "suscripcion_aud_id_suscripcion_suscripcion_id_suscripcion_fk" FOREIGN KEY ("id_suscripcion") REFERENCES "public"."suscripcion"("id_suscripcion") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suscripcion_aud" ADD CONSTRAINT "suscripcion_aud_id_plan_plan_id_plan_fk" FOREIGN KEY ("id_plan") REFERENCES "public"."plan"("id_plan") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suscripcion_aud" ADD CONSTRAINT "suscripcion_aud_id_forma_pago_forma_pago_id_forma_pago_fk" FOREIGN KEY ("id_forma_pago") REFERENCES "public"."forma_pago"("id_forma_pago") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifa_aseg" ADD CONSTRAINT "tarifa_aseg_id_tarifario_tarifario_id_tarifario_fk" FOREIGN KEY ("id_tarifario") REFERENCES "public"."tarifario"("id_tarifario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifa_aseg" ADD CONSTRAINT "tarifa_aseg_id_asegurador_asegurador_id_asegurador_fk" FOREIGN KEY ("id_asegurador") REFERENCES "public"."asegurador"("id_asegurador") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifario" ADD CONSTRAINT "tarifario_id_clas_elem_clas_elem_id_clas_elem_fk" FOREIGN KEY ("id_clas_elem") REFERENCES "public"."clas_elem"("id_clas_elem") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifario" ADD CONSTRAINT "tarifario_id_asegurador_asegurador_id_asegurador_fk" FOREIGN KEY ("id_asegurador") REFERENCES "public"."asegurador"("id_asegurador") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archivo_pla" ADD CONSTRAINT "archivo_pla_id_planilla_planilla_id_planilla_fk" FOREIGN KEY ("id_planilla") REFERENCES "public"."planilla"("id_planilla") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pla_det_obs" ADD CONSTRAINT "pla_det_obs_id_planilla_det_planilla_det_id_planilla_det_fk" FOREIGN KEY ("id_planilla_det") REFERENCES "public"."planilla_det"("id_planilla_det") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pla_det_obs" ADD CONSTRAINT "pla_det_obs_id_observacion_observacion_id_observacion_fk" FOREIGN KEY ("id_observacion") REFERENCES "public"."observacion"("id_observacion") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pla_det_obs" ADD CONSTRAINT "pla_det_obs_id_respuesta_respuesta_id_respuesta_fk" FOREIGN KEY ("id_respuesta") REFERENCES "public"."respuesta"("id_respuesta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pla_obs" ADD CONSTRAINT "pla_obs_id_planilla_planilla_id_planilla_fk" FOREIGN KEY ("id_planilla") REFERENCES "public"."planilla"("id_planilla") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pla_obs" ADD CONSTRAINT "pla_obs_id_observacion_observacion_id_observacion_fk" FOREIGN KEY ("id_observacion") REFERENCES "public"."observacion"("id_observacion") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pla_obs" ADD CONSTRAINT "pla_obs_id_respuesta_respuesta_id_respuesta_fk" FOREIGN KEY ("id_respuesta") REFERENCES "public"."respuesta"("id_respuesta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carga_amb_tramite_idx" ON "carga_amb" USING btree ("id_tramite","id_carga");--> statement-breakpoint
CREATE UNIQUE INDEX "par_emp_empresa_nombre_uq" ON "par_emp" USING btree ("id_empresa","nombre");--> statement-breakpoint
CREATE INDEX "archivo_pla_planilla_idx" ON "archivo_pla" USING btree ("id_planilla","hash");--> statement-breakpoint
CREATE INDEX "archivo_pla_tramite_idx" ON "archivo_pla" USING btree ("id_tramite","fecha_crea");--> statement-breakpoint
CREATE INDEX "archivo_pla_carga_idx" ON "archivo_pla" USING btree ("id_carga");--> statement-breakpoint
CREATE INDEX "pla_det_obs_planilla_idx" ON "pla_det_obs" USING btree ("id_planilla","observacion_tipo");--> statement-breakpoint
CREATE INDEX "pla_obs_planilla_idx" ON "pla_obs" USING btree ("id_planilla","observacion_tipo");