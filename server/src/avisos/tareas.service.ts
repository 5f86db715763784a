/**
 * The once-a-day tasks: the expiry sweep (notices when an official's signature enters "Por vencer"
 * and when it expires, each once for the same official and end date) and the daily summaries of
 * reviewers who chose one. The day's row in `tareas_diarias` makes them run once per day across
 * processes; a process that starts after a missed day runs them at once.
 */
import { MSG } from "@registro/contracts";
import type { Db } from "../db/client.js";
import { encolarEventos } from "../notificaciones/eventos.js";
import { fechaLocal, fechaTexto, type Reloj, sumarDias } from "../shared/tiempo.js";
import * as avisosRepo from "./avisos.repository.js";
import { preferenciaEfectiva } from "./avisos.service.js";
import { ENLACE_GRUPO } from "./eventos.js";
import { asuntoResumen } from "./plantillas.js";
import * as repo from "./tareas.repository.js";

const TAREA = "avisos";

/**
 * "ejecutada": this call ran today's tasks; "hecha": a process already had; "ocupada": another
 * process is running them right now (ask again later: its transaction may still fail).
 */
export type ResultadoDiario = "ejecutada" | "hecha" | "ocupada";

/** Runs today's tasks unless another process already has or is doing so. */
export async function tareasDelDia(db: Db, diasAviso: number, reloj: Reloj): Promise<ResultadoDiario> {
  const hoy = fechaLocal(reloj());
  return db.transaction(async (tx) => {
    // Without this lock a second process would wait on the day's key until the first one's sweep
    // commits, and on PostgreSQL a long sweep makes that wait end in a statement timeout.
    if (!(await repo.bloquearTareas(tx))) return "ocupada";
    if (!(await repo.reclamarDia(tx, TAREA, hoy))) return "hecha";
    await barrerVencimientos(tx, hoy, diasAviso);
    await encolarResumenes(tx);
    return "ejecutada";
  });
}

/** True when this call ran today's tasks. */
export async function ejecutarTareasDiarias(db: Db, diasAviso: number, reloj: Reloj): Promise<boolean> {
  return (await tareasDelDia(db, diasAviso, reloj)) === "ejecutada";
}

/**
 * Officials whose end date is within `diasAviso` days ("Por vencer") or passed within the last
 * `diasAviso` days ("Vencida"; older ones were told before, or predate notices). The unique key
 * per state, official, end date and user makes a repeated sweep write nothing new.
 */
async function barrerVencimientos(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], hoy: string, diasAviso: number) {
  const lista = await repo.funcionariosPorVencer(tx, sumarDias(hoy, -diasAviso), sumarDias(hoy, diasAviso), hoy);
  const originadores = new Map<number, Awaited<ReturnType<typeof avisosRepo.destinatarios>>>();
  const nuevos: avisosRepo.NuevoAviso[] = [];
  for (const f of lista) {
    const fechaHasta = f.fechaHasta!;
    const vencida = fechaHasta < hoy;
    if (!originadores.has(f.idInstitucion)) {
      originadores.set(f.idInstitucion, await avisosRepo.destinatarios(tx, "originadores", f.idInstitucion, null));
    }
    const nombre = `${f.nombres} ${f.apellidos} (${f.cedula})`;
    const estado = vencida ? "vencida" : "porVencer";
    const titulo = vencida
      ? `Firma vencida: ${f.nombres} ${f.apellidos}`
      : `Firma por vencer: ${f.nombres} ${f.apellidos}`;
    const texto = vencida
      ? `La firma de ${nombre}, ${f.cargo}, en la solicitud n.º ${f.idSolicitud}, venció el ${fechaTexto(fechaHasta)}. Si debe seguir firmando, inicie una renovación desde la solicitud.`
      : `La firma de ${nombre}, ${f.cargo}, en la solicitud n.º ${f.idSolicitud}, vence el ${fechaTexto(fechaHasta)}. Si debe seguir firmando, inicie una renovación desde la solicitud.`;
    for (const d of originadores.get(f.idInstitucion)!) {
      nuevos.push({
        idUsuario: d.idUsuario,
        idSolicitud: f.idSolicitud,
        tipo: estado,
        titulo,
        texto,
        detalle: "",
        enlace: ENLACE_GRUPO.originadores(f.idSolicitud),
        correo: preferenciaEfectiva(d.preferenciaCorreo, d.esOriginador),
        clave: `${estado}:${f.idFuncionario}:${fechaHasta}:${d.idUsuario}`,
      });
    }
  }
  await avisosRepo.insertarAvisos(tx, nuevos);
  // Subscribed systems are told of each expiry once per end date (the event's key), in this transaction.
  await encolarEventos(
    tx,
    lista
      .filter((f) => f.fechaHasta! < hoy)
      .map((f) => ({
        idFuncionario: f.idFuncionario,
        tipo: "vencido" as const,
        motivo: MSG.eventoVencido(fechaTexto(f.fechaHasta!)),
        clave: `vencido:${f.idFuncionario}:${f.fechaHasta}`,
      })),
  );
}

async function encolarResumenes(tx: Parameters<Parameters<Db["transaction"]>[0]>[0]) {
  for (const u of await repo.usuariosConResumen(tx)) {
    const quiere = preferenciaEfectiva(u.preferenciaCorreo, false) !== "ninguno";
    await repo.encolarResumen(tx, u.idUsuario, (n) => (quiere ? asuntoResumen(n) : null));
  }
}
