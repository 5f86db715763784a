/**
 * "Mis sesiones": the signed-in user's open sessions, each with the browser and system read from
 * its User-Agent (bowser), the address it was opened from, its start and last use; ending one of
 * them or all but the current one. A user reaches only their own sessions: any other id answers
 * as a missing one. Ending sessions is audited.
 */
import { MSG, type SesionActiva } from "@registro/contracts";
import Bowser from "bowser";
import { auditar } from "../auditoria/cadena.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { NoEncontrado } from "../shared/errors.js";
import * as repo from "./auth.repository.js";

const DESCONOCIDO = "Desconocido";

/** "Chrome 131" and "Windows 10" from a User-Agent; "Desconocido" for what cannot be read. */
export function describirAgente(agente: string | null): { navegador: string; sistema: string } {
  if (!agente) return { navegador: DESCONOCIDO, sistema: DESCONOCIDO };
  const { browser, os } = Bowser.parse(agente);
  const mayor = browser.version?.split(".")[0];
  const navegador = [browser.name, mayor].filter(Boolean).join(" ");
  const sistema = [os.name, os.versionName ?? os.version].filter(Boolean).join(" ");
  return { navegador: navegador || DESCONOCIDO, sistema: sistema || DESCONOCIDO };
}

export async function listarSesiones(
  db: Db,
  config: Pick<Config, "sessionIdleMinutes" | "sessionMaxHours">,
  s: SesionUsuario,
): Promise<SesionActiva[]> {
  const filas = await repo.sesionesVigentes(db, s.idUsuario, {
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
  });
  // The current session first, then the others, most recently used first.
  const ordenadas = [...filas].sort((a, b) => Number(b.idSesion === s.idSesion) - Number(a.idSesion === s.idSesion));
  return ordenadas.map((f) => ({
    idSesion: f.idSesion,
    ...describirAgente(f.agente),
    direccion: f.direccion,
    inicio: f.creada.toISOString(),
    ultimoUso: f.ultimoUso.toISOString(),
    actual: f.idSesion === s.idSesion,
  }));
}

/** Ends one of the user's other sessions (the current one ends with «Cerrar sesión»). */
export async function cerrarSesionPropia(db: Db, s: SesionUsuario, idSesion: number) {
  if (idSesion === s.idSesion) return { success: false, message: MSG.sesionActualNoSeCierraAqui };
  return db.transaction(async (tx) => {
    if (!(await repo.revocarSesionDe(tx, s.idUsuario, idSesion))) throw NoEncontrado(MSG.sesionNoEncontrada);
    await auditar(tx, {
      entidad: "Sesion",
      idEntidad: s.usuario,
      accion: "cerrar_sesiones",
      despues: { sesiones: [idSesion] },
    });
    return { success: true, message: MSG.sesionCerrada };
  });
}

/** Ends every session of the user but the current one. */
export async function cerrarOtrasSesiones(db: Db, s: SesionUsuario) {
  return db.transaction(async (tx) => {
    const cerradas = await repo.revocarSesionesUsuario(tx, s.idUsuario, s.idSesion, "mis_sesiones");
    if (cerradas.length > 0) {
      await auditar(tx, {
        entidad: "Sesion",
        idEntidad: s.usuario,
        accion: "cerrar_sesiones",
        despues: { sesiones: cerradas },
      });
    }
    return { success: true, message: MSG.otrasSesionesCerradas(cerradas.length) };
  });
}
