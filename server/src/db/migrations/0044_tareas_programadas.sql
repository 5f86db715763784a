-- The background tasks' schedule (tareas/planificador.ts): one row per task that only one process
-- among those sharing the database may run at a time. A process claims a due row with
-- FOR UPDATE SKIP LOCKED and leases it until reclamado_hasta (renewed while the task runs); a
-- process that dies mid-task leaves the lease, which another one takes over once it has ended.
CREATE TABLE "tareas_programadas" (
	"nombre" text PRIMARY KEY NOT NULL,
	"proximo" timestamp with time zone NOT NULL,
	"reclamado_hasta" timestamp with time zone,
	"reclamado_por" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"ultimo_exito" timestamp with time zone,
	"ultimo_error" text
);
