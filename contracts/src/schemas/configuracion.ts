/**
 * Configuration calls (SPEC.md §7 "Maintenance", screens 19–22): users, profiles, institutions,
 * positions (their audit log is schemas/auditoria.ts). Request keys are the PascalCase names the error
 * dictionary uses (SPEC.md §5: Cedula, IdPerfil, Usuario, Nombre, Direccion, Telefono, Tipo…);
 * binding is case-insensitive, so `nombre`/`tipo` bodies land on the same keys.
 */
import { z } from "zod";
import { MSG } from "../mensajes.js";
import { ID_MAX, zBool, zCedula, zEmail, zExt, zTelefono, zTelefonoOpcional } from "../validacion.js";

/** Forms send null, "" or 0 for "nothing chosen"; all mean absent. Numeric strings become numbers. */
function idCrudo(v: unknown): unknown {
  if (v === null || v === "" || v === 0 || v === "0") return undefined;
  if (typeof v === "string" && /^\s*\d+\s*$/.test(v)) return Number(v);
  return v;
}

const zIdNumero = z
  .number({ error: (iss) => (iss.input === undefined ? MSG.requerido : MSG.numeroInvalido) })
  .int(MSG.numeroInvalido)
  .positive(MSG.numeroInvalido)
  // Ids are PostgreSQL integers: a larger number is bad input, not a database error.
  .max(ID_MAX, MSG.numeroInvalido);

/** A required id (a dropdown's value, a record's key). */
export const zIdRequerido = z.preprocess(idCrudo, zIdNumero);
/** An id that may be left empty. */
export const zIdOpcional = z.preprocess(idCrudo, zIdNumero.optional());

/** Required text: missing, null or blank all read "Este campo es obligatorio.". */
const zObligatorio = (max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string({ error: MSG.requerido }).trim().min(1, MSG.requerido).max(max, MSG.textoLargo(max)),
  );

/** Optional text: null and missing become "". */
const zOpcional = (max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({ error: MSG.textoLargo(max) })
      .trim()
      .max(max, MSG.textoLargo(max))
      .default(""),
  );

/** Text fields some clients send as numbers (extensions) or null. */
const comoTexto = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === null ? undefined : typeof v === "number" ? String(v) : v), schema);

/**
 * A list of ids sent as `[3, 5]`, `["3"]` or `[{ idVista: 3 }]` (objects with `permiso: false` are
 * left out: some clients send every view with its flag). Anything unreadable fails on the list's
 * own key with `mensaje`, never on `Lista.0`.
 */
const zListaIds = (claveObjeto: string, mensaje: string) =>
  z.preprocess(
    (v) => {
      if (!Array.isArray(v)) return v;
      const out: number[] = [];
      for (const item of v) {
        let valor: unknown = item;
        if (item !== null && typeof item === "object") {
          const entradas = Object.entries(item as Record<string, unknown>);
          const permiso = entradas.find(([k]) => k.toLowerCase() === "permiso")?.[1];
          if (permiso === false) continue;
          valor = entradas.find(([k]) => k.toLowerCase() === claveObjeto.toLowerCase())?.[1];
        }
        const n = typeof valor === "string" && /^\s*\d+\s*$/.test(valor) ? Number(valor) : valor;
        out.push(typeof n === "number" && Number.isInteger(n) && n > 0 && n <= ID_MAX ? n : -1);
      }
      return [...new Set(out)];
    },
    z.array(z.number(), { error: mensaje }).refine((ids) => ids.every((n) => n > 0), mensaje),
  );

// ---------------------------------------------------------------- Users (screen 19)

export const USUARIO_REGEX = /^[A-Za-z0-9._@-]{3,50}$/;

const zNombreUsuario = z.preprocess(
  (v) => (v === null ? undefined : v),
  z.string({ error: MSG.requerido }).trim().min(1, MSG.requerido).regex(USUARIO_REGEX, MSG.usuarioFormato),
);

/** POST api/Usuarios. */
export const zUsuarioCrearBody = z.object({
  Cedula: z.preprocess((v) => (v === null ? undefined : v), zCedula),
  Nombre: zObligatorio(100),
  Apellido: zObligatorio(100),
  IdPerfil: zIdRequerido,
  Usuario: zNombreUsuario,
  Email: z.preprocess((v) => (v === null ? undefined : v), zEmail),
  UExterno: zBool.default(false),
  IdInst: zIdOpcional,
});
export type UsuarioCrearBody = z.infer<typeof zUsuarioCrearBody>;

/** PUT api/Usuarios: the same fields plus the key and the active flag. */
export const zUsuarioEditarBody = zUsuarioCrearBody.extend({
  IdUsuario: zIdRequerido,
  Activo: zBool.default(true),
});
export type UsuarioEditarBody = z.infer<typeof zUsuarioEditarBody>;

/** GET api/Usuarios items. `institucion` is the comptroller body's name for internal users. */
export const zUsuario = z.object({
  idUsuario: z.number(),
  usuario: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  cedula: z.string(),
  email: z.string(),
  idPerfil: z.number(),
  perfil: z.string(),
  uExterno: z.boolean(),
  idInst: z.number().nullable(),
  institucion: z.string(),
  activo: z.boolean(),
  /** Locked after failed sign-ins; the password reset unlocks. */
  bloqueado: z.boolean(),
});
export type Usuario = z.infer<typeof zUsuario>;

/** POST api/Usuarios data: the one-time temporary password, shown once. */
export const zUsuarioCreado = z.object({ idUsuario: z.number(), usuario: z.string(), password: z.string() });
export type UsuarioCreado = z.infer<typeof zUsuarioCreado>;

/** PUT api/Usuarios/ResetPassword/{idUsuario} data. */
export const zClaveTemporal = z.object({ password: z.string() });
export type ClaveTemporal = z.infer<typeof zClaveTemporal>;

export const zParamsUsuario = z.object({ idUsuario: zIdRequerido });

// ---------------------------------------------------------------- Profiles (screen 20)

/** One view of a profile. `permiso` is true for a profile's views, false in the GetVistas catalogue. */
export const zVistaPerfil = z.object({
  idVista: z.number(),
  nombre: z.string(),
  url: z.string(),
  permiso: z.boolean(),
});
export type VistaPerfil = z.infer<typeof zVistaPerfil>;

/** GET api/Perfiles/GetVistas items: every view with its module, for the pick list. */
export const zVistaDisponible = zVistaPerfil.extend({ idModulo: z.number(), modulo: z.string() });
export type VistaDisponible = z.infer<typeof zVistaDisponible>;

/** GET api/Perfiles items. */
export const zPerfil = z.object({
  idPerfil: z.number(),
  nombre: z.string(),
  descripcion: z.string(),
  porDefecto: z.boolean(),
  cantPermisos: z.number(),
  /** Users holding the profile (a profile in use cannot be deleted). */
  cantUsuarios: z.number(),
  /** Of them, external users: the profile then cannot hold the comptroller's views (VISTAS_INTERNAS). */
  cantUsuariosExternos: z.number(),
  vistas: z.array(zVistaPerfil),
  /** Its users must hold a second factor. */
  requiereSegundoFactor: z.boolean(),
});
export type Perfil = z.infer<typeof zPerfil>;

/** POST api/Perfiles: at least one view. */
export const zPerfilCrearBody = z.object({
  Nombre: zObligatorio(100),
  Descripcion: zOpcional(500),
  PorDefecto: zBool.default(false),
  /** Absent on an edit: unchanged (clients written before it keep the profile's policy). */
  RequiereSegundoFactor: zBool.optional(),
  Vistas: z.preprocess(
    (v) => (v === null ? undefined : v),
    zListaIds("idVista", MSG.vistaNoExiste)
      .optional()
      .refine((ids) => ids !== undefined && ids.length > 0, MSG.perfilSinVistas),
  ),
});
export type PerfilCrearBody = z.infer<typeof zPerfilCrearBody>;

/** PUT api/Perfiles?idPerfil=: `Vistas` null (or absent) leaves the profile's views unchanged. */
export const zPerfilEditarBody = zPerfilCrearBody.extend({
  Vistas: zListaIds("idVista", MSG.vistaNoExiste)
    .nullable()
    .optional()
    .refine((ids) => ids === null || ids === undefined || ids.length > 0, MSG.perfilSinVistas),
});
export type PerfilEditarBody = z.infer<typeof zPerfilEditarBody>;

export const zQueryPerfil = z.object({ idPerfil: zIdRequerido });

// ---------------------------------------------------------------- Institutions (screen 21)

/** POST and PUT api/Instituciones. PUT names the institution by IdInstitucionFirma or IdUsuario. */
export const zInstitucionBody = z.object({
  IdInstitucionFirma: zIdOpcional,
  IdUsuario: zIdOpcional,
  Nombre: zObligatorio(200),
  Estructura: zOpcional(200),
  Direccion: zObligatorio(300),
  Telefono: comoTexto(zTelefono),
  Ext: comoTexto(zExt),
  Telefono2: comoTexto(zTelefonoOpcional),
  Ext2: comoTexto(zExt),
  Estatus: zBool.default(true),
  SelectedCargos: z.preprocess((v) => (v === null ? undefined : v), zListaIds("id", MSG.cargoNoExiste).default([])),
});
export type InstitucionBody = z.infer<typeof zInstitucionBody>;

/** GET api/Instituciones items. `idUsuario` repeats the institution's id: SPEC's table key. */
export const zInstitucion = z.object({
  idUsuario: z.number(),
  idInstitucionFirma: z.number(),
  nombre: z.string(),
  estructura: z.string(),
  direccion: z.string(),
  telefono: z.string(),
  ext: z.string(),
  telefono2: z.string(),
  ext2: z.string(),
  estatus: z.boolean(),
  selectedCargos: z.array(z.number()),
  cantCargos: z.number(),
});
export type Institucion = z.infer<typeof zInstitucion>;

export const zInstitucionGuardada = z.object({ idInstitucionFirma: z.number() });

// ---------------------------------------------------------------- Positions (screen 22)

export const TIPOS_CARGO = [
  { value: 1, label: "Incumbente" },
  { value: 2, label: "Funcionario" },
] as const;

/** POST api/Usuarios/CrearCargo {id, nombre, descripcion, tipo, estatus}; errors on Nombre and Tipo. */
export const zCargoCrearBody = z.object({
  Id: zIdOpcional,
  Nombre: zObligatorio(100),
  Descripcion: zOpcional(300),
  Tipo: z.preprocess(
    idCrudo,
    z.union([z.literal(1), z.literal(2)], {
      error: (iss) => (iss.input === undefined ? MSG.requerido : MSG.cargoTipo),
    }),
  ),
  /** 1 active, 0 inactive (booleans accepted). */
  Estatus: zBool.default(true),
});
export type CargoCrearBody = z.infer<typeof zCargoCrearBody>;

/** PUT api/Usuarios/EditarCargo: the same body with its id. */
export const zCargoEditarBody = zCargoCrearBody.extend({ Id: zIdRequerido });
export type CargoEditarBody = z.infer<typeof zCargoEditarBody>;

/** GET api/Usuarios/CargosActivos items: every position, active or not. */
export const zCargo = z.object({
  id: z.number(),
  nombre: z.string(),
  descripcion: z.string(),
  /** 1 Incumbente, 2 Funcionario. */
  tipo: z.number(),
  /** 1 active, 0 inactive. */
  estatus: z.number(),
});
export type Cargo = z.infer<typeof zCargo>;

export const zQueryBorrarCargo = z.object({ idcargo: zIdRequerido });
