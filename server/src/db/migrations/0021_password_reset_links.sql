-- Password reset by e-mail: one row per link sent. Only the SHA-256 of the link's secret is kept;
-- a link serves once (`usado`) and until `expira` (30 minutes). The rows of the last hour also
-- count the requests per account (the reset's rate limit).
CREATE TABLE "restablecimientos_clave" (
	"id_restablecimiento" bigserial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"token_hash" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"usado" timestamp with time zone,
	"direccion" text,
	CONSTRAINT "restablecimientos_clave_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "restablecimientos_clave" ADD CONSTRAINT "restablecimientos_clave_id_usuario_usuarios_id_usuario_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id_usuario") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "restablecimientos_clave_usuario_idx" ON "restablecimientos_clave" USING btree ("id_usuario","creado");
