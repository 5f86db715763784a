-- Import runs: the process working on a run marks it alive every few seconds, so a process that
-- starts (or sweeps) closes as interrupted only runs whose process stopped, not another live
-- process's run (several processes share one PostgreSQL database).
ALTER TABLE "importaciones" ADD COLUMN "latido" timestamp with time zone DEFAULT now() NOT NULL;
