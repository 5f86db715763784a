-- "Mis sesiones": each session keeps the client address and the browser's User-Agent it was
-- opened from, so its user can tell their sessions apart and end the ones they do not recognise.
-- Sessions opened before this migration have neither (shown as unknown).
ALTER TABLE "sesiones" ADD COLUMN "direccion" text;
--> statement-breakpoint
ALTER TABLE "sesiones" ADD COLUMN "agente" text;
