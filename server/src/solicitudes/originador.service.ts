/**
 * The originator's writes on a request (SPEC.md §7 "Requests (originator)", DESIGN.md §4 and §6):
 * create and update it with its incumbent and documents, send it, send officials added to an active
 * one, and ask to deactivate it. Each call is one transaction: a failure leaves nothing behind.
 * Status checks go through the workflow (`aplicarTransicion`), which answers in this order: 404 out
 * of reach, 403 wrong role, refusal for the wrong status; field validation (400) comes after.
 */
import {
  CAMPO_EVIDENCIA,
  DOCUMENTOS,
  ESTATUS,
  ESTATUS_FUNCIONARIO,
  ID_MAX,
  MSG,
  type RespuestaSimple,
  type SolicitudForm,
  TIPO_EVIDENCIA,
  zInactivacionForm,
  zInfoInstitucionForm,
  zSolicitudForm,
} from "@registro/contracts";
import * as adjuntosRepo from "../archivos/adjuntos.repository.js";
import { prepararArchivo, prepararDocumentos } from "../archivos/archivos.js";
import { camposDe, type FormularioMultipart, validarCampos } from "../archivos/multipart.js";
import type { Db, Tx } from "../db/client.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { ErroresCampo, Regla, ValidacionCampo } from "../shared/errors.js";
import * as funcionariosRepo from "./funcionarios-solicitud.repository.js";
import * as repo from "./originador.repository.js";
import { exigirFechasRenovadas } from "./renovacion.service.js";
import { insertarHistorial } from "./transiciones.repository.js";
import { aplicarTransicion } from "./transiciones.service.js";

export interface SolicitudGuardada {
  success: boolean;
  message: string;
  data: { idSolicitud: number; idIncumbente: number };
}

/** The institution a new request belongs to: always the signed-in user's, never the form's. */
function institucionDelUsuario(sesion: SesionUsuario): number {
  if (!sesion.externo || sesion.idInstitucion === null) throw Regla(MSG.originadorSinInstitucion);
  return sesion.idInstitucion;
}

/**
 * Completes empty names from the padrón, like the form's look-up does, so a client that only sends
 * the cédula still files a complete incumbent or official.
 */
export async function completarNombres(tx: Tx, bloque: unknown): Promise<void> {
  if (!bloque || typeof bloque !== "object") return;
  const b = bloque as Record<string, unknown>;
  const vacio = (v: unknown) => v === undefined || (typeof v === "string" && v.trim() === "");
  if (typeof b.Cedula !== "string" || !(vacio(b.Nombres) || vacio(b.Apellidos))) return;
  const persona = await repo.personaPorCedula(tx, b.Cedula.trim());
  if (!persona) return;
  if (vacio(b.Nombres)) b.Nombres = persona.nombres;
  if (vacio(b.Apellidos)) b.Apellidos = persona.apellidos;
}

/** SPEC.md §5 names the incumbent's name error `InfoIncumbente.Nombre`: it is given under both keys. */
function reflejarNombre(errores: ErroresCampo): void {
  const e = errores.toJSON();
  for (const m of e["InfoIncumbente.Nombres"] ?? []) errores.add("InfoIncumbente.Nombre", m);
}

/**
 * Whether the form sent any of the institution's contact fields (otherwise the stored contact data
 * stays). Nombre, Estructura and IdInstitucionFirma are the institution's own and do not count.
 */
function traeContacto(campos: Record<string, unknown>): boolean {
  const b = campos.InfoInstitucion;
  if (!b || typeof b !== "object") return false;
  const contacto = Object.keys(zInfoInstitucionForm.shape);
  return Object.keys(b).some((k) => contacto.includes(k));
}

async function validarSolicitud(
  tx: Tx,
  form: FormularioMultipart,
  idInstitucion: number,
  crear: boolean,
): Promise<{ datos: SolicitudForm; documentos: Awaited<ReturnType<typeof prepararDocumentos>>; contacto: boolean }> {
  const errores = new ErroresCampo();
  const campos = camposDe(zSolicitudForm, form.campos);
  await completarNombres(tx, campos.InfoIncumbente);
  const datos = validarCampos(zSolicitudForm, campos, errores);
  const documentos = await prepararDocumentos(form, errores, crear);
  if (datos && !(await repo.cargoValido(tx, datos.InfoIncumbente.CodCargo, 1, idInstitucion))) {
    errores.add("InfoIncumbente.CodCargo", MSG.cargoInvalido);
  }
  reflejarNombre(errores);
  errores.throwIfAny();
  return { datos: datos!, documentos, contacto: traeContacto(campos) };
}

function contactoDe(d: SolicitudForm) {
  return {
    instDireccion: d.InfoInstitucion.Direccion,
    instTelefono: d.InfoInstitucion.Telefono,
    instExt: d.InfoInstitucion.Ext,
    instTelefono2: d.InfoInstitucion.Telefono2,
    instExt2: d.InfoInstitucion.Ext2,
  };
}

function incumbenteDe(d: SolicitudForm) {
  const i = d.InfoIncumbente;
  return {
    cedula: i.Cedula,
    nombres: i.Nombres,
    apellidos: i.Apellidos,
    codCargo: i.CodCargo,
    telefono: i.Telefono,
    firmaDigital: i.ifirmaDigital,
  };
}

/** POST api/SolicitudFirma/solicitud: a new request in 202 for the user's institution. */
export async function crearSolicitud(
  db: Db,
  sesion: SesionUsuario,
  form: FormularioMultipart,
): Promise<SolicitudGuardada> {
  const idInstitucion = institucionDelUsuario(sesion);
  return db.transaction(async (tx) => {
    const { datos, documentos, contacto } = await validarSolicitud(tx, form, idInstitucion, true);
    const guardado = await repo.contactoInstitucion(tx, idInstitucion);
    const contactoInicial = contacto
      ? contactoDe(datos)
      : {
          instDireccion: guardado?.direccion ?? "",
          instTelefono: guardado?.telefono ?? "",
          instExt: guardado?.ext ?? "",
          instTelefono2: guardado?.telefono2 ?? "",
          instExt2: guardado?.ext2 ?? "",
        };
    const idIncumbente = await repo.insertarIncumbente(tx, { ...incumbenteDe(datos), idInstitucion });
    const idSolicitud = await repo.insertarSolicitud(tx, {
      ...contactoInicial,
      idInstitucion,
      idIncumbente,
      estatus: ESTATUS.PENDIENTE_ENVIAR,
      comentario: datos.Comentario,
      creadoPor: sesion.idUsuario,
    });
    await adjuntosRepo.insertarAdjuntos(tx, { idSolicitud, idFuncionario: null }, documentos);
    await insertarHistorial(tx, {
      idSolicitud,
      estatus: ESTATUS.PENDIENTE_ENVIAR,
      motivoCambioEstatus: "",
      idUsuario: sesion.idUsuario,
      motivos: [],
    });
    return { success: true, message: MSG.guardadoExitoso, data: { idSolicitud, idIncumbente } };
  });
}

/** The request id a multipart form names, or 400 on `campo`. */
export function idDelFormulario(form: FormularioMultipart, campo: string): number {
  const clave = Object.keys(form.campos).find((k) => k.toLowerCase() === campo.toLowerCase());
  const valor = clave === undefined ? undefined : form.campos[clave];
  const texto = typeof valor === "number" ? String(valor) : typeof valor === "string" ? valor.trim() : "";
  if (texto === "") throw ValidacionCampo(campo, MSG.requerido);
  if (!/^\d+$/.test(texto) || Number(texto) <= 0 || Number(texto) > ID_MAX) {
    throw ValidacionCampo(campo, MSG.numeroInvalido);
  }
  return Number(texto);
}

/** PUT api/SolicitudFirma/Put: updates a request in 202/108; only the documents sent are replaced. */
export async function actualizarSolicitud(
  db: Db,
  sesion: SesionUsuario,
  form: FormularioMultipart,
): Promise<SolicitudGuardada> {
  const idSolicitud = idDelFormulario(form, "IdSolicitud");
  return db.transaction(async (tx) => {
    const v: { r?: Awaited<ReturnType<typeof validarSolicitud>>; idIncumbente?: number } = {};
    await aplicarTransicion(tx, idSolicitud, "guardar", sesion, {
      antes: async (s) => {
        v.idIncumbente = s.idIncumbente;
        v.r = await validarSolicitud(tx, form, s.idInstitucion, false);
      },
    });
    const { datos, documentos, contacto } = v.r!;
    const idIncumbente = v.idIncumbente!;
    await repo.actualizarIncumbente(tx, idIncumbente, incumbenteDe(datos));
    await repo.actualizarSolicitud(tx, idSolicitud, {
      comentario: datos.Comentario,
      ...(contacto ? contactoDe(datos) : {}),
    });
    await adjuntosRepo.reemplazarAdjuntos(tx, { idSolicitud, idFuncionario: null }, documentos);
    return { success: true, message: MSG.guardadoExitoso, data: { idSolicitud, idIncumbente } };
  });
}

/** Refuses with MSG.documentosFaltantes unless the request and each given official have all four documents. */
async function exigirDocumentos(tx: Tx, idSolicitud: number, idsFuncionario: number[]): Promise<void> {
  const presentes = new Set(
    (await adjuntosRepo.tiposPresentes(tx, idSolicitud)).map((r) => `${r.idFuncionario ?? "s"}:${r.tipoAdjunto}`),
  );
  const duenos: (number | "s")[] = ["s", ...idsFuncionario];
  const completo = duenos.every((d) => DOCUMENTOS.every((doc) => presentes.has(`${d}:${doc.tipo}`)));
  if (!completo) throw Regla(MSG.documentosFaltantes);
}

/** POST api/SolicitudFirma/EnviarSolicitud/{id}: 202/108 → 101, with ≥1 official and every document. */
export async function enviarSolicitud(
  db: Db,
  sesion: SesionUsuario,
  idSolicitud: number,
  hoy: string,
): Promise<RespuestaSimple> {
  return db.transaction(async (tx) => {
    await aplicarTransicion(tx, idSolicitud, "enviar", sesion, {
      antes: async () => {
        await exigirFechasRenovadas(tx, idSolicitud, hoy);
        const vigentes = (await funcionariosRepo.funcionariosDeSolicitud(tx, idSolicitud)).filter(
          (f) => f.idEstatus !== ESTATUS_FUNCIONARIO.INACTIVO,
        );
        if (vigentes.length === 0) throw Regla(MSG.sinFuncionariosEnviar);
        await exigirDocumentos(
          tx,
          idSolicitud,
          vigentes.map((f) => f.idFuncionario),
        );
      },
    });
    await funcionariosRepo.marcarEnviados(tx, idSolicitud);
    return { success: true, message: MSG.enviadoExitoso };
  });
}

/** POST api/SolicitudFirma/EnviarFuncionario/{id}: officials added to an active request go to review (106 → 101). */
export async function enviarFuncionarios(db: Db, sesion: SesionUsuario, idSolicitud: number): Promise<RespuestaSimple> {
  return db.transaction(async (tx) => {
    await aplicarTransicion(tx, idSolicitud, "enviarFuncionarios", sesion, {
      antes: async () => {
        const nuevos = (await funcionariosRepo.funcionariosDeSolicitud(tx, idSolicitud)).filter((f) => !f.enviado);
        if (nuevos.length === 0) throw Regla(MSG.sinFuncionariosNuevos);
        await exigirDocumentos(
          tx,
          idSolicitud,
          nuevos.map((f) => f.idFuncionario),
        );
      },
    });
    await funcionariosRepo.marcarEnviados(tx, idSolicitud);
    return { success: true, message: MSG.funcionariosEnviados };
  });
}

/**
 * POST api/SolicitudFirma/SolicitudInactivar/{id}: 106 → 203 with one evidence file (image or PDF,
 * ≤ 1,000,000 bytes, read with that limit by the route) and a justification, which is also the
 * history comment. A new evidence replaces an earlier one. `Funcionarios` (optional) names the
 * active officials it concerns; without it, the whole request.
 */
export async function solicitarInactivacion(
  db: Db,
  sesion: SesionUsuario,
  idSolicitud: number,
  form: FormularioMultipart,
): Promise<RespuestaSimple> {
  const errores = new ErroresCampo();
  const datos = validarCampos(zInactivacionForm, camposDe(zInactivacionForm, form.campos), errores);
  const justificacion = datos?.Justificacion ?? "";
  return db.transaction(async (tx) => {
    let evidencia: Awaited<ReturnType<typeof prepararArchivo>> = null;
    await aplicarTransicion(tx, idSolicitud, "solicitarInactivacion", sesion, {
      comentario: justificacion,
      funcionarios: datos?.Funcionarios ?? [],
      antes: async () => {
        const archivo = form.archivos.get(CAMPO_EVIDENCIA);
        if (!archivo) errores.add(CAMPO_EVIDENCIA, MSG.evidenciaRequerida);
        else evidencia = await prepararArchivo(archivo, TIPO_EVIDENCIA, errores);
        errores.throwIfAny();
      },
    });
    await repo.actualizarSolicitud(tx, idSolicitud, { justificacionInactivacion: justificacion });
    await adjuntosRepo.reemplazarAdjuntos(tx, { idSolicitud, idFuncionario: null }, evidencia ? [evidencia] : []);
    return { success: true, message: MSG.inactivacionSolicitada };
  });
}
