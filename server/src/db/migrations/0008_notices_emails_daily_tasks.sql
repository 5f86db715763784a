-- Notices (issue 14): in-app notices, the e-mail outbox, the user's e-mail preference, and the
-- once-a-day tasks (expiry sweep, daily summary).
ALTER TABLE "usuarios" ADD COLUMN "preferencia_correo" text;
--> statement-breakpoint
CREATE TABLE "avisos" (
	"id_aviso" bigserial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL REFERENCES "usuarios"("id_usuario") ON DELETE CASCADE,
	"id_solicitud" integer REFERENCES "solicitudes"("id_solicitud") ON DELETE CASCADE,
	"tipo" text NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"detalle" text DEFAULT '' NOT NULL,
	"enlace" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"leido" timestamp with time zone,
	"resumen_pendiente" boolean DEFAULT false NOT NULL,
	"clave" text
);
--> statement-breakpoint
CREATE INDEX "avisos_usuario_idx" ON "avisos" ("id_usuario","id_aviso");
--> statement-breakpoint
CREATE INDEX "avisos_no_leidos_idx" ON "avisos" ("id_usuario") WHERE "leido" IS NULL;
--> statement-breakpoint
CREATE INDEX "avisos_resumen_idx" ON "avisos" ("id_usuario") WHERE "resumen_pendiente";
--> statement-breakpoint
CREATE UNIQUE INDEX "avisos_clave_uq" ON "avisos" ("clave");
--> statement-breakpoint
CREATE TABLE "correos" (
	"id_correo" bigserial PRIMARY KEY NOT NULL,
	"id_usuario" integer REFERENCES "usuarios"("id_usuario") ON DELETE SET NULL,
	"id_aviso" bigint REFERENCES "avisos"("id_aviso") ON DELETE SET NULL,
	"asunto" text NOT NULL,
	"message_id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento" timestamp with time zone DEFAULT now() NOT NULL,
	"reclamado_hasta" timestamp with time zone,
	"enviado" timestamp with time zone,
	"fallido" boolean DEFAULT false NOT NULL,
	"ultimo_error" text,
	"para" text
);
--> statement-breakpoint
CREATE INDEX "correos_pendientes_idx" ON "correos" ("proximo_intento") WHERE "enviado" IS NULL AND NOT "fallido";
--> statement-breakpoint
CREATE INDEX "correos_fallidos_idx" ON "correos" ("id_correo") WHERE "fallido";
--> statement-breakpoint
CREATE TABLE "avisos_resumen" (
	"id_correo" bigint NOT NULL REFERENCES "correos"("id_correo") ON DELETE CASCADE,
	"id_aviso" bigint NOT NULL REFERENCES "avisos"("id_aviso") ON DELETE CASCADE,
	PRIMARY KEY ("id_correo","id_aviso")
);
--> statement-breakpoint
CREATE TABLE "tareas_diarias" (
	"tarea" text NOT NULL,
	"dia" date NOT NULL,
	"ejecutada" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("tarea","dia")
);
--> statement-breakpoint
-- Existing databases: the new view for the configuration administrators' profile (new databases
-- get it from the catalogue seed, which runs after the migrations).
INSERT INTO "vistas" ("id_vista","nombre","url","icon_class","id_modulo","principal","orden")
SELECT 41, 'Correos no enviados', '/Configuracion/CorreosNoEnviados', 'pi pi-envelope', 5, false, 41
WHERE EXISTS (SELECT 1 FROM "modulos" WHERE "id_modulo" = 5)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "perfil_vistas" ("id_perfil","id_vista")
SELECT DISTINCT pv."id_perfil", 41
FROM "perfil_vistas" pv JOIN "vistas" v ON v."id_vista" = pv."id_vista"
WHERE v."nombre" = 'Mantenimiento Usuario' AND EXISTS (SELECT 1 FROM "vistas" WHERE "id_vista" = 41)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Demo users get addresses a local SMTP catcher shows at once.
UPDATE "usuarios" SET "email" = "usuario" || '@demo.firmas.example'
WHERE "usuario" IN ('originador','originador2','analista','analista2','juridico','juridico2','administrador','consultor','configuracion')
AND ("email" = "usuario" || '@contraloria.gob.do' OR "email" = "usuario" || '@institucion.gob.do');
