-- Change notifications (webhooks). A system key with the `notificaciones` scope subscribes an
-- address to the changes of chosen institutions' officials; each change writes one outbox row per
-- matching subscription in the change's own transaction, and background senders deliver them.
-- `secreto` is the subscription's signing secret, encrypted with a key derived from the audit key.
CREATE TABLE "suscripciones" (
	"id_suscripcion" serial PRIMARY KEY NOT NULL,
	"id_clave" integer NOT NULL REFERENCES "claves_sistema"("id_clave") ON DELETE cascade,
	"url" text NOT NULL,
	"instituciones" integer[] NOT NULL,
	"secreto" text NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"eliminada" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "suscripciones_clave_idx" ON "suscripciones" USING btree ("id_clave") WHERE "eliminada" IS NULL;
--> statement-breakpoint
-- The outbox: one event for one subscription. `id_evento` is the event's id for de-duplication,
-- the same on every retry and replay; `secuencia` orders one official's events per subscription
-- (a later one is not sent while an earlier one is pending); `carga` is the exact JSON body signed;
-- `clave` keeps a sweep from writing the same event twice; `desde` starts the retry window.
CREATE TABLE "notificaciones" (
	"id_notificacion" bigserial PRIMARY KEY NOT NULL,
	"id_evento" uuid NOT NULL,
	"id_suscripcion" integer NOT NULL REFERENCES "suscripciones"("id_suscripcion") ON DELETE cascade,
	"id_funcionario" integer NOT NULL,
	"secuencia" integer NOT NULL,
	"tipo" text NOT NULL,
	"carga" text NOT NULL,
	"clave" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"desde" timestamp with time zone DEFAULT now() NOT NULL,
	"proximo_intento" timestamp with time zone DEFAULT now() NOT NULL,
	"reclamado_hasta" timestamp with time zone,
	"intentos" integer DEFAULT 0 NOT NULL,
	"entregado" timestamp with time zone,
	"fallido" boolean DEFAULT false NOT NULL,
	"ultimo_estado" integer,
	"ultimo_error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notificaciones_evento_idx" ON "notificaciones" USING btree ("id_evento");
--> statement-breakpoint
CREATE UNIQUE INDEX "notificaciones_orden_idx" ON "notificaciones" USING btree ("id_suscripcion","id_funcionario","secuencia");
--> statement-breakpoint
CREATE UNIQUE INDEX "notificaciones_clave_idx" ON "notificaciones" USING btree ("clave");
--> statement-breakpoint
CREATE INDEX "notificaciones_pendientes_idx" ON "notificaciones" USING btree ("proximo_intento") WHERE "entregado" IS NULL AND NOT "fallido";
--> statement-breakpoint
-- The delivery log: every attempt with the receiver's HTTP status or the error, and its duration.
CREATE TABLE "notificaciones_intentos" (
	"id_intento" bigserial PRIMARY KEY NOT NULL,
	"id_notificacion" bigint NOT NULL REFERENCES "notificaciones"("id_notificacion") ON DELETE cascade,
	"fecha" timestamp with time zone NOT NULL,
	"duracion_ms" integer NOT NULL,
	"estado_http" integer,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "notificaciones_intentos_idx" ON "notificaciones_intentos" USING btree ("id_notificacion","id_intento");
