/**
 * Demo requests in every status of DESIGN.md §4 (DESIGN.md §7), spread over the demo institutions,
 * each with its incumbent, officials, signatures, the four documents (request and officials), and a
 * history that walks the workflow's transition table step by step up to its current status, with
 * reasons and comments on returns and rejections. Deterministic (seeded), written in one transaction.
 *
 * Longer than 300 lines: one deterministic walk over the workflow's table, whose builders share
 * one seeded random stream and one transaction.
 */
import crypto from "node:crypto";
import { type CodigoEstatus, ESTATUS, ESTATUS_FUNCIONARIO, type Rol, TRANSICIONES } from "@registro/contracts";
import { inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import {
  adjuntos,
  cargos,
  funcionarioFirmas,
  funcionarios,
  historial,
  historialMotivos,
  incumbentes,
  instituciones,
  solicitudes,
} from "../db/schema.js";
import { autorizacionesDesdeHistorial } from "../registro/registro.repository.js";
import { relojDelSistema } from "../shared/tiempo.js";
import { fotoSolicitud, guardarFoto } from "../solicitudes/cambios.repository.js";
import { pdfDocumentoMuestra, pngCedulaMuestra } from "./archivos-muestra.js";
import { MOTIVOS, TIPOS_FIRMA } from "./catalogos.js";
import type { DemoContext } from "./demo-datos.js";
import type { Persona } from "./padron.js";

type UsuarioDemo = keyof DemoContext["usuarios"];

/** One demo request: its institution (index in ctx.instituciones) and the statuses it went through. */
interface Plan {
  inst: number;
  ruta: readonly CodigoEstatus[];
  funcionarios: number;
  /** Officials added to the active request and sent again (paths through 106 → 101). */
  agregados?: number;
  /** The reviewer holding it now (only in 101, 204, 102, 103). */
  asignado?: UsuarioDemo;
  /** Which analyst and legal analyst took the earlier steps: 0 → analista/juridico, 1 → the "2"s. */
  equipo?: 0 | 1;
  /** The first official's temporary signature has already expired. */
  vencida?: boolean;
  /** The second official's temporary signature ends in twelve days ("Por vencer"). */
  porVencer?: boolean;
}

const { PENDIENTE_ENVIAR: P202, ENVIADO: E101, RETORNADO_ANALISTA: R108, APROBADO_ANALISTA: A102 } = ESTATUS;
const { RETORNADO_JURIDICO: R204, RECHAZADO_JURIDICO: X104, APROBADO_JURIDICO: A105 } = ESTATUS;
const { RETORNADO_RYCC: R103, ACTIVA: A106, SOLICITUD_INACTIVAR: S203, INACTIVADO: I201 } = ESTATUS;

const ACTIVA = [P202, E101, A102, A105, A106] as const;
const RUTAS = {
  creada: [P202],
  enviada: [P202, E101],
  reenviada: [P202, E101, R108, E101],
  retornada: [P202, E101, R108],
  aprobadaRycc: [P202, E101, A102],
  reaprobadaRycc: [P202, E101, A102, R204, A102],
  retornadaJuridico: [P202, E101, A102, R204],
  rechazada: [P202, E101, A102, X104],
  aprobadaJuridico: [P202, E101, A102, A105],
  retornadaAdmin: [P202, E101, A102, A105, R103],
  activa: ACTIVA,
  activaTrasRetorno: [P202, E101, R108, E101, A102, A105, A106],
  reactivada: [...ACTIVA, S203, I201, A106],
  agregadosRechazados: [...ACTIVA, E101, A102, X104, A106],
  agregadosEnviados: [...ACTIVA, E101],
  agregadosAprobadosJuridico: [...ACTIVA, E101, A102, A105],
  porInactivar: [...ACTIVA, S203],
  inactivada: [...ACTIVA, S203, I201],
} satisfies Record<string, readonly CodigoEstatus[]>;

/** Institution 0 is originador's, 1 is originador2's (DemoContext). */
const PLAN: readonly Plan[] = [
  { inst: 0, ruta: RUTAS.creada, funcionarios: 2 },
  { inst: 0, ruta: RUTAS.creada, funcionarios: 1 },
  { inst: 0, ruta: RUTAS.retornada, funcionarios: 2 },
  { inst: 0, ruta: RUTAS.enviada, funcionarios: 1 },
  { inst: 0, ruta: RUTAS.reenviada, funcionarios: 2, asignado: "analista" },
  { inst: 0, ruta: RUTAS.retornadaJuridico, funcionarios: 1, asignado: "analista2", equipo: 1 },
  { inst: 0, ruta: RUTAS.aprobadaRycc, funcionarios: 2, asignado: "juridico" },
  { inst: 0, ruta: RUTAS.rechazada, funcionarios: 1 },
  { inst: 0, ruta: RUTAS.aprobadaJuridico, funcionarios: 3, equipo: 1 },
  { inst: 0, ruta: RUTAS.retornadaAdmin, funcionarios: 1 },
  // Each demo originator's institution has an expired official and one whose signature ends soon.
  { inst: 0, ruta: RUTAS.activa, funcionarios: 2, vencida: true, porVencer: true },
  { inst: 0, ruta: RUTAS.activaTrasRetorno, funcionarios: 1, equipo: 1 },
  { inst: 0, ruta: RUTAS.porInactivar, funcionarios: 2 },
  { inst: 0, ruta: RUTAS.inactivada, funcionarios: 1, equipo: 1 },

  { inst: 1, ruta: RUTAS.creada, funcionarios: 1 },
  { inst: 1, ruta: RUTAS.retornada, funcionarios: 1, equipo: 1 },
  { inst: 1, ruta: RUTAS.enviada, funcionarios: 2, asignado: "analista2" },
  { inst: 1, ruta: RUTAS.aprobadaRycc, funcionarios: 1, equipo: 1 },
  { inst: 1, ruta: RUTAS.retornadaJuridico, funcionarios: 2 },
  { inst: 1, ruta: RUTAS.aprobadaJuridico, funcionarios: 1 },
  { inst: 1, ruta: RUTAS.activa, funcionarios: 3, equipo: 1, vencida: true, porVencer: true },
  { inst: 1, ruta: RUTAS.reactivada, funcionarios: 1 },
  { inst: 1, ruta: RUTAS.porInactivar, funcionarios: 1, equipo: 1 },
  { inst: 1, ruta: RUTAS.inactivada, funcionarios: 2 },
  { inst: 1, ruta: RUTAS.agregadosEnviados, funcionarios: 1, agregados: 1 },

  { inst: 2, ruta: RUTAS.enviada, funcionarios: 3 },
  { inst: 2, ruta: RUTAS.reaprobadaRycc, funcionarios: 2, asignado: "juridico2", equipo: 1 },
  { inst: 2, ruta: RUTAS.retornadaAdmin, funcionarios: 1, asignado: "juridico" },
  { inst: 2, ruta: RUTAS.rechazada, funcionarios: 2, equipo: 1 },
  { inst: 2, ruta: RUTAS.agregadosRechazados, funcionarios: 1, agregados: 2 },
  { inst: 2, ruta: RUTAS.agregadosAprobadosJuridico, funcionarios: 2, agregados: 1, equipo: 1 },
  { inst: 2, ruta: RUTAS.inactivada, funcionarios: 1 },

  { inst: 3, ruta: RUTAS.creada, funcionarios: 1 },
  { inst: 3, ruta: RUTAS.retornada, funcionarios: 2 },
  { inst: 3, ruta: RUTAS.retornadaJuridico, funcionarios: 1, equipo: 1 },
  { inst: 3, ruta: RUTAS.activa, funcionarios: 2 },
  { inst: 3, ruta: RUTAS.porInactivar, funcionarios: 1, equipo: 1 },

  { inst: 4, ruta: RUTAS.enviada, funcionarios: 1, asignado: "analista" },
  { inst: 4, ruta: RUTAS.aprobadaRycc, funcionarios: 2 },
  { inst: 4, ruta: RUTAS.aprobadaJuridico, funcionarios: 1, equipo: 1 },
  { inst: 4, ruta: RUTAS.activa, funcionarios: 3, vencida: true },

  { inst: 5, ruta: RUTAS.reenviada, funcionarios: 1, equipo: 1 },
  { inst: 5, ruta: RUTAS.retornadaAdmin, funcionarios: 2 },
  { inst: 5, ruta: RUTAS.activa, funcionarios: 1, equipo: 1 },
  { inst: 5, ruta: RUTAS.rechazada, funcionarios: 1 },
];

/** The incumbent's position by institution (the highest authority of each). */
const CARGO_INCUMBENTE = ["Ministro", "Alcalde", "Ministro", "Director General", "Director General", "Alcalde"];

const COMENTARIOS_SOLICITUD = [
  "Registro de las firmas autorizadas para el ejercicio fiscal 2026.",
  "Actualización de firmas por cambio en la dirección financiera.",
  "Solicitud de registro de firmas de los nuevos funcionarios designados.",
  "Registro de firmas para pagos y contrataciones de la institución.",
];

const COMENTARIOS_RETORNO: Record<number, readonly string[]> = {
  [R108]: [
    "La copia de la cédula del funcionario no incluye el reverso; favor adjuntarla completa.",
    "El oficio no indica el cargo del funcionario propuesto. Corregir y reenviar.",
    "Los especímenes de la tarjeta de firmas salen de los recuadros.",
  ],
  [R204]: [
    "Se requiere que RyCC verifique nuevamente la designación del funcionario.",
    "La vigencia solicitada excede el período de la designación; revisar con la institución.",
  ],
  [X104]: [
    "El decreto de designación adjunto no corresponde al funcionario propuesto.",
    "El oficio no está firmado por la máxima autoridad de la institución.",
  ],
  [R103]: ["El rango de montos de la firma limitada requiere una revisión jurídica adicional."],
};

const JUSTIFICACIONES = [
  "El funcionario cesó en sus funciones por renuncia aceptada mediante la acción de personal adjunta.",
  "Cambio de autoridades en la institución: se solicita inactivar las firmas registradas.",
  "El funcionario fue trasladado a otra dependencia y ya no administra fondos de la institución.",
];

/** Reasons of each return or rejection, by the status it leads to (class and status as catalogued). */
const MOTIVOS_POR_ESTATUS: Record<number, number[]> = Object.fromEntries(
  [R108, R204, X104, R103].map((e) => [e, MOTIVOS.filter((m) => m.idEstatusProceso === e).map((m) => m.idMotivo)]),
);

const ID_FIRMAS = TIPOS_FIRMA.flatMap((t) => t.firmas.map((_, i) => t.idTipoFirma * 100 + i + 1));

const DIA = 86_400_000;

/** mulberry32: a small seeded generator, so every new demo database looks the same. */
function generador(semilla: number) {
  let a = semilla >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    entero: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    uno: <T>(lista: readonly T[]): T => lista[Math.floor(next() * lista.length)],
    varios: <T>(lista: readonly T[], n: number): T[] => {
      const copia = [...lista];
      const out: T[] = [];
      while (out.length < n && copia.length > 0) out.push(copia.splice(Math.floor(next() * copia.length), 1)[0]);
      return out;
    },
  };
}
type Generador = ReturnType<typeof generador>;

/** Who takes the step `desde → hacia`, read from the workflow's transition table. */
function rolDelPaso(desde: CodigoEstatus | null, hacia: CodigoEstatus, fueActiva: boolean): Rol {
  if (desde === null) return "originador";
  // A legal rejection of a once-active request is written as 104 and then 106 (transiciones.service).
  if (desde === X104 && hacia === A106 && fueActiva) return "juridico";
  const t = TRANSICIONES.find((x) => (x.desde as readonly number[]).includes(desde) && x.hacia === hacia);
  if (!t) throw new Error(`Demo plan has an impossible step ${desde} → ${hacia}`);
  return t.rol;
}

const fechaIso = (d: Date) => d.toISOString().slice(0, 10);
const fechaTexto = (d: Date) => d.toLocaleDateString("es-ES", { day: "numeric", month: "long", year: "numeric" });

function telefono(r: Generador): string {
  return `(${r.uno(["809", "829", "849"])}) ${r.entero(200, 999)}-${String(r.entero(0, 9999)).padStart(4, "0")}`;
}

interface Archivo {
  tipoAdjunto: string;
  nombre: string;
  mime: string;
  tamano: number;
  sha256: string;
  contenido: Buffer;
  creado: Date;
}

const cedulasPng = new Map<number, Buffer>();

/** A stored file as an upload would leave it: sniffed type, size and SHA-256 of its bytes. */
async function archivo(tipoAdjunto: string, nombre: string, contenido: Buffer, creado: Date): Promise<Archivo> {
  const { fileTypeFromBuffer } = await import("file-type");
  const tipo = await fileTypeFromBuffer(contenido);
  if (!tipo) throw new Error(`Demo file ${nombre} has no recognisable type`);
  return {
    tipoAdjunto,
    nombre: `${nombre}.${tipo.ext}`,
    mime: tipo.mime,
    tamano: contenido.length,
    sha256: crypto.createHash("sha256").update(contenido).digest("hex"),
    contenido,
    creado,
  };
}

interface DatosPersona {
  persona: Persona;
  cargo: string;
}

/** The four documents of a request or an official: oficio, cédula, designation and signature card. */
async function cuatroDocumentos(
  quien: DatosPersona,
  institucion: string,
  autoridad: DatosPersona,
  creado: Date,
  variante: number,
  sufijo: string,
): Promise<Archivo[]> {
  const nombre = `${quien.persona.nombres} ${quien.persona.apellidos}`;
  const png = cedulasPng.get(variante % 6) ?? pngCedulaMuestra(variante % 6);
  cedulasPng.set(variante % 6, png);
  return Promise.all([
    archivo(
      "Oficio",
      `Oficio de solicitud${sufijo}`,
      pdfDocumentoMuestra("Oficio", [
        institucion,
        `Santo Domingo, ${fechaTexto(creado)}`,
        "",
        "Señores",
        "Contraloría General de la República",
        "Departamento de Registro y Control de Cuentas (RyCC)",
        "",
        `Por medio de la presente solicitamos el registro de la firma de ${nombre},`,
        `cédula ${quien.persona.cedula}, quien ocupa el cargo de ${quien.cargo}.`,
        "",
        "Atentamente,",
        "",
        `${autoridad.persona.nombres} ${autoridad.persona.apellidos}`,
        autoridad.cargo,
      ]),
      creado,
    ),
    archivo("Cedula", `Cédula ${nombre}`, png, creado),
    archivo(
      "Designacion",
      `Designación ${nombre}`,
      pdfDocumentoMuestra("Acción de personal - Designación", [
        institucion,
        "",
        `Se designa a ${nombre}, cédula ${quien.persona.cedula},`,
        `en el cargo de ${quien.cargo}, con efectividad a partir de la fecha de toma de posesión.`,
        "",
        `Dado en Santo Domingo, ${fechaTexto(new Date(creado.getTime() - 30 * DIA))}.`,
      ]),
      creado,
    ),
    archivo(
      "Tarjeta",
      `Tarjeta de firmas ${nombre}`,
      pdfDocumentoMuestra("Tarjeta de Firmas", [
        `Institución: ${institucion}`,
        `Nombre: ${nombre}`,
        `Cédula: ${quien.persona.cedula}`,
        `Cargo: ${quien.cargo}`,
        "",
        "Firma 1: ______________________",
        "Firma 2: ______________________",
        "Firma 3: ______________________",
        "",
        `Máxima autoridad: ${autoridad.persona.nombres} ${autoridad.persona.apellidos}`,
      ]),
      creado,
    ),
  ]);
}

interface FuncionarioDemo {
  persona: Persona;
  idCargo: number;
  cargo: string;
  telefono: string;
  comentario: string;
  firmaDigital: boolean;
  firmaVigencia: boolean;
  firmaRango: boolean;
  montoDesde: string | null;
  montoHasta: string | null;
  fechaDesde: string | null;
  fechaHasta: string | null;
  idEstatus: number;
  enviado: boolean;
  creado: Date;
  firmas: number[];
  documentos: Archivo[];
}

/** Everything one request needs, built before the transaction opens so it stays short. */
interface SolicitudPreparada {
  incumbente: typeof incumbentes.$inferInsert;
  solicitud: Omit<typeof solicitudes.$inferInsert, "idIncumbente">;
  funcs: FuncionarioDemo[];
  pasos: PasoDemo[];
  documentos: Archivo[];
}

interface PasoDemo {
  estatus: CodigoEstatus;
  fecha: Date;
  comentario: string;
  idUsuario: number | null;
  motivos: number[];
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one seeded random sequence draws every request, official and step in a fixed order: split, the draws would be spread across functions and the demo data would change
export async function seedSolicitudesDemo(db: Db, ctx: DemoContext, personas: Persona[]): Promise<void> {
  const r = generador(20260415);
  const ahora = relojDelSistema().getTime();
  const todosCargos = await db.select().from(cargos);
  const insts = await db.select().from(instituciones).where(inArray(instituciones.idInstitucion, ctx.instituciones));
  const cargosFuncionario = todosCargos.filter((c) => c.tipo === 2 && c.estatus);
  const cargoIncumbente = (i: number) =>
    todosCargos.find((c) => c.tipo === 1 && c.nombre === CARGO_INCUMBENTE[i]) ?? todosCargos.find((c) => c.tipo === 1)!;
  const institucion = (i: number) => insts.find((x) => x.idInstitucion === ctx.instituciones[i])!;
  const originadorDe = (i: number) => (i === 0 ? ctx.usuarios.originador : i === 1 ? ctx.usuarios.originador2 : null);

  // The same highest authority signs every request of an institution; officials are all distinct.
  const autoridades = ctx.instituciones.map((_, i) => ({ persona: personas[i], cargo: cargoIncumbente(i).nombre }));
  let siguientePersona = ctx.instituciones.length;
  const nuevaPersona = () => {
    if (siguientePersona >= personas.length) throw new Error("Demo padrón has too few people");
    return personas[siguientePersona++];
  };

  const preparadas: SolicitudPreparada[] = [];
  for (const [n, plan] of PLAN.entries()) {
    const inst = institucion(plan.inst);
    const autoridad = autoridades[plan.inst];
    const equipo = plan.equipo ?? 0;
    const usuarioDe: Record<Rol, number | null> = {
      originador: originadorDe(plan.inst),
      analista: equipo === 0 ? ctx.usuarios.analista : ctx.usuarios.analista2,
      juridico: equipo === 0 ? ctx.usuarios.juridico : ctx.usuarios.juridico2,
      administrador: ctx.usuarios.administrador,
    };

    // Step dates go forward in working hours over the past weeks and end before today. The plan
    // whose first official has expired (five days ago) ends a month earlier, so that official was
    // authorised before the end of its validity, as the workflow would have required.
    const saltos = plan.ruta.map((_, i) => (i === 0 ? 0 : r.entero(6, 72) * 3_600_000));
    const total = saltos.reduce((a, b) => a + b, 0);
    const antelacion = plan.vencida ? 30 * DIA : 0;
    let t = ahora - total - antelacion - r.entero(1, 20) * DIA - r.entero(1, 8) * 3_600_000;

    const funcs: FuncionarioDemo[] = [];
    const nuevoFuncionario = async (creado: Date, i: number): Promise<FuncionarioDemo> => {
      const persona = nuevaPersona();
      const cargo = r.uno(cargosFuncionario);
      const vence = plan.vencida && i === 0;
      const porVencer = plan.porVencer === true && i === 1;
      const temporal = vence ? true : r.next() < 0.4 || porVencer;
      const limitado = r.next() < 0.5;
      const desde = vence ? new Date(creado.getTime() - 200 * DIA) : creado;
      const hasta = vence
        ? new Date(ahora - 5 * DIA)
        : porVencer
          ? new Date(ahora + 12 * DIA)
          : new Date(desde.getTime() + r.entero(180, 540) * DIA);
      const montoHasta = r.uno([250_000, 500_000, 1_000_000, 2_500_000]);
      return {
        persona,
        idCargo: cargo.idCargo,
        cargo: cargo.nombre,
        telefono: telefono(r),
        comentario: r.next() < 0.3 ? "Firma requerida para la ejecución presupuestaria del período." : "",
        firmaDigital: r.next() < 0.3,
        firmaVigencia: temporal,
        firmaRango: limitado,
        montoDesde: limitado ? (r.next() < 0.5 ? "0.00" : "1000.00") : null,
        montoHasta: limitado ? `${montoHasta}.00` : null,
        fechaDesde: temporal ? fechaIso(desde) : null,
        fechaHasta: temporal ? fechaIso(hasta) : null,
        idEstatus: ESTATUS_FUNCIONARIO.PENDIENTE,
        enviado: false,
        creado,
        firmas: r.varios(ID_FIRMAS, r.entero(1, 3)).sort((a, b) => a - b),
        documentos: await cuatroDocumentos(
          { persona, cargo: cargo.nombre },
          inst.nombre,
          autoridad,
          creado,
          n + i,
          ` - ${persona.nombres.split(" ")[0]} ${persona.apellidos.split(" ")[0]}`,
        ),
      };
    };

    // Walk the path: history entries, and the officials' statuses as the workflow moves them.
    const pasos: PasoDemo[] = [];
    let fueActiva = false;
    let justificacion: string | null = null;
    let evidencia: Archivo | null = null;
    for (const [i, hacia] of plan.ruta.entries()) {
      t += saltos[i];
      const fecha = new Date(t);
      const desde = i === 0 ? null : plan.ruta[i - 1];
      const rol = rolDelPaso(desde, hacia, fueActiva);
      let comentario = "";
      let motivos: number[] = [];
      if (hacia in COMENTARIOS_RETORNO && !(desde === X104 && hacia === A106)) {
        comentario = r.uno(COMENTARIOS_RETORNO[hacia]);
        motivos = r.varios(MOTIVOS_POR_ESTATUS[hacia], r.entero(1, 2)).sort((a, b) => a - b);
      }
      if (desde === null) {
        for (let k = 0; k < plan.funcionarios; k++) funcs.push(await nuevoFuncionario(fecha, k));
      }
      if (desde === A106 && hacia === E101) {
        const agregado = new Date(t - 2 * 3_600_000);
        for (let k = 0; k < (plan.agregados ?? 1); k++) funcs.push(await nuevoFuncionario(agregado, funcs.length));
      }
      if (hacia === E101) for (const f of funcs) f.enviado = true;
      if (desde === A105 && hacia === A106) {
        for (const f of funcs)
          if (f.idEstatus === ESTATUS_FUNCIONARIO.PENDIENTE) f.idEstatus = ESTATUS_FUNCIONARIO.ACTIVO;
      }
      if (desde === X104 && hacia === A106) {
        for (const f of funcs)
          if (f.idEstatus === ESTATUS_FUNCIONARIO.PENDIENTE) f.idEstatus = ESTATUS_FUNCIONARIO.INACTIVO;
        // Written together with the rejection, by the same person, right after it.
        t = pasos[pasos.length - 1].fecha.getTime() + 1000;
      }
      if (hacia === S203) {
        justificacion = r.uno(JUSTIFICACIONES);
        comentario = justificacion;
        evidencia = await archivo(
          "Evidencia",
          "Evidencia de inactivación",
          pdfDocumentoMuestra("Evidencia de inactivación", [
            inst.nombre,
            `Santo Domingo, ${fechaTexto(fecha)}`,
            "",
            justificacion,
          ]),
          fecha,
        );
      }
      if (hacia === A106) fueActiva = true;
      pasos.push({ estatus: hacia, fecha: new Date(t), comentario, idUsuario: usuarioDe[rol], motivos });
    }

    const actual = plan.ruta[plan.ruta.length - 1];
    const creado = pasos[0].fecha;
    const incumbente = {
      idInstitucion: inst.idInstitucion,
      cedula: autoridad.persona.cedula,
      nombres: autoridad.persona.nombres,
      apellidos: autoridad.persona.apellidos,
      codCargo: cargoIncumbente(plan.inst).idCargo,
      telefono: inst.telefono || telefono(r),
      firmaDigital: r.next() < 0.3,
    };
    const documentos = await cuatroDocumentos(autoridad, inst.nombre, autoridad, creado, n, "");
    preparadas.push({
      incumbente,
      solicitud: {
        idInstitucion: inst.idInstitucion,
        estatus: actual,
        comentario: r.uno(COMENTARIOS_SOLICITUD),
        instDireccion: inst.direccion,
        instTelefono: inst.telefono,
        instExt: inst.ext,
        instTelefono2: inst.telefono2,
        instExt2: inst.ext2,
        fechaSolicitud: creado,
        fechaActualizacion: pasos[pasos.length - 1].fecha,
        asignadoA: plan.asignado ? ctx.usuarios[plan.asignado] : null,
        // The demo's reviewer took it when it reached the stage.
        asignadoDesde: plan.asignado ? pasos[pasos.length - 1].fecha : null,
        creadoPor: originadorDe(plan.inst),
        fueActiva,
        justificacionInactivacion: justificacion,
        decididoJuridico: plan.ruta.some((e) => e === A105 || e === R204 || e === X104),
      },
      funcs,
      pasos,
      documentos: evidencia ? [...documentos, evidencia] : documentos,
    });
  }

  await db.transaction(async (tx) => {
    for (const p of preparadas) await insertarSolicitud(tx, p);
    // Demo data is written straight into the tables: its authorisation periods come from its history.
    await autorizacionesDesdeHistorial(tx);
  });
}

async function insertarSolicitud(tx: Tx, p: SolicitudPreparada): Promise<void> {
  const [inc] = await tx.insert(incumbentes).values(p.incumbente).returning({ id: incumbentes.idIncumbente });
  const [sol] = await tx
    .insert(solicitudes)
    .values({ ...p.solicitud, idIncumbente: inc.id })
    .returning({ id: solicitudes.idSolicitud });
  const idSolicitud = sol.id;
  const filas = await tx
    .insert(funcionarios)
    .values(
      p.funcs.map((f) => ({
        idSolicitud,
        cedula: f.persona.cedula,
        nombres: f.persona.nombres,
        apellidos: f.persona.apellidos,
        codCargo: f.idCargo,
        telefono: f.telefono,
        comentario: f.comentario,
        firmaDigital: f.firmaDigital,
        firmaVigencia: f.firmaVigencia,
        firmaRango: f.firmaRango,
        montoDesde: f.montoDesde,
        montoHasta: f.montoHasta,
        fechaDesde: f.fechaDesde,
        fechaHasta: f.fechaHasta,
        idEstatus: f.idEstatus,
        enviado: f.enviado,
        creado: f.creado,
      })),
    )
    .returning({ id: funcionarios.idFuncionario });
  await tx
    .insert(funcionarioFirmas)
    .values(p.funcs.flatMap((f, i) => f.firmas.map((idFirma) => ({ idFuncionario: filas[i].id, idFirma }))));
  await tx
    .insert(adjuntos)
    .values([
      ...p.documentos.map((d) => ({ ...d, idSolicitud })),
      ...p.funcs.flatMap((f, i) => f.documentos.map((d) => ({ ...d, idSolicitud, idFuncionario: filas[i].id }))),
    ]);
  const entradas = await tx
    .insert(historial)
    .values(
      p.pasos.map((s) => ({
        idSolicitud,
        estatus: s.estatus,
        fecha: s.fecha,
        motivoCambioEstatus: s.comentario,
        idUsuario: s.idUsuario,
      })),
    )
    .returning({ id: historial.idHistorial });
  const motivos = p.pasos.flatMap((s, i) => s.motivos.map((idMotivo) => ({ idHistorial: entradas[i].id, idMotivo })));
  if (motivos.length > 0) await tx.insert(historialMotivos).values(motivos);
  await fotosDeRetornos(tx, idSolicitud, p, entradas);
}

/**
 * What a returned demo request looked like at its returns: the request as it is, except for what
 * the institution corrected before sending it again (the incumbent's phone and the Oficio), so the
 * reviewers' "Cambios" tab has something to show.
 */
async function fotosDeRetornos(tx: Tx, idSolicitud: number, p: SolicitudPreparada, entradas: { id: number }[]) {
  const retornos = p.pasos.flatMap((s, i) => (s.estatus === R108 ? [i] : []));
  if (retornos.length === 0) return;
  const ahora = await fotoSolicitud(tx, idSolicitud);
  if (!ahora) return;
  for (const i of retornos) {
    const reenviada = i < p.pasos.length - 1;
    const foto = reenviada
      ? {
          ...ahora,
          campos: { ...ahora.campos, "Teléfono del incumbente": "(809) 555-0000" },
          documentos: { ...ahora.documentos, Oficio: { nombre: "oficio-sin-firma.pdf", sha256: "0".repeat(64) } },
        }
      : ahora;
    await guardarFoto(tx, entradas[i].id, idSolicitud, foto);
  }
}
