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
