/** Rules behind the "Respaldos" screen: what it lists, and when a backup may start now. */
import { type EstadoRespaldos, MSG, type Respaldo } from "@registro/contracts";
import type { Db } from "../db/client.js";
import { Regla } from "../shared/errors.js";
import * as repo from "./respaldos.repository.js";
import type { ServicioRespaldos } from "./respaldos.service.js";

function mapRespaldo(f: Awaited<ReturnType<typeof repo.ultimos>>[number]): Respaldo {
  return {
    idRespaldo: f.idRespaldo,
    dia: f.dia,
    programado: f.programado,
    inicio: f.inicio.toISOString(),
    fin: f.fin?.toISOString() ?? null,
    exito: f.exito,
    archivo: f.archivo,
    bytes: f.bytes,
    sha256: f.sha256,
    error: f.error,
  };
}

export async function estadoRespaldos(db: Db, servicio: ServicioRespaldos): Promise<EstadoRespaldos> {
  const [filas, ultimo] = await Promise.all([repo.ultimos(db, 30), repo.ultimoExito(db)]);
  return {
    ...servicio.configuracion,
    ultimoExito: ultimo?.toISOString() ?? null,
    respaldos: filas.map(mapRespaldo),
  };
}

/** Starts a backup into BACKUP_DIR without waiting for it (the list shows it running, then done). */
export function iniciarRespaldo(servicio: ServicioRespaldos, log: { error(o: object, m: string): void }) {
  if (!servicio.configuracion.programados) throw Regla(MSG.respaldosNoConfigurados);
  if (servicio.ocupado()) throw Regla(MSG.respaldoEnCurso);
  servicio.respaldarAhora().catch((err) => log.error({ err }, "respaldo a pedido fallido"));
}
