-- Issue 15: the Auditoría screen filters by who made the change and by action, newest first.
CREATE INDEX IF NOT EXISTS "auditoria_usuario_fecha_idx" ON "auditoria" USING btree ("id_usuario", "fecha");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "auditoria_accion_fecha_idx" ON "auditoria" USING btree ("accion", "fecha");
--> statement-breakpoint
-- Since when the current holder has the request (claim or reassignment), so the history entry that
-- ends the holding (release, reassignment) says who had it and since when. Null while nobody does.
ALTER TABLE "solicitudes" ADD COLUMN IF NOT EXISTS "asignado_desde" timestamp with time zone;
