-- Verification (issue 13): the effective-dated record of each official's authorisation, the
-- constancias (their verification codes are stored hashed), the "Verificar firma" view and the
-- "Verificador" profile for databases that already hold the catalogues.
--
-- One row per period in which an official could sign: from the moment the official and the
-- request were both active until the official was inactivated (causa_fin 'funcionario') or the
-- request was (causa_fin 'solicitud'); an open period has no `hasta`. Written by the services in
-- the same transaction as every transition and official status change (verificacion.repository.ts
-- sincronizarAutorizaciones), and rebuilt here from the request history for existing data.
CREATE TABLE "autorizaciones" (
  "id_autorizacion" bigserial PRIMARY KEY NOT NULL,
  "id_funcionario" integer NOT NULL REFERENCES "funcionarios"("id_funcionario") ON DELETE CASCADE,
  "id_solicitud" integer NOT NULL REFERENCES "solicitudes"("id_solicitud") ON DELETE CASCADE,
  "desde" timestamp with time zone NOT NULL,
  "hasta" timestamp with time zone,
  "causa_fin" text,
  CONSTRAINT "autorizaciones_orden_ck" CHECK ("hasta" IS NULL OR "hasta" >= "desde"),
  CONSTRAINT "autorizaciones_causa_ck" CHECK ("causa_fin" IS NULL OR "causa_fin" IN ('funcionario', 'solicitud'))
);--> statement-breakpoint
CREATE INDEX "autorizaciones_funcionario_idx" ON "autorizaciones" ("id_funcionario", "desde");--> statement-breakpoint
CREATE UNIQUE INDEX "autorizaciones_abierta_uq" ON "autorizaciones" ("id_funcionario") WHERE "hasta" IS NULL;--> statement-breakpoint
-- A constancia: the request it certifies, the officials it lists, and the SHA-256 of its code.
CREATE TABLE "constancias" (
  "id_constancia" serial PRIMARY KEY NOT NULL,
  "codigo_hash" text NOT NULL,
  "id_solicitud" integer NOT NULL REFERENCES "solicitudes"("id_solicitud") ON DELETE CASCADE,
  "funcionarios" integer[] NOT NULL,
  "emitida" timestamp with time zone DEFAULT now() NOT NULL,
  "id_usuario" integer REFERENCES "usuarios"("id_usuario")
);--> statement-breakpoint
CREATE UNIQUE INDEX "constancias_codigo_uq" ON "constancias" ("codigo_hash");--> statement-breakpoint
CREATE INDEX "constancias_solicitud_idx" ON "constancias" ("id_solicitud");--> statement-breakpoint
-- Periods from history, for officials that have none yet (the migration, and demo data written
-- straight into the tables). An official became authorised at the first approval by the
-- administrator (105 → 106) after it was added; the request's inactivations (201, 109) and
-- reactivations (→ 106) split that into periods; an official inactivated on its own (the history
-- entry that names its cédula) ends there. Officials still pending, or rejected, get no period.
CREATE FUNCTION "rf_autorizaciones_desde_historial"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  f record;
  h record;
  activacion timestamptz;
  fin timestamptz;
  abierto timestamptz;
  n integer := 0;
BEGIN
  FOR f IN
    SELECT fu.id_funcionario, fu.id_solicitud, fu.cedula, fu.id_estatus, fu.creado
    FROM funcionarios fu
    WHERE fu.id_estatus IN (2, 3)
      AND NOT EXISTS (SELECT 1 FROM autorizaciones a WHERE a.id_funcionario = fu.id_funcionario)
  LOOP
    SELECT min(x.fecha) INTO activacion FROM (
      SELECT hi.fecha, hi.estatus,
             lag(hi.estatus) OVER (ORDER BY hi.fecha, hi.id_historial) AS anterior
      FROM historial hi WHERE hi.id_solicitud = f.id_solicitud
    ) x
    WHERE x.estatus = 106 AND x.anterior = 105 AND x.fecha >= f.creado;
    CONTINUE WHEN activacion IS NULL;
    fin := NULL;
    IF f.id_estatus = 3 THEN
      SELECT min(hi.fecha) INTO fin FROM historial hi
      WHERE hi.id_solicitud = f.id_solicitud AND hi.fecha >= activacion
        AND hi.motivo_cambio_estatus LIKE '%(' || f.cedula || ') inactivado%';
      -- Inactive without its own inactivation: rejected before it was ever active.
      CONTINUE WHEN fin IS NULL;
    END IF;
    abierto := activacion;
    FOR h IN
      SELECT hi.fecha, hi.estatus FROM historial hi
      WHERE hi.id_solicitud = f.id_solicitud AND hi.fecha > activacion AND (fin IS NULL OR hi.fecha < fin)
      ORDER BY hi.fecha, hi.id_historial
    LOOP
      IF h.estatus IN (201, 109) AND abierto IS NOT NULL THEN
        INSERT INTO autorizaciones (id_funcionario, id_solicitud, desde, hasta, causa_fin)
        VALUES (f.id_funcionario, f.id_solicitud, abierto, h.fecha, 'solicitud');
        n := n + 1;
        abierto := NULL;
      ELSIF h.estatus = 106 AND abierto IS NULL THEN
        abierto := h.fecha;
      END IF;
    END LOOP;
    IF abierto IS NOT NULL THEN
      INSERT INTO autorizaciones (id_funcionario, id_solicitud, desde, hasta, causa_fin)
      VALUES (f.id_funcionario, f.id_solicitud, abierto, fin, CASE WHEN fin IS NULL THEN NULL ELSE 'funcionario' END);
      n := n + 1;
    END IF;
  END LOOP;
  RETURN n;
END
$$;--> statement-breakpoint
SELECT rf_autorizaciones_desde_historial();--> statement-breakpoint
-- The view and profile for databases whose catalogues are already seeded (a new database gets
-- them from contracts/src/vistas.ts when the catalogues are seeded after the migrations).
INSERT INTO "vistas" ("id_vista", "nombre", "url", "icon_class", "id_modulo", "principal", "orden")
SELECT 31, 'Verificar firma', '/Consultar/Verificar', 'pi pi-shield', 4, true, 31
WHERE EXISTS (SELECT 1 FROM "modulos" WHERE "id_modulo" = 4)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "perfil_vistas" ("id_perfil", "id_vista")
SELECT p."id_perfil", 31 FROM "perfiles" p
WHERE p."por_defecto" AND p."nombre" IN ('Consultor', 'Administrador RyCC', 'Analista RyCC')
  AND EXISTS (SELECT 1 FROM "vistas" WHERE "id_vista" = 31)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "perfiles" ("nombre", "descripcion", "por_defecto")
SELECT 'Verificador', 'Verificación de firmas autorizadas (personas y sistemas que reciben documentos firmados)', true
WHERE EXISTS (SELECT 1 FROM "perfiles") AND EXISTS (SELECT 1 FROM "vistas" WHERE "id_vista" = 31)
  AND NOT EXISTS (SELECT 1 FROM "perfiles" WHERE lower("nombre") = 'verificador');--> statement-breakpoint
INSERT INTO "perfil_vistas" ("id_perfil", "id_vista")
SELECT p."id_perfil", 31 FROM "perfiles" p
WHERE p."por_defecto" AND p."nombre" = 'Verificador' AND EXISTS (SELECT 1 FROM "vistas" WHERE "id_vista" = 31)
ON CONFLICT DO NOTHING;
