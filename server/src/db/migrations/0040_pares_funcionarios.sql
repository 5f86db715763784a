-- Two-word searches of the officials at the speed of the incumbents' (issue 35): pairs of one
-- official's words (both holding a letter, the smaller first in byte order), with the columns of
-- its row in `funcionarios_palabras` (migration 0033) copied beside them. A search of two words
-- that neither starts the other reads the pairs under the smaller one's range whose second word is
-- in the other's range, both as bounds of the index, instead of every official under one word.
-- One person's pairs: an official of n words has n(n-1)/2 rows, never a request's (an imported
-- request with thousands of officials has no pairs across them).
CREATE TABLE "funcionarios_pares" (
	"palabra1" text COLLATE "C" NOT NULL,
	"palabra2" text COLLATE "C" NOT NULL,
	"id_solicitud" integer NOT NULL,
	"id_funcionario" integer NOT NULL,
	"estatus" smallint NOT NULL,
	"id_institucion" integer NOT NULL,
	"decidido_juridico" boolean NOT NULL,
	"asignado" boolean NOT NULL,
	"fecha_solicitud" timestamp with time zone NOT NULL,
	"palabras" text NOT NULL,
	"incumbente" text NOT NULL,
	CONSTRAINT "funcionarios_pares_pk" PRIMARY KEY("id_solicitud","palabra1","palabra2","id_funcionario")
);--> statement-breakpoint
-- Kept from the officials' words table, whoever writes it: the officials whose words rows a
-- statement touched get their pairs written again from that table as it now is.
CREATE FUNCTION "rf_funcionarios_pares"() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  sols integer[];
  funs integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id_solicitud), array_agg(id_funcionario) INTO sols, funs
    FROM (SELECT DISTINCT id_solicitud, id_funcionario FROM nuevas) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(id_solicitud), array_agg(id_funcionario) INTO sols, funs
    FROM (SELECT DISTINCT id_solicitud, id_funcionario FROM viejas) x;
  ELSE
    SELECT array_agg(id_solicitud), array_agg(id_funcionario) INTO sols, funs
    FROM (SELECT id_solicitud, id_funcionario FROM nuevas UNION SELECT id_solicitud, id_funcionario FROM viejas) x;
  END IF;
  IF sols IS NULL THEN
    RETURN NULL;
  END IF;
  DELETE FROM funcionarios_pares p USING unnest(sols, funs) AS t(s, f)
  WHERE p.id_solicitud = t.s AND p.id_funcionario = t.f;
  INSERT INTO funcionarios_pares
  SELECT a.palabra, b.palabra, a.id_solicitud, a.id_funcionario, a.estatus, a.id_institucion,
         a.decidido_juridico, a.asignado, a.fecha_solicitud, a.palabras, a.incumbente
  FROM unnest(sols, funs) AS t(s, f)
  JOIN funcionarios_palabras a ON a.id_solicitud = t.s AND a.id_funcionario = t.f
  JOIN funcionarios_palabras b ON b.id_solicitud = a.id_solicitud AND b.id_funcionario = a.id_funcionario
   AND b.palabra > a.palabra;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "funcionarios_pares_altas" AFTER INSERT ON "funcionarios_palabras" REFERENCING NEW TABLE AS nuevas
FOR EACH STATEMENT EXECUTE FUNCTION rf_funcionarios_pares();--> statement-breakpoint
CREATE TRIGGER "funcionarios_pares_bajas" AFTER DELETE ON "funcionarios_palabras" REFERENCING OLD TABLE AS viejas
FOR EACH STATEMENT EXECUTE FUNCTION rf_funcionarios_pares();--> statement-breakpoint
CREATE TRIGGER "funcionarios_pares_cambios" AFTER UPDATE ON "funcionarios_palabras"
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
FOR EACH STATEMENT EXECUTE FUNCTION rf_funcionarios_pares();--> statement-breakpoint
INSERT INTO "funcionarios_pares"
SELECT a.palabra, b.palabra, a.id_solicitud, a.id_funcionario, a.estatus, a.id_institucion,
       a.decidido_juridico, a.asignado, a.fecha_solicitud, a.palabras, a.incumbente
FROM funcionarios_palabras a
JOIN funcionarios_palabras b ON b.id_solicitud = a.id_solicitud AND b.id_funcionario = a.id_funcionario
 AND b.palabra > a.palabra;--> statement-breakpoint
-- A search's total and its matches' dates: both words, then the inbox's statuses and the
-- institution as bounds; everything else checked on the index row.
CREATE INDEX "funcionarios_pares_idx" ON "funcionarios_pares" USING btree ("palabra1","palabra2","estatus","id_institucion","id_solicitud")
INCLUDE ("id_funcionario","decidido_juridico","asignado","fecha_solicitud","palabras","incumbente");--> statement-breakpoint
ANALYZE "funcionarios_pares";
