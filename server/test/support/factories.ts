/**
 * Factories: build exactly the records a test needs, straight into the database, with overrides.
 * `crearSolicitud(t.db, { estatus: 105 })` gives a request of the first demo institution in 105
 * with one pending official and every required document.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../src/db/client.js";
import {
  adjuntos,
  cargos,
  funcionarioFirmas,
  funcionarios,
  historial,
  incumbentes,
  instituciones,
  solicitudes,
  usuarios,
} from "../../src/db/schema.js";
import { pdfMuestra, pngMuestra } from "../../src/seed/archivos-muestra.js";

export const TIPOS_DOCUMENTO = ["Oficio", "Cedula", "Designacion", "Tarjeta"] as const;

/** Valid cédulas (Luhn) for tests, distinct from the padrón's. */
export const CEDULAS = ["001-0000001-7", "001-0000002-5", "001-0000003-3", "001-0000004-1", "001-0000005-8"];

export async function idUsuario(db: Db, usuario: string): Promise<number> {
  const [u] = await db.select({ id: usuarios.idUsuario }).from(usuarios).where(eq(usuarios.usuario, usuario));
  if (!u) throw new Error(`no user ${usuario}`);
  return u.id;
}

export async function idInstitucionDe(db: Db, usuario: string): Promise<number> {
  const [u] = await db.select({ id: usuarios.idInstitucion }).from(usuarios).where(eq(usuarios.usuario, usuario));
  if (!u?.id) throw new Error(`user ${usuario} has no institution`);
  return u.id;
}

export async function cargoDeTipo(db: Db, tipo: 1 | 2): Promise<number> {
  const [c] = await db.select({ id: cargos.idCargo }).from(cargos).where(eq(cargos.tipo, tipo)).limit(1);
  return c.id;
}

function archivo(tipo: string, i: number) {
  const contenido = i % 2 === 0 ? pdfMuestra(`${tipo} de prueba`) : pngMuestra();
  const pdf = i % 2 === 0;
  return {
    tipoAdjunto: tipo,
    nombre: `${tipo.toLowerCase()}.${pdf ? "pdf" : "png"}`,
    mime: pdf ? "application/pdf" : "image/png",
    tamano: contenido.length,
    sha256: crypto.createHash("sha256").update(contenido).digest("hex"),
    contenido,
  };
}

export interface OpcionesSolicitud {
  estatus?: number;
  /** Defaults to originador's institution. */
  idInstitucion?: number;
  asignadoA?: number | null;
  fueActiva?: boolean;
  funcionarios?: number;
  /** Officials' status (1 Pendiente, 2 Activo, 3 Inactivo). */
  estatusFuncionarios?: number;
  funcionariosEnviados?: boolean;
  conDocumentos?: boolean;
  decididoJuridico?: boolean;
}

export interface SolicitudCreada {
  idSolicitud: number;
  idIncumbente: number;
  idInstitucion: number;
  funcionarios: number[];
}

export async function crearSolicitud(db: Db, o: OpcionesSolicitud = {}): Promise<SolicitudCreada> {
  const idInstitucion = o.idInstitucion ?? (await idInstitucionDe(db, "originador"));
  const cargoI = await cargoDeTipo(db, 1);
  const cargoF = await cargoDeTipo(db, 2);
  const [inst] = await db.select().from(instituciones).where(eq(instituciones.idInstitucion, idInstitucion));
  return db.transaction(async (tx) => {
    const [inc] = await tx
      .insert(incumbentes)
      .values({
        idInstitucion,
        cedula: CEDULAS[0],
        nombres: "Ana María",
        apellidos: "Pérez Gómez",
        codCargo: cargoI,
        telefono: "(809) 555-0101",
        firmaDigital: false,
      })
      .returning();
    const estatus = o.estatus ?? 202;
    const [sol] = await tx
      .insert(solicitudes)
      .values({
        idInstitucion,
        idIncumbente: inc.idIncumbente,
        estatus,
        comentario: "Solicitud de prueba",
        instDireccion: inst.direccion,
        instTelefono: inst.telefono,
        instExt: inst.ext,
        instTelefono2: inst.telefono2,
        instExt2: inst.ext2,
        asignadoA: o.asignadoA ?? null,
        fueActiva: o.fueActiva ?? (estatus === 106 || estatus === 203 || estatus === 201),
        decididoJuridico: o.decididoJuridico ?? false,
      })
      .returning();
    const conDocs = o.conDocumentos ?? true;
    if (conDocs) {
      await tx
        .insert(adjuntos)
        .values(TIPOS_DOCUMENTO.map((t, i) => ({ ...archivo(t, i), idSolicitud: sol.idSolicitud })));
    }
    const ids: number[] = [];
    const n = o.funcionarios ?? 1;
    for (let i = 0; i < n; i++) {
      const [f] = await tx
        .insert(funcionarios)
        .values({
          idSolicitud: sol.idSolicitud,
          cedula: CEDULAS[(i + 1) % CEDULAS.length],
          nombres: `Funcionario ${i + 1}`,
          apellidos: "De Prueba",
          codCargo: cargoF,
          telefono: "(809) 555-0202",
          firmaVigencia: false,
          firmaRango: false,
          idEstatus: o.estatusFuncionarios ?? (estatus === 106 || estatus === 203 ? 2 : estatus === 201 ? 2 : 1),
          enviado: o.funcionariosEnviados ?? estatus !== 202,
        })
        .returning();
      ids.push(f.idFuncionario);
      await tx.insert(funcionarioFirmas).values([{ idFuncionario: f.idFuncionario, idFirma: 101 }]);
      if (conDocs) {
        await tx.insert(adjuntos).values(
          TIPOS_DOCUMENTO.map((t, j) => ({
            ...archivo(t, j),
            idSolicitud: sol.idSolicitud,
            idFuncionario: f.idFuncionario,
          })),
        );
      }
    }
    await tx.insert(historial).values({ idSolicitud: sol.idSolicitud, estatus, motivoCambioEstatus: "" });
    return { idSolicitud: sol.idSolicitud, idIncumbente: inc.idIncumbente, idInstitucion, funcionarios: ids };
  });
}

export async function leerSolicitud(db: Db, idSolicitud: number) {
  const [s] = await db.select().from(solicitudes).where(eq(solicitudes.idSolicitud, idSolicitud));
  return s;
}
