-- Reliability (issue 11). Sign-in attempts per client address in fixed windows, shared by every
-- app process on the same database (the rate limit used to live in each process's memory).
CREATE TABLE "limites_acceso" (
	"clave" text PRIMARY KEY NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"intentos" integer NOT NULL
);--> statement-breakpoint
-- Idempotency keys of creating calls, per user: a repeated key answers the first result.
-- "estado" is NULL while the first call runs, then its HTTP status; "respuesta" its JSON body.
CREATE TABLE "idempotencia" (
	"id_usuario" integer NOT NULL REFERENCES "usuarios"("id_usuario") ON DELETE CASCADE,
	"clave" text NOT NULL,
	"ruta" text NOT NULL,
	"estado" integer,
	"respuesta" jsonb,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("id_usuario", "clave")
);--> statement-breakpoint
CREATE INDEX "idempotencia_creado_idx" ON "idempotencia" ("creado");
