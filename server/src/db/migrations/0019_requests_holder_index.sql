-- "Mis asignadas" in the reviewers' inboxes: the requests one user holds, newest first, from an index
-- of held requests only (most requests are held by no one).
CREATE INDEX "solicitudes_asignado_fecha_idx" ON "solicitudes" ("asignado_a", "fecha_solicitud") WHERE "asignado_a" IS NOT NULL;
