/**
 * An inbox's every matching row, in the list's order, read by keyset pagination (`db/lotes.ts`):
 * what an export writes, one statement per batch, so that no connection waits on its client. The
 * order is the one the list's own query gives (`consultaTodas`, which a property test holds it
 * against): sorts by a column are one stretch with the request's id as the last key; sorts by
 * status or institution walk the dimension as the list does (the planner's statuses ranked by
 * their text, institutions by name then id), one stretch per value, each value's requests newest
 * first.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { entero, filas } from "../../db/filas.js";
import { type ClaveOrden, columnasClave, condicionDespues, ordenTramo, porLotes, type Tramo } from "../../db/lotes.js";
import { incumbentes, instituciones, solicitudes, usuarios } from "../../db/schema.js";
import type { FilaBandeja } from "./bandeja.repository.js";
import { ETAPA_DE_REVISION, type FiltroBandeja, type OrdenBandeja, predicado, SOLICITUDES } from "./filtro.js";
import { elegirForma } from "./planificador.js";

/** Rows an export reads in one statement. */
export const LOTE_EXPORTACION = 2000;

const CLAVE_FECHA: ClaveOrden = { expr: sql`${solicitudes.fechaSolicitud}`, tipo: "timestamptz" };
const CLAVE_ID: ClaveOrden = { expr: sql`${solicitudes.idSolicitud}`, tipo: "int" };
/** The entry into the reviewer's stage the request waits in; one waiting in none as the least waiting. */
const ENTRADA_ETAPA = sql`coalesce(ee.entrada, 'infinity'::timestamptz)`;

/** The list's order as keyset stretches. */
export async function tramosBandeja(tx: Tx, f: FiltroBandeja, o: OrdenBandeja): Promise<Tramo[]> {
  const desc = o.sentido === -1;
  const uno = (...claves: ClaveOrden[]): Tramo[] => [{ claves: [...claves, CLAVE_ID], desc }];
  // Each value's requests newest first, whichever way the dimension goes.
  const porValor = (donde: SQL): Tramo => ({ donde, claves: [CLAVE_FECHA, CLAVE_ID], desc: true });
  switch (o.campo) {
    case "fechaSolicitud":
      return uno(CLAVE_FECHA);
    case "idSolicitud":
      return uno();
    case "cedula":
      return uno({ expr: sql`${incumbentes.cedula}`, tipo: "text" });
    case "nombres":
      return uno(
        { expr: sql`${incumbentes.nombres}`, tipo: "text" },
        { expr: sql`${incumbentes.apellidos}`, tipo: "text" },
      );
    case "cantFuncionarios":
      return uno({ expr: sql`${solicitudes.cantFuncionarios}`, tipo: "int" });
    case "diasEspera":
      // More days waiting is an earlier entry into the stage: the keys run the other way.
      return [{ claves: [{ expr: ENTRADA_ETAPA, tipo: "timestamptz" }, CLAVE_ID], desc: !desc }];
    case "estatus": {
      // The statuses the list walks, in its order (ranked by their text).
      const forma = elegirForma(f, o, null, null);
      if (forma.forma !== "recorridoEstatus") throw new Error(`unexpected shape ${forma.forma}`);
      const codigos = [...forma.valores].sort((a, b) => a[1] - b[1]).map(([c]) => c);
      return (desc ? codigos.reverse() : codigos).map((c) => porValor(eq(solicitudes.estatus, c)));
    }
    case "institucion": {
      const una = f.institucion ?? f.idInstitucionAlcance ?? undefined;
      const dir = sql.raw(desc ? "desc" : "asc");
      const ids = await filas<{ id: number }>(
        tx,
        sql`select ${instituciones.idInstitucion} as id from ${instituciones}
          ${una === undefined ? sql`` : sql`where ${instituciones.idInstitucion} = ${una}`}
          order by ${instituciones.nombre} ${dir}, ${instituciones.idInstitucion} ${dir}`,
      );
      return ids.map(({ id }) => porValor(eq(solicitudes.idInstitucion, Number(id))));
    }
  }
}

/** One batch: the `FilaBandeja` columns of the stretch's rows after `despues`, with their keys. */
export function consultaLoteBandeja(
  f: FiltroBandeja,
  tramo: Tramo,
  despues: readonly string[] | null,
  limite: number,
): SQL {
  const donde = and(predicado(f, SOLICITUDES), tramo.donde, condicionDespues(tramo, despues));
  return sql`select ${solicitudes.idSolicitud} as "idSolicitud", ${solicitudes.estatus} as "estatus",
        ${solicitudes.fechaSolicitud} as "fechaSolicitud", ${solicitudes.asignadoA} as "idAsignadoA",
        ${usuarios.nombre} || ' ' || ${usuarios.apellido} as "asignadoNombre",
        ${instituciones.idInstitucion} as "idInstitucion", ${instituciones.nombre} as "institucion",
        ${incumbentes.cedula} as "cedula", ${incumbentes.nombres} as "nombres", ${incumbentes.apellidos} as "apellidos",
        ${solicitudes.cantFuncionarios} as "cantFuncionarios", ee.entrada as "entradaEtapa"${columnasClave(tramo)}
      from ${solicitudes}
      join ${instituciones} on ${instituciones.idInstitucion} = ${solicitudes.idInstitucion}
      join ${incumbentes} on ${incumbentes.idIncumbente} = ${solicitudes.idIncumbente}
      left join ${usuarios} on ${usuarios.idUsuario} = ${solicitudes.asignadoA}
      left join solicitudes_etapas ee on ee.id_solicitud = ${solicitudes.idSolicitud} and ${ETAPA_DE_REVISION("ee")}
      ${donde ? sql`where ${donde}` : sql``}
      ${ordenTramo(tramo)}
      limit ${entero(limite)}`;
}

type FilaLeida = Omit<FilaBandeja, "fechaSolicitud" | "entradaEtapa"> & {
  fechaSolicitud: Date | string;
  entradaEtapa: Date | string | null;
};
const instante = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** Every row of the list in its order, `lote` rows per statement. */
export async function* lotesBandeja(
  tx: Tx,
  filtro: FiltroBandeja,
  orden: OrdenBandeja,
  lote = LOTE_EXPORTACION,
): AsyncGenerator<FilaBandeja[]> {
  const tramos = await tramosBandeja(tx, filtro, orden);
  for await (const leidas of porLotes<FilaLeida>(tx, tramos, (t, d, l) => consultaLoteBandeja(filtro, t, d, l), lote)) {
    yield leidas.map((r) => ({
      idSolicitud: r.idSolicitud,
      estatus: r.estatus,
      fechaSolicitud: instante(r.fechaSolicitud),
      idAsignadoA: r.idAsignadoA,
      asignadoNombre: r.asignadoNombre,
      idInstitucion: r.idInstitucion,
      institucion: r.institucion,
      cedula: r.cedula,
      nombres: r.nombres,
      apellidos: r.apellidos,
      cantFuncionarios: r.cantFuncionarios,
      entradaEtapa: r.entradaEtapa === null ? null : instante(r.entradaEtapa),
    }));
  }
}
