/**
 * Views (vistas): every route of SPEC.md §2 but Login and Inicio, each with its module, and the
 * default profiles (DESIGN.md §5). The server seeds these, guards every API route by view name, and
 * derives workflow roles from them; the web app builds its menu and route guard from the same names.
 *
 * Longer than 300 lines: one table of views, modules and default profiles, read whole by the seed, the
 * guard and the menu; its lightweight part (names and addresses) is already apart in vistas-rutas.ts.
 */
import { type NombreVista, URL_VISTA, V } from "./vistas-rutas.js";
import type { Rol } from "./workflow.js";

export interface Modulo {
  idModulo: number;
  nombre: string;
  iconClass: string;
}

export const MODULOS: readonly Modulo[] = [
  { idModulo: 1, nombre: "Solicitudes", iconClass: "pi pi-file-edit" },
  { idModulo: 2, nombre: "Revisión RyCC", iconClass: "pi pi-check-square" },
  { idModulo: 3, nombre: "Jurídico", iconClass: "pi pi-briefcase" },
  { idModulo: 4, nombre: "Consulta", iconClass: "pi pi-search" },
  { idModulo: 5, nombre: "Configuración", iconClass: "pi pi-cog" },
];

export interface DefinicionVista {
  idVista: number;
  nombre: string;
  /** Route pattern, as in SPEC.md §2 (`:idSolicitud` for parameters). */
  url: string;
  iconClass: string;
  idModulo: number;
  /** Shown in the main menu. */
  principal: boolean;
}

/**
 * What users read as each screen's title in the top bar and the browser's tab. The view names (V)
 * are SPEC.md §2's route names, which the API and the profiles keep as identifiers: a main-menu
 * view keeps its name (the menu item the user chose), every other screen shows its heading instead
 * of an internal name ("Detalles", "Solicitud", "Mantenimiento Usuario").
 */
export const TITULO_VISTA: Record<NombreVista, string> = {
  [V.ORIGINADOR]: V.ORIGINADOR,
  [V.SOLICITUD]: "Registrar Firma",
  [V.EDITAR_SOLICITUD]: "Registrar Firma",
  [V.NUEVO_FUNCIONARIO]: "Registrar Firma",
  [V.DETALLES_ORIGINADOR]: "Detalles de la solicitud",
  [V.ANALISTA]: V.ANALISTA,
  [V.DETALLES_ANALISTA]: "Detalles de la solicitud",
  [V.ADMINISTRADOR]: V.ADMINISTRADOR,
  [V.DETALLES_ADMINISTRADOR]: "Detalles de la solicitud",
  [V.SEGUIMIENTO]: V.SEGUIMIENTO,
  [V.DETALLES_SEGUIMIENTO]: "Detalles de la solicitud",
  [V.JURIDICO]: V.JURIDICO,
  [V.DETALLES_JURIDICO]: "Detalles de la solicitud",
  [V.HISTORICO]: V.HISTORICO,
  [V.HISTORICO_DETALLES]: "Detalles de la solicitud",
  [V.CONSULTA]: V.CONSULTA,
  [V.DETALLES_CONSULTA]: "Detalles de la firma",
  [V.CONFIGURACION]: "Configuración",
  [V.USUARIOS]: "Listado de Usuarios",
  [V.PERFILES]: "Listado de Perfiles",
  [V.INSTITUCIONES]: "Listado de Instituciones",
  [V.CARGOS]: "Listado de Cargos",
  [V.AUDITORIA]: "Auditoría",
  [V.RESPALDOS]: "Respaldos",
  [V.IMPORTAR_REGISTRO]: "Importar registro",
  [V.CLAVES_SISTEMA]: "Claves de sistema",
  [V.AUTORIDADES_CONFIANZA]: "Autoridades de confianza",
  [V.CORREOS_NO_ENVIADOS]: "Correos no enviados",
  [V.VERIFICAR_FIRMA]: "Verificar firma",
  [V.TABLERO]: "Tablero",
};

/** The view as the profile editor names it: the screen it opens, in correct Spanish. */
export const NOMBRE_VISTA_USUARIO: Record<NombreVista, string> = {
  [V.ORIGINADOR]: "Bandeja del Originador",
  [V.SOLICITUD]: "Nueva solicitud",
  [V.EDITAR_SOLICITUD]: "Editar solicitud",
  [V.NUEVO_FUNCIONARIO]: "Nuevo funcionario",
  [V.DETALLES_ORIGINADOR]: "Detalles del Originador",
  [V.ANALISTA]: "Bandeja del Analista de Revisión",
  [V.DETALLES_ANALISTA]: "Detalles del Analista RyCC",
  [V.ADMINISTRADOR]: "Bandeja del Administrador RyCC",
  [V.DETALLES_ADMINISTRADOR]: "Detalles del Administrador RyCC",
  [V.SEGUIMIENTO]: "Seguimiento de solicitudes",
  [V.DETALLES_SEGUIMIENTO]: "Detalles del Seguimiento",
  [V.JURIDICO]: "Bandeja del Analista Legal",
  [V.DETALLES_JURIDICO]: "Detalles del Analista Legal",
  [V.HISTORICO]: "Histórico",
  [V.HISTORICO_DETALLES]: "Detalles del Histórico",
  [V.CONSULTA]: "Consulta",
  [V.DETALLES_CONSULTA]: "Detalles de la firma",
  [V.CONFIGURACION]: "Configuración",
  [V.USUARIOS]: "Usuarios",
  [V.PERFILES]: "Perfiles",
  [V.INSTITUCIONES]: "Instituciones",
  [V.CARGOS]: "Cargos",
  [V.AUDITORIA]: "Auditoría",
  [V.RESPALDOS]: "Respaldos",
  [V.IMPORTAR_REGISTRO]: "Importar registro",
  [V.CLAVES_SISTEMA]: "Claves de sistema",
  [V.AUTORIDADES_CONFIANZA]: "Autoridades de confianza",
  [V.CORREOS_NO_ENVIADOS]: "Correos no enviados",
  [V.VERIFICAR_FIRMA]: "Verificar firma",
  [V.TABLERO]: "Tablero",
};

/** A screen's title for a route name (view name), or the name itself when it is not a view. */
export function tituloVista(nombre: string): string {
  return (TITULO_VISTA as Record<string, string>)[nombre] ?? nombre;
}

/** The view's name as users read it, or the name itself when it is not a known view. */
export function nombreVistaUsuario(nombre: string): string {
  return (NOMBRE_VISTA_USUARIO as Record<string, string>)[nombre] ?? nombre;
}

export const VISTAS: readonly DefinicionVista[] = [
  {
    idVista: 1,
    nombre: V.ORIGINADOR,
    url: URL_VISTA[V.ORIGINADOR],
    iconClass: "pi pi-inbox",
    idModulo: 1,
    principal: true,
  },
  {
    idVista: 2,
    nombre: V.SOLICITUD,
    url: URL_VISTA[V.SOLICITUD],
    iconClass: "pi pi-file-plus",
    idModulo: 1,
    principal: false,
  },
  {
    idVista: 3,
    nombre: V.EDITAR_SOLICITUD,
    url: URL_VISTA[V.EDITAR_SOLICITUD],
    iconClass: "pi pi-pencil",
    idModulo: 1,
    principal: false,
  },
  {
    idVista: 4,
    nombre: V.NUEVO_FUNCIONARIO,
    url: URL_VISTA[V.NUEVO_FUNCIONARIO],
    iconClass: "pi pi-user-plus",
    idModulo: 1,
    principal: false,
  },
  {
    idVista: 5,
    nombre: V.DETALLES_ORIGINADOR,
    url: URL_VISTA[V.DETALLES_ORIGINADOR],
    iconClass: "pi pi-eye",
    idModulo: 1,
    principal: false,
  },
  {
    idVista: 6,
    nombre: V.ANALISTA,
    url: URL_VISTA[V.ANALISTA],
    iconClass: "pi pi-list-check",
    idModulo: 2,
    principal: true,
  },
  {
    idVista: 7,
    nombre: V.DETALLES_ANALISTA,
    url: URL_VISTA[V.DETALLES_ANALISTA],
    iconClass: "pi pi-eye",
    idModulo: 2,
    principal: false,
  },
  {
    idVista: 8,
    nombre: V.ADMINISTRADOR,
    url: URL_VISTA[V.ADMINISTRADOR],
    iconClass: "pi pi-verified",
    idModulo: 2,
    principal: true,
  },
  {
    idVista: 9,
    nombre: V.DETALLES_ADMINISTRADOR,
    url: URL_VISTA[V.DETALLES_ADMINISTRADOR],
    iconClass: "pi pi-eye",
    idModulo: 2,
    principal: false,
  },
  {
    idVista: 10,
    nombre: V.SEGUIMIENTO,
    url: URL_VISTA[V.SEGUIMIENTO],
    iconClass: "pi pi-history",
    idModulo: 2,
    principal: true,
  },
  {
    idVista: 11,
    nombre: V.DETALLES_SEGUIMIENTO,
    url: URL_VISTA[V.DETALLES_SEGUIMIENTO],
    iconClass: "pi pi-eye",
    idModulo: 2,
    principal: false,
  },
  // The workload dashboard, after the other Revisión RyCC views (the menu's
  // order). Migration 0011 inserts it (id 51) into databases seeded before it and grants it to the
  // default profiles holding Administrador RyCC or Seguimiento Solicitud.
  {
    idVista: 51,
    nombre: V.TABLERO,
    url: URL_VISTA[V.TABLERO],
    iconClass: "pi pi-chart-bar",
    idModulo: 2,
    principal: true,
  },
  {
    idVista: 12,
    nombre: V.JURIDICO,
    url: URL_VISTA[V.JURIDICO],
    iconClass: "pi pi-briefcase",
    idModulo: 3,
    principal: true,
  },
  {
    idVista: 13,
    nombre: V.DETALLES_JURIDICO,
    url: URL_VISTA[V.DETALLES_JURIDICO],
    iconClass: "pi pi-eye",
    idModulo: 3,
    principal: false,
  },
  {
    idVista: 14,
    nombre: V.HISTORICO,
    url: URL_VISTA[V.HISTORICO],
    iconClass: "pi pi-book",
    idModulo: 3,
    principal: true,
  },
  {
    idVista: 15,
    nombre: V.HISTORICO_DETALLES,
    url: URL_VISTA[V.HISTORICO_DETALLES],
    iconClass: "pi pi-eye",
    idModulo: 3,
    principal: false,
  },
  {
    idVista: 16,
    nombre: V.CONSULTA,
    url: URL_VISTA[V.CONSULTA],
    iconClass: "pi pi-search",
    idModulo: 4,
    principal: true,
  },
  {
    idVista: 17,
    nombre: V.DETALLES_CONSULTA,
    url: URL_VISTA[V.DETALLES_CONSULTA],
    iconClass: "pi pi-eye",
    idModulo: 4,
    principal: false,
  },
  {
    idVista: 18,
    nombre: V.CONFIGURACION,
    url: URL_VISTA[V.CONFIGURACION],
    iconClass: "pi pi-cog",
    idModulo: 5,
    principal: true,
  },
  {
    idVista: 19,
    nombre: V.USUARIOS,
    url: URL_VISTA[V.USUARIOS],
    iconClass: "pi pi-users",
    idModulo: 5,
    principal: false,
  },
  {
    idVista: 20,
    nombre: V.PERFILES,
    url: URL_VISTA[V.PERFILES],
    iconClass: "pi pi-id-card",
    idModulo: 5,
    principal: false,
  },
  {
    idVista: 21,
    nombre: V.INSTITUCIONES,
    url: URL_VISTA[V.INSTITUCIONES],
    iconClass: "pi pi-building",
    idModulo: 5,
    principal: false,
  },
  {
    idVista: 22,
    nombre: V.CARGOS,
    url: URL_VISTA[V.CARGOS],
    iconClass: "pi pi-sitemap",
    idModulo: 5,
    principal: false,
  },
  {
    idVista: 23,
    nombre: V.AUDITORIA,
    url: URL_VISTA[V.AUDITORIA],
    iconClass: "pi pi-history",
    idModulo: 5,
    principal: false,
  },
  // Avisos: mails that exhausted their tries, for the configuration administrator.
  {
    idVista: 41,
    nombre: V.CORREOS_NO_ENVIADOS,
    url: URL_VISTA[V.CORREOS_NO_ENVIADOS],
    iconClass: "pi pi-envelope",
    idModulo: 5,
    principal: false,
  },
  // Backups: the last ones made and whether they succeeded (migration 0017 adds it to databases seeded before it).
  {
    idVista: 42,
    nombre: V.RESPALDOS,
    url: URL_VISTA[V.RESPALDOS],
    iconClass: "pi pi-database",
    idModulo: 5,
    principal: false,
  },
  // Migration 0026 inserts it into databases seeded before it.
  {
    idVista: 43,
    nombre: V.IMPORTAR_REGISTRO,
    url: URL_VISTA[V.IMPORTAR_REGISTRO],
    iconClass: "pi pi-upload",
    idModulo: 5,
    principal: false,
  },
  // System keys for the verification API (migration 0028 adds it to databases seeded before it).
  {
    idVista: 44,
    nombre: V.CLAVES_SISTEMA,
    url: URL_VISTA[V.CLAVES_SISTEMA],
    iconClass: "pi pi-key",
    idModulo: 5,
    principal: false,
  },
  // Trust anchors and CRLs (migration 0041 adds it to databases seeded before it).
  {
    idVista: 45,
    nombre: V.AUTORIDADES_CONFIANZA,
    url: URL_VISTA[V.AUTORIDADES_CONFIANZA],
    iconClass: "pi pi-verified",
    idModulo: 5,
    principal: false,
  },
  // Verificación: migration 0007 inserts it (id 31) into databases seeded before it.
  {
    idVista: 31,
    nombre: V.VERIFICAR_FIRMA,
    url: URL_VISTA[V.VERIFICAR_FIRMA],
    iconClass: "pi pi-shield",
    idModulo: 4,
    principal: true,
  },
];

/** Groups of views that grant one area of the API. A user needs any one view of the group. */
export const GRUPOS = {
  originador: [V.ORIGINADOR, V.SOLICITUD, V.EDITAR_SOLICITUD, V.NUEVO_FUNCIONARIO, V.DETALLES_ORIGINADOR],
  analista: [V.ANALISTA, V.DETALLES_ANALISTA],
  juridico: [V.JURIDICO, V.DETALLES_JURIDICO],
  historico: [V.HISTORICO, V.HISTORICO_DETALLES],
  administrador: [V.ADMINISTRADOR, V.DETALLES_ADMINISTRADOR],
  seguimiento: [V.SEGUIMIENTO, V.DETALLES_SEGUIMIENTO],
  consulta: [V.CONSULTA, V.DETALLES_CONSULTA],
  // Each maintenance API is granted by its own maintenance view only. The hub view
  // "Configuración" is a menu page: it grants no API (else a partial configuration profile
  // could read users and create itself a full administrator).
  usuarios: [V.USUARIOS],
  perfiles: [V.PERFILES],
  instituciones: [V.INSTITUCIONES],
  cargos: [V.CARGOS],
  auditoria: [V.AUDITORIA],
  // Notices
  correosNoEnviados: [V.CORREOS_NO_ENVIADOS],
  respaldos: [V.RESPALDOS],
  importacion: [V.IMPORTAR_REGISTRO],
  clavesSistema: [V.CLAVES_SISTEMA],
  autoridadesConfianza: [V.AUTORIDADES_CONFIANZA],
  // Verification
  verificacion: [V.VERIFICAR_FIRMA],
  tablero: [V.TABLERO],
} as const satisfies Record<string, readonly NombreVista[]>;

/**
 * The person registry look-up (GetPersona): the views whose forms fill names from a cédula — filing
 * requests and officials (originator), reviewing them (RyCC analyst, legal, RyCC administrator) and
 * the user form (Usuarios). Not a directory for every profile.
 */
export const VISTAS_PERSONA: readonly NombreVista[] = [
  ...GRUPOS.originador,
  ...GRUPOS.analista,
  ...GRUPOS.juridico,
  ...GRUPOS.administrador,
  ...GRUPOS.usuarios,
];

/** Every view that lets a user read a request's detail (scoped to the institution for externals). */
export const VISTAS_LECTURA_SOLICITUD: readonly NombreVista[] = [
  ...GRUPOS.originador,
  ...GRUPOS.analista,
  ...GRUPOS.juridico,
  ...GRUPOS.historico,
  ...GRUPOS.administrador,
  ...GRUPOS.seguimiento,
  ...GRUPOS.consulta,
];

/** The comptroller's reviewers' views: they read what the institution changed after a return. */
export const VISTAS_REVISORES: readonly NombreVista[] = [
  ...GRUPOS.analista,
  ...GRUPOS.juridico,
  ...GRUPOS.historico,
  ...GRUPOS.administrador,
  ...GRUPOS.seguimiento,
];

/**
 * The comptroller's own views: their screens read data the server gives internal users only (the
 * reviewers' inboxes and details, the dashboard, the configuration), so a profile held by an
 * external user cannot include them. External users keep the originator's views, Consulta and
 * Verificar firma.
 */
export const VISTAS_INTERNAS: readonly NombreVista[] = [
  ...GRUPOS.analista,
  ...GRUPOS.juridico,
  ...GRUPOS.historico,
  ...GRUPOS.administrador,
  ...GRUPOS.seguimiento,
  ...GRUPOS.tablero,
  V.CONFIGURACION,
  ...GRUPOS.usuarios,
  ...GRUPOS.perfiles,
  ...GRUPOS.instituciones,
  ...GRUPOS.cargos,
  ...GRUPOS.auditoria,
  ...GRUPOS.correosNoEnviados,
  ...GRUPOS.respaldos,
  ...GRUPOS.importacion,
  ...GRUPOS.autoridadesConfianza,
];

/** Workflow roles granted by views. */
export function rolesDeVistas(nombres: Iterable<string>): Set<Rol> {
  const set = new Set(nombres);
  const roles = new Set<Rol>();
  const tiene = (g: readonly string[]) => g.some((n) => set.has(n));
  if (tiene(GRUPOS.originador)) roles.add("originador");
  if (tiene(GRUPOS.analista)) roles.add("analista");
  if (tiene(GRUPOS.juridico)) roles.add("juridico");
  if (tiene(GRUPOS.administrador)) roles.add("administrador");
  return roles;
}

export interface PerfilPorDefecto {
  nombre: string;
  descripcion: string;
  vistas: readonly NombreVista[];
}

export const PERFILES_POR_DEFECTO: readonly PerfilPorDefecto[] = [
  {
    nombre: "Originador",
    descripcion: "Representante de la institución que solicita el registro de firmas",
    vistas: GRUPOS.originador,
  },
  {
    nombre: "Analista RyCC",
    descripcion: "Analista de Revisión y Control de Cuentas",
    vistas: [...GRUPOS.analista, V.VERIFICAR_FIRMA],
  },
  {
    nombre: "Analista Legal",
    descripcion: "Analista de la Dirección Jurídica",
    vistas: [...GRUPOS.juridico, ...GRUPOS.historico],
  },
  {
    nombre: "Administrador RyCC",
    descripcion: "Administrador de Revisión y Control de Cuentas",
    // The RyCC administrator answers to auditors, so reads the audit trail and checks it.
    vistas: [...GRUPOS.administrador, ...GRUPOS.seguimiento, V.VERIFICAR_FIRMA, ...GRUPOS.tablero, V.AUDITORIA],
  },
  {
    nombre: "Consultor",
    descripcion: "Consulta del registro de firmas",
    vistas: [...GRUPOS.consulta, V.VERIFICAR_FIRMA],
  },
  {
    nombre: "Administrador de Configuración",
    descripcion: "Mantenimiento de usuarios, perfiles, instituciones y cargos",
    vistas: [
      V.CONFIGURACION,
      V.USUARIOS,
      V.PERFILES,
      V.INSTITUCIONES,
      V.CARGOS,
      V.AUDITORIA,
      // Notices
      V.CORREOS_NO_ENVIADOS,
      V.RESPALDOS,
      V.IMPORTAR_REGISTRO,
      V.CLAVES_SISTEMA,
      V.AUTORIDADES_CONFIANZA,
    ],
  },
  // Verificación: migration 0007 adds it to databases seeded before it.
  {
    nombre: "Verificador",
    descripcion: "Verificación de firmas autorizadas (personas y sistemas que reciben documentos firmados)",
    vistas: GRUPOS.verificacion,
  },
];
