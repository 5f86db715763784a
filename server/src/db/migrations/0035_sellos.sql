-- The public upload check finds a constancia by the SHA-256 of its file as issued.
CREATE INDEX IF NOT EXISTS "constancias_pdf_idx" ON "constancias" ("pdf_sha256");
--> statement-breakpoint
-- Incidents of the audit trail: a break the configuration administrator recorded, with its reason,
-- so verification goes on past that entry (still naming it). Signed by the app with the audit key
-- (the database never holds it) and append-only like the entries.
CREATE TABLE IF NOT EXISTS "auditoria_incidentes" (
  "id_incidente" serial PRIMARY KEY,
  "id_auditoria" bigint NOT NULL,
  "motivo" text NOT NULL,
  "id_usuario" integer REFERENCES "usuarios" ("id_usuario"),
  "fecha" timestamptz NOT NULL DEFAULT now(),
  "firma" text NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER auditoria_incidentes_inmutable BEFORE UPDATE OR DELETE ON auditoria_incidentes FOR EACH ROW EXECUTE FUNCTION auditoria_inmutable();
--> statement-breakpoint
CREATE TRIGGER auditoria_incidentes_sin_truncar BEFORE TRUNCATE ON auditoria_incidentes FOR EACH STATEMENT EXECUTE FUNCTION auditoria_inmutable();
--> statement-breakpoint
-- Comprobantes de verificación: a sealed PDF of one answer of "Verificar firma" (the question, the
-- answer, the time), with a code like a constancia's; the code's and the file's SHA-256 are kept.
CREATE TABLE IF NOT EXISTS "comprobantes" (
  "id_comprobante" serial PRIMARY KEY,
  "codigo_hash" text NOT NULL,
  "pregunta" text NOT NULL,
  "autorizado" boolean NOT NULL,
  "motivo" text NOT NULL,
  "fecha" text NOT NULL,
  "id_usuario" integer REFERENCES "usuarios" ("id_usuario"),
  "emitido" timestamptz NOT NULL DEFAULT now(),
  "pdf_sha256" text NOT NULL,
  "sello_huella" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "comprobantes_codigo_uq" ON "comprobantes" ("codigo_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "comprobantes_pdf_idx" ON "comprobantes" ("pdf_sha256");
