-- Backups' log: each backup the app's schedule or `npm run backup` makes, with its file and digest
-- or its error. The configuration administrator and /metrics read the last success from here.
CREATE TABLE "respaldos" (
	"id_respaldo" serial PRIMARY KEY NOT NULL,
	"dia" date NOT NULL,
	"programado" boolean DEFAULT true NOT NULL,
	"inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"fin" timestamp with time zone,
	"exito" boolean,
	"archivo" text,
	"bytes" bigint,
	"sha256" text,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "respaldos_dia_idx" ON "respaldos" USING btree ("dia");
--> statement-breakpoint
-- Existing databases: the backups' view for the profiles that maintain users (new databases get it
-- from the catalogue seed, which runs after the migrations).
INSERT INTO "vistas" ("id_vista","nombre","url","icon_class","id_modulo","principal","orden")
SELECT 42, 'Respaldos', '/Configuracion/Respaldos', 'pi pi-database', 5, false, 42
WHERE EXISTS (SELECT 1 FROM "modulos" WHERE "id_modulo" = 5)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "perfil_vistas" ("id_perfil","id_vista")
SELECT DISTINCT pv."id_perfil", 42
FROM "perfil_vistas" pv JOIN "vistas" v ON v."id_vista" = pv."id_vista"
WHERE v."nombre" = 'Mantenimiento Usuario' AND EXISTS (SELECT 1 FROM "vistas" WHERE "id_vista" = 42)
ON CONFLICT DO NOTHING;
