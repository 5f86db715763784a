/**
 * SQL of the registry import: the catalogues a row is checked against, a run's staged rows and
 * report lines (written as the file streams, read back a page or an institution group at a time),
 * the registry entries of the file's institutions, and the writes of an apply (in the caller's
 * transaction, in batches).
 *
 * Longer than 300 lines: the reads of the check and the batched writes of one apply, which share
 * the tables' column lists and run in one transaction.
 */
import { ESTATUS, ESTATUS_FUNCIONARIO, type FilaInforme, type ResultadoFila } from "@registro/contracts";
import { and, asc, desc, eq, gt, inArray, lt, notInArray, or, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { filas } from "../db/filas.js";
import {
  adjuntos,
  autorizaciones,
  cargos,
  firmas,
  funcionarioFirmas,
  funcionarios,
  historial,
  importaciones,
  importacionFilas,
  importacionInforme,
  importacionSolicitudes,
  incumbentes,
  instituciones,
  solicitudes,
  usuarios,
} from "../db/schema.js";
import { fechaLocal, inicioDiaLocal, ZONA_PAIS } from "../shared/tiempo.js";
import { normalizarNombre } from "./lector.js";
import { claveInstitucion, type Existentes, type FuncionarioExistente, type IncumbenteExistente } from "./plan.js";
import type { Catalogos, RegistroImportado } from "./validacion.js";

export async function cargarCatalogos(tx: Tx, hoy: string, crearCatalogos: boolean): Promise<Catalogos> {
  const [insts, crgs, frms] = await Promise.all([
    tx.select().from(instituciones),
    tx.select().from(cargos),
    tx.select({ idFirma: firmas.idFirma, firma: firmas.firma }).from(firmas),
  ]);
  const cat: Catalogos = { instituciones: new Map(), cargos: new Map(), firmas: new Map(), hoy, crearCatalogos };
  for (const i of insts) {
    const v = { idInstitucion: i.idInstitucion, nombre: i.nombre, estatus: i.estatus };
    cat.instituciones.set(normalizarNombre(i.nombre), v);
    cat.instituciones.set(String(i.idInstitucion), v);
  }
  for (const c of crgs)
    cat.cargos.set(normalizarNombre(c.nombre), { idCargo: c.idCargo, nombre: c.nombre, tipo: c.tipo });
  for (const f of frms) cat.firmas.set(normalizarNombre(f.firma), f);
  return cat;
}

/** The registry entries (sent officials, incumbents, imported requests) of these institutions. */
export async function cargarExistentes(tx: Tx, ids: number[]): Promise<Existentes> {
  if (ids.length === 0) return { importadas: new Map(), funcionarios: [], incumbentes: [] };
  const lista = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const importadas = await tx
    .select()
    .from(importacionSolicitudes)
    .where(inArray(importacionSolicitudes.idInstitucion, ids));
  const fs = await filas<
    Omit<FuncionarioExistente, "activo" | "firmas" | "fechaRegistro" | "fechaBaja"> & {
      idEstatus: number;
      firmas: string | null;
      desde: Date | string | null;
      hasta: Date | string | null;
      abierto: boolean;
      periodos: string | null;
    }
  >(
    tx,
    sql`select f.id_funcionario as "idFuncionario", f.id_solicitud as "idSolicitud", s.id_institucion as "idInstitucion",
      f.cedula, f.nombres, f.apellidos, f.cod_cargo as "codCargo", f.telefono, f.firma_rango as "firmaRango",
      f.monto_desde::text as "montoDesde", f.monto_hasta::text as "montoHasta", f.firma_vigencia as "firmaVigencia",
      f.fecha_desde::text as "fechaDesde", f.fecha_hasta::text as "fechaHasta", f.id_estatus as "idEstatus", f.comentario,
      (select string_agg(ff.id_firma::text, ',' order by ff.id_firma) from funcionario_firmas ff
        where ff.id_funcionario = f.id_funcionario) as firmas,
      (select min(a.desde) from autorizaciones a where a.id_funcionario = f.id_funcionario) as desde,
      (select max(a.hasta) from autorizaciones a where a.id_funcionario = f.id_funcionario) as hasta,
      exists (select 1 from autorizaciones a where a.id_funcionario = f.id_funcionario and a.hasta is null) as abierto,
      (select string_agg(to_char(a.desde at time zone ${ZONA_PAIS}, 'YYYY-MM-DD') || '|' ||
          coalesce(to_char(a.hasta at time zone ${ZONA_PAIS}, 'YYYY-MM-DD'), '') || '|' || coalesce(a.causa_fin, ''),
          ';' order by a.desde, a.id_autorizacion)
        from autorizaciones a where a.id_funcionario = f.id_funcionario) as periodos
    from funcionarios f join solicitudes s on s.id_solicitud = f.id_solicitud
    where f.enviado and s.id_institucion in (${lista})`,
  );
  const incs = await filas<IncumbenteExistente>(
    tx,
    sql`select i.id_incumbente as "idIncumbente", s.id_solicitud as "idSolicitud", s.id_institucion as "idInstitucion",
      i.cedula, i.nombres, i.apellidos, i.cod_cargo as "codCargo", i.telefono
    from solicitudes s join incumbentes i on i.id_incumbente = s.id_incumbente
    where s.id_institucion in (${lista}) and s.estatus <> ${ESTATUS.PENDIENTE_ENVIAR}`,
  );
  return {
    importadas: new Map(importadas.map((i) => [i.idInstitucion, i.idSolicitud])),
    funcionarios: fs.map((f) => ({
      idFuncionario: f.idFuncionario,
      idSolicitud: f.idSolicitud,
      idInstitucion: f.idInstitucion,
      cedula: f.cedula,
      nombres: f.nombres,
      apellidos: f.apellidos,
      codCargo: f.codCargo,
      telefono: f.telefono,
      firmas: f.firmas ? f.firmas.split(",").map(Number) : [],
      firmaRango: f.firmaRango,
      montoDesde: f.montoDesde,
      montoHasta: f.montoHasta,
      firmaVigencia: f.firmaVigencia,
      fechaDesde: f.fechaDesde,
      fechaHasta: f.fechaHasta,
      // Activo as the registry's export writes it: authorised now (an open period). An official of a
      // request without periods (never approved) by its status.
      activo:
        f.periodos === null
          ? f.idEstatus === ESTATUS_FUNCIONARIO.ACTIVO
          : f.abierto === true || String(f.abierto) === "t",
      comentario: f.comentario,
      periodos: f.periodos ?? "",
      fechaRegistro: f.desde === null ? null : fechaLocal(f.desde),
      fechaBaja: f.hasta === null ? null : fechaLocal(f.hasta),
    })),
    incumbentes: incs,
  };
}

// A run's staged rows and report ------------------------------------------------------------

/**
 * Valid rows of a run, staged while the file streams: 1,000 rows per insert, sent as one JSON
 * parameter that the statement unpacks (no parameter and placeholder per cell to build and send).
 */
export async function prepararFilas(tx: Tx, idImportacion: number, registros: RegistroImportado[]): Promise<void> {
  for (let i = 0; i < registros.length; i += 1000) {
    const lote = JSON.stringify(registros.slice(i, i + 1000).map((r) => ({ c: claveInstitucion(r), r })));
    await tx.execute(
      sql`insert into importacion_filas (id_importacion, fila, clave_institucion, id_institucion, cedula, tipo, registro)
        select ${idImportacion}, (e->'r'->>'fila')::int, e->>'c', (e->'r'->>'idInstitucion')::int,
          e->'r'->>'cedula', e->'r'->>'tipo', e->'r'
        from jsonb_array_elements(${lote}::jsonb) e`,
    );
  }
}

/**
 * Staged rows repeating an earlier staged row's institution + cédula + kind, after row `despues`,
 * with that earlier row (the first of the file), in row order.
 */
export async function duplicadas(tx: Tx, idImportacion: number, despues: number, limite: number) {
  return filas<{ fila: number; primera: number; institucion: string; cedula: string; tipo: string }>(
    tx,
    sql`select fila, primera, institucion, cedula, tipo from (
      select fila, min(fila) over (partition by clave_institucion, cedula, tipo) as primera,
        registro->>'institucion' as institucion, cedula, tipo
      from importacion_filas where id_importacion = ${idImportacion}) d
    where fila > primera and fila > ${despues} order by fila limit ${limite}`,
  );
}

export async function descartarFilas(tx: Tx, idImportacion: number, filasRun: number[]): Promise<void> {
  if (filasRun.length === 0) return;
  await tx
    .delete(importacionFilas)
    .where(and(eq(importacionFilas.idImportacion, idImportacion), inArray(importacionFilas.fila, filasRun)));
}

/** The institutions of a run's staged rows (by their plan key) and how many rows each has. */
export async function institucionesPreparadas(tx: Tx, idImportacion: number) {
  return tx
    .select({ clave: importacionFilas.claveInstitucion, filas: sql<number>`count(*)::int` })
    .from(importacionFilas)
    .where(eq(importacionFilas.idImportacion, idImportacion))
    .groupBy(importacionFilas.claveInstitucion)
    .orderBy(importacionFilas.claveInstitucion);
}

/** The staged rows of these institutions (plan keys), in row order. */
export async function filasDeInstituciones(
  tx: Tx,
  idImportacion: number,
  claves: string[],
): Promise<RegistroImportado[]> {
  const fs = await tx
    .select({ registro: importacionFilas.registro })
    .from(importacionFilas)
    .where(and(eq(importacionFilas.idImportacion, idImportacion), inArray(importacionFilas.claveInstitucion, claves)))
    .orderBy(asc(importacionFilas.fila));
  return fs.map((f) => f.registro as RegistroImportado);
}

export async function borrarPreparacion(tx: Tx, idImportacion: number): Promise<void> {
  await tx.delete(importacionFilas).where(eq(importacionFilas.idImportacion, idImportacion));
}

/** Report lines of a run, appended in the order they are known (1,000 per insert, as one JSON parameter). */
export async function anotarInforme(tx: Tx, idImportacion: number, lineas: FilaInforme[]): Promise<void> {
  for (let i = 0; i < lineas.length; i += 1000) {
    const lote = JSON.stringify(lineas.slice(i, i + 1000));
    await tx.execute(
      sql`insert into importacion_informe (id_importacion, fila, resultado, institucion, cedula, tipo, columna, mensaje)
        select ${idImportacion}, (e->>'fila')::int, e->>'resultado', e->>'institucion', e->>'cedula', e->>'tipo',
          e->>'columna', e->>'mensaje'
        from jsonb_array_elements(${lote}::jsonb) with ordinality as x(e, n) order by n`,
    );
  }
}

export async function borrarInforme(tx: Tx, idImportacion: number): Promise<void> {
  await tx.delete(importacionInforme).where(eq(importacionInforme.idImportacion, idImportacion));
}

const columnasInforme = {
  idLinea: importacionInforme.idLinea,
  fila: importacionInforme.fila,
  resultado: sql<ResultadoFila>`${importacionInforme.resultado}`,
  institucion: importacionInforme.institucion,
  cedula: importacionInforme.cedula,
  tipo: importacionInforme.tipo,
  columna: importacionInforme.columna,
  mensaje: importacionInforme.mensaje,
};

const filtroInforme = (idImportacion: number, soloErrores: boolean) =>
  and(
    eq(importacionInforme.idImportacion, idImportacion),
    soloErrores ? eq(importacionInforme.resultado, "rechazada") : undefined,
  );

/** One page of a run's report in row order, and how many lines it has (refusals only, or all). */
export async function paginaInforme(
  tx: Tx,
  idImportacion: number,
  consulta: { soloErrores: boolean; desde: number; limite: number },
) {
  const where = filtroInforme(idImportacion, consulta.soloErrores);
  const [lineas, [total]] = await Promise.all([
    tx
      .select(columnasInforme)
      .from(importacionInforme)
      .where(where)
      .orderBy(asc(importacionInforme.fila), asc(importacionInforme.idLinea))
      .limit(consulta.limite)
      .offset(consulta.desde),
    tx.select({ n: sql<number>`count(*)::int` }).from(importacionInforme).where(where),
  ]);
  return { lineas, total: total.n };
}

/** The report lines after `despues` (keyset walk in row order, for downloads). */
export async function lineasInformeDespues(
  tx: Tx,
  idImportacion: number,
  despues: { fila: number; idLinea: number } | null,
  limite: number,
  soloErrores = false,
) {
  return tx
    .select(columnasInforme)
    .from(importacionInforme)
    .where(
      and(
        filtroInforme(idImportacion, soloErrores),
        despues === null
          ? undefined
          : or(
              gt(importacionInforme.fila, despues.fila),
              and(eq(importacionInforme.fila, despues.fila), gt(importacionInforme.idLinea, despues.idLinea)),
            ),
      ),
    )
    .orderBy(asc(importacionInforme.fila), asc(importacionInforme.idLinea))
    .limit(limite);
}

/**
 * Creates the institutions and positions the staged rows name and the registry lacks
 * (crearCatalogos); answers their ids by the plan's keys (institution: lower-case name; position:
 * normalised name).
 */
export async function crearCatalogosFaltantes(
  tx: Tx,
  idImportacion: number,
): Promise<{ instituciones: Map<string, number>; cargos: Map<string, number> }> {
  // In row order, so that the spelling (and a position's kind) of the last row naming it wins.
  const faltan = await filas<{ institucion: string | null; cargo: string | null; tipo: string }>(
    tx,
    sql`select institucion, cargo, tipo from (
        select case when id_institucion is null then registro->>'institucion' end as institucion,
          case when registro->'idCargo' = 'null'::jsonb then registro->>'cargo' end as cargo, tipo, max(fila) as ultima
        from importacion_filas
        where id_importacion = ${idImportacion} and (id_institucion is null or registro->'idCargo' = 'null'::jsonb)
        group by 1, 2, 3) f
      order by ultima`,
  );
  const nuevasInst = new Map<string, string>();
  const nuevosCargos = new Map<string, { nombre: string; tipo: number }>();
  for (const f of faltan) {
    if (f.institucion !== null) nuevasInst.set(f.institucion.toLowerCase(), f.institucion);
    if (f.cargo !== null)
      nuevosCargos.set(normalizarNombre(f.cargo), { nombre: f.cargo, tipo: f.tipo === "Incumbente" ? 1 : 2 });
  }
  const idInst = new Map<string, number>();
  for (const [clave, nombre] of nuevasInst) {
    const [fila] = await tx.insert(instituciones).values({ nombre }).returning({ id: instituciones.idInstitucion });
    idInst.set(clave, fila.id);
  }
  const idCargo = new Map<string, number>();
  for (const [clave, c] of nuevosCargos) {
    const [fila] = await tx.insert(cargos).values(c).returning({ id: cargos.idCargo });
    idCargo.set(clave, fila.id);
  }
  return { instituciones: idInst, cargos: idCargo };
}

/** The institutions' positions lists gain the positions their imported people hold. */
export async function vincularCargos(tx: Tx, registros: RegistroImportado[]): Promise<void> {
  const pares = new Set(registros.map((r) => `${r.idInstitucion}|${r.idCargo}`));
  const valores = [...pares].map((p) => {
    const [i, c] = p.split("|").map(Number);
    return sql`(${i}, ${c})`;
  });
  for (let i = 0; i < valores.length; i += 1000)
    await tx.execute(
      sql`insert into institucion_cargos (id_institucion, id_cargo) values ${sql.join(valores.slice(i, i + 1000), sql`, `)} on conflict do nothing`,
    );
}

/** A new imported request of one institution, approved (106), with its incumbent and first history entry. */
export async function crearSolicitudImportada(
  tx: Tx,
  idInstitucion: number,
  incumbente: RegistroImportado,
  fechaRegistro: string,
  idUsuario: number | null,
  texto: string,
): Promise<number> {
  const [inc] = await tx
    .insert(incumbentes)
    .values({
      idInstitucion,
      cedula: incumbente.cedula,
      nombres: incumbente.nombres,
      apellidos: incumbente.apellidos,
      codCargo: incumbente.idCargo as number,
      telefono: incumbente.telefono,
    })
    .returning({ id: incumbentes.idIncumbente });
  const fecha = inicioDiaLocal(fechaRegistro);
  const [inst] = await tx.select().from(instituciones).where(eq(instituciones.idInstitucion, idInstitucion));
  const [sol] = await tx
    .insert(solicitudes)
    .values({
      idInstitucion,
      idIncumbente: inc.id,
      estatus: ESTATUS.ACTIVA,
      comentario: texto,
      instDireccion: inst?.direccion ?? "",
      instTelefono: inst?.telefono ?? "",
      instExt: inst?.ext ?? "",
      fechaSolicitud: fecha,
      fechaActualizacion: fecha,
      creadoPor: idUsuario,
      fueActiva: true,
      decididoJuridico: true,
    })
    .returning({ id: solicitudes.idSolicitud });
  await tx.insert(historial).values({
    idSolicitud: sol.id,
    estatus: ESTATUS.ACTIVA,
    fecha,
    motivoCambioEstatus: texto,
    idUsuario,
  });
  await tx.insert(importacionSolicitudes).values({ idInstitucion, idSolicitud: sol.id });
  return sol.id;
}

export async function actualizarIncumbente(tx: Tx, idSolicitud: number, r: RegistroImportado): Promise<void> {
  const [sol] = await tx
    .select({ idIncumbente: solicitudes.idIncumbente })
    .from(solicitudes)
    .where(eq(solicitudes.idSolicitud, idSolicitud));
  const cambios = {
    cedula: r.cedula,
    nombres: r.nombres,
    apellidos: r.apellidos,
    codCargo: r.idCargo as number,
    ...(r.telefono !== "" ? { telefono: r.telefono } : {}),
  };
  await tx.update(incumbentes).set(cambios).where(eq(incumbentes.idIncumbente, sol.idIncumbente));
}

export async function anotarHistorial(
  tx: Tx,
  entradas: { idSolicitud: number; texto: string; fecha: Date; idUsuario: number | null }[],
): Promise<void> {
  for (let i = 0; i < entradas.length; i += 1000) {
    await tx.insert(historial).values(
      entradas.slice(i, i + 1000).map((e) => ({
        idSolicitud: e.idSolicitud,
        estatus: ESTATUS.ACTIVA,
        fecha: e.fecha,
        motivoCambioEstatus: e.texto,
        idUsuario: e.idUsuario,
      })),
    );
  }
}

const valoresFuncionario = (r: RegistroImportado, idSolicitud: number) => ({
  idSolicitud,
  cedula: r.cedula,
  nombres: r.nombres,
  apellidos: r.apellidos,
  codCargo: r.idCargo as number,
  telefono: r.telefono,
  comentario: r.activo ? "" : r.motivoBaja,
  firmaVigencia: r.firmaVigencia,
  firmaRango: r.firmaRango,
  montoDesde: r.montoDesde,
  montoHasta: r.montoHasta,
  fechaDesde: r.fechaDesde,
  fechaHasta: r.fechaHasta,
  idEstatus: r.activo ? ESTATUS_FUNCIONARIO.ACTIVO : ESTATUS_FUNCIONARIO.INACTIVO,
  enviado: true,
  creado: inicioDiaLocal(r.fechaRegistro),
});

/** The official's signatures and authorisation period, from the legacy dates. */
async function firmasYPeriodos(tx: Tx, pares: { id: number; idSolicitud: number; r: RegistroImportado }[]) {
  const ff = pares.flatMap(({ id, r }) => r.firmas.map((idFirma) => ({ idFuncionario: id, idFirma })));
  for (let i = 0; i < ff.length; i += 2000) await tx.insert(funcionarioFirmas).values(ff.slice(i, i + 2000));
  // The row's periods (the export's "Períodos de autorización", or one from registration to end);
  // a row staged by an earlier release has none: one from its dates.
  const periodos = pares.flatMap(({ id, idSolicitud, r }) =>
    (
      r.periodos ?? [
        {
          desde: r.fechaRegistro,
          hasta: r.activo ? null : r.fechaBaja,
          causaFin: r.activo ? null : ("funcionario" as const),
        },
      ]
    ).map((p) => ({
      idFuncionario: id,
      idSolicitud,
      desde: inicioDiaLocal(p.desde),
      hasta: p.hasta === null ? null : inicioDiaLocal(p.hasta),
      causaFin: p.causaFin,
    })),
  );
  for (let i = 0; i < periodos.length; i += 2000) await tx.insert(autorizaciones).values(periodos.slice(i, i + 2000));
}

/** New officials of imported requests, in one batch; their ids in the given order. */
export async function insertarFuncionarios(
  tx: Tx,
  lote: { r: RegistroImportado; idSolicitud: number }[],
): Promise<number[]> {
  if (lote.length === 0) return [];
  const ids = await tx
    .insert(funcionarios)
    .values(lote.map(({ r, idSolicitud }) => valoresFuncionario(r, idSolicitud)))
    .returning({ id: funcionarios.idFuncionario });
  await firmasYPeriodos(
    tx,
    ids.map((x, i) => ({ id: x.id, idSolicitud: lote[i].idSolicitud, r: lote[i].r })),
  );
  return ids.map((x) => x.id);
}

/** An imported official changed by a later file: its data, signatures and periods rewritten. */
export async function actualizarFuncionario(
  tx: Tx,
  idFuncionario: number,
  idSolicitud: number,
  r: RegistroImportado,
): Promise<void> {
  const { telefono, ...resto } = valoresFuncionario(r, idSolicitud);
  await tx
    .update(funcionarios)
    .set(telefono === "" ? resto : { ...resto, telefono })
    .where(eq(funcionarios.idFuncionario, idFuncionario));
  await tx.delete(funcionarioFirmas).where(eq(funcionarioFirmas.idFuncionario, idFuncionario));
  await tx.delete(autorizaciones).where(eq(autorizaciones.idFuncionario, idFuncionario));
  await firmasYPeriodos(tx, [{ id: idFuncionario, idSolicitud, r }]);
}

/** The signature card's SHA-256 of each of these officials that has one. */
export async function tarjetasDe(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  const m = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 5000) {
    const fs = await tx
      .select({ id: adjuntos.idFuncionario, sha256: adjuntos.sha256 })
      .from(adjuntos)
      .where(and(inArray(adjuntos.idFuncionario, ids.slice(i, i + 5000)), eq(adjuntos.tipoAdjunto, "Tarjeta")));
    for (const f of fs) if (f.id !== null) m.set(f.id, f.sha256);
  }
  return m;
}

export async function tocarSolicitudes(tx: Tx, ids: number[], fecha: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(solicitudes).set({ fechaActualizacion: fecha }).where(inArray(solicitudes.idSolicitud, ids));
}

// Runs ---------------------------------------------------------------------------------------

export async function crearEjecucion(tx: Tx, valores: typeof importaciones.$inferInsert): Promise<number> {
  const [f] = await tx.insert(importaciones).values(valores).returning({ id: importaciones.idImportacion });
  return f.id;
}

export async function actualizarEjecucion(
  tx: Tx,
  id: number,
  valores: Partial<typeof importaciones.$inferInsert>,
): Promise<void> {
  await tx.update(importaciones).set(valores).where(eq(importaciones.idImportacion, id));
}

const columnasEjecucion = {
  idImportacion: importaciones.idImportacion,
  archivo: importaciones.archivo,
  sha256: importaciones.sha256,
  aplicar: importaciones.aplicar,
  crearCatalogos: importaciones.crearCatalogos,
  estado: importaciones.estado,
  progreso: importaciones.progreso,
  total: importaciones.total,
  aplicada: importaciones.aplicada,
  conteos: importaciones.conteos,
  error: importaciones.error,
  inicio: importaciones.inicio,
  fin: importaciones.fin,
  usuario: sql<string>`coalesce(${usuarios.usuario}, 'sistema')`,
};

export async function ejecuciones(tx: Tx, limite: number) {
  return tx
    .select(columnasEjecucion)
    .from(importaciones)
    .leftJoin(usuarios, eq(usuarios.idUsuario, importaciones.idUsuario))
    .orderBy(desc(importaciones.idImportacion))
    .limit(limite);
}

export async function ejecucion(tx: Tx, id: number) {
  const [f] = await tx
    .select(columnasEjecucion)
    .from(importaciones)
    .leftJoin(usuarios, eq(usuarios.idUsuario, importaciones.idUsuario))
    .where(eq(importaciones.idImportacion, id));
  return f ?? null;
}

export async function archivosEjecucion(tx: Tx, id: number) {
  const [f] = await tx
    .select({
      contenido: importaciones.contenido,
      documentos: importaciones.documentos,
      documentosNombre: importaciones.documentosNombre,
      archivo: importaciones.archivo,
      idUsuario: importaciones.idUsuario,
      aplicar: importaciones.aplicar,
      crearCatalogos: importaciones.crearCatalogos,
      sha256: importaciones.sha256,
    })
    .from(importaciones)
    .where(eq(importaciones.idImportacion, id));
  return f ?? null;
}

/** The runs this process works on are alive (the database's clock, as the sweep reads it). */
export async function latir(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(importaciones).set({ latido: sql`now()` }).where(inArray(importaciones.idImportacion, ids));
}

const EN_CURSO = ["pendiente", "validando", "aplicando"];

/**
 * Runs a stopped process left in progress: they changed nothing (their transaction died with it).
 * `silencioSegundos`: only those with no sign of life for that long (another process may be working
 * on a run); absent, every run in progress (no other process can exist).
 */
export async function cerrarInterrumpidas(
  tx: Tx,
  mensaje: string,
  fin: Date,
  silencioSegundos?: number,
): Promise<number> {
  const r = await tx
    .update(importaciones)
    .set({ estado: "fallida", error: mensaje, fin, contenido: null, documentos: null })
    .where(
      and(
        inArray(importaciones.estado, EN_CURSO),
        silencioSegundos === undefined
          ? undefined
          : lt(importaciones.latido, sql`now() - make_interval(secs => ${silencioSegundos})`),
      ),
    )
    .returning({ id: importaciones.idImportacion });
  const ids = r.map((x) => x.id);
  // Their partial reports go; so do the staged rows of every run no longer in progress.
  if (ids.length > 0) await tx.delete(importacionInforme).where(inArray(importacionInforme.idImportacion, ids));
  const enCurso = tx
    .select({ id: importaciones.idImportacion })
    .from(importaciones)
    .where(inArray(importaciones.estado, EN_CURSO));
  await tx.delete(importacionFilas).where(notInArray(importacionFilas.idImportacion, enCurso));
  return r.length;
}
