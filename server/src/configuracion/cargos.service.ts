/**
 * Positions maintenance (screen 22): incumbents' (tipo 1) and officials' (tipo 2) positions. A
 * position that any incumbent, official or institution uses is deactivated instead of deleted, so
 * history keeps its name; its type cannot change while incumbents or officials hold it.
 */
import { type CargoCrearBody, type CargoEditarBody, MSG } from "@registro/contracts";
import { auditar as auditarEntrada } from "../auditoria/cadena.js";
import type { Db, Tx } from "../db/client.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { ErroresCampo, NoEncontrado, ValidacionCampo } from "../shared/errors.js";
import { aCargo } from "./cargos.mappers.js";
import * as repo from "./cargos.repository.js";
import { conUnicidad } from "./unicidad.js";

export async function listarCargos(db: Db) {
  return (await repo.listarCargos(db)).map(aCargo);
}

function datos(body: CargoCrearBody): repo.DatosCargo {
  return { nombre: body.Nombre, descripcion: body.Descripcion, tipo: body.Tipo, estatus: body.Estatus };
}

export async function crearCargo(db: Db, sesion: SesionUsuario, body: CargoCrearBody) {
  return conUnicidad(() =>
    db.transaction(async (tx) => {
      if (await repo.nombreEnUso(tx, body.Nombre, null)) throw ValidacionCampo("Nombre", MSG.cargoDuplicado);
      const id = await repo.insertarCargo(tx, datos(body));
      await auditar(tx, sesion, id, "crear", null);
      return { success: true, message: MSG.cargoCreado };
    }),
  );
}

export async function editarCargo(db: Db, sesion: SesionUsuario, body: CargoEditarBody) {
  return conUnicidad(() =>
    db.transaction(async (tx) => {
      const actual = await repo.buscarCargo(tx, body.Id);
      if (!actual) throw NoEncontrado(MSG.cargoNoEncontrado);
      const errores = new ErroresCampo();
      if (await repo.nombreEnUso(tx, body.Nombre, body.Id)) errores.add("Nombre", MSG.cargoDuplicado);
      if (body.Tipo !== actual.tipo) {
        const usos = await repo.usosDeCargo(tx, body.Id);
        if (usos.incumbentes + usos.funcionarios > 0) errores.add("Tipo", MSG.cargoTipoEnUso);
      }
      errores.throwIfAny();
      await repo.actualizarCargo(tx, body.Id, datos(body));
      await auditar(tx, sesion, body.Id, "editar", actual);
      return { success: true, message: MSG.cargoActualizado };
    }),
  );
}

export async function borrarCargo(db: Db, sesion: SesionUsuario, idCargo: number) {
  return db.transaction(async (tx) => {
    const actual = await repo.buscarCargo(tx, idCargo);
    if (!actual) throw NoEncontrado(MSG.cargoNoEncontrado);
    const usos = await repo.usosDeCargo(tx, idCargo);
    if (usos.incumbentes + usos.funcionarios + usos.instituciones > 0) {
      await repo.actualizarCargo(tx, idCargo, { estatus: false });
      await auditar(tx, sesion, idCargo, "desactivar", actual);
      return { success: true, message: MSG.cargoDesactivado };
    }
    await repo.eliminarCargo(tx, idCargo);
    await auditarEntrada(tx, {
      idUsuario: sesion.idUsuario,
      entidad: "Cargo",
      idEntidad: idCargo,
      accion: "eliminar",
      antes: aCargo(actual),
      despues: null,
    });
    return { success: true, message: MSG.cargoEliminado };
  });
}

/** Audits a change with the position as it is now in the transaction. */
async function auditar(
  tx: Tx,
  sesion: SesionUsuario,
  idCargo: number,
  accion: "crear" | "editar" | "desactivar",
  antes: repo.FilaCargo | null,
) {
  const despues = await repo.buscarCargo(tx, idCargo);
  await auditarEntrada(tx, {
    idUsuario: sesion.idUsuario,
    entidad: "Cargo",
    idEntidad: idCargo,
    accion,
    antes: antes ? aCargo(antes) : null,
    despues: despues ? aCargo(despues) : null,
  });
}
