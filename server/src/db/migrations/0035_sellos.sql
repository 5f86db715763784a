-- The public upload check finds a constancia by the SHA-256 of its file as issued.
CREATE INDEX IF NOT EXISTS "constancias_pdf_idx" ON "constancias" ("pdf_sha256");
