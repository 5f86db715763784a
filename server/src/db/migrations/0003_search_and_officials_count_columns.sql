-- Inboxes search and sort on `solicitudes` alone: the incumbent's search words and the officials'
-- count live on the request, kept by the triggers below whoever writes (services, seeds, tests).
DROP INDEX "incumbentes_busqueda_idx";--> statement-breakpoint
DROP INDEX "solicitudes_decidido_idx";--> statement-breakpoint
ALTER TABLE "solicitudes" ADD COLUMN "busqueda" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD COLUMN "cant_funcionarios" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The words an incumbent is found by: names, surnames and the cédula with and without dashes,
-- lower-cased and without accents (the same folding as PLEGAR_DESDE/PLEGAR_HACIA in schema.ts).
CREATE FUNCTION "rf_documento_busqueda"(nombres text, apellidos text, cedula text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('simple'::regconfig, translate(
    lower(nombres || ' ' || apellidos || ' ' || replace(cedula, '-', ' ') || ' ' || replace(cedula, '-', '')),
    'ÁÉÍÓÚÀÈÌÒÙÄËÏÖÜÂÊÎÔÛÑÇáéíóúàèìòùäëïöüâêîôûñç',
    'aeiouaeiouaeiouaeiouncaeiouaeiouaeiouaeiounc'))
$$;--> statement-breakpoint
CREATE FUNCTION "rf_solicitud_busqueda"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT rf_documento_busqueda(i.nombres, i.apellidos, i.cedula) INTO NEW.busqueda
  FROM incumbentes i WHERE i.id_incumbente = NEW.id_incumbente;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "solicitudes_busqueda" BEFORE INSERT OR UPDATE OF id_incumbente ON "solicitudes"
FOR EACH ROW EXECUTE FUNCTION rf_solicitud_busqueda();--> statement-breakpoint
CREATE FUNCTION "rf_incumbente_busqueda"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE solicitudes SET busqueda = rf_documento_busqueda(NEW.nombres, NEW.apellidos, NEW.cedula)
  WHERE id_incumbente = NEW.id_incumbente;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "incumbentes_busqueda" AFTER UPDATE OF nombres, apellidos, cedula ON "incumbentes"
FOR EACH ROW WHEN (OLD.nombres IS DISTINCT FROM NEW.nombres OR OLD.apellidos IS DISTINCT FROM NEW.apellidos
  OR OLD.cedula IS DISTINCT FROM NEW.cedula)
EXECUTE FUNCTION rf_incumbente_busqueda();--> statement-breakpoint
-- Officials counted once per statement (a request's officials are often written together): one
-- function for both triggers, whose transition tables share the name `filas`.
CREATE FUNCTION "rf_funcionarios_contar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE solicitudes s SET cant_funcionarios = s.cant_funcionarios + n.n
  FROM (SELECT id_solicitud, (CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END) * count(*)::int AS n
        FROM filas GROUP BY id_solicitud) n
  WHERE s.id_solicitud = n.id_solicitud;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "funcionarios_altas" AFTER INSERT ON "funcionarios" REFERENCING NEW TABLE AS filas
FOR EACH STATEMENT EXECUTE FUNCTION rf_funcionarios_contar();--> statement-breakpoint
CREATE TRIGGER "funcionarios_bajas" AFTER DELETE ON "funcionarios" REFERENCING OLD TABLE AS filas
FOR EACH STATEMENT EXECUTE FUNCTION rf_funcionarios_contar();--> statement-breakpoint
CREATE FUNCTION "rf_funcionario_traslado"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE solicitudes SET cant_funcionarios = cant_funcionarios - 1 WHERE id_solicitud = OLD.id_solicitud;
  UPDATE solicitudes SET cant_funcionarios = cant_funcionarios + 1 WHERE id_solicitud = NEW.id_solicitud;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "funcionarios_traslado" AFTER UPDATE OF id_solicitud ON "funcionarios"
FOR EACH ROW WHEN (OLD.id_solicitud IS DISTINCT FROM NEW.id_solicitud)
EXECUTE FUNCTION rf_funcionario_traslado();--> statement-breakpoint
UPDATE "solicitudes" s SET
  busqueda = (SELECT rf_documento_busqueda(i.nombres, i.apellidos, i.cedula) FROM incumbentes i
              WHERE i.id_incumbente = s.id_incumbente),
  cant_funcionarios = (SELECT count(*)::int FROM funcionarios f WHERE f.id_solicitud = s.id_solicitud);--> statement-breakpoint
CREATE INDEX "solicitudes_busqueda_idx" ON "solicitudes" USING gin ("busqueda");--> statement-breakpoint
CREATE INDEX "solicitudes_cant_funcionarios_idx" ON "solicitudes" USING btree ("cant_funcionarios","id_solicitud");--> statement-breakpoint
CREATE INDEX "solicitudes_decidido_idx" ON "solicitudes" USING btree ("estatus","fecha_solicitud") WHERE "solicitudes"."decidido_juridico";--> statement-breakpoint
-- Which statuses legal has decided on is far from independent of the status: tell the planner.
CREATE STATISTICS "solicitudes_estatus_decidido_stat" (dependencies, mcv) ON "estatus", "decidido_juridico" FROM "solicitudes";
