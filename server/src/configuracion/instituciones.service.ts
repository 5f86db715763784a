/**
 * Institutions maintenance (screen 21): name, structure, address, phones and the positions the
 * institution uses (which narrow its originators' position lists). Every change is audited.
 */
import { type InstitucionBody, MSG } from "@registro/contracts";
import { auditar } from "../auditoria/cadena.js";
import type { Db, Tx } from "../db/client.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { ErroresCampo, NoEncontrado, ValidacionCampo } from "../shared/errors.js";
import { aInstitucion } from "./instituciones.mappers.js";
import * as repo from "./instituciones.repository.js";
import { conUnicidad } from "./unicidad.js";

export async function listarInstituciones(db: Db) {
  const [lista, cargos] = await Promise.all([repo.listarInstituciones(db), repo.cargosDeInstituciones(db)]);
  return lista.map((i) =>
    aInstitucion(
      i,
      cargos.filter((c) => c.idInstitucion === i.idInstitucion).map((c) => c.idCargo),
    ),
  );
}

async function validar(tx: Tx, body: InstitucionBody, excepto: number | null) {
  const errores = new ErroresCampo();
  if (await repo.nombreEnUso(tx, body.Nombre, excepto)) errores.add("Nombre", MSG.institucionDuplicada);
  const existentes = await repo.cargosExistentes(tx, body.SelectedCargos);
  if (existentes.length !== body.SelectedCargos.length) errores.add("SelectedCargos", MSG.cargoNoExiste);
  errores.throwIfAny();
}

function datos(body: InstitucionBody): repo.DatosInstitucion {
  return {
    nombre: body.Nombre,
    estructura: body.Estructura,
    direccion: body.Direccion,
    telefono: body.Telefono,
    ext: body.Ext,
    telefono2: body.Telefono2,
    ext2: body.Ext2,
    estatus: body.Estatus,
  };
}

/** The institution as the audit log keeps it: its data plus its positions by name. */
async function foto(tx: Tx, idInstitucion: number) {
  const fila = await repo.buscarInstitucion(tx, idInstitucion);
  if (!fila) return null;
  const ids = (await repo.cargosDeInstituciones(tx, idInstitucion)).map((c) => c.idCargo);
  return { ...aInstitucion(fila, ids), cargos: await repo.nombresDeCargos(tx, ids) };
}

export async function crearInstitucion(db: Db, sesion: SesionUsuario, body: InstitucionBody) {
  return conUnicidad(() =>
    db.transaction(async (tx) => {
      await validar(tx, body, null);
      const id = await repo.insertarInstitucion(tx, datos(body));
      await repo.reemplazarCargos(tx, id, body.SelectedCargos);
      await auditar(tx, {
        idUsuario: sesion.idUsuario,
        entidad: "Institucion",
        idEntidad: id,
        accion: "crear",
        antes: null,
        despues: await foto(tx, id),
      });
      return { success: true, message: MSG.institucionCreada, data: { idInstitucionFirma: id } };
    }),
  );
}

export async function editarInstitucion(db: Db, sesion: SesionUsuario, body: InstitucionBody) {
  const id = body.IdInstitucionFirma ?? body.IdUsuario;
  if (id === undefined) throw ValidacionCampo("IdInstitucionFirma", MSG.requerido);
  return conUnicidad(() =>
    db.transaction(async (tx) => {
      const antes = await foto(tx, id);
      if (!antes) throw NoEncontrado(MSG.institucionNoEncontrada);
      await validar(tx, body, id);
      await repo.actualizarInstitucion(tx, id, datos(body));
      await repo.reemplazarCargos(tx, id, body.SelectedCargos);
      await auditar(tx, {
        idUsuario: sesion.idUsuario,
        entidad: "Institucion",
        idEntidad: id,
        accion: "editar",
        antes,
        despues: await foto(tx, id),
      });
      return { success: true, message: MSG.institucionActualizada, data: { idInstitucionFirma: id } };
    }),
  );
}
