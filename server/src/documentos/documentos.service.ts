/**
 * The two downloads every signed-in user has in the menu: the signature card (blank, or filled in
 * for an official the user may read) and the user manual.
 */
import { MSG, VISTAS_LECTURA_SOLICITUD } from "@registro/contracts";
import { tiposFirma } from "../catalogos/catalogos.service.js";
import type { Db } from "../db/client.js";
import { asegurarAlcance } from "../llamante/alcance.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { tieneVista } from "../llamante/sesion.js";
import { NoAutorizado, NoEncontrado } from "../shared/errors.js";
import * as repo from "./documentos.repository.js";
import { manualEnCache } from "./manual.js";
import type { DatosTarjeta } from "./tarjeta.js";

/** The Word builder (docx) is loaded with the first card, not with every start of the server. */
async function generarTarjeta(...args: Parameters<typeof import("./tarjeta.js").generarTarjeta>) {
  const { generarTarjeta } = await import("./tarjeta.js");
  return generarTarjeta(...args);
}

export async function tarjeta(db: Db, sesion: SesionUsuario, idFuncionario: number | undefined): Promise<Buffer> {
  const tipos = await tiposFirma(db);
  if (idFuncionario === undefined) return generarTarjeta(tipos, null);
  // Filling in an official's data is reading it: only for users who may read requests.
  if (!tieneVista(sesion, VISTAS_LECTURA_SOLICITUD)) throw NoAutorizado();
  const row = await repo.funcionarioParaTarjeta(db, idFuncionario);
  if (!row) throw NoEncontrado(MSG.funcionarioNoEncontrado);
  asegurarAlcance(sesion, row.idInstitucion, MSG.funcionarioNoEncontrado);
  const f = row.funcionario;
  const datos: DatosTarjeta = {
    institucion: row.institucion,
    nombres: f.nombres,
    apellidos: f.apellidos,
    cedula: f.cedula,
    cargo: row.cargo,
    firmaDigital: f.firmaDigital,
    firmas: new Set(row.firmas),
    firmaVigencia: f.firmaVigencia,
    fechaDesde: f.fechaDesde,
    fechaHasta: f.fechaHasta,
    firmaRango: f.firmaRango,
    montoDesde: f.montoDesde === null ? null : Number(f.montoDesde),
    montoHasta: f.montoHasta === null ? null : Number(f.montoHasta),
    autoridad: { nombre: `${row.incumbenteNombres} ${row.incumbenteApellidos}`, cargo: row.cargoIncumbente },
  };
  return generarTarjeta(tipos, datos);
}

export function manual(): Promise<Buffer> {
  return manualEnCache();
}
