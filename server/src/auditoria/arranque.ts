/**
 * The audit trail at start: load the key (creating the key file on the first start), refuse a key
 * that did not seal this database's entries, and on a database with no sealed entry yet (new, or
 * written before seals existed) record a checkpoint of its unsealed head, so what came before the
 * first seal is anchored outside the database too.
 */
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { ultimaSellada } from "./cadena.repository.js";
import { type ClaveAuditoria, ClaveAuditoriaError, cargarClave, establecerClave, iguales, sellar } from "./clave.js";
import { cabezaActual, registrarPunto } from "./puntos.js";

export async function prepararAuditoria(
  db: Db,
  config: Pick<Config, "auditKey" | "auditKeyFile" | "auditCheckpointFile" | "auditCheckpointEmail">,
  ahora: Date,
  log: (linea: string) => void,
): Promise<ClaveAuditoria> {
  const clave = cargarClave(config, log);
  await comprobarClave(db, clave, config.auditKey ? "AUDIT_KEY" : config.auditKeyFile);
  establecerClave(clave);
  const cabeza = await cabezaActual(db);
  if (cabeza.desde === 0 && cabeza.entrada > 0) {
    await db.transaction((tx) =>
      registrarPunto(tx, clave, ahora, {
        archivo: config.auditCheckpointFile,
        email: config.auditCheckpointEmail,
        log,
      }),
    );
    log(`Audit entries up to ${cabeza.entrada} carry no seal; from the next one on, every entry is sealed.`);
  }
  return clave;
}

/** The last sealed entry must verify with this key: another key would fork the chain silently. */
async function comprobarClave(db: Db, clave: ClaveAuditoria, origen: string) {
  const f = await ultimaSellada(db);
  if (f && !iguales(sellar(clave, f), f.sello)) {
    throw new ClaveAuditoriaError(
      `La clave de auditoría (${origen}) no es la que selló la auditoría de esta base de datos ` +
        `(entrada ${f.id}). Use la clave con la que se selló (su copia de seguridad).`,
    );
  }
}
