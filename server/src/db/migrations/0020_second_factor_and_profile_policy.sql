-- Second factor: the profile's policy, passkeys and authenticator apps, recovery codes, and the
-- short-lived challenges between the password and the second factor.
ALTER TABLE "perfiles" ADD COLUMN IF NOT EXISTS "requiere_segundo_factor" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "factores" (
	"id_factor" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL REFERENCES "usuarios"("id_usuario") ON DELETE cascade,
	"tipo" text NOT NULL CHECK ("tipo" IN ('passkey', 'app')),
	"nombre" text NOT NULL,
	"confirmado" boolean DEFAULT true NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_uso" timestamp with time zone,
	"credencial_id" text,
	"clave_publica" bytea,
	"contador" bigint DEFAULT 0 NOT NULL,
	"transportes" text[],
	"secreto" text,
	"ultimo_paso" bigint
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "factores_usuario_idx" ON "factores" USING btree ("id_usuario");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "factores_credencial_uq" ON "factores" USING btree ("credencial_id");
--> statement-breakpoint
-- One authenticator app per user.
CREATE UNIQUE INDEX IF NOT EXISTS "factores_app_uq" ON "factores" USING btree ("id_usuario") WHERE "tipo" = 'app' AND "confirmado";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "codigos_recuperacion" (
	"id_codigo" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL REFERENCES "usuarios"("id_usuario") ON DELETE cascade,
	"hash" text NOT NULL,
	"usado" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "codigos_recuperacion_usuario_idx" ON "codigos_recuperacion" USING btree ("id_usuario");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "desafios" (
	"id_desafio" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL UNIQUE,
	"id_usuario" integer NOT NULL REFERENCES "usuarios"("id_usuario") ON DELETE cascade,
	"proposito" text NOT NULL CHECK ("proposito" IN ('inicio', 'registro')),
	"usuario_tecleado" text DEFAULT '' NOT NULL,
	"webauthn" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"terminado" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "desafios_usuario_idx" ON "desafios" USING btree ("id_usuario");
