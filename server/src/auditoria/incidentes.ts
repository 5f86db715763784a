/**
 * Incidents of the audit trail: a break at one entry (a row forged with the app's rights, an entry
 * changed or removed by whoever holds the database) that the configuration administrator recorded
 * with its reason, once verification named it. Each is signed with the audit key — the database
 * never holds it, so nobody holding only the database can excuse a break — and is itself an audit
 * entry. Verification goes on past that entry and names the incident; an incident whose signature
 * does not verify is a finding of its own.
 */
import crypto from "node:crypto";
import type { Tx } from "../db/client.js";
import * as repo from "./cadena.repository.js";
import { type ClaveAuditoria, iguales } from "./clave.js";

export interface Incidente {
  idAuditoria: number;
  motivo: string;
  /** ISO time it was recorded. */
  fecha: string;
  usuario: string | null;
}

export function firmarIncidente(clave: ClaveAuditoria, idAuditoria: number, motivo: string): string {
  return crypto.createHmac("sha256", clave.punto).update(`incidente|v1|${idAuditoria}|${motivo}`).digest("hex");
}

/** Every recorded incident, oldest first: those signed with the key, and the entries of any that is not. */
export async function leerIncidentes(
  tx: Tx,
  clave: ClaveAuditoria,
): Promise<{ validos: Incidente[]; falsos: number[] }> {
  const filas = await repo.filasIncidentes(tx);
  const validos: Incidente[] = [];
  const falsos: number[] = [];
  for (const f of filas) {
    const id = Number(f.idAuditoria);
    if (!iguales(firmarIncidente(clave, id, f.motivo), f.firma)) {
      falsos.push(id);
      continue;
    }
    validos.push({ idAuditoria: id, motivo: f.motivo, fecha: f.fecha.toISOString(), usuario: f.usuario });
  }
  return { validos, falsos };
}

export async function insertarIncidente(
  tx: Tx,
  clave: ClaveAuditoria,
  datos: { idAuditoria: number; motivo: string; idUsuario: number },
): Promise<void> {
  await repo.insertarIncidente(tx, { ...datos, firma: firmarIncidente(clave, datos.idAuditoria, datos.motivo) });
}
