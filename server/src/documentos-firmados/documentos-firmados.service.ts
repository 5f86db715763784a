/**
 * "Verificar documento" (issue 38): the engine (`firma/`) reads the signatures of a signed PDF or a
 * detached CMS against the configured trust; this service asks the registry about each signer —
 * the same decision as "Verificar firma", on the signature's date — applies the joint-signature
 * rule, and records the answer under a report code (its sealed PDF: informe.service.ts).
 */
import { CEDULA_REGEX, type ConsultaDocumento, MSG, type VerificacionDocumento } from "@registro/contracts";
import type { Db } from "../db/client.js";
import type { Llamante } from "../llamante/peticion.js";
import { ValidacionCampo } from "../shared/errors.js";
import { fechaLocal, type Reloj } from "../shared/tiempo.js";
import { nombreFirma } from "../verificacion/verificacion.repository.js";
import { hashCodigo, nuevoCodigo, verificarFirma } from "../verificacion/verificacion.service.js";
import * as autoridades from "./autoridades.repository.js";
import { atributoCedula } from "./autoridades.service.js";
import * as repo from "./documentos-firmados.repository.js";
import type { AnalisisFirma, AnalizarDocumento, EntradaAnalisis } from "./firma/tipos.js";
import { cedulaRegistro, firmaVerificada, type RegistroFirmante, veredictoDocumento } from "./veredicto.js";

export interface Verificador {
  llamante: Llamante;
  idUsuario: number | null;
  idClave: number | null;
}

export interface ArchivosDocumento {
  documento: Buffer;
  firmaSeparada?: Buffer;
}

/** The engine and how it reaches the network: injected, so that tests may serve their own CRLs. */
export interface Motor {
  analizar: AnalizarDocumento;
  obtener?: EntradaAnalisis["obtener"];
}

/** The registry's answer for one signature's signer, on the day it signed. */
async function registroDe(
  db: Db,
  v: Verificador,
  a: AnalisisFirma,
  c: ConsultaDocumento,
  reloj: Reloj,
): Promise<RegistroFirmante> {
  const fecha = fechaLocal(new Date(a.momento.fecha));
  const digitos = a.certificado.cedula;
  if (digitos === null)
    return { cedula: null, fecha, autorizado: null, motivo: MSG.firmaSinCedula, nombre: null, cargo: null };
  const cedula = cedulaRegistro(digitos);
  // The format only: a number that fails the check digit is simply not in the registry.
  if (!CEDULA_REGEX.test(cedula))
    return { cedula, fecha, autorizado: null, motivo: MSG.firmaCedulaInvalida(digitos), nombre: null, cargo: null };
  const r = await verificarFirma(
    db,
    v.llamante,
    { cedula, institucion: c.InstitucionId, idFirma: c.TipoFirmaId, monto: c.Monto, fecha },
    reloj,
  );
  const e = r.registros[0];
  return {
    cedula,
    fecha,
    autorizado: r.autorizado,
    motivo: r.motivo,
    nombre: e ? `${e.nombres} ${e.apellidos}` : null,
    cargo: e ? e.cargo : null,
  };
}

/** POST api/Verificacion/Documento */
export async function verificarDocumento(
  db: Db,
  v: Verificador,
  archivos: ArchivosDocumento,
  c: ConsultaDocumento,
  reloj: Reloj,
  motor: Motor,
): Promise<VerificacionDocumento> {
  const institucion = await autoridades.nombreInstitucion(db, c.InstitucionId);
  if (institucion === null) throw ValidacionCampo("InstitucionId", MSG.institucionNoExiste);
  const firma = c.TipoFirmaId === undefined ? null : await nombreFirma(db, c.TipoFirmaId);
  if (c.TipoFirmaId !== undefined && firma === null) throw ValidacionCampo("TipoFirmaId", MSG.firmaNoExiste);
  const [anclas, crls, atributo, minimo] = await Promise.all([
    autoridades.anclasActivas(db),
    autoridades.crlsActivas(db),
    atributoCedula(db),
    autoridades.minimoConjunto(db, c.InstitucionId, c.TipoFirmaId ?? null),
  ]);
  const ahora = reloj();
  const analisis = await motor.analizar({
    documento: archivos.documento,
    firmaSeparada: archivos.firmaSeparada,
    anclas,
    crls,
    obtener: motor.obtener,
    atributoCedula: atributo,
    ahora,
  });
  const firmas = [];
  for (const a of analisis.firmas) firmas.push(firmaVerificada(a, await registroDe(db, v, a, c, reloj)));
  const codigo = nuevoCodigo();
  const resultado: VerificacionDocumento = {
    tipo: analisis.tipo,
    sha256: analisis.sha256,
    institucion: { idInstitucion: c.InstitucionId, nombre: institucion },
    firma: c.TipoFirmaId !== undefined && firma !== null ? { idFirma: c.TipoFirmaId, nombre: firma } : null,
    monto: c.Monto ?? null,
    firmas,
    documento: veredictoDocumento(firmas, minimo),
    verificadoEl: ahora.toISOString(),
    codigo,
  };
  await repo.insertarInforme(db, {
    codigoHash: hashCodigo(codigo),
    // The code is the reader's secret: the record keeps its hash only.
    resultado: { ...resultado, codigo: "" },
    firmadoPorAutorizados: resultado.documento.firmadoPorAutorizados,
    idUsuario: v.idUsuario,
    idClave: v.idClave,
    emitido: ahora,
  });
  return resultado;
}
