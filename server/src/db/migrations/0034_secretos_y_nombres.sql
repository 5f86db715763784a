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
