-- The registry import keeps a run's rows in the database instead of the process's memory, so its
-- memory does not grow with the file: the valid rows are staged in `importacion_filas` while the
-- file streams (planned and applied from there, institution by institution, then deleted), and
-- each report line is written to `importacion_informe` as it is known (the screen and the
-- downloads page from it). The reports kept in `importaciones.informe` move to the new table.
CREATE TABLE "importacion_filas" (
	"id_importacion" integer NOT NULL REFERENCES "importaciones"("id_importacion") ON DELETE cascade,
	"fila" integer NOT NULL,
	"clave_institucion" text NOT NULL,
	"id_institucion" integer,
	"cedula" text NOT NULL,
	"tipo" text NOT NULL,
	"registro" jsonb NOT NULL,
	PRIMARY KEY ("id_importacion", "fila")
);
--> statement-breakpoint
CREATE INDEX "importacion_filas_institucion_idx" ON "importacion_filas" USING btree ("id_importacion", "clave_institucion", "fila");
--> statement-breakpoint
CREATE INDEX "importacion_filas_cedula_idx" ON "importacion_filas" USING btree ("id_importacion", "cedula");
--> statement-breakpoint
CREATE TABLE "importacion_informe" (
	"id_linea" bigserial PRIMARY KEY NOT NULL,
	"id_importacion" integer NOT NULL REFERENCES "importaciones"("id_importacion") ON DELETE cascade,
	"fila" integer NOT NULL,
	"resultado" text NOT NULL,
	"institucion" text NOT NULL,
	"cedula" text NOT NULL,
	"tipo" text NOT NULL,
	"columna" text NOT NULL,
	"mensaje" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "importacion_informe_orden_idx" ON "importacion_informe" USING btree ("id_importacion", "fila", "id_linea");
--> statement-breakpoint
INSERT INTO "importacion_informe" ("id_importacion", "fila", "resultado", "institucion", "cedula", "tipo", "columna", "mensaje")
SELECT i."id_importacion", (e.v->>'fila')::int, coalesce(e.v->>'resultado', ''), coalesce(e.v->>'institucion', ''),
	coalesce(e.v->>'cedula', ''), coalesce(e.v->>'tipo', ''), coalesce(e.v->>'columna', ''), coalesce(e.v->>'mensaje', '')
FROM "importaciones" i, jsonb_array_elements(i."informe") WITH ORDINALITY AS e(v, n)
ORDER BY i."id_importacion", e.n;
--> statement-breakpoint
ALTER TABLE "importaciones" DROP COLUMN "informe";
