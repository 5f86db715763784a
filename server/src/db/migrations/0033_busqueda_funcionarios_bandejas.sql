-- Every inbox finds a request by one of its officials (issue 35), at the speed of the incumbent's
-- name searches: the officials' words table, one row per official and word holding a letter (cédula
-- pieces are digits and stay with the officials' GIN index of migration 0027), with the columns the
-- inboxes filter by copied from the request, the official's own words (`palabras`, ' ' before
-- each: the other words typed must start words of the same official) and the request's incumbent's
-- (`incumbente`: a request its incumbent already matches is counted by the incumbents' words table,
-- so the two never count it twice). A typed word is a range of its first column.
-- `anterior` is the previous word of the same request's officials in (word, official) order: the
-- rows of one request under a typed start are next to each other, and the first of them is the one
-- whose `anterior` is before the typed text — one row per request, without a DISTINCT.
-- One person's words per row: a request with thousands of officials (an imported one) has many
-- rows, never a long one (an index row holds at most 2.7 kB), and no pairs of them.
CREATE TABLE "funcionarios_palabras" (
	"palabra" text COLLATE "C" NOT NULL,
	"id_solicitud" integer NOT NULL,
	"id_funcionario" integer NOT NULL,
	"anterior" text COLLATE "C",
	"estatus" smallint NOT NULL,
	"id_institucion" integer NOT NULL,
	"decidido_juridico" boolean NOT NULL,
	"asignado" boolean NOT NULL,
	"fecha_solicitud" timestamp with time zone NOT NULL,
	"palabras" text NOT NULL,
	"incumbente" text NOT NULL,
	CONSTRAINT "funcionarios_palabras_pk" PRIMARY KEY("id_solicitud","palabra","id_funcionario")
);--> statement-breakpoint
-- The rows every request must have, as the triggers and the back-fill write them. A condition on
-- `id_solicitud` reaches the tables below (it is the window's partition).
CREATE VIEW "rf_funcionarios_palabras_calculadas" AS
SELECT w.palabra, f.id_solicitud, f.id_funcionario,
       lag(w.palabra) OVER (PARTITION BY f.id_solicitud ORDER BY w.palabra, f.id_funcionario) AS anterior,
       s.estatus, s.id_institucion, s.decidido_juridico, s.asignado_a IS NOT NULL AS asignado, s.fecha_solicitud,
       ' ' || array_to_string(tsvector_to_array(f.busqueda), ' ') AS palabras,
       ' ' || array_to_string(tsvector_to_array(s.busqueda), ' ') AS incumbente
FROM funcionarios f
JOIN solicitudes s ON s.id_solicitud = f.id_solicitud
CROSS JOIN LATERAL (SELECT p COLLATE "C" AS palabra FROM unnest(tsvector_to_array(f.busqueda)) p) w
WHERE w.palabra ~ '[a-z]';--> statement-breakpoint
-- The same rows for one request, its filter before the window: a statement that changes a few
-- requests' officials reads only theirs (an array's `= ANY` would be checked row by row instead).
CREATE FUNCTION "rf_funcionarios_palabras_de"(solicitud integer) RETURNS SETOF "funcionarios_palabras"
LANGUAGE sql STABLE AS $$
  SELECT w.palabra, f.id_solicitud, f.id_funcionario,
         lag(w.palabra) OVER (ORDER BY w.palabra, f.id_funcionario),
         s.estatus, s.id_institucion, s.decidido_juridico, s.asignado_a IS NOT NULL, s.fecha_solicitud,
         ' ' || array_to_string(tsvector_to_array(f.busqueda), ' '),
         ' ' || array_to_string(tsvector_to_array(s.busqueda), ' ')
  FROM funcionarios f
  JOIN solicitudes s ON s.id_solicitud = f.id_solicitud
  CROSS JOIN LATERAL (SELECT p COLLATE "C" AS palabra FROM unnest(tsvector_to_array(f.busqueda)) p) w
  WHERE f.id_solicitud = solicitud AND w.palabra ~ '[a-z]'
$$;--> statement-breakpoint
-- Officials added, removed, renamed or moved: their requests' rows written again (once per
-- statement; `anterior` depends on every official of the request).
CREATE FUNCTION "rf_funcionarios_palabras"() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT id_solicitud) INTO ids FROM nuevas;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT id_solicitud) INTO ids FROM viejas;
  ELSE
    SELECT array_agg(DISTINCT x.id) INTO ids FROM (
      SELECT n.id_solicitud AS id, v.id_solicitud AS id_viejo FROM nuevas n
      JOIN viejas v ON v.id_funcionario = n.id_funcionario
      WHERE (n.busqueda, n.id_solicitud) IS DISTINCT FROM (v.busqueda, v.id_solicitud)
    ) c CROSS JOIN LATERAL (VALUES (c.id), (c.id_viejo)) x(id);
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  DELETE FROM funcionarios_palabras p USING unnest(ids) AS n(id) WHERE p.id_solicitud = n.id;
  INSERT INTO funcionarios_palabras
  SELECT c.* FROM unnest(ids) AS n(id) CROSS JOIN LATERAL rf_funcionarios_palabras_de(n.id) c;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "funcionarios_palabras_altas" AFTER INSERT ON "funcionarios" REFERENCING NEW TABLE AS nuevas
FOR EACH STATEMENT EXECUTE FUNCTION rf_funcionarios_palabras();--> statement-breakpoint
CREATE TRIGGER "funcionarios_palabras_bajas" AFTER DELETE ON "funcionarios" REFERENCING OLD TABLE AS viejas
FOR EACH STATEMENT EXECUTE FUNCTION rf_funcionarios_palabras();--> statement-breakpoint
CREATE TRIGGER "funcionarios_palabras_cambios" AFTER UPDATE ON "funcionarios"
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
FOR EACH STATEMENT EXECUTE FUNCTION rf_funcionarios_palabras();--> statement-breakpoint
CREATE FUNCTION "rf_funcionarios_palabras_vaciar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM funcionarios_palabras;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "funcionarios_palabras_vaciado" AFTER TRUNCATE ON "funcionarios"
FOR EACH STATEMENT EXECUTE FUNCTION rf_funcionarios_palabras_vaciar();--> statement-breakpoint
-- A request's status, institution, holder, date or incumbent's words changed: its officials' rows
-- get the new copies (an incumbent's rename reaches here through `solicitudes.busqueda`).
CREATE FUNCTION "rf_solicitudes_funcionarios_palabras"() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  UPDATE funcionarios_palabras p
  SET estatus = n.estatus, id_institucion = n.id_institucion, decidido_juridico = n.decidido_juridico,
      asignado = n.asignado_a IS NOT NULL, fecha_solicitud = n.fecha_solicitud,
      incumbente = ' ' || array_to_string(tsvector_to_array(n.busqueda), ' ')
  FROM nuevas n JOIN viejas v ON v.id_solicitud = n.id_solicitud
  WHERE p.id_solicitud = n.id_solicitud
    AND (n.estatus, n.id_institucion, n.decidido_juridico, n.asignado_a IS NOT NULL, n.fecha_solicitud, n.busqueda)
      IS DISTINCT FROM (v.estatus, v.id_institucion, v.decidido_juridico, v.asignado_a IS NOT NULL,
                        v.fecha_solicitud, v.busqueda);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "solicitudes_funcionarios_palabras" AFTER UPDATE ON "solicitudes"
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
FOR EACH STATEMENT EXECUTE FUNCTION rf_solicitudes_funcionarios_palabras();--> statement-breakpoint
INSERT INTO "funcionarios_palabras" SELECT * FROM rf_funcionarios_palabras_calculadas;--> statement-breakpoint
-- A search's total and its matches' dates: the word, then the inbox's statuses and the institution
-- as bounds; everything else checked on the index row.
CREATE INDEX "funcionarios_palabras_estatus_idx" ON "funcionarios_palabras" USING btree ("palabra","estatus","id_institucion","id_solicitud")
INCLUDE ("id_funcionario","anterior","decidido_juridico","asignado","fecha_solicitud","palabras","incumbente");--> statement-breakpoint
ANALYZE "funcionarios_palabras";
