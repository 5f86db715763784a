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
-- The words table's trigger (migration 0013) writes the pairs of the same requests after their words.
-- Its statements are planned once per connection: planning the views again for every status change
-- cost 2-4 ms of a 0.5 ms update at a million requests (a plan for `= ANY (ids)` holds for any ids).
CREATE OR REPLACE FUNCTION "rf_solicitudes_palabras"() RETURNS trigger LANGUAGE plpgsql
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
CREATE OR REPLACE FUNCTION "rf_solicitudes_palabras_vaciar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM solicitudes_palabras;
  DELETE FROM solicitudes_pares;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "solicitudes_pares" SELECT * FROM rf_pares_calculados;--> statement-breakpoint
-- Both words as bounds, then the inbox's statuses and the institution.
CREATE INDEX "solicitudes_pares_idx" ON "solicitudes_pares" USING btree ("palabra1","palabra2","estatus","id_institucion","id_solicitud")
INCLUDE ("anterior1","anterior2","decidido_juridico","asignado","fecha_solicitud","palabras");--> statement-breakpoint
ANALYZE "solicitudes_pares";
