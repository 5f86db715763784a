/**
 * Users maintenance (screen 19, DESIGN.md §5): create with a one-time temporary password, edit,
 * disable (ending the user's sessions at once), reset an external user's password. Every change is
 * audited in its own transaction; at least one active administrator always remains.
 */
import { MSG, type UsuarioCrearBody, type UsuarioEditarBody } from "@registro/contracts";
import { auditar } from "../auditoria/cadena.js";
import { desbloquear, revocarSesionesUsuario } from "../auth/auth.repository.js";
import { generarClaveTemporal, hashPassword } from "../auth/passwords.js";
import type { Db, Tx } from "../db/client.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { ErroresCampo, NoEncontrado, Validacion } from "../shared/errors.js";
import { bloquearAdministracion, contarAdministradoresActivos } from "./administracion.repository.js";
import { conUnicidad } from "./unicidad.js";
import { aUsuario } from "./usuarios.mappers.js";
import * as repo from "./usuarios.repository.js";

export async function listarUsuarios(db: Db) {
  return (await repo.listarUsuarios(db)).map(aUsuario);
}

/** Checks every rule that needs the database; all failures in one answer. */
async function validar(
  tx: Tx,
  body: UsuarioCrearBody,
  excepto: { idUsuario: number; idInstitucion: number | null } | null,
): Promise<repo.DatosUsuario> {
  const errores = new ErroresCampo();
  const duplicados = await repo.buscarDuplicados(
    tx,
    { usuario: body.Usuario, cedula: body.Cedula, email: body.Email },
    excepto?.idUsuario ?? null,
  );
  for (const d of duplicados) {
    if (d.usuario.toLowerCase() === body.Usuario.toLowerCase()) errores.add("Usuario", MSG.usuarioDuplicado);
    if (d.cedula === body.Cedula) errores.add("Cedula", MSG.cedulaDuplicada);
    if (d.email.toLowerCase() === body.Email.toLowerCase()) errores.add("Email", MSG.emailDuplicado);
  }
  if (!(await repo.existePerfil(tx, body.IdPerfil))) errores.add("IdPerfil", MSG.perfilNoExiste);
  let idInstitucion: number | null = null;
  if (body.UExterno) {
    if (body.IdInst === undefined) errores.add("IdInst", MSG.institucionUsuarioRequerida);
    else {
      const inst = await repo.buscarInstitucion(tx, body.IdInst);
      // An institution made inactive later does not stop editing its existing users.
      const disponible = inst && (inst.estatus || inst.idInstitucion === excepto?.idInstitucion);
      if (!disponible) errores.add("IdInst", MSG.institucionNoDisponible);
      idInstitucion = body.IdInst;
    }
  }
  errores.throwIfAny();
  return {
    usuario: body.Usuario,
    nombre: body.Nombre,
    apellido: body.Apellido,
    cedula: body.Cedula,
    email: body.Email,
    idPerfil: body.IdPerfil,
    externo: body.UExterno,
    idInstitucion,
  };
}

export async function crearUsuario(db: Db, sesion: SesionUsuario, body: UsuarioCrearBody) {
  const password = generarClaveTemporal();
  // Hashing is slow on purpose: done before the transaction so no lock waits on it.
  const passwordHash = await hashPassword(password);
  return conUnicidad(() =>
    db.transaction(async (tx) => {
      const datos = await validar(tx, body, null);
      const idUsuario = await repo.insertarUsuario(tx, { ...datos, passwordHash });
      const creado = aUsuario((await repo.buscarUsuario(tx, idUsuario))!);
      await auditar(tx, {
        idUsuario: sesion.idUsuario,
        entidad: "Usuario",
        idEntidad: idUsuario,
        accion: "crear",
        antes: null,
        despues: creado,
      });
      return {
        success: true,
        message: MSG.usuarioCreado,
        data: { idUsuario, usuario: creado.usuario, password },
      };
    }),
  );
}

export async function editarUsuario(db: Db, sesion: SesionUsuario, body: UsuarioEditarBody) {
  return conUnicidad(() =>
    db.transaction(async (tx) => {
      await bloquearAdministracion(tx);
      const actual = await repo.buscarUsuario(tx, body.IdUsuario);
      if (!actual) throw NoEncontrado(MSG.usuarioNoEncontrado);
      if (body.IdUsuario === sesion.idUsuario && !body.Activo) {
        throw Validacion({ Activo: [MSG.noDesactivarseASiMismo] });
      }
      const datos = await validar(tx, body, { idUsuario: actual.idUsuario, idInstitucion: actual.idInstitucion });
      await repo.actualizarUsuario(tx, body.IdUsuario, { ...datos, activo: body.Activo });
      if (actual.activo && !body.Activo) await revocarSesionesUsuario(tx, body.IdUsuario);
      if ((await contarAdministradoresActivos(tx)) === 0) {
        // Rolls the update back: nobody would be left to manage users and profiles.
        throw Validacion({ [body.Activo ? "IdPerfil" : "Activo"]: [MSG.ultimoAdministrador] });
      }
      const despues = aUsuario((await repo.buscarUsuario(tx, body.IdUsuario))!);
      await auditar(tx, {
        idUsuario: sesion.idUsuario,
        entidad: "Usuario",
        idEntidad: body.IdUsuario,
        accion: "editar",
        antes: aUsuario(actual),
        despues,
      });
      return { success: true, message: MSG.usuarioActualizado };
    }),
  );
}

/**
 * A one-time password for any user, internal ones included (SPEC.md screen 19 showed the button for
 * external users only; an internal user who forgets a password had no way back). It also lifts
 * every sign-in lock of the user, with its own audit entry.
 */
/**
 * "Desbloquear": lifts every sign-in lock of the user (from any address and of the whole account)
 * without touching the password, and writes it to the audit trail. A user who is not locked is told so.
 */
export async function desbloquearUsuario(db: Db, sesion: SesionUsuario, idUsuario: number) {
  return db.transaction(async (tx) => {
    const usuario = await repo.buscarUsuario(tx, idUsuario);
    if (!usuario) throw NoEncontrado(MSG.usuarioNoEncontrado);
    if (!(await desbloquear(tx, idUsuario))) return { success: false, message: MSG.usuarioNoBloqueado };
    await auditar(tx, {
      idUsuario: sesion.idUsuario,
      entidad: "Usuario",
      idEntidad: idUsuario,
      accion: "desbloquear",
      antes: { usuario: usuario.usuario, bloqueado: true },
      despues: { usuario: usuario.usuario, bloqueado: false },
    });
    return { success: true, message: MSG.usuarioDesbloqueado };
  });
}

export async function reiniciarClave(db: Db, sesion: SesionUsuario, idUsuario: number) {
  const password = generarClaveTemporal();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const usuario = await repo.buscarUsuario(tx, idUsuario);
    if (!usuario) throw NoEncontrado(MSG.usuarioNoEncontrado);
    const estabaBloqueado = await desbloquear(tx, idUsuario);
    await repo.reiniciarClave(tx, idUsuario, passwordHash);
    await revocarSesionesUsuario(tx, idUsuario);
    await auditar(tx, {
      idUsuario: sesion.idUsuario,
      entidad: "Usuario",
      idEntidad: idUsuario,
      accion: "reiniciar_clave",
      antes: { usuario: usuario.usuario },
      despues: { usuario: usuario.usuario, cambioClave: true },
    });
    if (estabaBloqueado) {
      await auditar(tx, {
        idUsuario: sesion.idUsuario,
        entidad: "Usuario",
        idEntidad: idUsuario,
        accion: "desbloquear",
        antes: { usuario: usuario.usuario, bloqueado: true },
        despues: { usuario: usuario.usuario, bloqueado: false },
      });
    }
    return { success: true, message: MSG.claveReiniciada, data: { password } };
  });
}
