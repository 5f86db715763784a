CREATE TABLE "adjuntos" (
	"id_adjunto" serial PRIMARY KEY NOT NULL,
	"id_solicitud" integer NOT NULL,
	"id_funcionario" integer,
	"tipo_adjunto" text NOT NULL,
	"nombre" text NOT NULL,
	"mime" text NOT NULL,
	"tamano" integer NOT NULL,
	"sha256" text NOT NULL,
	"contenido" "bytea" NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id_auditoria" bigserial PRIMARY KEY NOT NULL,
	"id_usuario" integer,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"entidad" text NOT NULL,
	"id_entidad" text NOT NULL,
	"accion" text NOT NULL,
	"antes" jsonb,
	"despues" jsonb
);
--> statement-breakpoint
CREATE TABLE "cargos" (
	"id_cargo" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"tipo" smallint NOT NULL,
	"estatus" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "criterios" (
	"id" integer PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"criterio" text NOT NULL,
	"orden" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmas" (
	"id_firma" integer PRIMARY KEY NOT NULL,
	"id_tipo_firma" integer NOT NULL,
	"firma" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funcionario_firmas" (
	"id_aut_firma" serial PRIMARY KEY NOT NULL,
	"id_funcionario" integer NOT NULL,
	"id_firma" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funcionarios" (
	"id_funcionario" serial PRIMARY KEY NOT NULL,
	"id_solicitud" integer NOT NULL,
	"cedula" text NOT NULL,
	"nombres" text NOT NULL,
	"apellidos" text NOT NULL,
	"cod_cargo" integer NOT NULL,
	"telefono" text NOT NULL,
	"comentario" text DEFAULT '' NOT NULL,
	"firma_digital" boolean DEFAULT false NOT NULL,
	"firma_vigencia" boolean DEFAULT false NOT NULL,
	"firma_rango" boolean DEFAULT false NOT NULL,
	"monto_desde" numeric(18, 2),
	"monto_hasta" numeric(18, 2),
	"fecha_desde" date,
	"fecha_hasta" date,
	"id_estatus" smallint DEFAULT 1 NOT NULL,
	"enviado" boolean DEFAULT false NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "historial" (
	"id_historial" serial PRIMARY KEY NOT NULL,
	"id_solicitud" integer NOT NULL,
	"estatus" smallint NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"motivo_cambio_estatus" text DEFAULT '' NOT NULL,
	"id_usuario" integer
);
--> statement-breakpoint
CREATE TABLE "historial_motivos" (
	"id_historial" integer NOT NULL,
	"id_motivo" integer NOT NULL,
	CONSTRAINT "historial_motivos_id_historial_id_motivo_pk" PRIMARY KEY("id_historial","id_motivo")
);
--> statement-breakpoint
CREATE TABLE "incumbentes" (
	"id_incumbente" serial PRIMARY KEY NOT NULL,
	"id_institucion" integer NOT NULL,
	"cedula" text NOT NULL,
	"nombres" text NOT NULL,
	"apellidos" text NOT NULL,
	"cod_cargo" integer NOT NULL,
	"telefono" text NOT NULL,
	"firma_digital" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institucion_cargos" (
	"id_institucion" integer NOT NULL,
	"id_cargo" integer NOT NULL,
	CONSTRAINT "institucion_cargos_id_institucion_id_cargo_pk" PRIMARY KEY("id_institucion","id_cargo")
);
--> statement-breakpoint
CREATE TABLE "instituciones" (
	"id_institucion" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"estructura" text DEFAULT '' NOT NULL,
	"direccion" text DEFAULT '' NOT NULL,
	"telefono" text DEFAULT '' NOT NULL,
	"ext" text DEFAULT '' NOT NULL,
	"telefono2" text DEFAULT '' NOT NULL,
	"ext2" text DEFAULT '' NOT NULL,
	"estatus" boolean DEFAULT true NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modulos" (
	"id_modulo" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"icon_class" text NOT NULL,
	"orden" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "motivos" (
	"id_motivo" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"id_clase_proceso" integer NOT NULL,
	"id_estatus_proceso" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "perfil_vistas" (
	"id_perfil" integer NOT NULL,
	"id_vista" integer NOT NULL,
	CONSTRAINT "perfil_vistas_id_perfil_id_vista_pk" PRIMARY KEY("id_perfil","id_vista")
);
--> statement-breakpoint
CREATE TABLE "perfiles" (
	"id_perfil" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"por_defecto" boolean DEFAULT false NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personas" (
	"cedula" text PRIMARY KEY NOT NULL,
	"nombres" text NOT NULL,
	"apellidos" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sesiones" (
	"id_sesion" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"id_usuario" integer NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_uso" timestamp with time zone DEFAULT now() NOT NULL,
	"revocada" timestamp with time zone,
	CONSTRAINT "sesiones_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "solicitudes" (
	"id_solicitud" serial PRIMARY KEY NOT NULL,
	"id_institucion" integer NOT NULL,
	"id_incumbente" integer NOT NULL,
	"estatus" smallint NOT NULL,
	"comentario" text DEFAULT '' NOT NULL,
	"inst_direccion" text DEFAULT '' NOT NULL,
	"inst_telefono" text DEFAULT '' NOT NULL,
	"inst_ext" text DEFAULT '' NOT NULL,
	"inst_telefono2" text DEFAULT '' NOT NULL,
	"inst_ext2" text DEFAULT '' NOT NULL,
	"fecha_solicitud" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone DEFAULT now() NOT NULL,
	"asignado_a" integer,
	"creado_por" integer,
	"fue_activa" boolean DEFAULT false NOT NULL,
	"justificacion_inactivacion" text,
	"decidido_juridico" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_firma" (
	"id_tipo_firma" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id_usuario" serial PRIMARY KEY NOT NULL,
	"usuario" text NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text NOT NULL,
	"cedula" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"id_perfil" integer NOT NULL,
	"externo" boolean DEFAULT false NOT NULL,
	"id_institucion" integer,
	"activo" boolean DEFAULT true NOT NULL,
	"cambio_clave" boolean DEFAULT false NOT NULL,
	"intentos_fallidos" integer DEFAULT 0 NOT NULL,
	"bloqueado_hasta" timestamp with time zone,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vistas" (
	"id_vista" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"url" text NOT NULL,
	"icon_class" text NOT NULL,
	"id_modulo" integer NOT NULL,
	"principal" boolean NOT NULL,
	"orden" integer NOT NULL,
	CONSTRAINT "vistas_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
ALTER TABLE "adjuntos" ADD CONSTRAINT "adjuntos_id_solicitud_solicitudes_id_solicitud_fk" FOREIGN KEY ("id_solicitud") REFERENCES "public"."solicitudes"("id_solicitud") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjuntos" ADD CONSTRAINT "adjuntos_id_funcionario_funcionarios_id_funcionario_fk" FOREIGN KEY ("id_funcionario") REFERENCES "public"."funcionarios"("id_funcionario") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_id_usuario_usuarios_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmas" ADD CONSTRAINT "firmas_id_tipo_firma_tipos_firma_id_tipo_firma_fk" FOREIGN KEY ("id_tipo_firma") REFERENCES "public"."tipos_firma"("id_tipo_firma") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_firmas" ADD CONSTRAINT "funcionario_firmas_id_funcionario_funcionarios_id_funcionario_fk" FOREIGN KEY ("id_funcionario") REFERENCES "public"."funcionarios"("id_funcionario") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionario_firmas" ADD CONSTRAINT "funcionario_firmas_id_firma_firmas_id_firma_fk" FOREIGN KEY ("id_firma") REFERENCES "public"."firmas"("id_firma") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionarios" ADD CONSTRAINT "funcionarios_id_solicitud_solicitudes_id_solicitud_fk" FOREIGN KEY ("id_solicitud") REFERENCES "public"."solicitudes"("id_solicitud") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionarios" ADD CONSTRAINT "funcionarios_cod_cargo_cargos_id_cargo_fk" FOREIGN KEY ("cod_cargo") REFERENCES "public"."cargos"("id_cargo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historial" ADD CONSTRAINT "historial_id_solicitud_solicitudes_id_solicitud_fk" FOREIGN KEY ("id_solicitud") REFERENCES "public"."solicitudes"("id_solicitud") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historial" ADD CONSTRAINT "historial_id_usuario_usuarios_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historial_motivos" ADD CONSTRAINT "historial_motivos_id_historial_historial_id_historial_fk" FOREIGN KEY ("id_historial") REFERENCES "public"."historial"("id_historial") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historial_motivos" ADD CONSTRAINT "historial_motivos_id_motivo_motivos_id_motivo_fk" FOREIGN KEY ("id_motivo") REFERENCES "public"."motivos"("id_motivo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incumbentes" ADD CONSTRAINT "incumbentes_id_institucion_instituciones_id_institucion_fk" FOREIGN KEY ("id_institucion") REFERENCES "public"."instituciones"("id_institucion") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incumbentes" ADD CONSTRAINT "incumbentes_cod_cargo_cargos_id_cargo_fk" FOREIGN KEY ("cod_cargo") REFERENCES "public"."cargos"("id_cargo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institucion_cargos" ADD CONSTRAINT "institucion_cargos_id_institucion_instituciones_id_institucion_fk" FOREIGN KEY ("id_institucion") REFERENCES "public"."instituciones"("id_institucion") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institucion_cargos" ADD CONSTRAINT "institucion_cargos_id_cargo_cargos_id_cargo_fk" FOREIGN KEY ("id_cargo") REFERENCES "public"."cargos"("id_cargo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perfil_vistas" ADD CONSTRAINT "perfil_vistas_id_perfil_perfiles_id_perfil_fk" FOREIGN KEY ("id_perfil") REFERENCES "public"."perfiles"("id_perfil") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perfil_vistas" ADD CONSTRAINT "perfil_vistas_id_vista_vistas_id_vista_fk" FOREIGN KEY ("id_vista") REFERENCES "public"."vistas"("id_vista") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_id_usuario_usuarios_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_id_institucion_instituciones_id_institucion_fk" FOREIGN KEY ("id_institucion") REFERENCES "public"."instituciones"("id_institucion") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_id_incumbente_incumbentes_id_incumbente_fk" FOREIGN KEY ("id_incumbente") REFERENCES "public"."incumbentes"("id_incumbente") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_asignado_a_usuarios_id_usuario_fk" FOREIGN KEY ("asignado_a") REFERENCES "public"."usuarios"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_creado_por_usuarios_id_usuario_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id_usuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_id_perfil_perfiles_id_perfil_fk" FOREIGN KEY ("id_perfil") REFERENCES "public"."perfiles"("id_perfil") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_id_institucion_instituciones_id_institucion_fk" FOREIGN KEY ("id_institucion") REFERENCES "public"."instituciones"("id_institucion") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vistas" ADD CONSTRAINT "vistas_id_modulo_modulos_id_modulo_fk" FOREIGN KEY ("id_modulo") REFERENCES "public"."modulos"("id_modulo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjuntos_solicitud_idx" ON "adjuntos" USING btree ("id_solicitud","id_funcionario");--> statement-breakpoint
CREATE INDEX "auditoria_fecha_idx" ON "auditoria" USING btree ("fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "cargos_nombre_uq" ON "cargos" USING btree (lower("nombre"));--> statement-breakpoint
CREATE UNIQUE INDEX "funcionario_firmas_uq" ON "funcionario_firmas" USING btree ("id_funcionario","id_firma");--> statement-breakpoint
CREATE INDEX "funcionarios_solicitud_idx" ON "funcionarios" USING btree ("id_solicitud");--> statement-breakpoint
CREATE INDEX "funcionarios_cedula_idx" ON "funcionarios" USING btree ("cedula");--> statement-breakpoint
CREATE INDEX "historial_solicitud_idx" ON "historial" USING btree ("id_solicitud","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "instituciones_nombre_uq" ON "instituciones" USING btree (lower("nombre"));--> statement-breakpoint
CREATE UNIQUE INDEX "perfiles_nombre_uq" ON "perfiles" USING btree (lower("nombre"));--> statement-breakpoint
CREATE INDEX "sesiones_usuario_idx" ON "sesiones" USING btree ("id_usuario");--> statement-breakpoint
CREATE INDEX "solicitudes_estatus_fecha_idx" ON "solicitudes" USING btree ("estatus","fecha_solicitud");--> statement-breakpoint
CREATE INDEX "solicitudes_institucion_fecha_idx" ON "solicitudes" USING btree ("id_institucion","fecha_solicitud");--> statement-breakpoint
CREATE INDEX "solicitudes_fecha_idx" ON "solicitudes" USING btree ("fecha_solicitud");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_usuario_uq" ON "usuarios" USING btree (lower("usuario"));--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_cedula_uq" ON "usuarios" USING btree ("cedula");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_uq" ON "usuarios" USING btree (lower("email"));