/**
 * The person registry (padrón) behind GetPersona: loaded from a CSV file (cedula,nombres,apellidos)
 * into the `personas` table. The project ships a synthetic one with valid cédulas.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cedulaValida } from "@registro/contracts";
import type { Db } from "../db/client.js";
import { personas } from "../db/schema.js";

export const PADRON_DEMO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../seed-data/padron.csv");

export interface Persona {
  cedula: string;
  nombres: string;
  apellidos: string;
}

export function leerPadron(file: string): Persona[] {
  const lines = fs.readFileSync(file, "utf8").split(/\r?\n/).slice(1);
  const out: Persona[] = [];
  for (const line of lines) {
    const [cedula, nombres, apellidos] = line.split(",").map((s) => s?.trim());
    if (cedula && nombres && apellidos && cedulaValida(cedula)) out.push({ cedula, nombres, apellidos });
  }
  return out;
}

export async function cargarPadron(db: Db, file: string): Promise<number> {
  const rows = leerPadron(file);
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(personas)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
  return rows.length;
}
