/**
 * Which notices a status change produces, as data plus one pure function: for a
 * transition, the groups of people told, with the title and text of their notice. No I/O here.
 */
import { type Accion, ESTATUS } from "@registro/contracts";

/** Who is told: the institution's originators, or the users of one review stage. */
export type Grupo = "originadores" | "analistas" | "juridicos" | "administradores";

export interface AvisoTransicion {
  grupo: Grupo;
  tipo: string;
  titulo: string;
  texto: string;
  /** Reasons and comment go with returns and rejections. */
  conMotivos: boolean;
}

export interface DatosTransicion {
  accion: Accion;
  desde: number;
  hacia: number;
  idSolicitud: number;
  institucion: string;
  incumbente: string;
  /** The officials a deactivation of chosen officials concerns, if any. */
  funcionarios?: string[];
}

/** The request's detail screen each group opens. */
export const ENLACE_GRUPO: Record<Grupo, (idSolicitud: number) => string> = {
  originadores: (id) => `/Originador/Detalles/${id}`,
  analistas: (id) => `/AnalistaRyCC/Analista/Detalles/${id}`,
  juridicos: (id) => `/Juridico/AnalistaLegal/Detalles/${id}`,
  administradores: (id) => `/AnalistaRyCC/Administrador/Detalles/${id}`,
};

/** What a notice's texts are built from: the request's number and who it is of. */
interface Contexto {
  t: DatosTransicion;
  /** "n.º 12" */
  n: string;
  /** "de Institución (incumbente: Nombre)" */
  de: string;
}

const aviso = (grupo: Grupo, tipo: string, titulo: string, texto: string, conMotivos = false): AvisoTransicion => ({
  grupo,
  tipo,
  titulo,
  texto,
  conMotivos,
});

/** Approved into force: a per-official deactivation, a reactivation, or a first approval. */
function avisoActiva({ t, n, de }: Contexto): AvisoTransicion {
  // A deactivation of chosen officials, approved: those officials end, the request stays active.
  if (t.accion === "inactivar")
    return aviso(
      "originadores",
      "funcionariosInactivados",
      `Funcionarios de la solicitud ${n} inactivados`,
      `Se aprobó la inactivación de ${(t.funcionarios ?? []).join("; ")} en la solicitud ${n} ${de}. Los demás funcionarios siguen activos.`,
    );
  const reactivada = t.desde === ESTATUS.INACTIVADO || t.desde === ESTATUS.SOLICITUD_INACTIVAR;
  return reactivada
    ? aviso(
        "originadores",
        "reactivada",
        `Firma de la solicitud ${n} reactivada`,
        `La firma de la solicitud ${n} ${de} fue reactivada y está en vigor.`,
      )
    : aviso(
        "originadores",
        "activada",
        `Solicitud ${n} aprobada: firma activa`,
        `La solicitud ${n} ${de} fue aprobada por el Administrador RyCC y la firma está activa.`,
      );
}

/** The notice of each status a request arrives at (one group told per status). */
const POR_DESTINO: Partial<Record<number, (c: Contexto) => AvisoTransicion>> = {
  [ESTATUS.RETORNADO_ANALISTA]: ({ n, de }) =>
    aviso(
      "originadores",
      "retornada",
      `Solicitud ${n} retornada por el Analista RyCC`,
      `La solicitud ${n} ${de} fue retornada por el Analista RyCC. Corríjala y envíela de nuevo.`,
      true,
    ),
  [ESTATUS.ACTIVA]: avisoActiva,
  [ESTATUS.INACTIVADO]: ({ n, de }) =>
    aviso(
      "originadores",
      "inactivada",
      `Firma de la solicitud ${n} inactivada`,
      `La firma de la solicitud ${n} ${de} fue inactivada por el Administrador RyCC.`,
    ),
  [ESTATUS.ENVIADO]: ({ n, de }) =>
    aviso(
      "analistas",
      "enviada",
      `Solicitud ${n} pendiente de revisión`,
      `La solicitud ${n} ${de} fue enviada y espera la revisión del Analista RyCC.`,
    ),
  [ESTATUS.RETORNADO_JURIDICO]: ({ n, de }) =>
    aviso(
      "analistas",
      "retornadaJuridico",
      `Solicitud ${n} retornada por Jurídico`,
      `La solicitud ${n} ${de} fue retornada por la revisión legal y espera de nuevo la revisión del Analista RyCC.`,
      true,
    ),
  [ESTATUS.APROBADO_ANALISTA]: ({ n, de }) =>
    aviso(
      "juridicos",
      "aprobadaAnalista",
      `Solicitud ${n} pendiente de revisión legal`,
      `La solicitud ${n} ${de} fue aprobada por el Analista RyCC y espera la revisión legal.`,
    ),
  [ESTATUS.RETORNADO_RYCC]: ({ n, de }) =>
    aviso(
      "juridicos",
      "retornadaAdministrador",
      `Solicitud ${n} retornada por el Administrador RyCC`,
      `La solicitud ${n} ${de} fue retornada por el Administrador RyCC y espera de nuevo la revisión legal.`,
      true,
    ),
  [ESTATUS.APROBADO_JURIDICO]: ({ n, de }) =>
    aviso(
      "administradores",
      "aprobadaJuridico",
      `Solicitud ${n} pendiente de aprobación`,
      `La solicitud ${n} ${de} fue aprobada por la revisión legal y espera la aprobación del Administrador RyCC.`,
    ),
  [ESTATUS.SOLICITUD_INACTIVAR]: ({ n, de }) =>
    aviso(
      "administradores",
      "solicitudInactivar",
      `Solicitud ${n}: inactivación solicitada`,
      `La institución pidió inactivar la firma de la solicitud ${n} ${de}.`,
    ),
};

export function avisosDeTransicion(t: DatosTransicion): AvisoTransicion[] {
  const c: Contexto = { t, n: `n.º ${t.idSolicitud}`, de: `de ${t.institucion} (incumbente: ${t.incumbente})` };
  // A legal rejection of a once-active request returns it to 106: the institution is told of the rejection.
  if (t.accion === "rechazarJuridico")
    return [
      aviso(
        "originadores",
        "rechazada",
        `Solicitud ${c.n} rechazada por Jurídico`,
        `La solicitud ${c.n} ${c.de} fue rechazada por la revisión legal.`,
        true,
      ),
    ];
  if (t.desde === t.hacia) return [];
  const f = POR_DESTINO[t.hacia];
  return f ? [f(c)] : [];
}

/** "Motivos: …" and "Comentario: …" lines of a return or rejection. */
export function detalleMotivos(motivos: string[], comentario: string): string {
  const lineas: string[] = [];
  if (motivos.length > 0) lineas.push(`Motivos: ${motivos.join("; ")}.`);
  if (comentario) lineas.push(`Comentario: ${comentario}`);
  return lineas.join("\n");
}
