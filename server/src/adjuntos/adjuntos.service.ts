/**
 * Listing and serving stored files (SPEC.md §7 "Reading"): a request's own files (documents and
 * deactivation evidence), one official's files, and one file's bytes. Scope as for the request.
 */
import { type Adjunto, MSG, VISTAS_LECTURA_SOLICITUD } from "@registro/contracts";
import * as repo from "../archivos/adjuntos.repository.js";
import { auditar } from "../auditoria/cadena.js";
import { aSesionUsuario, sesionVigente } from "../auth/auth.plugin.js";
import { buscarSesionPorId } from "../auth/auth.repository.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { funcionarioDeSolicitud } from "../funcionarios/funcionarios.repository.js";
import { asegurarAlcance, asegurarEnviada } from "../llamante/alcance.js";
import { type SesionUsuario, tieneVista } from "../llamante/sesion.js";
import { NoEncontrado } from "../shared/errors.js";
import { solicitudVisible } from "../solicitudes/lectura.service.js";
import { mapAdjunto } from "../solicitudes/mappers.js";
import { ENLACE_SEGUNDOS, firmaEnlace, firmaValida, segmentoNombre } from "./enlace.js";

export async function adjuntosDeSolicitud(db: Db, sesion: SesionUsuario, idSolicitud: number): Promise<Adjunto[]> {
  await solicitudVisible(db, sesion, idSolicitud);
  return (await repo.listarAdjuntos(db, { idSolicitud, idFuncionario: null })).map(mapAdjunto);
}

export async function adjuntosDeFuncionario(
  db: Db,
  sesion: SesionUsuario,
  idSolicitud: number,
  idFuncionario: number,
): Promise<Adjunto[]> {
  await solicitudVisible(db, sesion, idSolicitud);
  if (!(await funcionarioDeSolicitud(db, idSolicitud, idFuncionario))) throw NoEncontrado(MSG.funcionarioNoEncontrado);
  return (await repo.listarAdjuntos(db, { idSolicitud, idFuncionario })).map(mapAdjunto);
}

export async function descargarAdjunto(db: Db, sesion: SesionUsuario, idAdjunto: number) {
  const a = await repo.adjuntoConContenido(db, idAdjunto);
  if (!a) throw NoEncontrado(MSG.adjuntoNoEncontrado);
  asegurarAlcance(sesion, a.idInstitucion, MSG.adjuntoNoEncontrado);
  asegurarEnviada(sesion, a.estatusSolicitud, MSG.adjuntoNoEncontrado);
  await auditar(db, {
    idUsuario: sesion.idUsuario,
    entidad: "Documento",
    idEntidad: a.idAdjunto,
    accion: "descargar",
    despues: {
      idSolicitud: a.idSolicitud,
      idFuncionario: a.idFuncionario,
      tipo: a.tipo,
      nombre: a.nombre,
      sha256: a.sha256,
    },
  });
  return { nombre: a.nombre, mime: a.mime, contenido: a.contenido };
}

/**
 * A link that opens the file in the browser's viewer under its own name (enlace.ts): the same
 * checks as the download, then the path `api/SolicitudFirma/VerAdjunto/{id}/{nombre}` signed for
 * this session.
 */
export async function enlaceAdjunto(
  db: Db,
  sesion: SesionUsuario,
  tokenHash: string,
  idAdjunto: number,
  ahora: number,
): Promise<string> {
  const a = await repo.adjuntoSinContenido(db, idAdjunto);
  if (!a) throw NoEncontrado(MSG.adjuntoNoEncontrado);
  asegurarAlcance(sesion, a.idInstitucion, MSG.adjuntoNoEncontrado);
  asegurarEnviada(sesion, a.estatusSolicitud, MSG.adjuntoNoEncontrado);
  const e = Math.floor(ahora / 1000) + ENLACE_SEGUNDOS;
  const segmento = segmentoNombre(a.nombre);
  const f = firmaEnlace(tokenHash, sesion.idSesion, a.idAdjunto, e, decodeURIComponent(segmento));
  return `api/SolicitudFirma/VerAdjunto/${a.idAdjunto}/${segmento}?s=${sesion.idSesion}&e=${e}&f=${f}`;
}

/**
 * Opens a link made by `enlaceAdjunto`: a live session, an unexpired link with a valid signature
 * (over the file's id and the name in the path, so another name does not open it), then the download itself as that session's user. Any failure is the same 404, so a link says
 * nothing about why it does not open.
 */
export async function abrirEnlace(
  db: Db,
  config: Pick<Config, "sessionIdleMinutes" | "sessionMaxHours">,
  enlace: { idAdjunto: number; nombre: string; s: number; e: number; f: string },
  ahora: number,
) {
  const noAbre = () => NoEncontrado(MSG.adjuntoNoEncontrado);
  const segundos = Math.floor(ahora / 1000);
  if (enlace.e < segundos || enlace.e > segundos + ENLACE_SEGUNDOS) throw noAbre();
  const row = await buscarSesionPorId(db, enlace.s);
  if (!row || !sesionVigente(row, config) || row.cambioClave) throw noAbre();
  const firma = firmaEnlace(row.tokenHash, row.idSesion, enlace.idAdjunto, enlace.e, enlace.nombre);
  if (!firmaValida(firma, enlace.f)) throw noAbre();
  const sesion = aSesionUsuario(row);
  if (!tieneVista(sesion, VISTAS_LECTURA_SOLICITUD)) throw noAbre();
  return descargarAdjunto(db, sesion, enlace.idAdjunto);
}

/**
 * `inline` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). Quotes,
 * backslashes, CR/LF and directory parts never reach the header.
 */
export function contentDisposition(nombre: string): string {
  const base = nombre.replace(/\\/g, "/").split("/").pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const limpio = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim() || "archivo";
  const ascii = limpio
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_");
  const utf8 = encodeURIComponent(limpio).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
