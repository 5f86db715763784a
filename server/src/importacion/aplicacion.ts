/**
 * The apply of an import run: writes the creations and updates in the caller's transaction, a group
 * of institutions at a time (each group planned again inside the transaction, from the staged rows
 * and the registry as the transaction sees it), then the signature cards: a card's bytes go in with
 * the rows that reference them, so a failed or killed apply leaves none. History lines and webhook
 * events are written a batch at a time; the requests touched are dated once at the end.
 */
import { MSG, MSG_IMPORTACION, TIPO_IMPORTACION } from "@registro/contracts";
import type { Tx } from "../db/client.js";
import { type CambioFuncionario, encolarEventos } from "../notificaciones/eventos.js";
import { montoTexto } from "../verificacion/decision.js";
import * as repo from "./importacion.repository.js";
import { normalizarNombre } from "./lector.js";
import type { OpcionesImportacion } from "./opciones.js";
import { claveInstitucion, type Decision, idsInstitucion, type Plan, planear } from "./plan.js";
import { tajadas } from "./tajadas.js";
import { type Adjuntar, escribirTarjetas } from "./tarjetas.js";
import type { RegistroImportado } from "./validacion.js";

type EntradaHistorial = { idSolicitud: number; texto: string; fecha: Date; idUsuario: number | null };
type Progreso = NonNullable<OpcionesImportacion["progreso"]>;

/** One apply's state: what it created, touched, and still has to write in a batch. */
class Aplicacion {
  private readonly lote: number;
  /** By institution key (a few per institution): its imported request, and those this apply created. */
  private readonly solicitudDe = new Map<string, number>();
  private readonly nuevas = new Set<number>();
  private readonly tocadas = new Set<number>();
  /** Rows (by row number) of created officials that get a card, and their new ids. */
  private readonly conTarjeta: Set<number>;
  private readonly nuevos = new Map<number, number>();
  private historia: EntradaHistorial[] = [];
  private eventos: CambioFuncionario[] = [];
  private creaciones: { r: RegistroImportado; idSolicitud: number }[] = [];
  private hechas = 0;
  private nuevosCatalogos = { instituciones: new Map<string, number>(), cargos: new Map<string, number>() };

  constructor(
    private readonly tx: Tx,
    private readonly id: number,
    private readonly op: OpcionesImportacion,
    private readonly adjuntar: Adjuntar[],
    private readonly total: number,
    private readonly progreso: Progreso,
  ) {
    this.lote = op.lote ?? 1000;
    this.conTarjeta = new Set(adjuntar.filter((a) => a.idFuncionario === undefined).map((a) => a.registro.fila));
  }

  async correr(grupos: string[][]): Promise<void> {
    await this.progreso("aplicando", 0, this.total);
    if (this.op.crearCatalogos) this.nuevosCatalogos = await repo.crearCatalogosFaltantes(this.tx, this.id);
    const ceder = tajadas();
    for (const claves of grupos) {
      await ceder();
      await this.grupo(claves, ceder);
    }
    await this.insertar();
    await this.tarjetas();
    await repo.anotarHistorial(this.tx, this.historia);
    await encolarEventos(this.tx, this.eventos);
    await repo.tocarSolicitudes(this.tx, [...this.tocadas], this.op.ahora);
    await this.progreso("aplicando", this.total, this.total);
  }

  /** One group of institutions: planned again, its new requests made, its rows written. */
  private async grupo(claves: string[], ceder: () => Promise<void>): Promise<void> {
    const registros = await repo.filasDeInstituciones(this.tx, this.id, claves);
    const existentes = await repo.cargarExistentes(this.tx, idsInstitucion(registros));
    const plan = planear(registros, existentes);
    const aEscribir = plan.decisiones.filter((d) => d.resultado === "crear" || d.resultado === "actualizar");
    if (aEscribir.length === 0) return;
    // Institution keys are taken before new institutions get their ids.
    const claveDe = new Map<RegistroImportado, string>();
    for (const r of registros) claveDe.set(r, claveInstitucion(r));
    for (const r of registros) this.completar(r);
    if (this.op.crearCatalogos)
      await repo.vincularCargos(
        this.tx,
        aEscribir.map((d) => d.registro),
      );
    for (const d of aEscribir) {
      const importada = existentes.importadas.get(d.registro.idInstitucion as number);
      if (importada !== undefined) this.solicitudDe.set(claveDe.get(d.registro) as string, importada);
    }
    await this.crearSolicitudes(aEscribir, claveDe, plan);
    for (const d of aEscribir) {
      await ceder();
      const idSolicitud = this.solicitudDe.get(claveDe.get(d.registro) as string) as number;
      await this.escribir(d, idSolicitud, existentes.importadas);
    }
  }

  /** A row's new institution and position get the ids this apply gave them. */
  private completar(r: RegistroImportado): void {
    if (r.idInstitucion === null)
      r.idInstitucion = this.nuevosCatalogos.instituciones.get(r.institucion.toLowerCase()) ?? null;
    if (r.idCargo === null) r.idCargo = this.nuevosCatalogos.cargos.get(normalizarNombre(r.cargo)) ?? null;
  }

  /** New imported requests, dated with their officials' earliest registration. */
  private async crearSolicitudes(aEscribir: Decision[], claveDe: Map<RegistroImportado, string>, plan: Plan) {
    const primera = new Map<string, string>();
    for (const d of aEscribir) {
      const k = claveDe.get(d.registro) as string;
      const f = primera.get(k);
      if (f === undefined || d.registro.fechaRegistro < f) primera.set(k, d.registro.fechaRegistro);
    }
    for (const d of aEscribir) {
      const k = claveDe.get(d.registro) as string;
      if (this.solicitudDe.has(k)) continue;
      const inc = plan.incumbenteNuevo.get(k);
      if (!inc) throw new Error(`import plan without an incumbent for ${k}`);
      const idSolicitud = await repo.crearSolicitudImportada(
        this.tx,
        d.registro.idInstitucion as number,
        inc,
        primera.get(k) as string,
        this.op.idUsuario,
        MSG_IMPORTACION.historialImportado,
      );
      this.solicitudDe.set(k, idSolicitud);
      this.nuevas.add(idSolicitud);
    }
  }

  /** One decided row: an incumbent replaced, an official created (batched) or updated. */
  private async escribir(d: Decision, idSolicitud: number, importadas: Map<number, number>): Promise<void> {
    const r = d.registro;
    const historial = () => ({
      idSolicitud,
      texto: MSG_IMPORTACION.historialActualizado(r.cedula, d.cambios.join(", ")),
      fecha: this.op.ahora,
      idUsuario: this.op.idUsuario,
    });
    if (r.tipo === TIPO_IMPORTACION.incumbente) {
      // A new request already holds its incumbent; an existing one gets the file's.
      if (importadas.get(r.idInstitucion as number) === idSolicitud) {
        await repo.actualizarIncumbente(this.tx, idSolicitud, r);
        await this.anotar(historial());
      }
      return;
    }
    if (d.resultado === "crear") {
      this.creaciones.push({ r, idSolicitud });
      if (this.creaciones.length >= this.lote) await this.insertar();
    } else if (d.idFuncionario !== undefined) {
      await repo.actualizarFuncionario(this.tx, d.idFuncionario, idSolicitud, r);
      const evento = eventoDeActualizacion(d.idFuncionario, r, d.cambios);
      if (evento) this.eventos.push(evento);
      if (this.eventos.length >= this.lote) {
        await encolarEventos(this.tx, this.eventos);
        this.eventos = [];
      }
      await this.anotar(historial());
      this.hechas++;
    }
  }

  private async anotar(h: EntradaHistorial): Promise<void> {
    this.historia.push(h);
    if (!this.nuevas.has(h.idSolicitud)) this.tocadas.add(h.idSolicitud);
    if (this.historia.length >= this.lote) {
      await repo.anotarHistorial(this.tx, this.historia);
      this.historia = [];
    }
  }

  private async insertar(): Promise<void> {
    const l = this.creaciones;
    this.creaciones = [];
    const idsLote = await repo.insertarFuncionarios(this.tx, l);
    l.forEach((c, i) => {
      if (this.conTarjeta.has(c.r.fila)) this.nuevos.set(c.r.fila, idsLote[i]);
    });
    this.hechas += l.length;
    await this.progreso("aplicando", this.hechas, this.total);
  }

  /** The signature cards, each on its official (an existing one, or one this apply created). */
  private async tarjetas(): Promise<void> {
    if (this.adjuntar.length === 0 || !this.op.documentos) return;
    await escribirTarjetas(this.tx, this.op.documentos.contenido, this.adjuntar, async (a) => {
      const idFuncionario = a.idFuncionario ?? this.nuevos.get(a.registro.fila);
      const idSolicitud = a.idSolicitud ?? this.solicitudDe.get(claveInstitucion(a.registro));
      if (idFuncionario === undefined || idSolicitud === undefined)
        throw new Error(`import plan without the official of document ${a.doc.ruta}`);
      if (a.idFuncionario !== undefined)
        await this.anotar({
          idSolicitud,
          texto: MSG_IMPORTACION.historialTarjeta(a.registro.cedula),
          fecha: this.op.ahora,
          idUsuario: this.op.idUsuario,
        });
      this.hechas++;
      if (this.hechas % 500 === 0) await this.progreso("aplicando", this.hechas, this.total);
      return { idSolicitud, idFuncionario };
    });
  }
}

/** Writes a run's creations, updates and cards in the caller's transaction (see the file's header). */
export async function aplicar(
  tx: Tx,
  id: number,
  grupos: string[][],
  adjuntar: Adjuntar[],
  total: number,
  op: OpcionesImportacion,
  progreso: Progreso,
): Promise<void> {
  await new Aplicacion(tx, id, op, adjuntar, total, progreso).correr(grupos);
}

/**
 * What a subscribed system is told of an imported official a later file changed: its status (ended
 * or back in force), else a new amount limit while it is active. Officials a file adds are the
 * former registry's, which those systems knew already: they are not announced.
 */
function eventoDeActualizacion(
  idFuncionario: number,
  r: RegistroImportado,
  cambios: string[],
): CambioFuncionario | null {
  if (cambios.includes("Estatus"))
    return r.activo
      ? { idFuncionario, tipo: "reactivado", motivo: MSG.eventoImportado }
      : { idFuncionario, tipo: "inactivado", motivo: r.motivoBaja || MSG.eventoImportado };
  if (r.activo && cambios.includes("Monto desde")) {
    const limite = r.firmaRango
      ? `de ${montoTexto(Number(r.montoDesde ?? 0))} a ${montoTexto(Number(r.montoHasta ?? 0))}`
      : "sin límite";
    return { idFuncionario, tipo: "limiteCambiado", motivo: MSG.eventoLimiteCambiado(limite) };
  }
  return null;
}
