-- Sealed constancias: the SHA-256 of the file as issued (sealed), and of the seal certificate that
-- sealed it, so that an uploaded constancia can be recognised as the one the registry issued.
ALTER TABLE "constancias" ADD COLUMN IF NOT EXISTS "pdf_sha256" text;
--> statement-breakpoint
ALTER TABLE "constancias" ADD COLUMN IF NOT EXISTS "sello_huella" text;
