-- System keys: a bank's or ministry's system calls the verification API with a key the
-- configuration administrator issued to it. Only the key's SHA-256 is stored; `prefijo` (random,
-- part of the key) finds the row. Scopes name the verification operations the key may call.
CREATE TABLE "claves_sistema" (
	"id_clave" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"prefijo" text NOT NULL,
	"hash" text NOT NULL,
	"alcances" text[] NOT NULL,
	"direcciones" text[] DEFAULT '{}' NOT NULL,
	"expira" date,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"id_usuario" integer REFERENCES "usuarios"("id_usuario") ON DELETE set null,
	"revocada" timestamp with time zone,
	"ultimo_uso" timestamp with time zone,
	"ultima_direccion" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "claves_sistema_prefijo_idx" ON "claves_sistema" USING btree ("prefijo");
--> statement-breakpoint
-- Existing databases: the keys' view for the profiles that maintain users (new databases get it
-- from the catalogue seed, which runs after the migrations).
INSERT INTO "vistas" ("id_vista","nombre","url","icon_class","id_modulo","principal","orden")
SELECT 44, 'Claves de sistema', '/Configuracion/ClavesSistema', 'pi pi-key', 5, false, 44
WHERE EXISTS (SELECT 1 FROM "modulos" WHERE "id_modulo" = 5)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "perfil_vistas" ("id_perfil","id_vista")
SELECT DISTINCT pv."id_perfil", 44
FROM "perfil_vistas" pv JOIN "vistas" v ON v."id_vista" = pv."id_vista"
WHERE v."nombre" = 'Mantenimiento Usuario' AND EXISTS (SELECT 1 FROM "vistas" WHERE "id_vista" = 44)
ON CONFLICT DO NOTHING;
