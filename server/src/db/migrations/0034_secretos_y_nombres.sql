-- Issue 34.3: a password-reset e-mail no longer keeps its link in clear. The link's secret is kept
-- sealed in "correos"."secreto" (with the key for secrets, which is not in the database) and put into
-- the text only at send time; it is dropped once the mail is sent. Mails written before this held
-- the link in their text: their texts are dropped and the links they carried stop serving.
ALTER TABLE "correos" ADD COLUMN "secreto" text;
--> statement-breakpoint
UPDATE "correos" SET "cuerpo" = NULL,
	"fallido" = ("enviado" IS NULL),
	"ultimo_error" = CASE WHEN "enviado" IS NULL THEN 'El enlace se anuló al actualizar la aplicación.' ELSE "ultimo_error" END
WHERE "cuerpo" LIKE '%/RestablecerClave#%';
--> statement-breakpoint
UPDATE "restablecimientos_clave" SET "usado" = now() WHERE "usado" IS NULL;
--> statement-breakpoint
-- Issue 34.4: failed sign-ins under a name that is no active user's are counted and locked like an
-- account's, so a made-up name cannot be told from a real one. The name is kept as the SHA-256 of its
-- lower-cased form; direccion '' holds the count over all addresses.
CREATE TABLE "bloqueos_nombre" (
	"nombre" text NOT NULL,
	"direccion" text NOT NULL,
	"fallos" integer DEFAULT 0 NOT NULL,
	"ultimo_fallo" timestamp with time zone DEFAULT now() NOT NULL,
	"bloqueado_hasta" timestamp with time zone,
	PRIMARY KEY ("nombre", "direccion")
);
--> statement-breakpoint
CREATE INDEX "bloqueos_nombre_ultimo_idx" ON "bloqueos_nombre" USING btree ("ultimo_fallo");
--> statement-breakpoint
-- Issue 35 item 10: a session ended from "Mis sesiones" says so to the browser that held it.
ALTER TABLE "sesiones" ADD COLUMN "cerrada_desde" text;
