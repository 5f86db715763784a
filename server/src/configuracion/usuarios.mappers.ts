/** Users as the API returns them (SPEC.md §3 Usuario). */
import { MSG, type Usuario } from "@registro/contracts";
import type { FilaUsuario } from "./usuarios.repository.js";

export function aUsuario(r: FilaUsuario): Usuario {
  return {
    idUsuario: r.idUsuario,
    usuario: r.usuario,
    nombre: r.nombre,
    apellido: r.apellido,
    cedula: r.cedula,
    email: r.email,
    idPerfil: r.idPerfil,
    perfil: r.perfil,
    uExterno: r.externo,
    idInst: r.externo ? r.idInstitucion : null,
    institucion: r.externo ? (r.institucion ?? "") : MSG.contraloria,
    activo: r.activo,
    bloqueado: r.bloqueado,
  };
}
