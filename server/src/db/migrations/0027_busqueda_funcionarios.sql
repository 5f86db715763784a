-- The originator's inbox also finds a request by one of its officials (names, surnames, cédula with
-- and without dashes), folded like the incumbent's words: each official's words, computed by the
-- database from its own row, GIN-indexed for the search's prefix query.
ALTER TABLE "funcionarios" ADD COLUMN IF NOT EXISTS "busqueda" tsvector
  GENERATED ALWAYS AS (rf_documento_busqueda("nombres", "apellidos", "cedula")) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "funcionarios_busqueda_idx" ON "funcionarios" USING gin ("busqueda");
