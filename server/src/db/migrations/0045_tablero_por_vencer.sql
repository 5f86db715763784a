-- The dashboard's officials "por vencer" without walking the officials (issue 40): one row per
-- official whose signature is in force with an end date (status 2, `firma_vigencia`, `fecha_hasta`
-- given) on a request that is neither inactivated (201) nor annulled (109), with the request's
-- institution and the official's start date (`-infinity` when none) copied beside it. The
-- dashboard's count is an index-only range of end dates; its list reads the first rows of that
-- range and joins only them. Kept by statement triggers on `funcionarios` (any write of an
-- official) and on `solicitudes` (a change of status or institution) in the same transaction.
CREATE TABLE "funcionarios_por_vencer" (
	"id_funcionario" integer PRIMARY KEY,
	"fecha_hasta" date NOT NULL,
	"id_institucion" integer NOT NULL,
	"desde" date NOT NULL
);--> statement-breakpoint
CREATE INDEX "funcionarios_por_vencer_fecha_idx" ON "funcionarios_por_vencer" USING btree ("fecha_hasta","id_funcionario")
INCLUDE ("id_institucion","desde");--> statement-breakpoint
CREATE INDEX "funcionarios_por_vencer_institucion_idx" ON "funcionarios_por_vencer" USING btree ("id_institucion","fecha_hasta","id_funcionario")
INCLUDE ("desde");--> statement-breakpoint
CREATE FUNCTION "rf_funcionarios_por_vencer"() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE funcionarios_por_vencer;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM funcionarios_por_vencer v USING viejas o WHERE v.id_funcionario = o.id_funcionario;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO funcionarios_por_vencer (id_funcionario, fecha_hasta, id_institucion, desde)
    SELECT n.id_funcionario, n.fecha_hasta, s.id_institucion, coalesce(n.fecha_desde, '-infinity'::date)
    FROM nuevas n JOIN solicitudes s ON s.id_solicitud = n.id_solicitud
    WHERE n.id_estatus = 2 AND n.firma_vigencia AND n.fecha_hasta IS NOT NULL AND s.estatus NOT IN (201, 109);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "funcionarios_por_vencer_altas" AFTER INSERT ON "funcionarios" REFERENCING NEW TABLE AS nuevas
FOR EACH STATEMENT EXECUTE FUNCTION rf_funcionarios_por_vencer();--> statement-breakpoint
CREATE TRIGGER "funcionarios_por_vencer_bajas" AFTER DELETE ON "funcionarios" REFERENCING OLD TABLE AS viejas
FOR EACH STATEMENT EXECUTE FUNCTION rf_funcionarios_por_vencer();--> statement-breakpoint
CREATE TRIGGER "funcionarios_por_vencer_cambios" AFTER UPDATE ON "funcionarios"
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
FOR EACH STATEMENT EXECUTE FUNCTION rf_funcionarios_por_vencer();--> statement-breakpoint
CREATE TRIGGER "funcionarios_por_vencer_vaciado" AFTER TRUNCATE ON "funcionarios"
FOR EACH STATEMENT EXECUTE FUNCTION rf_funcionarios_por_vencer();--> statement-breakpoint
-- A request's status or institution changed: its officials' rows written again.
CREATE FUNCTION "rf_solicitudes_por_vencer"() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  sols integer[];
BEGIN
  SELECT array_agg(n.id_solicitud) INTO sols
  FROM nuevas n JOIN viejas o ON o.id_solicitud = n.id_solicitud
  WHERE n.estatus IS DISTINCT FROM o.estatus OR n.id_institucion IS DISTINCT FROM o.id_institucion;
  IF sols IS NULL THEN
    RETURN NULL;
  END IF;
  DELETE FROM funcionarios_por_vencer v USING funcionarios f
  WHERE f.id_solicitud = ANY (sols) AND v.id_funcionario = f.id_funcionario;
  INSERT INTO funcionarios_por_vencer (id_funcionario, fecha_hasta, id_institucion, desde)
  SELECT f.id_funcionario, f.fecha_hasta, s.id_institucion, coalesce(f.fecha_desde, '-infinity'::date)
  FROM solicitudes s JOIN funcionarios f ON f.id_solicitud = s.id_solicitud
  WHERE s.id_solicitud = ANY (sols) AND f.id_estatus = 2 AND f.firma_vigencia AND f.fecha_hasta IS NOT NULL
    AND s.estatus NOT IN (201, 109);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "solicitudes_por_vencer" AFTER UPDATE ON "solicitudes"
REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
FOR EACH STATEMENT EXECUTE FUNCTION rf_solicitudes_por_vencer();--> statement-breakpoint
INSERT INTO "funcionarios_por_vencer" (id_funcionario, fecha_hasta, id_institucion, desde)
SELECT f.id_funcionario, f.fecha_hasta, s.id_institucion, coalesce(f.fecha_desde, '-infinity'::date)
FROM funcionarios f JOIN solicitudes s ON s.id_solicitud = f.id_solicitud
WHERE f.id_estatus = 2 AND f.firma_vigencia AND f.fecha_hasta IS NOT NULL AND s.estatus NOT IN (201, 109);--> statement-breakpoint
ANALYZE "funcionarios_por_vencer";
--> statement-breakpoint
-- An inbox filtered by institution and status (issue 40: the legal inbox, 34–39 ms at a million
-- requests): the page's rows are the first of one range, newest first, instead of a status' dates
-- walked with every other institution's rows read and dropped.
CREATE INDEX "solicitudes_institucion_estatus_fecha_idx" ON "solicitudes" USING btree ("id_institucion","estatus","fecha_solicitud");--> statement-breakpoint
ANALYZE "solicitudes";
