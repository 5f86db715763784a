/**
 * Profiles maintenance (screen 20, DESIGN.md §5): a profile is a named set of views. Users pick up
 * a change on their next call (the session guard reads views per request). A profile in use cannot
 * be deleted, and no change may leave nobody able to manage users and profiles.
 */
import {
  MSG,
  nombreVistaUsuario,
  type PerfilCrearBody,
  type PerfilEditarBody,
  VISTAS_INTERNAS,
} from "@registro/contracts";
import { auditar } from "../auditoria/cadena.js";
import type { Db, Tx } from "../db/client.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { ErroresCampo, NoEncontrado, Regla, Validacion } from "../shared/errors.js";
import {
  bloquearAdministracion,
  contarAdministradoresActivos,
  contarPerfilesAdministradores,
} from "./administracion.repository.js";
import { aPerfil, aVistaDisponible, fotoPerfil } from "./perfiles.mappers.js";
import * as repo from "./perfiles.repository.js";
import { conUnicidad } from "./unicidad.js";

export async function listarPerfiles(db: Db) {
  const [lista, vistas] = await Promise.all([repo.listarPerfiles(db), repo.vistasDePerfiles(db)]);
  return lista.map((p) =>
    aPerfil(
      p,
      vistas.filter((v) => v.idPerfil === p.idPerfil),
    ),
  );
}

export async function listarVistas(db: Db) {
  return (await repo.listarVistas(db)).map(aVistaDisponible);
}

async function validar(tx: Tx, body: PerfilCrearBody | PerfilEditarBody, excepto: number | null) {
  const errores = new ErroresCampo();
  if (await repo.nombreEnUso(tx, body.Nombre, excepto)) errores.add("Nombre", MSG.perfilDuplicado);
  if (body.Vistas) {
    const existentes = await repo.vistasExistentes(tx, body.Vistas);
    if (existentes.length !== body.Vistas.length) errores.add("Vistas", MSG.vistaNoExiste);
    // External users would get the comptroller's screens with the data refused (403): say so here.
    else if (excepto !== null && (await repo.contarUsuariosExternosDePerfil(tx, excepto)) > 0) {
      const internas = (await repo.nombresDeVistas(tx, body.Vistas)).filter((n) =>
        (VISTAS_INTERNAS as readonly string[]).includes(n),
      );
      if (internas.length > 0) errores.add("Vistas", MSG.vistasInternasPerfilExterno(internas.map(nombreVistaUsuario)));
    }
  }
  errores.throwIfAny();
}

export async function crearPerfil(db: Db, sesion: SesionUsuario, body: PerfilCrearBody) {
  return conUnicidad(() =>
    db.transaction(async (tx) => {
      await validar(tx, body, null);
      const datos = {
        nombre: body.Nombre,
        descripcion: body.Descripcion,
        porDefecto: body.PorDefecto,
        requiereSegundoFactor: body.RequiereSegundoFactor ?? false,
      };
      const idPerfil = await repo.insertarPerfil(tx, datos);
      await repo.reemplazarVistas(tx, idPerfil, body.Vistas ?? []);
      await auditar(tx, {
        idUsuario: sesion.idUsuario,
        entidad: "Perfil",
        idEntidad: idPerfil,
        accion: "crear",
        antes: null,
        despues: fotoPerfil(datos, await repo.vistasDePerfiles(tx, idPerfil)),
      });
      return { success: true, message: MSG.perfilCreado, data: { idPerfil } };
    }),
  );
}

export async function editarPerfil(db: Db, sesion: SesionUsuario, idPerfil: number, body: PerfilEditarBody) {
  return conUnicidad(() =>
    db.transaction(async (tx) => {
      await bloquearAdministracion(tx);
      const actual = await repo.buscarPerfil(tx, idPerfil);
      if (!actual) throw NoEncontrado(MSG.perfilNoEncontrado);
      await validar(tx, body, idPerfil);
      const vistasAntes = await repo.vistasDePerfiles(tx, idPerfil);
      // A client that does not send the policy leaves it as it is.
      const datos = {
        nombre: body.Nombre,
        descripcion: body.Descripcion,
        porDefecto: body.PorDefecto,
        requiereSegundoFactor: body.RequiereSegundoFactor ?? actual.requiereSegundoFactor,
      };
      await repo.actualizarPerfil(tx, idPerfil, datos);
      if (body.Vistas) {
        await repo.reemplazarVistas(tx, idPerfil, body.Vistas);
        const sinAdministracion =
          (await contarPerfilesAdministradores(tx)) === 0 || (await contarAdministradoresActivos(tx)) === 0;
        // Rolls the change back: nobody would be left to manage users and profiles.
        if (sinAdministracion) throw Validacion({ Vistas: [MSG.ultimoAdministrador] });
      }
      await auditar(tx, {
        idUsuario: sesion.idUsuario,
        entidad: "Perfil",
        idEntidad: idPerfil,
        accion: "editar",
        antes: fotoPerfil(actual, vistasAntes),
        despues: fotoPerfil(datos, await repo.vistasDePerfiles(tx, idPerfil)),
      });
      return { success: true, message: MSG.perfilActualizado };
    }),
  );
}

export async function eliminarPerfil(db: Db, sesion: SesionUsuario, idPerfil: number) {
  return db.transaction(async (tx) => {
    await bloquearAdministracion(tx);
    const actual = await repo.buscarPerfil(tx, idPerfil);
    if (!actual) throw NoEncontrado(MSG.perfilNoEncontrado);
    if ((await contarPerfilesAdministradores(tx, idPerfil)) === 0) {
      throw Validacion({ idPerfil: [MSG.ultimoPerfilAdministrador] });
    }
    const enUso = await repo.contarUsuariosDePerfil(tx, idPerfil);
    if (enUso > 0) throw Regla(MSG.perfilAsignado(enUso));
    const vistasAntes = await repo.vistasDePerfiles(tx, idPerfil);
    await repo.eliminarPerfil(tx, idPerfil);
    await auditar(tx, {
      idUsuario: sesion.idUsuario,
      entidad: "Perfil",
      idEntidad: idPerfil,
      accion: "eliminar",
      antes: fotoPerfil(actual, vistasAntes),
      despues: null,
    });
    return { success: true, message: MSG.perfilEliminado };
  });
}
