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
import { comprobantePorHash, comprobantePorPdf, fechaComprobante } from "./comprobante.service.js";
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
  let estadoSello: ComprobacionConstancia["sello"] = leido.estado === "firmado" ? "ajeno" : leido.estado;
  if (
    leido.estado === "firmado" &&
    leido.huella !== null &&
    (leido.huella === sello.huella || (await repo.selloUsado(db, leido.huella)))
  ) {
    estadoSello = "valido";
  }
  const hash = crypto.createHash("sha256").update(pdf).digest("hex");
  const impreso = codigoEnPdf(pdf);
  // The file as issued, by its digest; else the constancia of the code it prints.
  const porDigest = await repo.constanciaPorPdf(db, hash);
  const fila = porDigest ?? (impreso ? await repo.constanciaPorHash(db, hashCodigo(impreso)) : null);
  const codigo = fila && impreso && hashCodigo(impreso) === fila.codigoHash ? impreso : null;
  if (!fila) {
    // Not a constancia: perhaps a comprobante of "Verificar firma" (by its digest, else its code).
    // …or a validation report of "Verificar documento", the same way.
    const comprobante =
      (await comprobantePorPdf(db, hash)) ??
      (impreso ? await comprobantePorHash(db, hashCodigo(impreso)) : null) ??
      (await informePorPdf(db, hash)) ??
      (impreso ? await informePorHash(db, hashCodigo(impreso)) : null);
    if (comprobante) {
      const esInforme = "idInforme" in comprobante;
      const suyo = impreso && hashCodigo(impreso) === comprobante.codigoHash ? impreso : null;
      const igual = comprobante.pdfSha256 === hash;
      if (!igual && estadoSello === "valido") estadoSello = "alterado";
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
        selloValido: estadoSello === "valido",
        sello: estadoSello,
        selloTexto: {
          valido: MSG.selloValido,
          alterado: MSG.selloAlterado,
          ajeno: MSG.selloAjeno,
          ausente: MSG.selloAusente,
        }[estadoSello],
        emitidaPorRegistro: igual,
        emision: igual ? "emitida" : "distinta",
        emisionTexto: texto,
        codigo: suyo,
        idSolicitud: null,
        emitida: fechaLocal(comprobante.emitido),
        certificado: leido.sujeto,
        pruebas: estadoSello === "valido" && leido.huella === sello.huella && sello.pruebas,
        selloTiempo: leido.selloTiempo ? leido.selloTiempo.toISOString() : null,
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
  }
  let emision: ComprobacionConstancia["emision"] = "desconocida";
  let emisionTexto: string = MSG.emisionDesconocida;
  const emitida = fila ? fechaTexto(fechaLocal(fila.emitida)) : "";
  if (fila) {
    if (fila.pdfSha256 === null) {
      emision = "anterior";
      emisionTexto = MSG.emisionAnterior(emitida);
    } else if (fila.pdfSha256 === hash) {
      emision = "emitida";
      emisionTexto = MSG.emisionEmitida(fila.idSolicitud, emitida);
    } else {
      emision = "distinta";
      emisionTexto = MSG.emisionDistinta;
      // A signature that verifies over a file that is not the one issued (its unsigned bytes, the
      // signature container's padding, changed): the file was modified after it was sealed.
      if (estadoSello === "valido") estadoSello = "alterado";
    }
  }
  const textosSello = {
    valido: MSG.selloValido,
    alterado: MSG.selloAlterado,
    ajeno: MSG.selloAjeno,
    ausente: MSG.selloAusente,
  } as const;

  const pagina = codigoPagina ? normalizarCodigo(codigoPagina) : null;
  let ultima: boolean | null = null;
  let ultimaEmitida: string | null = null;
  let ultimaCodigo: string | null = null;
  let noAutorizados: ComprobacionConstancia["noAutorizados"] = [];
  if (fila && emision === "emitida") {
    const reciente = await repo.ultimaConstancia(db, fila.idSolicitud);
    ultima = reciente === null || reciente.idConstancia === fila.idConstancia;
    ultimaEmitida = fechaLocal((reciente ?? fila).emitida);
    if (ultima) ultimaCodigo = codigo;
    else if (pagina && reciente && hashCodigo(pagina) === reciente.codigoHash) ultimaCodigo = pagina;
    noAutorizados = await funcionariosNoAutorizados(db, fila.idSolicitud, fila.funcionarios, reloj, diasAviso);
  }
  const veredicto = veredictoDe(estadoSello, emision, ultima === false || noAutorizados.length > 0);
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
    selloValido: estadoSello === "valido",
    sello: estadoSello,
    selloTexto: textosSello[estadoSello],
    emitidaPorRegistro: emision === "emitida",
    emision,
    emisionTexto,
    codigo,
    idSolicitud: fila ? fila.idSolicitud : null,
    emitida: fila ? fechaLocal(fila.emitida) : null,
    certificado: leido.sujeto,
    pruebas: estadoSello === "valido" && leido.huella === sello.huella && sello.pruebas,
    selloTiempo: leido.selloTiempo ? leido.selloTiempo.toISOString() : null,
    veredicto,
    veredictoTexto: textosVeredicto[veredicto],
    ultima,
    ultimaEmitida,
    ultimaCodigo,
    ultimaTexto:
      ultima === null ? null : ultima ? MSG.ultimaSi : MSG.ultimaNo(fechaTexto(ultimaEmitida ?? ""), ultimaCodigo),
    deLaPagina: pagina === null ? null : fila !== null && hashCodigo(pagina) === fila.codigoHash,
    noAutorizados,
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
