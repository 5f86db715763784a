/** "Correos no enviados": mails that exhausted their tries, and putting one back in the queue. */
import { type CorreoNoEnviado, MSG } from "@registro/contracts";
import type { Db } from "../db/client.js";
import { NoEncontrado } from "../shared/errors.js";
import * as repo from "./correos.repository.js";

export async function listarNoEnviados(db: Db, page: number, rows: number) {
  const { filas, total } = await repo.listarFallidos(db, page, rows);
  return {
    rows: filas.map(
      (c): CorreoNoEnviado => ({
        idCorreo: c.idCorreo,
        fecha: c.creado.toISOString(),
        usuario: c.usuario,
        para: c.para ?? c.email ?? "",
        asunto: c.asunto,
        intentos: c.intentos,
        error: c.ultimoError ?? "",
      }),
    ),
    totalRecords: total,
  };
}

export async function reintentar(db: Db, idCorreo: number, ahora: Date) {
  if (!(await repo.reintentar(db, idCorreo, ahora))) throw NoEncontrado(MSG.correoNoEncontrado);
  return { success: true, message: MSG.correoReintentado };
}
