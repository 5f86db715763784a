-- Seals of the audit chain: for every entry, an HMAC-SHA256 of its columns that the app computes
-- with a key the database never holds (AUDIT_KEY or its key file). Whoever controls the database can
-- still recompute the SHA-256 chain after changing an entry, but not its seals. Entries written
-- before the first seal stay as they were: from the first sealed entry on, every entry must carry one.
CREATE TABLE "auditoria_sello" (
	"id_auditoria" bigint PRIMARY KEY NOT NULL REFERENCES "auditoria"("id_auditoria"),
	"sello" text NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER auditoria_sello_inmutable BEFORE UPDATE OR DELETE ON auditoria_sello FOR EACH ROW EXECUTE FUNCTION auditoria_inmutable();
--> statement-breakpoint
CREATE TRIGGER auditoria_sello_sin_truncar BEFORE TRUNCATE ON auditoria_sello FOR EACH STATEMENT EXECUTE FUNCTION auditoria_inmutable();
--> statement-breakpoint
CREATE TRIGGER auditoria_cabeza_sin_truncar BEFORE TRUNCATE ON auditoria_cabeza FOR EACH STATEMENT EXECUTE FUNCTION auditoria_inmutable();
--> statement-breakpoint
-- The chain's head is written only by the chaining trigger, with its owner's rights: the app's
-- role (when it is not the owner, see deploy/README.md) needs no UPDATE on the head.
ALTER FUNCTION auditoria_encadenar() SECURITY DEFINER SET search_path = public, pg_temp;
--> statement-breakpoint
-- The e-mail outbox also carries mails to an address that is no user's (the audit checkpoints).
ALTER TABLE "correos" ADD COLUMN "destino" text;
--> statement-breakpoint
ALTER TABLE "correos" ADD COLUMN "cuerpo" text;
