/**
 * Lookups the screens fill their lists from (SPEC.md §7 "Lookups"): reasons, criteria,
 * institutions, positions, persons and signature types. External users only see their own
 * institution and the positions associated with it.
 */
import type {
  CargoOpcion,
  Criterio,
  InfoInstitucion,
  InstitucionOpcion,
  Motivo,
  Persona,
  TipoFirma,
} from "@registro/contracts";
import { MSG } from "@registro/contracts";
import { auditar } from "../auditoria/cadena.js";
import type { Db } from "../db/client.js";
import { institucionDeAlcance } from "../llamante/alcance.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { NoEncontrado } from "../shared/errors.js";
import * as repo from "./catalogos.repository.js";
import { consultarPadronExterno } from "./padron.js";

/** idClaseProceso of the reasons: 1 RyCC (analyst, administrator), 2 Jurídico. */
export const CLASE_RYCC = 1;
export const CLASE_JURIDICO = 2;

/** cargos.tipo: 1 Incumbente, 2 Funcionario. */
export const TIPO_INCUMBENTE = 1;
export const TIPO_FUNCIONARIO = 2;

export async function motivos(db: Db, idClaseProceso: number): Promise<Motivo[]> {
  const rows = await repo.listarMotivos(db, idClaseProceso);
  return rows.map((m) => ({
    idMotivo: m.idMotivo,
    nombre: m.nombre,
    descripcion: m.descripcion,
    activo: m.activo,
    idClaseProceso: m.idClaseProceso,
    idEstatusProceso: m.idEstatusProceso,
  }));
}

export async function criterios(db: Db): Promise<Criterio[]> {
  const rows = await repo.listarCriterios(db);
  return rows.map((c) => ({ id: c.id, criterio: c.criterio, tipo: c.tipo as Criterio["tipo"] }));
}

export async function instituciones(db: Db, sesion: SesionUsuario): Promise<InstitucionOpcion[]> {
  const rows = await repo.listarInstituciones(db, institucionDeAlcance(sesion));
  return rows.map((i) => ({ idInstitucionFirma: i.idInstitucion, nombre: i.nombre }));
}

/**
 * Active positions of a type. An external user gets those associated with their institution, or
 * every active one of the type when the institution has none, so the form is never left empty.
 */
export async function cargos(db: Db, sesion: SesionUsuario, tipo: number): Promise<CargoOpcion[]> {
  const idInstitucion = institucionDeAlcance(sesion);
  if (idInstitucion !== null) {
    const propios = await repo.listarCargosDeInstitucion(db, tipo, idInstitucion);
    if (propios.length > 0) return propios;
  }
  return repo.listarCargosActivos(db, tipo);
}

/** The external registry first when configured, then the local padrón. */
/** A person by cédula: the external registry first when configured, then the local one. Audited. */
export async function persona(
  db: Db,
  sesion: SesionUsuario,
  cedula: string,
  padronUrl: string | undefined,
): Promise<Persona> {
  const encontrada = await buscarPersona(db, cedula, padronUrl);
  await db.transaction((tx) =>
    auditar(tx, {
      idUsuario: sesion.idUsuario,
      entidad: "Persona",
      idEntidad: cedula,
      accion: "consultar",
      despues: { encontrada: encontrada !== null },
    }),
  );
  if (!encontrada) throw NoEncontrado(MSG.personaNoEncontrada);
  return encontrada;
}

async function buscarPersona(db: Db, cedula: string, padronUrl: string | undefined): Promise<Persona | null> {
  if (padronUrl) {
    const externa = await consultarPadronExterno(padronUrl, cedula);
    if (externa) return { cedula, nombre: externa.nombres, apellidos: externa.apellidos };
  }
  const local = await repo.buscarPersona(db, cedula);
  return local ? { cedula: local.cedula, nombre: local.nombres, apellidos: local.apellidos } : null;
}

export async function tiposFirma(db: Db): Promise<TipoFirma[]> {
  const rows = await repo.listarFirmasPorTipo(db);
  const porTipo = new Map<number, TipoFirma>();
  for (const r of rows) {
    let tipo = porTipo.get(r.idTipoFirma);
    if (!tipo) {
      tipo = { idTipoFirma: r.idTipoFirma, nombre: r.nombre, firmas: [] };
      porTipo.set(r.idTipoFirma, tipo);
    }
    if (r.idFirma !== null && r.firma !== null) tipo.firmas.push({ idFirma: r.idFirma, firma1: r.firma });
  }
  return [...porTipo.values()];
}

/** The signed-in external user's institution, as the request form's read-only block shows it. */
export async function institucionEnLinea(db: Db, sesion: SesionUsuario): Promise<InfoInstitucion> {
  if (!sesion.externo || sesion.idInstitucion === null) throw NoEncontrado(MSG.usuarioSinInstitucion);
  const inst = await repo.buscarInstitucion(db, sesion.idInstitucion);
  if (!inst) throw NoEncontrado(MSG.usuarioSinInstitucion);
  return {
    idInstitucionFirma: inst.idInstitucion,
    nombre: inst.nombre,
    estructura: inst.estructura,
    direccion: inst.direccion,
    telefono: inst.telefono,
    ext: inst.ext,
    telefono2: inst.telefono2,
    ext2: inst.ext2,
  };
}
