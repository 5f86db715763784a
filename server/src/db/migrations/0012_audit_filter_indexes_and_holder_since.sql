-- Issue 15: the Auditoría screen filters by who made the change and by action, newest first.
CREATE INDEX IF NOT EXISTS "auditoria_usuario_fecha_idx" ON "auditoria" USING btree ("id_usuario", "fecha");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "auditoria_accion_fecha_idx" ON "auditoria" USING btree ("accion", "fecha");
--> statement-breakpoint
-- Since when the current holder has the request (claim or reassignment), so the history entry that
-- ends the holding (release, reassignment) says who had it and since when. Null while nobody does.
ALTER TABLE "solicitudes" ADD COLUMN IF NOT EXISTS "asignado_desde" timestamp with time zone;
--> statement-breakpoint
-- The RyCC administrator answers to auditors: the default profile reads the audit trail (view 23),
-- for databases seeded before (a new database gets it from contracts/src/vistas.ts).
INSERT INTO "perfil_vistas" ("id_perfil", "id_vista")
SELECT p."id_perfil", 23 FROM "perfiles" p
WHERE p."por_defecto" AND p."nombre" = 'Administrador RyCC'
  AND EXISTS (SELECT 1 FROM "vistas" WHERE "id_vista" = 23)
ON CONFLICT DO NOTHING;
