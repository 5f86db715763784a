/**
 * Checkpoints of the audit chain: the head (entry number and hash), the time and the first sealed
 * entry, signed with the audit key and written where the database's owner cannot rewrite them — an
 * append-only file outside DATA_DIR, the log, and an e-mail to AUDIT_CHECKPOINT_EMAIL through the
 * outbox. `npm run audit:verify` reads them back (the file, or saved e-mails) and checks that the
 * chain still holds every one. One line of text each, so it survives being mailed.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Db, Tx } from "../db/client.js";
import { reclamarDia } from "../db/tareas.repository.js";
import { fechaLocal } from "../shared/tiempo.js";
import { cabezaActual, encolarCorreo } from "./cadena.repository.js";
import { type ClaveAuditoria, iguales } from "./clave.js";

export interface PuntoControl {
  /** The chain's last entry when the checkpoint was taken (0: an empty chain). */
  entrada: number;
  hash: string;
  /** ISO time of the checkpoint. */
  fecha: string;
  /** The first sealed entry (0: none yet). */
  desde: number;
  firma: string;
}

// ASCII only: quoted-printable mail leaves it as it is (it only wraps the line, which leerPuntos joins).
const PREFIJO = "RF-PUNTO-AUDITORIA v1";

const contenidoFirmado = (p: Omit<PuntoControl, "firma">) => `v1|${p.entrada}|${p.hash}|${p.fecha}|${p.desde}`;

export function firmarPunto(clave: ClaveAuditoria, p: Omit<PuntoControl, "firma">): PuntoControl {
  return { ...p, firma: crypto.createHmac("sha256", clave.punto).update(contenidoFirmado(p)).digest("hex") };
}

export function firmaValida(clave: ClaveAuditoria, p: PuntoControl): boolean {
  return iguales(firmarPunto(clave, p).firma, p.firma);
}

/** The checkpoint as its one line of text (no "=", which quoted-printable mail would encode). */
export function lineaPunto(p: PuntoControl): string {
  return `${PREFIJO} entrada:${p.entrada} hash:${p.hash} fecha:${p.fecha} desde:${p.desde} firma:${p.firma}`;
}

const PATRON = new RegExp(
  `${PREFIJO} entrada:(\\d+) hash:([0-9a-f]{64}|-) fecha:(\\S+) desde:(\\d+) firma:([0-9a-f]{64})`,
  "g",
);

/**
 * Every checkpoint line in a text: the checkpoint file, or e-mails as saved (quoted-printable soft
 * line breaks are joined first, so a wrapped line is found whole).
 */
export function leerPuntos(texto: string): PuntoControl[] {
  const plano = texto.replace(/=\r?\n/g, "").replace(/\r?\n[ \t]+/g, " ");
  return [...plano.matchAll(PATRON)].map((m) => ({
    entrada: Number(m[1]),
    hash: m[2] === "-" ? "" : m[2],
    fecha: m[3],
    desde: Number(m[4]),
    firma: m[5],
  }));
}

/** The head as the database holds it now, and the first sealed entry (cadena.repository.ts). */
export { cabezaActual } from "./cadena.repository.js";

export interface DestinoPuntos {
  archivo: string;
  email: string | undefined;
  log: (linea: string) => void;
}

/**
 * Takes a checkpoint of the head now: appended to the file (created 0600 with its folder), logged,
 * and queued for e-mail in the outbox when an address is configured. Answers the checkpoint.
 */
export async function registrarPunto(
  tx: Tx,
  clave: ClaveAuditoria,
  ahora: Date,
  destino: DestinoPuntos,
): Promise<PuntoControl> {
  const cabeza = await cabezaActual(tx);
  const punto = firmarPunto(clave, { ...cabeza, fecha: ahora.toISOString() });
  const linea = lineaPunto({ ...punto, hash: punto.hash || "-" });
  fs.mkdirSync(path.dirname(destino.archivo), { recursive: true, mode: 0o700 });
  fs.appendFileSync(destino.archivo, `${linea}\n`, { mode: 0o600 });
  destino.log(linea);
  if (destino.email) {
    await encolarCorreo(tx, {
      asunto: `Punto de control de la auditoría: entrada ${punto.entrada}`,
      destino: destino.email,
      cuerpo:
        `Registro de Firmas: punto de control de la cadena de auditoría.\n\n${linea}\n\n` +
        "Guarde este correo sin modificarlo: `npm run audit:verify -- <archivo>` comprueba que la " +
        "auditoría sigue conteniendo esta entrada con este hash.\n",
    });
  }
  return punto;
}

/**
 * The day's checkpoint, once per day across processes (the day's row in `tareas_diarias`): true
 * when this call took it.
 */
export async function puntoDelDia(
  db: Db,
  clave: ClaveAuditoria,
  ahora: Date,
  destino: DestinoPuntos,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await reclamarDia(tx, "auditoria", fechaLocal(ahora)))) return false;
    await registrarPunto(tx, clave, ahora, destino);
    return true;
  });
}

/** The last head an app anchored (one per app: its background rounds keep it). */
export interface UltimoAncla {
  entrada: number | null;
  hash: string | null;
}

/**
 * The head's anchor, every AUDIT_ANCHOR_INTERVAL_SECONDS: a signed checkpoint line appended to the
 * checkpoint file (no e-mail, no log line) when the head moved since this app's last anchor.
 * Entries removed from the end together with the head are then caught by verification as soon as
 * an anchor named one of them: the window is the interval, not the day. True when it wrote one.
 */
export async function anclarCabeza(
  db: Db,
  clave: ClaveAuditoria,
  ahora: Date,
  archivo: string,
  ultimo: UltimoAncla,
): Promise<boolean> {
  const cabeza = await cabezaActual(db);
  if (ultimo.entrada === cabeza.entrada && ultimo.hash === cabeza.hash) return false;
  const punto = firmarPunto(clave, { ...cabeza, fecha: ahora.toISOString() });
  fs.mkdirSync(path.dirname(archivo), { recursive: true, mode: 0o700 });
  fs.appendFileSync(archivo, `${lineaPunto({ ...punto, hash: punto.hash || "-" })}\n`, { mode: 0o600 });
  ultimo.entrada = cabeza.entrada;
  ultimo.hash = cabeza.hash;
  return true;
}
