-- A renewal's official remembers the official it renews: the renewal proposes new dates from the
-- old ones, and cannot be sent with an end date already past or with the old dates unchanged.
ALTER TABLE "funcionarios" ADD COLUMN IF NOT EXISTS "renueva_a" integer;
--> statement-breakpoint
ALTER TABLE "funcionarios" ADD CONSTRAINT "funcionarios_renueva_a_fk" FOREIGN KEY ("renueva_a") REFERENCES "funcionarios"("id_funcionario") ON DELETE set null;
