-- Searches by name at a million requests (issue 12): every word of a request's search words that
-- holds a letter (its incumbent's names and surnames; cédula pieces are digits and stay with the GIN
-- index), one row each, with the columns the inboxes filter and sort by copied from the request and
-- its incumbent. A word typed is a range of this table's first column, so a search's capped total is
-- an index-only scan that stops at the cap, and a search sorted by name walks the word's names in
-- order; the GIN index answers a prefix with a bitmap of every matching request first.
-- `anterior` is the request's previous word in the same (byte) order: the words of one request that
-- start with what was typed are next to each other, so the first of them is the one whose
-- `anterior` is before the typed text — one row per request, without a DISTINCT.
-- `palabras` is every search word of the request (' ' before each), so that the other words typed
-- are checked in the index too: "starts a word" is "contains ' ' || word".
CREATE TABLE "solicitudes_palabras" (
	"palabra" text COLLATE "C" NOT NULL,
	"id_solicitud" integer NOT NULL,
	"anterior" text COLLATE "C",
	"estatus" smallint NOT NULL,
	"id_institucion" integer NOT NULL,
	"decidido_juridico" boolean NOT NULL,
	"asignado" boolean NOT NULL,
	"nombres" text NOT NULL,
	"apellidos" text NOT NULL,
	"palabras" text NOT NULL,
	"fecha_solicitud" timestamp with time zone NOT NULL,
	CONSTRAINT "solicitudes_palabras_pk" PRIMARY KEY("id_solicitud","palabra")
);--> statement-breakpoint
-- The rows every request must have (with its incumbent's names), as the triggers and the back-fill
-- write them. A condition on `id_solicitud` reaches the tables below (it is the window's partition).
CREATE VIEW "rf_palabras_calculadas" AS
SELECT w.palabra, s.id_solicitud,
       lag(w.palabra) OVER (PARTITION BY s.id_solicitud ORDER BY w.palabra) AS anterior,
       s.estatus, s.id_institucion, s.decidido_juridico, s.asignado_a IS NOT NULL AS asignado, i.nombres, i.apellidos,
       ' ' || array_to_string(tsvector_to_array(s.busqueda), ' ') AS palabras, s.fecha_solicitud
FROM solicitudes s
JOIN incumbentes i ON i.id_incumbente = s.id_incumbente
CROSS JOIN LATERAL (SELECT p COLLATE "C" AS palabra FROM unnest(tsvector_to_array(s.busqueda)) p) w
WHERE w.palabra ~ '[a-z]';--> statement-breakpoint
-- Two words typed, both common (a given name and a surname: "ana núñez"), at a million requests
-- (issue 12): scanning one word's rows and checking the other on each costs a tenth of a
-- microsecond times the hundred thousand requests of a common word. This table holds, per request,
-- every pair of its words with a letter (the words table's rows two by two, the smaller first), so
-- that requests with both words are one range of its index. `anterior1`/`anterior2` are each
-- word's previous word in the request (as in the words table), to read each request once when the
-- typed starts name several words of it. `palabras` (as in the words table): a third word typed is
-- checked on the pair's index row.
CREATE TABLE "solicitudes_pares" (
	"palabra1" text COLLATE "C" NOT NULL,
	"palabra2" text COLLATE "C" NOT NULL,
	"id_solicitud" integer NOT NULL,
	"anterior1" text COLLATE "C",
	"anterior2" text COLLATE "C",
	"estatus" smallint NOT NULL,
	"id_institucion" integer NOT NULL,
	"decidido_juridico" boolean NOT NULL,
	"asignado" boolean NOT NULL,
	"fecha_solicitud" timestamp with time zone NOT NULL,
	"palabras" text NOT NULL,
	CONSTRAINT "solicitudes_pares_pk" PRIMARY KEY("id_solicitud","palabra1","palabra2")
);--> statement-breakpoint
CREATE VIEW "rf_pares_calculados" AS
SELECT a.palabra, b.palabra AS palabra2, a.id_solicitud, a.anterior, b.anterior AS anterior2,
       a.estatus, a.id_institucion, a.decidido_juridico, a.asignado, a.fecha_solicitud, a.palabras
FROM solicitudes_palabras a
JOIN solicitudes_palabras b ON b.id_solicitud = a.id_solicitud AND b.palabra > a.palabra;--> statement-breakpoint
-- Once per statement, in the same transaction as the rows: inserted requests get their words,
-- deleted ones lose them, and updated ones whose copied columns or words changed are rewritten;
-- then the same for the pairs.
-- Its statements are planned once per connection: planning the views again for every status change
-- cost 2-4 ms of a 0.5 ms update at a million requests (a plan for `= ANY (ids)` holds for any ids).
CREATE FUNCTION "rf_solicitudes_palabras"() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO solicitudes_palabras
    SELECT * FROM rf_palabras_calculadas WHERE id_solicitud IN (SELECT id_solicitud FROM nuevas);
    INSERT INTO solicitudes_pares
    SELECT * FROM rf_pares_calculados WHERE id_solicitud IN (SELECT id_solicitud FROM nuevas);
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM solicitudes_palabras p USING viejas v WHERE p.id_solicitud = v.id_solicitud;
    DELETE FROM solicitudes_pares p USING viejas v WHERE p.id_solicitud = v.id_solicitud;
  ELSE
    SELECT array_agg(n.id_solicitud) INTO ids FROM nuevas n JOIN viejas v ON v.id_solicitud = n.id_solicitud
    WHERE (n.estatus, n.id_institucion, n.decidido_juridico, n.asignado_a IS NOT NULL, n.busqueda, n.id_incumbente,
           n.fecha_solicitud)
      IS DISTINCT FROM (v.estatus, v.id_institucion, v.decidido_juridico, v.asignado_a IS NOT NULL, v.busqueda,
           v.id_incumbente, v.fecha_solicitud);
    IF ids IS NULL THEN
      RETURN NULL;
    END IF;
    DELETE FROM solicitudes_palabras WHERE id_solicitud = ANY (ids);
    DELETE FROM solicitudes_pares WHERE id_solicitud = ANY (ids);
    INSERT INTO solicitudes_palabras SELECT * FROM rf_palabras_calculadas WHERE id_solicitud = ANY (ids);
    INSERT INTO solicitudes_pares SELECT * FROM rf_pares_calculados WHERE id_solicitud = ANY (ids);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "solicitudes_palabras_altas" AFTER INSERT ON "solicitudes" REFERENCING NEW TABLE AS nuevas
FOR EACH STATEMENT EXECUTE FUNCTION rf_solicitudes_palabras();--> statement-breakpoint
CREATE TRIGGER "solicitudes_palabras_bajas" AFTER DELETE ON "solicitudes" REFERENCING OLD TABLE AS viejas
FOR EACH STATEMENT EXECUTE FUNCTION rf_solicitudes_palabras();--> statement-breakpoint
CREATE TRIGGER "solicitudes_palabras_cambios" AFTER UPDATE ON "solicitudes"
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
FOR EACH STATEMENT EXECUTE FUNCTION rf_solicitudes_palabras();--> statement-breakpoint
CREATE FUNCTION "rf_solicitudes_palabras_vaciar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM solicitudes_palabras;
  DELETE FROM solicitudes_pares;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "solicitudes_palabras_vaciado" AFTER TRUNCATE ON "solicitudes"
FOR EACH STATEMENT EXECUTE FUNCTION rf_solicitudes_palabras_vaciar();--> statement-breakpoint
-- The sort keys follow the incumbent's names, which can change without changing the folded words
-- ("Jose" to "José").
CREATE FUNCTION "rf_incumbente_palabras"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE solicitudes_palabras p SET nombres = NEW.nombres, apellidos = NEW.apellidos
  FROM solicitudes s
  WHERE s.id_incumbente = NEW.id_incumbente AND p.id_solicitud = s.id_solicitud;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "incumbentes_palabras" AFTER UPDATE OF nombres, apellidos ON "incumbentes"
FOR EACH ROW WHEN (OLD.nombres IS DISTINCT FROM NEW.nombres OR OLD.apellidos IS DISTINCT FROM NEW.apellidos)
EXECUTE FUNCTION rf_incumbente_palabras();--> statement-breakpoint
INSERT INTO "solicitudes_palabras" SELECT * FROM rf_palabras_calculadas;--> statement-breakpoint
INSERT INTO "solicitudes_pares" SELECT * FROM rf_pares_calculados;--> statement-breakpoint
-- A search's total (and its matches' dates, to sort a few thousand of them without reading them):
-- the word, then the inbox's statuses and the institution as bounds.
CREATE INDEX "solicitudes_palabras_estatus_idx" ON "solicitudes_palabras" USING btree ("palabra","estatus","id_institucion","id_solicitud")
INCLUDE ("anterior","decidido_juridico","asignado","palabras","fecha_solicitud");--> statement-breakpoint
-- A search sorted by name: the word's requests in name order.
CREATE INDEX "solicitudes_palabras_nombres_idx" ON "solicitudes_palabras" USING btree ("palabra","nombres","apellidos","id_solicitud")
INCLUDE ("anterior","estatus","id_institucion","decidido_juridico","asignado");--> statement-breakpoint
-- Both words as bounds, then the inbox's statuses and the institution.
CREATE INDEX "solicitudes_pares_idx" ON "solicitudes_pares" USING btree ("palabra1","palabra2","estatus","id_institucion","id_solicitud")
INCLUDE ("anterior1","anterior2","decidido_juridico","asignado","fecha_solicitud","palabras");--> statement-breakpoint
ANALYZE "solicitudes_palabras";--> statement-breakpoint
ANALYZE "solicitudes_pares";
