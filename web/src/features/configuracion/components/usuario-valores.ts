/** The user dialog's values (UsuarioDialog.tsx): its fields, named as the API names them, and its schema. */
import { MSG, type Usuario, zUsuarioCrearBody } from "@registro/contracts";

/** The form's fields, named as the API names them (its errors land on them as they come). */
export interface Formulario {
  Cedula: string;
  Nombre: string;
  Apellido: string;
  IdPerfil: number | null;
  Usuario: string;
  Email: string;
  UExterno: boolean;
  IdInst: number | null;
  Activo: boolean;
}
export const CAMPOS = [
  "Cedula",
  "Nombre",
  "Apellido",
  "IdPerfil",
  "Usuario",
  "Email",
  "UExterno",
  "IdInst",
  "Activo",
] as const satisfies readonly (keyof Formulario)[];

export const VACIO: Formulario = {
  Cedula: "",
  Nombre: "",
  Apellido: "",
  IdPerfil: null,
  Usuario: "",
  Email: "",
  UExterno: false,
  IdInst: null,
  Activo: true,
};

export function desdeUsuario(u: Usuario): Formulario {
  return {
    Cedula: u.cedula,
    Nombre: u.nombre,
    Apellido: u.apellido,
    IdPerfil: u.idPerfil,
    Usuario: u.usuario,
    Email: u.email,
    UExterno: u.uExterno,
    IdInst: u.idInst,
    Activo: u.activo,
  };
}

// The API's schema, and the institution an external user needs (the service's rule).
export const esquema = zUsuarioCrearBody.superRefine((u, ctx) => {
  if (u.UExterno && !u.IdInst) ctx.addIssue({ code: "custom", path: ["IdInst"], message: MSG.requerido });
});
