-- What a request looked like when the RyCC analyst returned it to the institution (108), written in
-- the return's transaction: the reviewers compare it with the request the institution sends back.
CREATE TABLE IF NOT EXISTS "fotos_retorno" (
	"id_historial" integer PRIMARY KEY NOT NULL,
	"id_solicitud" integer NOT NULL,
	"foto" jsonb NOT NULL,
	CONSTRAINT "fotos_retorno_historial_fk" FOREIGN KEY ("id_historial") REFERENCES "historial"("id_historial") ON DELETE cascade,
	CONSTRAINT "fotos_retorno_solicitud_fk" FOREIGN KEY ("id_solicitud") REFERENCES "solicitudes"("id_solicitud") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fotos_retorno_solicitud_idx" ON "fotos_retorno" USING btree ("id_solicitud", "id_historial");
