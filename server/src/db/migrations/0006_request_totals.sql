-- Inbox totals without a scan: how many requests there are per status × institution × legal-decided,
-- kept by the triggers below in the same statement (so the same transaction) as the rows, whoever
-- writes. An unfiltered or institution/status-filtered inbox total is the sum of a few counters.
CREATE TABLE "solicitudes_totales" (
	"estatus" smallint NOT NULL,
	"id_institucion" integer NOT NULL,
	"decidido_juridico" boolean NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "solicitudes_totales_pk" PRIMARY KEY("estatus","id_institucion","decidido_juridico")
);--> statement-breakpoint
-- Once per statement: the statement's rows grouped by key (+1 new, −1 old), written in key order so
-- that two transactions touching the same counters always lock them in the same order.
CREATE FUNCTION "rf_solicitudes_totales"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO solicitudes_totales AS t (estatus, id_institucion, decidido_juridico, n)
    SELECT estatus, id_institucion, decidido_juridico, count(*) FROM nuevas
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (estatus, id_institucion, decidido_juridico) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO solicitudes_totales AS t (estatus, id_institucion, decidido_juridico, n)
    SELECT estatus, id_institucion, decidido_juridico, -count(*) FROM viejas
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (estatus, id_institucion, decidido_juridico) DO UPDATE SET n = t.n + excluded.n;
  ELSE
    INSERT INTO solicitudes_totales AS t (estatus, id_institucion, decidido_juridico, n)
    SELECT estatus, id_institucion, decidido_juridico, sum(d) FROM (
      SELECT estatus, id_institucion, decidido_juridico, 1 AS d FROM nuevas
      UNION ALL
      SELECT estatus, id_institucion, decidido_juridico, -1 AS d FROM viejas
    ) c
    GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (estatus, id_institucion, decidido_juridico) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "solicitudes_totales_altas" AFTER INSERT ON "solicitudes" REFERENCING NEW TABLE AS nuevas
FOR EACH STATEMENT EXECUTE FUNCTION rf_solicitudes_totales();--> statement-breakpoint
CREATE TRIGGER "solicitudes_totales_bajas" AFTER DELETE ON "solicitudes" REFERENCING OLD TABLE AS viejas
FOR EACH STATEMENT EXECUTE FUNCTION rf_solicitudes_totales();--> statement-breakpoint
CREATE TRIGGER "solicitudes_totales_cambios" AFTER UPDATE ON "solicitudes"
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
FOR EACH STATEMENT EXECUTE FUNCTION rf_solicitudes_totales();--> statement-breakpoint
CREATE FUNCTION "rf_solicitudes_totales_vaciar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM solicitudes_totales;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "solicitudes_totales_vaciado" AFTER TRUNCATE ON "solicitudes"
FOR EACH STATEMENT EXECUTE FUNCTION rf_solicitudes_totales_vaciar();--> statement-breakpoint
INSERT INTO "solicitudes_totales" ("estatus", "id_institucion", "decidido_juridico", "n")
SELECT "estatus", "id_institucion", "decidido_juridico", count(*) FROM "solicitudes" GROUP BY 1, 2, 3;--> statement-breakpoint
-- The legal history walked by status: an index whose statistics (gathered on the expression) know
-- how few decided requests a status has; the partial index (estatus, fecha) WHERE decidido has none.
CREATE INDEX "solicitudes_decidido_estatus_idx" ON "solicitudes" USING btree ((CASE WHEN "decidido_juridico" THEN "estatus" END), "fecha_solicitud");
