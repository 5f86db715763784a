/**
 * Officials of a request (SPEC.md §3 Funcionario, §7; DESIGN.md §4 and §6): the originator adds,
 * edits and deletes them while the request is editable (202/108) or active (106, officials then
 * wait to be sent with EnviarFuncionario); everyone who reads a request reads its officials, with
 * "in force" computed at read time. Writes are one transaction each, gated by the workflow.
 */
import {
  type Accion,
  ESTATUS,
  ESTATUS_FUNCIONARIO,
  type Funcionario,
  type FuncionarioForm,
  type GrupoFirmasFuncionario,
  MSG,
  type RespuestaSimple,
  zFuncionarioForm,
} from "@registro/contracts";
import * as adjuntosRepo from "../archivos/adjuntos.repository.js";
import { type ArchivoListo, prepararDocumentos } from "../archivos/archivos.js";
import { camposDe, type FormularioMultipart, validarCampos } from "../archivos/multipart.js";
import type { Db, Tx } from "../db/client.js";
import { asegurarAlcance, asegurarEnviada } from "../llamante/alcance.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { ErroresCampo, NoEncontrado, Regla } from "../shared/errors.js";
import { solicitudVisible } from "../solicitudes/lectura.service.js";
import { mapFuncionario, mapGruposFirmas } from "../solicitudes/mappers.js";
import { cargoValido } from "../solicitudes/originador.repository.js";
import { completarNombres, idDelFormulario } from "../solicitudes/originador.service.js";
import { exigirFechasDeFuncionario } from "../solicitudes/renovacion.service.js";
import { aplicarTransicion } from "../solicitudes/transiciones.service.js";
import { periodosPorFuncionario } from "../verificacion/periodos.js";
import * as repo from "./funcionarios.repository.js";

/** Active requests take new officials (`agregarFuncionarios`); editable ones change them (`guardar`). */
function accionPara(estatus: number): Accion {
  return estatus === ESTATUS.ACTIVA ? "agregarFuncionarios" : "guardar";
}

export interface FuncionarioGuardado {
  success: boolean;
  message: string;
  data: { idFuncionario: number; idSolicitud: number };
}

interface Validado {
  datos: FuncionarioForm;
  documentos: ArchivoListo[];
}

async function validarFuncionario(
  tx: Tx,
  form: FormularioMultipart,
  solicitud: { idSolicitud: number; idInstitucion: number },
  opciones: { crear: boolean; idFuncionario: number | null },
): Promise<Validado> {
  const errores = new ErroresCampo();
  const campos = camposDe(zFuncionarioForm, form.campos);
  await completarNombres(tx, campos);
  const datos = validarCampos(zFuncionarioForm, campos, errores);
  const documentos = await prepararDocumentos(form, errores, opciones.crear);
  if (datos) {
    if (!(await cargoValido(tx, datos.CodCargo, 2, solicitud.idInstitucion))) {
      errores.add("CodCargo", MSG.cargoInvalido);
    }
    if ((await repo.firmasExistentes(tx, datos.SelectedFirms)) !== datos.SelectedFirms.length) {
      errores.add("SelectedFirms", MSG.firmaInvalida);
    }
    if (await repo.cedulaEnSolicitud(tx, solicitud.idSolicitud, datos.Cedula, opciones.idFuncionario)) {
      errores.add("Cedula", MSG.cedulaFuncionarioDuplicada);
    }
  }
  errores.throwIfAny();
  return { datos: datos!, documentos };
}

function filaDe(d: FuncionarioForm) {
  return {
    cedula: d.Cedula,
    nombres: d.Nombres,
    apellidos: d.Apellidos,
    codCargo: d.CodCargo,
    telefono: d.Telefono,
    comentario: d.Comentario,
    firmaDigital: d.ffirmaDigital,
    firmaVigencia: d.firmaVigencia,
    firmaRango: d.firmaRango,
    // A permanent signature has no dates, an unlimited one no amounts, whatever the form sent.
    fechaDesde: d.firmaVigencia ? (d.fechaDesde ?? null) : null,
    fechaHasta: d.firmaVigencia ? (d.fechaHasta ?? null) : null,
    montoDesde: d.firmaRango && d.montoDesde !== undefined ? d.montoDesde.toFixed(2) : null,
    montoHasta: d.firmaRango && d.montoHasta !== undefined ? d.montoHasta.toFixed(2) : null,
  };
}

/** POST api/SolicitudFirma/SolicitudFuncionario: a new official (Pendiente, not yet sent) with its four documents. */
export async function crearFuncionario(
  db: Db,
  sesion: SesionUsuario,
  form: FormularioMultipart,
): Promise<FuncionarioGuardado> {
  const idSolicitud = idDelFormulario(form, "IdSolicitud");
  return db.transaction(async (tx) => {
    const s = await solicitudVisible(tx, sesion, idSolicitud);
    const v: { r?: Validado } = {};
    await aplicarTransicion(tx, idSolicitud, accionPara(s.estatus), sesion, {
      antes: async () => {
        v.r = await validarFuncionario(tx, form, s, { crear: true, idFuncionario: null });
      },
    });
    const { datos, documentos } = v.r!;
    const idFuncionario = await repo.insertarFuncionario(tx, {
      ...filaDe(datos),
      idSolicitud,
      idEstatus: ESTATUS_FUNCIONARIO.PENDIENTE,
      enviado: false,
    });
    await repo.reemplazarFirmas(tx, idFuncionario, datos.SelectedFirms);
    await adjuntosRepo.insertarAdjuntos(tx, { idSolicitud, idFuncionario }, documentos);
    return { success: true, message: MSG.funcionarioGuardado, data: { idFuncionario, idSolicitud } };
  });
}

/** Loads an official within the user's reach, or 404 as if it did not exist. */
async function funcionarioVisible(tx: Tx, sesion: SesionUsuario, idFuncionario: number) {
  const f = await repo.funcionarioConSolicitud(tx, idFuncionario);
  if (!f) throw NoEncontrado(MSG.funcionarioNoEncontrado);
  asegurarAlcance(sesion, f.idInstitucion, MSG.funcionarioNoEncontrado);
  asegurarEnviada(sesion, f.estatusSolicitud, MSG.funcionarioNoEncontrado);
  return f;
}

/**
 * A Pendiente official may change while its request is editable (202/108); on an active request
 * (106) only the ones added and not yet sent.
 */
function editable(f: { idEstatus: number; enviado: boolean }, estatusSolicitud: number): boolean {
  if (f.idEstatus !== ESTATUS_FUNCIONARIO.PENDIENTE) return false;
  return estatusSolicitud !== ESTATUS.ACTIVA || !f.enviado;
}

/**
 * PUT api/SolicitudFirma/EditSolicitudFuncionario: edits an official; only the documents sent are
 * replaced. An official of a renewal gets the renewal's date rule on its fields (`hoy`: the country's date).
 */
export async function editarFuncionario(
  db: Db,
  sesion: SesionUsuario,
  form: FormularioMultipart,
  hoy: string,
): Promise<FuncionarioGuardado> {
  const idFuncionario = idDelFormulario(form, "IdFuncionario");
  return db.transaction(async (tx) => {
    const f = await funcionarioVisible(tx, sesion, idFuncionario);
    const v: { r?: Validado } = {};
    await aplicarTransicion(tx, f.idSolicitud, accionPara(f.estatusSolicitud), sesion, {
      antes: async (s) => {
        if (!editable(f, s.estatus)) throw Regla(MSG.funcionarioNoEditable);
        v.r = await validarFuncionario(tx, form, s, { crear: false, idFuncionario });
        const fila = filaDe(v.r.datos);
        await exigirFechasDeFuncionario(
          tx,
          {
            renuevaA: f.renuevaA,
            nombre: `${fila.nombres} ${fila.apellidos}`,
            firmaVigencia: fila.firmaVigencia,
            desde: fila.fechaDesde,
            hasta: fila.fechaHasta,
          },
          hoy,
        );
      },
    });
    const { datos, documentos } = v.r!;
    await repo.actualizarFuncionario(tx, idFuncionario, filaDe(datos));
    await repo.reemplazarFirmas(tx, idFuncionario, datos.SelectedFirms);
    await adjuntosRepo.reemplazarAdjuntos(tx, { idSolicitud: f.idSolicitud, idFuncionario }, documentos);
    return { success: true, message: MSG.funcionarioGuardado, data: { idFuncionario, idSolicitud: f.idSolicitud } };
  });
}

/**
 * DELETE api/Funcionarios/DeleteFuncionario/{id}: only a Pendiente official not yet sent, of a request
 * in 202, 108 or 106; its signatures and files go with it.
 */
export async function eliminarFuncionario(
  db: Db,
  sesion: SesionUsuario,
  idFuncionario: number,
): Promise<RespuestaSimple> {
  return db.transaction(async (tx) => {
    const f = await funcionarioVisible(tx, sesion, idFuncionario);
    await aplicarTransicion(tx, f.idSolicitud, accionPara(f.estatusSolicitud), sesion, {
      antes: async () => {
        if (f.idEstatus !== ESTATUS_FUNCIONARIO.PENDIENTE || f.enviado) throw Regla(MSG.funcionarioNoEliminable);
      },
    });
    await repo.eliminarFuncionario(tx, idFuncionario);
    return { success: true, message: MSG.funcionarioEliminado };
  });
}

/** GET api/Funcionarios/GetFuncionarioSolicitud/{idSolicitud}: the officials, numbered from 1. */
export async function funcionariosDeSolicitud(
  db: Db,
  sesion: SesionUsuario,
  idSolicitud: number,
  // Avisos: today from the app's clock and EXPIRY_NOTICE_DAYS.
  vigencia: { hoy: string; diasAviso: number },
): Promise<Funcionario[]> {
  const s = await solicitudVisible(db, sesion, idSolicitud);
  const filas = await repo.funcionariosDeSolicitud(db, idSolicitud);
  const ids = filas.map((f) => f.idFuncionario);
  const [firmas, periodos] = await Promise.all([repo.firmasDe(db, ids), periodosPorFuncionario(db, ids)]);
  const contexto = {
    periodos,
    idIncumbente: s.idIncumbente,
    idInstitucion: s.idInstitucion,
    estatusSolicitud: s.estatus,
    hoy: vigencia.hoy,
    diasAviso: vigencia.diasAviso,
  };
  return filas.map((f, i) =>
    mapFuncionario(
      f,
      i + 1,
      firmas.filter((x) => x.idFuncionario === f.idFuncionario),
      contexto,
    ),
  );
}

/** GET api/Funcionarios/GetFirmasFuncionarios/{idFuncionario}: the official's signatures by type. */
export async function firmasDeFuncionario(
  db: Db,
  sesion: SesionUsuario,
  idFuncionario: number,
): Promise<GrupoFirmasFuncionario[]> {
  await funcionarioVisible(db, sesion, idFuncionario);
  return mapGruposFirmas(await repo.firmasDe(db, [idFuncionario]));
}
