-- Security (issue 9): sign-in failures counted per account and client address. Five failures from
-- one address lock the account for that address; the per-account counter in "usuarios" (with a
-- higher threshold) still locks it from every address.
CREATE TABLE "bloqueos_acceso" (
	"id_usuario" integer NOT NULL REFERENCES "usuarios"("id_usuario") ON DELETE CASCADE,
	"direccion" text NOT NULL,
	"fallos" integer DEFAULT 0 NOT NULL,
	"ultimo_fallo" timestamp with time zone DEFAULT now() NOT NULL,
	"bloqueado_hasta" timestamp with time zone,
	PRIMARY KEY ("id_usuario", "direccion")
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "ultimo_fallo" timestamp with time zone;
