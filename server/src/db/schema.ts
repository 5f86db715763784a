/**
 * The database schema: one table per entity of SPEC.md §3, plus sessions, history, audit, and the
 * derived tables the triggers keep (totals, stage tables, search words and pairs: see "Derived
 * state" in docs/ARCHITECTURE.md). The SQL migrations in ./migrations are written by hand to match
 * (drizzle-kit generated only the first four); test/db/esquema.test.ts holds this file to the
 * migrated database, table by table and column by column.
 *
 * Longer than 300 lines: declarations only, one per table, kept in one module that the migrated-
 * database test compares whole.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const modulos = pgTable("modulos", {
  idModulo: integer("id_modulo").primaryKey(),
  nombre: text("nombre").notNull(),
  iconClass: text("icon_class").notNull(),
  orden: integer("orden").notNull(),
});

export const vistas = pgTable("vistas", {
  idVista: integer("id_vista").primaryKey(),
  nombre: text("nombre").notNull().unique(),
  url: text("url").notNull(),
  iconClass: text("icon_class").notNull(),
  idModulo: integer("id_modulo")
    .notNull()
    .references(() => modulos.idModulo),
  principal: boolean("principal").notNull(),
  orden: integer("orden").notNull(),
});

export const perfiles = pgTable(
  "perfiles",
  {
    idPerfil: serial("id_perfil").primaryKey(),
    nombre: text("nombre").notNull(),
    descripcion: text("descripcion").notNull().default(""),
    porDefecto: boolean("por_defecto").notNull().default(false),
    creado: tstz("creado").notNull().defaultNow(),
    /** Its users must hold a second factor (migration 0020): without one they can only enrol. */
    requiereSegundoFactor: boolean("requiere_segundo_factor").notNull().default(false),
  },
  (t) => [uniqueIndex("perfiles_nombre_uq").on(sql`lower(${t.nombre})`)],
);

export const perfilVistas = pgTable(
  "perfil_vistas",
  {
    idPerfil: integer("id_perfil")
      .notNull()
      .references(() => perfiles.idPerfil, { onDelete: "cascade" }),
    idVista: integer("id_vista")
      .notNull()
      .references(() => vistas.idVista),
  },
  (t) => [primaryKey({ columns: [t.idPerfil, t.idVista] })],
);

export const instituciones = pgTable(
  "instituciones",
  {
    idInstitucion: serial("id_institucion").primaryKey(),
    nombre: text("nombre").notNull(),
    estructura: text("estructura").notNull().default(""),
    direccion: text("direccion").notNull().default(""),
    telefono: text("telefono").notNull().default(""),
    ext: text("ext").notNull().default(""),
    telefono2: text("telefono2").notNull().default(""),
    ext2: text("ext2").notNull().default(""),
    estatus: boolean("estatus").notNull().default(true),
    creado: tstz("creado").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("instituciones_nombre_uq").on(sql`lower(${t.nombre})`)],
);

/** tipo: 1 = Incumbente, 2 = Funcionario. */
export const cargos = pgTable(
  "cargos",
  {
    idCargo: serial("id_cargo").primaryKey(),
    nombre: text("nombre").notNull(),
    descripcion: text("descripcion").notNull().default(""),
    tipo: smallint("tipo").notNull(),
    estatus: boolean("estatus").notNull().default(true),
  },
  (t) => [uniqueIndex("cargos_nombre_uq").on(sql`lower(${t.nombre})`)],
);

export const institucionCargos = pgTable(
  "institucion_cargos",
  {
    idInstitucion: integer("id_institucion")
      .notNull()
      .references(() => instituciones.idInstitucion, { onDelete: "cascade" }),
    idCargo: integer("id_cargo")
      .notNull()
      .references(() => cargos.idCargo),
  },
  (t) => [primaryKey({ columns: [t.idInstitucion, t.idCargo] })],
);

export const usuarios = pgTable(
  "usuarios",
  {
    idUsuario: serial("id_usuario").primaryKey(),
    usuario: text("usuario").notNull(),
    nombre: text("nombre").notNull(),
    apellido: text("apellido").notNull(),
    cedula: text("cedula").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    idPerfil: integer("id_perfil")
      .notNull()
      .references(() => perfiles.idPerfil),
    externo: boolean("externo").notNull().default(false),
    idInstitucion: integer("id_institucion").references(() => instituciones.idInstitucion),
    activo: boolean("activo").notNull().default(true),
    cambioClave: boolean("cambio_clave").notNull().default(false),
    intentosFallidos: integer("intentos_fallidos").notNull().default(0),
    bloqueadoHasta: tstz("bloqueado_hasta"),
    creado: tstz("creado").notNull().defaultNow(),
    /** Security: the last failed sign-in, from any address. */
    ultimoFallo: tstz("ultimo_fallo"),
    // Avisos: 'cada' | 'resumen' | 'ninguno'; null = the profile's default.
    preferenciaCorreo: text("preferencia_correo"),
  },
  (t) => [
    uniqueIndex("usuarios_usuario_uq").on(sql`lower(${t.usuario})`),
    uniqueIndex("usuarios_cedula_uq").on(t.cedula),
    uniqueIndex("usuarios_email_uq").on(sql`lower(${t.email})`),
  ],
);

/** Sessions: only the SHA-256 of the bearer token is stored. */
export const sesiones = pgTable(
  "sesiones",
  {
    idSesion: bigserial("id_sesion", { mode: "number" }).primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    idUsuario: integer("id_usuario")
      .notNull()
      .references(() => usuarios.idUsuario),
    creada: tstz("creada").notNull().defaultNow(),
    ultimoUso: tstz("ultimo_uso").notNull().defaultNow(),
    revocada: tstz("revocada"),
    /** The client address and the browser's User-Agent at sign-in ("Mis sesiones"); null before 0018. */
    direccion: text("direccion"),
    agente: text("agente"),
    /** 'mis_sesiones' when the user ended it from "Mis sesiones" in another session (0034). */
    cerradaDesde: text("cerrada_desde"),
  },
  (t) => [index("sesiones_usuario_idx").on(t.idUsuario)],
);

/** Password reset links sent by e-mail: only the secret's SHA-256; single use, 30 minutes. */
export const restablecimientosClave = pgTable(
  "restablecimientos_clave",
  {
    idRestablecimiento: bigserial("id_restablecimiento", { mode: "number" }).primaryKey(),
    idUsuario: integer("id_usuario")
      .notNull()
      .references(() => usuarios.idUsuario, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    creado: tstz("creado").notNull().defaultNow(),
    expira: tstz("expira").notNull(),
    usado: tstz("usado"),
    direccion: text("direccion"),
  },
  (t) => [index("restablecimientos_clave_usuario_idx").on(t.idUsuario, t.creado)],
);

/** Person registry (padrón) behind GetPersona. */
export const personas = pgTable("personas", {
  cedula: text("cedula").primaryKey(),
  nombres: text("nombres").notNull(),
  apellidos: text("apellidos").notNull(),
});

export const tiposFirma = pgTable("tipos_firma", {
  idTipoFirma: integer("id_tipo_firma").primaryKey(),
  nombre: text("nombre").notNull(),
});

export const firmas = pgTable("firmas", {
  idFirma: integer("id_firma").primaryKey(),
  idTipoFirma: integer("id_tipo_firma")
    .notNull()
    .references(() => tiposFirma.idTipoFirma),
  firma: text("firma").notNull(),
});

/** idClaseProceso: 1 = RyCC (analyst, administrator), 2 = Jurídico. */
export const motivos = pgTable("motivos", {
  idMotivo: integer("id_motivo").primaryKey(),
  nombre: text("nombre").notNull(),
  descripcion: text("descripcion").notNull(),
  activo: boolean("activo").notNull().default(true),
  idClaseProceso: integer("id_clase_proceso").notNull(),
  idEstatusProceso: integer("id_estatus_proceso").notNull(),
});

/** tipo: 'Aceptacion' | 'Documento' | 'Rechazo' (the three cards on Inicio). */
export const criterios = pgTable("criterios", {
  id: integer("id").primaryKey(),
  tipo: text("tipo").notNull(),
  criterio: text("criterio").notNull(),
  orden: integer("orden").notNull(),
});

// Accent and case folding for the inbox search, written out so it works on PGlite and PostgreSQL
// without extensions; lower() leaves non-ASCII capitals alone under the C locale, so both cases
// are mapped. The SQL function rf_documento_busqueda (migration 0003) folds with the same strings.
export const PLEGAR_DESDE = "ÁÉÍÓÚÀÈÌÒÙÄËÏÖÜÂÊÎÔÛÑÇáéíóúàèìòùäëïöüâêîôûñç";
export const PLEGAR_HACIA = "aeiouaeiouaeiouaeiouncaeiouaeiouaeiouaeiounc";
export const plegar = (expr: SQL) =>
  sql`translate(lower(${expr}), ${sql.raw(`'${PLEGAR_DESDE}'`)}, ${sql.raw(`'${PLEGAR_HACIA}'`)})`;

/** The incumbent of one request (each request keeps its own copy). */
export const incumbentes = pgTable(
  "incumbentes",
  {
    idIncumbente: serial("id_incumbente").primaryKey(),
    idInstitucion: integer("id_institucion")
      .notNull()
      .references(() => instituciones.idInstitucion),
    cedula: text("cedula").notNull(),
    nombres: text("nombres").notNull(),
    apellidos: text("apellidos").notNull(),
    codCargo: integer("cod_cargo")
      .notNull()
      .references(() => cargos.idCargo),
    telefono: text("telefono").notNull(),
    firmaDigital: boolean("firma_digital").notNull().default(false),
  },
  (t) => [
    // The inbox sorts by cédula and by name.
    index("incumbentes_cedula_idx").on(t.cedula),
    index("incumbentes_nombres_idx").on(t.nombres, t.apellidos),
  ],
);

export const solicitudes = pgTable(
  "solicitudes",
  {
    idSolicitud: serial("id_solicitud").primaryKey(),
    idInstitucion: integer("id_institucion")
      .notNull()
      .references(() => instituciones.idInstitucion),
    idIncumbente: integer("id_incumbente")
      .notNull()
      .references(() => incumbentes.idIncumbente),
    estatus: smallint("estatus").notNull(),
    comentario: text("comentario").notNull().default(""),
    // The institution's contact data as the request states it (editable on the form).
    instDireccion: text("inst_direccion").notNull().default(""),
    instTelefono: text("inst_telefono").notNull().default(""),
    instExt: text("inst_ext").notNull().default(""),
    instTelefono2: text("inst_telefono2").notNull().default(""),
    instExt2: text("inst_ext2").notNull().default(""),
    fechaSolicitud: tstz("fecha_solicitud").notNull().defaultNow(),
    fechaActualizacion: tstz("fecha_actualizacion").notNull().defaultNow(),
    asignadoA: integer("asignado_a").references(() => usuarios.idUsuario),
    // Since when the holder has it (claim or reassignment; migration 0012); null while nobody does.
    asignadoDesde: tstz("asignado_desde"),
    creadoPor: integer("creado_por").references(() => usuarios.idUsuario),
    // True once the request has reached 106: a later legal rejection returns it to 106.
    fueActiva: boolean("fue_activa").notNull().default(false),
    justificacionInactivacion: text("justificacion_inactivacion"),
    // True once legal has decided on it (approved, returned or rejected): the legal history inbox.
    decididoJuridico: boolean("decidido_juridico").notNull().default(false),
    // Kept by triggers (migration 0003), so that inboxes search and sort on this table alone:
    // - the words its incumbent is found by (names, surnames, cédula with and without dashes,
    //   folded by rf_documento_busqueda), set on insert and whenever the incumbent changes;
    // - how many officials it holds, whatever their status, counted as officials come and go.
    busqueda: tsvector("busqueda").notNull().default(sql`''::tsvector`),
    cantFuncionarios: integer("cant_funcionarios").notNull().default(0),
  },
  (t) => [
    index("solicitudes_estatus_fecha_idx").on(t.estatus, t.fechaSolicitud),
    index("solicitudes_institucion_fecha_idx").on(t.idInstitucion, t.fechaSolicitud),
    // An inbox filtered by institution and status (migration 0045).
    index("solicitudes_institucion_estatus_fecha_idx").on(t.idInstitucion, t.estatus, t.fechaSolicitud),
    index("solicitudes_fecha_idx").on(t.fechaSolicitud),
    index("solicitudes_incumbente_idx").on(t.idIncumbente),
    // Compact (deduplicated) indexes the inbox counts scan instead of the table.
    index("solicitudes_estatus_idx").on(t.estatus),
    // The legal history: counted per status, and walked per status in date order.
    index("solicitudes_decidido_idx").on(t.estatus, t.fechaSolicitud).where(sql`${t.decididoJuridico}`),
    // The legal history walked by status (migration 0006).
    index("solicitudes_decidido_estatus_idx").on(
      sql`(case when ${t.decididoJuridico} then ${t.estatus} end)`,
      t.fechaSolicitud,
    ),
    index("solicitudes_busqueda_idx").using("gin", t.busqueda),
    index("solicitudes_cant_funcionarios_idx").on(t.cantFuncionarios, t.idSolicitud),
    // "Mis asignadas": held requests only (migration 0020).
    index("solicitudes_asignado_fecha_idx").on(t.asignadoA, t.fechaSolicitud).where(sql`${t.asignadoA} is not null`),
  ],
);

/**
 * Inbox totals (migration 0006): requests per status × institution × legal-decided, kept
 * by statement triggers on `solicitudes`; code only reads it.
 */
export const solicitudesTotales = pgTable(
  "solicitudes_totales",
  {
    estatus: smallint("estatus").notNull(),
    idInstitucion: integer("id_institucion").notNull(),
    decididoJuridico: boolean("decidido_juridico").notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ name: "solicitudes_totales_pk", columns: [t.estatus, t.idInstitucion, t.decididoJuridico] })],
);

/**
 * Search words (migration 0013): one row per request and word of its incumbent's names and cédula
 * (folded as `plegar`), with the request's inbox columns copied, kept by the statement triggers
 * `solicitudes_palabras_*` on `solicitudes` and `incumbentes_palabras`; code only reads it. The
 * text columns are COLLATE "C" (byte order, so a typed start is a range), and the indexes INCLUDE
 * the columns an index-only scan reads — neither is expressible here; the migration is the truth.
 */
export const solicitudesPalabras = pgTable(
  "solicitudes_palabras",
  {
    palabra: text("palabra").notNull(),
    idSolicitud: integer("id_solicitud").notNull(),
    /** The previous word of the same request in byte order: only the first of a run under a start counts. */
    anterior: text("anterior"),
    estatus: smallint("estatus").notNull(),
    idInstitucion: integer("id_institucion").notNull(),
    decididoJuridico: boolean("decidido_juridico").notNull(),
    asignado: boolean("asignado").notNull(),
    nombres: text("nombres").notNull(),
    apellidos: text("apellidos").notNull(),
    palabras: text("palabras").notNull(),
    fechaSolicitud: tstz("fecha_solicitud").notNull(),
  },
  (t) => [
    primaryKey({ name: "solicitudes_palabras_pk", columns: [t.idSolicitud, t.palabra] }),
    index("solicitudes_palabras_estatus_idx").on(t.palabra, t.estatus, t.idInstitucion, t.idSolicitud),
    index("solicitudes_palabras_nombres_idx").on(t.palabra, t.nombres, t.apellidos, t.idSolicitud),
  ],
);

/**
 * The officials' search words (migration 0033): one row per official and word holding a letter, with
 * the request's filter columns, the official's words and the incumbent's copied beside it. Kept by
 * `funcionarios_palabras_*` on `funcionarios` and `solicitudes_funcionarios_palabras`; code only reads it.
 */
export const funcionariosPalabras = pgTable(
  "funcionarios_palabras",
  {
    palabra: text("palabra").notNull(),
    idSolicitud: integer("id_solicitud").notNull(),
    idFuncionario: integer("id_funcionario").notNull(),
    /** The previous word of the request's officials in (word, official) order: the first of a run counts. */
    anterior: text("anterior"),
    estatus: smallint("estatus").notNull(),
    idInstitucion: integer("id_institucion").notNull(),
    decididoJuridico: boolean("decidido_juridico").notNull(),
    asignado: boolean("asignado").notNull(),
    fechaSolicitud: tstz("fecha_solicitud").notNull(),
    palabras: text("palabras").notNull(),
    incumbente: text("incumbente").notNull(),
  },
  (t) => [
    primaryKey({ name: "funcionarios_palabras_pk", columns: [t.idSolicitud, t.palabra, t.idFuncionario] }),
    index("funcionarios_palabras_estatus_idx").on(t.palabra, t.estatus, t.idInstitucion, t.idSolicitud),
  ],
);

/**
 * Pairs of one official's search words (migration 0040), the smaller first, with the columns of
 * its `funcionarios_palabras` rows: two-word searches of the officials. Kept by
 * `funcionarios_pares_*` on `funcionarios_palabras`; code only reads it.
 */
export const funcionariosPares = pgTable(
  "funcionarios_pares",
  {
    palabra1: text("palabra1").notNull(),
    palabra2: text("palabra2").notNull(),
    idSolicitud: integer("id_solicitud").notNull(),
    idFuncionario: integer("id_funcionario").notNull(),
    estatus: smallint("estatus").notNull(),
    idInstitucion: integer("id_institucion").notNull(),
    decididoJuridico: boolean("decidido_juridico").notNull(),
    asignado: boolean("asignado").notNull(),
    fechaSolicitud: tstz("fecha_solicitud").notNull(),
    palabras: text("palabras").notNull(),
    incumbente: text("incumbente").notNull(),
  },
  (t) => [
    primaryKey({ name: "funcionarios_pares_pk", columns: [t.idSolicitud, t.palabra1, t.palabra2, t.idFuncionario] }),
    index("funcionarios_pares_idx").on(t.palabra1, t.palabra2, t.estatus, t.idInstitucion, t.idSolicitud),
  ],
);

/**
 * Officials in force with an end date on a request neither inactivated nor annulled (migration
 * 0045), with the request's institution and the start date (`-infinity` when none): the
 * dashboard's "por vencer". Kept by `funcionarios_por_vencer_*` and `solicitudes_por_vencer`.
 */
export const funcionariosPorVencer = pgTable(
  "funcionarios_por_vencer",
  {
    idFuncionario: integer("id_funcionario").primaryKey(),
    fechaHasta: date("fecha_hasta", { mode: "string" }).notNull(),
    idInstitucion: integer("id_institucion").notNull(),
    desde: date("desde", { mode: "string" }).notNull(),
  },
  (t) => [
    index("funcionarios_por_vencer_fecha_idx").on(t.fechaHasta, t.idFuncionario),
    index("funcionarios_por_vencer_institucion_idx").on(t.idInstitucion, t.fechaHasta, t.idFuncionario),
  ],
);

/** Pairs of search words of one request (migration 0013), for two-word searches; kept like the words. */
export const solicitudesPares = pgTable(
  "solicitudes_pares",
  {
    palabra1: text("palabra1").notNull(),
    palabra2: text("palabra2").notNull(),
    idSolicitud: integer("id_solicitud").notNull(),
    anterior1: text("anterior1"),
    anterior2: text("anterior2"),
    estatus: smallint("estatus").notNull(),
    idInstitucion: integer("id_institucion").notNull(),
    decididoJuridico: boolean("decidido_juridico").notNull(),
    asignado: boolean("asignado").notNull(),
    fechaSolicitud: tstz("fecha_solicitud").notNull(),
    palabras: text("palabras").notNull(),
  },
  (t) => [
    primaryKey({ name: "solicitudes_pares_pk", columns: [t.idSolicitud, t.palabra1, t.palabra2] }),
    index("solicitudes_pares_idx").on(t.palabra1, t.palabra2, t.estatus, t.idInstitucion, t.idSolicitud),
  ],
);

/**
 * Stays of requests in the dashboard's stages (migration 0011): one row per stay, from the history
 * entry that brought the request there to the one that took it elsewhere (salida null while it is
 * still there). Kept by the row trigger `rf_etapas_historial` on `historial`; code only reads it.
 */
export const solicitudesEtapas = pgTable(
  "solicitudes_etapas",
  {
    idSolicitud: integer("id_solicitud")
      .notNull()
      .references(() => solicitudes.idSolicitud, { onDelete: "cascade" }),
    idInstitucion: integer("id_institucion").notNull(),
    etapa: smallint("etapa").notNull(),
    entrada: tstz("entrada").notNull(),
    salida: tstz("salida"),
  },
  (t) => [
    uniqueIndex("solicitudes_etapas_abierta_uq").on(t.idSolicitud).where(sql`${t.salida} IS NULL`),
    index("solicitudes_etapas_espera_idx")
      .on(t.etapa, t.entrada, t.idSolicitud)
      .where(sql`${t.salida} IS NULL AND ${t.etapa} < 4`),
    index("solicitudes_etapas_espera_inst_idx")
      .on(t.idInstitucion, t.etapa, t.entrada, t.idSolicitud)
      .where(sql`${t.salida} IS NULL AND ${t.etapa} < 4`),
  ],
);

/** Entries into and exits from each stage per week (Monday, UTC−4) and institution (migration 0011, same trigger). */
export const etapasSemanas = pgTable(
  "etapas_semanas",
  {
    semana: date("semana").notNull(),
    etapa: smallint("etapa").notNull(),
    idInstitucion: integer("id_institucion").notNull(),
    entradas: integer("entradas").notNull().default(0),
    salidas: integer("salidas").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "etapas_semanas_pk", columns: [t.semana, t.etapa, t.idInstitucion] }),
    index("etapas_semanas_institucion_idx").on(t.idInstitucion, t.semana, t.etapa),
  ],
);

/** Requests waiting now per stage, week of arrival and institution (migration 0011, same trigger). */
export const etapasEspera = pgTable(
  "etapas_espera",
  {
    etapa: smallint("etapa").notNull(),
    semana: date("semana").notNull(),
    idInstitucion: integer("id_institucion").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "etapas_espera_pk", columns: [t.etapa, t.semana, t.idInstitucion] }),
    index("etapas_espera_institucion_idx").on(t.idInstitucion, t.etapa, t.semana),
  ],
);

/**
 * Sums over all institutions of the two counters above (migration 0047), kept with them; the
 * dashboard without an institution reads these. All four are written at the commit of the
 * transaction that wrote the history, from its pending changes (the `_cambios` tables, empty
 * once it has committed), by the deferred trigger `rf_etapas_mover`.
 */
export const etapasSemanasTodas = pgTable(
  "etapas_semanas_todas",
  {
    semana: date("semana").notNull(),
    etapa: smallint("etapa").notNull(),
    entradas: integer("entradas").notNull().default(0),
    salidas: integer("salidas").notNull().default(0),
  },
  (t) => [primaryKey({ name: "etapas_semanas_todas_pk", columns: [t.semana, t.etapa] })],
);

export const etapasEsperaTodas = pgTable(
  "etapas_espera_todas",
  {
    etapa: smallint("etapa").notNull(),
    semana: date("semana").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ name: "etapas_espera_todas_pk", columns: [t.etapa, t.semana] })],
);

export const etapasSemanasCambios = pgTable("etapas_semanas_cambios", {
  semana: date("semana").notNull(),
  etapa: smallint("etapa").notNull(),
  idInstitucion: integer("id_institucion").notNull(),
  entradas: integer("entradas").notNull(),
  salidas: integer("salidas").notNull(),
});

export const etapasEsperaCambios = pgTable("etapas_espera_cambios", {
  etapa: smallint("etapa").notNull(),
  semana: date("semana").notNull(),
  idInstitucion: integer("id_institucion").notNull(),
  n: integer("n").notNull(),
});

/** idEstatus: 1 Pendiente, 2 Activo, 3 Inactivo. */
export const funcionarios = pgTable(
  "funcionarios",
  {
    idFuncionario: serial("id_funcionario").primaryKey(),
    idSolicitud: integer("id_solicitud")
      .notNull()
      .references(() => solicitudes.idSolicitud, { onDelete: "cascade" }),
    cedula: text("cedula").notNull(),
    nombres: text("nombres").notNull(),
    apellidos: text("apellidos").notNull(),
    codCargo: integer("cod_cargo")
      .notNull()
      .references(() => cargos.idCargo),
    telefono: text("telefono").notNull(),
    comentario: text("comentario").notNull().default(""),
    firmaDigital: boolean("firma_digital").notNull().default(false),
    firmaVigencia: boolean("firma_vigencia").notNull().default(false),
    firmaRango: boolean("firma_rango").notNull().default(false),
    montoDesde: numeric("monto_desde", { precision: 18, scale: 2 }),
    montoHasta: numeric("monto_hasta", { precision: 18, scale: 2 }),
    fechaDesde: date("fecha_desde", { mode: "string" }),
    fechaHasta: date("fecha_hasta", { mode: "string" }),
    idEstatus: smallint("id_estatus").notNull().default(1),
    // False while added to a request but not yet sent with EnviarSolicitud / EnviarFuncionario.
    enviado: boolean("enviado").notNull().default(false),
    // Chosen by the institution's pending deactivation request (203, migration 0022).
    inactivacionSolicitada: boolean("inactivacion_solicitada").notNull().default(false),
    // The official this one renews, in a renewal request (migration 0024).
    renuevaA: integer("renueva_a").references((): AnyPgColumn => funcionarios.idFuncionario, { onDelete: "set null" }),
    creado: tstz("creado").notNull().defaultNow(),
    // The words the originator's inbox finds the request by, as the incumbent's (migration 0027):
    // computed by the database from this row, never written.
    busqueda: tsvector("busqueda").generatedAlwaysAs(sql`rf_documento_busqueda("nombres", "apellidos", "cedula")`),
  },
  (t) => [
    index("funcionarios_solicitud_idx").on(t.idSolicitud),
    index("funcionarios_cedula_idx").on(t.cedula),
    index("funcionarios_busqueda_idx").using("gin", t.busqueda),
  ],
);

export const funcionarioFirmas = pgTable(
  "funcionario_firmas",
  {
    idAutFirma: serial("id_aut_firma").primaryKey(),
    idFuncionario: integer("id_funcionario")
      .notNull()
      .references(() => funcionarios.idFuncionario, { onDelete: "cascade" }),
    idFirma: integer("id_firma")
      .notNull()
      .references(() => firmas.idFirma),
  },
  (t) => [uniqueIndex("funcionario_firmas_uq").on(t.idFuncionario, t.idFirma)],
);

/** tipoAdjunto: 'Oficio' | 'Cedula' | 'Designacion' | 'Tarjeta' | 'Evidencia'. */
export const adjuntos = pgTable(
  "adjuntos",
  {
    idAdjunto: serial("id_adjunto").primaryKey(),
    idSolicitud: integer("id_solicitud")
      .notNull()
      .references(() => solicitudes.idSolicitud, { onDelete: "cascade" }),
    idFuncionario: integer("id_funcionario").references(() => funcionarios.idFuncionario, {
      onDelete: "cascade",
    }),
    tipoAdjunto: text("tipo_adjunto").notNull(),
    nombre: text("nombre").notNull(),
    mime: text("mime").notNull(),
    tamano: integer("tamano").notNull(),
    sha256: text("sha256").notNull(),
    contenido: bytea("contenido").notNull(),
    creado: tstz("creado").notNull().defaultNow(),
  },
  (t) => [index("adjuntos_solicitud_idx").on(t.idSolicitud, t.idFuncionario)],
);

export const historial = pgTable(
  "historial",
  {
    idHistorial: serial("id_historial").primaryKey(),
    idSolicitud: integer("id_solicitud")
      .notNull()
      .references(() => solicitudes.idSolicitud, { onDelete: "cascade" }),
    estatus: smallint("estatus").notNull(),
    fecha: tstz("fecha").notNull().defaultNow(),
    motivoCambioEstatus: text("motivo_cambio_estatus").notNull().default(""),
    idUsuario: integer("id_usuario").references(() => usuarios.idUsuario),
  },
  (t) => [index("historial_solicitud_idx").on(t.idSolicitud, t.fecha)],
);

/**
 * What the request looked like at a return to the institution (108), one row per return's history
 * entry (migration 0023): `foto` is a `FotoSolicitud` (solicitudes/cambios.ts).
 */
export const fotosRetorno = pgTable(
  "fotos_retorno",
  {
    idHistorial: integer("id_historial")
      .primaryKey()
      .references(() => historial.idHistorial, { onDelete: "cascade" }),
    idSolicitud: integer("id_solicitud")
      .notNull()
      .references(() => solicitudes.idSolicitud, { onDelete: "cascade" }),
    foto: jsonb("foto").notNull(),
  },
  (t) => [index("fotos_retorno_solicitud_idx").on(t.idSolicitud, t.idHistorial)],
);

/** The reasons given with one return or rejection (a history entry). */
export const historialMotivos = pgTable(
  "historial_motivos",
  {
    idHistorial: integer("id_historial")
      .notNull()
      .references(() => historial.idHistorial, { onDelete: "cascade" }),
    idMotivo: integer("id_motivo")
      .notNull()
      .references(() => motivos.idMotivo),
  },
  (t) => [primaryKey({ columns: [t.idHistorial, t.idMotivo] })],
);

export const auditoria = pgTable(
  "auditoria",
  {
    idAuditoria: bigserial("id_auditoria", { mode: "number" }).primaryKey(),
    idUsuario: integer("id_usuario").references(() => usuarios.idUsuario),
    fecha: tstz("fecha").notNull().defaultNow(),
    entidad: text("entidad").notNull(),
    idEntidad: text("id_entidad").notNull(),
    accion: text("accion").notNull(),
    antes: jsonb("antes"),
    despues: jsonb("despues"),
    // Audit chain (migration 0009): set by the database's trigger, never by code.
    direccion: text("direccion"),
    hashAnterior: text("hash_anterior").notNull().default(""),
    hash: text("hash").notNull().default(""),
  },
  (t) => [
    index("auditoria_fecha_idx").on(t.fecha),
    index("auditoria_entidad_idx").on(t.entidad, t.idAuditoria),
    // The Auditoría screen's filters (migration 0012).
    index("auditoria_usuario_fecha_idx").on(t.idUsuario, t.fecha),
    index("auditoria_accion_fecha_idx").on(t.accion, t.fecha),
  ],
);

/**
 * One seal per audit entry (migration 0016): an HMAC the app computes with the audit key, which the
 * database never holds. Append-only like the entries themselves.
 */
/** The audit chain's head (migration 0009): one row, the last entry's id and hash, locked by every append. */
export const auditoriaCabeza = pgTable("auditoria_cabeza", {
  id: smallint("id").primaryKey(),
  ultimoId: bigint("ultimo_id", { mode: "number" }).notNull().default(0),
  ultimoHash: text("ultimo_hash").notNull().default(""),
});

export const auditoriaSello = pgTable("auditoria_sello", {
  idAuditoria: bigint("id_auditoria", { mode: "number" })
    .primaryKey()
    .references(() => auditoria.idAuditoria),
  sello: text("sello").notNull(),
});

/**
 * An incident of the audit trail (migration 0035): a break at one entry the configuration
 * administrator recorded with its reason; signed with the audit key, append-only.
 */
export const auditoriaIncidentes = pgTable("auditoria_incidentes", {
  idIncidente: serial("id_incidente").primaryKey(),
  idAuditoria: bigint("id_auditoria", { mode: "number" }).notNull(),
  motivo: text("motivo").notNull(),
  idUsuario: integer("id_usuario").references(() => usuarios.idUsuario),
  fecha: tstz("fecha").notNull().defaultNow(),
  firma: text("firma").notNull(),
});

// ---------------------------------------------------------------------------------------------
// Avisos: in-app notices, the e-mail outbox and the once-a-day tasks (migration 0008).

/** One notice to one user, written in the transaction of the change it reports. */
export const avisos = pgTable(
  "avisos",
  {
    idAviso: bigserial("id_aviso", { mode: "number" }).primaryKey(),
    idUsuario: integer("id_usuario")
      .notNull()
      .references(() => usuarios.idUsuario, { onDelete: "cascade" }),
    idSolicitud: integer("id_solicitud").references(() => solicitudes.idSolicitud, { onDelete: "cascade" }),
    tipo: text("tipo").notNull(),
    titulo: text("titulo").notNull(),
    texto: text("texto").notNull(),
    detalle: text("detalle").notNull().default(""),
    /** App path of the request (under BASE_PATH). */
    enlace: text("enlace").notNull(),
    creado: tstz("creado").notNull().defaultNow(),
    leido: tstz("leido"),
    /** Waiting for the user's daily summary e-mail. */
    resumenPendiente: boolean("resumen_pendiente").notNull().default(false),
    /** Once-only notices (expiry) carry a unique key. */
    clave: text("clave"),
  },
  (t) => [
    index("avisos_usuario_idx").on(t.idUsuario, t.idAviso),
    index("avisos_no_leidos_idx").on(t.idUsuario).where(sql`${t.leido} IS NULL`),
    index("avisos_resumen_idx").on(t.idUsuario).where(sql`${t.resumenPendiente}`),
    uniqueIndex("avisos_clave_uq").on(t.clave),
  ],
);

/** The e-mail outbox: one row per mail (one notice, or one daily summary). */
export const correos = pgTable(
  "correos",
  {
    idCorreo: bigserial("id_correo", { mode: "number" }).primaryKey(),
    idUsuario: integer("id_usuario").references(() => usuarios.idUsuario, { onDelete: "set null" }),
    /** The notice it carries; null for a daily summary (see avisosResumen). */
    idAviso: bigint("id_aviso", { mode: "number" }).references(() => avisos.idAviso, { onDelete: "set null" }),
    asunto: text("asunto").notNull(),
    /** Stable across tries: a re-send after a crash carries the same Message-ID. */
    messageId: text("message_id").notNull().default(sql`gen_random_uuid()::text`),
    creado: tstz("creado").notNull().defaultNow(),
    intentos: integer("intentos").notNull().default(0),
    proximoIntento: tstz("proximo_intento").notNull().defaultNow(),
    /** A sender's lease: while in the future, no other sender takes the row. */
    reclamadoHasta: tstz("reclamado_hasta"),
    enviado: tstz("enviado"),
    fallido: boolean("fallido").notNull().default(false),
    ultimoError: text("ultimo_error"),
    /** The address it was last sent (or tried) to. */
    para: text("para"),
    /** A mail to an address that is no user's (the audit checkpoints): its address and its text. */
    destino: text("destino"),
    cuerpo: text("cuerpo"),
    /**
     * A secret the text carries (a password-reset link's), sealed with the key for secrets, which
     * is not in the database: put into the text at send time in place of MARCA_SECRETO, and
     * dropped once the mail is sent or finally fails.
     */
    secreto: text("secreto"),
  },
  (t) => [
    index("correos_pendientes_idx").on(t.proximoIntento).where(sql`${t.enviado} IS NULL AND NOT ${t.fallido}`),
    index("correos_fallidos_idx").on(t.idCorreo).where(sql`${t.fallido}`),
  ],
);

/** The notices one daily summary carries. */
export const avisosResumen = pgTable(
  "avisos_resumen",
  {
    idCorreo: bigint("id_correo", { mode: "number" })
      .notNull()
      .references(() => correos.idCorreo, { onDelete: "cascade" }),
    idAviso: bigint("id_aviso", { mode: "number" })
      .notNull()
      .references(() => avisos.idAviso, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.idCorreo, t.idAviso] })],
);

/** One row per task and day: the unique key makes a daily task run once across processes. */
export const tareasDiarias = pgTable(
  "tareas_diarias",
  {
    tarea: text("tarea").notNull(),
    dia: date("dia", { mode: "string" }).notNull(),
    ejecutada: tstz("ejecutada").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tarea, t.dia] })],
);

// Verificación (migration 0007) ------------------------------------------------------

/**
 * The effective-dated record of each official's authorisation: one row per period in which the
 * official could sign (official Activo and request not inactivated); an open period has no
 * `hasta`. causaFin: 'funcionario' (the official was inactivated) | 'solicitud' (the request was).
 */
export const autorizaciones = pgTable(
  "autorizaciones",
  {
    idAutorizacion: bigserial("id_autorizacion", { mode: "number" }).primaryKey(),
    idFuncionario: integer("id_funcionario")
      .notNull()
      .references(() => funcionarios.idFuncionario, { onDelete: "cascade" }),
    idSolicitud: integer("id_solicitud")
      .notNull()
      .references(() => solicitudes.idSolicitud, { onDelete: "cascade" }),
    desde: tstz("desde").notNull(),
    hasta: tstz("hasta"),
    causaFin: text("causa_fin"),
  },
  (t) => [
    index("autorizaciones_funcionario_idx").on(t.idFuncionario, t.desde),
    uniqueIndex("autorizaciones_abierta_uq").on(t.idFuncionario).where(sql`${t.hasta} is null`),
  ],
);

/**
 * A Constancia de Registro de Firmas: the request, the officials it lists, its code's SHA-256, and
 * the SHA-256 of the sealed file as issued and of the certificate that sealed it (none before seals).
 */
export const constancias = pgTable(
  "constancias",
  {
    idConstancia: serial("id_constancia").primaryKey(),
    codigoHash: text("codigo_hash").notNull(),
    idSolicitud: integer("id_solicitud")
      .notNull()
      .references(() => solicitudes.idSolicitud, { onDelete: "cascade" }),
    funcionarios: integer("funcionarios").array().notNull(),
    emitida: tstz("emitida").notNull().defaultNow(),
    idUsuario: integer("id_usuario").references(() => usuarios.idUsuario),
    pdfSha256: text("pdf_sha256"),
    selloHuella: text("sello_huella"),
  },
  (t) => [
    uniqueIndex("constancias_codigo_uq").on(t.codigoHash),
    index("constancias_solicitud_idx").on(t.idSolicitud),
    // The upload check finds a file by its digest (migration 0035).
    index("constancias_pdf_idx").on(t.pdfSha256),
  ],
);

/**
 * A Comprobante de verificación (migration 0035): one sealed answer of "Verificar firma" — the
 * question as text, the answer, the date answered for — with its code's and its file's SHA-256.
 */
export const comprobantes = pgTable(
  "comprobantes",
  {
    idComprobante: serial("id_comprobante").primaryKey(),
    codigoHash: text("codigo_hash").notNull(),
    pregunta: text("pregunta").notNull(),
    autorizado: boolean("autorizado").notNull(),
    motivo: text("motivo").notNull(),
    fecha: text("fecha").notNull(),
    idUsuario: integer("id_usuario").references(() => usuarios.idUsuario),
    emitido: tstz("emitido").notNull().defaultNow(),
    pdfSha256: text("pdf_sha256").notNull(),
    selloHuella: text("sello_huella").notNull(),
  },
  (t) => [uniqueIndex("comprobantes_codigo_uq").on(t.codigoHash), index("comprobantes_pdf_idx").on(t.pdfSha256)],
);

// Security: sign-in failures per account and client address (migration 0004).
export const bloqueosAcceso = pgTable(
  "bloqueos_acceso",
  {
    idUsuario: integer("id_usuario")
      .notNull()
      .references(() => usuarios.idUsuario, { onDelete: "cascade" }),
    direccion: text("direccion").notNull(),
    fallos: integer("fallos").notNull().default(0),
    ultimoFallo: tstz("ultimo_fallo").notNull().defaultNow(),
    bloqueadoHasta: tstz("bloqueado_hasta"),
  },
  (t) => [primaryKey({ columns: [t.idUsuario, t.direccion] })],
);

/**
 * Failed sign-ins under a user name that is no active user's (migration 0034), counted and locked
 * as an account's are, so an unknown name reads and takes the same as a known one. `nombre` is the
 * SHA-256 of the lower-cased name (a password typed into the name box is not kept); `direccion`
 * '' is the count over all addresses.
 */
export const bloqueosNombre = pgTable(
  "bloqueos_nombre",
  {
    nombre: text("nombre").notNull(),
    direccion: text("direccion").notNull(),
    fallos: integer("fallos").notNull().default(0),
    ultimoFallo: tstz("ultimo_fallo").notNull().defaultNow(),
    bloqueadoHasta: tstz("bloqueado_hasta"),
  },
  (t) => [primaryKey({ columns: [t.nombre, t.direccion] }), index("bloqueos_nombre_ultimo_idx").on(t.ultimoFallo)],
);

/** Backups made by the app's schedule or the command line: the last success is what operators watch. */
/** Sign-in attempts per client address in fixed windows (migration 0005), shared by every process (@fastify/rate-limit's store). */
export const limitesAcceso = pgTable("limites_acceso", {
  clave: text("clave").primaryKey(),
  inicio: tstz("inicio").notNull(),
  intentos: integer("intentos").notNull(),
});

/**
 * Idempotency keys of creating calls, per user (migration 0005): `estado` is null while the first
 * call runs, then its HTTP status; `respuesta` its JSON body.
 */
export const idempotencia = pgTable(
  "idempotencia",
  {
    idUsuario: integer("id_usuario")
      .notNull()
      .references(() => usuarios.idUsuario, { onDelete: "cascade" }),
    clave: text("clave").notNull(),
    ruta: text("ruta").notNull(),
    estado: integer("estado"),
    respuesta: jsonb("respuesta"),
    creado: tstz("creado").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.idUsuario, t.clave] }), index("idempotencia_creado_idx").on(t.creado)],
);

export const respaldos = pgTable(
  "respaldos",
  {
    idRespaldo: serial("id_respaldo").primaryKey(),
    /** The country's date the backup belongs to (one scheduled backup per day). */
    dia: date("dia", { mode: "string" }).notNull(),
    programado: boolean("programado").notNull().default(true),
    inicio: tstz("inicio").notNull().defaultNow(),
    fin: tstz("fin"),
    exito: boolean("exito"),
    archivo: text("archivo"),
    bytes: bigint("bytes", { mode: "number" }),
    sha256: text("sha256"),
    error: text("error"),
  },
  (t) => [index("respaldos_dia_idx").on(t.dia)],
);

// Second factor (migration 0020): passkeys (WebAuthn credentials) and one authenticator app (TOTP)
// per user. An app's row exists unconfirmed between "Agregar" and the first right code.
export const factores = pgTable(
  "factores",
  {
    idFactor: serial("id_factor").primaryKey(),
    idUsuario: integer("id_usuario")
      .notNull()
      .references(() => usuarios.idUsuario, { onDelete: "cascade" }),
    /** 'passkey' | 'app' */
    tipo: text("tipo").notNull(),
    nombre: text("nombre").notNull(),
    confirmado: boolean("confirmado").notNull().default(true),
    creado: tstz("creado").notNull().defaultNow(),
    ultimoUso: tstz("ultimo_uso"),
    /** Passkey: the credential's id (base64url), public key (COSE), signature counter, transports. */
    credencialId: text("credencial_id"),
    clavePublica: bytea("clave_publica"),
    contador: bigint("contador", { mode: "number" }).notNull().default(0),
    transportes: text("transportes").array(),
    /** App: the TOTP secret (base32) and the last time step accepted (a code is never used twice). */
    secreto: text("secreto"),
    ultimoPaso: bigint("ultimo_paso", { mode: "number" }),
  },
  (t) => [
    index("factores_usuario_idx").on(t.idUsuario),
    uniqueIndex("factores_credencial_uq").on(t.credencialId),
    uniqueIndex("factores_app_uq").on(t.idUsuario).where(sql`${t.tipo} = 'app' AND ${t.confirmado}`),
  ],
);

/** Ten single-use recovery codes per user, stored as SHA-256 (each code holds 80 random bits). */
export const codigosRecuperacion = pgTable(
  "codigos_recuperacion",
  {
    idCodigo: serial("id_codigo").primaryKey(),
    idUsuario: integer("id_usuario")
      .notNull()
      .references(() => usuarios.idUsuario, { onDelete: "cascade" }),
    hash: text("hash").notNull(),
    usado: tstz("usado"),
  },
  (t) => [index("codigos_recuperacion_usuario_idx").on(t.idUsuario)],
);

/**
 * Short-lived challenges: 'inicio' between the password and the second factor (its token is the
 * opaque `desafio` the client holds; attempts counted), 'registro' while a passkey is enrolled.
 * `webauthn` is the WebAuthn challenge the authenticator must sign.
 */
export const desafios = pgTable(
  "desafios",
  {
    idDesafio: bigserial("id_desafio", { mode: "number" }).primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    idUsuario: integer("id_usuario")
      .notNull()
      .references(() => usuarios.idUsuario, { onDelete: "cascade" }),
    proposito: text("proposito").notNull(),
    /** The user name as it was typed at sign-in (the audit entry's). */
    usuarioTecleado: text("usuario_tecleado").notNull().default(""),
    webauthn: text("webauthn"),
    intentos: integer("intentos").notNull().default(0),
    expira: tstz("expira").notNull(),
    terminado: tstz("terminado"),
  },
  (t) => [index("desafios_usuario_idx").on(t.idUsuario)],
);

// Importación del registro anterior (migration 0026) ------------------------------------

/**
 * One run of the registry import (screen or `npm run importar`): the file (kept until the run ends,
 * so it survives the browser closing), whether it applies, its status and progress, its counts and
 * its report (`FilaInforme[]`). estado: 'pendiente' | 'validando' | 'aplicando' | 'terminada' | 'fallida'.
 */
export const importaciones = pgTable(
  "importaciones",
  {
    idImportacion: serial("id_importacion").primaryKey(),
    idUsuario: integer("id_usuario").references(() => usuarios.idUsuario),
    archivo: text("archivo").notNull(),
    sha256: text("sha256").notNull(),
    contenido: bytea("contenido"),
    documentos: bytea("documentos"),
    documentosNombre: text("documentos_nombre"),
    aplicar: boolean("aplicar").notNull().default(false),
    crearCatalogos: boolean("crear_catalogos").notNull().default(false),
    estado: text("estado").notNull().default("pendiente"),
    progreso: integer("progreso").notNull().default(0),
    total: integer("total"),
    aplicada: boolean("aplicada").notNull().default(false),
    conteos: jsonb("conteos").notNull().default({}),
    error: text("error"),
    inicio: tstz("inicio").notNull().defaultNow(),
    fin: tstz("fin"),
    /** Last sign of life of the process working on the run (the database's clock). */
    latido: tstz("latido").notNull().defaultNow(),
  },
  (t) => [index("importaciones_inicio_idx").on(t.inicio)],
);

/**
 * A run's valid rows while it runs (migration 0031): staged as the file streams, planned and applied
 * institution by institution from here, deleted when the run ends. `registro` is the checked row.
 */
export const importacionFilas = pgTable(
  "importacion_filas",
  {
    idImportacion: integer("id_importacion")
      .notNull()
      .references(() => importaciones.idImportacion, { onDelete: "cascade" }),
    fila: integer("fila").notNull(),
    claveInstitucion: text("clave_institucion").notNull(),
    idInstitucion: integer("id_institucion"),
    cedula: text("cedula").notNull(),
    tipo: text("tipo").notNull(),
    registro: jsonb("registro").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.idImportacion, t.fila] }),
    index("importacion_filas_institucion_idx").on(t.idImportacion, t.claveInstitucion, t.fila),
    index("importacion_filas_cedula_idx").on(t.idImportacion, t.cedula),
  ],
);

/** A run's report, one line per outcome (a refused row may have several), in the file's row order. */
export const importacionInforme = pgTable(
  "importacion_informe",
  {
    idLinea: bigserial("id_linea", { mode: "number" }).primaryKey(),
    idImportacion: integer("id_importacion")
      .notNull()
      .references(() => importaciones.idImportacion, { onDelete: "cascade" }),
    fila: integer("fila").notNull(),
    resultado: text("resultado").notNull(),
    institucion: text("institucion").notNull(),
    cedula: text("cedula").notNull(),
    tipo: text("tipo").notNull(),
    columna: text("columna").notNull(),
    mensaje: text("mensaje").notNull(),
  },
  (t) => [index("importacion_informe_orden_idx").on(t.idImportacion, t.fila, t.idLinea)],
);

/** The request that holds each institution's imported officials (created by the first import). */
export const importacionSolicitudes = pgTable("importacion_solicitudes", {
  idInstitucion: integer("id_institucion")
    .primaryKey()
    .references(() => instituciones.idInstitucion),
  idSolicitud: integer("id_solicitud")
    .notNull()
    .unique()
    .references(() => solicitudes.idSolicitud, { onDelete: "cascade" }),
});
// System keys (migration 0028): keys issued to a bank's or ministry's system for the verification
// API. Only the SHA-256 of the key is stored; the prefix (random, part of the key) finds the row.
export const clavesSistema = pgTable(
  "claves_sistema",
  {
    idClave: serial("id_clave").primaryKey(),
    nombre: text("nombre").notNull(),
    prefijo: text("prefijo").notNull(),
    hash: text("hash").notNull(),
    alcances: text("alcances").array().notNull(),
    /** Allowed addresses (CIDR); empty allows any. */
    direcciones: text("direcciones").array().notNull().default(sql`'{}'`),
    /** Last calendar day (in the country) the key may be used; null: no expiry. */
    expira: date("expira", { mode: "string" }),
    creada: tstz("creada").notNull().defaultNow(),
    /** Who issued it. */
    idUsuario: integer("id_usuario").references(() => usuarios.idUsuario, { onDelete: "set null" }),
    revocada: tstz("revocada"),
    ultimoUso: tstz("ultimo_uso"),
    ultimaDireccion: text("ultima_direccion"),
  },
  (t) => [uniqueIndex("claves_sistema_prefijo_idx").on(t.prefijo)],
);

// Change notifications (migration 0030): a key's subscriptions, the outbox of events for them and
// every delivery attempt.
export const suscripciones = pgTable(
  "suscripciones",
  {
    idSuscripcion: serial("id_suscripcion").primaryKey(),
    idClave: integer("id_clave")
      .notNull()
      .references(() => clavesSistema.idClave, { onDelete: "cascade" }),
    url: text("url").notNull(),
    instituciones: integer("instituciones").array().notNull(),
    /** The signing secret, encrypted (notificaciones/secreto.ts). */
    secreto: text("secreto").notNull(),
    creada: tstz("creada").notNull().defaultNow(),
    eliminada: tstz("eliminada"),
  },
  (t) => [index("suscripciones_clave_idx").on(t.idClave).where(sql`${t.eliminada} IS NULL`)],
);

export const notificaciones = pgTable(
  "notificaciones",
  {
    idNotificacion: bigserial("id_notificacion", { mode: "number" }).primaryKey(),
    idEvento: uuid("id_evento").notNull(),
    idSuscripcion: integer("id_suscripcion")
      .notNull()
      .references(() => suscripciones.idSuscripcion, { onDelete: "cascade" }),
    idFuncionario: integer("id_funcionario").notNull(),
    /** 1, 2, 3… per subscription and official: the order of delivery. */
    secuencia: integer("secuencia").notNull(),
    tipo: text("tipo").notNull(),
    /** The exact JSON body sent and signed. */
    carga: text("carga").notNull(),
    /** A sweep's key (the expiry of one official's end date for one subscription): written once. */
    clave: text("clave"),
    creado: tstz("creado").notNull().defaultNow(),
    /** Start of the retry window (the event's creation, or its replay). */
    desde: tstz("desde").notNull().defaultNow(),
    proximoIntento: tstz("proximo_intento").notNull().defaultNow(),
    /** A sender's lease: while in the future, no other sender takes the row. */
    reclamadoHasta: tstz("reclamado_hasta"),
    intentos: integer("intentos").notNull().default(0),
    entregado: tstz("entregado"),
    fallido: boolean("fallido").notNull().default(false),
    ultimoEstado: integer("ultimo_estado"),
    ultimoError: text("ultimo_error"),
  },
  (t) => [
    uniqueIndex("notificaciones_evento_idx").on(t.idEvento),
    uniqueIndex("notificaciones_orden_idx").on(t.idSuscripcion, t.idFuncionario, t.secuencia),
    uniqueIndex("notificaciones_clave_idx").on(t.clave),
    index("notificaciones_pendientes_idx").on(t.proximoIntento).where(sql`${t.entregado} IS NULL AND NOT ${t.fallido}`),
  ],
);

export const notificacionesIntentos = pgTable(
  "notificaciones_intentos",
  {
    idIntento: bigserial("id_intento", { mode: "number" }).primaryKey(),
    idNotificacion: bigint("id_notificacion", { mode: "number" })
      .notNull()
      .references(() => notificaciones.idNotificacion, { onDelete: "cascade" }),
    fecha: tstz("fecha").notNull(),
    duracionMs: integer("duracion_ms").notNull(),
    estadoHttp: integer("estado_http"),
    error: text("error"),
  },
  (t) => [index("notificaciones_intentos_idx").on(t.idNotificacion, t.idIntento)],
);

// Background tasks (migration 0044): the schedule and lease of each task one process at a time runs
// (tareas/planificador.ts).
export const tareasProgramadas = pgTable("tareas_programadas", {
  nombre: text("nombre").primaryKey(),
  proximo: tstz("proximo").notNull(),
  reclamadoHasta: tstz("reclamado_hasta"),
  reclamadoPor: text("reclamado_por"),
  intentos: integer("intentos").notNull().default(0),
  ultimoExito: tstz("ultimo_exito"),
  ultimoError: text("ultimo_error"),
});

// Signed documents (issue 38, migration 0041): trust anchors and CRLs of "Autoridades de
// confianza", joint-signature rules, the check's settings and its validation reports.
export const anclasConfianza = pgTable(
  "anclas_confianza",
  {
    idAncla: serial("id_ancla").primaryKey(),
    sujeto: text("sujeto").notNull(),
    emisor: text("emisor").notNull(),
    serie: text("serie").notNull(),
    validoDesde: tstz("valido_desde").notNull(),
    validoHasta: tstz("valido_hasta").notNull(),
    sha256: text("sha256").notNull(),
    der: bytea("der").notNull(),
    idUsuario: integer("id_usuario").references(() => usuarios.idUsuario, { onDelete: "set null" }),
    creada: tstz("creada").notNull().defaultNow(),
    retirada: tstz("retirada"),
    idUsuarioRetiro: integer("id_usuario_retiro").references(() => usuarios.idUsuario, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("anclas_confianza_sha256_uq").on(t.sha256).where(sql`"retirada" IS NULL`)],
);

export const crlsConfianza = pgTable(
  "crls_confianza",
  {
    idCrl: serial("id_crl").primaryKey(),
    emisor: text("emisor").notNull(),
    /** thisUpdate */
    emitida: tstz("emitida").notNull(),
    /** nextUpdate */
    proxima: tstz("proxima"),
    sha256: text("sha256").notNull(),
    der: bytea("der").notNull(),
    idUsuario: integer("id_usuario").references(() => usuarios.idUsuario, { onDelete: "set null" }),
    actualizada: tstz("actualizada").notNull().defaultNow(),
    retirada: tstz("retirada"),
    idUsuarioRetiro: integer("id_usuario_retiro").references(() => usuarios.idUsuario, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("crls_confianza_emisor_uq").on(t.emisor).where(sql`"retirada" IS NULL`)],
);

export const firmasConjuntas = pgTable(
  "firmas_conjuntas",
  {
    idInstitucion: integer("id_institucion")
      .notNull()
      .references(() => instituciones.idInstitucion, { onDelete: "cascade" }),
    idFirma: integer("id_firma")
      .notNull()
      .references(() => firmas.idFirma, { onDelete: "cascade" }),
    minimo: smallint("minimo").notNull(),
    idUsuario: integer("id_usuario").references(() => usuarios.idUsuario, { onDelete: "set null" }),
    actualizada: tstz("actualizada").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.idInstitucion, t.idFirma] })],
);

export const documentosAjustes = pgTable("documentos_ajustes", {
  clave: text("clave").primaryKey(),
  valor: text("valor").notNull(),
  idUsuario: integer("id_usuario").references(() => usuarios.idUsuario, { onDelete: "set null" }),
  actualizado: tstz("actualizado").notNull().defaultNow(),
});

export const informesDocumento = pgTable(
  "informes_documento",
  {
    idInforme: serial("id_informe").primaryKey(),
    codigoHash: text("codigo_hash").notNull(),
    resultado: jsonb("resultado").notNull(),
    firmadoPorAutorizados: boolean("firmado_por_autorizados").notNull(),
    idUsuario: integer("id_usuario").references(() => usuarios.idUsuario, { onDelete: "set null" }),
    idClave: integer("id_clave").references(() => clavesSistema.idClave, { onDelete: "set null" }),
    emitido: tstz("emitido").notNull().defaultNow(),
    /** The sealed report as first issued: every later download sends these same bytes. */
    pdf: bytea("pdf"),
    pdfSha256: text("pdf_sha256"),
    selloHuella: text("sello_huella"),
  },
  (t) => [
    uniqueIndex("informes_documento_codigo_uq").on(t.codigoHash),
    index("informes_documento_pdf_idx").on(t.pdfSha256),
  ],
);
