-- Office (issue 15): the audit log becomes one tamper-evident trail for configuration changes,
-- status changes, assignments, request documents, sign-ins and password changes. Each entry stores
-- the SHA-256 of its content chained to the previous entry's hash; a trigger refuses UPDATE,
-- DELETE and TRUNCATE. Appends are serialised on the chain's head row so concurrent writers keep
-- the chain linear, and the entry's id is taken under that lock so id order is chain order.
ALTER TABLE "auditoria" ADD COLUMN "direccion" text;--> statement-breakpoint
ALTER TABLE "auditoria" ADD COLUMN "hash_anterior" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "auditoria" ADD COLUMN "hash" text NOT NULL DEFAULT '';--> statement-breakpoint
CREATE INDEX "auditoria_entidad_idx" ON "auditoria" USING btree ("entidad", "id_auditoria");--> statement-breakpoint
CREATE TABLE "auditoria_cabeza" (
	"id" smallint PRIMARY KEY NOT NULL CHECK ("id" = 1),
	"ultimo_id" bigint NOT NULL DEFAULT 0,
	"ultimo_hash" text NOT NULL DEFAULT ''
);
--> statement-breakpoint
-- The exact text an entry's hash covers. The verification walks the same function.
CREATE FUNCTION auditoria_contenido(a auditoria) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws('|',
    a.hash_anterior,
    a.id_auditoria::text,
    to_char(a.fecha AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    coalesce(a.id_usuario::text, ''),
    a.entidad,
    a.id_entidad,
    a.accion,
    coalesce(a.antes::text, 'null'),
    coalesce(a.despues::text, 'null'),
    coalesce(a.direccion, ''))
$$;
--> statement-breakpoint
CREATE FUNCTION auditoria_hash(a auditoria) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(auditoria_contenido(a), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Chain the entries already recorded, oldest first.
DO $$
DECLARE
  r auditoria;
  previo text := '';
BEGIN
  FOR r IN SELECT * FROM auditoria ORDER BY id_auditoria LOOP
    r.hash_anterior := previo;
    previo := auditoria_hash(r);
    UPDATE auditoria SET hash_anterior = r.hash_anterior, hash = previo WHERE id_auditoria = r.id_auditoria;
  END LOOP;
  INSERT INTO auditoria_cabeza (id, ultimo_id, ultimo_hash)
    VALUES (1, coalesce((SELECT max(id_auditoria) FROM auditoria), 0), previo);
END
$$;
--> statement-breakpoint
CREATE FUNCTION auditoria_encadenar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cabeza auditoria_cabeza;
BEGIN
  -- Waits for any other writer's transaction; read committed then sees its entry as the head.
  SELECT * INTO cabeza FROM auditoria_cabeza WHERE id = 1 FOR UPDATE;
  NEW.id_auditoria := nextval(pg_get_serial_sequence('auditoria', 'id_auditoria'));
  NEW.fecha := greatest(clock_timestamp(), (SELECT fecha FROM auditoria WHERE id_auditoria = cabeza.ultimo_id));
  NEW.hash_anterior := cabeza.ultimo_hash;
  NEW.hash := auditoria_hash(NEW);
  UPDATE auditoria_cabeza SET ultimo_id = NEW.id_auditoria, ultimo_hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER auditoria_encadenar BEFORE INSERT ON auditoria FOR EACH ROW EXECUTE FUNCTION auditoria_encadenar();
--> statement-breakpoint
CREATE FUNCTION auditoria_inmutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'La auditoría solo admite nuevas entradas' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER auditoria_inmutable BEFORE UPDATE OR DELETE ON auditoria FOR EACH ROW EXECUTE FUNCTION auditoria_inmutable();
--> statement-breakpoint
CREATE TRIGGER auditoria_sin_truncar BEFORE TRUNCATE ON auditoria FOR EACH STATEMENT EXECUTE FUNCTION auditoria_inmutable();
--> statement-breakpoint
CREATE TRIGGER auditoria_cabeza_fija BEFORE DELETE ON auditoria_cabeza FOR EACH ROW EXECUTE FUNCTION auditoria_inmutable();
