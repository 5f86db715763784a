/**
 * Verification: answers "could this person sign this, for this amount, on this date?"
 * from the effective-dated authorisation record, issues constancias with a verification code, and
 * shows a constancia's officials as the registry has them now to anyone holding the code.
 */
import crypto from "node:crypto";
import {
  type ConstanciaPublica,
  type ConsultaVerificacion,
  ESTATUS,
  estadoFirma,
  MSG,
  normalizarCodigo,
  type RespuestaVerificacion,
  TEXTO_ACTIVA,
  textoEstatus,
} from "@registro/contracts";
import type { Db } from "../db/client.js";
import type { Llamante } from "../llamante/peticion.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { NoDisponible, NoEncontrado, Regla, ValidacionCampo } from "../shared/errors.js";
import { fechaLocal, type Reloj } from "../shared/tiempo.js";
import { solicitudVisible } from "../solicitudes/lectura.service.js";
import { constanciaPdf, type DatosConstancia, textoRango, textoVigencia } from "./constancia.pdf.js";
import { responder } from "./decision.js";
import { periodoLocal, periodosPorFuncionario } from "./periodos.js";
import type { Sello } from "./sello.js";
import {
  type EntradaCompleta,
  enmascararCedula,
  mapFuncionarioConstancia,
  mapRegistro,
  numeroONulo,
} from "./verificacion.mappers.js";
import * as repo from "./verificacion.repository.js";
import * as conSesion from "./verificacion-sesion.repository.js";

// Periods by official as calendar days: in periodos.ts (the detail screens read them too).
export { periodosPorFuncionario };

/** The caller's session and the single question's rows in one statement (the route's `lecturaConSesion`). */
export function registrosConSesion(db: Db, hashSesion: string, cedula: string, idInstitucion: number | null) {
  return conSesion.registrosPorCedulaConSesion(db, hashSesion, cedula, idInstitucion);
}

/** The single question's rows as an SQL expression, read in a system key's statement (the route's `lecturaConClave`). */
export function registrosEnJsonConClave(cedula: string, idInstitucion: number | null) {
  const deUna = idInstitucion !== null;
  return {
    variante: deUna ? "verificacion-una" : "verificacion-todas",
    expresion: () => conSesion.registrosPorCedulaEnJson(deUna),
    valores: deUna ? { cedula, idInstitucion } : { cedula },
  };
}

/** The single question's rows as the guard read them with the session or the key (auth/lectura-con-sesion.ts). */
export interface RegistrosLeidos {
  cedula: string;
  idInstitucion: number | null;
  filas: conSesion.RegistroLeido[];
}

/**
 * GET api/Verificacion/Firma: the answer and every registry entry of the cédula. `leidos`: the rows
 * the guard read with the session, used when they were read for this cédula and this caller's
 * institution filter (an external user's differs from what the request alone says: read again).
 */
export async function verificarFirma(
  db: Db,
  sesion: Llamante,
  consulta: ConsultaVerificacion,
  reloj: Reloj,
  diasAviso = 30,
  leidos?: RegistrosLeidos | null,
): Promise<RespuestaVerificacion> {
  const hoy = fechaLocal(reloj());
  const fecha = consulta.fecha ?? hoy;
  let firma: string | undefined;
  if (consulta.idFirma !== undefined) {
    firma = (await repo.nombreFirma(db, consulta.idFirma)) ?? undefined;
    if (firma === undefined) throw ValidacionCampo("idFirma", MSG.firmaNoExiste);
  }
  // External users see their own institution's entries only; another institution is "not there".
  let idInstitucion = consulta.institucion ?? null;
  if (sesion.externo) {
    if (idInstitucion !== null && idInstitucion !== sesion.idInstitucion) idInstitucion = -1;
    else idInstitucion = sesion.idInstitucion ?? -1;
  }
  // One statement: the entries with their signatures and periods.
  const filas =
    leidos && leidos.cedula === consulta.cedula && leidos.idInstitucion === idInstitucion
      ? leidos.filas
      : await repo.registrosPorCedula(db, consulta.cedula, idInstitucion);
  const entradas: EntradaCompleta[] = filas.map(({ periodos, ...f }) => ({
    ...f,
    montoDesde: numeroONulo(f.montoDesde),
    montoHasta: numeroONulo(f.montoHasta),
    periodos: periodos.map(periodoLocal),
  }));
  const r = responder(
    entradas,
    { fecha, idFirma: consulta.idFirma, firma, monto: consulta.monto },
    consulta.institucion !== undefined,
  );
  return {
    autorizado: r.autorizado,
    motivo: r.motivo,
    fecha,
    registros: r.evaluadas.map((e) => mapRegistro(e, hoy, diasAviso)),
  };
}

/** 20 characters of Crockford base 32: 100 random bits. */
const ALFABETO = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export function nuevoCodigo(): string {
  let s = "";
  for (let i = 0; i < 20; i++) s += ALFABETO[crypto.randomInt(32)];
  return s.match(/.{4}/g)!.join("-");
}

export function hashCodigo(codigo: string): string {
  return crypto.createHash("sha256").update(codigo).digest("hex");
}

/** The public page's address of a code. */
export function urlVerificacion(origen: string, codigo: string): string {
  return `${origen}/Verificar/${codigo}`;
}

/**
 * GET api/Verificacion/GetConstancia/{idSolicitud}: a new, sealed constancia of an active (or, for
 * the record, inactivated) request, for whoever may read the request. `origen` is the public address
 * of the application, base path included. The request is read in one transaction, the file is built
 * and sealed outside it (the time-stamping authority may take a while), and the constancia is then
 * recorded in one statement with the SHA-256 of the file as issued.
 */
export async function emitirConstancia(
  db: Db,
  sesion: SesionUsuario,
  idSolicitud: number,
  origen: string,
  reloj: Reloj,
  sellado: { sello: Sello; tsaUrl?: string },
  diasAviso = 30,
): Promise<{ pdf: Buffer; codigo: string }> {
  const ahora = reloj();
  const { datos, ids } = await db.transaction(async (tx) => {
    await solicitudVisible(tx, sesion, idSolicitud);
    const s = await repo.solicitudConstancia(tx, idSolicitud);
    if (!s) throw NoEncontrado(MSG.solicitudNoEncontrada);
    const funcionarios = await repo.funcionariosConstancia(tx, idSolicitud);
    const emisible = s.estatus === ESTATUS.ACTIVA || s.estatus === ESTATUS.INACTIVADO;
    if (!emisible || funcionarios.length === 0) throw Regla(MSG.constanciaNoDisponible);
    const codigo = nuevoCodigo();
    const ids = funcionarios.map((f) => f.idFuncionario);
    const [firmas, periodos] = await Promise.all([repo.firmasDe(tx, ids), periodosPorFuncionario(tx, ids)]);
    const hoy = fechaLocal(ahora);
    const aprobada = await repo.fechaAprobacion(tx, idSolicitud);
    const datos: DatosConstancia = {
      codigo,
      url: urlVerificacion(origen, codigo),
      idSolicitud,
      institucion: s.institucion,
      incumbente: { nombre: `${s.incumbenteNombres} ${s.incumbenteApellidos}`, cargo: s.incumbenteCargo },
      aprobada: aprobada ? fechaLocal(aprobada) : null,
      emitida: fechaLocal(ahora),
      // An approved request reads "Activa" (as the inboxes say), never the internal "Aprobado por Administrador RyCC".
      estatusSolicitud: s.estatus === ESTATUS.ACTIVA ? TEXTO_ACTIVA : textoEstatus(s.estatus),
      funcionarios: funcionarios.map((f) => {
        const montos = { ...f, montoDesde: numeroONulo(f.montoDesde), montoHasta: numeroONulo(f.montoHasta) };
        return {
          nombre: `${f.nombres} ${f.apellidos}`,
          cedula: enmascararCedula(f.cedula),
          cargo: f.cargo,
          firmas: firmas.filter((x) => x.idFuncionario === f.idFuncionario).map((x) => x.firma),
          rango: textoRango(montos),
          vigencia: textoVigencia(f),
          estado: estadoFirma(
            { ...f, estatusSolicitud: s.estatus, periodos: periodos.get(f.idFuncionario) ?? [] },
            hoy,
            diasAviso,
          ).texto,
          digital: f.firmaDigital,
        };
      }),
      sello: { sujeto: sellado.sello.sujeto, pruebas: sellado.sello.pruebas, fecha: ahora },
    };
    return { datos, ids };
  });
  const { pdf: sinSello, rectangulo } = await constanciaPdf(datos);
  // The PAdES libraries (pkijs, @signpdf) are loaded with the first seal, not with every start.
  const { SelloTiempoError, sellarPdf } = await import("./sellado.js");
  let pdf: Buffer;
  try {
    pdf = await sellarPdf(sinSello, { sello: sellado.sello, fecha: ahora, rectangulo, tsaUrl: sellado.tsaUrl });
  } catch (e) {
    if (e instanceof SelloTiempoError) throw NoDisponible(MSG.selloTiempoNoDisponible, e);
    throw e;
  }
  await repo.insertarConstancia(db, {
    codigoHash: hashCodigo(datos.codigo),
    idSolicitud,
    funcionarios: ids,
    idUsuario: sesion.idUsuario,
    emitida: ahora,
    pdfSha256: crypto.createHash("sha256").update(pdf).digest("hex"),
    selloHuella: sellado.sello.huella,
  });
  return { pdf, codigo: datos.codigo };
}

/**
 * GET api/Verificacion/Constancia/{codigo} (public): the constancia's officials as the registry has
 * them now. Any code, well-formed or not, is hashed and looked up, so that an unknown and a
 * malformed code take the same path and get the same 404.
 */
export async function constanciaPublica(
  db: Db,
  entrada: string,
  reloj: Reloj,
  diasAviso = 30,
): Promise<ConstanciaPublica> {
  const codigo = normalizarCodigo(entrada);
  const fila = await repo.constanciaPorHash(db, hashCodigo(codigo ?? `no-valido:${entrada}`));
  if (!fila || codigo === null) throw NoEncontrado(MSG.constanciaNoEncontrada);
  const s = await repo.solicitudConstancia(db, fila.idSolicitud);
  if (!s) throw NoEncontrado(MSG.constanciaNoEncontrada);
  const funcionarios = await repo.funcionariosConstancia(db, fila.idSolicitud, fila.funcionarios);
  const ids = funcionarios.map((f) => f.idFuncionario);
  const [firmas, periodos] = await Promise.all([repo.firmasDe(db, ids), periodosPorFuncionario(db, ids)]);
  const hoy = fechaLocal(reloj());
  return {
    autentica: true,
    codigo,
    institucion: s.institucion,
    idSolicitud: s.idSolicitud,
    emitida: fechaLocal(fila.emitida),
    funcionarios: funcionarios.map((f) =>
      mapFuncionarioConstancia(
        {
          ...f,
          montoDesde: numeroONulo(f.montoDesde),
          montoHasta: numeroONulo(f.montoHasta),
          firmas: firmas.filter((x) => x.idFuncionario === f.idFuncionario).map((x) => x.firma),
          estatusSolicitud: s.estatus,
          periodos: periodos.get(f.idFuncionario) ?? [],
        },
        hoy,
        diasAviso,
      ),
    ),
  };
}
