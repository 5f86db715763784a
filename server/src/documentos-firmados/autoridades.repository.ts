/** SQL of "Autoridades de confianza": anchors, CRLs, joint-signature rules and the check's settings. */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client.js";
import {
  anclasConfianza,
  crlsConfianza,
  documentosAjustes,
  firmas,
  firmasConjuntas,
  instituciones,
  usuarios,
} from "../db/schema.js";

const retiro = alias(usuarios, "retiro");

export async function listarAnclas(tx: Tx) {
  return tx
    .select({
      idAncla: anclasConfianza.idAncla,
      sujeto: anclasConfianza.sujeto,
      emisor: anclasConfianza.emisor,
      serie: anclasConfianza.serie,
      validoDesde: anclasConfianza.validoDesde,
      validoHasta: anclasConfianza.validoHasta,
      sha256: anclasConfianza.sha256,
      creada: anclasConfianza.creada,
      creadaPor: usuarios.usuario,
      retirada: anclasConfianza.retirada,
      retiradaPor: retiro.usuario,
    })
    .from(anclasConfianza)
    .leftJoin(usuarios, eq(usuarios.idUsuario, anclasConfianza.idUsuario))
    .leftJoin(retiro, eq(retiro.idUsuario, anclasConfianza.idUsuarioRetiro))
    .orderBy(sql`${anclasConfianza.retirada} is not null`, asc(anclasConfianza.sujeto), desc(anclasConfianza.idAncla));
}
export type FilaAncla = Awaited<ReturnType<typeof listarAnclas>>[number];

export async function listarCrls(tx: Tx) {
  return tx
    .select({
      idCrl: crlsConfianza.idCrl,
      emisor: crlsConfianza.emisor,
      emitida: crlsConfianza.emitida,
      proxima: crlsConfianza.proxima,
      sha256: crlsConfianza.sha256,
      actualizada: crlsConfianza.actualizada,
      actualizadaPor: usuarios.usuario,
      retirada: crlsConfianza.retirada,
    })
    .from(crlsConfianza)
    .leftJoin(usuarios, eq(usuarios.idUsuario, crlsConfianza.idUsuario))
    .orderBy(sql`${crlsConfianza.retirada} is not null`, asc(crlsConfianza.emisor), desc(crlsConfianza.idCrl));
}
export type FilaCrl = Awaited<ReturnType<typeof listarCrls>>[number];

/** The DER of the anchors and CRLs in use (not retired), as the engine takes them. */
export async function anclasActivas(tx: Tx): Promise<Buffer[]> {
  const filas = await tx
    .select({ der: anclasConfianza.der })
    .from(anclasConfianza)
    .where(isNull(anclasConfianza.retirada));
  return filas.map((f) => f.der);
}

export async function crlsActivas(tx: Tx): Promise<Buffer[]> {
  const filas = await tx.select({ der: crlsConfianza.der }).from(crlsConfianza).where(isNull(crlsConfianza.retirada));
  return filas.map((f) => f.der);
}

export async function anclaActivaPorSha(tx: Tx, sha256: string) {
  const [f] = await tx
    .select({ idAncla: anclasConfianza.idAncla })
    .from(anclasConfianza)
    .where(and(eq(anclasConfianza.sha256, sha256), isNull(anclasConfianza.retirada)));
  return f ?? null;
}

export async function insertarAncla(tx: Tx, v: typeof anclasConfianza.$inferInsert): Promise<number> {
  const [f] = await tx.insert(anclasConfianza).values(v).returning({ idAncla: anclasConfianza.idAncla });
  return f.idAncla;
}

export async function ancla(tx: Tx, idAncla: number) {
  const [f] = await tx.select().from(anclasConfianza).where(eq(anclasConfianza.idAncla, idAncla));
  return f ?? null;
}

export async function retirarAncla(tx: Tx, idAncla: number, idUsuario: number, cuando: Date): Promise<boolean> {
  const r = await tx
    .update(anclasConfianza)
    .set({ retirada: cuando, idUsuarioRetiro: idUsuario })
    .where(and(eq(anclasConfianza.idAncla, idAncla), isNull(anclasConfianza.retirada)))
    .returning({ idAncla: anclasConfianza.idAncla });
  return r.length > 0;
}

export async function crlActivaDe(tx: Tx, emisor: string) {
  const [f] = await tx
    .select()
    .from(crlsConfianza)
    .where(and(eq(crlsConfianza.emisor, emisor), isNull(crlsConfianza.retirada)))
    .for("update");
  return f ?? null;
}

export async function crl(tx: Tx, idCrl: number) {
  const [f] = await tx.select().from(crlsConfianza).where(eq(crlsConfianza.idCrl, idCrl));
  return f ?? null;
}

export async function insertarCrl(tx: Tx, v: typeof crlsConfianza.$inferInsert): Promise<number> {
  const [f] = await tx.insert(crlsConfianza).values(v).returning({ idCrl: crlsConfianza.idCrl });
  return f.idCrl;
}

/** A newer list of the same issuer replaces the row's content: its last update is now. */
export async function actualizarCrl(tx: Tx, idCrl: number, v: Partial<typeof crlsConfianza.$inferInsert>) {
  await tx.update(crlsConfianza).set(v).where(eq(crlsConfianza.idCrl, idCrl));
}

export async function retirarCrl(tx: Tx, idCrl: number, idUsuario: number, cuando: Date): Promise<boolean> {
  const r = await tx
    .update(crlsConfianza)
    .set({ retirada: cuando, idUsuarioRetiro: idUsuario })
    .where(and(eq(crlsConfianza.idCrl, idCrl), isNull(crlsConfianza.retirada)))
    .returning({ idCrl: crlsConfianza.idCrl });
  return r.length > 0;
}

export async function listarConjuntas(tx: Tx) {
  return tx
    .select({
      idInstitucion: firmasConjuntas.idInstitucion,
      institucion: instituciones.nombre,
      idFirma: firmasConjuntas.idFirma,
      firma: firmas.firma,
      minimo: firmasConjuntas.minimo,
    })
    .from(firmasConjuntas)
    .innerJoin(instituciones, eq(instituciones.idInstitucion, firmasConjuntas.idInstitucion))
    .innerJoin(firmas, eq(firmas.idFirma, firmasConjuntas.idFirma))
    .orderBy(asc(instituciones.nombre), asc(firmas.firma));
}

export async function conjunta(tx: Tx, idInstitucion: number, idFirma: number) {
  const [f] = await tx
    .select({ minimo: firmasConjuntas.minimo })
    .from(firmasConjuntas)
    .where(and(eq(firmasConjuntas.idInstitucion, idInstitucion), eq(firmasConjuntas.idFirma, idFirma)));
  return f ?? null;
}

export async function guardarConjunta(
  tx: Tx,
  idInstitucion: number,
  idFirma: number,
  minimo: number,
  idUsuario: number,
) {
  await tx
    .insert(firmasConjuntas)
    .values({ idInstitucion, idFirma, minimo, idUsuario })
    .onConflictDoUpdate({
      target: [firmasConjuntas.idInstitucion, firmasConjuntas.idFirma],
      set: { minimo, idUsuario, actualizada: sql`now()` },
    });
}

export async function eliminarConjunta(tx: Tx, idInstitucion: number, idFirma: number): Promise<boolean> {
  const r = await tx
    .delete(firmasConjuntas)
    .where(and(eq(firmasConjuntas.idInstitucion, idInstitucion), eq(firmasConjuntas.idFirma, idFirma)))
    .returning({ minimo: firmasConjuntas.minimo });
  return r.length > 0;
}

export async function ajuste(tx: Tx, clave: string): Promise<string | null> {
  const [f] = await tx
    .select({ valor: documentosAjustes.valor })
    .from(documentosAjustes)
    .where(eq(documentosAjustes.clave, clave));
  return f?.valor ?? null;
}

export async function guardarAjuste(tx: Tx, clave: string, valor: string, idUsuario: number) {
  await tx
    .insert(documentosAjustes)
    .values({ clave, valor, idUsuario })
    .onConflictDoUpdate({ target: documentosAjustes.clave, set: { valor, idUsuario, actualizado: sql`now()` } });
}

export async function nombreInstitucion(tx: Tx, idInstitucion: number): Promise<string | null> {
  const [f] = await tx
    .select({ nombre: instituciones.nombre })
    .from(instituciones)
    .where(eq(instituciones.idInstitucion, idInstitucion));
  return f?.nombre ?? null;
}

/** The joint-signature rule for an institution: for one signature, or the strictest of its rules. */
export async function minimoConjunto(tx: Tx, idInstitucion: number, idFirma: number | null): Promise<number | null> {
  const [f] = await tx
    .select({ minimo: sql<number | null>`max(${firmasConjuntas.minimo})::int` })
    .from(firmasConjuntas)
    .where(
      idFirma === null
        ? eq(firmasConjuntas.idInstitucion, idInstitucion)
        : and(eq(firmasConjuntas.idInstitucion, idInstitucion), eq(firmasConjuntas.idFirma, idFirma)),
    );
  return f?.minimo ?? null;
}
