-- Dashboard "Tablero" (issue 15). How long requests wait and how they move between the stages of
-- the timeline (contracts ETAPAS: 0 Originador, 1 Analista RyCC, 2 Revisión legal, 3 Administrador
-- RyCC, 4 Finalizado), kept from the status history by a trigger, so the dashboard reads small
-- indexes and counters instead of walking the history.
-- The stage of a status as the comptroller sees it: a draft (202) belongs to no stage yet, an
-- annulled request (109) to none any more. Must match etapaTablero() in contracts (a test checks).
CREATE FUNCTION rf_etapa(estatus smallint) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE estatus
    WHEN 108 THEN 0 WHEN 104 THEN 0
    WHEN 101 THEN 1 WHEN 204 THEN 1
    WHEN 102 THEN 2 WHEN 103 THEN 2
    WHEN 105 THEN 3 WHEN 203 THEN 3
    WHEN 106 THEN 4 WHEN 201 THEN 4
  END)::smallint
$$;--> statement-breakpoint
-- The calendar week (its Monday) of an instant, in the country's time zone (UTC−4 all year).
CREATE FUNCTION rf_semana(instante timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('week', instante AT TIME ZONE INTERVAL '-04:00')::date
$$;--> statement-breakpoint
-- One row per stay of a request in a stage: from the history entry that brought it there to the
-- one that took it elsewhere (NULL while it is still there).
CREATE TABLE "solicitudes_etapas" (
	"id_solicitud" integer NOT NULL REFERENCES "solicitudes"("id_solicitud") ON DELETE CASCADE,
	"id_institucion" integer NOT NULL,
	"etapa" smallint NOT NULL,
	"entrada" timestamp with time zone NOT NULL,
	"salida" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "solicitudes_etapas_abierta_uq" ON "solicitudes_etapas" ("id_solicitud") WHERE "salida" IS NULL;--> statement-breakpoint
-- Waiting now, per stage (finished requests are not waiting): median and oldest from the index.
CREATE INDEX "solicitudes_etapas_espera_idx" ON "solicitudes_etapas" ("etapa", "entrada", "id_solicitud") WHERE "salida" IS NULL AND "etapa" < 4;--> statement-breakpoint
CREATE INDEX "solicitudes_etapas_espera_inst_idx" ON "solicitudes_etapas" ("id_institucion", "etapa", "entrada", "id_solicitud") WHERE "salida" IS NULL AND "etapa" < 4;--> statement-breakpoint
-- Entries into and exits from each stage per week and institution (counters, as solicitudes_totales).
CREATE TABLE "etapas_semanas" (
	"semana" date NOT NULL,
	"etapa" smallint NOT NULL,
	"id_institucion" integer NOT NULL,
	"entradas" integer NOT NULL DEFAULT 0,
	"salidas" integer NOT NULL DEFAULT 0,
	CONSTRAINT "etapas_semanas_pk" PRIMARY KEY("semana","etapa","id_institucion")
);--> statement-breakpoint
-- Requests waiting now per stage (not Finalizado), by the week they arrived and institution: the
-- totals, and where the median falls, without walking the waiting requests.
CREATE TABLE "etapas_espera" (
	"etapa" smallint NOT NULL,
	"semana" date NOT NULL,
	"id_institucion" integer NOT NULL,
	"n" integer NOT NULL DEFAULT 0,
	CONSTRAINT "etapas_espera_pk" PRIMARY KEY("etapa","semana","id_institucion")
);--> statement-breakpoint
CREATE FUNCTION rf_etapas_historial() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- The exit and the entry in one statement, in stage order: two transactions moving requests of
  -- one institution in opposite directions the same week lock the counters in the same order.
  INSERT INTO etapas_semanas AS t (semana, etapa, id_institucion, entradas, salidas)
  SELECT rf_semana(NEW.fecha), m.etapa, inst, m.entradas, m.salidas
  FROM (VALUES (abierta, 0, 1), (nueva, 1, 0)) AS m (etapa, entradas, salidas)
  WHERE m.etapa IS NOT NULL
  ORDER BY m.etapa
  ON CONFLICT (semana, etapa, id_institucion)
  DO UPDATE SET entradas = t.entradas + excluded.entradas, salidas = t.salidas + excluded.salidas;
  INSERT INTO etapas_espera AS t (etapa, semana, id_institucion, n)
  SELECT m.etapa, m.semana, inst, m.n
  FROM (VALUES (abierta, rf_semana(desde), -1), (nueva, rf_semana(NEW.fecha), 1)) AS m (etapa, semana, n)
  WHERE m.etapa IS NOT NULL AND m.etapa < 4
  ORDER BY m.etapa, m.semana
  ON CONFLICT (etapa, semana, id_institucion) DO UPDATE SET n = t.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER rf_etapas_historial AFTER INSERT ON historial FOR EACH ROW EXECUTE FUNCTION rf_etapas_historial();--> statement-breakpoint
-- Databases with history already: the stays from the history as it is (an entry starts a stay
-- when its stage differs from the entry before it).
INSERT INTO solicitudes_etapas (id_solicitud, id_institucion, etapa, entrada, salida)
SELECT c.id_solicitud, s.id_institucion, c.etapa, c.fecha, c.siguiente
FROM (
  SELECT id_solicitud, etapa, fecha, lead(fecha) OVER (PARTITION BY id_solicitud ORDER BY fecha, id_historial) AS siguiente
  FROM (
    SELECT id_solicitud, id_historial, fecha, rf_etapa(estatus) AS etapa,
           lag(rf_etapa(estatus)) OVER (PARTITION BY id_solicitud ORDER BY fecha, id_historial) AS previa,
           row_number() OVER (PARTITION BY id_solicitud ORDER BY fecha, id_historial) AS n
    FROM historial
  ) h
  WHERE n = 1 OR etapa IS DISTINCT FROM previa
) c
JOIN solicitudes s ON s.id_solicitud = c.id_solicitud
WHERE c.etapa IS NOT NULL;--> statement-breakpoint
INSERT INTO etapas_semanas (semana, etapa, id_institucion, entradas, salidas)
SELECT semana, etapa, id_institucion, sum(entradas), sum(salidas) FROM (
  SELECT rf_semana(entrada) AS semana, etapa, id_institucion, 1 AS entradas, 0 AS salidas FROM solicitudes_etapas
  UNION ALL
  SELECT rf_semana(salida), etapa, id_institucion, 0, 1 FROM solicitudes_etapas WHERE salida IS NOT NULL
) m
GROUP BY semana, etapa, id_institucion;--> statement-breakpoint
INSERT INTO etapas_espera (etapa, semana, id_institucion, n)
SELECT etapa, rf_semana(entrada), id_institucion, count(*) FROM solicitudes_etapas
WHERE salida IS NULL AND etapa < 4
GROUP BY 1, 2, 3;--> statement-breakpoint
-- Officials "por vencer": in force with an end date in the next days.
CREATE INDEX "funcionarios_vencimiento_idx" ON "funcionarios" ("fecha_hasta") WHERE "id_estatus" = 2 AND "firma_vigencia";--> statement-breakpoint
-- The view, granted to the default profiles that run or track the RyCC work, for databases whose
-- catalogues are already seeded (a new database gets both from contracts/src/vistas.ts).
INSERT INTO "vistas" ("id_vista", "nombre", "url", "icon_class", "id_modulo", "principal", "orden")
SELECT 51, 'Tablero', '/Tablero', 'pi pi-chart-bar', 2, true, 51
WHERE EXISTS (SELECT 1 FROM "modulos" WHERE "id_modulo" = 2)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "perfil_vistas" ("id_perfil", "id_vista")
SELECT DISTINCT pv."id_perfil", 51 FROM "perfil_vistas" pv
JOIN "perfiles" p ON p."id_perfil" = pv."id_perfil"
WHERE p."por_defecto" AND pv."id_vista" IN (8, 10)
  AND EXISTS (SELECT 1 FROM "vistas" WHERE "id_vista" = 51)
ON CONFLICT DO NOTHING;
