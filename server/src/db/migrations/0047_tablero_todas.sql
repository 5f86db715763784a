-- The dashboard over all institutions at a million requests (issue 40). Its weekly movements and
-- waiting figures summed the per-institution counters of migration 0011 on every call (a year of
-- weeks × 5 stages × every institution; the waiting histogram of every week and institution), so
-- their cost grew with the number of institutions. Two counters without the institution now hold
-- those sums, kept with the per-institution ones:
-- - `etapas_semanas_todas`: entries and exits per week and stage;
-- - `etapas_espera_todas`: requests waiting now per stage and week of arrival (the median's week
--   is found in it, then only that week of the waiting index is walked, as before).
-- All four counters are now written once per transaction, at its commit: the history trigger
-- writes its changes to two pending tables (insert only: no lock, no row updated twice), and a
-- deferred trigger moves them, summed per row, into the counters when the transaction commits. A
-- transaction writing many history rows (an import, a seeding) updates each counter row once
-- instead of once per row (whose versions, kept until its end, made each update walk the earlier
-- ones), and the counter rows are locked last, at commit, when every other lock of the
-- transaction (the audit chain's head among them) is already held, in key order.
CREATE TABLE "etapas_semanas_todas" (
	"semana" date NOT NULL,
	"etapa" smallint NOT NULL,
	"entradas" integer NOT NULL DEFAULT 0,
	"salidas" integer NOT NULL DEFAULT 0,
	CONSTRAINT "etapas_semanas_todas_pk" PRIMARY KEY("semana","etapa")
);--> statement-breakpoint
CREATE TABLE "etapas_espera_todas" (
	"etapa" smallint NOT NULL,
	"semana" date NOT NULL,
	"n" integer NOT NULL DEFAULT 0,
	CONSTRAINT "etapas_espera_todas_pk" PRIMARY KEY("etapa","semana")
);--> statement-breakpoint
-- One institution's figures: its own rows, not a filter over every institution's.
CREATE INDEX "etapas_semanas_institucion_idx" ON "etapas_semanas" USING btree ("id_institucion","semana","etapa")
INCLUDE ("entradas","salidas");--> statement-breakpoint
CREATE INDEX "etapas_espera_institucion_idx" ON "etapas_espera" USING btree ("id_institucion","etapa","semana")
INCLUDE ("n");--> statement-breakpoint
-- Changes of the running transaction not yet in the counters (empty once it has committed).
CREATE TABLE "etapas_semanas_cambios" (
	"semana" date NOT NULL,
	"etapa" smallint NOT NULL,
	"id_institucion" integer NOT NULL,
	"entradas" integer NOT NULL,
	"salidas" integer NOT NULL
);--> statement-breakpoint
CREATE TABLE "etapas_espera_cambios" (
	"etapa" smallint NOT NULL,
	"semana" date NOT NULL,
	"id_institucion" integer NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
INSERT INTO etapas_semanas_todas (semana, etapa, entradas, salidas)
SELECT semana, etapa, sum(entradas), sum(salidas) FROM etapas_semanas GROUP BY semana, etapa;--> statement-breakpoint
INSERT INTO etapas_espera_todas (etapa, semana, n)
SELECT etapa, semana, sum(n) FROM etapas_espera GROUP BY etapa, semana;--> statement-breakpoint
-- The history trigger of 0011, its counters' writes now pending changes (same stays, same rules).
CREATE OR REPLACE FUNCTION rf_etapas_historial() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  nueva smallint := rf_etapa(NEW.estatus);
  inst integer;
  abierta smallint;
  desde timestamptz;
BEGIN
  SELECT etapa, entrada INTO abierta, desde FROM solicitudes_etapas
  WHERE id_solicitud = NEW.id_solicitud AND salida IS NULL FOR UPDATE;
  IF abierta IS NOT DISTINCT FROM nueva THEN
    RETURN NULL;
  END IF;
  SELECT id_institucion INTO inst FROM solicitudes WHERE id_solicitud = NEW.id_solicitud;
  IF abierta IS NOT NULL THEN
    UPDATE solicitudes_etapas SET salida = NEW.fecha WHERE id_solicitud = NEW.id_solicitud AND salida IS NULL;
  END IF;
  IF nueva IS NOT NULL THEN
    INSERT INTO solicitudes_etapas (id_solicitud, id_institucion, etapa, entrada)
    VALUES (NEW.id_solicitud, inst, nueva, NEW.fecha);
  END IF;
  INSERT INTO etapas_semanas_cambios (semana, etapa, id_institucion, entradas, salidas)
  SELECT rf_semana(NEW.fecha), m.etapa, inst, m.entradas, m.salidas
  FROM (VALUES (abierta, 0, 1), (nueva, 1, 0)) AS m (etapa, entradas, salidas)
  WHERE m.etapa IS NOT NULL;
  INSERT INTO etapas_espera_cambios (etapa, semana, id_institucion, n)
  SELECT m.etapa, m.semana, inst, m.n
  FROM (VALUES (abierta, rf_semana(desde), -1), (nueva, rf_semana(NEW.fecha), 1)) AS m (etapa, semana, n)
  WHERE m.etapa IS NOT NULL AND m.etapa < 4;
  -- Changes after an earlier move (SET CONSTRAINTS … IMMEDIATE) are moved again.
  PERFORM set_config('rf.etapas_movidas', '', true);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- At commit (deferred), the first time in the transaction: the pending changes, summed per
-- counter row, added to the per-institution counters and to the sums over all institutions, each
-- in key order; the later calls of the same transaction find nothing left and return at once.
CREATE FUNCTION rf_etapas_mover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('rf.etapas_movidas', true) = '1' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('rf.etapas_movidas', '1', true);
  WITH c AS (DELETE FROM etapas_semanas_cambios RETURNING *),
  s AS (
    SELECT semana, etapa, id_institucion, sum(entradas)::int AS entradas, sum(salidas)::int AS salidas
    FROM c GROUP BY semana, etapa, id_institucion),
  i AS (
    INSERT INTO etapas_semanas AS t (semana, etapa, id_institucion, entradas, salidas)
    SELECT * FROM s ORDER BY semana, etapa, id_institucion
    ON CONFLICT (semana, etapa, id_institucion)
    DO UPDATE SET entradas = t.entradas + excluded.entradas, salidas = t.salidas + excluded.salidas)
  INSERT INTO etapas_semanas_todas AS t (semana, etapa, entradas, salidas)
  SELECT semana, etapa, sum(entradas), sum(salidas) FROM s GROUP BY semana, etapa ORDER BY semana, etapa
  ON CONFLICT (semana, etapa)
  DO UPDATE SET entradas = t.entradas + excluded.entradas, salidas = t.salidas + excluded.salidas;
  WITH c AS (DELETE FROM etapas_espera_cambios RETURNING *),
  s AS (SELECT etapa, semana, id_institucion, sum(n)::int AS n FROM c GROUP BY etapa, semana, id_institucion),
  i AS (
    INSERT INTO etapas_espera AS t (etapa, semana, id_institucion, n)
    SELECT * FROM s ORDER BY etapa, semana, id_institucion
    ON CONFLICT (etapa, semana, id_institucion) DO UPDATE SET n = t.n + excluded.n)
  INSERT INTO etapas_espera_todas AS t (etapa, semana, n)
  SELECT etapa, semana, sum(n) FROM s GROUP BY etapa, semana ORDER BY etapa, semana
  ON CONFLICT (etapa, semana) DO UPDATE SET n = t.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "etapas_semanas_mover" AFTER INSERT ON "etapas_semanas_cambios"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rf_etapas_mover();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "etapas_espera_mover" AFTER INSERT ON "etapas_espera_cambios"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rf_etapas_mover();
