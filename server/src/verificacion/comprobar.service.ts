/**
 * The public upload check of a constancia (POST api/Verificacion/ComprobarConstancia): the seal, the
 * file as issued, and one verdict; for an issued file, whether it is its request's latest constancia
 * and which of its officials are no longer authorised today.
 */
import crypto from "node:crypto";
import { CAMPO_CONSTANCIA, type ComprobacionConstancia, MSG, normalizarCodigo } from "@registro/contracts";
import type { Db } from "../db/client.js";
import { ValidacionCampo } from "../shared/errors.js";
import { fechaLocal, fechaTexto, type Reloj } from "../shared/tiempo.js";
import type { SelloLeido } from "./comprobacion.js";
import { comprobantePorHash, comprobantePorPdf } from "./comprobante.repository.js";
import { fechaComprobante } from "./comprobante.service.js";
import { informePorHash, informePorPdf } from "./informes.repository.js";
import type { Sello } from "./sello.js";
import { mapFuncionarioConstancia, numeroONulo } from "./verificacion.mappers.js";
import * as repo from "./verificacion.repository.js";
import { hashCodigo, periodosPorFuncionario } from "./verificacion.service.js";

/**
 * POST api/Verificacion/ComprobarConstancia (public): whether an uploaded file carries a valid seal
 * of the Contraloría (the current seal certificate or one that sealed a constancia of the registry)
 * and whether it is, byte for byte, a constancia the registry issued — found by the digest of the
 * whole file first, else by the code it prints. One verdict comes of it: the digest of the issued
 * file outranks the signature (a signature that verifies over a file whose unsigned bytes changed
 * is not "the issued file"). For an issued file the answer adds whether it is the latest constancia
 * of its request and which of its officials are no longer authorised today. `codigoPagina` is the
 * code of the public page the file is checked on, when any.
 */
export async function comprobarConstancia(
  db: Db,
  pdf: Buffer,
  sello: Sello,
  reloj: Reloj,
  diasAviso = 30,
  codigoPagina: string | null = null,
): Promise<ComprobacionConstancia> {
  if (!pdf.subarray(0, 1024).includes("%PDF-")) throw ValidacionCampo(CAMPO_CONSTANCIA, MSG.constanciaNoPdf);
  const { codigoEnPdf, leerSello } = await import("./comprobacion.js");
  const leido = await leerSello(pdf);
  const archivo: Archivo = {
    leido,
    sello,
    estadoSello: await estadoDelSello(db, leido, sello),
    hash: crypto.createHash("sha256").update(pdf).digest("hex"),
    impreso: codigoEnPdf(pdf),
  };
  const { hash, impreso } = archivo;
  // The file as issued, by its digest; else the constancia of the code it prints.
  const porDigest = await repo.constanciaPorPdf(db, hash);
  const fila = porDigest ?? (impreso ? await repo.constanciaPorHash(db, hashCodigo(impreso)) : null);
  if (!fila) {
    // Not a constancia: perhaps a comprobante of "Verificar firma" (by its digest, else its code).
    // …or a validation report of "Verificar documento", the same way.
    const comprobante =
      (await comprobantePorPdf(db, hash)) ??
      (impreso ? await comprobantePorHash(db, hashCodigo(impreso)) : null) ??
      (await informePorPdf(db, hash)) ??
      (impreso ? await informePorHash(db, hashCodigo(impreso)) : null);
    if (comprobante) return respuestaComprobante(archivo, comprobante);
  }
  return respuestaConstancia(db, archivo, fila, reloj, diasAviso, codigoPagina);
}

/** What the file is, as read before the registry is asked. */
interface Archivo {
  leido: SelloLeido;
  sello: Sello;
  estadoSello: ComprobacionConstancia["sello"];
  /** SHA-256 of the whole file. */
  hash: string;
  /** The code the file prints, if any. */
  impreso: string | null;
}

const TEXTOS_SELLO = {
  valido: MSG.selloValido,
  alterado: MSG.selloAlterado,
  ajeno: MSG.selloAjeno,
  ausente: MSG.selloAusente,
} as const;

/** "valido" only for the current seal certificate or one that sealed a constancia of the registry. */
async function estadoDelSello(db: Db, leido: SelloLeido, sello: Sello): Promise<ComprobacionConstancia["sello"]> {
  if (leido.estado !== "firmado") return leido.estado;
  const nuestro = leido.huella !== null && (leido.huella === sello.huella || (await repo.selloUsado(db, leido.huella)));
  return nuestro ? "valido" : "ajeno";
}

/** The parts of the answer that only say what the seal is. */
const partesSello = (a: Archivo, estadoSello: ComprobacionConstancia["sello"]) => ({
  selloValido: estadoSello === "valido",
  sello: estadoSello,
  selloTexto: TEXTOS_SELLO[estadoSello],
  certificado: a.leido.sujeto,
  pruebas: estadoSello === "valido" && a.leido.huella === a.sello.huella && a.sello.pruebas,
  selloTiempo: a.leido.selloTiempo ? a.leido.selloTiempo.toISOString() : null,
});

/** A comprobante of "Verificar firma" or a report of "Verificar documento": the issued file or not. */
function respuestaComprobante(
  a: Archivo,
  comprobante:
    | NonNullable<Awaited<ReturnType<typeof comprobantePorPdf>>>
    | NonNullable<Awaited<ReturnType<typeof informePorPdf>>>,
): ComprobacionConstancia {
  const esInforme = "idInforme" in comprobante;
  const suyo = a.impreso && hashCodigo(a.impreso) === comprobante.codigoHash ? a.impreso : null;
  const igual = comprobante.pdfSha256 === a.hash;
  const estadoSello = !igual && a.estadoSello === "valido" ? "alterado" : a.estadoSello;
  const veredicto = igual ? (esInforme ? "informe" : "comprobante") : veredictoDe(estadoSello, "distinta", false);
  const fecha = fechaComprobante(comprobante.emitido);
  const texto =
    veredicto === "comprobante"
      ? MSG.veredictoComprobante(suyo ?? "", fecha)
      : veredicto === "informe"
        ? MSG.veredictoInforme(suyo ?? "", fecha)
        : veredicto === "ajena"
          ? MSG.veredictoAjena
          : MSG.veredictoDistinta(suyo ?? "");
  return {
    ...partesSello(a, estadoSello),
    emitidaPorRegistro: igual,
    emision: igual ? "emitida" : "distinta",
    emisionTexto: texto,
    codigo: suyo,
    idSolicitud: null,
    emitida: fechaLocal(comprobante.emitido),
    veredicto,
    veredictoTexto: texto,
    ultima: null,
    ultimaEmitida: null,
    ultimaCodigo: null,
    ultimaTexto: null,
    deLaPagina: null,
    noAutorizados: [],
  };
}

type FilaConstancia = NonNullable<Awaited<ReturnType<typeof repo.constanciaPorPdf>>>;

/** Whether the file is the constancia as issued, an older one (no digest kept), or another file. */
function emisionDe(a: Archivo, fila: FilaConstancia | null) {
  const emitida = fila ? fechaTexto(fechaLocal(fila.emitida)) : "";
  if (!fila) return { emision: "desconocida" as const, emisionTexto: MSG.emisionDesconocida, emitida, alterado: false };
  if (fila.pdfSha256 === null)
    return { emision: "anterior" as const, emisionTexto: MSG.emisionAnterior(emitida), emitida, alterado: false };
  if (fila.pdfSha256 === a.hash)
    return {
      emision: "emitida" as const,
      emisionTexto: MSG.emisionEmitida(fila.idSolicitud, emitida),
      emitida,
      alterado: false,
    };
  // A signature that verifies over a file that is not the one issued (its unsigned bytes, the
  // signature container's padding, changed): the file was modified after it was sealed.
  return { emision: "distinta" as const, emisionTexto: MSG.emisionDistinta, emitida, alterado: true };
}

/** For an issued file: whether it is its request's latest constancia, and who is no longer authorised. */
async function vigenciaDeEmitida(
  db: Db,
  fila: FilaConstancia,
  codigo: string | null,
  pagina: string | null,
  reloj: Reloj,
  diasAviso: number,
) {
  const reciente = await repo.ultimaConstancia(db, fila.idSolicitud);
  const ultima = reciente === null || reciente.idConstancia === fila.idConstancia;
  let ultimaCodigo: string | null = null;
  if (ultima) ultimaCodigo = codigo;
  else if (pagina && reciente && hashCodigo(pagina) === reciente.codigoHash) ultimaCodigo = pagina;
  return {
    ultima,
    ultimaEmitida: fechaLocal((reciente ?? fila).emitida),
    ultimaCodigo,
    noAutorizados: await funcionariosNoAutorizados(db, fila.idSolicitud, fila.funcionarios, reloj, diasAviso),
  };
}

/** A constancia of the registry (or no known file): the verdict, and for an issued one its standing today. */
async function respuestaConstancia(
  db: Db,
  a: Archivo,
  fila: FilaConstancia | null,
  reloj: Reloj,
  diasAviso: number,
  codigoPagina: string | null,
): Promise<ComprobacionConstancia> {
  const codigo = fila && a.impreso && hashCodigo(a.impreso) === fila.codigoHash ? a.impreso : null;
  const { emision, emisionTexto, emitida, alterado } = emisionDe(a, fila);
  const estadoSello = alterado && a.estadoSello === "valido" ? "alterado" : a.estadoSello;
  const pagina = codigoPagina ? normalizarCodigo(codigoPagina) : null;
  const v =
    fila && emision === "emitida"
      ? await vigenciaDeEmitida(db, fila, codigo, pagina, reloj, diasAviso)
      : { ultima: null, ultimaEmitida: null, ultimaCodigo: null, noAutorizados: [] };
  const veredicto = veredictoDe(estadoSello, emision, v.ultima === false || v.noAutorizados.length > 0);
  const id = fila?.idSolicitud ?? 0;
  const textosVeredicto: Record<ComprobacionConstancia["veredicto"], string> = {
    emitida: MSG.veredictoEmitida(codigo ?? "", emitida, id),
    desactualizada: MSG.veredictoDesactualizada(codigo ?? "", emitida, id),
    distinta: MSG.veredictoDistinta(codigo ?? ""),
    alterada: MSG.veredictoAlterada,
    ajena: MSG.veredictoAjena,
    sinSello: MSG.veredictoSinSello,
    anterior: emisionTexto,
    desconocida: MSG.veredictoDesconocida,
    comprobante: MSG.veredictoDesconocida,
    informe: MSG.veredictoDesconocida,
  };
  return {
    ...partesSello(a, estadoSello),
    emitidaPorRegistro: emision === "emitida",
    emision,
    emisionTexto,
    codigo,
    idSolicitud: fila ? fila.idSolicitud : null,
    emitida: fila ? fechaLocal(fila.emitida) : null,
    veredicto,
    veredictoTexto: textosVeredicto[veredicto],
    ultima: v.ultima,
    ultimaEmitida: v.ultimaEmitida,
    ultimaCodigo: v.ultimaCodigo,
    ultimaTexto:
      v.ultima === null
        ? null
        : v.ultima
          ? MSG.ultimaSi
          : MSG.ultimaNo(fechaTexto(v.ultimaEmitida ?? ""), v.ultimaCodigo),
    deLaPagina: pagina === null ? null : fila !== null && hashCodigo(pagina) === fila.codigoHash,
    noAutorizados: v.noAutorizados,
  };
}

/** The one verdict: the issued file's digest first, then the seal. */
export function veredictoDe(
  sello: ComprobacionConstancia["sello"],
  emision: ComprobacionConstancia["emision"],
  desactualizada: boolean,
): ComprobacionConstancia["veredicto"] {
  if (emision === "emitida") return desactualizada ? "desactualizada" : "emitida";
  if (emision === "anterior") return "anterior";
  if (sello === "ajeno") return "ajena";
  if (emision === "distinta") return "distinta";
  if (sello === "alterado") return "alterada";
  if (sello === "ausente") return "sinSello";
  return "desconocida";
}

/** The officials a constancia names who are not authorised today (the public page's standing). */
async function funcionariosNoAutorizados(
  db: Db,
  idSolicitud: number,
  ids: number[],
  reloj: Reloj,
  diasAviso: number,
): Promise<ComprobacionConstancia["noAutorizados"]> {
  const [funcionarios, solicitud] = await Promise.all([
    repo.funcionariosConstancia(db, idSolicitud, ids),
    repo.solicitudConstancia(db, idSolicitud),
  ]);
  const periodos = await periodosPorFuncionario(
    db,
    funcionarios.map((f) => f.idFuncionario),
  );
  const hoy = fechaLocal(reloj());
  const lista: ComprobacionConstancia["noAutorizados"] = [];
  for (const f of funcionarios) {
    const publico = mapFuncionarioConstancia(
      {
        ...f,
        montoDesde: numeroONulo(f.montoDesde),
        montoHasta: numeroONulo(f.montoHasta),
        firmas: [],
        estatusSolicitud: solicitud?.estatus ?? 0,
        periodos: periodos.get(f.idFuncionario) ?? [],
      },
      hoy,
      diasAviso,
    );
    if (publico.estado === "vigente" || publico.estado === "porVencer") continue;
    lista.push({
      nombres: publico.nombres,
      apellidos: publico.apellidos,
      cedula: publico.cedula,
      estado: publico.estado,
      estadoTexto: publico.estadoTexto,
    });
  }
  return lista;
}
