-- Importing the registry kept before the product ("Importar registro", `npm run importar`): each run
-- with its file (kept so the run survives the browser closing), its status, progress, counts and
-- report; and the request each institution's imported officials belong to.
CREATE TABLE "importaciones" (
	"id_importacion" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer REFERENCES "usuarios"("id_usuario"),
	"archivo" text NOT NULL,
	"sha256" text NOT NULL,
	"contenido" bytea,
	"documentos" bytea,
	"documentos_nombre" text,
	"aplicar" boolean DEFAULT false NOT NULL,
	"crear_catalogos" boolean DEFAULT false NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"progreso" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"aplicada" boolean DEFAULT false NOT NULL,
	"conteos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"informe" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"fin" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "importaciones_inicio_idx" ON "importaciones" USING btree ("inicio");
--> statement-breakpoint
CREATE TABLE "importacion_solicitudes" (
	"id_institucion" integer PRIMARY KEY NOT NULL REFERENCES "instituciones"("id_institucion"),
	"id_solicitud" integer NOT NULL UNIQUE REFERENCES "solicitudes"("id_solicitud") ON DELETE CASCADE
);
--> statement-breakpoint
-- Existing databases: the import's view for the profiles that have the backups' view (new databases
-- get it from the catalogue seed, which runs after the migrations).
INSERT INTO "vistas" ("id_vista","nombre","url","icon_class","id_modulo","principal","orden")
SELECT 43, 'Importar registro', '/Configuracion/ImportarRegistro', 'pi pi-upload', 5, false, 43
WHERE EXISTS (SELECT 1 FROM "modulos" WHERE "id_modulo" = 5)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "perfil_vistas" ("id_perfil","id_vista")
SELECT DISTINCT pv."id_perfil", 43
FROM "perfil_vistas" pv
WHERE pv."id_vista" = 42 AND EXISTS (SELECT 1 FROM "vistas" WHERE "id_vista" = 43)
ON CONFLICT DO NOTHING;
