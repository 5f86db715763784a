/**
 * "Autoridades de confianza": the trust anchors (CA certificates) and CRLs the signed-document check
 * uses, the joint-signature rules per institution and signature type, and the attribute that holds
 * the cédula. Every change is audited in its transaction.
 */
import {
  type AnclaConfianza,
  ATRIBUTO_CEDULA_POR_DEFECTO,
  type AutoridadesConfianza,
  type CrlConfianza,
  MSG,
  type NuevaFirmaConjunta,
} from "@registro/contracts";
import { auditar } from "../auditoria/cadena.js";
import type { Db, Tx } from "../db/client.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { NoEncontrado, Regla, ValidacionCampo } from "../shared/errors.js";
import type { Reloj } from "../shared/tiempo.js";
import { nombreFirma } from "../verificacion/verificacion.repository.js";
import * as repo from "./autoridades.repository.js";

/** The setting's key in documentos_ajustes. */
export const AJUSTE_ATRIBUTO_CEDULA = "atributo_cedula";

function mapAncla(f: repo.FilaAncla, ahora: Date): AnclaConfianza {
  return {
    ...f,
    validoDesde: f.validoDesde.toISOString(),
    validoHasta: f.validoHasta.toISOString(),
    creada: f.creada.toISOString(),
    retirada: f.retirada?.toISOString() ?? null,
    estado: f.retirada ? "retirada" : f.validoHasta < ahora ? "vencida" : "vigente",
  };
}

function mapCrl(f: repo.FilaCrl, ahora: Date): CrlConfianza {
  return {
    ...f,
    emitida: f.emitida.toISOString(),
    proxima: f.proxima?.toISOString() ?? null,
    actualizada: f.actualizada.toISOString(),
    retirada: f.retirada?.toISOString() ?? null,
    estado: f.retirada ? "retirada" : f.proxima !== null && f.proxima < ahora ? "vencida" : "vigente",
  };
}

export async function atributoCedula(tx: Tx): Promise<string> {
  return (await repo.ajuste(tx, AJUSTE_ATRIBUTO_CEDULA)) ?? ATRIBUTO_CEDULA_POR_DEFECTO;
}

/** GET api/Configuracion/AutoridadesConfianza */
export async function listar(db: Db, reloj: Reloj): Promise<AutoridadesConfianza> {
  const ahora = reloj();
  const [anclas, crls, conjuntas, atributo] = await Promise.all([
    repo.listarAnclas(db),
    repo.listarCrls(db),
    repo.listarConjuntas(db),
    atributoCedula(db),
  ]);
  return {
    anclas: anclas.map((f) => mapAncla(f, ahora)),
    crls: crls.map((f) => mapCrl(f, ahora)),
    firmasConjuntas: conjuntas,
    atributoCedula: atributo,
  };
}

/** POST …/Ancla: a CA certificate, PEM or DER, not expired, not already in use. */
export async function agregarAncla(db: Db, sesion: SesionUsuario, archivo: Buffer, campo: string, reloj: Reloj) {
  // The certificate libraries (pkijs) are loaded with the first upload, not with every start.
  const { leerCertificadoCa } = await import("./autoridades.js");
  const c = leerCertificadoCa(archivo, campo);
  if (c.validoHasta < reloj()) throw ValidacionCampo(campo, MSG.anclaVencida);
  await db.transaction(async (tx) => {
    if (await repo.anclaActivaPorSha(tx, c.sha256)) throw ValidacionCampo(campo, MSG.anclaRepetida);
    const idAncla = await repo.insertarAncla(tx, {
      sujeto: c.sujeto,
      emisor: c.emisor,
      serie: c.serie,
      validoDesde: c.validoDesde,
      validoHasta: c.validoHasta,
      sha256: c.sha256,
      der: c.der,
      idUsuario: sesion.idUsuario,
    });
    await auditar(tx, {
      entidad: "AutoridadConfianza",
      idEntidad: `ancla:${idAncla}`,
      accion: "crear",
      despues: { sujeto: c.sujeto, emisor: c.emisor, serie: c.serie, sha256: c.sha256 },
    });
  });
  return { success: true, message: MSG.anclaAgregada };
}

export async function retirarAncla(db: Db, sesion: SesionUsuario, idAncla: number, reloj: Reloj) {
  await db.transaction(async (tx) => {
    const f = await repo.ancla(tx, idAncla);
    if (!f) throw NoEncontrado(MSG.anclaNoEncontrada);
    if (!(await repo.retirarAncla(tx, idAncla, sesion.idUsuario, reloj()))) throw Regla(MSG.anclaYaRetirada);
    await auditar(tx, {
      entidad: "AutoridadConfianza",
      idEntidad: `ancla:${idAncla}`,
      accion: "retirar",
      antes: { sujeto: f.sujeto, serie: f.serie, sha256: f.sha256 },
    });
  });
  return { success: true, message: MSG.anclaRetirada };
}

/** POST …/Crl: a CRL signed by an anchor in use; a newer list of the same issuer replaces the older. */
export async function cargarCrl(db: Db, sesion: SesionUsuario, archivo: Buffer, campo: string, reloj: Reloj) {
  const { leerCrl } = await import("./autoridades.js");
  await db.transaction(async (tx) => {
    const c = await leerCrl(archivo, await repo.anclasActivas(tx), campo);
    const actual = await repo.crlActivaDe(tx, c.emisor);
    if (actual && actual.emitida > c.emitida) throw ValidacionCampo(campo, MSG.crlAnterior);
    const valores = {
      emitida: c.emitida,
      proxima: c.proxima,
      sha256: c.sha256,
      der: c.der,
      idUsuario: sesion.idUsuario,
      actualizada: reloj(),
    };
    let idCrl: number;
    if (actual) {
      idCrl = actual.idCrl;
      await repo.actualizarCrl(tx, idCrl, valores);
    } else {
      idCrl = await repo.insertarCrl(tx, { emisor: c.emisor, ...valores });
    }
    await auditar(tx, {
      entidad: "AutoridadConfianza",
      idEntidad: `crl:${idCrl}`,
      accion: actual ? "editar" : "crear",
      antes: actual ? { emitida: actual.emitida.toISOString(), sha256: actual.sha256 } : null,
      despues: {
        emisor: c.emisor,
        emitida: c.emitida.toISOString(),
        proxima: c.proxima?.toISOString() ?? null,
        sha256: c.sha256,
      },
    });
  });
  return { success: true, message: MSG.crlAgregada };
}

export async function retirarCrl(db: Db, sesion: SesionUsuario, idCrl: number, reloj: Reloj) {
  await db.transaction(async (tx) => {
    const f = await repo.crl(tx, idCrl);
    if (!f) throw NoEncontrado(MSG.crlNoEncontrada);
    if (!(await repo.retirarCrl(tx, idCrl, sesion.idUsuario, reloj()))) throw Regla(MSG.anclaYaRetirada);
    await auditar(tx, {
      entidad: "AutoridadConfianza",
      idEntidad: `crl:${idCrl}`,
      accion: "retirar",
      antes: { emisor: f.emisor, sha256: f.sha256 },
    });
  });
  return { success: true, message: MSG.crlRetirada };
}

/** POST …/FirmaConjunta: "documents of this institution and signature need N authorised signers". */
export async function guardarConjunta(db: Db, sesion: SesionUsuario, d: NuevaFirmaConjunta) {
  await db.transaction(async (tx) => {
    if ((await repo.nombreInstitucion(tx, d.idInstitucion)) === null)
      throw ValidacionCampo("idInstitucion", MSG.institucionNoExiste);
    if ((await nombreFirma(tx, d.idFirma)) === null) throw ValidacionCampo("idFirma", MSG.firmaNoExiste);
    const antes = await repo.conjunta(tx, d.idInstitucion, d.idFirma);
    await repo.guardarConjunta(tx, d.idInstitucion, d.idFirma, d.minimo, sesion.idUsuario);
    await auditar(tx, {
      entidad: "AjusteDocumentos",
      idEntidad: `conjunta:${d.idInstitucion}:${d.idFirma}`,
      accion: antes ? "editar" : "crear",
      antes,
      despues: d,
    });
  });
  return { success: true, message: MSG.conjuntaGuardada };
}

export async function eliminarConjunta(db: Db, idInstitucion: number, idFirma: number) {
  await db.transaction(async (tx) => {
    const antes = await repo.conjunta(tx, idInstitucion, idFirma);
    if (!antes || !(await repo.eliminarConjunta(tx, idInstitucion, idFirma)))
      throw NoEncontrado(MSG.conjuntaNoEncontrada);
    await auditar(tx, {
      entidad: "AjusteDocumentos",
      idEntidad: `conjunta:${idInstitucion}:${idFirma}`,
      accion: "eliminar",
      antes: { idInstitucion, idFirma, ...antes },
    });
  });
  return { success: true, message: MSG.conjuntaEliminada };
}

/** POST …/AtributoCedula: the OID of the certificate's subject attribute that holds the cédula. */
export async function guardarAtributoCedula(db: Db, sesion: SesionUsuario, oid: string) {
  await db.transaction(async (tx) => {
    const antes = await atributoCedula(tx);
    await repo.guardarAjuste(tx, AJUSTE_ATRIBUTO_CEDULA, oid, sesion.idUsuario);
    await auditar(tx, {
      entidad: "AjusteDocumentos",
      idEntidad: AJUSTE_ATRIBUTO_CEDULA,
      accion: "editar",
      antes: { oid: antes },
      despues: { oid },
    });
  });
  return { success: true, message: MSG.atributoCedulaGuardado };
}
