-- Signed documents (issue 38): the trust the Contraloría configures for "Verificar documento".
-- Trust anchors: CA certificates (DER) a signer's chain must reach; retired, never deleted.
CREATE TABLE IF NOT EXISTS "anclas_confianza" (
  "id_ancla" serial PRIMARY KEY,
  "sujeto" text NOT NULL,
  "emisor" text NOT NULL,
  "serie" text NOT NULL,
  "valido_desde" timestamptz NOT NULL,
  "valido_hasta" timestamptz NOT NULL,
  "sha256" text NOT NULL,
  "der" bytea NOT NULL,
  "id_usuario" integer REFERENCES "usuarios" ("id_usuario") ON DELETE set null,
  "creada" timestamptz NOT NULL DEFAULT now(),
  "retirada" timestamptz,
  "id_usuario_retiro" integer REFERENCES "usuarios" ("id_usuario") ON DELETE set null
);
--> statement-breakpoint
-- One active row per certificate: the same file uploaded twice is refused while the first is in use.
CREATE UNIQUE INDEX IF NOT EXISTS "anclas_confianza_sha256_uq" ON "anclas_confianza" ("sha256") WHERE "retirada" IS NULL;
--> statement-breakpoint
-- CRLs: one active list per issuer, replaced by a newer upload (its last update kept).
CREATE TABLE IF NOT EXISTS "crls_confianza" (
  "id_crl" serial PRIMARY KEY,
  "emisor" text NOT NULL,
  "emitida" timestamptz NOT NULL,
  "proxima" timestamptz,
  "sha256" text NOT NULL,
  "der" bytea NOT NULL,
  "id_usuario" integer REFERENCES "usuarios" ("id_usuario") ON DELETE set null,
  "actualizada" timestamptz NOT NULL DEFAULT now(),
  "retirada" timestamptz,
  "id_usuario_retiro" integer REFERENCES "usuarios" ("id_usuario") ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "crls_confianza_emisor_uq" ON "crls_confianza" ("emisor") WHERE "retirada" IS NULL;
--> statement-breakpoint
-- Joint signatures: an institution whose documents of one signature type need N authorised signers.
CREATE TABLE IF NOT EXISTS "firmas_conjuntas" (
  "id_institucion" integer NOT NULL REFERENCES "instituciones" ("id_institucion") ON DELETE cascade,
  "id_firma" integer NOT NULL REFERENCES "firmas" ("id_firma") ON DELETE cascade,
  "minimo" smallint NOT NULL CHECK ("minimo" >= 2),
  "id_usuario" integer REFERENCES "usuarios" ("id_usuario") ON DELETE set null,
  "actualizada" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id_institucion", "id_firma")
);
--> statement-breakpoint
-- Settings of the signed-document check (the attribute holding the cédula): one row per setting.
CREATE TABLE IF NOT EXISTS "documentos_ajustes" (
  "clave" text PRIMARY KEY,
  "valor" text NOT NULL,
  "id_usuario" integer REFERENCES "usuarios" ("id_usuario") ON DELETE set null,
  "actualizado" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Validation reports of "Verificar documento": the answer as given, its code's and file's SHA-256.
CREATE TABLE IF NOT EXISTS "informes_documento" (
  "id_informe" serial PRIMARY KEY,
  "codigo_hash" text NOT NULL,
  "resultado" jsonb NOT NULL,
  "firmado_por_autorizados" boolean NOT NULL,
  "id_usuario" integer REFERENCES "usuarios" ("id_usuario") ON DELETE set null,
  "id_clave" integer REFERENCES "claves_sistema" ("id_clave") ON DELETE set null,
  "emitido" timestamptz NOT NULL DEFAULT now(),
  "pdf" bytea,
  "pdf_sha256" text,
  "sello_huella" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "informes_documento_codigo_uq" ON "informes_documento" ("codigo_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "informes_documento_pdf_idx" ON "informes_documento" ("pdf_sha256");
--> statement-breakpoint
-- Existing databases: the view "Autoridades de confianza" for the profiles holding "Claves de sistema"
-- (new databases get it from the catalogue seed, which runs after the migrations).
INSERT INTO "vistas" ("id_vista","nombre","url","icon_class","id_modulo","principal","orden")
SELECT 45, 'Autoridades de confianza', '/Configuracion/AutoridadesConfianza', 'pi pi-verified', 5, false, 45
WHERE EXISTS (SELECT 1 FROM "modulos" WHERE "id_modulo" = 5)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "perfil_vistas" ("id_perfil","id_vista")
SELECT DISTINCT pv."id_perfil", 45
FROM "perfil_vistas" pv JOIN "vistas" v ON v."id_vista" = pv."id_vista"
WHERE v."nombre" = 'Claves de sistema' AND EXISTS (SELECT 1 FROM "vistas" WHERE "id_vista" = 45)
ON CONFLICT DO NOTHING;
