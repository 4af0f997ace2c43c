CREATE TABLE "autorizacion" (
	"id_autorizacion" serial PRIMARY KEY NOT NULL,
	"id_tramite" integer NOT NULL,
	"descripcion" varchar(500) NOT NULL,
	"observacion" varchar(1000),
	"estado_aut" varchar(20) DEFAULT 'SOLICITADA' NOT NULL,
	"fecha_desde" date,
	"fecha_hasta" date,
	"fecha_apr" timestamp with time zone,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "bitacora_tra" (
	"id_bitacora_tra" serial PRIMARY KEY NOT NULL,
	"id_tramite" integer NOT NULL,
	"id_usuario" integer NOT NULL,
	"tipo" varchar(40) NOT NULL,
	"observacion" text NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carga" (
	"id_carga" serial PRIMARY KEY NOT NULL,
	"id_tramite" integer NOT NULL,
	"id_usuario" integer NOT NULL,
	"id_semana" integer,
	"id_autorizacion" integer,
	"tipo_carga" varchar(1) NOT NULL,
	"num_semana" integer,
	"fecha_desde" date NOT NULL,
	"fecha_hasta" date NOT NULL,
	"numero_registros" integer DEFAULT 0 NOT NULL,
	"numero_reg_val" integer DEFAULT 0 NOT NULL,
	"contador_errores" integer DEFAULT 0 NOT NULL,
	"contador_novedades" integer DEFAULT 0 NOT NULL,
	"tiene_errores" smallint DEFAULT 0 NOT NULL,
	"tiene_novedades" smallint DEFAULT 0 NOT NULL,
	"tiene_planillas" smallint DEFAULT 0 NOT NULL,
	"tiene_archivos" smallint DEFAULT 0 NOT NULL,
	"estado" smallint DEFAULT 1 NOT NULL,
	"estado_proceso" varchar(20) DEFAULT 'PROCESANDO' NOT NULL,
	"progreso" integer DEFAULT 0 NOT NULL,
	"filas_por_segundo" integer,
	"tamanio_archivo" bigint DEFAULT 0 NOT NULL,
	"nombre_archivo" varchar(300) NOT NULL,
	"formato" varchar(10) NOT NULL,
	"fecha_modificacion" timestamp with time zone,
	"obs" text,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "carga_error" (
	"id_carga_error" serial PRIMARY KEY NOT NULL,
	"id_carga" integer NOT NULL,
	"fila" integer NOT NULL,
	"columna" varchar(40),
	"valor" text,
	"mensaje" varchar(500) NOT NULL,
	"tipo" varchar(1) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carga_fila" (
	"id_carga" integer NOT NULL,
	"fila" integer NOT NULL,
	"id_tramite" text,
	"no_planilla" text,
	"cedula1" text,
	"cedula2" text,
	"nombre" text,
	"f_ingreso" text,
	"f_salida" text,
	"diag_pri" text,
	"diag_sec" text,
	"l_muerto" text,
	"f_tarifario" text,
	"no_servicio" text,
	"cantidad" text,
	"v_sem" text,
	"v_paciente" text,
	"no_modificador" text,
	"nombre_med_ins" text,
	"tipo" text,
	"fecha_atencion" text,
	"tiene_error" boolean DEFAULT false NOT NULL,
	"tiene_novedad" boolean DEFAULT false NOT NULL,
	CONSTRAINT "carga_fila_id_carga_fila_pk" PRIMARY KEY("id_carga","fila")
);
--> statement-breakpoint
CREATE TABLE "elem_pres" (
	"id_elem_pres" serial PRIMARY KEY NOT NULL,
	"id_prestador" integer NOT NULL,
	"id_elemento" integer,
	"codigo" varchar(30) NOT NULL,
	"nombre" varchar(400) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "elemento" (
	"id_elemento" serial PRIMARY KEY NOT NULL,
	"id_clas_elem" integer,
	"id_tipo_elem" integer,
	"codigo" varchar(30) NOT NULL,
	"nombre" varchar(400) NOT NULL,
	"valor" numeric(14, 2),
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "semana" (
	"id_semana" serial PRIMARY KEY NOT NULL,
	"anio" integer NOT NULL,
	"numero" integer NOT NULL,
	"fecha_desde" date NOT NULL,
	"fecha_hasta" date NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "tarifa_pres" (
	"id_tarifa_pres" serial PRIMARY KEY NOT NULL,
	"id_prestador" integer NOT NULL,
	"id_elemento" integer NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "tramite" (
	"id_tramite" serial PRIMARY KEY NOT NULL,
	"id_suscripcion" integer NOT NULL,
	"id_empresa_aseguradora" integer NOT NULL,
	"id_prestador" integer NOT NULL,
	"id_servicio" integer NOT NULL,
	"numero" varchar(30) NOT NULL,
	"fecha_desde" date NOT NULL,
	"fecha_hasta" date NOT NULL,
	"descripcion" varchar(500) NOT NULL,
	"estado_tramite" varchar(20) DEFAULT 'REGISTRADO' NOT NULL,
	"frecuencia_carga" varchar(1) NOT NULL,
	"num_semana" integer DEFAULT 0 NOT NULL,
	"max_semanas" integer DEFAULT 0 NOT NULL,
	"tipo_asignacion" varchar(1) DEFAULT 'U' NOT NULL,
	"tiene_apr" smallint DEFAULT 0 NOT NULL,
	"fecha_ini_aud" timestamp with time zone,
	"fecha_fin_aud" timestamp with time zone,
	"sandbox" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "auditoria_pla" (
	"id_auditoria" serial PRIMARY KEY NOT NULL,
	"id_planilla" integer NOT NULL,
	"id_planilla_det" integer,
	"id_usuario" integer,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"operacion" varchar(20) NOT NULL,
	"campo" varchar(60),
	"antes" text,
	"despues" text
);
--> statement-breakpoint
CREATE TABLE "planilla" (
	"id_planilla" serial PRIMARY KEY NOT NULL,
	"id_tramite" integer NOT NULL,
	"id_carga" integer NOT NULL,
	"id_prestador" integer NOT NULL,
	"numero" varchar(40) NOT NULL,
	"numero_ext" varchar(40),
	"cedula" varchar(13) NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"cedula_medico" varchar(13),
	"nombre_medico" varchar(200),
	"diag1" varchar(10),
	"diag2" varchar(10),
	"diag3" varchar(10),
	"diag4" varchar(10),
	"diag5" varchar(10),
	"control_diag1" smallint DEFAULT 1 NOT NULL,
	"control_diag2" smallint DEFAULT 0 NOT NULL,
	"control_diag3" smallint DEFAULT 0 NOT NULL,
	"control_diag4" smallint DEFAULT 0 NOT NULL,
	"control_diag5" smallint DEFAULT 0 NOT NULL,
	"codigo_val" varchar(40),
	"fecha_desde" date NOT NULL,
	"fecha_hasta" date NOT NULL,
	"hora_desde" varchar(5),
	"hora_hasta" varchar(5),
	"l_muerto" smallint DEFAULT 0 NOT NULL,
	"estado_aud" varchar(12) DEFAULT 'PENDIENTE' NOT NULL,
	"estado_doc" varchar(12) DEFAULT 'PENDIENTE' NOT NULL,
	"id_usuario_med" integer,
	"id_usuario_doc" integer,
	"fecha_aud" timestamp with time zone,
	"fecha_doc" timestamp with time zone,
	"id_plantilla" integer,
	"nivel" smallint DEFAULT 1 NOT NULL,
	"duplicada" smallint DEFAULT 0 NOT NULL,
	"estado" smallint DEFAULT 1 NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
CREATE TABLE "planilla_det" (
	"id_planilla_det" serial PRIMARY KEY NOT NULL,
	"id_planilla" integer NOT NULL,
	"id_elemento" integer,
	"codigo" varchar(30) NOT NULL,
	"descripcion" varchar(400),
	"fecha_atencion" date,
	"cantidad" integer NOT NULL,
	"valor_uni" numeric(14, 2) NOT NULL,
	"v_paciente" numeric(14, 2) DEFAULT '0' NOT NULL,
	"f_tarifario" numeric(8, 4) DEFAULT '1' NOT NULL,
	"no_modificador" varchar(20),
	"tipo" varchar(1) NOT NULL,
	"laboratorio" smallint DEFAULT 0 NOT NULL,
	"imagen" smallint DEFAULT 0 NOT NULL,
	"estado" smallint DEFAULT 1 NOT NULL,
	"fila" integer,
	"fecha_reg" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_act" timestamp with time zone,
	"id_usuario_reg" integer,
	"id_usuario_act" integer
);
--> statement-breakpoint
ALTER TABLE "autorizacion" ADD CONSTRAINT "autorizacion_id_tramite_tramite_id_tramite_fk" FOREIGN KEY ("id_tramite") REFERENCES "public"."tramite"("id_tramite") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bitacora_tra" ADD CONSTRAINT "bitacora_tra_id_tramite_tramite_id_tramite_fk" FOREIGN KEY ("id_tramite") REFERENCES "public"."tramite"("id_tramite") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bitacora_tra" ADD CONSTRAINT "bitacora_tra_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carga" ADD CONSTRAINT "carga_id_tramite_tramite_id_tramite_fk" FOREIGN KEY ("id_tramite") REFERENCES "public"."tramite"("id_tramite") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carga" ADD CONSTRAINT "carga_id_usuario_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuario"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carga" ADD CONSTRAINT "carga_id_semana_semana_id_semana_fk" FOREIGN KEY ("id_semana") REFERENCES "public"."semana"("id_semana") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carga" ADD CONSTRAINT "carga_id_autorizacion_autorizacion_id_autorizacion_fk" FOREIGN KEY ("id_autorizacion") REFERENCES "public"."autorizacion"("id_autorizacion") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carga_error" ADD CONSTRAINT "carga_error_id_carga_carga_id_carga_fk" FOREIGN KEY ("id_carga") REFERENCES "public"."carga"("id_carga") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carga_fila" ADD CONSTRAINT "carga_fila_id_carga_carga_id_carga_fk" FOREIGN KEY ("id_carga") REFERENCES "public"."carga"("id_carga") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elem_pres" ADD CONSTRAINT "elem_pres_id_prestador_prestador_id_prestador_fk" FOREIGN KEY ("id_prestador") REFERENCES "public"."prestador"("id_prestador") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elem_pres" ADD CONSTRAINT "elem_pres_id_elemento_elemento_id_elemento_fk" FOREIGN KEY ("id_elemento") REFERENCES "public"."elemento"("id_elemento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elemento" ADD CONSTRAINT "elemento_id_clas_elem_clas_elem_id_clas_elem_fk" FOREIGN KEY ("id_clas_elem") REFERENCES "public"."clas_elem"("id_clas_elem") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elemento" ADD CONSTRAINT "elemento_id_tipo_elem_tipo_elem_id_tipo_elem_fk" FOREIGN KEY ("id_tipo_elem") REFERENCES "public"."tipo_elem"("id_tipo_elem") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifa_pres" ADD CONSTRAINT "tarifa_pres_id_prestador_prestador_id_prestador_fk" FOREIGN KEY ("id_prestador") REFERENCES "public"."prestador"("id_prestador") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifa_pres" ADD CONSTRAINT "tarifa_pres_id_elemento_elemento_id_elemento_fk" FOREIGN KEY ("id_elemento") REFERENCES "public"."elemento"("id_elemento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tramite" ADD CONSTRAINT "tramite_id_suscripcion_suscripcion_id_suscripcion_fk" FOREIGN KEY ("id_suscripcion") REFERENCES "public"."suscripcion"("id_suscripcion") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tramite" ADD CONSTRAINT "tramite_id_empresa_aseguradora_empresa_id_empresa_fk" FOREIGN KEY ("id_empresa_aseguradora") REFERENCES "public"."empresa"("id_empresa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tramite" ADD CONSTRAINT "tramite_id_prestador_prestador_id_prestador_fk" FOREIGN KEY ("id_prestador") REFERENCES "public"."prestador"("id_prestador") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tramite" ADD CONSTRAINT "tramite_id_servicio_servicio_id_servicio_fk" FOREIGN KEY ("id_servicio") REFERENCES "public"."servicio"("id_servicio") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planilla" ADD CONSTRAINT "planilla_id_tramite_tramite_id_tramite_fk" FOREIGN KEY ("id_tramite") REFERENCES "public"."tramite"("id_tramite") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planilla" ADD CONSTRAINT "planilla_id_carga_carga_id_carga_fk" FOREIGN KEY ("id_carga") REFERENCES "public"."carga"("id_carga") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planilla" ADD CONSTRAINT "planilla_id_prestador_prestador_id_prestador_fk" FOREIGN KEY ("id_prestador") REFERENCES "public"."prestador"("id_prestador") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planilla" ADD CONSTRAINT "planilla_id_usuario_med_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario_med") REFERENCES "public"."usuario"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planilla" ADD CONSTRAINT "planilla_id_usuario_doc_usuario_id_usuario_fk" FOREIGN KEY ("id_usuario_doc") REFERENCES "public"."usuario"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planilla_det" ADD CONSTRAINT "planilla_det_id_planilla_planilla_id_planilla_fk" FOREIGN KEY ("id_planilla") REFERENCES "public"."planilla"("id_planilla") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planilla_det" ADD CONSTRAINT "planilla_det_id_elemento_elemento_id_elemento_fk" FOREIGN KEY ("id_elemento") REFERENCES "public"."elemento"("id_elemento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autorizacion_tramite_idx" ON "autorizacion" USING btree ("id_tramite");--> statement-breakpoint
CREATE INDEX "bitacora_tra_tramite_idx" ON "bitacora_tra" USING btree ("id_tramite","fecha_reg");--> statement-breakpoint
CREATE INDEX "carga_tramite_idx" ON "carga" USING btree ("id_tramite","id_carga");--> statement-breakpoint
CREATE INDEX "carga_error_carga_idx" ON "carga_error" USING btree ("id_carga","tipo","fila");--> statement-breakpoint
CREATE UNIQUE INDEX "elem_pres_prestador_codigo_uq" ON "elem_pres" USING btree ("id_prestador","codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "elemento_codigo_uq" ON "elemento" USING btree ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "semana_anio_numero_uq" ON "semana" USING btree ("anio","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "tarifa_pres_prestador_elemento_uq" ON "tarifa_pres" USING btree ("id_prestador","id_elemento");--> statement-breakpoint
CREATE INDEX "tramite_suscripcion_estado_idx" ON "tramite" USING btree ("id_suscripcion","sandbox","estado_tramite","id_tramite");--> statement-breakpoint
CREATE INDEX "tramite_prestador_idx" ON "tramite" USING btree ("id_prestador","sandbox","id_tramite");--> statement-breakpoint
CREATE UNIQUE INDEX "tramite_numero_uq" ON "tramite" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "auditoria_pla_planilla_idx" ON "auditoria_pla" USING btree ("id_planilla","fecha");--> statement-breakpoint
CREATE INDEX "planilla_tramite_numero_idx" ON "planilla" USING btree ("id_tramite","estado","numero","id_planilla");--> statement-breakpoint
CREATE INDEX "planilla_carga_idx" ON "planilla" USING btree ("id_carga");--> statement-breakpoint
CREATE INDEX "planilla_tramite_cedula_idx" ON "planilla" USING btree ("id_tramite","cedula");--> statement-breakpoint
CREATE INDEX "planilla_tramite_med_idx" ON "planilla" USING btree ("id_tramite","id_usuario_med","estado_aud");--> statement-breakpoint
CREATE INDEX "planilla_tramite_doc_idx" ON "planilla" USING btree ("id_tramite","id_usuario_doc","estado_doc");--> statement-breakpoint
CREATE INDEX "planilla_dup_idx" ON "planilla" USING btree ("id_prestador","cedula","fecha_desde","fecha_hasta");--> statement-breakpoint
CREATE INDEX "planilla_det_planilla_idx" ON "planilla_det" USING btree ("id_planilla","fecha_atencion");