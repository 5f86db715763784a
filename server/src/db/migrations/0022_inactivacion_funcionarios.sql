-- The officials a deactivation request (203) concerns, when the institution chose some of them
-- instead of the whole request: the administrator's approval inactivates only these and the request
-- stays active (106). Cleared when the request is decided.
ALTER TABLE "funcionarios" ADD COLUMN IF NOT EXISTS "inactivacion_solicitada" boolean DEFAULT false NOT NULL;
